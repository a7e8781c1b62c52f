package sphere

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
)

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b orb.Point
		want float64 // meters
	}{
		{orb.Point{0, 0}, orb.Point{0, 0}, 0},
		{orb.Point{0, 0}, orb.Point{0, 1}, MetersPerDegree},
		{orb.Point{0, 0}, orb.Point{1, 0}, MetersPerDegree},
		{orb.Point{0, 0}, orb.Point{180, 0}, math.Pi * EarthRadius},
		{orb.Point{9.5209, 47.1410}, orb.Point{9.5100, 47.1660}, 2900.3}, // Vaduz - Schaan
	}
	for _, tc := range tests {
		if got := Distance(tc.a, tc.b); math.Abs(got-tc.want) > 1e-6*tc.want+1 {
			t.Errorf("Distance(%v, %v) = %.3f, want %.3f", tc.a, tc.b, got, tc.want)
		}
	}
}
