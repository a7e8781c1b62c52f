package mapview

import (
	"math"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"
)

func TestMercatorRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		p    orb.Point
	}{
		{"vaduz", orb.Point{9.5215, 47.1405}},
		{"origin", orb.Point{0, 0}},
		{"west south", orb.Point{-122.4194, -37.7749}},
		{"near antimeridian", orb.Point{179.999, 10}},
		{"near max latitude", orb.Point{30, 85}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x, y := Mercator(tc.p)
			got := MercatorInverse(x, y)
			if math.Abs(got[0]-tc.p[0]) > 1e-9 || math.Abs(got[1]-tc.p[1]) > 1e-9 {
				t.Errorf("MercatorInverse(Mercator(%v)) = %v, want %v (1e-9°)", tc.p, got, tc.p)
			}
			for _, z := range []float64{0, 5, 12.5, 19} {
				px, py := LonLatToPixel(tc.p, z)
				back := PixelToLonLat(px, py, z)
				if math.Abs(back[0]-tc.p[0]) > 1e-9 || math.Abs(back[1]-tc.p[1]) > 1e-9 {
					t.Errorf("PixelToLonLat(LonLatToPixel(%v, %g)) = %v", tc.p, z, back)
				}
			}
		})
	}
}

func TestTileAtAndBound(t *testing.T) {
	seed := int64(20261121)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < 500; i++ {
		p := orb.Point{rng.Float64()*360 - 180, rng.Float64()*170 - 85}
		z := rng.Intn(MaxZoom + 1)
		x, y := TileAt(p, z)
		if !ValidTile(z, x, y) {
			t.Fatalf("seed %d: TileAt(%v, %d) = %d/%d, not a valid tile", seed, p, z, x, y)
		}
		b := TileBound(z, x, y)
		const eps = 1e-9
		if p[0] < b.Min[0]-eps || p[0] > b.Max[0]+eps || p[1] < b.Min[1]-eps || p[1] > b.Max[1]+eps {
			t.Fatalf("seed %d: TileBound(%d/%d/%d) = %v does not hold %v", seed, z, x, y, b, p)
		}
	}
}

func TestKnownTiles(t *testing.T) {
	cases := []struct {
		name string
		p    orb.Point
		z    int
		x, y int
	}{
		{"vaduz z15", orb.Point{9.5215, 47.1405}, 15, 17250, 11506},
		{"null island z1", orb.Point{0.1, -0.1}, 1, 1, 1},
		{"z0", orb.Point{50, 50}, 0, 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if x, y := TileAt(tc.p, tc.z); x != tc.x || y != tc.y {
				t.Errorf("TileAt(%v, %d) = %d/%d, want %d/%d", tc.p, tc.z, x, y, tc.x, tc.y)
			}
		})
	}
}

func TestViewRoundTrip(t *testing.T) {
	v := View{Center: orb.Point{9.52, 47.14}, Zoom: 14.3, Width: 1280, Height: 800}
	if x, y := v.ToPixel(v.Center); math.Abs(x-640) > 1e-6 || math.Abs(y-400) > 1e-6 {
		t.Errorf("ToPixel(centre) = %g,%g, want 640,400", x, y)
	}
	p := v.ToLonLat(100, 700)
	if x, y := v.ToPixel(p); math.Abs(x-100) > 1e-6 || math.Abs(y-700) > 1e-6 {
		t.Errorf("ToPixel(ToLonLat(100,700)) = %g,%g", x, y)
	}
	b := v.Bound()
	if !b.Contains(v.Center) {
		t.Errorf("Bound() = %v does not hold the centre", b)
	}
	z := ZoomForBound(b, 1280, 800, 0)
	if math.Abs(z-14.3) > 1e-6 {
		t.Errorf("ZoomForBound(view bound) = %g, want 14.3", z)
	}
}

func TestMetersPerPixel(t *testing.T) {
	// 2π × 6372797.56 m / 256 (Web Mercator's usual 156543.03 is for 6378137 m)
	if got := MetersPerPixel(0, 0); math.Abs(got-156412.0) > 0.1 {
		t.Errorf("MetersPerPixel(0, 0) = %g m, want 156412.0 m", got)
	}
	if got := MetersPerPixel(60, 1); math.Abs(got-156412.0/4) > 0.1 {
		t.Errorf("MetersPerPixel(60, 1) = %g m, want %g m", got, 156412.0/4)
	}
}
