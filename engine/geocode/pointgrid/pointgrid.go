// Package pointgrid answers radius queries over a fixed list of points
// ("every point within r meters of c"), the spatial half of nearby, on a
// grid.Index of CellDegrees cells.
//
// Design choices:
//   - A query visits the cells meeting the circle's bounding box (or, when
//     the box spans more cells than the grid has occupied cells, the
//     occupied cells: grid.Index.Box) and checks each point with the
//     haversine distance, so the answer is exact.
//   - Points are [lon, lat] degrees; distances are meters on the sphere
//     (package sphere). Boxes do not wrap around the antimeridian.
//   - Immutable after Build; Within is safe for concurrent use.
package pointgrid

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/grid"
	"waymark/engine/sphere"
)

// CellDegrees is the side of a grid cell (about 1.1 km of latitude).
const CellDegrees = 0.01

// Grid indexes a fixed list of points by position.
type Grid struct {
	pts   []orb.Point
	cells *grid.Index
}

// Build indexes pts; the i-th point is reported as i by Within.
func Build(pts []orb.Point) *Grid {
	g := &Grid{pts: pts, cells: grid.New(CellDegrees)}
	for i, p := range pts {
		g.cells.InsertPoint(int32(i), p)
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
	if radius < 0 || len(g.pts) == 0 {
		return
	}
	dLat := radius / sphere.MetersPerDegree
	dLon := radius / (sphere.MetersPerDegree * math.Max(math.Cos(c[1]*math.Pi/180), 0.01))
	box := orb.Bound{
		Min: orb.Point{math.Max(c[0]-dLon, -180), math.Max(c[1]-dLat, -90)},
		Max: orb.Point{math.Min(c[0]+dLon, 180), math.Min(c[1]+dLat, 90)},
	}
	g.cells.Box(box, func(i int32) bool {
		if d := sphere.Distance(c, g.pts[i]); d <= radius {
			visit(int(i), d)
		}
		return true
	})
}
