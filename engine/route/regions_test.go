package route_test

import (
	"context"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/testpacks"
	"waymark/regions"
)

// roadsPack returns a pack holding the roads stage for a shared extract
// (testpacks.WithStages).
func roadsPack(tb testing.TB, name string) string {
	tb.Helper()
	return testpacks.WithStages(tb, name, regions.RoadsStage())
}

func openGraphs(tb testing.TB, name string) *pack.Pack {
	tb.Helper()
	pk, err := pack.Open(roadsPack(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { pk.Close() })
	return pk
}

// randomSnaps snaps n random points of the pack's home area within 250 m
// of a road onto the main
// network (points whose nearest road lies in a tiny disconnected component
// are drawn again).
func randomSnaps(tb testing.TB, g *route.Graph, b orb.Bound, rng *rand.Rand, n int) []route.Snap {
	tb.Helper()
	out := make([]route.Snap, 0, n)
	for len(out) < n {
		p := orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])}
		s, err := g.Snap(p, route.SnapOptions{Radius: 2000})
		// near a road: the home area holds the sea off Monaco, whose
		// points all snap to the same coast road, 1-2 km away (routes of
		// 0 m from a point to itself)
		if err != nil || !g.InMainNetwork(s[0]) || s[0].Distance > 250 {
			continue
		}
		out = append(out, s[0])
	}
	return out
}

var regionNames = []string{"liechtenstein", "monaco", "andorra"}

// TestCHEqualsDijkstraOnRegions: for seeded random pairs, the CH weight
// equals plain Dijkstra's on the same edge-based graph, half of them with
// a random exclusion of the profile's classes (snapped without them).
func TestCHEqualsDijkstraOnRegions(t *testing.T) {
	for _, name := range regionNames {
		pk := openGraphs(t, name)
		for _, prof := range route.Profiles {
			n := 1000
			if name != "liechtenstein" || testing.Short() {
				n = 200
			}
			seed := int64(len(name))*31 + int64(prof)
			t.Logf("%s %s: seed %d, %d pairs", name, prof, seed, n)
			rng := rand.New(rand.NewSource(seed))
			g := pk.Graph(prof)
			if g == nil {
				t.Logf("%s: no %s graph (a pack from before that profile)", name, prof)
				continue
			}
			t.Logf("%s %s: %d of %d hierarchy edges have an excludable class", name, prof, g.ClassedEdges(), g.NumShortcuts())
			snaps := randomSnaps(t, g, pk.Info.Home, rng, 2*n)
			bad := 0
			for i := 0; i < n; i++ {
				s, d := snaps[2*i], snaps[2*i+1]
				var x route.Exclude
				if i%2 == 1 {
					x = route.Exclude(rng.Intn(8)) & prof.Excludable()
					for _, sn := range []*route.Snap{&s, &d} {
						if r, err := g.Snap(sn.Input, route.SnapOptions{Radius: 2000, Exclude: x}); err == nil {
							*sn = r[0]
						}
					}
				}
				w1, ok1 := g.CHWeight(s, d, x)
				w2, ok2 := g.DijkstraWeight(s, d, x)
				if ok1 != ok2 || (ok1 && w1 != w2) {
					bad++
					if bad <= 3 {
						t.Errorf("%s %s seed %d pair %d exclude %v: CH %d,%v Dijkstra %d,%v", name, prof, seed, i, x, w1, ok1, w2, ok2)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s %s seed %d: %d of %d pairs differ", name, prof, seed, bad, n)
			}
		}
	}
}

// TestRegionRoutesPlausible: random pairs route, with plausible speeds,
// the table equals the routes, and the steps the guidance passes leave
// cover the route (their distances and durations sum to the leg's), each
// with an OSRM maneuver type and an intersection.
func TestRegionRoutesPlausible(t *testing.T) {
	for _, name := range regionNames {
		pk := openGraphs(t, name)
		for _, prof := range route.Profiles {
			seed := int64(len(name))*7 + int64(prof)
			rng := rand.New(rand.NewSource(seed))
			g := pk.Graph(prof)
			snaps := randomSnaps(t, g, pk.Info.Home, rng, 20)
			tab, err := g.Table(context.Background(), snaps[:10], snaps[10:], route.TableOptions{Distances: true})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 10; i++ {
				for j := 0; j < 10; j++ {
					out := route.Output{Steps: true, Annotations: route.AnnotateNodes | route.AnnotateDistance, Overview: route.OverviewFull}
					rs, err := g.Route(context.Background(), []route.Snap{snaps[i], snaps[10+j]}, route.RouteOptions{Output: out})
					if err != nil {
						t.Errorf("%s %s seed %d: route %d→%d: %v", name, prof, seed, i, j, err)
						continue
					}
					r := rs[0]
					var dist, dur float64
					for k, st := range r.Legs[0].Steps {
						dist, dur = dist+st.Distance, dur+st.Duration
						if st.Maneuver.Type > route.UseLane || len(st.Intersections) == 0 {
							t.Errorf("%s %s seed %d: route %d→%d step %d: type %d, %d intersections", name, prof, seed, i, j, k, st.Maneuver.Type, len(st.Intersections))
						}
					}
					// one point per node: the pieces of a route meet at a
					// node's exact coordinates (they once repeated it 1e-11°
					// away, with the node id twice in the annotation)
					a := r.Legs[0].Annotation
					for k := 1; k < len(a.Nodes); k++ {
						if a.Nodes[k] == a.Nodes[k-1] || a.Distance[k-1] < 1e-3 {
							t.Errorf("%s %s seed %d: route %d→%d point %d repeats node %d (%.2g m)", name, prof, seed, i, j, k, a.Nodes[k], a.Distance[k-1])
							break
						}
					}
					if math.Abs(dist-r.Distance) > 0.5 || math.Abs(dur-r.Duration) > 0.05 {
						t.Errorf("%s %s seed %d: route %d→%d steps sum to %.1f m, %.1f s; route %.1f m, %.1f s", name, prof, seed, i, j, dist, dur, r.Distance, r.Duration)
					}
					if math.Abs(r.Duration-tab.Durations[i][j]) > 0.1 {
						t.Errorf("%s %s seed %d: table[%d][%d] %.1f s, route %.1f s", name, prof, seed, i, j, tab.Durations[i][j], r.Duration)
					}
					if r.Distance > 200 {
						kmh := r.Distance / r.Duration * 3.6
						lo, hi := 5.0, 120.0
						switch prof {
						case route.Walking:
							lo, hi = 2, 6
						case route.Cycling:
							// bicycle.lua pushes the bike where riding is
							// not allowed, at walking speed (4 km/h) and 2
							// km/h up steps: a short route from a footway
							// snap (Monaco's stepped lanes) is pushed
							// throughout and pays turn costs: 3.6-4.5 km/h
							// for five Monaco pairs here, on the pedestrian's
							// own path (as long, 15-40% slower: the steps at
							// 2 km/h). So the floor is the steps' speed, the
							// ceiling a fast downhill ride; a route under a
							// rider's 5 km/h must push somewhere
							lo, hi = 2, 40
							if kmh < 5 && !slices.ContainsFunc(r.Legs[0].Steps, func(st route.Step) bool { return st.Mode == "pushing bike" }) {
								t.Errorf("%s %s seed %d: route %d→%d at %.1f km/h pushes nowhere", name, prof, seed, i, j, kmh)
							}
						}
						if kmh < lo || kmh > hi {
							t.Errorf("%s %s seed %d: route %d→%d %.0f m in %.0f s = %.1f km/h", name, prof, seed, i, j, r.Distance, r.Duration, kmh)
						}
					}
				}
			}
		}
	}
}

// TestAlternatives: alternatives differ from the best route, stay within
// the stretch limit and never beat it.
func TestAlternatives(t *testing.T) {
	pk := openGraphs(t, "liechtenstein")
	g := pk.Graph(route.Driving)
	seed := int64(11)
	t.Logf("seed %d", seed)
	snaps := randomSnaps(t, g, pk.Info.Home, rand.New(rand.NewSource(seed)), 60)
	found := 0
	for i := 0; i < 30; i++ {
		rs, err := g.Route(context.Background(), snaps[2*i:2*i+2], route.RouteOptions{Alternatives: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) > 4 {
			t.Fatalf("seed %d pair %d: %d routes for 3 alternatives", seed, i, len(rs))
		}
		for _, a := range rs[1:] {
			found++
			if a.Duration < rs[0].Duration-0.1 || a.Duration > rs[0].Duration*1.26 {
				t.Errorf("seed %d pair %d: alternative %.1f s, best %.1f s", seed, i, a.Duration, rs[0].Duration)
			}
			if slices.Equal(a.Points, rs[0].Points) {
				t.Errorf("seed %d pair %d: alternative equals the best route", seed, i)
			}
		}
	}
	if found == 0 {
		t.Errorf("seed %d: no alternative in 30 pairs", seed)
	}
	t.Logf("%d alternatives for 30 pairs", found)
}

func TestGraphLoadTime(t *testing.T) {
	p := roadsPack(t, "liechtenstein")
	pk, err := pack.Open(p) // warm the file cache
	if err != nil {
		t.Fatal(err)
	}
	pk.Close()
	res := testing.Benchmark(func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			pk, err := pack.Open(p)
			if err != nil {
				b.Fatal(err)
			}
			pk.Close()
		}
	})
	t.Logf("open LI pack with both graphs: %s", res.T/time.Duration(max(1, res.N)))
}

// TestCoarseIndexOnRegions: the coarse level of snapping (the fine grid's
// cells by coarse cell) gives every coarse cell the segments a grid of
// coarse cells lists, which it replaced.
func TestCoarseIndexOnRegions(t *testing.T) {
	for _, name := range regionNames {
		pk := openGraphs(t, name)
		for _, prof := range route.Profiles {
			cells, diffs := pk.Graph(prof).CoarseDisagreements()
			t.Logf("%s %s: %d coarse cells", name, prof, cells)
			if cells == 0 {
				t.Errorf("%s %s: no coarse cell", name, prof)
			}
			for i, d := range diffs {
				if i == 5 {
					t.Errorf("%s %s: ... %d differences", name, prof, len(diffs))
					break
				}
				t.Errorf("%s %s: %s", name, prof, d)
			}
		}
	}
}

// TestStepsWithWarmJunctions: routes computed in parallel on a graph
// whose junctions earlier routes measured (guide_cache.go) have the same
// steps as each route on a graph that measured none.
func TestStepsWithWarmJunctions(t *testing.T) {
	pk := openGraphs(t, "liechtenstein")
	g := pk.Graph(route.Driving)
	const seed, n = 11, 60
	snaps := randomSnaps(t, g, pk.Info.Home, rand.New(rand.NewSource(seed)), 2*n)
	opt := route.RouteOptions{Output: route.Output{Steps: true}}
	cold := make([][]route.Step, n)
	for k := range cold {
		g.DropJunctions()
		rs, err := g.Route(context.Background(), snaps[2*k:2*k+2], opt)
		if err != nil {
			t.Fatalf("seed %d: route %d: %v", seed, k, err)
		}
		cold[k] = rs[0].Legs[0].Steps
	}
	g.DropJunctions()
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := range cold {
				k := (k + w*n/4) % n
				rs, err := g.Route(context.Background(), snaps[2*k:2*k+2], opt)
				if err != nil {
					t.Errorf("seed %d: route %d: %v", seed, k, err)
					return
				}
				if got := rs[0].Legs[0].Steps; !reflect.DeepEqual(got, cold[k]) {
					t.Errorf("seed %d: route %d: steps differ with warm junctions", seed, k)
				}
			}
		}(w)
	}
	wg.Wait()
}
