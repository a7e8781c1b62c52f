// Package stagefixture builds a pack of one import stage from an OSM
// fixture, for the stage packages' tests (apart from regions/internal/
// fixture, which packwrite's own tests import: this one imports packwrite).
package stagefixture

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the packs' driver

	"waymark/regions/internal/fixture"
	"waymark/regions/packwrite"
	"waymark/regions/stage"
)

// Build writes body as an extract, builds a pack of st alone from it and
// opens the pack read-only (closed when t ends).
func Build(t testing.TB, body string, st stage.Stage) (*sql.DB, *stage.Summary) {
	t.Helper()
	in := fixture.Write(t, body)
	out := filepath.Join(filepath.Dir(in), "fixture.waymark")
	sum, err := packwrite.Build(context.Background(), in, out, packwrite.Options{Stages: []stage.Stage{st}})
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	db, err := sql.Open("sqlite3", "file:"+out+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, sum
}
