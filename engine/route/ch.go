package route

import (
	"context"
	"math"
	"sort"
	"sync"
)

// chAdj is one direction of a contraction hierarchy in CSR form. For node v,
// entries off[v]..off[v+1] hold the edges to/from nodes of higher rank:
// in the up graph the edges v→to, in the down graph the edges to→v.
// mid is the contracted node a shortcut bypasses, or -1 for an original
// transition. mask, nil when no edge has one, holds each edge's
// excludable classes (Exclude): a pair of nodes may have several edges,
// none both lighter and of fewer classes than another (exclude.go).
type chAdj struct {
	off  []uint32
	to   []uint32
	w    []uint32 // deciseconds
	d    []uint32 // decimeters
	mid  []int32
	mask []uint8
}

// classes returns the excludable classes of edge i.
func (a *chAdj) classes(i uint32) uint8 {
	if a.mask == nil {
		return 0
	}
	return a.mask[i]
}

// best returns the index of the lightest edge of v whose other end is x
// and whose classes are within allow (lighter's order), or -1: the half
// of a shortcut (graphv4.go, unpack). Contraction makes a shortcut from
// the same choice among the same edges (contractor.half).
func (a *chAdj) best(v, x uint32, allow uint8) int {
	k := -1
	for i := a.off[v]; i < a.off[v+1]; i++ {
		if a.to[i] != x || !within(a.classes(i), allow) {
			continue
		}
		if k < 0 || lighter(a.w[i], a.classes(i), a.w[k], a.classes(uint32(k))) {
			k = int(i)
		}
	}
	return k
}

type chEdge struct {
	other uint32
	w     uint32
	d     uint32
	mid   int32
	mask  uint8 // excludable classes of the path (Exclude)
}

// contractor builds a contraction hierarchy over an edge-based graph, or
// over a part of one (ch_cells.go): its nodes are numbered 0..n-1 and glob
// gives each one's number in the whole graph (nil: the same), which is
// what the final edges and the shortcuts' middles are written with.
type contractor struct {
	n    int
	glob []uint32
	h    *hierarchy
	// out holds each node's edges to its uncontracted neighbours; in
	// only the other ends of the edges to it: an edge u→v's weight,
	// distance and middle are those in u's out list (inEdge), where a
	// copy took 12 bytes more an edge (LI ×16 walking: ~10 MB of ~27).
	out      adjLists[chEdge]
	in       adjLists[uint32]
	downBuf  []chEdge
	finalBuf []chEdge // v's final edges numbered in the whole graph
	deleted  []int32
	level    []int32
	// done counts the nodes contracted (compaction's clock); wrapped
	// says a shortcut's weight or distance passed 2^32
	// (hierarchy.shortcutWrapped)
	done    int
	wrapped bool
	// lazy leaves the priorities of a contracted node's neighbours as
	// they were, each checked again only when it comes first (run): the
	// overlay's super-cells' (contractSuper), whose arcs are so densely
	// joined that updating them was most of their time
	lazy bool

	// amask holds each arc's excludable classes (nil: none has any)
	amask []uint8

	// witness search scratch
	wdist  []int64
	wmask  []uint8 // the classes of the path to each node (with amask)
	wstamp []uint32
	wcur   uint32
	wheap  minHeap
}

// Witness search limits: settled nodes while estimating priorities and
// while contracting.
const (
	simSettleLimit      = 20
	contractSettleLimit = 200
)

func newContractor(n int, masked bool, h *hierarchy) *contractor {
	c := &contractor{
		n: n, h: h, out: newAdjLists[chEdge](n), in: newAdjLists[uint32](n),
		deleted: make([]int32, n), level: make([]int32, n),
		wdist: make([]int64, n), wstamp: make([]uint32, n), wheap: newMinHeap(n),
	}
	if masked {
		c.wmask = make([]uint8, n)
	}
	return c
}

// newHierarchy returns a hierarchy of n nodes whose final edges wait in
// spools in dir ("": memory).
func newHierarchy(n int, dir string) (*hierarchy, error) {
	h := &hierarchy{}
	var err error
	if h.up, err = newFinalEdges(n, dir); err == nil {
		h.down, err = newFinalEdges(n, dir)
	}
	if err != nil {
		h.close()
		return nil, err
	}
	return h, nil
}

// contract builds the CH of the edge-based graph of g's arcs and
// transitions. The final edges wait in temporary files in dir ("": in
// memory) until the hierarchy is complete; the caller makes them into
// arrays (finalEdges.csr) or writes them (hierarchy.writeTo), and closes
// the hierarchy. With consume, g's transitions and arc weights are let go
// once they are edges to contract: writing the hierarchy needs only how
// they were made (hierarchy's wrapped flags), where a check against the
// transitions kept them (LI ×200 walking: ~0.3 GB) through the stage's
// peak. progress, when not nil, is called with the number of contracted
// nodes and n. amask, when not nil, holds each arc's excludable classes
// (Graph.arcMasks): the hierarchy's edges carry their paths' (exclude.go).
func contract(ctx context.Context, g *Graph, amask []uint8, dir string, consume bool, progress func(done, total int)) (h *hierarchy, err error) {
	n := len(g.aW)
	if h, err = newHierarchy(n, dir); err != nil {
		return nil, err
	}
	c := newContractor(n, amask != nil, h)
	c.amask = amask
	// The graph's transitions are the edges to contract: a turn's weight
	// plus its target arc's, and the target arc's distance.
	for a := range n {
		for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
			if to := g.tTo[k]; to != uint32(a) {
				h.originalWrapped = h.originalWrapped || uint64(g.tW[k])+uint64(g.aW[to]) > math.MaxUint32
				c.addEdge(uint32(a), to, g.tW[k]+g.aW[to], g.aD[to], -1, c.arcClasses(to))
			}
		}
	}
	if consume {
		g.tOff, g.tTo, g.tW, g.aW, g.aD = nil, nil, nil, nil, nil
		if g.tailDone != nil {
			g.tailDone()
		}
	}
	if _, err := c.run(ctx, nil, 0, &contraction{total: n, progress: progress}); err != nil {
		h.close()
		return nil, err
	}
	h.shortcutWrapped = c.wrapped
	return h, nil
}

// contraction counts the nodes contracted of a whole graph, over the
// contractors that share its work (ch_cells.go, at once), for progress
// reports.
type contraction struct {
	mu          sync.Mutex
	done, total int
	progress    func(done, total int)
}

// add counts n more nodes contracted and reports the progress.
func (cn *contraction) add(n int) {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	cn.done += n
	if cn.progress != nil {
		cn.progress(cn.done, cn.total)
	}
}

// run contracts the nodes for which contractable is true (nil: every
// node) in the order of their priorities, but the last keep of them, and
// writes each one's final edges to the hierarchy as it goes. It returns
// the nodes it kept.
func (c *contractor) run(ctx context.Context, contractable func(v uint32) bool, keep int, cn *contraction) ([]uint32, error) {
	pq := newMinHeap(c.n)
	for v := 0; v < c.n; v++ {
		if contractable == nil || contractable(uint32(v)) {
			pq.push(uint32(v), c.priority(uint32(v)))
		}
	}
	var shortcuts []shortcut
	for pq.len() > keep {
		v, p := pq.pop()
		if pq.len() > 0 {
			if np := c.priority(v); np > p && np > pq.minKey() {
				pq.push(v, np)
				continue
			}
		}
		shortcuts = c.shortcuts(v, contractSettleLimit, shortcuts[:0])
		// Record v's remaining edges as its final CH edges.
		c.h.up.set(c.id(v), c.global(c.out.list(v)))
		c.downBuf = c.downBuf[:0]
		for _, u := range c.in.list(v) {
			c.downBuf = c.inEdges(u, v, c.downBuf)
		}
		c.h.down.set(c.id(v), c.global(c.downBuf))
		neighbours := c.detach(v)
		for _, s := range shortcuts {
			c.wrapped = c.wrapped || s.wrapped
			c.addEdge(s.from, s.to, s.w, s.d, int32(c.id(v)), s.mask)
		}
		for _, x := range neighbours {
			c.deleted[x]++
			if c.level[x] < c.level[v]+1 {
				c.level[x] = c.level[v] + 1
			}
		}
		if !c.lazy {
			for _, x := range neighbours {
				if pq.pos[x] >= 0 {
					pq.set(x, c.priority(x))
				}
			}
		}
		c.done++
		if c.done%4096 == 0 {
			if c.out.wasteful() {
				c.out.compact()
			}
			if c.in.wasteful() {
				c.in.compact()
			}
			cn.add(4096)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	return pq.nodes, nil
}

// id returns node v's number in the whole graph.
func (c *contractor) id(v uint32) uint32 {
	if c.glob == nil {
		return v
	}
	return c.glob[v]
}

// global returns edges with their other ends numbered in the whole graph
// (edges itself when the contractor's nodes are the graph's).
func (c *contractor) global(edges []chEdge) []chEdge {
	if c.glob == nil {
		return edges
	}
	c.finalBuf = append(c.finalBuf[:0], edges...)
	for i := range c.finalBuf {
		c.finalBuf[i].other = c.glob[c.finalBuf[i].other]
	}
	return c.finalBuf
}

type shortcut struct {
	from, to uint32
	w, d     uint32
	mask     uint8
	// wrapped says w or d passed 2^32 (hierarchy.shortcutWrapped).
	wrapped bool
}

// arcClasses returns arc a's excludable classes.
func (c *contractor) arcClasses(a uint32) uint8 {
	if c.amask == nil {
		return 0
	}
	return c.amask[a]
}

// addEdge adds u→v unless an edge u→v is as light and of no more classes;
// the edges u→v the new one is so to go (the first is replaced in place,
// so that without classes, one edge a pair, the lists are as they were).
func (c *contractor) addEdge(u, v, w, d uint32, mid int32, mask uint8) {
	out := c.out.list(u)
	had, replaced := false, false
	for i := 0; i < len(out); i++ {
		e := out[i]
		if e.other != v {
			continue
		}
		had = true
		if e.w <= w && within(e.mask, mask) {
			return
		}
		if w <= e.w && within(mask, e.mask) {
			if !replaced {
				out[i] = chEdge{v, w, d, mid, mask}
				replaced = true
				continue
			}
			out[i] = out[len(out)-1]
			out = out[:len(out)-1]
			c.out.truncate(u, len(out))
			i--
		}
	}
	if replaced {
		return
	}
	c.out.add(u, chEdge{v, w, d, mid, mask})
	if !had {
		c.in.add(v, u)
	}
}

// inEdges appends the edges u→v from v's side (other is u, the rest is
// u's out list's: an in list holds each other end once).
func (c *contractor) inEdges(u, v uint32, dst []chEdge) []chEdge {
	n := len(dst)
	for _, e := range c.out.list(u) {
		if e.other == v {
			e.other = u
			dst = append(dst, e)
		}
	}
	if len(dst) == n {
		panic("route: contraction: an in edge without its out edge")
	}
	return dst
}

// half returns the edge a shortcut's half is, among edges (v's, all to
// one other end): the lightest within allow (chAdj.best's choice).
func half(edges []chEdge, other uint32, allow uint8) (chEdge, bool) {
	var b chEdge
	ok := false
	for _, e := range edges {
		if e.other == other && within(e.mask, allow) && (!ok || lighter(e.w, e.mask, b.w, b.mask)) {
			b, ok = e, true
		}
	}
	return b, ok
}

// detach removes v's edges from its neighbours and returns the neighbours.
func (c *contractor) detach(v uint32) []uint32 {
	var ns []uint32
	for _, e := range c.out.list(v) {
		in := c.in.list(e.other)
		for i := 0; i < len(in); i++ {
			if in[i] == v {
				in[i] = in[len(in)-1]
				in = in[:len(in)-1]
				i--
			}
		}
		c.in.truncate(e.other, len(in))
		ns = append(ns, e.other)
	}
	for _, u := range c.in.list(v) {
		out := c.out.list(u)
		for i := 0; i < len(out); i++ {
			if out[i].other == v {
				out[i] = out[len(out)-1]
				out = out[:len(out)-1]
				i--
			}
		}
		c.out.truncate(u, len(out))
		ns = append(ns, u)
	}
	c.out.clear(v)
	c.in.clear(v)
	sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
	k := 0
	for i, x := range ns {
		if i == 0 || x != ns[i-1] {
			ns[k] = x
			k++
		}
	}
	return ns[:k]
}

// priority is the node-ordering key: edge difference (twice the shortcuts
// contraction would add minus the edges it removes), plus contracted
// neighbours, plus the node's level in the hierarchy.
func (c *contractor) priority(v uint32) int64 {
	sc := c.countShortcuts(v)
	removed := int(c.in.n[v] + c.out.n[v])
	return int64(2*sc-removed) + int64(c.deleted[v]) + int64(c.level[v])
}

func (c *contractor) countShortcuts(v uint32) int {
	n := 0
	for _, u := range c.in.list(v) {
		c.downBuf = c.inEdges(u, v, c.downBuf[:0])
		for _, ie := range c.downBuf {
			n += c.witness(v, ie, c.downBuf, simSettleLimit, nil)
		}
	}
	return n
}

func (c *contractor) shortcuts(v uint32, limit int, dst []shortcut) []shortcut {
	var ins []chEdge
	for _, u := range c.in.list(v) {
		ins = c.inEdges(u, v, ins[:0])
		for _, ie := range ins {
			c.witness(v, ie, ins, limit, func(s shortcut) { dst = append(dst, s) })
		}
	}
	return dst
}

// witness runs a bounded Dijkstra from ie.other avoiding v and calls add for
// every out-neighbour w of v whose path through v has no witness. It
// returns the number of shortcuts needed. ins are the edges from
// ie.other to v (ie among them).
//
// With classes, the path through v is the lightest pair of halves
// within ie's and the out edge's classes (half), and a witness must be
// as light and of no class the halves have not: the search follows the
// edges of classes that some path through v has, and keeps, per node, the
// classes of the path it found (of equal weight, the one of fewer).
func (c *contractor) witness(v uint32, ie chEdge, ins []chEdge, limit int, add func(shortcut)) int {
	u := ie.other
	var maxW int64
	allow := ie.mask
	for _, oe := range c.out.list(v) {
		if oe.other == u {
			continue
		}
		if w := int64(ie.w) + int64(oe.w); w > maxW {
			maxW = w
		}
		allow |= oe.mask
	}
	if maxW == 0 {
		return 0
	}
	c.wcur++
	if c.wcur == 0 {
		for i := range c.wstamp {
			c.wstamp[i] = 0
		}
		c.wcur = 1
	}
	masks := c.wmask != nil
	h := &c.wheap
	h.reset()
	c.wdist[u], c.wstamp[u] = 0, c.wcur
	if masks {
		c.wmask[u] = 0
	}
	h.push(u, 0)
	settled := 0
	for h.len() > 0 && settled < limit {
		x, dx := h.pop()
		if dx > maxW {
			break
		}
		settled++
		for _, e := range c.out.list(x) {
			y := e.other
			if y == v {
				continue
			}
			nd := dx + int64(e.w)
			if nd > maxW {
				continue
			}
			if !masks {
				if c.wstamp[y] != c.wcur || nd < c.wdist[y] {
					c.wstamp[y], c.wdist[y] = c.wcur, nd
					h.push(y, nd)
				}
				continue
			}
			if !within(e.mask, allow) {
				continue
			}
			m := c.wmask[x] | e.mask
			switch {
			case c.wstamp[y] != c.wcur || nd < c.wdist[y]:
				c.wstamp[y], c.wdist[y], c.wmask[y] = c.wcur, nd, m
				h.push(y, nd)
			case nd == c.wdist[y] && lighter(0, m, 0, c.wmask[y]):
				c.wmask[y] = m
			}
		}
	}
	h.reset()
	n := 0
	for _, oe := range c.out.list(v) {
		w := oe.other
		if w == u {
			continue
		}
		in, out := ie, oe
		if masks {
			// the lightest halves within the pair's classes, as
			// decoding and unpacking choose them
			allow := ie.mask | oe.mask
			in, _ = half(ins, u, allow)
			out, _ = half(c.out.list(v), w, allow)
		}
		via := int64(in.w) + int64(out.w)
		mask := in.mask | out.mask
		if c.wstamp[w] == c.wcur && c.wdist[w] <= via && (!masks || within(c.wmask[w], mask)) {
			continue
		}
		n++
		if add != nil {
			d := uint64(in.d) + uint64(out.d)
			add(shortcut{from: u, to: w, w: uint32(via), d: uint32(d), mask: mask, wrapped: via > math.MaxUint32 || d > math.MaxUint32})
		}
	}
	return n
}
