package ui

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// TestOptimize100Stops: a 100-stop open tour is optimized in one engine
// call (the end free): the first stop stays, the tour is no longer than
// the order given, and the panel has the new order within seconds.
func TestOptimize100Stops(t *testing.T) {
	n := maxStops
	if raceEnabled {
		n = 30
	}
	w := tourWindow(t, fyne.NewSize(1280, 800))
	names, pts := tourOfStops(n)
	w.addStopsForTest(names, pts)
	until(t, w, "the route", w.tour.routed)
	var before float64
	var first string
	start := time.Now()
	w.locked(func() {
		r, ok := w.tour.chosenRoute()
		if !ok {
			t.Fatalf("no route through %d stops: %v", n, w.tour.m.Result().Err)
		}
		before, first = r.Duration, w.tour.m.Stop(0).Name
		start = time.Now()
		test.Tap(w.tour.optimize)
	})
	until(t, w, "the optimized route", func() bool { return w.tour.routed() && w.tour.m.UndoLabel() == "Optimized the order" })
	took := time.Since(start)
	w.locked(func() {
		r, _ := w.tour.chosenRoute()
		if w.tour.m.Stop(0).Name != first || w.tour.m.Len() != n {
			t.Errorf("after optimizing: %d stops from %q, want %d from %q", w.tour.m.Len(), w.tour.m.Stop(0).Name, n, first)
		}
		if r.Duration > before+1 {
			t.Errorf("optimized tour takes %.0f s, the order given %.0f s", r.Duration, before)
		}
		t.Logf("%d stops: %.0f s → %.0f s (%.1f%%), optimized and routed again in %v", n, before, r.Duration, 100*(before-r.Duration)/before, took.Round(time.Millisecond))
	})
}

// optimizeEachEnd is how the window optimized an open tour before the
// engine left the end free: one Optimize call per possible last stop
// (n−1 calls), the fastest kept. BenchmarkOptimizeOrder compares it.
func optimizeEachEnd(ctx context.Context, eng *engine.Engine, pts []orb.Point, prof route.Profile) ([]int, float64, error) {
	best, bestDur := []int(nil), math.Inf(1)
	for last := 1; last < len(pts); last++ {
		idx := make([]int, 0, len(pts))
		for i := range pts {
			if i != last {
				idx = append(idx, i)
			}
		}
		idx = append(idx, last)
		coords := make([]orb.Point, len(idx))
		for i, k := range idx {
			coords[i] = pts[k]
		}
		res, err := eng.Optimize(ctx, engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: coords},
			FixedSource: true, FixedDestination: true, Output: route.Output{Overview: route.OverviewFalse}})
		if err != nil {
			return nil, 0, err
		}
		if d := res.Trips[0].Duration; d < bestDur {
			bestDur, best = d, make([]int, len(res.Order))
			for i, k := range res.Order {
				best[i] = idx[k]
			}
		}
	}
	return best, bestDur, nil
}

// BenchmarkOptimizeOrder orders an open tour of 25 and 100 stops from the
// first stop with the end free: the window's one engine call, and for 25
// stops the n−1 calls it made before (reported: the tour's duration, s).
func BenchmarkOptimizeOrder(b *testing.B) {
	eng, err := engine.Open(testpacks.Path(b, "liechtenstein"))
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	for _, n := range []int{25, 100} {
		_, pts := tourOfStops(n)
		for _, bc := range []struct {
			name string
			f    func() ([]int, float64, error)
		}{
			{"one-call", func() ([]int, float64, error) {
				return optimizeOrder(context.Background(), eng, pts, route.Driving, 0, false)
			}},
			{"each-end", func() ([]int, float64, error) { return optimizeEachEnd(context.Background(), eng, pts, route.Driving) }},
		} {
			if n > 25 && bc.name == "each-end" {
				continue // 99 calls: ~12 s an order (160× the one call), measured once for the commit
			}
			b.Run(fmt.Sprintf("%d/%s", n, bc.name), func(b *testing.B) {
				var lat benchstat.Latencies
				var dur float64
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					lat.Time(func() {
						if _, dur, err = bc.f(); err != nil {
							b.Fatal(err)
						}
					})
				}
				lat.Report(b)
				b.ReportMetric(dur, "tour-s")
			})
		}
	}
}
