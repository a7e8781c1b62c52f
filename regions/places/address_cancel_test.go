package places

import (
	"context"
	"errors"
	"testing"

	"github.com/paulmach/orb"
)

// TestInheritBuildingAddressesCancels: the pass over every place that
// gives POIs their building's address stops when the import is cancelled
// (it ran its country-sized loops to the end: Ctrl-C was ignored for 40 s
// at LI ×400).
func TestInheritBuildingAddressesCancels(t *testing.T) {
	poi := &placeKind{class: "amenity", typ: "cafe"}
	b := &placeBuilder{leaves: &placeSpill{}} // no leaves: every place in memory
	for i := range 10000 {
		b.places = append(b.places, &place{kind: poi, osmType: 'N', osmID: int64(i + 1), rankSearch: 30, rankAddress: 30,
			centroid: orb.Point{9.5 + float64(i)*1e-5, 47.1}})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b.inheritBuildingAddresses(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("inheritBuildingAddresses(cancelled) = %v, want context.Canceled", err)
	}
	if err := b.inheritBuildingAddresses(context.Background()); err != nil {
		t.Fatalf("inheritBuildingAddresses = %v", err)
	}
}
