package engine_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

// openPacks opens the named packs in order in one engine.
func openPacks(tb testing.TB, names ...string) *engine.Engine {
	tb.Helper()
	paths := make([]string, len(names))
	for i, n := range names {
		paths[i] = testpacks.Path(tb, n)
	}
	e, err := engine.Open(paths...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { e.Close() })
	return e
}

// tenPacks is LI among nine packs that do not cover it.
var tenPacks = []string{"monaco", "andorra", "monaco", "andorra", "liechtenstein", "monaco", "andorra", "monaco", "andorra", "monaco"}

// TestPlanManyPacks: with several packs open, a request inside one pack
// gets exactly the answer of that pack alone (the pack choice is a lookup
// on coverage, and never changes which pack wins), for directions,
// nearest and tables, and a point between packs, within the engine's
// reach of one, snaps in the nearest (BenchmarkPacks and
// BenchmarkTilePacks time the packs together against each alone).
func TestPlanManyPacks(t *testing.T) {
	seed := uint64(7)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	alone := map[string]*engine.Engine{}
	for _, a := range []area{liArea, monacoArea} {
		alone[a.pack] = openPack(t, a.pack)
	}
	many := openPacks(t, tenPacks...)
	ctx := context.Background()
	for _, a := range []area{liArea, monacoArea} {
		for _, prof := range route.Profiles {
			for k := 0; k < 40; k++ {
				pts := []orb.Point{randomPoint(rng, a), randomPoint(rng, a)}
				req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts}}
				want, werr := alone[a.pack].Directions(ctx, req)
				got, gerr := many.Directions(ctx, req)
				if (werr == nil) != (gerr == nil) {
					t.Fatalf("%s %s Directions(%v): err %v, want %v", a.pack, prof, pts, gerr, werr)
				}
				if werr != nil {
					continue
				}
				if got.Routes[0].Duration != want.Routes[0].Duration || got.Waypoints[0].Location != want.Waypoints[0].Location {
					t.Fatalf("%s %s Directions(%v) = %v s from %v, want %v s from %v", a.pack, prof, pts,
						got.Routes[0].Duration, got.Waypoints[0].Location, want.Routes[0].Duration, want.Waypoints[0].Location)
				}
				nreq := engine.NearestRequest{Profile: prof, Coordinate: pts[0], Number: 3}
				gn, err1 := many.Nearest(ctx, nreq)
				wn, err2 := alone[a.pack].Nearest(ctx, nreq)
				if err1 != nil || err2 != nil || fmt.Sprint(gn) != fmt.Sprint(wn) {
					t.Fatalf("%s %s Nearest(%v) = %v (%v), want %v (%v)", a.pack, prof, pts[0], gn, err1, wn, err2)
				}
			}
		}
	}
	// A radius that no pack reaches is ErrNoSegment, naming the coordinate.
	far := engine.SnapRequest{Profile: route.Driving, Coordinates: []orb.Point{{9.52, 47.14}, {0, 0}}, Radiuses: []float64{0, 1000}}
	if _, err := many.Plan(far); err == nil {
		t.Fatalf("Plan(%v) succeeded, want ErrNoSegment", far.Coordinates)
	}
	// Without a radius, a point between packs, within reach of Monaco's
	// roads (~48 km), snaps to the nearest pack.
	mid := engine.SnapRequest{Profile: route.Driving, Coordinates: []orb.Point{{8, 44}}}
	plan, err := many.Plan(mid)
	if err != nil || plan.Pack.Info.Name != alone[monacoArea.pack].Packs()[0].Info.Name {
		t.Fatalf("Plan(8,44) = %v, %v; want the Monaco pack", plan, err)
	}
}

// TestReverseManyPacks: with several packs open, reverse inside one pack
// answers exactly as that pack alone, at street and at city zoom.
func TestReverseManyPacks(t *testing.T) {
	seed := uint64(9)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	many := openPacks(t, tenPacks...)
	for _, a := range []area{liArea, monacoArea} {
		alone := openPack(t, a.pack)
		for k := 0; k < 60; k++ {
			req := engine.ReverseRequest{Point: randomPoint(rng, a), Zoom: []int{18, 10}[k%2]}
			want, werr := alone.Reverse(context.Background(), req)
			got, gerr := many.Reverse(context.Background(), req)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s Reverse(%v) err = %v, want %v", a.pack, req.Point, gerr, werr)
			}
			if werr != nil {
				continue
			}
			if got.OSMType != want.OSMType || got.OSMID != want.OSMID || got.Distance != want.Distance {
				t.Fatalf("%s Reverse(%v, zoom %d) = %s %d at %.1f m, want %s %d at %.1f m", a.pack, req.Point, req.Zoom,
					got.OSMType, got.OSMID, got.Distance, want.OSMType, want.OSMID, want.Distance)
			}
		}
	}
}
