package contour

import (
	"math"

	"github.com/paulmach/orb"
)

// Tracing a contour: the cells within the limit are "in"; every side
// between an in cell and an out cell is a directed edge with the in cell
// on its left (east along a cell's south side, north along its east
// side, west along its north side, south along its west side). The
// edges join into closed rings: outer rings counter-clockwise, holes
// clockwise. Where two in cells touch only at a corner the ring turns
// left, round the cell it came along, so in cells join by their sides
// (4-connected) and each such group has one outer ring. A hole belongs
// to the smallest outer ring around it.
//
// The work: one pass over the cells' in-bitmap (padded by a cell of out
// all round, so that no lookup checks bounds) finds the boundary sides;
// only those are walked.

// Directions of a ring's edges.
const (
	east = iota
	north
	west
	south
)

// step moves corner (x, y) one side along d.
func step(x, y, d int) (int, int) {
	switch d {
	case east:
		return x + 1, y
	case north:
		return x, y + 1
	case west:
		return x - 1, y
	}
	return x, y - 1
}

// leftCell returns the cell on the left of the edge leaving corner (x, y)
// along d (the in cell), rightCell the one on its right.
func leftCell(x, y, d int) (int, int) {
	switch d {
	case east:
		return x, y
	case north:
		return x - 1, y
	case west:
		return x - 1, y - 1
	}
	return x, y - 1
}

func rightCell(x, y, d int) (int, int) {
	switch d {
	case east:
		return x, y - 1
	case north:
		return x, y
	case west:
		return x - 1, y
	}
	return x - 1, y - 1
}

// traceRing is a ring in cell corners, with its signed area (in cells).
type traceRing struct {
	corners [][2]int32
	area    float64
	probe   [2]int // a cell on its right (out for an outer ring, in a hole)
}

// Polygons traces the cells within limit into polygons, each its outer
// ring and its holes, in coordinates.
func (gr *Grid) Polygons(limit float64) []orb.Polygon {
	W := gr.W + 2
	var in []bool
	var seen []uint8 // per corner: the directions traced from it
	cw := gr.W + 1
	if gr.buf != nil {
		gr.buf.in, gr.buf.seen = resize(gr.buf.in, W*(gr.H+2)), resize(gr.buf.seen, cw*(gr.H+1))
		in, seen = gr.buf.in, gr.buf.seen
		clear(in)
		clear(seen)
	} else {
		in, seen = make([]bool, W*(gr.H+2)), make([]uint8, cw*(gr.H+1))
	}
	lim := float32(limit)
	for y := 0; y < gr.H; y++ {
		row := gr.T[y*gr.W : (y+1)*gr.W]
		dst := in[(y+1)*W+1:]
		for x, v := range row {
			dst[x] = v <= lim
		}
	}
	at := func(x, y int) bool { return in[(y+1)*W+x+1] } // x, y from -1
	isEdge := func(x, y, d int) bool {
		lx, ly := leftCell(x, y, d)
		rx, ry := rightCell(x, y, d)
		return at(lx, ly) && !at(rx, ry)
	}
	var outers, holes []traceRing
	trace := func(x, y, d int) {
		if seen[y*cw+x]&(1<<d) != 0 {
			return
		}
		var r traceRing
		r.probe[0], r.probe[1] = rightCell(x, y, d)
		cx, cy, cd := x, y, d
		for {
			seen[cy*cw+cx] |= 1 << cd
			nx, ny := step(cx, cy, cd)
			// left, straight, right
			nd := -1
			for _, t := range [3]int{(cd + 1) % 4, cd, (cd + 3) % 4} {
				if isEdge(nx, ny, t) {
					nd = t
					break
				}
			}
			if nd != cd {
				r.corners = append(r.corners, [2]int32{int32(nx), int32(ny)})
			}
			cx, cy, cd = nx, ny, nd
			if nd < 0 || cx == x && cy == y && cd == d {
				break
			}
		}
		if len(r.corners) < 4 {
			return
		}
		for i, c := range r.corners {
			n := r.corners[(i+1)%len(r.corners)]
			r.area += float64(c[0])*float64(n[1]) - float64(n[0])*float64(c[1])
		}
		r.area /= 2
		if r.area > 0 {
			outers = append(outers, r)
		} else {
			holes = append(holes, r)
		}
	}
	for y := 0; y < gr.H; y++ {
		for x := 0; x < gr.W; x++ {
			if !at(x, y) {
				continue
			}
			if !at(x, y-1) {
				trace(x, y, east)
			}
			if !at(x+1, y) {
				trace(x+1, y, north)
			}
			if !at(x, y+1) {
				trace(x+1, y+1, west)
			}
			if !at(x-1, y) {
				trace(x, y+1, south)
			}
		}
	}
	out := make([]orb.Polygon, len(outers))
	for i, r := range outers {
		out[i] = orb.Polygon{gr.ring(r.corners)}
	}
	for _, h := range holes {
		// the out cell on the hole's side lies within its outer ring, and
		// within no smaller one
		px, py := float64(h.probe[0])+0.5, float64(h.probe[1])+0.5
		best, bestArea := -1, math.Inf(1)
		for i, o := range outers {
			if o.area < bestArea && o.area > -h.area && cornersContain(o.corners, px, py) {
				best, bestArea = i, o.area
			}
		}
		if best >= 0 {
			out[best] = append(out[best], gr.ring(h.corners))
		}
	}
	return out
}

// ring turns corners into a closed ring of coordinates.
func (gr *Grid) ring(cs [][2]int32) orb.Ring {
	r := make(orb.Ring, 0, len(cs)+1)
	for _, c := range cs {
		r = append(r, gr.corner(int(c[0]), int(c[1])))
	}
	return append(r, r[0])
}

// cornersContain reports whether point (px, py), never on a corner
// line, lies inside the ring of corners (even-odd).
func cornersContain(cs [][2]int32, px, py float64) bool {
	inside := false
	for i, c := range cs {
		n := cs[(i+1)%len(cs)]
		if c[0] != n[0] {
			continue // a horizontal side: the ray along x never crosses it
		}
		lo, hi := float64(min(c[1], n[1])), float64(max(c[1], n[1]))
		if py > lo && py < hi && float64(c[0]) > px {
			inside = !inside
		}
	}
	return inside
}
