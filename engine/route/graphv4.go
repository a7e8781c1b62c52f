package route

// What the V4 and V5 graph encodings leave out because the rest of the
// graph determines it, and how Decode puts it back. Every omission is checked
// when writing: a graph where the rule does not hold (none built by this
// code) is written whole, so decoding always gives back the same arrays.

import (
	"errors"
	"math"
	"slices"

	"waymark/engine/spill"
)

var errDerived = errors.New("derived hierarchy edge without its transition")

// edgeArcs returns eArc as the arcs determine it: each edge direction's
// arc is the arc of that edge and direction that is not a duplicate
// (aEdge, aDup), -1 where there is none. Out-of-range arcs are skipped
// (validate rejects the graph later).
func (g *Graph) edgeArcs() []int32 {
	arcs := spill.Make[int32](g.sc, 2*len(g.eFrom))
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
	d := spill.Make[uint32](g.sc, len(g.aEdge))
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
// arc), then 1 when every original edge is what originalEdge says, else 0
// and the weights and distances of all of a's edges. When the originals
// are left out, the shortcuts' weights and distances follow: here in V4;
// in V5 after both directions (writeShortcuts), and it returns true.
func (g *Graph) writeHierarchyEdges(w *varWriter, a *chAdj, down bool) bool {
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
	hierarchyEnds(a, down, func(k int, from, to uint32) {
		if a.mid[k] >= 0 {
			return
		}
		ow, od, ok := g.originalEdge(from, to)
		exact = exact && ok && ow == a.w[k] && od == a.d[k]
	})
	if !exact {
		w.uint(0)
		w.u32s(a.w, false)
		w.u32s(a.d, false)
		return false
	}
	w.uint(1)
	if !w.v4 {
		return true
	}
	sw, sd := shortcutValues(a)
	w.u32s(sw, false)
	w.u32s(sd, false)
	return false
}

// shortcutValues returns the weights and distances of a's shortcuts, in
// edge order.
func shortcutValues(a *chAdj) (sw, sd []uint32) {
	for k, m := range a.mid {
		if m >= 0 {
			sw, sd = append(sw, a.w[k]), append(sd, a.d[k])
		}
	}
	return sw, sd
}

// shortcutHalves returns the two edges a shortcut from arc u to arc v
// bypassing arc m, of classes mask, is made of: m's down edge from u
// (index in g.down) and m's up edge to v (in g.up), each the lightest
// within mask (chAdj.best); -1 when m has no such edge. Contraction
// adds a shortcut as the sum of the two as they were when m was
// contracted, which are m's final edges.
func (g *Graph) shortcutHalves(u, v uint32, m int32, mask uint8) (down, up int) {
	if m < 0 || int(m)+1 >= len(g.down.off) || int(m)+1 >= len(g.up.off) {
		return -1, -1
	}
	return g.down.best(uint32(m), u, mask), g.up.best(uint32(m), v, mask)
}

// writeShortcuts writes (V5) 1 when the weight and distance of every
// shortcut of the directions in pending is the sum of its halves'
// (shortcutHalves), else 0 and, per direction in pending, the shortcuts'
// weights and distances.
func (g *Graph) writeShortcuts(w *varWriter, pending [2]bool) {
	sums := true
	for i, a := range []*chAdj{&g.up, &g.down} {
		if !pending[i] {
			continue
		}
		hierarchyEnds(a, i == 1, func(k int, from, to uint32) {
			if !sums || a.mid[k] < 0 {
				return
			}
			d, u := g.shortcutHalves(from, to, a.mid[k], a.classes(uint32(k)))
			sums = d >= 0 && u >= 0 && uint64(a.w[k]) == uint64(g.down.w[d])+uint64(g.up.w[u]) &&
				uint64(a.d[k]) == uint64(g.down.d[d])+uint64(g.up.d[u])
		})
	}
	if sums {
		w.uint(1)
		return
	}
	w.uint(0)
	for i, a := range []*chAdj{&g.up, &g.down} {
		if pending[i] {
			sw, sd := shortcutValues(a)
			w.u32s(sw, false)
			w.u32s(sd, false)
		}
	}
}

// readHierarchyEdges reads what writeHierarchyEdges wrote into a, whose
// offsets and targets are read already (as are the arcs and transitions).
// In V5 it returns true when the shortcuts' weights are still to be read
// (readShortcuts).
func (g *Graph) readHierarchyEdges(r *varReader, a *chAdj, down, v5 bool) bool {
	n := r.n(1)
	if r.err == nil && n != len(a.to) {
		r.err = errors.New("hierarchy middle arcs")
	}
	if r.err != nil {
		return false
	}
	a.mid = spill.Make[int32](g.sc, n)
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
		return false
	}
	a.w, a.d = spill.Make[uint32](g.sc, n), spill.Make[uint32](g.sc, n)
	hierarchyEnds(a, down, func(k int, from, to uint32) {
		if r.err != nil || a.mid[k] >= 0 {
			return
		}
		var ok bool
		if a.w[k], a.d[k], ok = g.originalEdge(from, to); !ok {
			r.err = errDerived
		}
	})
	if v5 {
		return true
	}
	g.readShortcutValues(r, a)
	return false
}

// readShortcutValues reads the weights and distances of a's shortcuts.
func (g *Graph) readShortcutValues(r *varReader, a *chAdj) {
	sw, sd := r.u32s(false), r.u32s(false)
	if r.err != nil {
		return
	}
	j := 0
	for k, m := range a.mid {
		if m < 0 {
			continue
		}
		if j >= len(sw) || j >= len(sd) {
			r.err = errors.New("hierarchy shortcut weights")
			return
		}
		a.w[k], a.d[k] = sw[j], sd[j]
		j++
	}
}

// readShortcuts reads what writeShortcuts wrote: the shortcuts' weights
// and distances of the directions in pending, or, returning true, that
// they are their halves' sums (sumShortcuts, once the graph is validated).
func (g *Graph) readShortcuts(r *varReader, pending [2]bool) bool {
	if r.err != nil || pending == [2]bool{} {
		return false
	}
	if r.uint() == 1 {
		return true
	}
	for i, a := range []*chAdj{&g.up, &g.down} {
		if pending[i] {
			g.readShortcutValues(r, a)
		}
	}
	return false
}

// sumShortcuts (on a validated graph) sets the weight and distance of
// every shortcut of the directions in pending to the sum of its halves', summing a half first
// when it is a pending shortcut itself (depth first, with a stack: halves
// bypass arcs contracted earlier, so it ends; a corrupt graph whose
// halves go round in circles overflows the stack bound and fails).
func (g *Graph) sumShortcuts(pending [2]bool) error {
	adj := [2]*chAdj{&g.up, &g.down}
	var done [2][]bool
	for i, a := range adj {
		done[i] = spill.Make[bool](g.sc, len(a.to))
		for k, m := range a.mid {
			done[i][k] = !pending[i] || m < 0
		}
	}
	type item struct {
		dir   uint8  // 0 up, 1 down
		k     uint32 // edge index
		owner uint32 // the arc whose list holds it
	}
	limit := len(g.up.to) + len(g.down.to)
	var stack []item
	for i, a := range adj {
		for v := 0; v+1 < len(a.off); v++ {
			for k := a.off[v]; k < a.off[v+1]; k++ {
				if done[i][k] {
					continue
				}
				stack = append(stack[:0], item{uint8(i), k, uint32(v)})
				for len(stack) > 0 {
					if len(stack) > limit {
						return errDerived
					}
					it := stack[len(stack)-1]
					e := adj[it.dir]
					from, to := it.owner, e.to[it.k]
					if it.dir == 1 {
						from, to = to, from
					}
					m := e.mid[it.k]
					mask := e.classes(it.k)
					// the halves are the lightest within mask: every
					// candidate's weight first
					n := len(stack)
					if m >= 0 && int(m)+1 < len(g.up.off) && int(m)+1 < len(g.down.off) {
						for dir, x := range [2]uint32{to, from} {
							a := adj[dir]
							for k := a.off[m]; k < a.off[m+1]; k++ {
								if a.to[k] == x && !done[dir][k] && within(a.classes(k), mask) {
									stack = append(stack, item{uint8(dir), k, uint32(m)})
								}
							}
						}
					}
					if len(stack) > n {
						continue
					}
					dn, up := g.shortcutHalves(from, to, m, mask)
					if dn < 0 || up < 0 {
						return errDerived
					}
					e.w[it.k] = g.down.w[dn] + g.up.w[up]
					e.d[it.k] = g.down.d[dn] + g.up.d[up]
					done[it.dir][it.k] = true
					stack = stack[:len(stack)-1]
				}
			}
		}
	}
	return nil
}
