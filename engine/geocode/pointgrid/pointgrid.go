// Package pointgrid answers radius queries over a fixed list of points
// ("every point within r meters of c"), the spatial half of nearby, on a
// grid of CellDegrees cells.
//
// Design choices:
//   - The occupied cells are flat arrays: their keys sorted (x, then y),
//     and each cell's points as a range of one list, in point order. A
//     query walks the columns of the circle's bounding box and, in each,
//     the occupied cells within it found by binary search, and checks
//     each point with the haversine distance, so the answer is exact.
//     Flat arrays are what an image holds as they are (WriteImage), so a
//     grid read from a mapped image answers at once.
//   - Points are [lon, lat] degrees; distances are meters on the sphere
//     (package sphere). Boxes do not wrap around the antimeridian.
//   - Immutable after Build; Within is safe for concurrent use.
package pointgrid

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/flat"
	"waymark/engine/sphere"
)

// CellDegrees is the side of a grid cell (about 1.1 km of latitude).
const CellDegrees = 0.01

// Grid indexes a fixed list of points by position.
type Grid struct {
	pts []orb.Point
	// keys are the occupied cells' keys (cellKey), ascending; the points
	// of cell keys[c] are ids[off[c]:off[c+1]].
	keys []uint64
	off  []uint32
	ids  []int32
}

// cellCoord is the cell column or row of a coordinate, clamped so that
// every coordinate (and ±Inf) has one.
func cellCoord(v float64) int32 {
	return int32(max(min(math.Floor(v/CellDegrees), math.MaxInt32/2), math.MinInt32/2))
}

// cellKey orders cells by column, then row.
func cellKey(x, y int32) uint64 {
	return uint64(uint32(x)^1<<31)<<32 | uint64(uint32(y)^1<<31)
}

// Build indexes pts; the i-th point is reported as i by Within.
func Build(pts []orb.Point) *Grid {
	type entry struct {
		key uint64
		i   int32
	}
	es := make([]entry, len(pts))
	for i, p := range pts {
		es[i] = entry{cellKey(cellCoord(p[0]), cellCoord(p[1])), int32(i)}
	}
	slices.SortFunc(es, func(a, b entry) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.i, b.i)) })
	g := &Grid{pts: pts, off: []uint32{0}, ids: make([]int32, len(es))}
	for j, e := range es {
		if j == 0 || e.key != es[j-1].key {
			if j > 0 {
				g.off = append(g.off, uint32(j))
			}
			g.keys = append(g.keys, e.key)
		}
		g.ids[j] = e.i
	}
	if len(es) > 0 {
		g.off = append(g.off, uint32(len(es)))
	}
	return g
}

// Len returns the number of points.
func (g *Grid) Len() int { return len(g.pts) }

// Point returns the i-th point.
func (g *Grid) Point(i int) orb.Point { return g.pts[i] }

// Within calls visit for every point whose haversine distance to c is at
// most radius meters, with that distance, in no particular order.
func (g *Grid) Within(c orb.Point, radius float64, visit func(i int, meters float64)) {
	if radius < 0 || len(g.keys) == 0 {
		return
	}
	dLat := radius / sphere.MetersPerDegree
	dLon := radius / (sphere.MetersPerDegree * math.Max(math.Cos(c[1]*math.Pi/180), 0.01))
	x0, x1 := cellCoord(math.Max(c[0]-dLon, -180)), cellCoord(math.Min(c[0]+dLon, 180))
	y0, y1 := cellCoord(math.Max(c[1]-dLat, -90)), cellCoord(math.Min(c[1]+dLat, 90))
	// The columns from x0 to x1 that have occupied cells: start at the
	// first key of column x0 and jump from column to column.
	k := searchFrom(g.keys, cellKey(x0, y0))
	for k < len(g.keys) {
		x := int32(uint32(g.keys[k]>>32) ^ 1<<31)
		if x > x1 {
			return
		}
		lo, hi := cellKey(x, y0), cellKey(x, y1)
		if g.keys[k] < lo {
			k += searchFrom(g.keys[k:], lo)
			continue
		}
		for ; k < len(g.keys) && g.keys[k] <= hi; k++ {
			for _, i := range g.ids[g.off[k]:g.off[k+1]] {
				if d := sphere.Distance(c, g.pts[i]); d <= radius {
					visit(int(i), d)
				}
			}
		}
		k += searchFrom(g.keys[k:], cellKey(x+1, y0)) // x+1 fits: cellCoord stays within ±MaxInt32/2
	}
}

// searchFrom returns the index in keys of the first key >= k.
func searchFrom(keys []uint64, k uint64) int {
	i, _ := slices.BinarySearch(keys, k)
	return i
}

// imageFields lists the grid's arrays in an image's order.
func (g *Grid) imageFields() []flat.Field {
	return []flat.Field{flat.F(&g.pts), flat.F(&g.keys), flat.F(&g.off), flat.F(&g.ids)}
}

// WriteImage writes the grid's arrays to an image (package flat).
func (g *Grid) WriteImage(w *flat.Writer) { w.WriteFields(g.imageFields()) }

// ReadImage returns the grid whose arrays WriteImage wrote at r's
// position, as views of r's bytes. Lengths are checked, values are not
// (an image is the engine's own cache of a grid it built).
func ReadImage(r *flat.Reader) (*Grid, error) {
	g := &Grid{}
	r.ReadFields(g.imageFields())
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("pointgrid: read image: %w", err)
	}
	n := len(g.ids)
	ok := n == len(g.pts) && (len(g.keys) == 0 && len(g.off) <= 1 || len(g.off) == len(g.keys)+1 && g.off[0] == 0 && int(g.off[len(g.off)-1]) == n)
	if !ok {
		return nil, fmt.Errorf("pointgrid: read image: %w: array lengths do not fit", flat.ErrImage)
	}
	return g, nil
}
