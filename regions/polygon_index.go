// polygon_index.go is the in-memory spatial index of the import: a uniform
// grid of cells (size in degrees) holding item ids by bounding box. Items
// whose box spans more than maxCells cells (countries) go to a short list
// checked on every query, which keeps the grid small whatever the area
// sizes. Queries allocate nothing; callbacks return false to stop.
//
// It serves point-in-polygon candidate lookups (areas), nearest street
// segment searches and nearest place node searches during the import.

package regions

import (
	"math"

	"github.com/paulmach/orb"
)

type cellKey struct{ x, y int32 }

// gridIndex maps grid cells to the ids of items whose bbox overlaps them.
type gridIndex struct {
	cell     float64
	maxCells int
	cells    map[cellKey][]int32
	large    []int32
}

func newGridIndex(cell float64) *gridIndex {
	return &gridIndex{cell: cell, maxCells: 4096, cells: make(map[cellKey][]int32)}
}

func (g *gridIndex) key(p orb.Point) cellKey {
	return cellKey{int32(math.Floor(p[0] / g.cell)), int32(math.Floor(p[1] / g.cell))}
}

// insert adds id covering bound b.
func (g *gridIndex) insert(id int32, b orb.Bound) {
	lo, hi := g.key(b.Min), g.key(b.Max)
	if int(hi.x-lo.x+1)*int(hi.y-lo.y+1) > g.maxCells {
		g.large = append(g.large, id)
		return
	}
	for x := lo.x; x <= hi.x; x++ {
		for y := lo.y; y <= hi.y; y++ {
			k := cellKey{x, y}
			g.cells[k] = append(g.cells[k], id)
		}
	}
}

// at calls fn with every id whose cell covers p (and every large item),
// until fn returns false. An id may be visited once per call only.
func (g *gridIndex) at(p orb.Point, fn func(id int32) bool) {
	for _, id := range g.large {
		if !fn(id) {
			return
		}
	}
	for _, id := range g.cells[g.key(p)] {
		if !fn(id) {
			return
		}
	}
}

// ring calls fn with the ids in the square ring of cells at Chebyshev
// distance r (in cells) around p's cell; large items are not visited.
// Ids spanning several cells can be visited more than once.
func (g *gridIndex) ring(p orb.Point, r int32, fn func(id int32) bool) {
	c := g.key(p)
	visit := func(x, y int32) bool {
		for _, id := range g.cells[cellKey{x, y}] {
			if !fn(id) {
				return false
			}
		}
		return true
	}
	if r == 0 {
		visit(c.x, c.y)
		return
	}
	for x := c.x - r; x <= c.x+r; x++ {
		if !visit(x, c.y-r) || !visit(x, c.y+r) {
			return
		}
	}
	for y := c.y - r + 1; y <= c.y+r-1; y++ {
		if !visit(c.x-r, y) || !visit(c.x+r, y) {
			return
		}
	}
}

// ringMeters is a lower bound of the distance in meters from p to any
// point of a cell in ring r around p's cell: (r-1) whole cells, since p may
// lie at the edge of its own cell.
func (g *gridIndex) ringMeters(p orb.Point, r int32) float64 {
	if r <= 1 {
		return 0
	}
	kx := math.Cos(p[1]*math.Pi/180) * metersPerDegree
	return float64(r-1) * g.cell * math.Min(kx, metersPerDegree)
}

// preparedArea answers point-in-area queries on one areal geometry in
// O(edges per band): the bbox is cut into horizontal bands, each listing the
// edges that cross it, and the even-odd ray cast only looks at the band of
// the point. Even-odd over all rings of a MultiPolygon is exact for
// properly nested rings (holes inside outers, outers disjoint), which is
// what AssembleRings produces.
type preparedArea struct {
	bound orb.Bound
	minY  float64
	bandH float64
	bands [][]edge
}

type edge struct{ x1, y1, x2, y2 float64 }

func prepareArea(g orb.Geometry) *preparedArea {
	var rings []orb.Ring
	switch g := g.(type) {
	case orb.Polygon:
		rings = g
	case orb.MultiPolygon:
		for _, p := range g {
			rings = append(rings, p...)
		}
	default:
		return nil
	}
	n := 0
	for _, r := range rings {
		n += len(r)
	}
	pa := &preparedArea{bound: g.Bound()}
	k := n / 8
	if k < 1 {
		k = 1
	}
	if k > 2048 {
		k = 2048
	}
	pa.minY = pa.bound.Min[1]
	pa.bandH = (pa.bound.Max[1] - pa.bound.Min[1]) / float64(k)
	if pa.bandH <= 0 {
		pa.bandH = 1
		k = 1
	}
	pa.bands = make([][]edge, k)
	for _, r := range rings {
		for i := 0; i+1 < len(r); i++ {
			e := edge{r[i][0], r[i][1], r[i+1][0], r[i+1][1]}
			lo, hi := pa.band(math.Min(e.y1, e.y2)), pa.band(math.Max(e.y1, e.y2))
			for b := lo; b <= hi; b++ {
				pa.bands[b] = append(pa.bands[b], e)
			}
		}
	}
	return pa
}

func (pa *preparedArea) band(y float64) int {
	b := int((y - pa.minY) / pa.bandH)
	if b < 0 {
		return 0
	}
	if b >= len(pa.bands) {
		return len(pa.bands) - 1
	}
	return b
}

// contains reports whether p is inside the area (even-odd rule).
func (pa *preparedArea) contains(p orb.Point) bool {
	if !pa.bound.Contains(p) {
		return false
	}
	x, y := p[0], p[1]
	in := false
	for _, e := range pa.bands[pa.band(y)] {
		if (e.y1 > y) != (e.y2 > y) {
			if x < (e.x2-e.x1)*(y-e.y1)/(e.y2-e.y1)+e.x1 {
				in = !in
			}
		}
	}
	return in
}
