package route

import "fmt"

// Test hooks for the external tests of this package.

// CHWeight is the best route weight (deciseconds) by the CH search.
func (g *Graph) CHWeight(s, t Snap) (int64, bool) {
	_, w, ok := g.shortestArcs(s, t)
	return w, ok
}

// DijkstraWeight is the best route weight by plain Dijkstra on the same
// edge-based graph.
func (g *Graph) DijkstraWeight(s, t Snap) (int64, bool) { return g.dijkstraRoute(s, t) }

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
