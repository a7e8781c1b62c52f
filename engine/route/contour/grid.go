// Package contour turns a raster of times (or distances) into the
// polygons within given limits: the cells a road's reach was drawn into
// hold its key, Fill gives every other cell its nearest road's key within
// an access distance (a two-pass 3-4 chamfer transform), Polygons traces
// the sides of the cells within a limit into rings (outer ones
// counter-clockwise, holes clockwise, each hole given to the smallest
// outer ring around it), and Denoise and Generalize drop the small
// polygons and simplify the rings as an isochrone request asks. Input: a
// Grid, in degrees from its south-west Origin; output: orb.Polygons
// ([lon, lat]). It knows nothing of graphs: engine/route draws the
// reached arcs of its graph into the Grid (Graph.Isochrone) and keeps
// the Buffers between isochrones.
package contour

import (
	"math"

	"github.com/paulmach/orb"
)

// Grid is an isochrone's raster: cells of Cell meters over the reach,
// each holding the key (seconds or meters) of the nearest road's point
// in it or nearest to it (+Inf: a road not reached, or no road within
// the access distance: Fill).
type Grid struct {
	W, H   int
	Origin orb.Point // the south-west corner, [lon, lat]
	DLon   float64   // degrees a cell, east and north
	DLat   float64
	Cell   float64   // meters a cell
	T      []float32 // by row (south first), then column; NaN: no road yet
	buf    *Buffers
}

// NewGrid returns a grid of w × h cells of dLon × dLat degrees (cell
// meters) from origin, every cell NaN, its arrays taken from buf (kept
// there for the next grid: Release).
func NewGrid(origin orb.Point, w, h int, dLon, dLat, cell float64, buf *Buffers) *Grid {
	gr := &Grid{W: w, H: h, Origin: origin, DLon: dLon, DLat: dLat, Cell: cell, buf: buf}
	gr.buf.t = resize(gr.buf.t, gr.W*gr.H)
	gr.T = gr.buf.t
	nan := float32(math.NaN())
	for i := range gr.T {
		gr.T[i] = nan
	}
	return gr
}

// Release returns the grid's arrays (nil for a grid made without them);
// the grid is unusable.
func (gr *Grid) Release() *Buffers {
	b := gr.buf
	gr.buf, gr.T = nil, nil
	return b
}

// resize returns s with length n, reallocated when its capacity is short.
func resize[E any](s []E, n int) []E {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]E, n)
}

// Buffers are a grid's arrays, kept between isochrones (engine/route
// keeps them in its Graph's pool: a 15-minute drive's are about 1.3 MB,
// which as garbage made the collector stop the drawing loops every few
// isochrones).
type Buffers struct {
	t    []float32
	dist []uint16 // Fill's chamfer distances
	in   []bool   // Polygons' in-bitmap
	seen []uint8  // Polygons' traced corners
}

// Samples is the number of steps of half a cell from a to b (at least 1).
func (gr *Grid) Samples(a, b orb.Point) int {
	return max(1, int(math.Ceil(2*math.Max(math.Abs(b[0]-a[0])/gr.DLon, math.Abs(b[1]-a[1])/gr.DLat))))
}

// Index returns the cell of p (false outside the grid).
func (gr *Grid) Index(p orb.Point) (int, bool) {
	fx := (p[0] - gr.Origin[0]) / gr.DLon
	fy := (p[1] - gr.Origin[1]) / gr.DLat
	if fx < 0 || fy < 0 || fx >= float64(gr.W) || fy >= float64(gr.H) {
		return 0, false
	}
	return int(fy)*gr.W + int(fx), true
}

// Fill gives each cell without a road the value of the nearest cell with
// one (a two-pass 3-4 chamfer distance transform, within 8% of the
// straight distance), +Inf where none is within access cells.
func (gr *Grid) Fill(access float64) {
	const far = math.MaxUint16
	var dist []uint16
	if gr.buf != nil {
		gr.buf.dist = resize(gr.buf.dist, len(gr.T))
		dist = gr.buf.dist
	} else {
		dist = make([]uint16, len(gr.T))
	}
	for i, v := range gr.T {
		if v != v {
			dist[i] = far
		} else {
			dist[i] = 0
		}
	}
	w, h, t := gr.W, gr.H, gr.T
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
func (gr *Grid) corner(x, y int) orb.Point {
	return orb.Point{gr.Origin[0] + float64(x)*gr.DLon, gr.Origin[1] + float64(y)*gr.DLat}
}
