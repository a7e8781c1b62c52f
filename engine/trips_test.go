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

// tripMode is a combination of OptimizeRequest's constraints.
type tripMode struct {
	name                   string
	roundtrip, first, last bool
}

var tripModes = []tripMode{
	{"roundtrip", true, false, false},
	{"roundtrip from first", true, true, false},
	{"roundtrip to last", true, false, true},
	{"open first to last", false, true, true},
	{"open from first, end free", false, true, false},
	{"open to last, start free", false, false, true},
}

func (m tripMode) request(coords []orb.Point) engine.OptimizeRequest {
	return engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: coords},
		Roundtrip: m.roundtrip, FixedSource: m.first, FixedDestination: m.last, Output: route.Output{Overview: route.OverviewFalse}}
}

// cycle reports whether the mode optimizes a closed cycle (as OSRM, a
// roundtrip with both ends fixed optimizes the open path first→…→last).
func (m tripMode) cycle() bool { return m.roundtrip && !(m.first && m.last) }

// bestOrder is the exhaustive optimum of the mode on d: the best cycle, or
// the best open path keeping the fixed ends.
func bestOrder(d [][]float64, m tripMode) float64 {
	n := len(d)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := math.Inf(1)
	var rec func(k int, partial float64)
	rec = func(k int, partial float64) {
		if partial >= best {
			return
		}
		if k == n {
			if m.last && !m.cycle() && perm[n-1] != n-1 {
				return
			}
			if m.cycle() {
				partial += d[perm[n-1]][perm[0]]
			}
			best = math.Min(best, partial)
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			add := 0.0
			if k > 0 {
				add = d[perm[k-1]][perm[k]]
			}
			rec(k+1, partial+add)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	if m.cycle() || m.first {
		rec(1, 0) // stop 0 first: cycles are rotation-free
	} else {
		rec(0, 0)
	}
	return best
}

// checkEnds verifies the order keeps the mode's fixed ends, rotated as
// OSRM does.
func checkEnds(t *testing.T, m tripMode, order []int) {
	t.Helper()
	n := len(order)
	switch {
	case m.first || !m.last:
		if order[0] != 0 || m.last && order[n-1] != n-1 {
			t.Errorf("%s: order %v does not keep the fixed ends", m.name, order)
		}
	case m.roundtrip:
		if order[0] != n-1 {
			t.Errorf("%s: order %v does not start at the last stop", m.name, order)
		}
	case order[n-1] != n-1:
		t.Errorf("%s: order %v does not end at the last stop", m.name, order)
	}
}

func TestOptimizeExactOnPack(t *testing.T) {
	e := openPack(t, "liechtenstein")
	seed := testSeed(t)
	rng := rand.New(rand.NewPCG(seed, 3))
	for _, n := range []int{3, 5, 7, 10} {
		for _, m := range tripModes {
			coords := make([]orb.Point, n)
			for i := range coords {
				coords[i] = randomPoint(rng, liArea)
			}
			res, err := e.Optimize(context.Background(), m.request(coords))
			if err != nil {
				t.Fatalf("seed %d n=%d %s: Optimize: %v", seed, n, m.name, err)
			}
			d := tableOf(t, e, coords)
			got := orderCost(d, res.Order, m.cycle())
			want := bestOrder(d, m)
			if math.Abs(got-want) > 0.05 {
				t.Errorf("seed %d n=%d %s: trip %.1f s, exhaustive optimum %.1f s (order %v)", seed, n, m.name, got, want, res.Order)
			}
			legs := n - 1
			if m.roundtrip {
				legs = n
			}
			if len(res.Trips) != 1 || len(res.Trips[0].Legs) != legs {
				t.Fatalf("seed %d n=%d %s: %d trips / legs, want 1 trip of %d legs", seed, n, m.name, len(res.Trips), legs)
			}
			for pos, i := range res.Order {
				if res.Waypoints[i].WaypointIndex != pos {
					t.Errorf("waypoint %d has waypoint_index %d, visited at %d", i, res.Waypoints[i].WaypointIndex, pos)
				}
			}
			checkEnds(t, m, res.Order)
		}
	}
}

// TestOptimizeOpenEndOneCall: an open tour from the first stop with the end
// free (one call) is as short as the best of the n-1 calls with each other
// stop fixed last, which is how the window found it before: equal where
// both are exact, within 0.5% above (and often below) where both are
// heuristic.
func TestOptimizeOpenEndOneCall(t *testing.T) {
	e := openPack(t, "liechtenstein")
	ctx := context.Background()
	free := tripMode{"open from first, end free", false, true, false}
	fixed := tripMode{"open first to last", false, true, true}
	for _, tc := range []struct {
		n    int
		seed uint64
		tol  float64
	}{{8, 1, 0.05}, {10, 2, 0.05}, {20, 3, 0}, {30, 4, 0}} {
		stops := randomTours(t, e, liArea, tc.seed, 1, tc.n)[0]
		res, err := e.Optimize(ctx, free.request(stops))
		if err != nil {
			t.Fatalf("n=%d: %v", tc.n, err)
		}
		checkEnds(t, free, res.Order)
		d := tableOf(t, e, stops)
		got := orderCost(d, res.Order, false)
		best := math.Inf(1)
		for last := 1; last < tc.n; last++ {
			idx := make([]int, 0, tc.n) // last moved to the end
			for i := range tc.n {
				if i != last {
					idx = append(idx, i)
				}
			}
			idx = append(idx, last)
			coords := make([]orb.Point, tc.n)
			for i, k := range idx {
				coords[i] = stops[k]
			}
			r, err := e.Optimize(ctx, fixed.request(coords))
			if err != nil {
				t.Fatalf("n=%d last %d: %v", tc.n, last, err)
			}
			order := make([]int, tc.n)
			for i, k := range r.Order {
				order[i] = idx[k]
			}
			best = math.Min(best, orderCost(d, order, false))
		}
		tol := tc.tol
		if tol == 0 {
			tol = 0.005 * best
		}
		if got > best+tol {
			t.Errorf("n=%d: one call %.1f s, best of %d calls with a fixed last stop %.1f s", tc.n, got, tc.n-1, best)
		}
		t.Logf("n=%d: one call %.1f s, best of %d calls %.1f s", tc.n, got, tc.n-1, best)
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
		d := tableOf(t, e, coords)
		input := make([]int, n)
		for i := range input {
			input[i] = i
		}
		for _, m := range tripModes {
			res, err := e.Optimize(context.Background(), m.request(coords))
			if err != nil {
				t.Fatalf("seed %d n=%d %s: %v", seed, n, m.name, err)
			}
			if got, in := orderCost(d, res.Order, m.cycle()), orderCost(d, input, m.cycle()); got > in+0.05 {
				t.Errorf("seed %d n=%d %s: trip %.1f s worse than input order %.1f s", seed, n, m.name, got, in)
			}
			checkEnds(t, m, res.Order)
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
		{"open without a fixed end", engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Coordinates: []orb.Point{vaduz, schaan}}}, engine.ErrNotImplemented},
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

// randomTours returns count random tours of n stops in the area, drawn
// from seed: points uniform in the area, each moved onto the nearest
// driving road within 200 m (points off the pack's road network, in the
// mountains, the sea or across the border, are drawn again), and kept only
// when the tour's every stop reaches every other (a stop on a one-way dead
// end is drawn again), so each tour is a valid optimize request.
func randomTours(tb testing.TB, e *engine.Engine, a area, seed uint64, count, n int) [][]orb.Point {
	tb.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 0x70757273))
	draw := func() orb.Point {
		for try := 0; try < 1000; try++ {
			wps, err := e.Nearest(ctx, engine.NearestRequest{Profile: route.Driving, Coordinate: randomPoint(rng, a), Radius: 200, Number: 1})
			if err == nil && len(wps) > 0 {
				return wps[0].Location
			}
		}
		tb.Fatalf("seed %d: no road within 200 m of 1000 random points", seed)
		return orb.Point{}
	}
	tours := make([][]orb.Point, count)
	for k := range tours {
		stops := make([]orb.Point, n)
		for i := range stops {
			stops[i] = draw()
		}
		for try := 0; ; try++ {
			if try == 100 {
				tb.Fatalf("seed %d tour %d: stops still not all connected after 100 redraws", seed, k)
			}
			res, err := e.Table(ctx, engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: stops}})
			if err != nil {
				tb.Fatalf("seed %d tour %d: table: %v", seed, k, err)
			}
			worst := leastConnected(res.Durations)
			if worst < 0 {
				break
			}
			stops[worst] = draw()
		}
		tours[k] = stops
	}
	return tours
}

// leastConnected returns the stop with the most unreachable cells (NaN or
// Inf) in its row and column of the duration table, or -1 when every stop
// reaches every other.
func leastConnected(d [][]float64) int {
	worst, most := -1, 0
	for i := range d {
		bad := 0
		for j := range d {
			if i == j {
				continue
			}
			if v := d[i][j]; math.IsNaN(v) || math.IsInf(v, 0) {
				bad++
			}
			if v := d[j][i]; math.IsNaN(v) || math.IsInf(v, 0) {
				bad++
			}
		}
		if bad > most {
			worst, most = i, bad
		}
	}
	return worst
}
