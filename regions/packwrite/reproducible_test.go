package packwrite

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"waymark/engine/route"
	"waymark/internal/testregions"
	"waymark/regions/internal/fixture"
	"waymark/regions/places"
	"waymark/regions/roads"
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
		sums[i] = fixture.Checksums(t, out)
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

// TestRoadsReproducible builds the graphs of the Monaco extract twice, the
// three profiles at once: graph_parts, whose rows the pack's checksum reads
// in insertion order, is the same, its rows in profile order
// (route.Profiles) then part order whichever graph is done first; every
// table but meta and graphs (build_ms) has the same checksum.
func TestRoadsReproducible(t *testing.T) {
	src := testregions.Extract(t, "monaco")
	sums := make([]map[string]string, 2)
	for i := range sums {
		out := filepath.Join(t.TempDir(), "mc.waymark")
		if _, err := Build(context.Background(), src, out, Options{Stages: []stage.Stage{roads.RoadsStage()}}); err != nil {
			t.Fatal(err)
		}
		sums[i] = fixture.Checksums(t, out)
		var got []string
		db, err := sql.Open("sqlite3", "file:"+out+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query(`SELECT profile, part FROM graph_parts ORDER BY rowid`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var profile string
			var part int
			if err := rows.Scan(&profile, &part); err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("%s %d", profile, part))
		}
		rows.Close()
		db.Close()
		want := slices.Clone(got)
		rank := func(s string) int {
			return slices.IndexFunc(route.Profiles, func(p route.Profile) bool { return strings.HasPrefix(s, p.String()+" ") })
		}
		slices.SortStableFunc(want, func(a, b string) int { return cmp.Compare(rank(a), rank(b)) })
		if len(got) < len(route.Profiles) || !slices.Equal(got, want) {
			t.Errorf("build %d: graph_parts rows %v, want profile order %v", i, got, want)
		}
	}
	for name, sum := range sums[0] {
		if name != "meta" && name != "graphs" && sums[1][name] != sum {
			t.Errorf("table %s differs between two builds of the same extract", name)
		}
	}
}
