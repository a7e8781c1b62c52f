package route

import "fmt"

// CrossingCounts returns how many crossings lead from a to b and from b to a.
func CrossingCounts(a, b *Graph) (int, int) {
	ab, ba := findCrossings(a, b, 0, 1)
	return len(ab), len(ba)
}

// DebugChain tells where the best route from s to t crosses.
func (at *Atlas) DebugChain(s, t Stop) string {
	lc, _ := at.leg(s, t)
	out := fmt.Sprint("w ", lc.weight, ": ")
	for _, pc := range lc.pieces[1:] {
		out += fmt.Sprintf("graph %d from %v; ", pc.graph, pc.path.s.Location)
	}
	return out
}
