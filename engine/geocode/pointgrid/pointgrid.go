// Package pointgrid is a static in-memory grid index over points for
// radius queries ("every point within r meters of c"), the spatial half of
// nearby.
//
// Design choices:
//   - A uniform grid of CellDegrees cells keyed by integer cell
//     coordinates: building is one pass, a query visits the cells overlapping
//     the circle's bounding box and checks each point with the haversine
//     distance, so the answer is exact. When the box spans more cells than
//     the grid has occupied cells (a 500 km radius over a small region), the
//     occupied cells are scanned instead, so no query costs more than one
//     pass over the points.
//   - Points are [lon, lat] degrees; distances are meters on the sphere
//     (sphere.Distance). Boxes do not wrap around the antimeridian.
//   - Immutable after Build; Within is safe for concurrent use and
//     allocates nothing.
package pointgrid

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

// CellDegrees is the side of a grid cell (about 1.1 km of latitude).
const CellDegrees = 0.01

const metersPerDegree = 111_319.49

type cellKey struct{ x, y int32 }

// Grid indexes a fixed list of points by position.
type Grid struct {
	pts   []orb.Point
	cells map[cellKey][]int32
}

func keyOf(p orb.Point) cellKey {
	return cellKey{int32(math.Floor(p[0] / CellDegrees)), int32(math.Floor(p[1] / CellDegrees))}
}

// Build indexes pts; the i-th point is reported as i by Within.
func Build(pts []orb.Point) *Grid {
	g := &Grid{pts: pts, cells: map[cellKey][]int32{}}
	for i, p := range pts {
		k := keyOf(p)
		g.cells[k] = append(g.cells[k], int32(i))
	}
	return g
}

// Len returns the number of points.
func (g *Grid) Len() int { return len(g.pts) }

// Within calls visit for every point whose haversine distance to c is at
// most radius meters, with that distance, in no particular order.
func (g *Grid) Within(c orb.Point, radius float64, visit func(i int, meters float64)) {
	if radius < 0 || len(g.pts) == 0 {
		return
	}
	dLat := radius / metersPerDegree
	dLon := radius / (metersPerDegree * math.Max(math.Cos(c[1]*math.Pi/180), 0.01))
	lo := keyOf(orb.Point{math.Max(c[0]-dLon, -180), math.Max(c[1]-dLat, -90)})
	hi := keyOf(orb.Point{math.Min(c[0]+dLon, 180), math.Min(c[1]+dLat, 90)})
	span := (int64(hi.x) - int64(lo.x) + 1) * (int64(hi.y) - int64(lo.y) + 1)
	if span > int64(len(g.cells)) {
		for k, ids := range g.cells {
			if k.x >= lo.x && k.x <= hi.x && k.y >= lo.y && k.y <= hi.y {
				g.check(ids, c, radius, visit)
			}
		}
		return
	}
	for x := lo.x; x <= hi.x; x++ {
		for y := lo.y; y <= hi.y; y++ {
			if ids, ok := g.cells[cellKey{x, y}]; ok {
				g.check(ids, c, radius, visit)
			}
		}
	}
}

// check visits the points ids that lie within radius meters of c.
func (g *Grid) check(ids []int32, c orb.Point, radius float64, visit func(i int, meters float64)) {
	for _, i := range ids {
		if d := sphere.Distance(c, g.pts[i]); d <= radius {
			visit(int(i), d)
		}
	}
}
