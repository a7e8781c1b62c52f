package engine_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
)

// tableOf returns the duration table of the coordinates as Optimize sees it.
func tableOf(t *testing.T, e *engine.Engine, coords []orb.Point) [][]float64 {
	t.Helper()
	res, err := e.Table(context.Background(), engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: coords}})
	if err != nil {
		t.Fatal(err)
	}
	return res.Durations
}

// orderCost is the duration of visiting order on d (with the return leg
// for a roundtrip).
func orderCost(d [][]float64, order []int, roundtrip bool) float64 {
	s := 0.0
	for k := 1; k < len(order); k++ {
		s += d[order[k-1]][order[k]]
	}
	if roundtrip {
		s += d[order[len(order)-1]][order[0]]
	}
	return s
}

// bestOrder is the exhaustive optimum of OSRM's trip problem: the best
// cycle, or with both ends fixed the best path from the first to the last.
func bestOrder(d [][]float64, fixed bool) float64 {
	n := len(d)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := math.Inf(1)
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			if fixed && perm[n-1] != n-1 {
				return
			}
			if v := orderCost(d, perm, !fixed); v < best {
				best = v
			}
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	// Stop 0 first: cycles are rotation-free and fixed paths start there.
	rec(1)
	return best
}

func TestOptimizeExactOnPack(t *testing.T) {
	e := openPack(t, "liechtenstein")
	seed := testSeed(t)
	rng := rand.New(rand.NewPCG(seed, 3))
	for _, n := range []int{3, 5, 7, 9} {
		for _, fixed := range []bool{false, true} {
			coords := make([]orb.Point, n)
			for i := range coords {
				coords[i] = randomPoint(rng, liArea)
			}
			req := engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: coords}, Roundtrip: !fixed, FixedSource: fixed, FixedDestination: fixed}
			res, err := e.Optimize(context.Background(), req)
			if err != nil {
				t.Fatalf("seed %d n=%d: Optimize: %v", seed, n, err)
			}
			d := tableOf(t, e, coords)
			got := orderCost(d, res.Order, !fixed)
			want := bestOrder(d, fixed)
			if math.Abs(got-want) > 0.05 {
				t.Errorf("seed %d n=%d fixed=%v: trip %.1f s, exhaustive optimum %.1f s (order %v)", seed, n, fixed, got, want, res.Order)
			}
			legs := n - 1
			if !fixed {
				legs = n
			}
			if len(res.Trips) != 1 || len(res.Trips[0].Legs) != legs {
				t.Fatalf("seed %d n=%d: %d trips / legs, want 1 trip of %d legs", seed, n, len(res.Trips), legs)
			}
			for pos, i := range res.Order {
				if res.Waypoints[i].WaypointIndex != pos {
					t.Errorf("waypoint %d has waypoint_index %d, visited at %d", i, res.Waypoints[i].WaypointIndex, pos)
				}
			}
			if res.Order[0] != 0 || (fixed && res.Order[n-1] != n-1) {
				t.Errorf("order %v does not keep the fixed ends", res.Order)
			}
		}
	}
}

func TestOptimizeNeverWorseThanInput(t *testing.T) {
	e := openPack(t, "liechtenstein")
	seed := testSeed(t)
	rng := rand.New(rand.NewPCG(seed, 4))
	for _, n := range []int{10, 15, 25} {
		coords := make([]orb.Point, n)
		for i := range coords {
			coords[i] = randomPoint(rng, liArea)
		}
		for _, opt := range []struct{ roundtrip, first, last bool }{{true, false, false}, {true, false, true}, {false, true, true}} {
			res, err := e.Optimize(context.Background(), engine.OptimizeRequest{
				SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: coords},
				Roundtrip:   opt.roundtrip, FixedSource: opt.first, FixedDestination: opt.last})
			if err != nil {
				t.Fatalf("seed %d n=%d: %v", seed, n, err)
			}
			d := tableOf(t, e, coords)
			input := make([]int, n)
			for i := range input {
				input[i] = i
			}
			if got, in := orderCost(d, res.Order, opt.roundtrip), orderCost(d, input, opt.roundtrip); got > in+0.05 {
				t.Errorf("seed %d n=%d %+v: trip %.1f s worse than input order %.1f s", seed, n, opt, got, in)
			}
			if opt.last && res.Order[n-1] != n-1 {
				t.Errorf("n=%d %+v: order %v does not end at the last stop", n, opt, res.Order)
			}
			if (opt.first || !opt.last) && res.Order[0] != 0 {
				t.Errorf("n=%d %+v: order %v does not start at stop 0", n, opt, res.Order)
			}
		}
	}
}

func TestOptimizeErrors(t *testing.T) {
	e := openPack(t, "liechtenstein")
	vaduz, schaan, prattville := orb.Point{9.5209, 47.1410}, orb.Point{9.5090, 47.1650}, orb.Point{-86.4597, 32.4640}
	tests := []struct {
		name string
		req  engine.OptimizeRequest
		want error
	}{
		{"one coordinate", engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Coordinates: []orb.Point{vaduz}}, Roundtrip: true}, route.ErrInvalidValue},
		{"oneway without fixed ends", engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Coordinates: []orb.Point{vaduz, schaan}}, FixedSource: true}, engine.ErrNotImplemented},
		{"not connected", engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Coordinates: []orb.Point{vaduz, schaan, prattville}}, Roundtrip: true}, engine.ErrNoTrips},
		{"no segment", engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Coordinates: []orb.Point{vaduz, {0.1, 0.1}}, Radiuses: []float64{0, 5}}, Roundtrip: true}, route.ErrNoSegment},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Optimize(context.Background(), tc.req)
			if !errors.Is(err, tc.want) {
				t.Errorf("Optimize() error = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestMatchErrors(t *testing.T) {
	e := openPack(t, "liechtenstein")
	vaduz, schaan := orb.Point{9.5209, 47.1410}, orb.Point{9.5215, 47.1420}
	tests := []struct {
		name string
		req  engine.MatchRequest
		want error
	}{
		{"one coordinate", engine.MatchRequest{Coordinates: []orb.Point{vaduz}}, route.ErrInvalidValue},
		{"count mismatch", engine.MatchRequest{Coordinates: []orb.Point{vaduz, schaan}, Timestamps: []int64{1}}, route.ErrInvalidValue},
		{"not monotonic", engine.MatchRequest{Coordinates: []orb.Point{vaduz, schaan}, Timestamps: []int64{5, 1}}, route.ErrInvalidValue},
		{"bad waypoints", engine.MatchRequest{Coordinates: []orb.Point{vaduz, schaan}, Waypoints: []int{0}}, route.ErrInvalidValue},
		{"off road", engine.MatchRequest{Coordinates: []orb.Point{{0.1, 0.1}, {0.1001, 0.1}}}, route.ErrNoSegment},
		{"ok", engine.MatchRequest{Coordinates: []orb.Point{vaduz, schaan}, Timestamps: []int64{5, 1}, Tidy: true}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Match(context.Background(), tc.req)
			if !errors.Is(err, tc.want) {
				t.Errorf("Match() error = %v, want %v", err, tc.want)
			}
		})
	}
}
