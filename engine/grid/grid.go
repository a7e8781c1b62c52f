// Package grid is a uniform grid index over boxes and points in degrees:
// the cells a box meets hold its id, in the order the ids were inserted.
// It serves the importer's spatial lookups (areas around a point, nearest
// street segments, place nodes in a box). The engine's nearby search keeps
// a static grid of its own in flat arrays (geocode/pointgrid), which an
// image holds as they are.
//
// Design choices:
//   - Cells are Cell degrees square, keyed by integer coordinates in a map,
//     so empty space costs nothing and building is one pass.
//   - An item whose box spans more than MaxCells cells (a country) goes to
//     a short list that At visits for every point, which keeps the grid
//     small whatever the sizes of the items.
//   - Queries call back with ids and stop when the callback returns false;
//     they allocate nothing (Box allocates only when it scans occupied
//     cells instead of the box's). Cells are visited in a fixed order (Box:
//     by x, then y; Ring: its rows, then its columns) and a cell's ids in
//     insertion order, so answers that take the first of equals do not
//     change from run to run.
//   - Boxes do not wrap around the antimeridian.
//
// The routing graph keeps a grid of its own (engine/route's snap.go): a
// static one in compact arrays for millions of segments, with its own ring
// order that snapping's ties depend on.
package grid

import (
	"cmp"
	"math"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

// DefaultMaxCells is New's Index.MaxCells.
const DefaultMaxCells = 4096

// Key is a cell's integer coordinates.
type Key struct{ X, Y int32 }

// Index maps grid cells to the ids of the items whose box meets them.
// Insert is not safe for concurrent use; queries are, once built.
type Index struct {
	// MaxCells is the most cells an item is entered in; larger ones go to
	// the list At visits everywhere. Set it before inserting.
	MaxCells int
	cell     float64
	cells    map[Key][]int32
	large    []int32
}

// New returns an empty index of cells cell degrees square.
func New(cell float64) *Index {
	return &Index{MaxCells: DefaultMaxCells, cell: cell, cells: make(map[Key][]int32)}
}

// Key returns the cell of p.
func (g *Index) Key(p orb.Point) Key {
	return Key{int32(math.Floor(p[0] / g.cell)), int32(math.Floor(p[1] / g.cell))}
}

// Cells returns the number of occupied cells.
func (g *Index) Cells() int { return len(g.cells) }

// Insert adds id covering box b.
func (g *Index) Insert(id int32, b orb.Bound) {
	lo, hi := g.Key(b.Min), g.Key(b.Max)
	if (int64(hi.X)-int64(lo.X)+1)*(int64(hi.Y)-int64(lo.Y)+1) > int64(g.MaxCells) {
		g.large = append(g.large, id)
		return
	}
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			k := Key{x, y}
			g.cells[k] = append(g.cells[k], id)
		}
	}
}

// Compact moves the cells' lists into one array, in the same order: a
// list grown by Insert has up to half its capacity spare and an
// allocation of its own (the importer's street segments at LI ×16: 4.1 →
// ~3 MB). Call it once the index is built; an Insert after it copies the
// list it extends.
func (g *Index) Compact() {
	n := 0
	for _, ids := range g.cells {
		n += len(ids)
	}
	all := make([]int32, 0, n)
	for k, ids := range g.cells {
		start := len(all)
		all = append(all, ids...)
		g.cells[k] = all[start:len(all):len(all)]
	}
}

// InsertPoint adds id at point p.
func (g *Index) InsertPoint(id int32, p orb.Point) {
	k := g.Key(p)
	g.cells[k] = append(g.cells[k], id)
}

// At calls fn with every large id and every id of p's cell, until fn
// returns false.
func (g *Index) At(p orb.Point, fn func(id int32) bool) {
	for _, id := range g.large {
		if !fn(id) {
			return
		}
	}
	g.visit(g.Key(p), fn)
}

// visit calls fn with the ids of cell k; false when fn stopped.
func (g *Index) visit(k Key, fn func(id int32) bool) bool {
	for _, id := range g.cells[k] {
		if !fn(id) {
			return false
		}
	}
	return true
}

// Ring calls fn with the ids in the square ring of cells at Chebyshev
// distance r (in cells) around p's cell, until fn returns false: the
// ring's top and bottom rows by x, then its side columns by y. Large items
// are not visited; an id in several cells is visited once per cell.
func (g *Index) Ring(p orb.Point, r int32, fn func(id int32) bool) {
	c := g.Key(p)
	if r == 0 {
		g.visit(c, fn)
		return
	}
	for x := c.X - r; x <= c.X+r; x++ {
		if !g.visit(Key{x, c.Y - r}, fn) || !g.visit(Key{x, c.Y + r}, fn) {
			return
		}
	}
	for y := c.Y - r + 1; y <= c.Y+r-1; y++ {
		if !g.visit(Key{c.X - r, y}, fn) || !g.visit(Key{c.X + r, y}, fn) {
			return
		}
	}
}

// RingMeters is a lower bound of the distance in meters from p to any
// point of a cell in ring r around p's cell: r-1 whole cells, since p may
// lie at the edge of its own cell.
func (g *Index) RingMeters(p orb.Point, r int32) float64 {
	if r <= 1 {
		return 0
	}
	kx := math.Cos(p[1]*math.Pi/180) * sphere.MetersPerDegree
	return float64(r-1) * g.cell * math.Min(kx, sphere.MetersPerDegree)
}

// Box calls fn with the ids of every cell meeting b, by x then y, until
// fn returns false; large items are not visited, and an id in several
// cells is visited once per cell. When b spans more cells than are
// occupied, the occupied cells are scanned instead (in the same order), so
// no query costs more than one pass over the index.
func (g *Index) Box(b orb.Bound, fn func(id int32) bool) {
	lo, hi := g.Key(b.Min), g.Key(b.Max)
	if (int64(hi.X)-int64(lo.X)+1)*(int64(hi.Y)-int64(lo.Y)+1) > int64(len(g.cells)) {
		var keys []Key
		for k := range g.cells {
			if k.X >= lo.X && k.X <= hi.X && k.Y >= lo.Y && k.Y <= hi.Y {
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, func(a, b Key) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y)) })
		for _, k := range keys {
			if !g.visit(k, fn) {
				return
			}
		}
		return
	}
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			if !g.visit(Key{x, y}, fn) {
				return
			}
		}
	}
}
