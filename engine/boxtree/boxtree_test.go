package boxtree

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"waymark/engine/flat"
)

// randomBoxes returns n boxes around LI: mostly small (houses), some
// long (roads), a few large, some degenerate (points).
func randomBoxes(rng *rand.Rand, n int) []Box {
	boxes := make([]Box, n)
	for i := range boxes {
		x, y := 9.47+rng.Float64()*0.2, 47.04+rng.Float64()*0.25
		var w, h float64
		switch r := rng.IntN(10); {
		case r < 3: // a point
		case r < 8:
			w, h = rng.Float64()*0.0005, rng.Float64()*0.0005
		case r < 9:
			w, h = rng.Float64()*0.02, rng.Float64()*0.005
		default:
			w, h = rng.Float64()*0.2, rng.Float64()*0.2
		}
		boxes[i] = Box{RoundDown(x), RoundDown(y), RoundUp(x + w), RoundUp(y + h)}
	}
	return boxes
}

func brute(boxes []Box, minX, minY, maxX, maxY float64) []int {
	var out []int
	for i, b := range boxes {
		if float64(b[0]) <= maxX && float64(b[2]) >= minX && float64(b[1]) <= maxY && float64(b[3]) >= minY {
			out = append(out, i)
		}
	}
	return out
}

func search(t *Tree, order []int, minX, minY, maxX, maxY float64) []int {
	var out []int
	t.Search(minX, minY, maxX, maxY, func(i int) bool {
		out = append(out, order[i])
		return true
	})
	slices.Sort(out)
	return out
}

func TestSearchEqualsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 15, 16, 17, 255, 256, 257, 5000} {
		boxes := randomBoxes(rng, n)
		tree, order := Build(boxes)
		if tree.Len() != n {
			t.Fatalf("n=%d: Len %d", n, tree.Len())
		}
		for i := range n {
			if tree.Box(i) != boxes[order[i]] {
				t.Fatalf("n=%d: item %d's box is not boxes[order[%d]]", n, i, i)
			}
		}
		for q := range 300 {
			x, y := 9.47+rng.Float64()*0.2, 47.04+rng.Float64()*0.25
			r := []float64{0, 0.0001, 0.001, 0.006, 0.05}[q%5]
			got := search(tree, order, x-r, y-r, x+r, y+r)
			want := brute(boxes, x-r, y-r, x+r, y+r)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d query %d (%.5f,%.5f ±%g): %d boxes, want %d", n, q, x, y, r, len(got), len(want))
			}
		}
		// A box's own corners find it.
		for i, b := range boxes {
			if got := search(tree, order, float64(b[0]), float64(b[1]), float64(b[0]), float64(b[1])); !slices.Contains(got, i) {
				t.Fatalf("n=%d: box %d not found at its corner", n, i)
			}
		}
	}
}

func TestSearchStops(t *testing.T) {
	boxes := randomBoxes(rand.New(rand.NewPCG(3, 4)), 1000)
	tree, _ := Build(boxes)
	calls := 0
	tree.Search(-180, -90, 180, 90, func(int) bool { calls++; return calls < 5 })
	if calls != 5 {
		t.Errorf("visit called %d times after returning false at the 5th", calls)
	}
}

func TestRound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		v := (rng.Float64() - 0.5) * 360
		if d, u := RoundDown(v), RoundUp(v); float64(d) > v || float64(u) < v || u != d && math.Nextafter32(d, float32(math.Inf(1))) != u {
			t.Fatalf("%v: down %v, up %v", v, d, u)
		}
	}
}

func TestImage(t *testing.T) {
	boxes := randomBoxes(rand.New(rand.NewPCG(7, 8)), 3000)
	tree, order := Build(boxes)
	var buf bytes.Buffer
	w := flat.NewWriter(&buf, "TESTBOXT")
	tree.WriteImage(w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data := flat.Aligned(buf.Bytes())
	r, err := flat.NewReader(data, "TESTBOXT")
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadImage(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	for _, q := range [][4]float64{{9.5, 47.1, 9.52, 47.12}, {9.6, 47.2, 9.6, 47.2}} {
		if got, want := search(back, order, q[0], q[1], q[2], q[3]), search(tree, order, q[0], q[1], q[2], q[3]); !slices.Equal(got, want) {
			t.Errorf("image tree finds %v, built tree %v", got, want)
		}
	}
	// Levels that do not fit the boxes are refused.
	for name, levels := range map[string][]uint64{
		"none":       {},
		"short":      {0, 3000},
		"wrong root": append(slices.Clone(back.levels[:len(back.levels)-1]), back.levels[len(back.levels)-1]-1),
		"wrong size": append([]uint64{0, 2999}, back.levels[2:]...),
	} {
		bad := &Tree{boxes: back.boxes, levels: levels}
		if bad.check() == nil {
			t.Errorf("levels %s (%v) accepted", name, levels)
		}
	}
	if (&Tree{levels: []uint64{0}}).check() != nil {
		t.Error("the empty tree is refused")
	}
}
