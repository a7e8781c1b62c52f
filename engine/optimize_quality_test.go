package engine_test

// Optimize quality (issue 31 item 6): on 20 random 100-stop driving tours in
// LI, in the window's two modes (roundtrip from the first stop; open from
// the first stop, ending anywhere), the tour Optimize returns must be within
// 1% of the best a long search finds. The long searches (tour.Order with a
// Budget, 30 s per tour and mode) run only with -update, which draws the
// tours again and rewrites testdata/optimize_quality.json with their stops
// and the best orders found; the test and BenchmarkOptimize100* compare
// against that file. Durations are compared on the pack's duration table
// (what the ordering minimizes). WAYMARK_QUALITY_SEARCH=10s shortens the
// long searches (for trying changes; do not commit such a file).

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/engine/route/tour"
)

var update = flag.Bool("update", false, "rewrite testdata golden files (TestOptimizeQuality: long searches, ~10 minutes)")

const (
	qualityFile  = "testdata/optimize_quality.json"
	qualitySeed  = 2024
	qualityTours = 20
	qualityStops = 100
	// qualitySearch is the default length of a reference search.
	qualitySearch = 30 * time.Second
	// maxQualityRatio bounds Optimize's duration over the reference's.
	maxQualityRatio = 1.01
)

// qualityMode is one of the window's tour modes.
type qualityMode struct {
	name      string
	roundtrip bool
}

var qualityModes = []qualityMode{{"roundtrip", true}, {"open_end", false}}

// request is the optimize request of the mode: the first stop fixed, back
// to it or ending anywhere.
func (m qualityMode) request(stops []orb.Point) engine.OptimizeRequest {
	return engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: stops},
		Roundtrip: m.roundtrip, FixedSource: true, Output: route.Output{Overview: route.OverviewSimplified}}
}

// qualityGolden is the file of tours and reference orders.
type qualityGolden struct {
	Comment       string        `json:"comment"`
	Seed          uint64        `json:"seed"`
	SearchSeconds float64       `json:"search_seconds"`
	Tours         []qualityTour `json:"tours"`
}

type qualityTour struct {
	Stops [][2]float64 `json:"stops"` // [lon, lat], on the LI driving network
	// Best holds, per mode name, the best order the long search found and
	// its duration in seconds on the pack's table when it was written.
	Best map[string]qualityRef `json:"best"`
}

type qualityRef struct {
	Order    []int   `json:"order"`
	Duration float64 `json:"duration"`
}

func (q qualityTour) points() []orb.Point {
	pts := make([]orb.Point, len(q.Stops))
	for i, p := range q.Stops {
		pts[i] = orb.Point(p)
	}
	return pts
}

// readQualityGolden reads the reference file.
func readQualityGolden(tb testing.TB) qualityGolden {
	tb.Helper()
	b, err := os.ReadFile(qualityFile)
	if err != nil {
		tb.Fatalf("%v (write it with go test -run TestOptimizeQuality -update)", err)
	}
	var g qualityGolden
	if err := json.Unmarshal(b, &g); err != nil {
		tb.Fatalf("%s: %v", qualityFile, err)
	}
	if len(g.Tours) != qualityTours {
		tb.Fatalf("%s: %d tours, want %d", qualityFile, len(g.Tours), qualityTours)
	}
	return g
}

// writeQualityGolden draws the tours and runs the long searches, two at a
// time.
func writeQualityGolden(t *testing.T, e *engine.Engine) {
	budget := qualitySearch
	if v := os.Getenv("WAYMARK_QUALITY_SEARCH"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("WAYMARK_QUALITY_SEARCH: %v", err)
		}
		budget = d
	}
	g := qualityGolden{
		Comment: "Written by go test ./engine -run TestOptimizeQuality -update: random LI driving tours (seed) " +
			"and, per mode, the best order of a long tour.Order search (search_seconds each).",
		Seed: qualitySeed, SearchSeconds: budget.Seconds(),
	}
	type job struct {
		tour int
		mode qualityMode
		d    [][]float64
	}
	var jobs []job
	for k, stops := range liTours(t, e, qualitySeed, qualityTours, qualityStops) {
		qt := qualityTour{Best: map[string]qualityRef{}}
		for _, p := range stops {
			// 1e-7° (1 cm) is what the file keeps; the searches run on
			// the stops as written.
			qt.Stops = append(qt.Stops, [2]float64{math.Round(p[0]*1e7) / 1e7, math.Round(p[1]*1e7) / 1e7})
		}
		g.Tours = append(g.Tours, qt)
		d := durationTable(t, e, qt.points())
		for _, m := range qualityModes {
			jobs = append(jobs, job{k, m, d})
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan job)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				trip, err := tour.Order(context.Background(), j.d, tour.Options{Roundtrip: j.mode.roundtrip, FixedSource: true, Budget: budget})
				if err != nil {
					t.Errorf("tour %d %s: %v", j.tour, j.mode.name, err)
					continue
				}
				mu.Lock()
				g.Tours[j.tour].Best[j.mode.name] = qualityRef{Order: trip.Order, Duration: math.Round(trip.Duration*1e3) / 1e3}
				mu.Unlock()
				t.Logf("tour %d %s: %.1f s", j.tour, j.mode.name, trip.Duration)
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	// One line per tour keeps the file short and its diffs readable.
	tours := g.Tours
	g.Tours = nil
	head, err := json.MarshalIndent(g, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	b := append(head[:len(head)-len("\n \"tours\": null\n}")], "\n \"tours\": [\n"...)
	for k, qt := range tours {
		line, err := json.Marshal(qt)
		if err != nil {
			t.Fatal(err)
		}
		b = append(append(b, "  "...), line...)
		if k < len(tours)-1 {
			b = append(b, ',')
		}
		b = append(b, '\n')
	}
	b = append(b, " ]\n}"...)
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(qualityFile, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// durationTable is the driving duration table of the stops, as Optimize
// orders them (0 on the diagonal).
func durationTable(tb testing.TB, e *engine.Engine, stops []orb.Point) [][]float64 {
	tb.Helper()
	res, err := e.Table(context.Background(), engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: stops}})
	if err != nil {
		tb.Fatal(err)
	}
	for i := range res.Durations {
		res.Durations[i][i] = 0
	}
	return res.Durations
}

// qualityCase is one tour of the file in one mode, ready to compare.
type qualityCase struct {
	tour  int
	mode  qualityMode
	stops []orb.Point
	d     [][]float64
	best  float64 // the reference order's duration on d, seconds
}

// qualityCases loads the tours of the file in mode, with their tables.
func qualityCases(tb testing.TB, e *engine.Engine, g qualityGolden, m qualityMode) []qualityCase {
	tb.Helper()
	var cs []qualityCase
	for k, qt := range g.Tours {
		ref, ok := qt.Best[m.name]
		if !ok || len(ref.Order) != len(qt.Stops) {
			tb.Fatalf("%s: tour %d has no %s order", qualityFile, k, m.name)
		}
		stops := qt.points()
		d := durationTable(tb, e, stops)
		best := orderCost(d, ref.Order, m.roundtrip)
		if math.Abs(best-ref.Duration) > 1e-3*ref.Duration {
			tb.Logf("tour %d %s: the reference order takes %.1f s on today's pack, %.1f s when written: the pack changed, consider -update",
				k, m.name, best, ref.Duration)
		}
		cs = append(cs, qualityCase{tour: k, mode: m, stops: stops, d: d, best: best})
	}
	return cs
}

// ratio is the duration of the order res over the reference's, on the
// case's table.
func (c qualityCase) ratio(tb testing.TB, res *engine.OptimizeResult) float64 {
	tb.Helper()
	if len(res.Order) != len(c.stops) || res.Order[0] != 0 {
		tb.Fatalf("tour %d %s: order %v is not a visit of the %d stops from the first", c.tour, c.mode.name, res.Order, len(c.stops))
	}
	return orderCost(c.d, res.Order, c.mode.roundtrip) / c.best
}

// summarize returns the mean and the largest ratio.
func summarize(ratios []float64) (mean, worst float64) {
	for _, r := range ratios {
		mean += r
		worst = math.Max(worst, r)
	}
	return mean / float64(len(ratios)), worst
}

// TestOptimizeQuality: every tour Optimize returns is within 1% of the long
// search's best, in both modes.
func TestOptimizeQuality(t *testing.T) {
	e := openPack(t, "liechtenstein")
	if *update {
		writeQualityGolden(t, e)
	}
	g := readQualityGolden(t)
	ctx := context.Background()
	for _, m := range qualityModes {
		t.Run(m.name, func(t *testing.T) {
			var ratios []float64
			for _, c := range qualityCases(t, e, g, m) {
				res, err := e.Optimize(ctx, m.request(c.stops))
				if err != nil {
					t.Fatalf("tour %d: %v", c.tour, err)
				}
				r := c.ratio(t, res)
				if r > maxQualityRatio {
					t.Errorf("tour %d: optimized %.1f s, %.2f%% above the best found by a %.0f s search (%.1f s)",
						c.tour, r*c.best, 100*(r-1), g.SearchSeconds, c.best)
				}
				ratios = append(ratios, r)
			}
			mean, worst := summarize(ratios)
			t.Logf("%d tours of %d stops: mean %s, worst %s above the long search's best", len(ratios), qualityStops, pct(mean), pct(worst))
		})
	}
}

func pct(ratio float64) string { return fmt.Sprintf("%.2f%%", 100*(ratio-1)) }
