package engine_test

// Optimize quality (issue 31 item 6): on 20 random 100-stop driving tours
// in LI, in the window's two modes (roundtrip from the first stop; open
// from the first stop, ending anywhere), the tour Optimize returns must be
// within 1% of the best a long search finds (on 10 tours in Monaco, whose
// one-way streets make tours harder, within 2%: see monacoQuality). The
// long searches (tour.Order with a Budget, 30 s per tour and mode) run only
// with -update, which draws the tours again and rewrites the region's
// testdata/optimize_quality*.json with their stops and the best orders
// found (-run TestOptimizeQuality/monaco -update rewrites Monaco's alone);
// the test and BenchmarkOptimize100* compare against those files.
// Durations are compared on the pack's duration table (what the ordering
// minimizes). WAYMARK_QUALITY_SEARCH=10s shortens the long searches (for
// trying changes; do not commit such a file).

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

var update = flag.Bool("update", false, "rewrite testdata golden files (TestOptimizeQuality: long searches, ~15 minutes)")

// qualitySet is a region's tours and reference file.
type qualitySet struct {
	name  string // subtest name
	area  area
	file  string
	seed  uint64
	tours int
	// maxRatio bounds Optimize's duration over the reference's.
	maxRatio float64
}

var (
	// LI: the target, within 1%.
	liQuality = qualitySet{"li", liArea, "testdata/optimize_quality.json", 2024, 20, 1.01}
	// Monaco's one-way streets make tours, open ones above all, harder:
	// the shipped search is 0.35% (roundtrip) and 0.59% (open) over at
	// worst, but other random seeds of the same effort reach 1.3% on open
	// tours, so the bound here guards against regressions (the previous
	// search reached 3.1% on roundtrips with some seeds) rather than
	// promising 1%.
	monacoQuality = qualitySet{"monaco", monacoArea, "testdata/optimize_quality_monaco.json", 2024, 10, 1.02}
)

const (
	qualityStops = 100
	// qualitySearch is the default length of a reference search.
	qualitySearch = 30 * time.Second
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

// read reads the set's reference file.
func (qs qualitySet) read(tb testing.TB) qualityGolden {
	tb.Helper()
	b, err := os.ReadFile(qs.file)
	if err != nil {
		tb.Fatalf("%v (write it with go test -run TestOptimizeQuality/%s -update)", err, qs.name)
	}
	var g qualityGolden
	if err := json.Unmarshal(b, &g); err != nil {
		tb.Fatalf("%s: %v", qs.file, err)
	}
	if len(g.Tours) != qs.tours {
		tb.Fatalf("%s: %d tours, want %d", qs.file, len(g.Tours), qs.tours)
	}
	for k, qt := range g.Tours {
		for _, m := range qualityModes {
			if ref, ok := qt.Best[m.name]; !ok || len(ref.Order) != len(qt.Stops) {
				tb.Fatalf("%s: tour %d has no %s order", qs.file, k, m.name)
			}
		}
	}
	return g
}

// write draws the set's tours, runs the long searches, two at a time, and
// writes the reference file.
func (qs qualitySet) write(t *testing.T, e *engine.Engine) {
	budget := qualitySearch
	if v := os.Getenv("WAYMARK_QUALITY_SEARCH"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("WAYMARK_QUALITY_SEARCH: %v", err)
		}
		budget = d
	}
	g := qualityGolden{
		Comment: "Written by go test ./engine -run TestOptimizeQuality/" + qs.name + " -update: random " + qs.area.pack +
			" driving tours (seed) and, per mode, the best order of a long tour.Order search (search_seconds each).",
		Seed: qs.seed, SearchSeconds: budget.Seconds(),
	}
	type job struct {
		tour int
		mode qualityMode
		d    [][]float64
	}
	var jobs []job
	for k, stops := range randomTours(t, e, qs.area, qs.seed, qs.tours, qualityStops) {
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
	if err := os.WriteFile(qs.file, append(b, '\n'), 0o644); err != nil {
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
		ref := qt.Best[m.name]
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

// TestOptimizeQuality: every tour Optimize returns is within 1% (LI) or 2%
// (Monaco) of the long search's best, in both modes.
func TestOptimizeQuality(t *testing.T) {
	for _, qs := range []qualitySet{liQuality, monacoQuality} {
		t.Run(qs.name, func(t *testing.T) {
			e := openPack(t, qs.area.pack)
			if *update {
				qs.write(t, e)
			}
			g := qs.read(t)
			for _, m := range qualityModes {
				t.Run(m.name, func(t *testing.T) {
					cases := qualityCases(t, e, g, m)
					if raceEnabled {
						cases = cases[:3] // the code paths, not the figures
					}
					var ratios []float64
					for _, c := range cases {
						res, err := e.Optimize(context.Background(), m.request(c.stops))
						if err != nil {
							t.Fatalf("tour %d: %v", c.tour, err)
						}
						r := c.ratio(t, res)
						if r > qs.maxRatio {
							t.Errorf("tour %d: optimized %.1f s, %.2f%% above the best found by a %.0f s search (%.1f s)",
								c.tour, r*c.best, 100*(r-1), g.SearchSeconds, c.best)
						}
						ratios = append(ratios, r)
					}
					mean, worst := summarize(ratios)
					t.Logf("%d tours of %d stops: mean %s, worst %s above the long search's best", len(ratios), qualityStops, pct(mean), pct(worst))
				})
			}
		})
	}
}

func pct(ratio float64) string { return fmt.Sprintf("%.2f%%", 100*(ratio-1)) }
