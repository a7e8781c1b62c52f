package engine_test

// Matching quality on synthetic traces (issue 4 §3): known routes on the LI
// and Monaco packs, driven at the routes' own speeds, sampled every 1, 5,
// 15 and 30 s with Gaussian noise of σ = 5, 10 and 20 m, plus variants with
// outliers and a gap. Coverage is the share of the true path's length lying
// on the matched geometry, extra the matched length off the true path, per
// true length (both within 4 m). The σ = 10 m, 5 s rows (over 20 traces,
// the others over 10) must reach >= 95%
// coverage and <= 5% extra; the full table is logged (go test -v -run
// TestMatchQuality). WAYMARK_SEED=n replays a run; WAYMARK_MATCH_DUMP=dir
// writes every trace as GeoJSON for inspection.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

// area is a box of a pack where random routes start and end.
type area struct {
	pack     string
	min, max orb.Point
}

var (
	liArea     = area{"liechtenstein", orb.Point{9.49, 47.06}, orb.Point{9.57, 47.24}}
	monacoArea = area{"monaco", orb.Point{7.405, 43.725}, orb.Point{7.44, 43.75}}
)

func openPack(tb testing.TB, name string) *engine.Engine {
	tb.Helper()
	e, err := engine.Open(testpacks.Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { e.Close() })
	return e
}

func randomPoint(rng *rand.Rand, a area) orb.Point {
	return orb.Point{a.min[0] + rng.Float64()*(a.max[0]-a.min[0]), a.min[1] + rng.Float64()*(a.max[1]-a.min[1])}
}

// truth is a driven route: its geometry and the time in seconds at which
// each geometry point is reached.
type truth struct {
	line orb.LineString
	at   []float64
}

// randomTruth routes between random points until a route of minLen..maxLen
// meters is found.
func randomTruth(tb testing.TB, e *engine.Engine, rng *rand.Rand, a area, minLen, maxLen float64) truth {
	tb.Helper()
	for try := 0; try < 200; try++ {
		req := engine.DirectionsRequest{
			SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: []orb.Point{randomPoint(rng, a), randomPoint(rng, a)}},
			Options:     route.RouteOptions{Output: route.Output{Annotations: route.AnnotateDuration, Overview: route.OverviewFull}},
		}
		res, err := e.Directions(context.Background(), req)
		if err != nil {
			continue
		}
		r := res.Routes[0]
		if r.Distance < minLen || r.Distance > maxLen || len(r.Legs) != 1 {
			continue
		}
		leg := r.Legs[0]
		tr := truth{line: leg.Points, at: make([]float64, len(leg.Points))}
		durs := []float64(nil)
		if leg.Annotation != nil {
			durs = leg.Annotation.Duration
		}
		for i := 1; i < len(tr.line); i++ {
			d := 0.0
			if len(durs) == len(tr.line)-1 {
				d = durs[i-1]
			}
			if d <= 0 {
				d = distM(tr.line[i-1], tr.line[i]) / 10
			}
			tr.at[i] = tr.at[i-1] + d
		}
		return tr
	}
	tb.Fatalf("no route of %.0f..%.0f m found in %s", minLen, maxLen, a.pack)
	return truth{}
}

// distM is the equirectangular distance in meters (fine at these scales).
func distM(a, b orb.Point) float64 {
	x, y := toXY(b, a)
	return math.Hypot(x, y)
}

// toXY returns p in meters east/north of origin o.
func toXY(p, o orb.Point) (float64, float64) {
	const m = 111319.49
	return (p[0] - o[0]) * m * math.Cos(o[1]*math.Pi/180), (p[1] - o[1]) * m
}

func fromXY(x, y float64, o orb.Point) orb.Point {
	const m = 111319.49
	return orb.Point{o[0] + x/(m*math.Cos(o[1]*math.Pi/180)), o[1] + y/m}
}

// positionAt returns the point of the truth at time t seconds.
func (tr truth) positionAt(t float64) orb.Point {
	for i := 1; i < len(tr.at); i++ {
		if tr.at[i] >= t {
			f := 0.0
			if span := tr.at[i] - tr.at[i-1]; span > 0 {
				f = (t - tr.at[i-1]) / span
			}
			a, b := tr.line[i-1], tr.line[i]
			return orb.Point{a[0] + f*(b[0]-a[0]), a[1] + f*(b[1]-a[1])}
		}
	}
	return tr.line[len(tr.line)-1]
}

// variant is one row of the quality table: a trace kind and gaps=split.
type variant struct {
	name string
	o    traceOpts
	gaps bool
}

// traceOpts describes a synthetic trace.
type traceOpts struct {
	noTimes  bool    // send no timestamps
	every    float64 // seconds between fixes
	sigma    float64 // meters of Gaussian noise per axis
	outliers float64 // share of fixes thrown 80..250 m off
	gap      bool    // drop 90 s of fixes in the middle
}

// sample returns the noisy fixes and their timestamps.
func (tr truth) sample(rng *rand.Rand, o traceOpts) ([]orb.Point, []int64) {
	var pts []orb.Point
	var ts []int64
	end := tr.at[len(tr.at)-1]
	gapFrom, gapTo := end/2-45, end/2+45
	for t := 0.0; t <= end+1e-9; t += o.every {
		if o.gap && t > gapFrom && t < gapTo {
			continue
		}
		p := tr.positionAt(t)
		dx, dy := rng.NormFloat64()*o.sigma, rng.NormFloat64()*o.sigma
		if o.outliers > 0 && t > 0 && t+o.every <= end && rng.Float64() < o.outliers {
			ang := rng.Float64() * 2 * math.Pi
			r := 80 + rng.Float64()*170
			dx, dy = r*math.Cos(ang), r*math.Sin(ang)
		}
		pts = append(pts, fromXY(dx, dy, p))
		ts = append(ts, 1_600_000_000+int64(math.Round(t)))
	}
	return pts, ts
}

// lineIndex answers "distance from a point to a polyline" with a grid.
type lineIndex struct {
	o     orb.Point
	segs  [][4]float64
	cells map[[2]int][]int
}

const cellM = 25.0

func newLineIndex(lines []orb.LineString, o orb.Point) *lineIndex {
	ix := &lineIndex{o: o, cells: map[[2]int][]int{}}
	for _, l := range lines {
		for i := 1; i < len(l); i++ {
			x0, y0 := toXY(l[i-1], o)
			x1, y1 := toXY(l[i], o)
			s := len(ix.segs)
			ix.segs = append(ix.segs, [4]float64{x0, y0, x1, y1})
			for cx := int(math.Floor(math.Min(x0, x1)/cellM)) - 1; cx <= int(math.Floor(math.Max(x0, x1)/cellM))+1; cx++ {
				for cy := int(math.Floor(math.Min(y0, y1)/cellM)) - 1; cy <= int(math.Floor(math.Max(y0, y1)/cellM))+1; cy++ {
					ix.cells[[2]int{cx, cy}] = append(ix.cells[[2]int{cx, cy}], s)
				}
			}
		}
	}
	return ix
}

// near reports whether (x, y) lies within tol meters (tol < cellM) of a segment.
func (ix *lineIndex) near(x, y, tol float64) bool {
	for _, s := range ix.cells[[2]int{int(math.Floor(x / cellM)), int(math.Floor(y / cellM))}] {
		g := ix.segs[s]
		dx, dy := g[2]-g[0], g[3]-g[1]
		f := 0.0
		if l2 := dx*dx + dy*dy; l2 > 0 {
			f = math.Max(0, math.Min(1, ((x-g[0])*dx+(y-g[1])*dy)/l2))
		}
		if math.Hypot(x-g[0]-f*dx, y-g[1]-f*dy) <= tol {
			return true
		}
	}
	return false
}

// walkLength calls f for sample points every step meters along lines and
// returns the total length.
func walkLength(lines []orb.LineString, o orb.Point, step float64, f func(x, y, w float64)) float64 {
	total := 0.0
	for _, l := range lines {
		for i := 1; i < len(l); i++ {
			x0, y0 := toXY(l[i-1], o)
			x1, y1 := toXY(l[i], o)
			seg := math.Hypot(x1-x0, y1-y0)
			total += seg
			n := int(math.Ceil(seg / step))
			for k := 0; k < n; k++ {
				fr := (float64(k) + 0.5) / float64(n)
				f(x0+fr*(x1-x0), y0+fr*(y1-y0), seg/float64(n))
			}
		}
	}
	return total
}

// overlap returns coverage (share of truth on the matched geometry) and
// extra (matched length off the truth, per truth length).
func overlap(truthLine orb.LineString, matched []orb.LineString) (coverage, extra float64) {
	const tol = 4.0
	o := truthLine[0]
	mIx := newLineIndex(matched, o)
	tIx := newLineIndex([]orb.LineString{truthLine}, o)
	var covered, off float64
	total := walkLength([]orb.LineString{truthLine}, o, 2, func(x, y, w float64) {
		if mIx.near(x, y, tol) {
			covered += w
		}
	})
	walkLength(matched, o, 2, func(x, y, w float64) {
		if !tIx.near(x, y, tol) {
			off += w
		}
	})
	if total == 0 {
		return 0, 0
	}
	return covered / total, off / total
}

// qualityRow runs traces of one setting and returns mean coverage, extra,
// share of matched points and matching throughput.
func qualityRow(t *testing.T, e *engine.Engine, a area, truths []truth, rng *rand.Rand, o traceOpts, gaps bool) (cov, extra, matched float64) {
	t.Helper()
	var totLen, covLen, extraLen float64
	var nPts, nMatched int
	for k, tr := range truths {
		pts, ts := tr.sample(rng, o)
		if len(pts) < 2 {
			continue
		}
		if o.noTimes {
			ts = nil
		}
		res, err := e.Match(context.Background(), engine.MatchRequest{
			Profile: route.Driving, Coordinates: pts, Timestamps: ts, SplitGaps: gaps,
			Output: route.Output{Overview: route.OverviewFull},
		})
		var lines []orb.LineString
		if err == nil {
			for _, m := range res.Matchings {
				for _, l := range m.Legs {
					lines = append(lines, l.Points)
				}
			}
			for _, tp := range res.Tracepoints {
				if tp != nil {
					nMatched++
				}
			}
		}
		nPts += len(pts)
		c, x := overlap(tr.line, lines)
		if dir := os.Getenv("WAYMARK_MATCH_DUMP"); dir != "" && err == nil {
			name := fmt.Sprintf("%s/%s-s%.0f-e%.0f-o%.0f-g%v-%d.geojson", dir, a.pack, o.sigma, o.every, 100*o.outliers, o.gap, k)
			dumpTrace(t, name, tr, pts, res, c, x)
		}
		l := tr.at[len(tr.at)-1] // weight by duration ~ length
		totLen += l
		covLen += c * l
		extraLen += x * l
	}
	return covLen / totLen, extraLen / totLen, float64(nMatched) / float64(nPts)
}

// testSeed returns $WAYMARK_SEED (to replay a failure) or a fresh seed,
// and logs it.
func testSeed(t testing.TB) uint64 {
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("WAYMARK_SEED"); s != "" {
		if v, err := strconv.ParseUint(s, 10, 64); err == nil {
			seed = v
		}
	}
	t.Logf("seed %d (replay with WAYMARK_SEED=%d)", seed, seed)
	return seed
}

func TestMatchQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("quality table is slow")
	}
	seed := testSeed(t)
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-13s %6s %6s %-10s %9s %7s %8s\n", "pack", "sigma", "every", "variant", "coverage", "extra", "matched")
	for _, a := range []area{liArea, monacoArea} {
		e := openPack(t, a.pack)
		rng := rand.New(rand.NewPCG(seed, 1))
		// The gated row (σ = 10 m, every 5 s) runs over twice the
		// traces of the others: over 10 traces a few stacked or parallel
		// roads (Monaco's tunnels under its boulevards) swing coverage by
		// a point or two, and a run failed in about 40 at 94.6%.
		var truths []truth
		for range 20 {
			truths = append(truths, randomTruth(t, e, rng, a, 1500, 6000))
		}
		for _, sigma := range []float64{5, 10, 20} {
			for _, every := range []float64{1, 5, 15, 30} {
				variants := []variant{{"plain", traceOpts{every: every, sigma: sigma}, true}}
				if every == 1 || every == 5 {
					variants = append(variants, variant{"no-times", traceOpts{every: every, sigma: sigma, noTimes: true}, true})
				}
				if every == 5 {
					variants = append(variants,
						variant{"outliers5%", traceOpts{every: every, sigma: sigma, outliers: 0.05}, true},
						variant{"gap90s", traceOpts{every: every, sigma: sigma, gap: true}, false})
				}
				for _, v := range variants {
					gated := sigma == 10 && every == 5 && v.name == "plain"
					traces := truths[:10]
					if gated {
						traces = truths
					}
					cov, extra, matched := qualityRow(t, e, a, traces, rng, v.o, v.gaps)
					fmt.Fprintf(&table, "%-13s %5.0fm %5.0fs %-10s %8.1f%% %6.1f%% %7.1f%%\n", a.pack, sigma, every, v.name, 100*cov, 100*extra, 100*matched)
					if gated {
						if cov < 0.95 {
							t.Errorf("seed %d %s σ=10 m every 5 s: coverage %.1f%%, want >= 95%%", seed, a.pack, 100*cov)
						}
						if extra > 0.05 {
							t.Errorf("seed %d %s σ=10 m every 5 s: extra %.1f%%, want <= 5%%", seed, a.pack, 100*extra)
						}
					}
				}
			}
		}
	}
	t.Log(table.String())
}

// dumpTrace writes a GeoJSON of one quality trace (truth, matched legs,
// fixes with their snaps) for inspection: set WAYMARK_MATCH_DUMP=dir.
func dumpTrace(t *testing.T, name string, tr truth, pts []orb.Point, res *engine.MatchResult, coverage, extra float64) {
	fc := geojson.NewFeatureCollection()
	f := geojson.NewFeature(tr.line)
	f.Properties["kind"] = "truth"
	f.Properties["coverage"] = coverage
	f.Properties["extra"] = extra
	fc.Append(f)
	for mi, m := range res.Matchings {
		for li, l := range m.Legs {
			f := geojson.NewFeature(l.Points)
			f.Properties["kind"] = "leg"
			f.Properties["m"] = mi
			f.Properties["leg"] = li
			f.Properties["dist"] = l.Distance
			fc.Append(f)
		}
	}
	for i, p := range pts {
		f := geojson.NewFeature(p)
		f.Properties["i"] = i
		if tp := res.Tracepoints[i]; tp != nil {
			f.Properties["snap"] = tp.Location
			f.Properties["name"] = tp.Name
			f.Properties["alt"] = tp.AlternativesCount
		}
		fc.Append(f)
	}
	b, err := fc.MarshalJSON()
	if err == nil {
		err = os.WriteFile(name, b, 0o644)
	}
	if err != nil {
		t.Errorf("dump %s: %v", name, err)
	}
}
