package pointgrid

import (
	"bytes"
	"errors"
	"math/rand"
	"slices"
	"sort"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/flat"
	"waymark/engine/sphere"
)

func TestWithin(t *testing.T) {
	vaduz := orb.Point{9.5226, 47.1393}
	pts := []orb.Point{
		vaduz,                      // 0: 0 m
		{9.5226, 47.1402},          // 1: ~100 m north
		{9.5360, 47.1393},          // 2: ~1 km east
		{9.5226, 47.2293},          // 3: ~10 km north
		{-86.4597, 32.4640},        // 4: Prattville
		{9.5226 + 0.0001, 47.1393}, // 5: ~7.6 m
	}
	g := Build(pts)
	tests := []struct {
		radius float64
		want   []int
	}{
		{0, []int{0}}, {10, []int{0, 5}}, {150, []int{0, 1, 5}}, {1100, []int{0, 1, 2, 5}},
		{10100, []int{0, 1, 2, 3, 5}}, {500000, []int{0, 1, 2, 3, 5}}, {1e7, []int{0, 1, 2, 3, 4, 5}},
	}
	for _, tc := range tests {
		var got []int
		g.Within(vaduz, tc.radius, func(i int, d float64) {
			if want := sphere.Distance(vaduz, pts[i]); d != want {
				t.Errorf("distance of %d = %v, want %v", i, d, want)
			}
			got = append(got, i)
		})
		sort.Ints(got)
		if len(got) != len(tc.want) {
			t.Errorf("Within(%g m) = %v, want %v", tc.radius, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("Within(%g m) = %v, want %v", tc.radius, got, tc.want)
				break
			}
		}
	}
}

// TestWithinRandom compares Within with a scan of all points.
func TestWithinRandom(t *testing.T) {
	seed := rand.Int63()
	rng := rand.New(rand.NewSource(seed))
	pts := make([]orb.Point, 3000)
	for i := range pts {
		pts[i] = orb.Point{9.4 + rng.Float64()*0.3, 47.0 + rng.Float64()*0.3}
	}
	g := Build(pts)
	for q := 0; q < 200; q++ {
		c := orb.Point{9.35 + rng.Float64()*0.4, 46.95 + rng.Float64()*0.4}
		r := []float64{50, 500, 5000, 50000}[rng.Intn(4)]
		want := 0
		for _, p := range pts {
			if sphere.Distance(c, p) <= r {
				want++
			}
		}
		got := 0
		g.Within(c, r, func(int, float64) { got++ })
		if got != want {
			t.Fatalf("seed %d: Within(%v, %g) found %d, scan %d", seed, c, r, got, want)
		}
	}
}

func BenchmarkWithin(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	pts := make([]orb.Point, 20000)
	for i := range pts {
		pts[i] = orb.Point{9.4 + rng.Float64()*0.3, 47.0 + rng.Float64()*0.3}
	}
	g := Build(pts)
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Within(orb.Point{9.52, 47.14}, 1000, func(int, float64) { n++ })
	}
}

// TestImage: a grid read from its image answers as the built one; an
// image cut short is an error.
func TestImage(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for _, n := range []int{0, 1, 500} {
		pts := make([]orb.Point, n)
		for i := range pts {
			pts[i] = orb.Point{9.4 + rng.Float64()*0.5, 47.0 + rng.Float64()*0.5}
		}
		built := Build(pts)
		var buf bytes.Buffer
		w := flat.NewWriter(&buf, "WMTEST01")
		built.WriteImage(w)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		img := flat.Aligned(append([]byte{0}, buf.Bytes()...)[1:])
		read := func(b []byte) (*Grid, error) {
			r, err := flat.NewReader(b, "WMTEST01")
			if err != nil {
				return nil, err
			}
			g, err := ReadImage(r)
			if err != nil {
				return nil, err
			}
			return g, r.Close()
		}
		g, err := read(img)
		if err != nil {
			t.Fatal(err)
		}
		for q := 0; q < 100; q++ {
			c := orb.Point{9.35 + rng.Float64()*0.6, 46.95 + rng.Float64()*0.6}
			r := []float64{50, 500, 5000, 50000}[rng.Intn(4)]
			var a, b []int
			built.Within(c, r, func(i int, _ float64) { a = append(a, i) })
			g.Within(c, r, func(i int, _ float64) { b = append(b, i) })
			if !slices.Equal(a, b) {
				t.Fatalf("%d points: Within(%v, %g) = %v built, %v from the image", n, c, r, a, b)
			}
		}
		for cut := 0; cut < len(img); cut += 1 + cut/20 {
			if _, err := read(img[:cut]); !errors.Is(err, flat.ErrImage) {
				t.Fatalf("image cut to %d bytes: %v, want ErrImage", cut, err)
			}
		}
	}
}
