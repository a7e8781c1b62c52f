package route

// An Atlas routes across the graphs of one profile from several packs.
//
// Packs are joined where they hold the same roads (crossing.go): a route
// from one pack into another passes at a crossing, the midpoint of a road
// segment both hold, and is routed in each pack up to and from there.
// What joins them is a small border graph, built when the Atlas is made
// (as Organic Maps' cross-mwm graph, but found from shared OSM node ids
// at open instead of written at import, since packs are imported
// separately):
//
//   - for each graph, its exits (crossings leaving it) and entries
//     (crossings into it), with the CH search space of each: backward
//     from an exit, forward from an entry, in buckets by CH node, so
//     that one upward search from a point gives its weights to every
//     exit (or from every entry) of its graph, as the many-to-many
//     tables do;
//   - the border graph over the crossings: from an entry of a graph to
//     each of its exits, the weight within that graph (a join of the two
//     bucket sets), and its shortest paths from each crossing to the
//     others, kept where they can matter: a path leaving graph a and
//     coming back into it is kept only where it beats a's own route
//     between the two crossings (a detour through a neighbour's roads);
//     one leading into a third graph always.
//
// A route from a point of graph a to one of graph b then costs two upward
// searches (from the source, scanning a's exit buckets; from the target,
// scanning b's entry buckets), a minimum over the crossings (and the
// border paths kept), and a route within each graph it passes, from its
// start to its exit crossing: the pieces are routed and assembled by
// their graphs and joined at the crossings' midpoints (atlas_join.go),
// where no junction lies, so the steps read as one route's.
//
// A route between two points of one graph stays in it (as that pack alone
// would answer), even where a detour through another pack would be
// shorter.

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// Atlas is a set of graphs of one profile (nil entries for packs without
// one) and the border graph joining those that share roads. It is
// immutable and safe for concurrent use.
type Atlas struct {
	graphs []*Graph
	cross  []passage
	sides  []atlasSide // per graph
	comp   []int       // per graph: its connected group (joined graphs share one)
	// via[x][i]: border paths from crossing x (entering x.to) to other
	// crossings into graph i, kept as the package comment says.
	via []map[int][]borderPath
	// allShared[i]: the cells of graph i's snapping grid whose every
	// road segment another graph holds too (MayReachOwn); sharedSegs and
	// commonCells gather them while the Atlas is made.
	allShared   []map[int64]bool
	sharedSegs  []map[segKey]bool
	commonCells []map[int64]bool
}

// atlasSide is a graph's crossings and their search spaces.
type atlasSide struct {
	exits   []int32 // crossing indexes with from == this graph
	entries []int32 // with to == this graph
	// exitB: backward spaces of the exits' out snaps (j: index in exits);
	// entryB: forward spaces of the entries' in snaps (j: index in entries)
	exitB, entryB buckets
	entryOf       map[int32]int32 // crossing index → its index in entries
}

// borderPath is a path of the border graph from one crossing to another:
// its weight (deciseconds, with restricted penalties), distance
// (decimeters) and the crossings it passes, both ends included.
type borderPath struct {
	to    int32
	w, d  int64
	chain []int32
}

// Stop is a snapped point on one of an Atlas's graphs.
type Stop struct {
	Graph int
	Snap  Snap
}

// NewAtlas joins the graphs (all of one profile; nil for none) where they
// hold the same roads. Graphs that share none are routed each on its own.
func NewAtlas(graphs []*Graph) *Atlas {
	at := &Atlas{graphs: graphs, sides: make([]atlasSide, len(graphs)), comp: make([]int, len(graphs))}
	for i := range at.comp {
		at.comp[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for at.comp[i] != i {
			at.comp[i] = at.comp[at.comp[i]]
			i = at.comp[i]
		}
		return i
	}
	for i := range graphs {
		for j := i + 1; j < len(graphs); j++ {
			if graphs[i] == nil || graphs[j] == nil || !graphs[i].bound.Intersects(graphs[j].bound) {
				continue
			}
			a, b := graphs[i], graphs[j]
			if a.profile != b.profile || len(a.eFrom) == 0 || len(b.eFrom) == 0 {
				continue
			}
			segA, segB := commonSegments(a, b), commonSegments(b, a)
			at.noteShared(i, j, segA, segB)
			ab, ba := crossingsOf(a, b, i, j, segA, segB)
			if len(ab) == 0 && len(ba) == 0 {
				continue
			}
			at.cross = append(at.cross, ab...)
			at.cross = append(at.cross, ba...)
			at.comp[find(i)] = find(j)
		}
	}
	for i := range at.comp {
		at.comp[i] = find(i)
	}
	at.findShared()
	if len(at.cross) == 0 {
		return at
	}
	for x, c := range at.cross {
		at.sides[c.from].exits = append(at.sides[c.from].exits, int32(x))
		at.sides[c.to].entries = append(at.sides[c.to].entries, int32(x))
	}
	var wg sync.WaitGroup
	for i := range at.sides {
		if graphs[i] == nil || len(at.sides[i].exits)+len(at.sides[i].entries) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			at.buildSide(i)
		}()
	}
	wg.Wait()
	at.buildBorder()
	return at
}

// Graph returns graph i (nil when that pack has none of the profile).
func (at *Atlas) Graph(i int) *Graph { return at.graphs[i] }

// Connected reports whether a route may lead from graph i to graph j:
// the same graph, or graphs joined through crossings.
func (at *Atlas) Connected(i, j int) bool { return at.comp[i] == at.comp[j] }

// Crossings returns the number of crossings between the graphs (for size
// reports and tests).
func (at *Atlas) Crossings() int { return len(at.cross) }

// buildSide fills graph i's buckets.
func (at *Atlas) buildSide(i int) {
	g, side := at.graphs[i], &at.sides[i]
	sc := g.getScratch()
	defer g.putScratch(sc)
	var seeds []seed
	var ents []spaceEntry
	for j, x := range side.exits {
		seeds = g.targetSeeds(at.cross[x].out, seeds[:0])
		g.upSpace(sc, seeds, false, func(v uint32, w, d int64) {
			ents = append(ents, spaceEntry{node: v, j: int32(j), w: w, d: d, par: sc.b.par[v], pn: sc.b.pn[v]})
		})
	}
	side.exitB = newBuckets(ents, len(g.aW))
	ents = nil
	side.entryOf = make(map[int32]int32, len(side.entries))
	for j, x := range side.entries {
		side.entryOf[x] = int32(j)
		seeds = g.sourceSeeds(at.cross[x].in, seeds[:0])
		g.upSpace(sc, seeds, true, func(v uint32, w, d int64) {
			ents = append(ents, spaceEntry{node: v, j: int32(j), w: w, d: d, par: sc.f.par[v], pn: sc.f.pn[v]})
		})
	}
	side.entryB = newBuckets(ents, len(g.aW))
}

// upSpace runs an exhaustive upward CH search (forward on the upward
// graph, else backward on the downward one) from seeds (target seeds'
// weights may be negative) with stall-on-demand, calling visit with each
// node it settles, at its true weight and distance. The search's tree
// stays in sc (par, pn) for unpacking.
func (g *Graph) upSpace(sc *scratch, seeds []seed, forward bool, visit func(v uint32, w, d int64)) {
	sc.next()
	cur := sc.cur
	side, adj := &sc.f, &g.up
	if !forward {
		side, adj = &sc.b, &g.down
	}
	shift := int64(0)
	for _, x := range seeds {
		shift = max(shift, -x.w)
	}
	for _, x := range seeds {
		w := x.w + shift
		if side.stamp[x.arc] != cur || w < side.dist[x.arc] {
			side.stamp[x.arc], side.dist[x.arc], side.dst[x.arc], side.par[x.arc] = cur, w, x.d, -1
			side.h.push(x.arc, w)
		}
	}
	for side.h.len() > 0 {
		v, d := side.h.pop()
		if g.stalled(sc, v, d, forward) {
			continue
		}
		visit(v, d-shift, side.dst[v])
		side.relax(adj, v, d, cur, 0, true)
	}
}

// spaceEntry is a node of search space j: its weight and distance from
// (or to) the space's snap, and the CH edge of the space's search tree
// that reached it (par: an index of the upward graph for a forward
// search, of the downward one for a backward search; -1 at a seed) from
// node pn.
type spaceEntry struct {
	node uint32
	j    int32
	w, d int64
	par  int32
	pn   uint32
}

// buckets are the search spaces of several snaps (bucket j each), by CH
// node: start[v] is where node v's entries begin (-1: none), an array
// over the graph's nodes (4 bytes a node: a lookup per node a search
// settles, ~2× faster than a map's).
type buckets struct {
	entries []spaceEntry // by node, then j
	start   []int32
}

func newBuckets(ents []spaceEntry, nodes int) buckets {
	slices.SortFunc(ents, func(a, b spaceEntry) int { return cmp.Or(cmp.Compare(a.node, b.node), cmp.Compare(a.j, b.j)) })
	b := buckets{entries: ents, start: make([]int32, nodes)}
	for i := range b.start {
		b.start[i] = -1
	}
	for i := len(ents) - 1; i >= 0; i-- {
		b.start[ents[i].node] = int32(i)
	}
	return b
}

// at returns the entries of node v.
func (b *buckets) at(v uint32) []spaceEntry {
	if int(v) >= len(b.start) || b.start[v] < 0 {
		return nil
	}
	i := b.start[v]
	k := i
	for int(k) < len(b.entries) && b.entries[k].node == v {
		k++
	}
	return b.entries[i:k]
}

// find returns space j's entry of node v, or nil.
func (b *buckets) find(v uint32, j int32) *spaceEntry {
	es := b.at(v)
	k, ok := slices.BinarySearchFunc(es, j, func(e spaceEntry, j int32) int { return cmp.Compare(e.j, j) })
	if !ok {
		return nil
	}
	return &es[k]
}

// pathDown appends the arcs of backward space j's tree from v (excluded)
// down to its seed, unpacked (Graph.pathFrom over a stored tree).
func (g *Graph) pathDown(b *buckets, j int32, v uint32, out []uint32) []uint32 {
	for e := b.find(v, j); e != nil && e.par >= 0; e = b.find(e.pn, j) {
		out = g.unpack(e.node, e.pn, g.down.mid[e.par], g.down.classes(uint32(e.par)), out)
	}
	return out
}

// pathUp returns the arcs of forward space j's tree from its seed to v,
// unpacked (Graph.pathTo over a stored tree).
func (g *Graph) pathUp(b *buckets, j int32, v uint32, out []uint32) []uint32 {
	var chain []*spaceEntry
	e := b.find(v, j)
	for e != nil && e.par >= 0 {
		chain = append(chain, e)
		e = b.find(e.pn, j)
	}
	if e == nil {
		return out
	}
	out = append(out, e.node)
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		out = g.unpack(c.pn, c.node, g.up.mid[c.par], g.up.classes(uint32(c.par)), out)
	}
	return out
}

// unreached marks a weight without a path.
const unreached = math.MaxInt64

// wd is a weight (deciseconds) and distance (decimeters).
type wd struct{ w, d int64 }

// reach is a weight, distance and the CH node where the search from a
// point met a crossing's space (-1: found by a point-to-point search).
type reach struct {
	wd
	meet int64
}

// toExits returns what it takes from snap s of graph i to reach each of
// its exits (unreached where nothing does), into dst; the search's tree
// stays in sc (sc.f) for unpacking.
func (at *Atlas) toExits(sc *scratch, i int, s Snap, dst []reach) []reach {
	g, side := at.graphs[i], &at.sides[i]
	dst = resetReach(dst, len(side.exits))
	var sb [8]seed
	g.upSpace(sc, g.sourceSeeds(s, sb[:0]), true, func(v uint32, w, d int64) {
		for _, e := range side.exitB.at(v) {
			if x := w + e.w; x < dst[e.j].w {
				dst[e.j] = reach{wd{x, d + e.d}, int64(v)}
			}
		}
	})
	for j, x := range side.exits {
		if c := at.cross[x].out; sharesEdge(s, c) {
			w, d := g.pairWeight(sc, s, c)
			dst[j] = reach{wd{w, d}, -1}
		}
	}
	return dst
}

// fromEntries returns what it takes from each entry of graph i to reach
// snap t, into dst; the search's tree stays in sc (sc.b).
func (at *Atlas) fromEntries(sc *scratch, i int, t Snap, dst []reach) []reach {
	g, side := at.graphs[i], &at.sides[i]
	dst = resetReach(dst, len(side.entries))
	var tb [8]seed
	g.upSpace(sc, g.targetSeeds(t, tb[:0]), false, func(v uint32, w, d int64) {
		for _, e := range side.entryB.at(v) {
			if x := w + e.w; x < dst[e.j].w {
				dst[e.j] = reach{wd{x, d + e.d}, int64(v)}
			}
		}
	})
	for j, x := range side.entries {
		if c := at.cross[x].in; sharesEdge(c, t) {
			w, d := g.pairWeight(sc, c, t)
			dst[j] = reach{wd{w, d}, -1}
		}
	}
	return dst
}

func resetReach(dst []reach, n int) []reach {
	dst = slices.Grow(dst[:0], n)[:n]
	for j := range dst {
		dst[j] = reach{wd{unreached, 0}, -1}
	}
	return dst
}
