package geocode_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"waymark/engine"
	"waymark/internal/testpacks"
)

// packDB returns a read-only handle on the database of pk.
func packDB(tb testing.TB, pk *engine.Pack) *sql.DB { return testpacks.DB(tb, pk.Path) }

// olderCopy copies the pack at src into a temporary file and runs script
// on the copy (which turns it into the layout of an older format); it
// returns the copy's path and a writable handle on it.
func olderCopy(t *testing.T, src, script string) (string, *sql.DB) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "older.waymark")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(script); err != nil {
		t.Fatal(err)
	}
	return path, db
}

// column returns the first column of every row of query q on db.
func column[T any](t *testing.T, db *sql.DB, q string) []T {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
