package places

import (
	"cmp"
	"math/rand"
	"slices"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/regions/extract"
)

// TestStreetWindow: the streets of a cell's window answer byName and
// nearest for points of the cell as every street does, with long streets
// across cells, streets of one name everywhere, and at 47° and 65° N
// (where a cell is narrower in meters than the window's margin).
func TestStreetWindow(t *testing.T) {
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("seed %d", seed)
	names := []string{"Landstrasse", "Hauptstrasse", "Kirchweg", "Bahnhofstrasse"}
	for _, lat := range []float64{47, 65} {
		cold, err := newColdStore("")
		if err != nil {
			t.Fatal(err)
		}
		b := &placeBuilder{cold: cold, d: extract.NewData("")}
		var all []int32
		for i := 0; i < 1500; i++ {
			a := orb.Point{9 + 2*rng.Float64(), lat + 1.5*rng.Float64()}
			ls := orb.LineString{a}
			step := []float64{0.001, 0.01, 0.1}[i%3]
			for range 1 + rng.Intn(4) {
				a = orb.Point{a[0] + step*rng.NormFloat64(), a[1] + step*rng.NormFloat64()}
				ls = append(ls, a)
			}
			name := names[rng.Intn(len(names))]
			b.places = append(b.places, &place{kind: &placeKind{"highway", "residential"}, rankSearch: 26, rankAddress: 26,
				name: name, nameTags: &extract.TagMap{{Key: "name", Value: name}}, bound: ls.Bound(), centroid: ls[0], geom: mustShape(ls)})
			all = append(all, int32(i))
		}
		s := b.newStreetIndex()
		whole := &streetIndex{b: b}
		whole.fill(all)
		// In cell order, as the leaves are addressed (a window is made
		// when the cell changes).
		pts := make([]orb.Point, 3000)
		for k := range pts {
			pts[k] = orb.Point{8.8 + 2.4*rng.Float64(), lat - 0.2 + 1.9*rng.Float64()}
		}
		slices.SortFunc(pts, func(a, c orb.Point) int {
			return cmp.Compare(cellKey(a, leafCellDegrees), cellKey(c, leafCellDegrees))
		})
		for _, pt := range pts {
			w := s.window(pt)
			if len(w.streets) >= len(all) {
				t.Fatalf("seed %d: the window of %v holds every street", seed, pt)
			}
			name := names[rng.Intn(len(names))]
			if got, want := w.byName(name, pt), whole.byName(name, pt); got != want {
				t.Fatalf("seed %d: byName(%q, %v) = %d in the window, %d with every street", seed, name, pt, got, want)
			}
			if got, want := w.nearest(pt, maxParentStreetMeters), whole.nearest(pt, maxParentStreetMeters); got != want {
				t.Fatalf("seed %d: nearest(%v) = %d in the window, %d with every street", seed, pt, got, want)
			}
		}
		if s.windows < 10 {
			t.Errorf("seed %d: %d windows made, want one a cell", seed, s.windows)
		}
	}
}
