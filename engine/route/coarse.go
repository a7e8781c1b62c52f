package route

// The coarse level of snapping, for points far from every road: the fine
// grid's cells listed by the coarse cell (coarseShift: 16×16 fine cells,
// 0.032°) they lie in. It was a second grid of segments, built on the
// first far snap: at LI ×64 0.24 s and 143 MB of allocation for the
// driving graph, 0.71 s and 440 MB for walking (39 MB kept), growing with
// the graph. The fine grid's cells are ~20× fewer than its segment
// references, so this index is a few MB (12 bytes a cell: LI ×64 walking
// 249k cells), built in 50 ms with 6 MB of allocation, and a coarse
// cell's segments are those of its fine cells: the same segments the
// coarse grid listed, since the fine grid lists a segment in every cell it
// crosses (TestCoarseIndexOnRegions). Far snaps are also faster: a fine
// cell beyond the search's limit is skipped whole, where the coarse grid
// measured each of its segments (BenchmarkNearest, LI: p50 0.55×; 12,000
// snaps in and around the tiles of LI ×64: the same answers in 0.43-0.55×
// the time).

import (
	"cmp"
	"math"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

// coarseShift: a coarse cell is 1<<coarseShift fine cells a side.
const coarseShift = 4

// coarseIndex lists the fine grid's occupied slots by coarse cell: keys
// (the coarse cells' keys, sorted) and slots (the fine grid's slot of
// each) are parallel.
type coarseIndex struct {
	fine  *grid
	keys  []int64
	slots []uint32
}

// newCoarseIndex indexes the occupied cells of fine.
func newCoarseIndex(fine *grid) *coarseIndex {
	type entry struct {
		k    int64
		slot uint32
	}
	n := 0
	for _, k := range fine.keys {
		if k != emptyCell {
			n++
		}
	}
	all := make([]entry, 0, n)
	for i, k := range fine.keys {
		if k == emptyCell {
			continue
		}
		x, y := int32(k>>32), int32(uint32(k))
		all = append(all, entry{cellKey(x>>coarseShift, y>>coarseShift), uint32(i)})
	}
	slices.SortFunc(all, func(a, b entry) int {
		if c := cmp.Compare(a.k, b.k); c != 0 {
			return c
		}
		return cmp.Compare(a.slot, b.slot)
	})
	ci := &coarseIndex{fine: fine, keys: make([]int64, len(all)), slots: make([]uint32, len(all))}
	for i, e := range all {
		ci.keys[i], ci.slots[i] = e.k, e.slot
	}
	return ci
}

// cell is the side of a coarse cell in degrees.
func (ci *coarseIndex) cell() float64 { return ci.fine.cell * (1 << coarseShift) }

// cellOf returns the coarse cell of p: the one its fine cell lies in.
func (ci *coarseIndex) cellOf(p orb.Point) (int32, int32) {
	x, y := ci.fine.cellOf(p)
	return x >> coarseShift, y >> coarseShift
}

// cells calls f with every fine cell of coarse cell x, y and its
// segments (a segment crossing several of them is in each).
func (ci *coarseIndex) cells(x, y int32, f func(fx, fy int32, refs []segRef)) {
	k := cellKey(x, y)
	i, _ := slices.BinarySearch(ci.keys, k)
	for ; i < len(ci.keys) && ci.keys[i] == k; i++ {
		s := ci.slots[i]
		fk := ci.fine.keys[s]
		f(int32(fk>>32), int32(uint32(fk)), ci.fine.refs[ci.fine.spans[2*s]:ci.fine.spans[2*s+1]])
	}
}

// CoverCell is the side, in degrees, of the cells CoverCells lists: a
// coarse cell of snapping (~3.5 km of latitude).
const CoverCell = fineCell * (1 << coarseShift)

// CoverCells calls fn with the cell (x, y: the cell of [lon, lat] is
// floor(lon/CoverCell), floor(lat/CoverCell)) of every fine cell of the
// snapping grid, so with every cell of CoverCell degrees a road of the
// graph passes through, some of them more than once. It reads the grid's
// keys only: a mapped graph lists its cells without touching its roads.
func (g *Graph) CoverCells(fn func(x, y int32)) {
	for _, k := range g.fine.keys {
		if k != emptyCell {
			fn(int32(k>>32)>>coarseShift, int32(uint32(k))>>coarseShift)
		}
	}
}

// MayReach reports whether a road of the graph may lie within r meters of
// p: whether a cell of the snapping grid within r of p holds one (false
// means no snap within r exists; a cheap test before a snap whose radius
// another graph's snap bounds).
func (g *Graph) MayReach(p orb.Point, r float64) bool {
	return g.mayReach(p, r, func(int64) bool { return true })
}

// mayReach reports whether a cell of the snapping grid within r meters
// of p holds a road and passes keep: the fine cells about p when they are
// few, else the occupied fine cells of the coarse cells about p.
func (g *Graph) mayReach(p orb.Point, r float64, keep func(cell int64) bool) bool {
	const maxCells = 8 // fine cells a side looked up one by one, at most
	dLat := r / sphere.MetersPerDegree
	dLon := dLat / math.Max(0.05, math.Cos(rad(math.Min(89, math.Abs(p[1])+dLat))))
	sw, ne := orb.Point{p[0] - dLon, p[1] - dLat}, orb.Point{p[0] + dLon, p[1] + dLat}
	x0, y0 := g.fine.cellOf(sw)
	x1, y1 := g.fine.cellOf(ne)
	if x1-x0 < maxCells && y1-y0 < maxCells {
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				if len(g.fine.at(x, y)) > 0 && keep(cellKey(x, y)) {
					return true
				}
			}
		}
		return false
	}
	co := g.coarseIndex()
	cx0, cy0 := co.cellOf(sw)
	cx1, cy1 := co.cellOf(ne)
	if int64(cx1-cx0+1)*int64(cy1-cy0+1) > 64 {
		return true // too far to look: a snap's own search bounds it
	}
	found := false
	for cx := cx0; cx <= cx1 && !found; cx++ {
		for cy := cy0; cy <= cy1 && !found; cy++ {
			co.cells(cx, cy, func(fx, fy int32, _ []segRef) {
				if !found && fx >= x0 && fx <= x1 && fy >= y0 && fy <= y1 && keep(cellKey(fx, fy)) {
					found = true
				}
			})
		}
	}
	return found
}
