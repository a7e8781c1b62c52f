package route_test

import (
	"context"
	"errors"
	"math/rand"
	"sync"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/internal/benchstat"
)

// benchSnaps memoizes randomSnaps across the b.N rounds of a benchmark.
var benchSnaps sync.Map

func cachedSnaps(b *testing.B, g *route.Graph, bb orb.Bound, seed int64, n int) []route.Snap {
	type key struct {
		g    *route.Graph
		seed int64
		n    int
	}
	k := key{g, seed, n}
	if v, ok := benchSnaps.Load(k); ok {
		return v.([]route.Snap)
	}
	s := randomSnaps(b, g, bb, rand.New(rand.NewSource(seed)), n)
	benchSnaps.Store(k, s)
	return s
}

// BenchmarkRoute: one route per op over 1,000 seeded random pairs of the
// main network (overview simplified, no steps: OSRM's default request).
func BenchmarkRoute(b *testing.B) {
	for _, name := range regionNames {
		pk := openGraphs(b, name)
		for _, prof := range route.Profiles {
			b.Run(name+"/"+prof.String(), func(b *testing.B) {
				g := pk.Graph(prof)
				snaps := cachedSnaps(b, g, pk.Info.Home, 1, 2000)
				var lat benchstat.Latencies
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					k := i % 1000
					lat.Time(func() {
						if _, err := g.Route(context.Background(), snaps[2*k:2*k+2], route.RouteOptions{}); err != nil {
							b.Fatal(err)
						}
					})
				}
				lat.Report(b)
			})
		}
	}
}

// BenchmarkRouteSteps: as BenchmarkRoute on LI driving, with steps and
// all annotations; cold: each route's junctions measured afresh (a graph
// keeps those of earlier routes: guide_cache.go).
func BenchmarkRouteSteps(b *testing.B) {
	pk := openGraphs(b, "liechtenstein")
	g := pk.Graph(route.Driving)
	snaps := cachedSnaps(b, g, pk.Info.Home, 1, 2000)
	opt := route.RouteOptions{Output: route.Output{Steps: true, Annotations: route.AnnotateAll}}
	for _, cold := range []bool{false, true} {
		name := "warm"
		if cold {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % 1000
				if cold {
					g.DropJunctions()
				}
				lat.Time(func() {
					if _, err := g.Route(context.Background(), snaps[2*k:2*k+2], opt); err != nil {
						b.Fatal(err)
					}
				})
			}
			lat.Report(b)
		})
	}
}

// BenchmarkTable25: a 25×25 duration+distance matrix per op (LI).
func BenchmarkTable25(b *testing.B) {
	pk := openGraphs(b, "liechtenstein")
	for _, prof := range route.Profiles {
		b.Run(prof.String(), func(b *testing.B) {
			g := pk.Graph(prof)
			snaps := cachedSnaps(b, g, pk.Info.Home, 2, 25*20)
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % 20
				set := snaps[25*k : 25*k+25]
				lat.Time(func() {
					if _, err := g.Table(context.Background(), set, set, route.TableOptions{Distances: true}); err != nil {
						b.Fatal(err)
					}
				})
			}
			lat.Report(b)
		})
	}
}

// BenchmarkNearest: one snap of a random point of LI's home area per op.
func BenchmarkNearest(b *testing.B) {
	pk := openGraphs(b, "liechtenstein")
	g := pk.Graph(route.Driving)
	rng := rand.New(rand.NewSource(3))
	bb := pk.Info.Home
	pts := make([]orb.Point, 1000)
	for i := range pts {
		pts[i] = orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
	}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pts[i%len(pts)]
		lat.Time(func() {
			if _, err := g.Snap(p, route.SnapOptions{Number: 1}); err != nil {
				b.Fatal(err)
			}
		})
	}
	lat.Report(b)
}

// BenchmarkRouteExclude: BenchmarkRoute driving with exclude=motorway,
// toll,ferry beside the same 1,000 pairs without (re-snapped off the
// excluded roads), on LI (no such roads: the cost of the masked search
// alone) and Andorra (the Envalira toll tunnel).
func BenchmarkRouteExclude(b *testing.B) {
	for _, name := range []string{"liechtenstein", "andorra"} {
		pk := openGraphs(b, name)
		g := pk.Graph(route.Driving)
		if g == nil {
			b.Skipf("%s: no driving graph", name)
		}
		for _, x := range []route.Exclude{0, route.ExcludeMotorway | route.ExcludeToll | route.ExcludeFerry} {
			label := x.String()
			if label == "" {
				label = "none"
			}
			b.Run(name+"/"+label, func(b *testing.B) {
				snaps := cachedSnaps(b, g, pk.Info.Home, 1, 2000)
				if x != 0 {
					moved := make([]route.Snap, len(snaps))
					for i, s := range snaps {
						r, err := g.Snap(s.Input, route.SnapOptions{Radius: 2000, Exclude: x})
						if err != nil {
							b.Fatal(err)
						}
						moved[i] = r[0]
					}
					snaps = moved
				}
				opt := route.RouteOptions{Exclude: x}
				var lat benchstat.Latencies
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					k := i % 1000
					lat.Time(func() {
						if _, err := g.Route(context.Background(), snaps[2*k:2*k+2], opt); err != nil && !errors.Is(err, route.ErrNoRoute) {
							b.Fatal(err)
						}
					})
				}
				lat.Report(b)
			})
		}
	}
}
