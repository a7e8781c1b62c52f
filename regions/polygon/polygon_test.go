// polygon_test.go tests ring assembly and nesting and the prepared
// point-in-area index against the plain ring test (seeded random, seed
// printed).

package polygon

import (
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
)

// polygonTestNodes places node ids on a 10x10 grid: id = 100*x + y + 1
// (x, y in 0..9) at lon x, lat y.
func polygonTestNodes() map[osm.NodeID]orb.Point {
	m := map[osm.NodeID]orb.Point{}
	for x := 0; x < 10; x++ {
		for y := 0; y < 10; y++ {
			m[osm.NodeID(100*x+y+1)] = orb.Point{float64(x), float64(y)}
		}
	}
	return m
}

// polygonTestWay builds an AreaWay through grid points (x,y pairs).
func polygonTestWay(id osm.WayID, role string, xy ...int) AreaWay {
	w := AreaWay{ID: id, Role: role}
	for i := 0; i+1 < len(xy); i += 2 {
		w.Nodes = append(w.Nodes, osm.NodeID(100*xy[i]+xy[i+1]+1))
	}
	return w
}

func TestAssembleRings(t *testing.T) {
	coords := polygonTestNodes()
	tests := []struct {
		name         string
		ways         []AreaWay
		wantPolygons int
		wantHoles    int
		wantProblems int
		wantArea     float64 // square degrees
	}{
		{"closed way", []AreaWay{polygonTestWay(1, "outer", 0, 0, 4, 0, 4, 4, 0, 4, 0, 0)}, 1, 0, 0, 16},
		{"square from two ways, one reversed", []AreaWay{
			polygonTestWay(1, "outer", 0, 0, 4, 0, 4, 4),
			polygonTestWay(2, "outer", 0, 0, 0, 4, 4, 4)}, 1, 0, 0, 16},
		{"square from three ways joined at both ends", []AreaWay{
			polygonTestWay(2, "outer", 4, 0, 4, 4),
			polygonTestWay(1, "outer", 0, 0, 4, 0),
			polygonTestWay(3, "outer", 4, 4, 0, 4, 0, 0)}, 1, 0, 0, 16},
		{"outer with hole", []AreaWay{
			polygonTestWay(1, "outer", 0, 0, 6, 0, 6, 6, 0, 6, 0, 0),
			polygonTestWay(2, "inner", 2, 2, 4, 2, 4, 4, 2, 4, 2, 2)}, 1, 1, 0, 32},
		{"hole tagged outer is still a hole", []AreaWay{
			polygonTestWay(1, "outer", 0, 0, 6, 0, 6, 6, 0, 6, 0, 0),
			polygonTestWay(2, "outer", 2, 2, 4, 2, 4, 4, 2, 4, 2, 2)}, 1, 1, 0, 32},
		{"two outers", []AreaWay{
			polygonTestWay(1, "outer", 0, 0, 2, 0, 2, 2, 0, 2, 0, 0),
			polygonTestWay(2, "outer", 5, 5, 8, 5, 8, 8, 5, 8, 5, 5)}, 2, 0, 0, 13},
		{"island in a hole", []AreaWay{
			polygonTestWay(1, "outer", 0, 0, 9, 0, 9, 9, 0, 9, 0, 0),
			polygonTestWay(2, "inner", 2, 2, 7, 2, 7, 7, 2, 7, 2, 2),
			polygonTestWay(3, "outer", 4, 4, 5, 4, 5, 5, 4, 5, 4, 4)}, 2, 1, 0, 81 - 25 + 1},
		{"broken ring skipped, good one kept", []AreaWay{
			polygonTestWay(1, "outer", 0, 0, 2, 0, 2, 2, 0, 2, 0, 0),
			polygonTestWay(2, "outer", 5, 5, 8, 5, 8, 8)}, 1, 0, 1, 4},
		{"only broken", []AreaWay{polygonTestWay(1, "outer", 5, 5, 8, 5, 8, 8)}, 0, 0, 1, 0},
		{"duplicate member ignored", []AreaWay{
			polygonTestWay(1, "outer", 0, 0, 4, 0, 4, 4, 0, 4, 0, 0),
			polygonTestWay(1, "outer", 0, 0, 4, 0, 4, 4, 0, 4, 0, 0)}, 1, 0, 0, 16},
		{"node outside the extract", []AreaWay{{ID: 1, Nodes: []osm.NodeID{1, 5000, 401, 1}}}, 0, 0, 1, 0},
		{"degenerate way", []AreaWay{polygonTestWay(1, "outer", 0, 0)}, 0, 0, 1, 0},
	}
	for _, tc := range tests {
		mp, problems := AssembleRings(tc.ways, coords)
		holes := 0
		for _, p := range mp {
			holes += len(p) - 1
			if ringSignedArea(p[0]) <= 0 {
				t.Errorf("%s: outer ring not counter-clockwise", tc.name)
			}
			for _, h := range p[1:] {
				if ringSignedArea(h) >= 0 {
					t.Errorf("%s: hole not clockwise", tc.name)
				}
			}
		}
		if len(mp) != tc.wantPolygons || holes != tc.wantHoles || len(problems) != tc.wantProblems {
			t.Errorf("%s: AssembleRings = %d polygons, %d holes, %d problems (%v); want %d, %d, %d",
				tc.name, len(mp), holes, len(problems), problems, tc.wantPolygons, tc.wantHoles, tc.wantProblems)
		}
		if got := GeometryArea(mp); math.Abs(got-tc.wantArea) > 1e-9 {
			t.Errorf("%s: area = %v, want %v", tc.name, got, tc.wantArea)
		}
	}
}

func TestPreparedAreaMatchesRingContains(t *testing.T) {
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("seed %d", seed)
	for trial := 0; trial < 20; trial++ {
		// A random star-shaped polygon with a hole.
		n := 8 + rng.Intn(200)
		outer := make(orb.Ring, 0, n+1)
		hole := make(orb.Ring, 0, n+1)
		for i := 0; i < n; i++ {
			a := 2 * math.Pi * float64(i) / float64(n)
			r := 1 + rng.Float64()
			outer = append(outer, orb.Point{10 + r*math.Cos(a), 40 + r*math.Sin(a)})
			hole = append(hole, orb.Point{10 + 0.4*r*math.Cos(-a), 40 + 0.4*r*math.Sin(-a)})
		}
		outer = append(outer, outer[0])
		hole = append(hole, hole[0])
		poly := orb.Polygon{outer, hole}
		var area orb.Geometry = poly
		if trial%2 == 1 {
			// and an island east of it, with its own hole
			island := orb.Polygon{make(orb.Ring, len(outer)), make(orb.Ring, len(hole))}
			for i := range outer {
				island[0][i] = orb.Point{outer[i][0] + 5, outer[i][1]}
				island[1][i] = orb.Point{hole[i][0] + 5, hole[i][1]}
			}
			area = orb.MultiPolygon{poly, island}
		}
		pa := PrepareArea(area)
		for k := 0; k < 500; k++ {
			p := orb.Point{7.5 + 10*rng.Float64(), 37.5 + 5*rng.Float64()}
			if got, want := pa.Contains(p), GeometryContains(area, p); got != want {
				t.Fatalf("seed %d: prepared contains(%v) = %v, geometryContains = %v", seed, p, got, want)
			}
		}
		if c := AreaCentroid(poly); !PolygonContains(poly, c) {
			t.Fatalf("seed %d: areaCentroid %v not inside the polygon", seed, c)
		}
	}
}

// TestAssembleRingsShuffled splits a polygon with a hole and an island into
// many ways, shuffles and reverses them at random, and checks that the
// assembled area never changes.
func TestAssembleRingsShuffled(t *testing.T) {
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("seed %d", seed)
	coords := polygonTestNodes()
	rings := [][]int{
		{0, 0, 9, 0, 9, 9, 0, 9, 0, 0},
		{2, 2, 7, 2, 7, 7, 2, 7, 2, 2},
		{4, 4, 5, 4, 5, 5, 4, 5, 4, 4},
	}
	for trial := 0; trial < 50; trial++ {
		var ways []AreaWay
		id := osm.WayID(1)
		for _, r := range rings {
			pts := len(r) / 2
			// Cut the ring at random vertices into consecutive pieces.
			start := 0
			for start < pts-1 {
				end := start + 1 + rng.Intn(pts-1-start)
				w := polygonTestWay(id, "", r[2*start:2*end+2]...)
				id++
				if rng.Intn(2) == 0 {
					for i, j := 0, len(w.Nodes)-1; i < j; i, j = i+1, j-1 {
						w.Nodes[i], w.Nodes[j] = w.Nodes[j], w.Nodes[i]
					}
				}
				ways = append(ways, w)
				start = end
			}
		}
		rng.Shuffle(len(ways), func(i, j int) { ways[i], ways[j] = ways[j], ways[i] })
		mp, problems := AssembleRings(ways, coords)
		if len(problems) != 0 || len(mp) != 2 || math.Abs(GeometryArea(mp)-(81-25+1)) > 1e-9 {
			t.Fatalf("seed %d trial %d: %d polygons, area %v, problems %v; want 2, 57, none", seed, trial, len(mp), GeometryArea(mp), problems)
		}
	}
}

func TestOrientRingNormalForm(t *testing.T) {
	tests := []struct {
		name string
		in   orb.Ring
		ccw  bool
		want orb.Ring
	}{
		{"clockwise from the top right", orb.Ring{{2, 2}, {2, 0}, {0, 0}, {0, 2}, {2, 2}}, true,
			orb.Ring{{0, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 0}}},
		{"already normal", orb.Ring{{0, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 0}}, true,
			orb.Ring{{0, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 0}}},
		{"hole clockwise", orb.Ring{{2, 0}, {2, 2}, {0, 2}, {0, 0}, {2, 0}}, false,
			orb.Ring{{0, 0}, {0, 2}, {2, 2}, {2, 0}, {0, 0}}},
		{"smallest lon, then lat", orb.Ring{{1, 3}, {0, 1}, {1, 0}, {0, 0.5}, {1, 3}}, true,
			orb.Ring{{0, 0.5}, {1, 0}, {0, 1}, {1, 3}, {0, 0.5}}},
	}
	for _, tc := range tests {
		r := append(orb.Ring(nil), tc.in...)
		orientRing(r, tc.ccw)
		if !r.Equal(tc.want) {
			t.Errorf("%s: orientRing(%v, %v) = %v, want %v", tc.name, tc.in, tc.ccw, r, tc.want)
		}
	}
}
