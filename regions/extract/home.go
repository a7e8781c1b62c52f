package extract

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/grid"
)

// homeCell is the grid cell size, in degrees, used to find an extract's main cluster.
const homeCell = 0.25

// homeCounter counts nodes per homeCell grid cell as they are read, with
// each cell's bound, so the home view needs no second pass over the nodes.
type homeCounter map[grid.Key]*homeCount

type homeCount struct {
	n int
	b orb.Bound
}

func (h homeCounter) add(p orb.Point) {
	c := grid.Key{X: int32(math.Floor(p[0] / homeCell)), Y: int32(math.Floor(p[1] / homeCell))}
	if hc := h[c]; hc != nil {
		hc.n++
		hc.b = hc.b.Extend(p)
		return
	}
	h[c] = &homeCount{n: 1, b: orb.Bound{Min: p, Max: p}}
}

// bound returns the bounding box of the extract's main cluster: the
// connected group of occupied grid cells (homeCell degrees, 8-neighbour)
// that holds the most nodes. An extract with disjoint areas (the LI test
// extract also covers part of Alabama) thus opens on its largest area, not
// on an ocean-spanning box. all is returned when no node was counted.
func (h homeCounter) bound(all orb.Bound) orb.Bound {
	seen := map[grid.Key]bool{}
	var best []grid.Key
	bestN := -1
	for c := range h {
		if seen[c] {
			continue
		}
		group, n := []grid.Key{}, 0
		stack := []grid.Key{c}
		seen[c] = true
		for len(stack) > 0 {
			cur := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			group = append(group, cur)
			n += h[cur].n
			for dx := int32(-1); dx <= 1; dx++ {
				for dy := int32(-1); dy <= 1; dy++ {
					nb := grid.Key{X: cur.X + dx, Y: cur.Y + dy}
					if h[nb] != nil && !seen[nb] {
						seen[nb] = true
						stack = append(stack, nb)
					}
				}
			}
		}
		if n > bestN || (n == bestN && groupBefore(group, best)) {
			best, bestN = group, n
		}
	}
	if bestN <= 0 {
		return all
	}
	b := h[best[0]].b
	for _, c := range best[1:] {
		b = b.Union(h[c].b)
	}
	return b
}

// groupBefore orders cell groups of equal node counts, so ties resolve the same
// way on every run (map order is random).
func groupBefore(a, b []grid.Key) bool {
	min := func(g []grid.Key) grid.Key {
		m := g[0]
		for _, c := range g[1:] {
			if c.X < m.X || (c.X == m.X && c.Y < m.Y) {
				m = c
			}
		}
		return m
	}
	x, y := min(a), min(b)
	return x.X < y.X || (x.X == y.X && x.Y < y.Y)
}
