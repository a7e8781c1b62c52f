package places_test

import (
	"context"
	"path/filepath"
	"testing"

	"waymark/internal/testregions"
	"waymark/regions/internal/fixture"
	"waymark/regions/packwrite"
	"waymark/regions/places"
	"waymark/regions/stage"
)

// TestLeafSpillSameTables builds LI's places with the houses and POIs
// spilled (as imports do) and held in memory: every table is the same.
func TestLeafSpillSameTables(t *testing.T) {
	src := testregions.Extract(t, "liechtenstein")
	var sums [2]map[string]string
	for k, keep := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "li.waymark")
		sum, err := packwrite.Build(context.Background(), src, out, packwrite.Options{Stages: []stage.Stage{places.StageKeepingLeaves(keep)}})
		if err != nil {
			t.Fatal(err)
		}
		if spilled := sum.Counts["houses and POIs spilled"]; (spilled == 0) != keep {
			t.Fatalf("keepLeaves %v: %d places spilled", keep, spilled)
		}
		sums[k] = fixture.Checksums(t, out)
	}
	if len(sums[0]) < 10 {
		t.Fatalf("only %d tables", len(sums[0]))
	}
	for name, sum := range sums[0] {
		if name != "meta" && sums[1][name] != sum {
			t.Errorf("table %s differs with the leaves spilled", name)
		}
	}
}
