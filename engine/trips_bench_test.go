package engine_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/internal/rusage"
)

// benchTrace returns a trace of n fixes every 2 s with σ = 10 m noise,
// along routes chained across the LI pack.
func benchTrace(b *testing.B, e *engine.Engine, n int) ([]orb.Point, []int64) {
	rng := rand.New(rand.NewPCG(11, uint64(n)))
	var pts []orb.Point
	var ts []int64
	for len(pts) < n {
		tr := randomTruth(b, e, rng, liArea, 3000, 12000)
		p, t := tr.sample(rng, traceOpts{every: 2, sigma: 10})
		off := int64(0)
		if len(ts) > 0 {
			off = ts[len(ts)-1] + 2 - t[0]
		}
		for i := range p {
			pts = append(pts, p[i])
			ts = append(ts, t[i]+off)
		}
	}
	return pts[:n], ts[:n]
}

func benchmarkMatch(b *testing.B, n int) {
	e := openPack(b, "liechtenstein")
	pts, ts := benchTrace(b, e, n)
	req := engine.MatchRequest{Profile: route.Driving, Coordinates: pts, Timestamps: ts, SplitGaps: true,
		Output: route.Output{Overview: route.OverviewSimplified}}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		lat.Time(func() {
			if _, err := e.Match(context.Background(), req); err != nil {
				b.Fatal(err)
			}
		})
	}
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "points/s")
	// CPU seconds of the process: throughput on a shared machine, where
	// wall time also counts other processes.
	if cpu := (rusage.CPU() - cpu0).Seconds(); cpu > 0 {
		b.ReportMetric(float64(b.N*n)/cpu, "points/cpu-s")
	}
	lat.Report(b)
}

// BenchmarkMatch100 and BenchmarkMatch1000: whole matching requests
// (candidates, HMM, routes of the matchings) on traces of 100 and 1,000
// fixes; the target is >= 10,000 points/s.
func BenchmarkMatch100(b *testing.B)  { benchmarkMatch(b, 100) }
func BenchmarkMatch1000(b *testing.B) { benchmarkMatch(b, 1000) }

func benchmarkOptimize(b *testing.B, n int) {
	e := openPack(b, "liechtenstein")
	rng := rand.New(rand.NewPCG(5, uint64(n)))
	reqs := make([]engine.OptimizeRequest, 8)
	for k := range reqs {
		coords := make([]orb.Point, n)
		for i := range coords {
			coords[i] = randomPoint(rng, liArea)
		}
		reqs[k] = engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: coords}, Roundtrip: true}
	}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		req := reqs[i%len(reqs)]
		lat.Time(func() {
			if _, err := e.Optimize(context.Background(), req); err != nil {
				b.Fatal(err)
			}
		})
	}
	if cpu := rusage.CPU() - cpu0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()*1e3/float64(b.N), "cpu-ms/op")
	}
	lat.Report(b)
}

// BenchmarkOptimize9/12/25: whole optimize requests (snapping, CH table,
// ordering, route with overview) on random LI points; target for 25
// points: <= 50 ms.
func BenchmarkOptimize9(b *testing.B)  { benchmarkOptimize(b, 9) }
func BenchmarkOptimize12(b *testing.B) { benchmarkOptimize(b, 12) }
func BenchmarkOptimize25(b *testing.B) { benchmarkOptimize(b, 25) }

// benchmarkOptimizeTours times whole optimize requests in mode m on the 20
// 100-stop LI tours of TestOptimizeQuality and reports, besides p50/p99 and
// the CPU time per request, how far above the long search's best the
// tours are (in percent, mean and worst over the 20).
func benchmarkOptimizeTours(b *testing.B, m qualityMode) {
	e := openPack(b, "liechtenstein")
	cases := qualityCases(b, e, liQuality.read(b), m)
	ratios := make([]float64, len(cases))
	ctx := context.Background()
	optimize := func(c qualityCase) *engine.OptimizeResult {
		res, err := e.Optimize(ctx, m.request(c.stops))
		if err != nil {
			b.Fatalf("tour %d: %v", c.tour, err)
		}
		return res
	}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		c := cases[i%len(cases)]
		var res *engine.OptimizeResult
		lat.Time(func() { res = optimize(c) })
		ratios[c.tour] = c.ratio(b, res)
	}
	cpu := rusage.CPU() - cpu0
	b.StopTimer()
	for k := b.N; k < len(cases); k++ {
		ratios[k] = cases[k].ratio(b, optimize(cases[k]))
	}
	lat.Report(b)
	if cpu > 0 {
		b.ReportMetric(cpu.Seconds()*1e3/float64(b.N), "cpu-ms/op")
	}
	mean, worst := summarize(ratios)
	b.ReportMetric(100*(mean-1), "pct-above-best-mean")
	b.ReportMetric(100*(worst-1), "pct-above-best-max")
}

// BenchmarkOptimize100 and BenchmarkOptimize100OpenEnd: the window's two
// tour modes at its limit of 100 stops (roundtrip from the first stop; open
// from the first stop, ending anywhere); target <= 50 ms a request, and
// within 1% of the long search's best (TestOptimizeQuality).
func BenchmarkOptimize100(b *testing.B)        { benchmarkOptimizeTours(b, qualityModes[0]) }
func BenchmarkOptimize100OpenEnd(b *testing.B) { benchmarkOptimizeTours(b, qualityModes[1]) }
