package route

import (
	"github.com/paulmach/orb"
)

// Tracing a contour: the cells within the limit are "in"; every side
// between an in cell and an out cell is a directed edge with the in cell
// on its left (east along a cell's south side, north along its east
// side, west along its north side, south along its west side). The
// edges join into closed rings: outer rings counter-clockwise, holes
// clockwise. Where two in cells touch only at a corner the ring turns
// left, round the cell it came along, so in cells join by their sides
// (4-connected) and each such group has one outer ring.

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

// polygons traces the cells within limit into polygons, each its outer
// ring and its holes, in coordinates.
func (gr *isoGrid) polygons(limit float64) []orb.Polygon {
	in := func(x, y int) bool { return gr.inside(x, y, limit) }
	isEdge := func(x, y, d int) bool {
		lx, ly := leftCell(x, y, d)
		rx, ry := rightCell(x, y, d)
		return in(lx, ly) && !in(rx, ry)
	}
	cw := gr.w + 1
	seen := make([]uint8, cw*(gr.h+1)) // per corner: the directions traced from it
	// the 4-connected groups of in cells, for placing holes
	group := gr.groups(in)
	type ring struct {
		pts   []orb.Point
		group int32
		area  float64
	}
	var outers, holes []ring
	for y := 0; y <= gr.h; y++ {
		for x := 0; x <= gr.w; x++ {
			for d := east; d <= south; d++ {
				if seen[y*cw+x]&(1<<d) != 0 || !isEdge(x, y, d) {
					continue
				}
				lx, ly := leftCell(x, y, d)
				r := ring{group: group[ly*gr.w+lx]}
				cx, cy, cd := x, y, d
				var corners [][2]int
				for {
					seen[cy*cw+cx] |= 1 << cd
					nx, ny := step(cx, cy, cd)
					// left, straight, right
					nd := -1
					for _, t := range []int{(cd + 1) % 4, cd, (cd + 3) % 4} {
						if isEdge(nx, ny, t) {
							nd = t
							break
						}
					}
					if nd != cd {
						corners = append(corners, [2]int{nx, ny})
					}
					cx, cy, cd = nx, ny, nd
					if nd < 0 || cx == x && cy == y && cd == d {
						break
					}
				}
				if len(corners) < 4 {
					continue
				}
				area := 0.0
				for i, c := range corners {
					n := corners[(i+1)%len(corners)]
					area += float64(c[0]*n[1] - n[0]*c[1])
				}
				r.area = area / 2
				r.pts = make([]orb.Point, 0, len(corners)+1)
				for _, c := range corners {
					r.pts = append(r.pts, gr.corner(c[0], c[1]))
				}
				r.pts = append(r.pts, r.pts[0])
				if r.area > 0 {
					outers = append(outers, r)
				} else {
					holes = append(holes, r)
				}
			}
		}
	}
	byGroup := map[int32]int{}
	out := make([]orb.Polygon, len(outers))
	for i, r := range outers {
		byGroup[r.group] = i
		out[i] = orb.Polygon{orb.Ring(r.pts)}
	}
	for _, r := range holes {
		if i, ok := byGroup[r.group]; ok {
			out[i] = append(out[i], orb.Ring(r.pts))
		}
	}
	return out
}

// groups labels the 4-connected groups of in cells (-1: out).
func (gr *isoGrid) groups(in func(x, y int) bool) []int32 {
	g := make([]int32, gr.w*gr.h)
	for i := range g {
		g[i] = -1
	}
	var stack []int
	next := int32(0)
	for i := range g {
		x, y := i%gr.w, i/gr.w
		if g[i] >= 0 || !in(x, y) {
			continue
		}
		g[i] = next
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			jx, jy := j%gr.w, j/gr.w
			for _, n := range [][2]int{{jx + 1, jy}, {jx - 1, jy}, {jx, jy + 1}, {jx, jy - 1}} {
				if !in(n[0], n[1]) {
					continue
				}
				k := n[1]*gr.w + n[0]
				if g[k] < 0 {
					g[k] = next
					stack = append(stack, k)
				}
			}
		}
		next++
	}
	return g
}
