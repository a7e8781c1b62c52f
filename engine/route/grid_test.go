package route

import (
	"math"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"
)

// TestGridCrossed: a segment is listed in every cell it passes through
// (checked against points sampled along it), each once, and in no more
// cells than a walk from one end's cell to the other's takes.
func TestGridCrossed(t *testing.T) {
	gr := &grid{cell: 0.002}
	rng := rand.New(rand.NewSource(1))
	tests := []struct {
		name string
		a, b orb.Point
	}{
		{"one cell", orb.Point{9.5001, 47.0001}, orb.Point{9.5009, 47.0015}},
		{"east", orb.Point{9.5001, 47.0001}, orb.Point{9.5301, 47.0001}},
		{"north", orb.Point{9.5001, 47.0001}, orb.Point{9.5001, 47.0301}},
		{"west, south", orb.Point{9.5301, 47.0301}, orb.Point{9.5001, 47.0001}},
		{"long diagonal (a motorway without nodes)", orb.Point{9.5001, 47.0001}, orb.Point{9.6203, 47.0817}},
		{"through a corner", orb.Point{9.5010, 47.0010}, orb.Point{9.5050, 47.0050}},
		{"negative coordinates", orb.Point{-0.0031, -51.0007}, orb.Point{0.0123, -50.9871}},
	}
	for i := 0; i < 200; i++ {
		a := orb.Point{9 + rng.Float64(), 47 + rng.Float64()}
		b := orb.Point{a[0] + (rng.Float64()-0.5)*0.05, a[1] + (rng.Float64()-0.5)*0.05}
		tests = append(tests, struct {
			name string
			a, b orb.Point
		}{"random", a, b})
	}
	for _, tt := range tests {
		got := map[int64]int{}
		gr.crossed(tt.a, tt.b, func(x, y int32) { got[cellKey(x, y)]++ })
		for k, n := range got {
			if n > 1 {
				t.Fatalf("%s: cell %x listed %d times", tt.name, k, n)
			}
		}
		x0, y0 := gr.cellOf(tt.a)
		x1, y1 := gr.cellOf(tt.b)
		if max := abs32(x1-x0) + abs32(y1-y0) + 1; int32(len(got)) > max {
			t.Errorf("%s: %d cells, more than the %d of a walk", tt.name, len(got), max)
		}
		const samples = 20000
		for i := 0; i <= samples; i++ {
			f := float64(i) / samples
			x, y := gr.cellOf(orb.Point{tt.a[0] + f*(tt.b[0]-tt.a[0]), tt.a[1] + f*(tt.b[1]-tt.a[1])})
			if got[cellKey(x, y)] == 0 && !nearCorner(gr, tt.a, tt.b, f) {
				t.Fatalf("%s: the point at %.4f of the segment lies in cell %d,%d, not listed", tt.name, f, x, y)
			}
		}
	}
}

// nearCorner reports whether the point at f along a–b lies within 1e-9
// cell of a cell corner (where rounding may pick either cell).
func nearCorner(gr *grid, a, b orb.Point, f float64) bool {
	for _, v := range []float64{(a[0] + f*(b[0]-a[0])) / gr.cell, (a[1] + f*(b[1]-a[1])) / gr.cell} {
		if d := v - math.Floor(v); d < 1e-9 || d > 1-1e-9 {
			return true
		}
	}
	return false
}
