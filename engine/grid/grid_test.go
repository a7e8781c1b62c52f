package grid

import (
	"math/rand"
	"reflect"
	"slices"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

// item is an inserted box with its cell range, for brute-force answers.
type item struct {
	id     int32
	lo, hi Key
	large  bool
}

// randomIndex inserts n random boxes (points, small and large ones) into
// an index of 0.01° cells, returning what a brute force needs.
func randomIndex(rng *rand.Rand, n int) (*Index, []item) {
	g := New(0.01)
	g.MaxCells = 400
	var items []item
	for i := 0; i < n; i++ {
		x, y := 9.4+0.3*rng.Float64(), 47.0+0.3*rng.Float64()
		var w, h float64
		switch rng.Intn(4) {
		case 1:
			w, h = 0.02*rng.Float64(), 0.02*rng.Float64()
		case 2:
			w, h = 0.3*rng.Float64(), 0.3*rng.Float64()
		}
		b := orb.Bound{Min: orb.Point{x, y}, Max: orb.Point{x + w, y + h}}
		if w == 0 && rng.Intn(2) == 0 {
			g.InsertPoint(int32(i), b.Min)
		} else {
			g.Insert(int32(i), b)
		}
		lo, hi := g.Key(b.Min), g.Key(b.Max)
		large := int(hi.X-lo.X+1)*int(hi.Y-lo.Y+1) > g.MaxCells
		items = append(items, item{int32(i), lo, hi, large})
	}
	return g, items
}

// collect returns, sorted, the ids a query reports (one per cell).
func collect(query func(fn func(int32) bool)) []int32 {
	var got []int32
	query(func(id int32) bool { got = append(got, id); return true })
	slices.Sort(got)
	return got
}

// want returns the ids of items with a cell k in cells (one per cell),
// sorted, plus the large items when withLarge.
func want(items []item, in func(k Key) bool, withLarge bool) []int32 {
	var out []int32
	for _, it := range items {
		if it.large {
			if withLarge {
				out = append(out, it.id)
			}
			continue
		}
		for x := it.lo.X; x <= it.hi.X; x++ {
			for y := it.lo.Y; y <= it.hi.Y; y++ {
				if in(Key{x, y}) {
					out = append(out, it.id)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestQueriesLikeBruteForce checks At, Ring and Box against a scan of every
// inserted box, on random indexes, and that every query stops when asked.
func TestQueriesLikeBruteForce(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewSource(seed))
		g, items := randomIndex(rng, 300)
		for q := 0; q < 50; q++ {
			p := orb.Point{9.35 + 0.4*rng.Float64(), 46.95 + 0.4*rng.Float64()}
			c := g.Key(p)
			if got, w := collect(func(fn func(int32) bool) { g.At(p, fn) }), want(items, func(k Key) bool { return k == c }, true); !slices.Equal(got, w) {
				t.Fatalf("seed %d: At(%v) = %v, want %v", seed, p, got, w)
			}
			r := int32(rng.Intn(6))
			inRing := func(k Key) bool {
				return max(abs(k.X-c.X), abs(k.Y-c.Y)) == r
			}
			if got, w := collect(func(fn func(int32) bool) { g.Ring(p, r, fn) }), want(items, inRing, false); !slices.Equal(got, w) {
				t.Fatalf("seed %d: Ring(%v, %d) = %v, want %v", seed, p, r, got, w)
			}
			// boxes small (cells visited) and large (occupied cells scanned)
			s := []float64{0.005, 0.05, 1}[rng.Intn(3)]
			b := orb.Bound{Min: p, Max: orb.Point{p[0] + s*rng.Float64(), p[1] + s*rng.Float64()}}
			lo, hi := g.Key(b.Min), g.Key(b.Max)
			inBox := func(k Key) bool { return k.X >= lo.X && k.X <= hi.X && k.Y >= lo.Y && k.Y <= hi.Y }
			if got, w := collect(func(fn func(int32) bool) { g.Box(b, fn) }), want(items, inBox, false); !slices.Equal(got, w) {
				t.Fatalf("seed %d: Box(%v) = %v, want %v", seed, b, got, w)
			}
			// Box visits cells by x, then y, whichever way it goes
			var keys []Key
			g.Box(b, func(id int32) bool {
				for _, it := range items {
					if it.id == id && it.lo == it.hi {
						keys = append(keys, it.lo)
					}
				}
				return true
			})
			if !slices.IsSortedFunc(keys, func(a, b Key) int {
				if a.X != b.X {
					return int(a.X - b.X)
				}
				return int(a.Y - b.Y)
			}) {
				t.Fatalf("seed %d: Box(%v) visits cells out of order: %v", seed, b, keys)
			}
			// stopping
			for name, query := range map[string]func(fn func(int32) bool){
				"At": func(fn func(int32) bool) { g.At(p, fn) }, "Ring": func(fn func(int32) bool) { g.Ring(p, r, fn) },
				"Box": func(fn func(int32) bool) { g.Box(b, fn) },
			} {
				n := 0
				query(func(int32) bool { n++; return n < 2 })
				if all := len(collect(query)); n != min(all, 2) {
					t.Fatalf("seed %d: %s visited %d after stopping at 2 (of %d)", seed, name, n, all)
				}
			}
		}
	}
}

func abs(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// TestRingMeters checks that RingMeters is a lower bound of the distance
// to any point of the ring's cells.
func TestRingMeters(t *testing.T) {
	g := New(0.01)
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 1000; i++ {
		p := orb.Point{9.5 + rng.Float64(), 47 + rng.Float64()}
		r := int32(rng.Intn(8))
		c := g.Key(p)
		// a point of a cell of the ring
		k := Key{c.X + r, c.Y + int32(rng.Intn(int(2*r+1))) - r}
		q := orb.Point{(float64(k.X) + rng.Float64()) * 0.01, (float64(k.Y) + rng.Float64()) * 0.01}
		if d := sphere.Distance(p, q); g.RingMeters(p, r) > d+1e-6 {
			t.Fatalf("RingMeters(%v, %d) = %.1f, but %v in the ring is %.1f m away", p, r, g.RingMeters(p, r), q, d)
		}
	}
}

// TestCompact visits the same ids in the same order after Compact, and
// inserts after it.
func TestCompact(t *testing.T) {
	g := New(1)
	for i := range int32(100) {
		g.Insert(i, orb.Bound{Min: orb.Point{float64(i % 7), 0}, Max: orb.Point{float64(i%7) + 1.5, 2.5}})
	}
	before := map[Key][]int32{}
	for k, ids := range g.cells {
		before[k] = slices.Clone(ids)
	}
	g.Compact()
	if !reflect.DeepEqual(map[Key][]int32(g.cells), before) {
		t.Fatalf("Compact changed the cells")
	}
	g.InsertPoint(100, orb.Point{0.5, 0.5})
	k := g.Key(orb.Point{0.5, 0.5})
	if got, want := g.cells[k], append(slices.Clone(before[k]), 100); !slices.Equal(got, want) {
		t.Errorf("cell %v = %v after Compact and InsertPoint, want %v", k, got, want)
	}
	if next := g.Key(orb.Point{0.5, 1.5}); !slices.Equal(g.cells[next], before[next]) {
		t.Errorf("InsertPoint after Compact changed cell %v: %v, want %v", next, g.cells[next], before[next])
	}
}
