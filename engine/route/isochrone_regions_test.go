package route_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// isoOrigins are the isochrones' origins of the region tests: Vaduz,
// Monte-Carlo and Andorra la Vella.
var isoOrigins = map[string]orb.Point{"liechtenstein": {9.5209, 47.1410}, "monaco": {7.4279, 43.7394}, "andorra": {1.5218, 42.5063}}

// TestIsochroneAgreesWithRoutes: of 500 seeded random points inside a
// contour's bounds, one whose route from the origin is within the
// contour's time lies inside its polygons and one beyond (or without a
// route, or farther than IsochroneAccess from every road) outside, but
// for points within 100 m of the boundary: at least 97% agree (the
// issue's measure), for driving, walking and cycling contours of 5 and
// 15 minutes (walking 15 and 30) on LI, Monaco and Andorra, whose
// contours have holes; as the grid's outline and generalized by a cell
// (the API's and the window's default).
func TestIsochroneAgreesWithRoutes(t *testing.T) {
	for _, gen := range []float64{0, route.AutoGeneralize} {
		t.Run(fmt.Sprintf("generalize=%v", gen), func(t *testing.T) { isochroneAgreesWithRoutes(t, gen) })
	}
}

func isochroneAgreesWithRoutes(t *testing.T, gen float64) {
	for name, origin := range isoOrigins {
		pk := openGraphs(t, name)
		regionHoles := 0
		for _, prof := range route.Profiles {
			g := pk.Graph(prof)
			// ISO_ONLY=andorra/cycling runs one region's profile
			if g == nil || os.Getenv("ISO_ONLY") != "" && os.Getenv("ISO_ONLY") != name+"/"+prof.String() {
				continue
			}
			limits := []float64{300, 900}
			if prof == route.Walking {
				limits = []float64{900, 1800}
			}
			s, err := g.Snap(origin, route.SnapOptions{Radius: 2000})
			if err != nil {
				t.Fatal(err)
			}
			cs, err := g.Isochrone(context.Background(), s[0], route.IsochroneOptions{Limits: limits, Generalize: gen})
			if err != nil {
				t.Fatal(err)
			}
			seed := int64(len(name))*13 + int64(prof)
			rng := rand.New(rand.NewSource(seed))
			for _, c := range cs {
				var mp orb.MultiPolygon
				for _, p := range c.Polygons {
					mp = append(mp, p)
				}
				if len(mp) == 0 {
					t.Fatalf("%s %s %v s: no polygon", name, prof, c.Limit)
				}
				if !planar.MultiPolygonContains(mp, s[0].Location) {
					t.Errorf("%s %s %v s: the origin is outside", name, prof, c.Limit)
				}
				b := mp.Bound()
				agree, counted, near := 0, 0, 0
				for counted+near < 500 {
					p := orb.Point{b.Min[0] + rng.Float64()*(b.Max[0]-b.Min[0]), b.Min[1] + rng.Float64()*(b.Max[1]-b.Min[1])}
					if boundaryDistance(mp, p) < 100 {
						near++
						continue
					}
					counted++
					within := false
					dur, sd := -1.0, -1.0
					if d, err := g.Snap(p, route.SnapOptions{Radius: route.IsochroneAccess}); err == nil {
						sd = d[0].Distance
						rs, err := g.Route(context.Background(), []route.Snap{s[0], d[0]}, route.RouteOptions{})
						if err != nil && !errors.Is(err, route.ErrNoRoute) {
							t.Fatal(err)
						}
						within = err == nil && rs[0].Duration <= c.Limit
						if err == nil {
							dur = rs[0].Duration
						}
					}
					if within == planar.MultiPolygonContains(mp, p) {
						agree++
					} else if counted-agree <= 5 {
						t.Logf("%s %s %v s: %v routed within %v (%.0f s, snapped %.0f m away), %.0f m from the boundary", name, prof, c.Limit, p, within, dur, sd, boundaryDistance(mp, p))
					}
				}
				share := float64(agree) / float64(counted)
				holes := 0
				for _, p := range mp {
					holes += len(p) - 1
				}
				t.Logf("%s %s %4.0f s: %d polygons, %d holes, %d of %d points agree (%.1f%%), %d within 100 m of the boundary (seed %d)",
					name, prof, c.Limit, len(mp), holes, agree, counted, 100*share, near, seed)
				regionHoles += holes
				if share < 0.97 {
					t.Errorf("%s %s %v s: %.1f%% of points agree, want ≥ 97%%", name, prof, c.Limit, 100*share)
				}
			}
		}
		if regionHoles == 0 && os.Getenv("ISO_ONLY") == "" {
			t.Errorf("%s: no contour has a hole (a mountain or a lake between the roads reached)", name)
		}
	}
}

// TestIsochroneReusesBuffers: an isochrone drawn after a larger one on
// the same graph (its grid's arrays reused) equals the one drawn first.
func TestIsochroneReusesBuffers(t *testing.T) {
	pk := openGraphs(t, "liechtenstein")
	g := pk.Graph(route.Walking)
	s, err := g.Snap(isoOrigins["liechtenstein"], route.SnapOptions{Radius: 2000})
	if err != nil {
		t.Fatal(err)
	}
	draw := func(limit float64) []route.Contour {
		cs, err := g.Isochrone(context.Background(), s[0], route.IsochroneOptions{Limits: []float64{limit}})
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	first := draw(600)
	draw(3600)
	if again := draw(600); !reflect.DeepEqual(first, again) {
		t.Errorf("a 10-minute walk drawn again after an hour's differs: %d then %d polygons", len(first[0].Polygons), len(again[0].Polygons))
	}
}

// boundaryDistance is the distance in meters from p to the nearest ring
// of mp.
func boundaryDistance(mp orb.MultiPolygon, p orb.Point) float64 {
	mLon := 111320 * math.Cos(p[1]*math.Pi/180)
	best := math.Inf(1)
	for _, poly := range mp {
		for _, r := range poly {
			for i := 0; i+1 < len(r); i++ {
				ax, ay := (r[i][0]-p[0])*mLon, (r[i][1]-p[1])*111320
				bx, by := (r[i+1][0]-p[0])*mLon, (r[i+1][1]-p[1])*111320
				dx, dy := bx-ax, by-ay
				u := 0.0
				if l := dx*dx + dy*dy; l > 0 {
					u = math.Max(0, math.Min(1, -(ax*dx+ay*dy)/l))
				}
				best = math.Min(best, math.Hypot(ax+u*dx, ay+u*dy))
			}
		}
	}
	return best
}

// BenchmarkIsochrone: a driving isochrone of one contour of 5, 15 and 30
// minutes from Vaduz (LI), polygons traced.
func BenchmarkIsochrone(b *testing.B) {
	pk := openGraphs(b, "liechtenstein")
	g := pk.Graph(route.Driving)
	s, err := g.Snap(isoOrigins["liechtenstein"], route.SnapOptions{Radius: 2000})
	if err != nil {
		b.Fatal(err)
	}
	benchIsochrones(b, g, s[0])
}

// BenchmarkIsochroneScaled: BenchmarkIsochrone on the LI extract tiled
// WAYMARK_SCALE_N times (testpacks.Scaled; skipped unless WAYMARK_SCALE=1),
// from Vaduz in an inner copy (tile_extract.py's copy at column and row
// 3, or the last for fewer copies), whose neighbours' roads join its own
// by connectors: the "15 minutes at LI ×64 within 50 ms".
func BenchmarkIsochroneScaled(b *testing.B) {
	pk, err := pack.Open(testpacks.Scaled(b))
	if err != nil {
		b.Fatal(err)
	}
	defer pk.Close()
	n := 16
	if v, err := strconv.Atoi(os.Getenv("WAYMARK_SCALE_N")); err == nil && v > 0 {
		n = v
	}
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	k := min(3*cols+3, n-1)
	const step = 0.32 // the box's side and tile_extract.py's 0.02° gap
	v := isoOrigins["liechtenstein"]
	origin := orb.Point{v[0] + float64(k%cols)*step, v[1] + float64(k/cols)*step}
	g := pk.Graph(route.Driving)
	s, err := g.Snap(origin, route.SnapOptions{Radius: 2000})
	if err != nil {
		b.Fatal(err)
	}
	benchIsochrones(b, g, s[0])
}

// benchIsochrones times 5, 15 and 30-minute isochrones from s on g, one
// sub-benchmark each (driving/5min…), with p50/p99.
func benchIsochrones(b *testing.B, g *route.Graph, s route.Snap) {
	for _, min := range []float64{5, 15, 30} {
		b.Run(fmt.Sprintf("driving/%.0fmin", min), func(b *testing.B) {
			opt := route.IsochroneOptions{Limits: []float64{60 * min}}
			var lat benchstat.Latencies
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				lat.Time(func() {
					if _, err := g.Isochrone(context.Background(), s, opt); err != nil {
						b.Fatal(err)
					}
				})
			}
			lat.Report(b)
		})
	}
}
