package route

import (
	"math"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"
)

func TestLongDiffIsRemainder(t *testing.T) {
	const seed = 7
	rng := rand.New(rand.NewSource(seed))
	edges := [][2]float64{{180, 0}, {-180, 0}, {0, 180}, {179.5, -179.5}, {-179.5, 179.5}, {180, -180}, {9.5, 9.5}}
	for i := 0; i < 10000; i++ {
		edges = append(edges, [2]float64{rng.Float64()*360 - 180, rng.Float64()*360 - 180})
	}
	for _, c := range edges {
		if got, want := longDiff(c[0], c[1]), math.Remainder(c[0]-c[1], 360); got != want {
			t.Fatalf("seed %d: longDiff(%v, %v) = %v, math.Remainder gives %v", seed, c[0], c[1], got, want)
		}
	}
}

func TestDirection(t *testing.T) {
	cases := []struct {
		angle float64
		want  dmod
	}{
		{0, mUTurn}, {0.5, mSharpRight}, {59.9, mSharpRight}, {60, mRight}, {139.9, mRight},
		{140, mSlightRight}, {160, mStraight}, {180, mStraight}, {200, mStraight}, {200.1, mSlightLeft},
		{220, mSlightLeft}, {220.1, mLeft}, {300, mLeft}, {300.1, mSharpLeft}, {359.9, mSharpLeft},
	}
	for _, c := range cases {
		if got := direction(c.angle); got != c.want {
			t.Errorf("direction(%v) = %v, want %v", c.angle, got, c.want)
		}
	}
}

func TestAngleBetween(t *testing.T) {
	cases := []struct{ in, out, want float64 }{
		{0, 0, 180},    // north on, north on: straight
		{0, 90, 90},    // north, then east: right
		{0, 270, 270},  // north, then west: left
		{90, 270, 0},   // east, then back west: u-turn
		{350, 10, 160}, // across north: a slight right
	}
	for _, c := range cases {
		if got := angleBetween(c.in, c.out); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("angleBetween(%v, %v) = %v, want %v", c.in, c.out, got, c.want)
		}
	}
}

// TestCheapRuler: distances and bearings as OSRM measures them, against
// the haversine within the ruler's error near LI.
func TestCheapRuler(t *testing.T) {
	a, b := orb.Point{9.52, 47.14}, orb.Point{9.53, 47.15}
	if d, h := gDist(a, b), haversine(a, b); math.Abs(d-h) > 0.001*h {
		t.Errorf("gDist = %v, haversine %v", d, h)
	}
	if br := gBearing(a, orb.Point{9.52, 47.15}); br != 0 {
		t.Errorf("bearing due north = %v", br)
	}
	if br := gBearing(a, orb.Point{9.51, 47.14}); br != 270 {
		t.Errorf("bearing due west = %v", br)
	}
	if br := gBearing(a, a); br != 0 {
		t.Errorf("bearing of one point = %v", br)
	}
}
