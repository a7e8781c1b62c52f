package packwrite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"waymark/internal/testregions"
	"waymark/regions/places"
	"waymark/regions/stage"
)

// TestPlacesReproducible builds the places of the LI extract twice: every
// table but meta (build id and time), the stored autocomplete index
// included, has the same checksum (pack.WriteChecksums), so a pack is a
// function of its input.
func TestPlacesReproducible(t *testing.T) {
	src := testregions.Extract(t, "liechtenstein")
	sums := make([]map[string]string, 2)
	for i := range sums {
		out := filepath.Join(t.TempDir(), "li.waymark")
		if _, err := Build(context.Background(), src, out, Options{Stages: []stage.Stage{places.PlacesStage()}}); err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("sqlite3", "file:"+out+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query(`SELECT name, sha256 FROM pack_checksums`)
		if err != nil {
			t.Fatal(err)
		}
		sums[i] = map[string]string{}
		for rows.Next() {
			var name, sum string
			if err := rows.Scan(&name, &sum); err != nil {
				t.Fatal(err)
			}
			sums[i][name] = sum
		}
		rows.Close()
		db.Close()
	}
	if sums[0]["autocomplete"] == "" {
		t.Fatal("no checksum of the autocomplete table")
	}
	for name, sum := range sums[0] {
		if name != "meta" && sums[1][name] != sum {
			t.Errorf("table %s differs between two builds of the same extract", name)
		}
	}
}
