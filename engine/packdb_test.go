package engine_test

import (
	"database/sql"
	"testing"

	"waymark/engine/pack"
	"waymark/internal/testpacks"
)

// packDB returns a read-only handle on the database of pk.
func packDB(tb testing.TB, pk *pack.Pack) *sql.DB { return testpacks.DB(tb, pk.Path) }
