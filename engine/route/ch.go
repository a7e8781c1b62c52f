package route

import (
	"context"
	"math"
	"sort"
)

// chAdj is one direction of a contraction hierarchy in CSR form. For node v,
// entries off[v]..off[v+1] hold the edges to/from nodes of higher rank:
// in the up graph the edges v→to, in the down graph the edges to→v.
// mid is the contracted node a shortcut bypasses, or -1 for an original
// transition.
type chAdj struct {
	off []uint32
	to  []uint32
	w   []uint32 // deciseconds
	d   []uint32 // decimeters
	mid []int32
}

// find returns the index of the edge of v whose other end is x, or -1.
func (a *chAdj) find(v, x uint32) int {
	for i := a.off[v]; i < a.off[v+1]; i++ {
		if a.to[i] == x {
			return int(i)
		}
	}
	return -1
}

type chEdge struct {
	other uint32
	w     uint32
	d     uint32
	mid   int32
}

// contractor builds a contraction hierarchy over an edge-based graph.
type contractor struct {
	n int
	// out holds each node's edges to its uncontracted neighbours; in
	// only the other ends of the edges to it: an edge u→v's weight,
	// distance and middle are those in u's out list (inEdge), where a
	// copy took 12 bytes more an edge (LI ×16 walking: ~10 MB of ~27).
	out        adjLists[chEdge]
	in         adjLists[uint32]
	downBuf    []chEdge
	contracted []bool
	deleted    []int32
	level      []int32
	up, down   *finalEdges

	// witness search scratch
	wdist  []int64
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

// contract builds the CH of the edge-based graph of g's arcs and
// transitions. The final edges wait in temporary files in dir ("": in
// memory) until the hierarchy is complete; the caller makes them into
// arrays (finalEdges.csr) or writes them (hierarchy.writeTo), and closes
// the hierarchy. With consume, g's transitions and arc weights are let go
// once they are edges to contract: writing the hierarchy needs only how
// they were made (hierarchy's wrapped flags), where a check against the
// transitions kept them (LI ×200 walking: ~0.3 GB) through the stage's
// peak. progress, when not nil, is called with the number of contracted
// nodes and n.
func contract(ctx context.Context, g *Graph, dir string, consume bool, progress func(done, total int)) (h *hierarchy, err error) {
	n := len(g.aW)
	c := &contractor{
		n: n, out: newAdjLists[chEdge](n), in: newAdjLists[uint32](n),
		contracted: make([]bool, n), deleted: make([]int32, n), level: make([]int32, n),
		wdist: make([]int64, n), wstamp: make([]uint32, n), wheap: newMinHeap(n),
	}
	h = &hierarchy{}
	defer func() {
		if err != nil {
			h.close()
			h = nil
		}
	}()
	if h.up, err = newFinalEdges(n, dir); err != nil {
		return h, err
	}
	if h.down, err = newFinalEdges(n, dir); err != nil {
		return h, err
	}
	c.up, c.down = h.up, h.down
	// The graph's transitions are the edges to contract: a turn's weight
	// plus its target arc's, and the target arc's distance.
	for a := range n {
		for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
			if to := g.tTo[k]; to != uint32(a) {
				h.originalWrapped = h.originalWrapped || uint64(g.tW[k])+uint64(g.aW[to]) > math.MaxUint32
				c.addEdge(uint32(a), to, g.tW[k]+g.aW[to], g.aD[to], -1)
			}
		}
	}
	if consume {
		g.tOff, g.tTo, g.tW, g.aW, g.aD = nil, nil, nil, nil, nil
	}
	pq := newMinHeap(n)
	for v := 0; v < n; v++ {
		pq.push(uint32(v), c.priority(uint32(v)))
	}
	done := 0
	var shortcuts []shortcut
	for pq.len() > 0 {
		v, p := pq.pop()
		if pq.len() > 0 {
			if np := c.priority(v); np > p && np > pq.minKey() {
				pq.push(v, np)
				continue
			}
		}
		shortcuts = c.shortcuts(v, contractSettleLimit, shortcuts[:0])
		// Record v's remaining edges as its final CH edges.
		c.up.set(v, c.out.list(v))
		c.downBuf = c.downBuf[:0]
		for _, u := range c.in.list(v) {
			c.downBuf = append(c.downBuf, c.inEdge(u, v))
		}
		c.down.set(v, c.downBuf)
		c.contracted[v] = true
		neighbours := c.detach(v)
		for _, s := range shortcuts {
			h.shortcutWrapped = h.shortcutWrapped || s.wrapped
			c.addEdge(s.from, s.to, s.w, s.d, int32(v))
		}
		for _, x := range neighbours {
			c.deleted[x]++
			if c.level[x] < c.level[v]+1 {
				c.level[x] = c.level[v] + 1
			}
		}
		for _, x := range neighbours {
			if pq.pos[x] >= 0 {
				pq.set(x, c.priority(x))
			}
		}
		done++
		if done%4096 == 0 {
			if c.out.wasteful() {
				c.out.compact()
			}
			if c.in.wasteful() {
				c.in.compact()
			}
			if progress != nil {
				progress(done, n)
			}
			if err := ctx.Err(); err != nil {
				return h, err
			}
		}
	}
	return h, nil
}

type shortcut struct {
	from, to uint32
	w, d     uint32
	// wrapped says w or d passed 2^32 (hierarchy.shortcutWrapped).
	wrapped bool
}

// addEdge adds u→v, keeping at most one (the lightest) edge per node pair.
func (c *contractor) addEdge(u, v, w, d uint32, mid int32) {
	out := c.out.list(u)
	for i, e := range out {
		if e.other == v {
			if e.w <= w {
				return
			}
			out[i] = chEdge{v, w, d, mid}
			return
		}
	}
	c.out.add(u, chEdge{v, w, d, mid})
	c.in.add(v, u)
}

// inEdge returns the edge u→v from v's side: other is u, the rest is u's
// out list's (addEdge keeps one edge a pair).
func (c *contractor) inEdge(u, v uint32) chEdge {
	for _, e := range c.out.list(u) {
		if e.other == v {
			e.other = u
			return e
		}
	}
	panic("route: contraction: an in edge without its out edge")
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
		n += c.witness(v, c.inEdge(u, v), simSettleLimit, nil)
	}
	return n
}

func (c *contractor) shortcuts(v uint32, limit int, dst []shortcut) []shortcut {
	for _, u := range c.in.list(v) {
		c.witness(v, c.inEdge(u, v), limit, func(s shortcut) { dst = append(dst, s) })
	}
	return dst
}

// witness runs a bounded Dijkstra from ie.other avoiding v and calls add for
// every out-neighbour w of v whose path through v has no witness. It
// returns the number of shortcuts needed.
func (c *contractor) witness(v uint32, ie chEdge, limit int, add func(shortcut)) int {
	u := ie.other
	var maxW int64
	for _, oe := range c.out.list(v) {
		if oe.other == u {
			continue
		}
		if w := int64(ie.w) + int64(oe.w); w > maxW {
			maxW = w
		}
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
	h := &c.wheap
	h.reset()
	c.wdist[u], c.wstamp[u] = 0, c.wcur
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
			if c.wstamp[y] != c.wcur || nd < c.wdist[y] {
				c.wstamp[y], c.wdist[y] = c.wcur, nd
				h.push(y, nd)
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
		via := int64(ie.w) + int64(oe.w)
		if c.wstamp[w] == c.wcur && c.wdist[w] <= via {
			continue
		}
		n++
		if add != nil {
			d := uint64(ie.d) + uint64(oe.d)
			add(shortcut{from: u, to: w, w: uint32(via), d: uint32(d), wrapped: via > math.MaxUint32 || d > math.MaxUint32})
		}
	}
	return n
}
