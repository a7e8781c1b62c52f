package testpacks

import (
	"database/sql"
	"sync"
	"testing"

	_ "github.com/mattn/go-sqlite3" // SQLite driver
)

var (
	dbMu sync.Mutex
	dbs  = map[string]*sql.DB{}
)

// DB returns a read-only handle on the pack database at path, opened once
// per test binary: tests that query a pack's tables directly use it (the
// engine keeps its own handle to itself).
func DB(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	dbMu.Lock()
	defer dbMu.Unlock()
	if db := dbs[path]; db != nil {
		return db
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&immutable=1&_query_only=1")
	if err != nil {
		tb.Fatal(err)
	}
	dbs[path] = db
	return db
}
