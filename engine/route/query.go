package route

import "math"

// seed starts (or ends) a search at an arc with an initial weight; prefix,
// when >= 0, is an arc traversed before arc (used when a route must leave
// and re-enter the arc it starts on).
type seed struct {
	arc    uint32
	w      int64 // deciseconds
	d      int64 // decimeters
	prefix int32
}

// scratch is per-goroutine search state, reused through Graph.pool: the
// forward (f) and backward (b) sides of a bidirectional CH search.
type scratch struct {
	f, b  searchSide
	cur   uint32
	prefF map[uint32]int32 // seed prefixes of the forward search
	// excl are the classes the searches leave out (Exclude; getScratch
	// clears it, a search with an exclusion sets it)
	excl uint8
}

// searchSide is one direction of a CH search: labels per node (valid
// where stamp == scratch.cur), its queue and the nodes it settled.
type searchSide struct {
	dist  []int64  // weight, deciseconds
	dst   []int64  // distance (decimeters) along the best path
	stamp []uint32 // search the labels belong to
	par   []int32  // CH edge index used to reach the node; -1 for seeds
	pn    []uint32 // node the CH edge leaves from
	h     minHeap
	set   []uint32 // settled nodes of the last search (alternatives, tables)
}

func newSide(n int) searchSide {
	return searchSide{dist: make([]int64, n), dst: make([]int64, n), stamp: make([]uint32, n),
		par: make([]int32, n), pn: make([]uint32, n), h: newMinHeap(n)}
}

func newScratch(n int) *scratch {
	return &scratch{f: newSide(n), b: newSide(n), prefF: map[uint32]int32{}}
}

// relax labels the nodes adj leads to from v, settled at weight d: the
// one step of every CH search, forward on the upward hierarchy or backward
// on the downward one, leaving out the edges of a class in excl. track
// records the CH edge taken, for unpacking.
func (s *searchSide) relax(adj *chAdj, v uint32, d int64, cur uint32, excl uint8, track bool) {
	masked := excl != 0 && adj.mask != nil
	for i := adj.off[v]; i < adj.off[v+1]; i++ {
		if masked && adj.mask[i]&excl != 0 {
			continue
		}
		u := adj.to[i]
		nd := d + int64(adj.w[i])
		if s.stamp[u] != cur || nd < s.dist[u] {
			s.stamp[u], s.dist[u], s.dst[u] = cur, nd, s.dst[v]+int64(adj.d[i])
			if track {
				s.par[u], s.pn[u] = int32(i), v
			}
			s.h.push(u, nd)
		}
	}
}

// getScratch returns a scratch from the pool, without an exclusion.
func (g *Graph) getScratch() *scratch {
	sc := g.pool.Get().(*scratch)
	sc.excl = 0
	return sc
}
func (g *Graph) putScratch(s *scratch) { g.pool.Put(s) }

func (s *scratch) next() {
	s.cur++
	if s.cur == 0 {
		for i := range s.f.stamp {
			s.f.stamp[i], s.b.stamp[i] = 0, 0
		}
		s.cur = 1
	}
	s.f.h.reset()
	s.b.h.reset()
	clear(s.prefF)
	s.f.set, s.b.set = s.f.set[:0], s.b.set[:0]
}

// partial returns the weight (deciseconds) and distance (decimeters) of
// arc a from the snap to the arc's end (tail=true) or from the arc's start
// to the snap (tail=false).
func (g *Graph) partial(a uint32, s Snap, tail bool) (int64, int64) {
	e, back := arcEdge(g, a)
	l := float64(g.eLen[e])
	f := 0.0
	if l > 0 {
		f = s.Offset / l
	}
	if back {
		f = 1 - f
	}
	// f is now the fraction of the arc before the snap
	if tail {
		f = 1 - f
	}
	f = math.Max(0, math.Min(1, f))
	return int64(math.Round(f * float64(g.aW[a]))), int64(math.Round(f * float64(g.aD[a])))
}

// sourceSeeds returns the seeds of a search starting at s or one of its
// ties. Among ties, an arc that the snap ends (a route would only pass
// through the node on it) gives no seed: the arcs leaving the node are
// seeds themselves, without the turn.
func (g *Graph) sourceSeeds(s Snap, dst []seed) []seed {
	return g.tiedSeeds(s, dst, true)
}

// targetSeeds returns the seeds of a search ending at t or one of its ties:
// weights are minus the part of the arc after the snap (callers shift them
// to be >= 0). Among ties, an arc that the snap starts gives no seed.
func (g *Graph) targetSeeds(t Snap, dst []seed) []seed {
	return g.tiedSeeds(t, dst, false)
}

// tiedSeeds returns the source (or target) seeds of s and its ties.
func (g *Graph) tiedSeeds(s Snap, dst []seed, source bool) []seed {
	if len(s.Ties) == 0 {
		return g.snapSeeds(s, dst, source, false)
	}
	n := len(dst)
	ties := s.Ties
	s.Ties = nil
	for pass := 0; pass < 2 && len(dst) == n; pass++ {
		// the second pass, when every seed only passed through, keeps them
		dst = g.snapSeeds(s, dst, source, pass == 0)
		for _, x := range ties {
			dst = g.snapSeeds(x, dst, source, pass == 0)
		}
	}
	return dst
}

// snapSeeds appends the seeds of one snap; skipThrough leaves out arcs the
// snap ends (source) or starts (target).
func (g *Graph) snapSeeds(s Snap, dst []seed, source, skipThrough bool) []seed {
	add := func(a uint32) {
		w, d := g.partial(a, s, true)
		if source {
			if !skipThrough || w != 0 || d != 0 {
				dst = append(dst, seed{arc: a, w: w, d: d, prefix: -1})
			}
			return
		}
		if skipThrough {
			if bw, bd := g.partial(a, s, false); bw == 0 && bd == 0 {
				return
			}
		}
		dst = append(dst, seed{arc: a, w: -w, d: -d, prefix: -1})
		for _, x := range g.dups[a] {
			dst = append(dst, seed{arc: x, w: -w, d: -d, prefix: -1})
		}
	}
	if s.Forward {
		if a := g.eArc[2*s.Edge]; a >= 0 {
			add(uint32(a))
		}
	}
	if s.Backward {
		if a := g.eArc[2*s.Edge+1]; a >= 0 {
			add(uint32(a))
		}
	}
	return dst
}

// allowedSeeds returns seeds without those on an arc of a class in excl
// (a snap that did not leave them out: a hint's, a tie's), in place.
func (g *Graph) allowedSeeds(seeds []seed, excl uint8) []seed {
	if excl == 0 {
		return seeds
	}
	out := seeds[:0]
	for _, x := range seeds {
		if g.arcMask(x.arc)&excl == 0 {
			out = append(out, x)
		}
	}
	return out
}

// fixLoops replaces source seeds on an arc that also holds a target behind
// the source (the route must go round and come back) by seeds on the arc's
// successors (not of a class in excl), so the search cannot "meet" on the
// arc with a negative length.
func (g *Graph) fixLoops(src []seed, s, t Snap, tgt []seed, excl uint8) []seed {
	if !sharesEdge(s, t) {
		return src
	}
	out := src[:0:0]
	for _, x := range src {
		behind := false
		e, _ := arcEdge(g, x.arc)
		ss, t1 := onEdge(s, e), onEdge(t, e)
		for _, y := range tgt {
			if y.arc == x.arc && !sameSpot(ss, t1, g, x.arc) {
				behind = true
			}
		}
		if !behind {
			out = append(out, x)
			continue
		}
		for i := g.tOff[x.arc]; i < g.tOff[x.arc+1]; i++ {
			b := g.tTo[i]
			if excl != 0 && g.arcMask(b)&excl != 0 {
				continue
			}
			out = append(out, seed{arc: b, w: x.w + int64(g.tW[i]) + int64(g.aW[b]), d: x.d + int64(g.aD[b]), prefix: int32(x.arc)})
		}
	}
	return out
}

// sharesEdge reports whether s and t (or their ties) lie on a common edge.
func sharesEdge(s, t Snap) bool {
	if len(s.Ties) == 0 && len(t.Ties) == 0 {
		return s.Edge == t.Edge
	}
	for _, a := range append([]Snap{s}, s.Ties...) {
		for _, b := range append([]Snap{t}, t.Ties...) {
			if a.Edge == b.Edge {
				return true
			}
		}
	}
	return false
}

// onEdge returns the snap of s (itself or a tie) on edge e, without ties;
// s itself when none is.
func onEdge(s Snap, e uint32) Snap {
	for _, x := range s.Ties {
		if x.Edge == e {
			return x
		}
	}
	s.Ties = nil
	return s
}

// sameSpot reports whether s is not after t along arc a (equal weights can
// still hide a small backward step).
func sameSpot(s, t Snap, g *Graph, a uint32) bool {
	_, back := arcEdge(g, a)
	if back {
		return t.Offset <= s.Offset
	}
	return t.Offset >= s.Offset
}

// searchResult is the outcome of a point-to-point search.
type searchResult struct {
	weight int64 // deciseconds
	dist   int64 // decimeters (of the CH path; routes measure geometry)
	meet   uint32
	ok     bool
}

// search runs a bidirectional CH search from src to tgt seeds (tgt weights
// may be negative). When slack > 0 both searches continue until their keys
// exceed best plus slack times its duration, without stalling, leaving
// complete search spaces for alternatives.
func (g *Graph) search(sc *scratch, src, tgt []seed, slack float64) searchResult {
	sc.next()
	var shift int64
	for _, t := range tgt {
		if -t.w > shift {
			shift = -t.w
		}
	}
	cur := sc.cur
	for _, x := range src {
		if sc.f.stamp[x.arc] != cur || x.w < sc.f.dist[x.arc] {
			sc.f.stamp[x.arc], sc.f.dist[x.arc], sc.f.dst[x.arc], sc.f.par[x.arc] = cur, x.w, x.d, -1
			sc.f.h.push(x.arc, x.w)
			if x.prefix >= 0 {
				sc.prefF[x.arc] = x.prefix
			} else {
				delete(sc.prefF, x.arc)
			}
		}
	}
	for _, x := range tgt {
		w := x.w + shift
		if sc.b.stamp[x.arc] != cur || w < sc.b.dist[x.arc] {
			sc.b.stamp[x.arc], sc.b.dist[x.arc], sc.b.dst[x.arc], sc.b.par[x.arc] = cur, w, x.d, -1
			sc.b.h.push(x.arc, w)
		}
	}
	best := int64(math.MaxInt64)
	var res searchResult
	limit := func() int64 {
		if best == math.MaxInt64 {
			return best
		}
		if slack > 0 {
			return best + int64(float64(durationOf(best-shift))*slack)
		}
		return best
	}
	for {
		lim := limit()
		fOK := sc.f.h.len() > 0 && sc.f.h.minKey() < lim
		bOK := sc.b.h.len() > 0 && sc.b.h.minKey() < lim
		if !fOK && !bOK {
			break
		}
		// settle the nearer of the two frontiers' next nodes
		forward := fOK && (!bOK || sc.f.h.minKey() <= sc.b.h.minKey())
		this, other, adj := &sc.f, &sc.b, &g.up
		if !forward {
			this, other, adj = &sc.b, &sc.f, &g.down
		}
		v, d := this.h.pop()
		this.set = append(this.set, v)
		if other.stamp[v] == cur {
			if t := d + other.dist[v]; t < best {
				best, res.meet, res.dist = t, v, sc.f.dst[v]+sc.b.dst[v]
			}
		}
		// no stall-on-demand when collecting alternatives' via nodes (as
		// OSRM's alternativeRoutingStep): it keeps only what the best
		// path needs and leaves the via-node method few candidates
		if slack == 0 && g.stalled(sc, v, d, forward) {
			continue
		}
		this.relax(adj, v, d, cur, sc.excl, true)
	}
	if best == math.MaxInt64 {
		return res
	}
	res.weight = best - shift
	res.ok = true
	return res
}

// stalled implements stall-on-demand: v (settled at d) is stalled when a
// higher node already reached in this direction offers a shorter way to it.
func (g *Graph) stalled(sc *scratch, v uint32, d int64, forward bool) bool {
	cur := sc.cur
	adj, side := &g.up, &sc.b
	if forward {
		adj, side = &g.down, &sc.f
	}
	masked := sc.excl != 0 && adj.mask != nil
	for i := adj.off[v]; i < adj.off[v+1]; i++ {
		u := adj.to[i]
		if side.stamp[u] == cur && side.dist[u]+int64(adj.w[i]) < d && !(masked && adj.mask[i]&sc.excl != 0) {
			return true
		}
	}
	return false
}

// pathTo returns the arcs of the forward search tree from its seed to v,
// unpacked (including a seed prefix).
func (g *Graph) pathTo(sc *scratch, v uint32, out []uint32) []uint32 {
	var chain []uint32 // CH nodes from v back to the seed
	x := v
	for sc.f.par[x] >= 0 {
		chain = append(chain, x)
		x = sc.f.pn[x]
	}
	if p, ok := sc.prefF[x]; ok {
		out = append(out, uint32(p))
	}
	out = append(out, x)
	for i := len(chain) - 1; i >= 0; i-- {
		y := chain[i]
		e := sc.f.par[y]
		out = g.unpack(sc.f.pn[y], y, g.up.mid[e], g.up.classes(uint32(e)), out)
	}
	return out
}

// pathFrom appends the arcs of the backward search tree from v (excluded)
// to its target seed, unpacked.
func (g *Graph) pathFrom(sc *scratch, v uint32, out []uint32) []uint32 {
	x := v
	for sc.b.par[x] >= 0 {
		nx := sc.b.pn[x]
		out = g.unpack(x, nx, g.down.mid[sc.b.par[x]], g.down.classes(uint32(sc.b.par[x])), out)
		x = nx
	}
	return out
}

// unpack appends the original arcs of the CH edge from→to of classes
// mask (excluding from).
func (g *Graph) unpack(from, to uint32, mid int32, mask uint8, out []uint32) []uint32 {
	return g.unpackDepth(from, to, mid, mask, out, 0)
}

// maxUnpackDepth bounds shortcut nesting; only a corrupt hierarchy (a
// shortcut cycle) reaches it.
const maxUnpackDepth = 4096

func (g *Graph) unpackDepth(from, to uint32, mid int32, mask uint8, out []uint32, depth int) []uint32 {
	if mid < 0 || depth > maxUnpackDepth || len(out) > len(g.aW) {
		return append(out, to) // a shortest path visits each arc at most once
	}
	i, j := g.shortcutHalves(from, to, mid, mask)
	if i < 0 || j < 0 {
		return append(out, to) // corrupt hierarchy
	}
	m := uint32(mid)
	out = g.unpackDepth(from, m, g.down.mid[i], g.down.classes(uint32(i)), out, depth+1)
	return g.unpackDepth(m, to, g.up.mid[j], g.up.classes(uint32(j)), out, depth+1)
}

// shortest returns the best route from s to t, using only the allowed
// directions of each snap and no road of a class in excl, with the snaps
// it starts and ends at (s and t, or the ties it used).
func (g *Graph) shortest(s, t Snap, excl Exclude) (legPath, bool) {
	arcs, w, ok := g.shortestArcs(s, t, excl)
	if !ok {
		return legPath{}, false
	}
	if len(s.Ties) > 0 {
		e, _ := arcEdge(g, g.origArc(arcs[0]))
		s = onEdge(s, e)
	}
	if len(t.Ties) > 0 {
		e, _ := arcEdge(g, g.origArc(arcs[len(arcs)-1]))
		t = onEdge(t, e)
	}
	return legPath{s: s, t: t, arcs: arcs, weight: w}, true
}

// shortestArcs returns the arcs and weight of the best route from s to t
// using no road of a class in excl.
func (g *Graph) shortestArcs(s, t Snap, excl Exclude) ([]uint32, int64, bool) {
	sc := g.getScratch()
	defer g.putScratch(sc)
	sc.excl = uint8(excl)
	var sb, tb [4]seed
	src := g.allowedSeeds(g.sourceSeeds(s, sb[:0]), sc.excl)
	tgt := g.allowedSeeds(g.targetSeeds(t, tb[:0]), sc.excl)
	src = g.fixLoops(src, s, t, tgt, sc.excl)
	if len(src) == 0 || len(tgt) == 0 {
		return nil, 0, false
	}
	r := g.search(sc, src, tgt, 0)
	if !r.ok {
		return nil, 0, false
	}
	path := g.pathTo(sc, r.meet, nil)
	path = g.pathFrom(sc, r.meet, path)
	return path, r.weight, true
}
