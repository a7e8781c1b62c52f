package route

// Crossings: where a route passes from one graph of an Atlas to another.
//
// Two packs imported from overlapping extracts hold the same OSM ways
// where they overlap (an extract keeps the ways with a node inside it,
// whole: osmium's "complete ways"), with the same node ids. A road
// segment (two consecutive OSM nodes) both graphs hold is the same road
// in both, with the same speed. What differs is at the nodes: near its
// edge, a pack lacks the roads that lie outside its extract, so its
// junctions there miss roads (a node of a way cut off by the extract's
// edge is a dead end where the merged network goes on). A node is
// complete in graph a when every segment the other graph has at it is in
// a too; a node inside a's extract is complete in a.
//
// A route of the merged network from a road only a has to a road only b
// has is cut by the segments u→v both hold with u complete in a but not in
// b (it touches a road only a has) and v complete in b (cut C1), and by
// those with u complete in a and v complete in b but not in a (cut C2):
// walking the route, the first node from which on every node is complete
// in b is preceded by one that is not, and the segment between them is
// such a crossing (the other cut is the same argument from the other
// side). Passing at such a crossing, the route up to it is a's (whose
// junctions are complete up to u) and the rest b's (complete from v on):
// the merged network's costs, turn by turn. The smaller of the two cuts
// is kept. A node complete in neither (a road of each at it) breaks the
// argument; extracts cut along a line or a polygon have none.

import (
	"cmp"
	"math"
	"slices"

	"github.com/paulmach/orb"
)

// passage is where a route passes from graph from to graph to: the
// midpoint of a directed road segment both hold, as a snap on each that
// allows that direction of travel only.
type passage struct {
	from, to int
	out      Snap // on from's graph: a route there ends here
	in       Snap // on to's graph: a route there starts here
	// late: the passage is of cut C1, whose last passage along a route
	// (C2: its first) leaves every junction to a graph complete there;
	// routes of equal weight through several passages take that one.
	late bool
}

// segKey names an undirected road segment by its nodes' OSM ids, the
// smaller first.
type segKey struct{ u, v int64 }

// segAt is a segment of one graph: edge e's segment s; rev is set when the
// edge runs from key.v to key.u.
type segAt struct {
	e, s uint32
	rev  bool
}

// commonSegments returns the segments of g in the fine cells that g and
// h both hold (a segment both hold lies in the same cells in both), by key.
func commonSegments(g, h *Graph) map[segKey]segAt {
	segs := map[segKey]segAt{}
	for i, k := range g.fine.keys {
		if k == emptyCell {
			continue
		}
		if j := cellSlot(k, h.fine.keys); h.fine.keys[j] != k {
			continue
		}
		for _, r := range g.fine.refs[g.fine.spans[2*i]:g.fine.spans[2*i+1]] {
			nodes := g.edgeNodes(r.edge)
			u, v := nodes[r.seg], nodes[r.seg+1]
			if u <= 0 || v <= 0 || u == v {
				continue
			}
			key, rev := segKey{u, v}, false
			if v < u {
				key, rev = segKey{v, u}, true
			}
			if _, ok := segs[key]; !ok {
				segs[key] = segAt{e: r.edge, s: r.seg, rev: rev}
			}
		}
	}
	return segs
}

// findCrossings returns the crossings from graph a (index ia) to graph b
// (ib) and back, nil when they hold no road segment in common.
func findCrossings(a, b *Graph, ia, ib int) (ab, ba []passage) {
	if a.profile != b.profile || len(a.eFrom) == 0 || len(b.eFrom) == 0 {
		return nil, nil
	}
	return crossingsOf(a, b, ia, ib, commonSegments(a, b), commonSegments(b, a))
}

// crossingsOf is findCrossings with the graphs' segments in their common
// cells (commonSegments).
func crossingsOf(a, b *Graph, ia, ib int, segA, segB map[segKey]segAt) (ab, ba []passage) {
	// per node: segments at it in a, in b, in both
	type inc struct{ a, b, both int32 }
	nodes := map[int64]*inc{}
	at := func(n int64) *inc {
		x := nodes[n]
		if x == nil {
			x = &inc{}
			nodes[n] = x
		}
		return x
	}
	var shared []segKey
	for k := range segA {
		at(k.u).a++
		at(k.v).a++
		if _, ok := segB[k]; ok {
			shared = append(shared, k)
			at(k.u).both++
			at(k.v).both++
		}
	}
	if len(shared) == 0 {
		return nil, nil
	}
	for k := range segB {
		at(k.u).b++
		at(k.v).b++
	}
	// deterministic order (map iteration is not)
	slices.SortFunc(shared, func(x, y segKey) int { return cmp.Or(cmp.Compare(x.u, y.u), cmp.Compare(x.v, y.v)) })
	completeA := func(n int64) bool { x := nodes[n]; return x.b == x.both }
	completeB := func(n int64) bool { x := nodes[n]; return x.a == x.both }
	// cuts[0], cuts[1]: C1 and C2 from a to b; cuts[2], cuts[3]: from b to a
	var cuts [4][]passage
	for _, k := range shared {
		sa, sb := segA[k], segB[k]
		for _, dir := range [2][2]int64{{k.u, k.v}, {k.v, k.u}} {
			u, v := dir[0], dir[1]
			ca, okA := a.crossingSnap(sa, u == k.u)
			cb, okB := b.crossingSnap(sb, u == k.u)
			if !okA || !okB {
				continue // one-way against this direction in one of them
			}
			if completeA(u) && completeB(v) {
				if !completeB(u) {
					cuts[0] = append(cuts[0], passage{from: ia, to: ib, out: ca, in: cb})
				}
				if !completeA(v) {
					cuts[1] = append(cuts[1], passage{from: ia, to: ib, out: ca, in: cb})
				}
			}
			if completeB(u) && completeA(v) {
				if !completeA(u) {
					cuts[2] = append(cuts[2], passage{from: ib, to: ia, out: cb, in: ca})
				}
				if !completeB(v) {
					cuts[3] = append(cuts[3], passage{from: ib, to: ia, out: cb, in: ca})
				}
			}
		}
	}
	pick := func(c1, c2 []passage) []passage {
		if len(c1) == 0 || len(c2) > 0 && len(c2) < len(c1) {
			return c2
		}
		for i := range c1 {
			c1[i].late = true
		}
		return c1
	}
	return pick(cuts[0], cuts[1]), pick(cuts[2], cuts[3])
}

// crossingSnap returns the snap at the midpoint of segment sa of g, for
// travel along the key's order (forward) or against it, and whether g
// allows that direction there.
func (g *Graph) crossingSnap(sa segAt, forward bool) (Snap, bool) {
	alongEdge := forward != sa.rev
	arc := g.eArc[2*sa.e]
	if !alongEdge {
		arc = g.eArc[2*sa.e+1]
	}
	if arc < 0 {
		return Snap{}, false
	}
	i := g.eGeom[sa.e] + sa.s
	p, q := g.pts[i], g.pts[i+1]
	mid := orb.Point{(p[0] + q[0]) / 2, (p[1] + q[1]) / 2}
	off := float64(g.cum[i]+g.cum[i+1]) / 2
	off = math.Max(0, math.Min(off, float64(g.eLen[sa.e])))
	return Snap{Edge: sa.e, Seg: int(sa.s), Offset: off, Location: mid, Input: mid,
		Forward: alongEdge, Backward: !alongEdge}, true
}
