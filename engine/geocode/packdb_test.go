package geocode_test

import (
	"database/sql"
	"sync"
	"testing"

	"waymark/engine"
)

var (
	packDBMu sync.Mutex
	packDBs  = map[string]*sql.DB{}
)

// packDB returns a read-only handle on the database of pk, opened once per
// test binary (the engine keeps its own handle to itself).
func packDB(tb testing.TB, pk *engine.Pack) *sql.DB {
	tb.Helper()
	packDBMu.Lock()
	defer packDBMu.Unlock()
	if db := packDBs[pk.Path]; db != nil {
		return db
	}
	db, err := sql.Open("sqlite3", "file:"+pk.Path+"?mode=ro&immutable=1&_query_only=1")
	if err != nil {
		tb.Fatal(err)
	}
	packDBs[pk.Path] = db
	return db
}
