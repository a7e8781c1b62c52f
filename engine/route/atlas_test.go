package route_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// cutGraphs opens the packs of the LI cut (testpacks.Cut).
func cutGraphs(tb testing.TB) (north, south, merged *pack.Pack) {
	tb.Helper()
	cut := testpacks.Cut(tb)
	open := func(p string) *pack.Pack {
		pk, err := pack.Open(p)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { pk.Close() })
		return pk
	}
	return open(cut.North), open(cut.South), open(cut.Merged)
}

// crossPairs draws seeded pairs of points north of the cut's overlap and
// south of it, snapped in the north, south and merged graphs.
type crossPair struct {
	a, b   orb.Point
	sa, sb route.Snap // north, south
	ma, mb route.Snap // merged
}

func crossPairs(tb testing.TB, north, south, merged *route.Graph, rng *rand.Rand, n int) []crossPair {
	var out []crossPair
	for len(out) < n {
		a := orb.Point{9.50 + rng.Float64()*0.06, 47.20 + rng.Float64()*0.03}
		b := orb.Point{9.50 + rng.Float64()*0.05, 47.06 + rng.Float64()*0.06}
		sa, e1 := north.Snap(a, route.SnapOptions{Ties: true})
		sb, e2 := south.Snap(b, route.SnapOptions{Ties: true})
		ma, e3 := merged.Snap(a, route.SnapOptions{Ties: true})
		mb, e4 := merged.Snap(b, route.SnapOptions{Ties: true})
		if e1 != nil || e2 != nil || e3 != nil || e4 != nil {
			continue
		}
		// the same road in the part as in the merged pack
		if math.Abs(sa[0].Distance-ma[0].Distance) > 0.01 || math.Abs(sb[0].Distance-mb[0].Distance) > 0.01 {
			continue
		}
		out = append(out, crossPair{a: a, b: b, sa: sa[0], sb: sb[0], ma: ma[0], mb: mb[0]})
	}
	return out
}

// TestAtlasRoutesAcrossTheCut: the north and south packs of the LI cut,
// joined in an Atlas, route across the cut by car and on foot as the pack
// of both parts does: durations and distances within 1%, steps included
// (the same maneuvers in the same order on nearly every route).
func TestAtlasRoutesAcrossTheCut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the LI cut packs")
	}
	north, south, merged := cutGraphs(t)
	ctx := context.Background()
	for _, prof := range route.Profiles {
		at := route.NewAtlas([]*route.Graph{north.Graph(prof), south.Graph(prof)})
		if !at.Connected(0, 1) {
			t.Fatalf("%s: the north and south graphs are not joined", prof)
		}
		seed := int64(31)
		t.Logf("%s: seed %d, %d crossings", prof, seed, at.Crossings())
		rng := rand.New(rand.NewSource(seed))
		mg := merged.Graph(prof)
		sameSteps, ownSteps, n, worst := 0, 0, 0, 0.0
		for _, p := range crossPairs(t, north.Graph(prof), south.Graph(prof), mg, rng, 60) {
			opt := route.RouteOptions{Output: route.Output{Steps: true, Annotations: route.AnnotateAll, Overview: route.OverviewFull}}
			want, werr := mg.Route(ctx, []route.Snap{p.ma, p.mb}, opt)
			got, gerr := at.Route(ctx, []route.Stop{{Graph: 0, Snap: p.sa}, {Graph: 1, Snap: p.sb}}, opt)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s %v→%v: atlas err %v, merged err %v", prof, p.a, p.b, gerr, werr)
			}
			if werr != nil {
				continue
			}
			n++
			w, g := want[0], got[0]
			dd, dt := math.Abs(g.Distance-w.Distance)/w.Distance, math.Abs(g.Duration-w.Duration)/w.Duration
			worst = math.Max(worst, math.Max(dd, dt))
			if dd > 0.01 || dt > 0.01 {
				t.Errorf("%s %v→%v: atlas %.1f s %.1f m, merged pack %.1f s %.1f m", prof, p.a, p.b, g.Duration, g.Distance, w.Duration, w.Distance)
			}
			checkLeg(t, fmt.Sprintf("%s %v→%v", prof, p.a, p.b), g.Legs[0])
			if g.WeightName != w.WeightName {
				t.Errorf("%s: weight_name %q, merged pack's %q", prof, g.WeightName, w.WeightName)
			}
			switch {
			case maneuvers(g.Legs[0]) == maneuvers(w.Legs[0]):
				sameSteps++
			case partDiffers(t, south.Graph(prof), mg, g.Legs[0], w.Legs[0], p.b):
				ownSteps++
			default:
				t.Logf("%s %v→%v steps differ:\n atlas  %s\n merged %s\n%s", prof, p.a, p.b, maneuvers(g.Legs[0]), maneuvers(w.Legs[0]),
					at.DebugChain(route.Stop{Graph: 0, Snap: p.sa}, route.Stop{Graph: 1, Snap: p.sb}))
			}
		}
		t.Logf("%s: %d routes, worst difference %.3f%%, the merged pack's steps on %d, the south pack's own on %d more", prof, n, 100*worst, sameSteps, ownSteps)
		if n < 50 {
			t.Errorf("%s: only %d routes compared", prof, n)
		}
		if sameSteps+ownSteps < n*9/10 {
			t.Errorf("%s: the same steps on %d (+%d) of %d routes, want ≥ 90%%", prof, sameSteps, ownSteps, n)
		}
	}
}

// partDiffers reports whether the steps of an atlas leg got and the
// merged pack's want first differ south of the cut's overlap where the
// south pack alone words the route on from the last step they share as
// the atlas does, and unlike the merged pack: the parts' own data, not
// their joining (the south part alone and the merged pack word a
// pedestrian square in Vaduz differently).
func partDiffers(t *testing.T, south, merged *route.Graph, got, want route.Leg, to orb.Point) bool {
	k := 0
	for k < len(got.Steps) && k < len(want.Steps) && maneuvers(route.Leg{Steps: got.Steps[k : k+1]}) == maneuvers(route.Leg{Steps: want.Steps[k : k+1]}) {
		k++
	}
	if k == 0 || k >= len(got.Steps) {
		return false
	}
	from := got.Steps[k-1].Maneuver.Location
	if from[1] > testpacks.CutSouth {
		return false
	}
	words := func(g *route.Graph) string {
		a, err1 := g.Snap(from, route.SnapOptions{Ties: true})
		b, err2 := g.Snap(to, route.SnapOptions{Ties: true})
		if err1 != nil || err2 != nil {
			return ""
		}
		r, err := g.Route(context.Background(), []route.Snap{a[0], b[0]}, route.RouteOptions{Output: route.Output{Steps: true}})
		if err != nil {
			return ""
		}
		return maneuvers(route.Leg{Steps: r[0].Legs[0].Steps[1:]})
	}
	s, m := words(south), words(merged)
	return s != m && s == maneuvers(route.Leg{Steps: got.Steps[k:]})
}

// maneuvers lists a leg's steps as type, modifier and name.
func maneuvers(l route.Leg) string {
	s := ""
	for _, st := range l.Steps {
		s += fmt.Sprintf("[%s %s %q %.5f,%.5f] ", st.Maneuver.Type, st.Maneuver.Modifier, st.Name, st.Maneuver.Location[0], st.Maneuver.Location[1])
	}
	return s
}

// checkLeg checks a leg's parts agree: its steps' distances sum to its
// own, its annotations have one entry per segment of its geometry.
func checkLeg(t *testing.T, what string, l route.Leg) {
	t.Helper()
	sum := 0.0
	for _, st := range l.Steps {
		sum += st.Distance
	}
	if math.Abs(sum-l.Distance) > 0.5 {
		t.Errorf("%s: steps sum to %.1f m, leg %.1f m", what, sum, l.Distance)
	}
	if a := l.Annotation; a != nil {
		if len(a.Distance) != len(l.Points)-1 || len(a.Nodes) != len(l.Points) || len(a.Duration) != len(a.Distance) || len(a.Speed) != len(a.Distance) {
			t.Errorf("%s: %d points, annotations: %d nodes %d distances %d durations %d speeds", what, len(l.Points),
				len(a.Nodes), len(a.Distance), len(a.Duration), len(a.Speed))
		}
		d := 0.0
		for _, x := range a.Distance {
			d += x
		}
		if math.Abs(d-l.Distance) > 0.5 {
			t.Errorf("%s: annotation distances sum to %.1f m, leg %.1f m", what, d, l.Distance)
		}
	}
}

// BenchmarkAtlasRoute: routes across the LI cut through the Atlas of its
// north and south packs, and the same routes on the pack of both parts
// (merged), timed in turn request by request; the atlas rows report the
// ratio of their p50s (×merged; target ≤ 1.5).
func BenchmarkAtlasRoute(b *testing.B) {
	north, south, merged := cutGraphs(b)
	ctx := context.Background()
	for _, prof := range route.Profiles {
		at := route.NewAtlas([]*route.Graph{north.Graph(prof), south.Graph(prof)})
		mg := merged.Graph(prof)
		pairs := crossPairs(b, north.Graph(prof), south.Graph(prof), mg, rand.New(rand.NewSource(7)), 200)
		for _, steps := range []bool{false, true} {
			opt := route.RouteOptions{Output: route.Output{Steps: steps}}
			name := prof.String()
			if steps {
				name += "/steps"
			}
			b.Run(name, func(b *testing.B) {
				var lat, base benchstat.Latencies
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					p := pairs[i%len(pairs)]
					base.Time(func() { _, _ = mg.Route(ctx, []route.Snap{p.ma, p.mb}, opt) })
					lat.Time(func() {
						if _, err := at.Route(ctx, []route.Stop{{Graph: 0, Snap: p.sa}, {Graph: 1, Snap: p.sb}}, opt); err != nil {
							b.Fatal(err)
						}
					})
				}
				b.StopTimer()
				lat.Report(b)
				b.ReportMetric(float64(base.Percentile(50).Nanoseconds()), "merged-p50-ns")
				b.ReportMetric(float64(lat.Percentile(50))/float64(base.Percentile(50)), "×merged")
			})
		}
	}
}
