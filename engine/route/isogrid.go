package route

import (
	"math"

	"github.com/paulmach/orb"
)

// isoGrid is Isochrone's raster: cells of cell meters over the reach,
// each holding the key (seconds or meters) of the nearest road's point
// in it or nearest to it (+Inf: a road not reached, or no road within
// IsochroneAccess).
type isoGrid struct {
	w, h   int
	origin orb.Point // the south-west corner, [lon, lat]
	dLon   float64   // degrees a cell, east and north
	dLat   float64
	cell   float64   // meters a cell
	t      []float32 // by row (south first), then column; NaN: no road yet
	buf    *isoBuffers
}

// isoBuffers are a grid's arrays, kept in Graph.isoPool between
// isochrones (a 15-minute drive's are about 1.3 MB, which as garbage
// made the collector stop the drawing loops every few isochrones).
type isoBuffers struct {
	t    []float32
	dist []uint16 // fill's chamfer distances
	in   []bool   // polygons' in-bitmap
	seen []uint8  // polygons' traced corners
}

// release returns the grid's arrays to g's pool; the grid is unusable.
func (g *Graph) release(gr *isoGrid) {
	if gr.buf != nil {
		g.isoPool.Put(gr.buf)
		gr.buf, gr.t = nil, nil
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
func (g *Graph) isoGrid(s Snap, reached []reachedArc, opt IsochroneOptions) *isoGrid {
	b := orb.Bound{Min: s.Location, Max: s.Location}
	for _, r := range reached {
		e, _ := arcEdge(g, r.arc)
		b = b.Union(g.eBox[e])
	}
	lat := (b.Min[1] + b.Max[1]) / 2
	mLat := 111320.0
	mLon := mLat * math.Cos(lat*math.Pi/180)
	cell := isoCellSize((b.Max[0]-b.Min[0])*mLon, (b.Max[1]-b.Min[1])*mLat, opt.Cell)
	gr := &isoGrid{dLon: cell / mLon, dLat: cell / mLat, cell: cell}
	// a margin of IsochroneAccess and two cells, so that the roads
	// nearest to a point of the contours are drawn and the border cells
	// stay outside
	m := math.Ceil(IsochroneAccess/cell) + 2
	gr.origin = orb.Point{b.Min[0] - m*gr.dLon, b.Min[1] - m*gr.dLat}
	gr.w = int(math.Ceil((b.Max[0]-b.Min[0])/gr.dLon)) + 2*int(m)
	gr.h = int(math.Ceil((b.Max[1]-b.Min[1])/gr.dLat)) + 2*int(m)
	gr.buf, _ = g.isoPool.Get().(*isoBuffers)
	if gr.buf == nil {
		gr.buf = &isoBuffers{}
	}
	gr.buf.t = resize(gr.buf.t, gr.w*gr.h)
	gr.t = gr.buf.t
	nan := float32(math.NaN())
	for i := range gr.t {
		gr.t[i] = nan
	}
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
	gr.fill(IsochroneAccess / cell)
	return gr
}

// markRoads marks the cells of the roads in the grid's area that a point
// may be routed from (isoRoad) as +Inf, not reached: their segments come
// from the snapping grid's cells over the area, so that the work is the
// area's, not the graph's.
func (g *Graph) markRoads(gr *isoGrid, x Exclude, bigOnly bool) {
	fx0, fy0 := g.fine.cellOf(gr.origin)
	fx1, fy1 := g.fine.cellOf(orb.Point{gr.origin[0] + float64(gr.w)*gr.dLon, gr.origin[1] + float64(gr.h)*gr.dLat})
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
				n := gr.samples(a, b)
				for k := 0; k <= n; k++ {
					u := float64(k) / float64(n)
					if i, ok := gr.index(orb.Point{a[0] + u*(b[0]-a[0]), a[1] + u*(b[1]-a[1])}); ok && gr.t[i] != gr.t[i] {
						gr.t[i] = inf
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

// samples is the number of steps of half a cell from a to b (at least 1).
func (gr *isoGrid) samples(a, b orb.Point) int {
	return max(1, int(math.Ceil(2*math.Max(math.Abs(b[0]-a[0])/gr.dLon, math.Abs(b[1]-a[1])/gr.dLat))))
}

// drawArc lowers the cells along edge e (against its node order when
// back), from fraction from of the way along, to the key at each point:
// end at the arc's end, less the part of length still to go. Fractions
// are of the edge's length in the grid's plane (cells are small, edges
// short: within a fraction of a percent of the great-circle ones).
func (g *Graph) drawArc(gr *isoGrid, e uint32, back bool, from, end, length float64) {
	pts := g.edgePoints(e)
	cos := gr.dLat / gr.dLon // meters a degree east over north
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
		n := gr.samples(a, b)
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
			i, ok := gr.index(orb.Point{a[0] + u*(b[0]-a[0]), a[1] + u*(b[1]-a[1])})
			if v := float32(end - length*(1-f)); ok && (gr.t[i] != gr.t[i] || v < gr.t[i]) {
				gr.t[i] = v
			}
		}
		along += seg
	}
}

// index returns the cell of p (false outside the grid).
func (gr *isoGrid) index(p orb.Point) (int, bool) {
	fx := (p[0] - gr.origin[0]) / gr.dLon
	fy := (p[1] - gr.origin[1]) / gr.dLat
	if fx < 0 || fy < 0 || fx >= float64(gr.w) || fy >= float64(gr.h) {
		return 0, false
	}
	return int(fy)*gr.w + int(fx), true
}

// fill gives each cell without a road the value of the nearest cell with
// one (a two-pass 3-4 chamfer distance transform, within 8% of the
// straight distance), +Inf where none is within access cells.
func (gr *isoGrid) fill(access float64) {
	const far = math.MaxUint16
	var dist []uint16
	if gr.buf != nil {
		gr.buf.dist = resize(gr.buf.dist, len(gr.t))
		dist = gr.buf.dist
	} else {
		dist = make([]uint16, len(gr.t))
	}
	for i, v := range gr.t {
		if v != v {
			dist[i] = far
		} else {
			dist[i] = 0
		}
	}
	w, h, t := gr.w, gr.h, gr.t
	relax := func(i, j int, c uint16) {
		if d := dist[j]; d < far-4 && d+c < dist[i] {
			dist[i], t[i] = d+c, t[j]
		}
	}
	for y := 0; y < h; y++ {
		row := y * w
		for x := 0; x < w; x++ {
			i := row + x
			if dist[i] == 0 {
				continue
			}
			if x > 0 {
				relax(i, i-1, 3)
			}
			if y > 0 {
				relax(i, i-w, 3)
				if x > 0 {
					relax(i, i-w-1, 4)
				}
				if x+1 < w {
					relax(i, i-w+1, 4)
				}
			}
		}
	}
	for y := h - 1; y >= 0; y-- {
		row := y * w
		for x := w - 1; x >= 0; x-- {
			i := row + x
			if dist[i] == 0 {
				continue
			}
			if x+1 < w {
				relax(i, i+1, 3)
			}
			if y+1 < h {
				relax(i, i+w, 3)
				if x+1 < w {
					relax(i, i+w+1, 4)
				}
				if x > 0 {
					relax(i, i+w-1, 4)
				}
			}
		}
	}
	limit := uint16(math.Min(far-5, math.Ceil(3*access)))
	inf := float32(math.Inf(1))
	for i, d := range dist {
		if d > limit {
			t[i] = inf
		}
	}
}

// corner returns the coordinates of the cells' corner (x, y).
func (gr *isoGrid) corner(x, y int) orb.Point {
	return orb.Point{gr.origin[0] + float64(x)*gr.dLon, gr.origin[1] + float64(y)*gr.dLat}
}
