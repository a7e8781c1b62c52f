package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

var (
	vaduz  = orb.Point{9.5209, 47.1410}
	monaco = orb.Point{7.4167, 43.7311}
	// outside: farther than DefaultReach from every pack's roads
	outside = []struct {
		name string
		pt   orb.Point
	}{
		{"sea off Monaco", orb.Point{7.55, 43.20}}, // ~60 km south of the coast
		{"Tokyo", orb.Point{139.6917, 35.6895}},
		{"between LI and its Alabama area", orb.Point{-30, 40}},
	}
)

// TestDisjointRegionsNoRoute: Vaduz → Monaco with both packs open answers
// NoRoute naming both regions (it used to snap Monaco onto a road in
// Liechtenstein, 403 km away, and answer a 12 km route), in either order
// and whichever pack opens first; each point snaps in its own pack.
func TestDisjointRegionsNoRoute(t *testing.T) {
	ctx := context.Background()
	for _, order := range [][]string{{"liechtenstein", "monaco"}, {"monaco", "liechtenstein", "andorra"}} {
		e := openPacks(t, order...)
		for _, pts := range [][]orb.Point{{vaduz, monaco}, {monaco, vaduz}} {
			for _, prof := range route.Profiles {
				req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts}}
				res, err := e.Directions(ctx, req)
				var de *engine.DisjointError
				if !errors.As(err, &de) || !errors.Is(err, route.ErrNoRoute) {
					t.Fatalf("%v %s Directions(%v) = %v, %v; want a DisjointError", order, prof, pts, res, err)
				}
				msg := err.Error()
				if !strings.Contains(msg, "liechtenstein") || !strings.Contains(msg, "monaco") {
					t.Errorf("%v Directions(%v) error %q does not name both regions", order, pts, msg)
				}
			}
			// each coordinate snaps where it is: a table has no route
			// between them, and both waypoints lie within meters of the input
			tab, err := e.Table(ctx, engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: pts}})
			if err != nil {
				t.Fatalf("%v Table(%v): %v", order, pts, err)
			}
			if !math.IsNaN(tab.Durations[0][1]) || !math.IsNaN(tab.Durations[1][0]) || tab.Durations[0][0] != 0 {
				t.Errorf("%v Table(%v) = %v, want no route between the regions", order, pts, tab.Durations)
			}
			for i, w := range tab.Sources {
				if w.Distance > 500 {
					t.Errorf("%v Table(%v): coordinate %d snapped %.0f m away, at %v", order, pts, i, w.Distance, w.Location)
				}
			}
			// a trip cannot visit both
			_, err = e.Optimize(ctx, engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: pts}, Roundtrip: true})
			if !errors.Is(err, engine.ErrNoTrips) {
				t.Errorf("%v Optimize(%v) err = %v, want ErrNoTrips", order, pts, err)
			}
		}
	}
}

// TestOutsideRegions: a coordinate farther than the reach from every
// pack's roads answers NoSegment (ErrOutsideRegions, naming it) for
// directions, tables, trips, matching and nearest, and nothing for
// reverse; one within reach but covered by no pack snaps in the nearest
// pack (a point 10 km off Monaco snaps onto its coast).
func TestOutsideRegions(t *testing.T) {
	ctx := context.Background()
	e := openPacks(t, "liechtenstein", "monaco", "andorra")
	e.WarmRouting()
	for _, o := range outside {
		pts := []orb.Point{monaco, o.pt}
		sr := engine.SnapRequest{Profile: route.Driving, Coordinates: pts}
		calls := map[string]error{}
		_, calls["directions"] = e.Directions(ctx, engine.DirectionsRequest{SnapRequest: sr})
		_, calls["table"] = e.Table(ctx, engine.TableRequest{SnapRequest: sr})
		_, calls["trip"] = e.Optimize(ctx, engine.OptimizeRequest{SnapRequest: sr, Roundtrip: true})
		_, calls["match"] = e.Match(ctx, engine.MatchRequest{Profile: route.Driving, Coordinates: pts})
		_, calls["nearest"] = e.Nearest(ctx, engine.NearestRequest{Profile: route.Driving, Coordinate: o.pt, Number: 1})
		for name, err := range calls {
			var se *engine.SnapError
			if !errors.Is(err, engine.ErrOutsideRegions) || !errors.Is(err, route.ErrNoSegment) || !errors.As(err, &se) {
				t.Errorf("%s: %s err = %v, want a SnapError wrapping ErrOutsideRegions", o.name, name, err)
				continue
			}
			if want := map[bool]int{true: 0, false: 1}[name == "nearest"]; se.Index != want {
				t.Errorf("%s: %s names coordinate %d, want %d", o.name, name, se.Index, want)
			}
		}
		if p, err := e.Reverse(ctx, engine.ReverseRequest{Point: o.pt, Zoom: 18}); !errors.Is(err, engine.ErrNotFound) {
			t.Errorf("%s: Reverse = %v, %v; want ErrNotFound", o.name, p, err)
		}
		if got, err := e.Nearby(ctx, engine.NearbyQuery{Point: o.pt, Radius: 1000, Limit: 5}); err != nil || len(got) != 0 {
			t.Errorf("%s: Nearby = %d places, %v; want none", o.name, len(got), err)
		}
	}
	off := orb.Point{7.43, 43.64} // ~10 km south of Monaco
	wps, err := e.Nearest(ctx, engine.NearestRequest{Profile: route.Driving, Coordinate: off, Number: 1})
	if err != nil || wps[0].Location[1] < 43.7 || wps[0].Location[0] > 7.6 {
		t.Errorf("Nearest(%v) = %v, %v; want a road of Monaco's coast", off, wps, err)
	}
	// a smaller reach puts it outside
	near, err := engine.OpenWith(engine.Options{Reach: 5000}, e.Packs()[1].Path)
	if err != nil {
		t.Fatal(err)
	}
	defer near.Close()
	if _, err := near.Nearest(ctx, engine.NearestRequest{Profile: route.Driving, Coordinate: off, Number: 1}); !errors.Is(err, engine.ErrOutsideRegions) {
		t.Errorf("reach 5 km: Nearest(%v) err = %v, want ErrOutsideRegions", off, err)
	}
}

// TestRoutesAcrossPacks: the north and south packs of the LI cut
// (testpacks.Cut), opened together, route across the cut both ways, by
// car and on foot, as the pack of both parts does (durations and
// distances within 1%, steps in every leg); tables across them equal its
// tables within 1%.
func TestRoutesAcrossPacks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the LI cut packs")
	}
	cut := testpacks.Cut(t)
	two, err := engine.Open(cut.North, cut.South)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	merged, err := engine.Open(cut.Merged)
	if err != nil {
		t.Fatal(err)
	}
	defer merged.Close()
	ctx := context.Background()
	seed := uint64(41)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 4))
	north := area{"", orb.Point{9.50, 47.20}, orb.Point{9.56, 47.23}}
	south := area{"", orb.Point{9.50, 47.06}, orb.Point{9.55, 47.12}}
	compared, worst := 0, 0.0
	within := func(what string, got, want float64) {
		if d := math.Abs(got-want) / math.Max(want, 1); d > worst {
			worst = d
		}
		if math.Abs(got-want) > 0.01*want+0.5 {
			t.Errorf("%s = %.1f, merged pack %.1f", what, got, want)
		}
	}
	for k := 0; k < 30; k++ {
		pts := []orb.Point{randomPoint(rng, north), randomPoint(rng, south)}
		if k%2 == 1 {
			pts[0], pts[1] = pts[1], pts[0]
		}
		for _, prof := range route.Profiles {
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts},
				Options: route.RouteOptions{Output: route.Output{Steps: true}}}
			want, werr := merged.Directions(ctx, req)
			got, gerr := two.Directions(ctx, req)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s %v: two packs err %v, merged err %v", prof, pts, gerr, werr)
			}
			if werr != nil {
				continue
			}
			w, g := want.Routes[0], got.Routes[0]
			within(prof.String()+" duration", g.Duration, w.Duration)
			within(prof.String()+" distance", g.Distance, w.Distance)
			if len(g.Legs[0].Steps) < 2 || g.Legs[0].Steps[len(g.Legs[0].Steps)-1].Maneuver.Type != route.Arrive {
				t.Errorf("%s %v: steps %v", prof, pts, g.Legs[0].Steps)
			}
			compared++
		}
	}
	// a table of points on both sides
	var pts []orb.Point
	for k := 0; k < 4; k++ {
		pts = append(pts, randomPoint(rng, north), randomPoint(rng, south))
	}
	treq := engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: pts}, Distances: true}
	want, err1 := merged.Table(ctx, treq)
	got, err2 := two.Table(ctx, treq)
	if err1 != nil || err2 != nil {
		t.Fatalf("Table: %v / merged %v", err2, err1)
	}
	for i := range pts {
		for j := range pts {
			within("table duration", got.Durations[i][j], want.Durations[i][j])
			within("table distance", got.Distances[i][j], want.Distances[i][j])
		}
	}
	trip, err := two.Optimize(ctx, engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: pts}, Roundtrip: true})
	if err != nil || len(trip.Trips[0].Legs) != len(pts) {
		t.Errorf("Optimize across the packs: %v", err)
	}
	t.Logf("%d routes compared, worst difference %.3f%%", compared, 100*worst)
	if compared < 50 {
		t.Errorf("only %d routes compared", compared)
	}
}

// TestSearchAcrossOverlappingPacks: over the two packs of the LI cut,
// which share the places of their overlap, search lists each OSM object
// once and ranks by one score: the best result scores as the merged
// pack's best does, and is one of the merged pack's best.
func TestSearchAcrossOverlappingPacks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the LI cut packs")
	}
	cut := testpacks.Cut(t)
	two, err := engine.Open(cut.North, cut.South)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	merged, err := engine.Open(cut.Merged)
	if err != nil {
		t.Fatal(err)
	}
	defer merged.Close()
	ctx := context.Background()
	for _, q := range []string{"Schaan", "Vaduz", "Rathaus", "Post", "Landstrasse", "Schule"} {
		got, err1 := two.Search(ctx, engine.SearchRequest{Query: q, Limit: 10})
		want, err2 := merged.Search(ctx, engine.SearchRequest{Query: q, Limit: 10})
		if err1 != nil || err2 != nil || len(got) == 0 || len(want) == 0 {
			t.Fatalf("Search(%q) = %d, %v; merged %d, %v", q, len(got), err1, len(want), err2)
		}
		seen := map[string]bool{}
		for _, p := range got {
			k := fmt.Sprintf("%s%d %s=%s", p.OSMType, p.OSMID, p.Class, p.Type)
			if seen[k] {
				t.Errorf("Search(%q) lists %s twice", q, k)
			}
			seen[k] = true
		}
		if math.Abs(got[0].Score-want[0].Score) > 1e-9 {
			t.Errorf("Search(%q)[0] = %s%d scores %.4f, merged pack's best %.4f", q, got[0].OSMType, got[0].OSMID, got[0].Score, want[0].Score)
		}
		found := false
		for _, w := range want {
			found = found || w.OSMType == got[0].OSMType && w.OSMID == got[0].OSMID && w.Score == got[0].Score
		}
		if !found {
			t.Errorf("Search(%q)[0] = %s%d is not among the merged pack's best", q, got[0].OSMType, got[0].OSMID)
		}
	}
}
