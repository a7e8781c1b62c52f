package route

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/route/contour"
)

// release returns the grid's arrays to g's pool; the grid is unusable.
func (g *Graph) release(gr *contour.Grid) {
	if b := gr.Release(); b != nil {
		g.isoPool.Put(b)
	}
}

// IsochroneAccess is how far (meters) a point of a contour may lie from
// the road it is reached by: a point is reached from its nearest road,
// as a route snaps to it, when that road lies within IsochroneAccess;
// farther from every road it is outside every contour (so an isochrone
// does not spread over the empty land past the last road, and a mountain
// or a lake wider than twice this is a hole).
const IsochroneAccess = 500.0

// The grid's cells: as many as isoCells over the reach's bounds, but no
// smaller than isoMinCell (the roads' own spacing in a town) and no more
// than isoMaxCells in all. At isoCells a 15-minute drive (a 25 km reach)
// has cells of about 50 m, so that the contours stay within the 100 m of
// the routes the agreement test allows, and drawing and tracing take a
// few milliseconds; a larger reach has coarser cells, the same work.
const (
	isoCells    = 150000
	isoMinCell  = 20.0
	isoMaxCells = 1000000
)

// isoCellSize is the cell (meters) for a reach of wm × hm meters.
func isoCellSize(wm, hm, asked float64) float64 {
	cell := asked
	if cell == 0 {
		cell = math.Max(isoMinCell, math.Sqrt(wm*hm/isoCells))
	}
	// the margins (isoGrid) included
	for (wm/cell+2*(IsochroneAccess/cell+3))*(hm/cell+2*(IsochroneAccess/cell+3)) > isoMaxCells {
		cell *= 1.25
	}
	return cell
}

// isoGrid draws the reached arcs and the roads about them.
func (g *Graph) isoGrid(s Snap, reached []reachedArc, opt IsochroneOptions) *contour.Grid {
	b := orb.Bound{Min: s.Location, Max: s.Location}
	for _, r := range reached {
		e, _ := arcEdge(g, r.arc)
		b = b.Union(g.eBox[e])
	}
	lat := (b.Min[1] + b.Max[1]) / 2
	mLat := 111320.0
	mLon := mLat * math.Cos(lat*math.Pi/180)
	cell := isoCellSize((b.Max[0]-b.Min[0])*mLon, (b.Max[1]-b.Min[1])*mLat, opt.Cell)
	dLon, dLat := cell/mLon, cell/mLat
	// a margin of IsochroneAccess and two cells, so that the roads
	// nearest to a point of the contours are drawn and the border cells
	// stay outside
	m := math.Ceil(IsochroneAccess/cell) + 2
	buf, _ := g.isoPool.Get().(*contour.Buffers)
	if buf == nil {
		buf = &contour.Buffers{}
	}
	gr := contour.NewGrid(orb.Point{b.Min[0] - m*dLon, b.Min[1] - m*dLat},
		int(math.Ceil((b.Max[0]-b.Min[0])/dLon))+2*int(m), int(math.Ceil((b.Max[1]-b.Min[1])/dLat))+2*int(m),
		dLon, dLat, cell, buf)
	// every road a route may start on: +Inf unless reached. Snap keeps to
	// the big components, and falls back to the others only when none is
	// within reach: so from an origin on a small component (an island,
	// a fixture) every component counts.
	bigOnly := int(s.Edge) < len(g.edgeBig) && g.edgeBig[s.Edge]
	g.markRoads(gr, opt.Exclude, bigOnly)
	scale := 10.0 // keys are deciseconds or decimeters
	for _, r := range reached {
		e, back := arcEdge(g, r.arc)
		if !g.isoRoad(e, opt.Exclude, bigOnly) {
			continue
		}
		g.drawArc(gr, e, back, r.from, float64(r.end)/scale, g.arcLen(r.arc, opt.ByDistance)/scale)
	}
	gr.Fill(IsochroneAccess / cell)
	return gr
}

// markRoads marks the cells of the roads in the grid's area that a point
// may be routed from (isoRoad) as +Inf, not reached: their segments come
// from the snapping grid's cells over the area, so that the work is the
// area's, not the graph's.
func (g *Graph) markRoads(gr *contour.Grid, x Exclude, bigOnly bool) {
	fx0, fy0 := g.fine.cellOf(gr.Origin)
	fx1, fy1 := g.fine.cellOf(orb.Point{gr.Origin[0] + float64(gr.W)*gr.DLon, gr.Origin[1] + float64(gr.H)*gr.DLat})
	inf := float32(math.Inf(1))
	for fy := fy0; fy <= fy1; fy++ {
		for fx := fx0; fx <= fx1; fx++ {
			for _, r := range g.fine.at(fx, fy) {
				pts := g.edgePoints(r.edge)
				a, b := pts[r.seg], pts[r.seg+1]
				// a segment is listed in every cell it crosses: drawn from
				// its start's cell, or from each when that lies outside
				if ax, ay := g.fine.cellOf(a); (ax != fx || ay != fy) && ax >= fx0 && ax <= fx1 && ay >= fy0 && ay <= fy1 {
					continue
				}
				if !g.isoRoad(r.edge, x, bigOnly) {
					continue
				}
				n := gr.Samples(a, b)
				for k := 0; k <= n; k++ {
					u := float64(k) / float64(n)
					if i, ok := gr.Index(orb.Point{a[0] + u*(b[0]-a[0]), a[1] + u*(b[1]-a[1])}); ok && gr.T[i] != gr.T[i] {
						gr.T[i] = inf
					}
				}
			}
		}
	}
}

// isoRoad reports whether a point may be routed from edge e, as routing
// snaps (Snap): an edge that a route may start on, of no class excluded,
// of the big components when bigOnly.
func (g *Graph) isoRoad(e uint32, x Exclude, bigOnly bool) bool {
	return (!bigOnly || g.edgeBig[e]) && !g.noStart(e) && uint8(x)&g.edgeMask(e) == 0
}

// drawArc lowers the cells along edge e (against its node order when
// back), from fraction from of the way along, to the key at each point:
// end at the arc's end, less the part of length still to go. Fractions
// are of the edge's length in the grid's plane (cells are small, edges
// short: within a fraction of a percent of the great-circle ones).
func (g *Graph) drawArc(gr *contour.Grid, e uint32, back bool, from, end, length float64) {
	pts := g.edgePoints(e)
	cos := gr.DLat / gr.DLon // meters a degree east over north
	segLen := func(a, b orb.Point) float64 {
		dx, dy := (b[0]-a[0])*cos, b[1]-a[1]
		return math.Sqrt(dx*dx + dy*dy)
	}
	total := 0.0
	for i := 0; i+1 < len(pts); i++ {
		total += segLen(pts[i], pts[i+1])
	}
	along := 0.0
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		seg := segLen(a, b)
		n := gr.Samples(a, b)
		for k := 0; k <= n; k++ {
			u := float64(k) / float64(n)
			f := 0.0
			if total > 0 {
				f = math.Min(1, (along+u*seg)/total)
			}
			if back {
				f = 1 - f
			}
			if f < from-1e-9 {
				continue
			}
			i, ok := gr.Index(orb.Point{a[0] + u*(b[0]-a[0]), a[1] + u*(b[1]-a[1])})
			if v := float32(end - length*(1-f)); ok && (gr.T[i] != gr.T[i] || v < gr.T[i]) {
				gr.T[i] = v
			}
		}
		along += seg
	}
}
