package mapview

import (
	"math"
	"testing"
)

func TestCollider(t *testing.T) {
	var c collider
	c.add(box{10, 10, 50, 30}, box{-200, -90, -150, -70})
	cases := []struct {
		name string
		b    box
		free bool
	}{
		{"overlapping", box{40, 20, 90, 40}, false},
		{"inside", box{20, 15, 30, 25}, false},
		{"touching edge", box{50, 10, 80, 30}, true},
		{"far", box{300, 300, 320, 310}, true},
		{"negative overlap", box{-160, -80, -100, -60}, false},
		{"spanning many cells", box{-500, -500, 500, 500}, false},
		{"between", box{-140, -60, 5, 5}, true},
	}
	for _, tc := range cases {
		if got := c.free(tc.b); got != tc.free {
			t.Errorf("%s: free(%v) = %v, want %v", tc.name, tc.b, got, tc.free)
		}
	}
}

func TestPointAt(t *testing.T) {
	pts := []float64{0, 0, 10, 0, 10, 10}
	cases := []struct {
		dist, x, y, angle float64
	}{
		{0, 0, 0, 0},
		{5, 5, 0, 0},
		{10, 10, 0, 0},
		{15, 10, 5, math.Pi / 2},
		{25, 10, 10, math.Pi / 2}, // clamped to the end
	}
	for _, tc := range cases {
		x, y, a := pointAt(pts, tc.dist)
		if math.Abs(x-tc.x) > 1e-9 || math.Abs(y-tc.y) > 1e-9 || math.Abs(a-tc.angle) > 1e-9 {
			t.Errorf("pointAt(%g) = %g,%g,%g; want %g,%g,%g", tc.dist, x, y, a, tc.x, tc.y, tc.angle)
		}
	}
	if l := polyLength(pts); l != 20 {
		t.Errorf("polyLength = %g, want 20", l)
	}
}

func TestClipRing(t *testing.T) {
	var a, b []float64
	cases := []struct {
		name string
		ring []float64
		area float64
	}{
		{"inside", []float64{10, 10, 20, 10, 20, 20, 10, 20}, 100},
		{"half out", []float64{-50, 10, 50, 10, 50, 20, -50, 20}, 500},
		{"covering", []float64{-1000, -1000, 1000, -1000, 1000, 1000, -1000, 1000}, 100 * 100},
		{"outside", []float64{200, 200, 300, 200, 300, 300}, 0},
	}
	for _, tc := range cases {
		out := clipRing(tc.ring, 0, 100, &a, &b)
		got := 0.0
		n := len(out) / 2
		for i := 0; i < n; i++ {
			j := (i + 1) % n
			got += out[2*i]*out[2*j+1] - out[2*j]*out[2*i+1]
		}
		if math.Abs(math.Abs(got/2)-tc.area) > 1e-9 {
			t.Errorf("%s: clipped area %g, want %g", tc.name, math.Abs(got/2), tc.area)
		}
	}
}

func TestFontWidthKerning(t *testing.T) {
	fs, err := loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		pair   string
		kerned bool
		style  fontStyle
	}{
		{"To", true, fontRegular},
		{"Va", true, fontBold},
		{"ab", false, fontRegular},
	}
	for _, tc := range cases {
		r := []rune(tc.pair)
		whole := fs.width(tc.style, tc.pair, 20)
		parts := fs.width(tc.style, string(r[0]), 20) + fs.width(tc.style, string(r[1]), 20)
		if tc.kerned && whole >= parts || !tc.kerned && math.Abs(whole-parts) > 1e-9 {
			t.Errorf("width(%q) = %g, letters apart %g; kerned %v", tc.pair, whole, parts, tc.kerned)
		}
	}
	if w := fs.width(fontRegular, "Vaduz", 12); w < 25 || w > 45 {
		t.Errorf("width(Vaduz, 12 px) = %g px, want 25..45", w)
	}
}
