// address_street_grid_test.go tests the street grid's nearest search
// against brute force (seeded random, seed printed).

package places

import (
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/grid"
	"waymark/regions/polygon"
)

func TestGridNearestStreet(t *testing.T) {
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("seed %d", seed)
	b := &placeBuilder{}
	s := &streetIndex{b: b, grid: grid.New(0.005)}
	line := func(a orb.Point, n int) orb.LineString {
		ls := orb.LineString{a}
		for range n {
			a = orb.Point{a[0] + 0.002*rng.NormFloat64(), a[1] + 0.002*rng.NormFloat64()}
			ls = append(ls, a)
		}
		return ls
	}
	// streets as lines, multilines, areas and points: the index keeps
	// segment numbers in their geometry (segmentAt)
	for i := 0; i < 300; i++ {
		a := orb.Point{9.5 + 0.1*rng.Float64(), 47.1 + 0.1*rng.Float64()}
		var g orb.Geometry
		switch i % 4 {
		case 0:
			g = line(a, 1+rng.Intn(4))
		case 1:
			g = orb.MultiLineString{line(a, 1+rng.Intn(3)), line(orb.Point{a[0] + 0.01, a[1]}, 2)}
		case 2:
			r := line(a, 3)
			g = orb.Polygon{orb.Ring(append(r, r[0]))}
		case 3:
			g = a
		}
		b.places = append(b.places, &place{geom: mustShape(g)})
		s.addGeometry(int32(i), g)
	}
	for k := 0; k < 200; k++ {
		p := orb.Point{9.48 + 0.14*rng.Float64(), 47.08 + 0.14*rng.Float64()}
		want, wantD := int32(-1), math.Inf(1)
		for i, pl := range b.places {
			eachLine(pl.geom.geometry(), func(ls []orb.Point) {
				for j := 0; j+1 < len(ls); j++ {
					if d, _ := polygon.SegmentDistanceMeters(p, ls[j], ls[j+1]); d < wantD {
						want, wantD = int32(i), d
					}
				}
			})
		}
		if wantD > 2000 {
			want = -1
		}
		if got := s.nearest(p, 2000); got != want {
			t.Fatalf("seed %d: nearest(%v) = %d, want %d (%.1f m)", seed, p, got, want, wantD)
		}
	}
}
