package regions

import (
	"math"

	"github.com/paulmach/orb"
)

// homeCell is the grid cell size, in degrees, used to find an extract's main cluster.
const homeCell = 0.25

// HomeBound returns the bounding box of the extract's main cluster: the
// connected group of occupied grid cells (homeCell degrees, 8-neighbour) that
// holds the most nodes. An extract with disjoint areas (the LI test extract
// also covers part of Alabama) thus opens on its largest area, not on an
// ocean-spanning box.
func HomeBound(d *Data) orb.Bound {
	type cell struct{ x, y int }
	counts := map[cell]int{}
	for _, p := range d.Coords {
		counts[cell{int(math.Floor(p[0] / homeCell)), int(math.Floor(p[1] / homeCell))}]++
	}
	seen := map[cell]bool{}
	var best []cell
	bestN := -1
	for c := range counts {
		if seen[c] {
			continue
		}
		group, n := []cell{}, 0
		stack := []cell{c}
		seen[c] = true
		for len(stack) > 0 {
			cur := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			group = append(group, cur)
			n += counts[cur]
			for dx := -1; dx <= 1; dx++ {
				for dy := -1; dy <= 1; dy++ {
					nb := cell{cur.x + dx, cur.y + dy}
					if counts[nb] > 0 && !seen[nb] {
						seen[nb] = true
						stack = append(stack, nb)
					}
				}
			}
		}
		if n > bestN {
			best, bestN = group, n
		}
	}
	in := map[cell]bool{}
	for _, c := range best {
		in[c] = true
	}
	b := orb.Bound{Min: orb.Point{180, 90}, Max: orb.Point{-180, -90}}
	for _, p := range d.Coords {
		if in[cell{int(math.Floor(p[0] / homeCell)), int(math.Floor(p[1] / homeCell))}] {
			b = b.Extend(p)
		}
	}
	if bestN <= 0 {
		return d.Bound
	}
	return b
}
