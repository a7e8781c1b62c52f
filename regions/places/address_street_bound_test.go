package places

import (
	"math/rand"
	"testing"

	"github.com/paulmach/orb"
)

// TestBoundDistanceBelow: the bound is never more than the distance to a
// line inside the box, whatever the latitudes, so skipping by it never
// changes the nearest street.
func TestBoundDistanceBelow(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		lat0 := rng.Float64()*170 - 85
		lon0 := rng.Float64()*360 - 180
		span := []float64{0.0001, 0.01, 1, 5}[i%4]
		var ls orb.LineString
		for k := 0; k < 1+rng.Intn(4); k++ {
			ls = append(ls, orb.Point{lon0 + rng.Float64()*span, max(-89.9, min(89.9, lat0+rng.Float64()*span))})
		}
		pt := orb.Point{lon0 + (rng.Float64()*3-1)*span, max(-89.9, min(89.9, lat0+(rng.Float64()*3-1)*span))}
		lb, d := boundDistanceBelow(ls.Bound(), pt), geometryDistance(ls, pt)
		if lb > d {
			t.Fatalf("line %v, point %v: bound %v > distance %v", ls, pt, lb, d)
		}
	}
}
