package route

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/boxtree"
)

// hilbertOf is the key edgeKeys gives an edge starting at p.
func hilbertOf(p orb.Point) uint64 {
	return boxtree.Hilbert(worldCell(int64(math.Round(p[0]*1e7)), 180e7), worldCell(int64(math.Round(p[1]*1e7)), 90e7))
}

// writeDecoded writes net as Write does (cells of at most cellArcs arcs;
// 0: whole) and decodes it.
func writeDecoded(t *testing.T, net *Network, cellArcs int) (*Graph, []byte) {
	return writeCells(t, net, cellArcs, 1)
}

// writeCells is writeDecoded with workers cells contracted at once (each
// of cellArcs/workers arcs).
func writeCells(t *testing.T, net *Network, cellArcs, workers int) (*Graph, []byte) {
	g, data, _ := writeOverlay(t, net, cellArcs, workers, 0)
	return g, data
}

// writeOverlay is writeCells with an overlay of at most overlayArcs arcs
// contracted at once (0: Write's rule, overlayArcs).
func writeOverlay(t *testing.T, net *Network, cellArcs, workers, overlayArcs int) (*Graph, []byte, BuildStats) {
	t.Helper()
	var buf bytes.Buffer
	opts := WriteOptions{TempDir: t.TempDir(), CellArcs: cellArcs, CellWorkers: workers, overlayArcs: overlayArcs, chunk: 500}
	st, err := Write(context.Background(), &buf, net, opts)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Decode(buf.Bytes())
	if err != nil {
		t.Fatalf("cells of %d: decode: %v", cellArcs, err)
	}
	return g, buf.Bytes(), st
}

// equalsDijkstra checks 400 random routes of g within bb, every other one
// excluding random classes, against Dijkstra's and the weights of their
// unpacked paths; it returns how many were found.
func equalsDijkstra(t *testing.T, name string, g *Graph, bb orb.Bound, seed int64) int {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	mismatch, routes := 0, 0
	for i := 0; i < 400; i++ {
		x := Exclude(0)
		if i%2 == 1 {
			x = Exclude(rng.Intn(8))
		}
		a := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
		b := orb.Point{bb.Min[0] + rng.Float64()*(bb.Max[0]-bb.Min[0]), bb.Min[1] + rng.Float64()*(bb.Max[1]-bb.Min[1])}
		sa, err1 := g.Snap(a, SnapOptions{Ties: true, Exclude: x})
		sb, err2 := g.Snap(b, SnapOptions{Ties: true, Exclude: x})
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: snap: %v %v", name, err1, err2)
		}
		path, w, ok := g.shortestArcs(sa[0], sb[0], x)
		wd, okd := g.dijkstraRoute(sa[0], sb[0], x)
		if ok != okd || ok && w != wd {
			mismatch++
			if mismatch < 4 {
				t.Errorf("%s, pair %d, exclude %v: CH %d,%v, Dijkstra %d,%v", name, i, x, w, ok, wd, okd)
			}
			continue
		}
		if !ok {
			continue
		}
		routes++
		if got := g.pathWeight(path, sa[0], sb[0]); got != w {
			t.Errorf("%s, pair %d: unpacked path weight %d, search weight %d", name, i, got, w)
		}
	}
	if mismatch > 0 {
		t.Errorf("%s: %d of 400 pairs differ", name, mismatch)
	}
	return routes
}

// gridBound is the bound of an n×n gridNetwork.
func gridBound(n int) orb.Bound {
	return orb.Bound{Min: orb.Point{9.5, 47.1}, Max: orb.Point{9.5 + float64(n-1)*0.0013, 47.1 + float64(n-1)*0.0009}}
}

// TestCellsEqualDijkstra: a hierarchy contracted in cells, of every size
// from one arc to a sixth of the graph, answers as Dijkstra does, with
// and without excluded classes, and its paths unpack to their weights.
func TestCellsEqualDijkstra(t *testing.T) {
	seed := int64(20261129)
	t.Logf("seed %d", seed)
	const n = 16
	net := classedNetwork(seed, n)
	whole, wholeBytes := writeDecoded(t, cloneNetwork(net), 0)
	arcs := len(whole.aW)
	bb := gridBound(n)
	for _, size := range []int{1, 40, arcs / 6} {
		g, data := writeDecoded(t, cloneNetwork(net), size)
		// (cells of one arc are all border but the arcs without a
		// transition: the overlay is nearly the whole graph, and may be
		// contracted to the same bytes)
		if size > 1 && bytes.Equal(data, wholeBytes) {
			t.Fatalf("cells of %d: the encoding of the whole graph", size)
		}
		routes := equalsDijkstra(t, fmt.Sprintf("cells of %d", size), g, bb, seed)
		if routes < 200 {
			t.Errorf("cells of %d: only %d routes", size, routes)
		}
		t.Logf("cells of %d (%d arcs): %d routes, %d hierarchy edges (whole: %d)", size, arcs, routes,
			len(g.up.to)+len(g.down.to), len(whole.up.to)+len(whole.down.to))
	}
}

// TestOverlayEqualDijkstra: an overlay contracted in super-cells
// (ch_overlay.go), over one level or more, with and without classes
// (gridNetwork has none) and cells contracted one or two at once, still
// answers as Dijkstra does; and it was so contracted (levels), where an
// overlay within its limit is contracted whole (0 levels).
func TestOverlayEqualDijkstra(t *testing.T) {
	for _, tc := range []struct {
		name     string
		classed  bool
		seed     int64
		n        int
		cellArcs int
		workers  int
		overlay  int // most overlay arcs at once; 0: Write's rule
		levels   int // at least; 0: exactly
	}{
		{"fits", true, 20261129, 16, 120, 1, 1 << 20, 0},
		{"classed, overlay of 150", true, 20261129, 16, 40, 1, 150, 2},
		{"classed, overlay of 60", true, 20261129, 16, 40, 1, 60, 3},
		{"classed, overlay of 60, two workers", true, 20261129, 16, 80, 2, 60, 3},
		{"classed, Write's rule", true, 20261129, 16, 40, 1, 0, 3},
		{"classed, Write's rule, two workers", true, 5, 16, 120, 2, 0, 2},
		{"classless, overlay of 150", false, 3, 16, 40, 1, 150, 2},
		{"classless, overlay of 60", false, 3, 16, 40, 1, 60, 3},
		{"classless, overlay of 60, two workers", false, 3, 16, 80, 2, 60, 3},
		{"cells of one arc", true, 9, 10, 1, 1, 0, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Logf("seed %d", tc.seed)
			net := gridNetwork(tc.seed, tc.n)
			if tc.classed {
				net = classedNetwork(tc.seed, tc.n)
			}
			g, data, st := writeOverlay(t, cloneNetwork(net), tc.cellArcs, tc.workers, tc.overlay)
			if tc.levels == 0 && st.OverlayLevels != 0 || st.OverlayLevels < tc.levels {
				t.Fatalf("cells of %d, overlay of %d: %d levels of super-cells, want %d", tc.cellArcs, tc.overlay, st.OverlayLevels, tc.levels)
			}
			if tc.workers > 1 {
				if _, again, _ := writeOverlay(t, cloneNetwork(net), tc.cellArcs, tc.workers, tc.overlay); !bytes.Equal(again, data) {
					t.Fatalf("%d workers: another run gives other bytes", tc.workers)
				}
			}
			routes := equalsDijkstra(t, tc.name, g, gridBound(tc.n), tc.seed)
			if routes < 200 {
				t.Errorf("only %d routes", routes)
			}
			t.Logf("%d arcs, %d levels: %d routes, %d hierarchy edges", len(g.aW), st.OverlayLevels, routes, st.CHEdges)
		})
	}
}

// TestCellsWorkers: cells contracted at once give the bytes of cells
// contracted one after the other (each cell's contraction depends on its
// own edges only, the overlay takes what they leave in cell order, and
// each node's final edges are sorted when read).
func TestCellsWorkers(t *testing.T) {
	net := classedNetwork(11, 14)
	for _, size := range []int{60, 150} {
		_, one := writeCells(t, cloneNetwork(net), size, 1)
		for _, workers := range []int{2, 3} {
			// cells of size/workers, as Write makes them for workers
			_, want := writeCells(t, cloneNetwork(net), size, workers)
			for run := range 3 {
				_, got := writeCells(t, cloneNetwork(net), size, workers)
				if !bytes.Equal(got, want) {
					t.Fatalf("cells of %d, %d workers, run %d: other bytes than the first run", size, workers, run)
				}
			}
			_, serial := writeCells(t, cloneNetwork(net), size/workers, 1)
			if !bytes.Equal(want, serial) {
				t.Fatalf("cells of %d/%d arcs: %d workers give other bytes than one", size, workers, workers)
			}
		}
		if len(one) == 0 {
			t.Fatal("nothing written")
		}
	}
}

// TestCellsWholeUnchanged: a graph within CellArcs is contracted whole,
// to the bytes Write gave without cells.
func TestCellsWholeUnchanged(t *testing.T) {
	net := classedNetwork(7, 12)
	_, want := writeDecoded(t, cloneNetwork(net), 0)
	g, _ := writeDecoded(t, cloneNetwork(net), 0)
	_, got := writeDecoded(t, cloneNetwork(net), len(g.aW))
	if !bytes.Equal(got, want) {
		t.Fatal("a graph of CellArcs arcs is written otherwise than without cells")
	}
}

// TestArcCells: cells are runs of the keys' order, as equal as they go.
func TestArcCells(t *testing.T) {
	keys := []uint64{30, 10, 20, 10} // per edge
	aEdge := []uint32{0 << 1, 0<<1 | 1, 1 << 1, 2 << 1, 3 << 1, 3<<1 | 1, 2<<1 | 1}
	cases := []struct {
		size int
		want []uint16
	}{
		// arcs by key, then number: 2, 4, 5 (key 10), 3, 6 (20), 0, 1 (30)
		{7, []uint16{0, 0, 0, 0, 0, 0, 0}},
		{3, []uint16{1, 2, 0, 1, 0, 0, 1}},
		{2, []uint16{2, 3, 0, 1, 0, 1, 2}},
		{1, []uint16{5, 6, 0, 3, 1, 2, 4}},
	}
	for _, c := range cases {
		got := arcCells(keys, aEdge, c.size)
		for a := range got {
			if got[a] != c.want[a] {
				t.Errorf("size %d: cells %v, want %v", c.size, got, c.want)
				break
			}
		}
	}
}

// TestArcCellsMost: a graph that cells of size would cut into more than
// maxCells is cut into cells of more arcs, as few as keep their numbers
// within maxCells, each a run of the keys' order.
func TestArcCellsMost(t *testing.T) {
	for _, tc := range []struct{ arcs, size, most int }{
		{maxCells, 1, 1},
		{maxCells + 1, 1, 2},
		{3*maxCells - 5, 2, 3},
		{3*maxCells - 5, 4, 4}, // within maxCells: as asked
	} {
		keys := make([]uint64, tc.arcs)
		aEdge := make([]uint32, tc.arcs)
		for a := range aEdge {
			keys[a] = uint64(tc.arcs - a) // the last arc first
			aEdge[a] = uint32(a) << 1
		}
		cell := arcCells(keys, aEdge, tc.size)
		per := make([]int, maxCells)
		for a := range cell {
			per[cell[a]]++
			if a > 0 && cell[a] > cell[a-1] {
				t.Fatalf("%d arcs, size %d: arc %d in cell %d after arc %d in %d", tc.arcs, tc.size, a, cell[a], a-1, cell[a-1])
			}
		}
		most := slices.Max(per)
		if most != tc.most {
			t.Errorf("%d arcs, size %d: cells of up to %d arcs, want %d", tc.arcs, tc.size, most, tc.most)
		}
	}
}

// TestArcBits: each arc's bit is set and cleared alone.
func TestArcBits(t *testing.T) {
	b := newArcBits(130)
	on := []uint32{0, 1, 63, 64, 65, 127, 128, 129}
	for _, a := range on {
		b.set(a)
	}
	b.clear(64)
	for a := range uint32(130) {
		want := slices.Contains(on, a) && a != 64
		if b.has(a) != want {
			t.Errorf("arc %d: %v, want %v", a, b.has(a), want)
		}
	}
}

// TestEdgeKeys: the keys read back from the geometry spill are those of
// the edges' first points.
func TestEdgeKeys(t *testing.T) {
	s, err := newGeomSpill(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	pts := []orb.Point{{9.5, 47.1}, {9.51, 47.1}, {-70.25, -33.4}, {-70.2, -33.41}, {179.99, 89.9}, {0, 0}, {0.001, 0}}
	for i, p := range pts {
		s.add(p, int64(i+1))
	}
	eGeom := []uint32{0, 2, 4, 5, 7}
	keys, err := s.edgeKeys(eGeom)
	if err != nil {
		t.Fatal(err)
	}
	for e, k := range keys {
		p := pts[eGeom[e]]
		want := hilbertOf(p)
		if k != want {
			t.Errorf("edge %d: key %d, want %d (%v)", e, k, want, p)
		}
	}
	if keys[0] == keys[1] || keys[1] == keys[2] {
		t.Errorf("keys %v: far points share a key", keys)
	}
	if _, err := s.edgeKeys([]uint32{0, 2, 4, 5, 7, 9, 11}); err == nil {
		t.Error("edges past the spill's points: no error")
	}
}
