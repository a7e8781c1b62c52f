package route

// What the V4 graph encoding leaves out because the rest of the graph
// determines it, and how Decode puts it back. Every omission is checked
// when writing: a graph where the rule does not hold (none built by this
// code) is written whole, so decoding always gives back the same arrays.

import (
	"errors"
	"math"
	"slices"
)

var errDerived = errors.New("derived hierarchy edge without its transition")

// edgeArcs returns eArc as the arcs determine it: each edge direction's
// arc is the arc of that edge and direction that is not a duplicate
// (aEdge, aDup), -1 where there is none. Out-of-range arcs are skipped
// (validate rejects the graph later).
func (g *Graph) edgeArcs() []int32 {
	arcs := make([]int32, 2*len(g.eFrom))
	for i := range arcs {
		arcs[i] = -1
	}
	for a, x := range g.aEdge {
		if int(x) < len(arcs) && a < len(g.aDup) && g.aDup[a] < 0 {
			arcs[x] = int32(a)
		}
	}
	return arcs
}

// writeEdgeArcs writes 1 when edgeArcs gives eArc back, else 0 and eArc.
func (g *Graph) writeEdgeArcs(w *varWriter) {
	writeUnlessDerived(w, g.edgeArcs(), g.eArc, func() { w.i32s(g.eArc) })
}

// writeUnlessDerived writes 1 when derived equals stored, else 0 and then
// stored (with write).
func writeUnlessDerived[T comparable](w *varWriter, derived, stored []T, write func()) {
	if slices.Equal(derived, stored) {
		w.uint(1)
		return
	}
	w.uint(0)
	write()
}

// arcDistances returns aD as the edges determine it: each arc's edge
// length in decimeters, rounded (as the builder makes it).
func (g *Graph) arcDistances() []uint32 {
	d := make([]uint32, len(g.aEdge))
	for a, x := range g.aEdge {
		if e := x >> 1; int(e) < len(g.eLen) {
			d[a] = uint32(math.Round(float64(g.eLen[e]) * 10))
		}
	}
	return d
}

// writeArcDistances writes 1 when arcDistances gives aD back, else 0 and aD.
func (g *Graph) writeArcDistances(w *varWriter) {
	writeUnlessDerived(w, g.arcDistances(), g.aD, func() { w.u32s(g.aD, false) })
}

// originalEdge returns the weight and distance of the original hierarchy
// edge from arc u to arc v: the cheapest transition from u to v plus v's
// own weight, and v's distance (what contract starts from).
func (g *Graph) originalEdge(u, v uint32) (w, d uint32, ok bool) {
	if int(u)+1 >= len(g.tOff) || int(v) >= len(g.aW) || int(v) >= len(g.aD) {
		return 0, 0, false
	}
	for k := g.tOff[u]; k < g.tOff[u+1] && int(k) < len(g.tTo) && int(k) < len(g.tW); k++ {
		if g.tTo[k] == v && (!ok || g.tW[k] < w) {
			w, ok = g.tW[k], true
		}
	}
	return w + g.aW[v], g.aD[v], ok
}

// hierarchyEnds calls fn with each edge of adjacency a: its index and its
// source and target arcs (an up edge of v goes from v to its to, a down
// edge of v from its to to v), stopping early on an inconsistent a.
func hierarchyEnds(a *chAdj, down bool, fn func(k int, from, to uint32)) {
	for v := 0; v+1 < len(a.off); v++ {
		for k := a.off[v]; k < a.off[v+1] && int(k) < len(a.to); k++ {
			if down {
				fn(int(k), a.to[k], uint32(v))
			} else {
				fn(int(k), uint32(v), a.to[k])
			}
		}
	}
}

// writeHierarchyEdges writes the middle arcs of a's edges (0 for an
// original edge, else 1 + the zigzag difference from the edge's target
// arc), then 1 and the weights and distances of the shortcuts only when
// every original edge is what originalEdge says, else 0 and all of them.
func (g *Graph) writeHierarchyEdges(w *varWriter, a *chAdj, down bool) {
	w.uint(uint64(len(a.mid)))
	for k, m := range a.mid {
		if m < 0 {
			w.uint(0)
			continue
		}
		x := int64(m) - int64(a.to[k])
		w.uint(uint64(x<<1^x>>63) + 1)
	}
	exact := true
	var sw, sd []uint32
	hierarchyEnds(a, down, func(k int, from, to uint32) {
		if a.mid[k] >= 0 {
			sw, sd = append(sw, a.w[k]), append(sd, a.d[k])
			return
		}
		ow, od, ok := g.originalEdge(from, to)
		exact = exact && ok && ow == a.w[k] && od == a.d[k]
	})
	if !exact {
		w.uint(0)
		w.u32s(a.w, false)
		w.u32s(a.d, false)
		return
	}
	w.uint(1)
	w.u32s(sw, false)
	w.u32s(sd, false)
}

// readHierarchyEdges reads what writeHierarchyEdges wrote into a, whose
// offsets and targets are read already (as are the arcs and transitions).
func (g *Graph) readHierarchyEdges(r *varReader, a *chAdj, down bool) {
	n := r.n(1)
	if r.err == nil && n != len(a.to) {
		r.err = errors.New("hierarchy middle arcs")
	}
	if r.err != nil {
		return
	}
	a.mid = make([]int32, n)
	for k := range a.mid {
		u := r.uint()
		if u == 0 {
			a.mid[k] = -1
			continue
		}
		z := u - 1
		a.mid[k] = int32(int64(a.to[k]) + (int64(z>>1) ^ -int64(z&1)))
	}
	if r.uint() == 0 {
		a.w = r.u32s(false)
		a.d = r.u32s(false)
		return
	}
	sw, sd := r.u32s(false), r.u32s(false)
	if r.err != nil {
		return
	}
	a.w, a.d = make([]uint32, n), make([]uint32, n)
	j := 0
	hierarchyEnds(a, down, func(k int, from, to uint32) {
		if r.err != nil {
			return
		}
		if a.mid[k] >= 0 {
			if j >= len(sw) || j >= len(sd) {
				r.err = errors.New("hierarchy shortcut weights")
				return
			}
			a.w[k], a.d[k] = sw[j], sd[j]
			j++
			return
		}
		var ok bool
		if a.w[k], a.d[k], ok = g.originalEdge(from, to); !ok {
			r.err = errDerived
		}
	})
}
