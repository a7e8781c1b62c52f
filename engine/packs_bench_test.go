package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

var andorraArea = area{"andorra", orb.Point{1.45, 42.45}, orb.Point{1.65, 42.60}}

// threeRegions names the three extracts' packs served together.
var threeRegions = []string{"liechtenstein", "monaco", "andorra"}

// packsQuery is one request of BenchmarkPacks, run on an engine.
type packsQuery func(e *engine.Engine, i int) error

// packsQueries makes 200 seeded requests of a service inside area a.
func packsQueries(service string, a area, prof route.Profile) packsQuery {
	rng := rand.New(rand.NewPCG(5, 5))
	pts := make([]orb.Point, 400)
	for i := range pts {
		pts[i] = randomPoint(rng, a)
	}
	ctx := context.Background()
	switch service {
	case "route":
		return func(e *engine.Engine, i int) error {
			k := i % 200
			_, err := e.Directions(ctx, engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof,
				Coordinates: pts[2*k : 2*k+2]}})
			return err
		}
	case "table":
		return func(e *engine.Engine, i int) error {
			k := i % 40
			_, err := e.Table(ctx, engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: prof,
				Coordinates: pts[10*k : 10*k+10]}})
			return err
		}
	default: // reverse
		return func(e *engine.Engine, i int) error {
			_, err := e.Reverse(ctx, engine.ReverseRequest{Point: pts[i%len(pts)], Zoom: 18})
			if err == engine.ErrNotFound {
				return nil
			}
			return err
		}
	}
}

// BenchmarkPacks: routes (driving and walking), 10×10 tables and reverse
// answers inside each pack, served alone (packs=1) and with the other
// extracts' packs (packs=3; target ≤ 1.1× alone). The packs=3 rows time
// the pack alone and the three packs in turn, request by request, and
// report the ratio of their p50s (×alone), so that the machine's load
// weighs on both alike.
func BenchmarkPacks(b *testing.B) {
	ctx := context.Background()
	alone := map[string]*engine.Engine{}
	for _, a := range []area{liArea, monacoArea, andorraArea} {
		alone[a.pack] = openPack(b, a.pack)
	}
	three := openPacks(b, threeRegions...)
	for _, e := range append([]*engine.Engine{three}, alone["liechtenstein"], alone["monaco"], alone["andorra"]) {
		if err := e.WarmPlaces(ctx); err != nil {
			b.Fatal(err)
		}
	}
	type svc struct {
		name string
		prof route.Profile
	}
	for _, s := range []svc{{"route", route.Driving}, {"route", route.Walking}, {"table", route.Driving}, {"reverse", route.Driving}} {
		for _, a := range []area{liArea, monacoArea, andorraArea} {
			name := s.name
			if s.name != "reverse" {
				name += "/" + s.prof.String()
			}
			q := packsQueries(s.name, a, s.prof)
			b.Run(fmt.Sprintf("%s/%s/packs=1", name, a.pack), func(b *testing.B) {
				benchEngines(b, q, alone[a.pack], nil, "")
			})
			b.Run(fmt.Sprintf("%s/%s/packs=3", name, a.pack), func(b *testing.B) {
				benchEngines(b, q, three, alone[a.pack], "×alone")
			})
		}
	}
}

// benchEngines times q on e, and on base in turn when base is not nil,
// reporting e's p50 and p99 and, with base, the ratio of e's p50 to
// base's (the metric ratio: "×alone", "×merged").
func benchEngines(b *testing.B, q packsQuery, e, base *engine.Engine, ratio string) {
	for i := 0; i < 20; i++ { // warm both
		if err := q(e, i); err != nil && !isRouteMiss(err) {
			b.Fatal(err)
		}
		if base != nil {
			_ = q(base, i)
		}
	}
	var lat, baseLat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// in turn, each first every other time: the second of two runs of
		// one request finds the pages the first touched (the engines map
		// the same images)
		if base != nil && i%2 == 0 {
			baseLat.Time(func() { _ = q(base, i) })
		}
		lat.Time(func() { _ = q(e, i) })
		if base != nil && i%2 == 1 {
			baseLat.Time(func() { _ = q(base, i) })
		}
	}
	b.StopTimer()
	lat.Report(b)
	if base != nil {
		b.ReportMetric(float64(lat.Percentile(50))/float64(baseLat.Percentile(50)), ratio)
	}
}

// isRouteMiss reports whether err is a routing answer (no route, no
// segment) rather than a failure.
func isRouteMiss(err error) bool {
	return err != nil && (errors.Is(err, route.ErrNoRoute) || errors.Is(err, route.ErrNoSegment))
}

// tilesN is the number of tiles of the 10-pack benchmarks and tests.
const tilesN = 10

// tileArea is liArea in copy k of the tiling (tile_extract.py's layout:
// copy k at column k%4, row k/4, shifted by the box's size plus 0.02°).
func tileArea(k int) area {
	dx, dy := float64(k%4)*0.32, float64(k/4)*0.32
	return area{fmt.Sprintf("tile%d", k), orb.Point{liArea.min[0] + dx, liArea.min[1] + dy}, orb.Point{liArea.max[0] + dx, liArea.max[1] + dy}}
}

// BenchmarkTilePacks: as BenchmarkPacks with the ten tiles of a tiling of
// LI, each imported alone (testpacks.Tiles), served together (packs=10;
// target ≤ 1.2× the tile alone): driving routes in every tile, walking
// routes, tables and reverse in three of them.
func BenchmarkTilePacks(b *testing.B) {
	paths := testpacks.Tiles(b, tilesN)
	ctx := context.Background()
	all, err := engine.Open(paths...)
	if err != nil {
		b.Fatal(err)
	}
	defer all.Close()
	if err := all.WarmPlaces(ctx); err != nil {
		b.Fatal(err)
	}
	all.WarmRouting()
	alone := func(k int) *engine.Engine {
		e, err := engine.Open(paths[k])
		if err != nil {
			b.Fatal(err)
		}
		if err := e.WarmPlaces(ctx); err != nil {
			b.Fatal(err)
		}
		return e
	}
	type svc struct {
		name  string
		prof  route.Profile
		tiles []int
	}
	for _, s := range []svc{{"route", route.Driving, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}, {"route", route.Walking, []int{0, 5, 9}},
		{"table", route.Driving, []int{0, 5, 9}}, {"reverse", route.Driving, []int{0, 5, 9}}} {
		for _, k := range s.tiles {
			name := s.name
			if s.name != "reverse" {
				name += "/" + s.prof.String()
			}
			q := packsQueries(s.name, tileArea(k), s.prof)
			one := alone(k)
			b.Run(fmt.Sprintf("%s/tile%d/packs=1", name, k), func(b *testing.B) { benchEngines(b, q, one, nil, "") })
			b.Run(fmt.Sprintf("%s/tile%d/packs=%d", name, k, tilesN), func(b *testing.B) { benchEngines(b, q, all, one, "×alone") })
			one.Close()
		}
	}
}

// TestRoutesAcrossTiles: the ten tiles, each imported alone, route
// between tiles (through one or several others, on their connector
// roads) as the pack of the whole tiled extract does: durations and
// distances within 1%; every tile alone answers inside it as the ten do.
func TestRoutesAcrossTiles(t *testing.T) {
	if testing.Short() {
		t.Skip("imports ten tiles of LI and their whole extract")
	}
	paths := testpacks.Tiles(t, tilesN)
	whole, err := engine.Open(testpacks.TiledWhole(t, tilesN))
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	tiles, err := engine.Open(paths...)
	if err != nil {
		t.Fatal(err)
	}
	defer tiles.Close()
	ctx := context.Background()
	seed := uint64(43)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 5))
	compared, worst := 0, 0.0
	for n := 0; n < 40; n++ {
		a, c := rng.IntN(tilesN), rng.IntN(tilesN)
		pts := []orb.Point{randomPoint(rng, tileArea(a)), randomPoint(rng, tileArea(c))}
		for _, prof := range route.Profiles {
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts}}
			want, werr := whole.Directions(ctx, req)
			got, gerr := tiles.Directions(ctx, req)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s tile %d→%d %v: tiles err %v, whole err %v", prof, a, c, pts, gerr, werr)
			}
			if werr != nil {
				continue
			}
			w, g := want.Routes[0], got.Routes[0]
			d := math.Max(math.Abs(g.Duration-w.Duration)/w.Duration, math.Abs(g.Distance-w.Distance)/math.Max(w.Distance, 1))
			worst = math.Max(worst, d)
			if d > 0.01 {
				t.Errorf("%s tile %d→%d %v: tiles %.1f s %.1f m, whole %.1f s %.1f m", prof, a, c, pts, g.Duration, g.Distance, w.Duration, w.Distance)
			}
			compared++
		}
	}
	t.Logf("%d routes compared, worst difference %.3f%%", compared, 100*worst)
	if compared < 60 {
		t.Errorf("only %d routes compared", compared)
	}
	// inside one tile, the ten answer as that tile alone
	for _, k := range []int{0, 5, 9} {
		alone, err := engine.Open(paths[k])
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 20; n++ {
			pts := []orb.Point{randomPoint(rng, tileArea(k)), randomPoint(rng, tileArea(k))}
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: route.Profiles[n%2], Coordinates: pts}}
			want, werr := alone.Directions(ctx, req)
			got, gerr := tiles.Directions(ctx, req)
			if (werr == nil) != (gerr == nil) || werr == nil && (got.Routes[0].Duration != want.Routes[0].Duration ||
				got.Waypoints[0].Location != want.Waypoints[0].Location || got.Waypoints[1].Location != want.Waypoints[1].Location) {
				t.Errorf("tile %d %v: ten tiles %v (%v), the tile alone %v (%v)", k, pts, got, gerr, want, werr)
			}
		}
		alone.Close()
	}
}

// BenchmarkCrossPacks: directions across the LI cut, by car and on foot,
// on its north and south packs served together (the route crosses from
// one into the other: route.Atlas) and on the pack of both parts, timed
// in turn request by request; the cross rows report the ratio of their
// p50s (×merged; target ≤ 1.5).
func BenchmarkCrossPacks(b *testing.B) {
	cut := testpacks.Cut(b)
	two, err := engine.Open(cut.North, cut.South)
	if err != nil {
		b.Fatal(err)
	}
	defer two.Close()
	two.WarmRouting()
	merged, err := engine.Open(cut.Merged)
	if err != nil {
		b.Fatal(err)
	}
	defer merged.Close()
	north := area{"", orb.Point{9.50, 47.20}, orb.Point{9.56, 47.23}}
	south := area{"", orb.Point{9.50, 47.06}, orb.Point{9.55, 47.12}}
	ctx := context.Background()
	for _, prof := range route.Profiles {
		rng := rand.New(rand.NewPCG(6, 6))
		reqs := make([]engine.DirectionsRequest, 200)
		for i := range reqs {
			pts := []orb.Point{randomPoint(rng, north), randomPoint(rng, south)}
			if i%2 == 1 {
				pts[0], pts[1] = pts[1], pts[0]
			}
			reqs[i] = engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts}}
		}
		q := func(e *engine.Engine, i int) error { _, err := e.Directions(ctx, reqs[i%len(reqs)]); return err }
		b.Run(prof.String()+"/merged", func(b *testing.B) { benchEngines(b, q, merged, nil, "") })
		b.Run(prof.String()+"/cross", func(b *testing.B) { benchEngines(b, q, two, merged, "×merged") })
	}
}
