package packwrite_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

// TestMergedExtractsRouteAsOne: LI cut into a north and a south part that
// overlap by ~4 km (testpacks.Cut), imported together, routes across the cut exactly as
// the pack of the single file.
func TestMergedExtractsRouteAsOne(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an LI pack from two parts")
	}
	ctx := context.Background()
	merged := testpacks.Cut(t).Merged
	one, err := engine.Open(testpacks.Path(t, "liechtenstein"))
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	two, err := engine.Open(merged)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	seed := uint64(21)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	compared := 0
	for k := 0; k < 60; k++ {
		a := orb.Point{9.50 + rng.Float64()*0.06, 47.20 + rng.Float64()*0.03} // north of the overlap
		b := orb.Point{9.50 + rng.Float64()*0.05, 47.06 + rng.Float64()*0.06} // south of it
		for _, prof := range route.Profiles {
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: []orb.Point{a, b}}}
			want, werr := one.Directions(ctx, req)
			got, gerr := two.Directions(ctx, req)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s %v→%v: merged err %v, single err %v", prof, a, b, gerr, werr)
			}
			if werr != nil {
				continue
			}
			w, g := want.Routes[0], got.Routes[0]
			if w.Duration != g.Duration || w.Distance != g.Distance {
				t.Errorf("%s %v→%v: merged pack %.1f s %.1f m, single-file pack %.1f s %.1f m", prof, a, b, g.Duration, g.Distance, w.Duration, w.Distance)
			}
			compared++
		}
	}
	if compared < 60 {
		t.Errorf("only %d routes compared", compared)
	}
	t.Logf("%d routes across the cut compared", compared)
}
