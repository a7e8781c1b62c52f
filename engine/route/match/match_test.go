package match

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// walk returns points every step meters along the node path, with Gaussian
// noise of sd meters, one second apart from t0, and the true edge of each.
func walk(nw *network, path []int, step, sd float64, rng *rand.Rand, t0 int64) ([]Point, []int) {
	var pts []Point
	var truth []int
	carry := 0.0
	tm := t0
	for k := 1; k < len(path); k++ {
		a, b := nw.nodes[path[k-1]], nw.nodes[path[k]]
		e := -1
		for _, x := range nw.adj[path[k-1]] {
			if g := nw.edges[x]; (g.a == path[k-1] && g.b == path[k]) || (g.b == path[k-1] && g.a == path[k]) {
				e = x
			}
		}
		l := math.Hypot(b.x-a.x, b.y-a.y)
		for s := carry; s < l; s += step {
			t := s / l
			x, y := a.x+t*(b.x-a.x), a.y+t*(b.y-a.y)
			if rng != nil {
				x += rng.NormFloat64() * sd
				y += rng.NormFloat64() * sd
			}
			pts = append(pts, Point{Location: toLonLat(x, y), Time: tm})
			truth = append(truth, e)
			tm++
			carry = s + step - l
		}
	}
	return pts, truth
}

func run(t *testing.T, nw *network, pts []Point, opt Options) (Result, [][]tcand, error) {
	t.Helper()
	cands, refs := nw.candidates(pts, 8)
	res, err := Match(pts, cands, nw.distances(refs), opt)
	return res, refs, err
}

// accuracy is the share of points matched onto their true edge.
func accuracy(res Result, refs [][]tcand, truth []int) float64 {
	ok := 0
	for i, tp := range res.Tracepoints {
		if tp.Matched && refs[i][tp.Candidate].edge == truth[i] {
			ok++
		}
	}
	return float64(ok) / float64(len(truth))
}

func TestParallelRoads(t *testing.T) {
	// Road A along y=0, road B along y=30; the trace follows A with noise.
	nw := &network{}
	a0, a1 := nw.node(0, 0), nw.node(1000, 0)
	b0, b1 := nw.node(0, 30), nw.node(1000, 30)
	ea := nw.edge(a0, a1, false)
	nw.edge(b0, b1, false)
	rng := rand.New(rand.NewPCG(1, 1))
	pts, _ := walk(nw, []int{a0, a1}, 20, 4, rng, 1000)
	for i := range pts {
		pts[i].Sigma = 12
	}
	res, refs, err := run(t, nw, pts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Matchings) != 1 {
		t.Fatalf("got %d matchings, want 1", len(res.Matchings))
	}
	for i, tp := range res.Tracepoints {
		if !tp.Matched || refs[i][tp.Candidate].edge != ea {
			t.Errorf("point %d matched %+v, want edge %d", i, tp, ea)
		}
	}
	if c := res.Matchings[0].Confidence; c < 0.5 || c > 1 {
		t.Errorf("confidence = %v, want in [0.5, 1]", c)
	}
}

func TestScenarios(t *testing.T) {
	// 6×6 grid, 100 m blocks; path goes east then north then east.
	path := []int{0, 1, 2, 8, 14, 15, 16, 22}
	tests := []struct {
		name      string
		mutate    func(pts []Point) ([]Point, Options)
		matchings int
		unmatched []int // trace indices expected unmatched
		wantErr   error
	}{
		{"clean", func(p []Point) ([]Point, Options) { return p, Options{} }, 1, nil, nil},
		{"outlier-far", func(p []Point) ([]Point, Options) {
			p[10].Location = toLonLat(250, 600) // no road within the search radius
			return p, Options{}
		}, 1, []int{10}, nil},
		{"time-gap-split", func(p []Point) ([]Point, Options) {
			for i := 20; i < len(p); i++ {
				p[i].Time += 120
			}
			return p, Options{Timestamps: true, SplitGaps: true}
		}, 2, nil, nil},
		{"time-gap-ignore", func(p []Point) ([]Point, Options) {
			for i := 20; i < len(p); i++ {
				p[i].Time += 120
			}
			return p, Options{Timestamps: true}
		}, 1, nil, nil},
		{"skip", func(p []Point) ([]Point, Options) {
			skip := make([]bool, len(p))
			skip[3], skip[4] = true, true
			return p, Options{Skip: skip}
		}, 1, []int{3, 4}, nil},
		{"waypoints", func(p []Point) ([]Point, Options) {
			return p, Options{Waypoints: []int{0, 10, len(p) - 1}}
		}, 1, nil, nil},
		{"waypoint-unmatched", func(p []Point) ([]Point, Options) {
			p[10].Location = toLonLat(250, 600)
			return p, Options{Waypoints: []int{0, 10, len(p) - 1}}
		}, 1, []int{10}, ErrNoMatch},
		{"bad-waypoints", func(p []Point) ([]Point, Options) {
			return p, Options{Waypoints: []int{5, 2}}
		}, 0, nil, ErrInput},
		{"all-off-road", func(p []Point) ([]Point, Options) {
			for i := range p {
				p[i].Location = toLonLat(5000, 5000)
			}
			return p, Options{}
		}, 0, nil, ErrNoMatch},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			nw := grid(6, 6, 100)
			rng := rand.New(rand.NewPCG(3, 3))
			pts, truth := walk(nw, path, 15, 3, rng, 1000)
			pts, opt := tc.mutate(pts)
			res, refs, err := run(t, nw, pts, opt)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("Match() error = %v, want %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if len(res.Matchings) != tc.matchings {
				t.Errorf("got %d matchings, want %d", len(res.Matchings), tc.matchings)
			}
			un := map[int]bool{}
			for _, u := range tc.unmatched {
				un[u] = true
				if res.Tracepoints[u].Matched {
					t.Errorf("point %d matched, want unmatched", u)
				}
			}
			ok, total := 0, 0
			for i, tp := range res.Tracepoints {
				if un[i] {
					continue
				}
				total++
				if tp.Matched && refs[i][tp.Candidate].edge == truth[i] {
					ok++
				}
			}
			if acc := float64(ok) / float64(total); acc < 0.9 {
				t.Errorf("accuracy %.2f, want >= 0.9", acc)
			}
			checkResult(t, res, len(pts))
		})
	}
}

// checkResult verifies the invariants tying matchings and tracepoints.
func checkResult(t *testing.T, res Result, n int) {
	t.Helper()
	if len(res.Tracepoints) != n {
		t.Fatalf("%d tracepoints, want %d", len(res.Tracepoints), n)
	}
	matched := 0
	prevLast := -1
	for mi, m := range res.Matchings {
		if len(m.Points) < 2 {
			t.Errorf("matching %d has %d points, want >= 2", mi, len(m.Points))
		}
		if m.Confidence < 0 || m.Confidence > 1 || math.IsNaN(m.Confidence) {
			t.Errorf("matching %d confidence %v out of [0, 1]", mi, m.Confidence)
		}
		for k, p := range m.Points {
			if k > 0 && p <= m.Points[k-1] {
				t.Errorf("matching %d points not increasing: %v", mi, m.Points)
			}
			if p <= prevLast {
				t.Errorf("matching %d overlaps the previous one", mi)
			}
			tp := res.Tracepoints[p]
			if !tp.Matched || tp.Matching != mi || tp.Index != k || tp.Candidate != m.Candidates[k] {
				t.Errorf("tracepoint %d = %+v, want matching %d index %d", p, tp, mi, k)
			}
		}
		prevLast = m.Points[len(m.Points)-1]
		matched += len(m.Points)
	}
	cnt := 0
	for _, tp := range res.Tracepoints {
		if tp.Matched {
			cnt++
		}
	}
	if cnt != matched {
		t.Errorf("%d matched tracepoints, matchings hold %d", cnt, matched)
	}
}

func TestDisconnected(t *testing.T) {
	// Two separate roads 300 m apart in a line: the trace jumps from one
	// to the other, so it splits into two matchings.
	nw := &network{}
	a0, a1 := nw.node(0, 0), nw.node(500, 0)
	b0, b1 := nw.node(800, 0), nw.node(1300, 0)
	nw.edge(a0, a1, false)
	nw.edge(b0, b1, false)
	var pts []Point
	for x := 0.0; x <= 1300; x += 25 {
		pts = append(pts, Point{Location: toLonLat(x, 2)})
	}
	res, _, err := run(t, nw, pts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Matchings) != 2 {
		t.Fatalf("got %d matchings, want 2", len(res.Matchings))
	}
	checkResult(t, res, len(pts))
}

func TestOneway(t *testing.T) {
	// Two parallel one-way roads 20 m apart in opposite directions; a
	// trace driving west→east between them belongs to the eastbound one.
	nw := &network{}
	e0, e1 := nw.node(0, 0), nw.node(1000, 0)
	w0, w1 := nw.node(1000, 20), nw.node(0, 20)
	east := nw.edge(e0, e1, true)
	nw.edge(w0, w1, true)
	var pts []Point
	for x := 0.0; x <= 1000; x += 50 {
		pts = append(pts, Point{Location: toLonLat(x, 10), Sigma: 10})
	}
	res, refs, err := run(t, nw, pts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, tp := range res.Tracepoints {
		if !tp.Matched || refs[i][tp.Candidate].edge != east {
			t.Errorf("point %d on %+v, want the eastbound edge", i, tp)
		}
	}
}

func TestRandomWalksInvariant(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 9))
	nw := grid(10, 10, 120)
	var accSum float64
	const runs = 20
	for r := 0; r < runs; r++ {
		path := randomPath(nw, 10, rng)
		pts, truth := walk(nw, path, 10+rng.Float64()*40, 2+rng.Float64()*6, rng, 0)
		for i := range pts {
			pts[i].Sigma = 10
		}
		if rng.IntN(2) == 0 && len(pts) > 5 {
			pts[len(pts)/2].Location = toLonLat(-500, -500)
		}
		res, refs, err := run(t, nw, pts, Options{})
		if err != nil {
			t.Fatalf("seed %d run %d: %v", seed, r, err)
		}
		checkResult(t, res, len(pts))
		accSum += accuracy(res, refs, truth)
	}
	if acc := accSum / runs; acc < 0.85 {
		t.Errorf("seed %d: mean accuracy %.3f, want >= 0.85", seed, acc)
	}
}

// randomPath walks k grid nodes without immediate reversal.
func randomPath(nw *network, k int, rng *rand.Rand) []int {
	cur := rng.IntN(len(nw.nodes))
	path := []int{cur}
	prev := -1
	for len(path) < k {
		var next []int
		for _, e := range nw.adj[cur] {
			g := nw.edges[e]
			o := g.a
			if o == cur {
				o = g.b
			}
			if o != prev {
				next = append(next, o)
			}
		}
		prev, cur = cur, next[rng.IntN(len(next))]
		path = append(path, cur)
	}
	return path
}

func TestTidy(t *testing.T) {
	pt := func(x float64, tm int64) Point { return Point{Location: toLonLat(x, 0), Time: tm} }
	tests := []struct {
		name      string
		pts       []Point
		times     bool
		waypoints []int
		want      []bool
	}{
		{"close points dropped", []Point{pt(0, 0), pt(5, 1), pt(10, 2), pt(20, 3), pt(40, 4)}, false, nil,
			[]bool{false, true, true, false, false}},
		{"needs time too", []Point{pt(0, 0), pt(20, 1), pt(40, 6), pt(60, 7), pt(80, 8)}, true, nil,
			[]bool{false, true, false, true, false}},
		{"out of order", []Point{pt(0, 10), pt(50, 20), pt(100, 15), pt(150, 30), pt(200, 40)}, true, nil,
			[]bool{false, false, true, false, false}},
		{"waypoint kept", []Point{pt(0, 0), pt(5, 1), pt(10, 2), pt(40, 4)}, false, []int{1},
			[]bool{false, false, true, false}},
		{"short", []Point{pt(0, 0), pt(1, 1)}, true, nil, []bool{false, false}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Tidy(tc.pts, tc.times, tc.waypoints)
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("Tidy() = %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func BenchmarkMatchGrid1000(b *testing.B) {
	nw := grid(30, 30, 100)
	rng := rand.New(rand.NewPCG(5, 5))
	var pts []Point
	for len(pts) < 1000 {
		p, _ := walk(nw, randomPath(nw, 40, rng), 20, 5, rng, 0)
		pts = append(pts, p...)
	}
	pts = pts[:1000]
	cands, refs := nw.candidates(pts, 8)
	dist := nw.distances(refs)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Match(pts, cands, dist, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(pts))/b.Elapsed().Seconds(), "points/s")
}

func TestAlternativesCountPositions(t *testing.T) {
	// Two fixes 50 m apart, each with a road position seen in both
	// directions (twins 0 and 1) and one more position 2 m farther.
	p0, p1 := toLonLat(0, 0), toLonLat(50, 0)
	pts := []Point{{Location: p0}, {Location: p1}}
	cands := [][]Candidate{
		{{Location: p0, Distance: 1, Twin: 2}, {Location: p0, Distance: 1, Twin: 1}, {Location: p0, Distance: 3}},
		{{Location: p1, Distance: 1, Twin: 2}, {Location: p1, Distance: 1, Twin: 1}, {Location: p1, Distance: 3}},
	}
	dist := func(_, _ int, from, to []int, _ float64, out []float64) {
		for i := range from {
			for j := range to {
				out[i*len(to)+j] = 50
			}
		}
	}
	res, err := Match(pts, cands, dist, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k, a := range res.Matchings[0].Alternatives {
		if a != 1 {
			t.Errorf("point %d alternatives_count = %d, want 1 (twins are one position)", k, a)
		}
	}
}

func TestOutlierOnOtherRoad(t *testing.T) {
	tests := []struct {
		name      string
		connected bool // the stray road joins the grid
	}{
		{"disconnected road", false},
		{"connected spur", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// East along y=0 on a 6×6 grid (100 m blocks); a stray road
			// 60 m south of it, where fix 8 lands.
			nw := grid(6, 6, 100)
			s0, s1 := nw.node(150, -60), nw.node(350, -60)
			nw.edge(s0, s1, false)
			if tc.connected {
				nw.edge(s0, 1, false) // joins grid node (100, 0)
			}
			rng := rand.New(rand.NewPCG(8, 8))
			pts, truth := walk(nw, []int{0, 1, 2, 3, 4, 5}, 23, 2, rng, 0)
			for i := range pts {
				pts[i].Sigma = 10
			}
			pts[8].Location = toLonLat(200, -60)
			res, refs, err := run(t, nw, pts, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Matchings) != 1 {
				t.Errorf("got %d matchings, want 1", len(res.Matchings))
			}
			if res.Tracepoints[8].Matched {
				t.Errorf("outlier fix 8 matched on edge %d, want unmatched", refs[8][res.Tracepoints[8].Candidate].edge)
			}
			for i, tp := range res.Tracepoints {
				if i != 8 && (!tp.Matched || refs[i][tp.Candidate].edge != truth[i]) {
					t.Errorf("fix %d: %+v, want on edge %d", i, tp, truth[i])
				}
			}
			checkResult(t, res, len(pts))
		})
	}
}
