package route

import "fmt"

// Test hooks for the external tests of this package.

// CHWeight is the best route weight (deciseconds) by the CH search, using
// no road of a class in x.
func (g *Graph) CHWeight(s, t Snap, x Exclude) (int64, bool) {
	_, w, ok := g.shortestArcs(s, t, x)
	return w, ok
}

// DijkstraWeight is the best route weight by plain Dijkstra on the same
// edge-based graph, using no road of a class in x.
func (g *Graph) DijkstraWeight(s, t Snap, x Exclude) (int64, bool) { return g.dijkstraRoute(s, t, x) }

// ClassedEdges counts the hierarchy edges with an excludable class.
func (g *Graph) ClassedEdges() int {
	n := 0
	for _, a := range []*chAdj{&g.up, &g.down} {
		for _, m := range a.mask {
			if m != 0 {
				n++
			}
		}
	}
	return n
}

func (g *Graph) Debug(s Snap) string {
	e := s.Edge
	return fmt.Sprintf("edge %d len %f arcs %d %d speeds %v %v w %v big %v", e, g.eLen[e], g.eArc[2*e], g.eArc[2*e+1], g.eSpeed[2*e], g.eSpeed[2*e+1], func() []uint32 {
		var r []uint32
		for d := 0; d < 2; d++ {
			if a := g.eArc[2*e+uint32(d)]; a >= 0 {
				r = append(r, g.aW[a])
			}
		}
		return r
	}(), g.edgeBig[e])
}

// CoarseDisagreements compares the segments the coarse index gives for
// every cell it holds with those a grid of coarse cells lists (every cell
// a segment crosses), and returns the cells compared and the differences
// found.
func (g *Graph) CoarseDisagreements() (cells int, diffs []string) {
	ci := g.coarseIndex()
	coarse := &grid{cell: ci.cell()}
	want := map[int64]map[segRef]bool{}
	for e := range g.eFrom {
		pts := g.edgePoints(uint32(e))
		for s := 0; s+1 < len(pts); s++ {
			coarse.crossed(pts[s], pts[s+1], func(x, y int32) {
				k := cellKey(x, y)
				if want[k] == nil {
					want[k] = map[segRef]bool{}
				}
				want[k][segRef{uint32(e), uint32(s)}] = true
			})
		}
	}
	for k, w := range want {
		got := map[segRef]bool{}
		ci.cells(int32(k>>32), int32(uint32(k)), func(_, _ int32, refs []segRef) {
			for _, r := range refs {
				got[r] = true
			}
		})
		cells++
		if len(got) != len(w) {
			diffs = append(diffs, fmt.Sprintf("cell %d,%d: %d segments, a coarse grid lists %d", int32(k>>32), int32(uint32(k)), len(got), len(w)))
			continue
		}
		for r := range w {
			if !got[r] {
				diffs = append(diffs, fmt.Sprintf("cell %d,%d: segment %v missing", int32(k>>32), int32(uint32(k)), r))
				break
			}
		}
	}
	for _, k := range ci.keys {
		if want[k] == nil {
			diffs = append(diffs, fmt.Sprintf("cell %d,%d: listed, but no segment crosses it", int32(k>>32), int32(uint32(k))))
		}
	}
	return cells, diffs
}

// DropJunctions forgets the junctions guidance measured for earlier routes.
func (g *Graph) DropJunctions() { g.junctions.Store(nil) }
