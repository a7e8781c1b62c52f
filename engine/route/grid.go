package route

// The fine snapping grid (snap.go): segments by the cells they cross, in
// flat arrays a graph image maps as they are.

import (
	"cmp"
	"math"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/spill"
)

type segRef struct {
	edge uint32
	seg  uint32
}

// grid is a uniform grid over segment bounding boxes. The cells that
// hold segments are an open-addressing hash table in flat arrays (no
// pointers, so a graph image maps it as it is, image.go): keys[i] is a
// cell's key (emptyCell for a free slot) and spans[2i:2i+2] its range in
// refs; the table is at most half full.
type grid struct {
	cell  float64
	keys  []int64
	spans []uint32
	refs  []segRef
}

// emptyCell marks a free slot of grid.keys: cellKey gives it only for
// x = -2^31 cells, beyond any longitude.
const emptyCell = math.MinInt64

// cellSlot returns where key k is or would go in a table of len(keys) slots.
func cellSlot(k int64, keys []int64) int {
	h := uint64(k) * 0x9e3779b97f4a7c15
	mask := uint64(len(keys) - 1)
	i := (h ^ h>>29) & mask
	for keys[i] != k && keys[i] != emptyCell {
		i = (i + 1) & mask
	}
	return int(i)
}

// at returns the segments of cell x, y.
func (gr *grid) at(x, y int32) []segRef {
	if len(gr.keys) == 0 {
		return nil
	}
	i := cellSlot(cellKey(x, y), gr.keys)
	if gr.keys[i] == emptyCell {
		return nil
	}
	return gr.refs[gr.spans[2*i]:gr.spans[2*i+1]]
}

func (gr *grid) cellOf(p orb.Point) (int32, int32) {
	return int32(math.Floor(p[0] / gr.cell)), int32(math.Floor(p[1] / gr.cell))
}

func cellKey(x, y int32) int64 { return int64(x)<<32 | int64(uint32(y)) }

// buildGrid returns the grid of cells of cell degrees over g's segments,
// its arrays made in sc (nil: the heap).
func buildGrid(g *Graph, cell float64, sc *spill.Arena) grid {
	type kr struct {
		k int64
		r segRef
	}
	gr := grid{cell: cell}
	var all []kr
	if sc != nil {
		// counted first, so that the list is made once, in sc
		n := 0
		for e := range g.eFrom {
			pts := g.edgePoints(uint32(e))
			for s := 0; s+1 < len(pts); s++ {
				gr.crossed(pts[s], pts[s+1], func(int32, int32) { n++ })
			}
		}
		all = spill.MakeCap[kr](sc, n)
	}
	for e := range g.eFrom {
		pts := g.edgePoints(uint32(e))
		for s := 0; s+1 < len(pts); s++ {
			gr.crossed(pts[s], pts[s+1], func(x, y int32) {
				all = append(all, kr{cellKey(x, y), segRef{uint32(e), uint32(s)}})
			})
		}
	}
	// The order within a cell does not matter: consider breaks ties.
	slices.SortFunc(all, func(a, b kr) int { return cmp.Compare(a.k, b.k) })
	cells := 0
	for i := range all {
		if i == 0 || all[i].k != all[i-1].k {
			cells++
		}
	}
	size := 2
	for size < 2*cells {
		size <<= 1
	}
	gr.keys = spill.Make[int64](sc, size)
	for i := range gr.keys {
		gr.keys[i] = emptyCell
	}
	gr.spans = spill.Make[uint32](sc, 2*len(gr.keys))
	gr.refs = spill.Make[segRef](sc, len(all))
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].k == all[i].k {
			gr.refs[j] = all[j].r
			j++
		}
		s := cellSlot(all[i].k, gr.keys)
		gr.keys[s] = all[i].k
		gr.spans[2*s], gr.spans[2*s+1] = uint32(i), uint32(j)
		i = j
	}
	return gr
}

// crossed calls fn with every cell segment a–b passes through, from a's
// to b's (a grid traversal, Amanatides and Woo): a segment is listed
// where it lies, however long, so the cell nearest a point holds every
// segment passing through it.
func (gr *grid) crossed(a, b orb.Point, fn func(x, y int32)) {
	x, y := gr.cellOf(a)
	x1, y1 := gr.cellOf(b)
	fn(x, y)
	if x == x1 && y == y1 {
		return
	}
	ax, ay := a[0]/gr.cell, a[1]/gr.cell
	dx, dy := b[0]/gr.cell-ax, b[1]/gr.cell-ay
	stepX, stepY := int32(1), int32(1)
	tMaxX, tMaxY := math.Inf(1), math.Inf(1)
	tDeltaX, tDeltaY := math.Inf(1), math.Inf(1)
	if dx < 0 {
		stepX = -1
	}
	if dy < 0 {
		stepY = -1
	}
	if dx != 0 {
		next := float64(x)
		if dx > 0 {
			next++
		}
		tMaxX, tDeltaX = (next-ax)/dx, math.Abs(1/dx)
	}
	if dy != 0 {
		next := float64(y)
		if dy > 0 {
			next++
		}
		tMaxY, tDeltaY = (next-ay)/dy, math.Abs(1/dy)
	}
	// Every step moves one cell closer to b's on one axis; the bound
	// guards against rounding (the walk then ends in b's cell).
	for n := abs32(x1-x) + abs32(y1-y); n > 0 && (x != x1 || y != y1); n-- {
		if tMaxX < tMaxY && x != x1 || y == y1 {
			x += stepX
			tMaxX += tDeltaX
		} else {
			y += stepY
			tMaxY += tDeltaY
		}
		fn(x, y)
	}
	if x != x1 || y != y1 {
		fn(x1, y1)
	}
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}
