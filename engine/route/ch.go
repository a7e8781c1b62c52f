package route

import (
	"cmp"
	"context"
	"slices"
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

type transition struct {
	from, to uint32
	w, d     uint32
}

// contractor builds a contraction hierarchy over an edge-based graph.
type contractor struct {
	n          int
	out, in    [][]chEdge
	contracted []bool
	deleted    []int32
	level      []int32
	up, down   finalEdges

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

// contract builds the CH of a graph of n nodes with the given transitions.
// progress, when not nil, is called with the number of contracted nodes and n.
func contract(ctx context.Context, n int, trs []transition, progress func(done, total int)) (up, down chAdj, err error) {
	c := &contractor{
		n: n, out: make([][]chEdge, n), in: make([][]chEdge, n),
		contracted: make([]bool, n), deleted: make([]int32, n), level: make([]int32, n),
		up: newFinalEdges(n), down: newFinalEdges(n),
		wdist: make([]int64, n), wstamp: make([]uint32, n), wheap: newMinHeap(n),
	}
	for _, t := range trs {
		if t.from == t.to {
			continue
		}
		c.addEdge(t.from, t.to, t.w, t.d, -1)
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
		c.up.set(v, c.out[v])
		c.down.set(v, c.in[v])
		c.contracted[v] = true
		neighbours := c.detach(v)
		for _, s := range shortcuts {
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
			if progress != nil {
				progress(done, n)
			}
			if err := ctx.Err(); err != nil {
				return up, down, err
			}
		}
	}
	return c.up.csr(), c.down.csr(), nil
}

type shortcut struct {
	from, to uint32
	w, d     uint32
}

// finalEdges collects the CH edges of each node as it is contracted: all
// of a node's edges at once, so they go one after another into one list
// (8 bytes of bookkeeping a node, where a slice per node took 24 and its
// spare capacity). The list is kept in blocks of finalBlock edges: no
// copy when it grows, and at most one block unused (one growing array
// held up to twice its edges while it was copied).
type finalEdges struct {
	blocks [][]chEdge
	n      int // edges in the list
	start  []uint32
	count  []uint32
}

const finalBlock = 1 << 16

func newFinalEdges(n int) finalEdges {
	return finalEdges{start: make([]uint32, n), count: make([]uint32, n)}
}

func (f *finalEdges) set(v uint32, es []chEdge) {
	f.start[v], f.count[v] = uint32(f.n), uint32(len(es))
	for _, e := range es {
		if f.n%finalBlock == 0 {
			f.blocks = append(f.blocks, make([]chEdge, 0, finalBlock))
		}
		last := &f.blocks[len(f.blocks)-1]
		*last = append(*last, e)
		f.n++
	}
}

// csr returns the edges in CSR form, each node's sorted by other end.
func (f *finalEdges) csr() chAdj {
	n := len(f.start)
	var a chAdj
	a.off = make([]uint32, n+1)
	total := 0
	for v := range n {
		a.off[v] = uint32(total)
		total += int(f.count[v])
	}
	a.off[n] = uint32(total)
	a.to = make([]uint32, 0, total)
	a.w = make([]uint32, 0, total)
	a.d = make([]uint32, 0, total)
	a.mid = make([]int32, 0, total)
	var l []chEdge
	for v := range n {
		l = l[:0]
		for k := int(f.start[v]); k < int(f.start[v]+f.count[v]); k++ {
			l = append(l, f.blocks[k/finalBlock][k%finalBlock])
		}
		slices.SortFunc(l, func(x, y chEdge) int { return cmp.Compare(x.other, y.other) }) // one edge per pair: no ties
		for _, e := range l {
			a.to = append(a.to, e.other)
			a.w = append(a.w, e.w)
			a.d = append(a.d, e.d)
			a.mid = append(a.mid, e.mid)
		}
	}
	return a
}

// addEdge adds u→v, keeping at most one (the lightest) edge per node pair.
func (c *contractor) addEdge(u, v, w, d uint32, mid int32) {
	for i, e := range c.out[u] {
		if e.other == v {
			if e.w <= w {
				return
			}
			c.out[u][i] = chEdge{v, w, d, mid}
			for j, f := range c.in[v] {
				if f.other == u {
					c.in[v][j] = chEdge{u, w, d, mid}
				}
			}
			return
		}
	}
	c.out[u] = append(c.out[u], chEdge{v, w, d, mid})
	c.in[v] = append(c.in[v], chEdge{u, w, d, mid})
}

// detach removes v's edges from its neighbours and returns the neighbours.
func (c *contractor) detach(v uint32) []uint32 {
	var ns []uint32
	for _, e := range c.out[v] {
		in := c.in[e.other]
		for i := 0; i < len(in); i++ {
			if in[i].other == v {
				in[i] = in[len(in)-1]
				in = in[:len(in)-1]
				i--
			}
		}
		c.in[e.other] = in
		ns = append(ns, e.other)
	}
	for _, e := range c.in[v] {
		out := c.out[e.other]
		for i := 0; i < len(out); i++ {
			if out[i].other == v {
				out[i] = out[len(out)-1]
				out = out[:len(out)-1]
				i--
			}
		}
		c.out[e.other] = out
		ns = append(ns, e.other)
	}
	c.out[v], c.in[v] = nil, nil
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
	removed := len(c.in[v]) + len(c.out[v])
	return int64(2*sc-removed) + int64(c.deleted[v]) + int64(c.level[v])
}

func (c *contractor) countShortcuts(v uint32) int {
	n := 0
	for _, ie := range c.in[v] {
		n += c.witness(v, ie, simSettleLimit, nil)
	}
	return n
}

func (c *contractor) shortcuts(v uint32, limit int, dst []shortcut) []shortcut {
	for _, ie := range c.in[v] {
		c.witness(v, ie, limit, func(s shortcut) { dst = append(dst, s) })
	}
	return dst
}

// witness runs a bounded Dijkstra from ie.other avoiding v and calls add for
// every out-neighbour w of v whose path through v has no witness. It
// returns the number of shortcuts needed.
func (c *contractor) witness(v uint32, ie chEdge, limit int, add func(shortcut)) int {
	u := ie.other
	var maxW int64
	for _, oe := range c.out[v] {
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
		for _, e := range c.out[x] {
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
	for _, oe := range c.out[v] {
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
			add(shortcut{from: u, to: w, w: uint32(via), d: ie.d + oe.d})
		}
	}
	return n
}
