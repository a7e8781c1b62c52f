package route

import (
	"math"

	"github.com/paulmach/orb"
)

// isoGrid is Isochrone's raster: cells of cell meters over the reach,
// each holding the key (seconds or meters) of the nearest road's point
// in it or nearest to it (+Inf: a road not reached).
type isoGrid struct {
	w, h   int
	origin orb.Point // the south-west corner, [lon, lat]
	dLon   float64   // degrees a cell, east and north
	dLat   float64
	t      []float64 // by row (south first), then column
}

// IsochroneAccess is how far (meters) a point of a contour may lie from
// the road it is reached by: a point is reached from its nearest road,
// as a route snaps to it, when that road lies within IsochroneAccess;
// farther from every road it is outside every contour (so an isochrone
// does not spread over the empty land past the last road, and a mountain
// or a lake wider than twice this is a hole).
const IsochroneAccess = 500.0

// isoMaxCells bounds the grid (1,000 × 1,000 cells).
const isoMaxCells = 1000000

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
	wm, hm := (b.Max[0]-b.Min[0])*mLon, (b.Max[1]-b.Min[1])*mLat
	cell := opt.Cell
	if cell == 0 {
		cell = math.Max(20, math.Min(200, math.Sqrt(wm*hm/isoMaxCells)*1.2))
	}
	cell = math.Max(cell, math.Sqrt((wm+4*cell)*(hm+4*cell)/isoMaxCells))
	gr := &isoGrid{dLon: cell / mLon, dLat: cell / mLat}
	// a margin of IsochroneAccess and two cells, so that the roads
	// nearest to a point of the contours are drawn and the border cells
	// stay outside
	m := math.Ceil(IsochroneAccess/cell) + 2
	gr.origin = orb.Point{b.Min[0] - m*gr.dLon, b.Min[1] - m*gr.dLat}
	gr.w = int(math.Ceil((b.Max[0]-b.Min[0])/gr.dLon)) + 2*int(m)
	gr.h = int(math.Ceil((b.Max[1]-b.Min[1])/gr.dLat)) + 2*int(m)
	gr.t = make([]float64, gr.w*gr.h)
	for i := range gr.t {
		gr.t[i] = math.NaN() // no road
	}
	area := orb.Bound{Min: gr.origin, Max: orb.Point{gr.origin[0] + float64(gr.w)*gr.dLon, gr.origin[1] + float64(gr.h)*gr.dLat}}
	// every road a route may start on: +Inf unless reached. Snap keeps to
	// the big components, and falls back to the others only when none is
	// within reach: so from an origin on a small component (an island,
	// a fixture) every component counts.
	bigOnly := int(s.Edge) < len(g.edgeBig) && g.edgeBig[s.Edge]
	for e := range g.eBox {
		if !g.eBox[e].Intersects(area) || !g.isoRoad(uint32(e), opt.Exclude, bigOnly) {
			continue
		}
		g.drawEdge(gr, uint32(e), false, 0, 1, func(float64) float64 { return math.Inf(1) })
	}
	scale := 10.0 // keys are deciseconds or decimeters
	for _, r := range reached {
		e, back := arcEdge(g, r.arc)
		if !g.isoRoad(e, opt.Exclude, bigOnly) {
			continue
		}
		w := g.arcLen(r.arc, opt.ByDistance)
		end := float64(r.end)
		g.drawEdge(gr, e, back, r.from, 1, func(f float64) float64 { return (end - w*(1-f)) / scale })
	}
	gr.fill(IsochroneAccess / cell)
	return gr
}

// isoRoad reports whether a point may be routed from edge e, as routing
// snaps (Snap): an edge that a route may start on, of no class excluded,
// of the big components when bigOnly.
func (g *Graph) isoRoad(e uint32, x Exclude, bigOnly bool) bool {
	return (!bigOnly || g.edgeBig[e]) && !g.noStart(e) && uint8(x)&g.edgeMask(e) == 0
}

// drawEdge sets the cells along edge e (against its node order when back;
// the part from fraction f0 to f1 of the way along) to the least of
// their value and key(fraction along), sampling every half cell.
func (g *Graph) drawEdge(gr *isoGrid, e uint32, back bool, f0, f1 float64, key func(f float64) float64) {
	pts := g.edgePoints(e)
	total := float64(g.eLen[e])
	step := math.Min(gr.dLon, gr.dLat) / 2
	along := 0.0
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		seg := haversine(a, b)
		n := int(math.Ceil(math.Max(math.Abs(b[0]-a[0]), math.Abs(b[1]-a[1])) / step))
		for k := 0; k <= n; k++ {
			u := 0.0
			if n > 0 {
				u = float64(k) / float64(n)
			}
			f := 0.0
			if total > 0 {
				f = (along + u*seg) / total
			}
			if back {
				f = 1 - f
			}
			if f < f0-1e-9 || f > f1+1e-9 {
				continue
			}
			gr.set(orb.Point{a[0] + u*(b[0]-a[0]), a[1] + u*(b[1]-a[1])}, key(f))
		}
		along += seg
	}
}

// set lowers the cell of p to v.
func (gr *isoGrid) set(p orb.Point, v float64) {
	x := int((p[0] - gr.origin[0]) / gr.dLon)
	y := int((p[1] - gr.origin[1]) / gr.dLat)
	if x < 0 || y < 0 || x >= gr.w || y >= gr.h {
		return
	}
	i := y*gr.w + x
	if math.IsNaN(gr.t[i]) || v < gr.t[i] {
		gr.t[i] = v
	}
}

// fill gives each cell without a road the value of the nearest cell with
// one (a two-pass 3-4 chamfer distance transform, within 8% of the
// straight distance), +Inf where none is within access cells.
func (gr *isoGrid) fill(access float64) {
	const inf = math.MaxInt32
	dist := make([]int32, len(gr.t))
	for i, v := range gr.t {
		if !math.IsNaN(v) {
			dist[i] = 0
		} else {
			dist[i] = inf
		}
	}
	relax := func(i, j int, c int32) {
		if dist[j] != inf && dist[j]+c < dist[i] {
			dist[i], gr.t[i] = dist[j]+c, gr.t[j]
		}
	}
	w, h := gr.w, gr.h
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
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
		for x := w - 1; x >= 0; x-- {
			i := y*w + x
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
	far := int32(math.Ceil(3 * access))
	for i, v := range gr.t {
		if math.IsNaN(v) || dist[i] > far {
			gr.t[i] = math.Inf(1)
		}
	}
}

// inside reports whether cell (x, y) is within limit (outside the grid:
// no).
func (gr *isoGrid) inside(x, y int, limit float64) bool {
	return x >= 0 && y >= 0 && x < gr.w && y < gr.h && gr.t[y*gr.w+x] <= limit
}

// corner returns the coordinates of the cells' corner (x, y).
func (gr *isoGrid) corner(x, y int) orb.Point {
	return orb.Point{gr.origin[0] + float64(x)*gr.dLon, gr.origin[1] + float64(y)*gr.dLat}
}
