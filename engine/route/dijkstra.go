package route

import "math"

// dijkstra runs a plain Dijkstra over the transitions (no hierarchy) from
// the source seeds, using weights (byDist=false) or distances in decimeters
// (byDist=true, turn costs ignored), up to bound (inclusive), leaving out
// the arcs of a class in sc.excl. visit is called for each settled arc
// with its key; returning false stops early.
// The search state stays in sc for path extraction (parF holds the
// predecessor arc + 1, 0 for seeds).
func (g *Graph) dijkstra(sc *scratch, src []seed, byDist bool, bound int64, visit func(a uint32, d int64) bool) {
	sc.next()
	cur := sc.cur
	for _, x := range src {
		k := x.w
		if byDist {
			k = x.d
		}
		if sc.f.stamp[x.arc] != cur || k < sc.f.dist[x.arc] {
			sc.f.stamp[x.arc], sc.f.dist[x.arc], sc.f.par[x.arc] = cur, k, 0
			if x.prefix >= 0 {
				sc.prefF[x.arc] = x.prefix
			}
			sc.f.h.push(x.arc, k)
		}
	}
	for sc.f.h.len() > 0 {
		v, d := sc.f.h.pop()
		if d > bound {
			break
		}
		if !visit(v, d) {
			break
		}
		for i := g.tOff[v]; i < g.tOff[v+1]; i++ {
			u := g.tTo[i]
			if sc.excl != 0 && g.arcMask(u)&sc.excl != 0 {
				continue
			}
			var nd int64
			if byDist {
				nd = d + int64(g.aD[u])
			} else {
				nd = d + int64(g.tW[i]) + int64(g.aW[u])
			}
			if nd > bound {
				continue
			}
			if sc.f.stamp[u] != cur || nd < sc.f.dist[u] {
				sc.f.stamp[u], sc.f.dist[u], sc.f.par[u] = cur, nd, int32(v)+1
				sc.f.h.push(u, nd)
			}
		}
	}
	sc.f.h.reset()
}

// dijkstraRoute is the reference route search of the invariant tests: the
// best weight from s to t by plain Dijkstra on the edge-based graph,
// using no road of a class in excl.
func (g *Graph) dijkstraRoute(s, t Snap, excl Exclude) (int64, bool) {
	sc := g.getScratch()
	defer g.putScratch(sc)
	sc.excl = uint8(excl)
	src := g.allowedSeeds(g.sourceSeeds(s, nil), sc.excl)
	tgt := g.allowedSeeds(g.targetSeeds(t, nil), sc.excl)
	src = g.fixLoops(src, s, t, tgt, sc.excl)
	ends := map[uint32]int64{}
	var maxTail int64
	for _, x := range tgt {
		if old, ok := ends[x.arc]; !ok || x.w < old {
			ends[x.arc] = x.w
		}
		maxTail = max(maxTail, -x.w)
	}
	best := int64(math.MaxInt64)
	g.dijkstra(sc, src, false, math.MaxInt64, func(a uint32, d int64) bool {
		if d-maxTail >= best {
			return false
		}
		if off, ok := ends[a]; ok && d+off < best {
			best = d + off
		}
		return true
	})
	return best, best != math.MaxInt64
}

// Distances returns the route distances in meters from every snap of from
// to every snap of to, following the network's directions and turn
// restrictions and minimizing distance, bounded by maxDist meters: pairs
// farther apart (or unconnected) get +Inf. It runs one bounded Dijkstra per
// source, which is cheap for the short hops between GPS fixes. The routes
// use no road of a class in excl.
func (g *Graph) Distances(from, to []Snap, maxDist float64, excl Exclude) [][]float64 {
	out := make([][]float64, len(from))
	sc := g.getScratch()
	defer g.putScratch(sc)
	sc.excl = uint8(excl)
	type end struct {
		j   int
		off int64
	}
	ends := map[uint32][]end{}
	var maxTail int64
	for j, t := range to {
		for _, x := range g.targetSeeds(t, nil) {
			ends[x.arc] = append(ends[x.arc], end{j, x.d})
			maxTail = max(maxTail, -x.d)
		}
	}
	bound := int64(math.Ceil(maxDist*10)) + maxTail
	for i, s := range from {
		row := make([]float64, len(to))
		for j := range row {
			row[j] = math.Inf(1)
		}
		for j, t := range to {
			if t.Edge == s.Edge {
				// same edge, target ahead in an allowed direction
				if s.Forward && t.Forward && t.Offset >= s.Offset && g.eArc[2*s.Edge] >= 0 {
					row[j] = t.Offset - s.Offset
				}
				if s.Backward && t.Backward && t.Offset <= s.Offset && g.eArc[2*s.Edge+1] >= 0 {
					row[j] = math.Min(row[j], s.Offset-t.Offset)
				}
			}
		}
		g.dijkstra(sc, g.sourceSeeds(s, nil), true, bound, func(a uint32, d int64) bool {
			for _, e := range ends[a] {
				v := float64(d+e.off) / 10
				if sc.f.par[a] == 0 {
					continue // a seed arc: same-edge pairs are handled above
				}
				if v >= 0 && v <= maxDist && v < row[e.j] {
					row[e.j] = v
				}
			}
			return true
		})
		out[i] = row
	}
	return out
}

// pathWeight recomputes the weight of an arc path from s to t from the
// transitions (it checks unpacked paths in tests and alternatives).
func (g *Graph) pathWeight(path []uint32, s, t Snap) int64 {
	if len(path) == 0 {
		return 0
	}
	if e, _ := arcEdge(g, g.origArc(path[0])); len(s.Ties) > 0 {
		s = onEdge(s, e)
	}
	if e, _ := arcEdge(g, g.origArc(path[len(path)-1])); len(t.Ties) > 0 {
		t = onEdge(t, e)
	}
	w, _ := g.partial(path[0], s, true)
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		found := false
		for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
			if g.tTo[k] == b {
				w += int64(g.tW[k]) + int64(g.aW[b])
				found = true
				break
			}
		}
		if !found {
			return -1
		}
	}
	tail, _ := g.partial(g.origArc(path[len(path)-1]), t, true)
	return w - tail
}

// origArc maps a via-way duplicate arc to its original.
func (g *Graph) origArc(a uint32) uint32 {
	if o := g.aDup[a]; o >= 0 {
		return uint32(o)
	}
	return a
}
