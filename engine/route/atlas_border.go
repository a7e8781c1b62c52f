package route

// The border graph of an Atlas (atlas.go): the crossings, joined within
// each graph from its entries to its exits, and the shortest paths over
// it that a route may take.

import (
	"container/heap"
	"sync"
)

// clique is a graph's weights from each of its entries to each of its
// exits: w[e*len(exits)+x].
type clique struct {
	n int // exits
	w []wd
}

func (c *clique) at(entry, exit int32) wd { return c.w[int(entry)*c.n+int(exit)] }

// cliqueOf joins graph i's entry and exit buckets: the weight from each
// entry to each exit.
func (at *Atlas) cliqueOf(i int) clique {
	g, side := at.graphs[i], &at.sides[i]
	c := clique{n: len(side.exits), w: make([]wd, len(side.entries)*len(side.exits))}
	for k := range c.w {
		c.w[k] = wd{unreached, 0}
	}
	if c.n == 0 {
		return c
	}
	ents := side.entryB.entries
	for k := 0; k < len(ents); {
		v := ents[k].node
		m := k
		for m < len(ents) && ents[m].node == v {
			m++
		}
		for _, x := range side.exitB.at(v) {
			for _, e := range ents[k:m] {
				cell := &c.w[int(e.j)*c.n+int(x.j)]
				if w := e.w + x.w; w < cell.w {
					*cell = wd{w, e.d + x.d}
				}
			}
		}
		k = m
	}
	sc := g.getScratch()
	defer g.putScratch(sc)
	for ei, y := range side.entries {
		for xi, x := range side.exits {
			if in, out := at.cross[y].in, at.cross[x].out; sharesEdge(in, out) {
				w, d := g.pairWeight(sc, in, out)
				c.w[ei*c.n+xi] = wd{w, d}
			}
		}
	}
	return c
}

// buildBorder computes the border paths worth keeping (Atlas.via).
func (at *Atlas) buildBorder() {
	n := len(at.cross)
	cliques := make([]clique, len(at.graphs))
	// exitToExit[i]: graph i's weights from each exit's out snap (as a
	// source, going on in its direction) to each exit: what a route
	// staying in i pays between two of its crossings
	exitToExit := make([][][]reach, len(at.graphs))
	var wg sync.WaitGroup
	for i := range at.graphs {
		if at.graphs[i] == nil || len(at.sides[i].exits) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cliques[i] = at.cliqueOf(i)
			g := at.graphs[i]
			sc := g.getScratch()
			defer g.putScratch(sc)
			rows := make([][]reach, len(at.sides[i].exits))
			for j, x := range at.sides[i].exits {
				rows[j] = at.toExits(sc, i, at.cross[x].out, nil)
			}
			exitToExit[i] = rows
		}()
	}
	wg.Wait()
	exitIdx := make([]int32, n) // crossing → its index in its from graph's exits
	for i := range at.sides {
		for j, x := range at.sides[i].exits {
			exitIdx[x] = int32(j)
		}
	}
	at.via = make([]map[int][]borderPath, n)
	dist := make([]wd, n)
	prev := make([]int32, n)
	for src := range at.cross {
		for k := range dist {
			dist[k], prev[k] = wd{unreached, 0}, -1
		}
		dist[src] = wd{0, 0}
		q := &crossQueue{dist: dist}
		heap.Push(q, int32(src))
		for q.Len() > 0 {
			u := heap.Pop(q).(int32)
			c := at.cross[u]
			side := &at.sides[c.to]
			ei := side.entryOf[u]
			for xi, y := range side.exits {
				step := cliques[c.to].at(ei, int32(xi))
				if step.w == unreached {
					continue
				}
				if nd := dist[u].w + step.w; nd < dist[y].w {
					dist[y], prev[y] = wd{nd, dist[u].d + step.d}, u
					heap.Push(q, y)
				}
			}
		}
		from := at.cross[src].from
		for y := range at.cross {
			if y == src || dist[y].w == unreached || at.cross[y].to == from {
				continue // a route from and to one graph stays in it
			}
			if at.cross[y].from == from {
				direct := exitToExit[from][exitIdx[src]][exitIdx[y]]
				if direct.w <= dist[y].w {
					continue // staying in the graph is as good
				}
			}
			var chain []int32
			for x := int32(y); x >= 0; x = prev[x] {
				chain = append(chain, x)
			}
			for l, r := 0, len(chain)-1; l < r; l, r = l+1, r-1 {
				chain[l], chain[r] = chain[r], chain[l]
			}
			if at.via[src] == nil {
				at.via[src] = map[int][]borderPath{}
			}
			to := at.cross[y].to
			at.via[src][to] = append(at.via[src][to], borderPath{to: int32(y), w: dist[y].w, d: dist[y].d, chain: chain})
		}
	}
}

// crossQueue is a priority queue of crossings by dist (lazy deletion:
// an entry popped with a stale key only relaxes again to no effect).
type crossQueue struct {
	items []int32
	keys  []int64
	dist  []wd
}

func (q *crossQueue) Len() int           { return len(q.items) }
func (q *crossQueue) Less(i, j int) bool { return q.keys[i] < q.keys[j] }
func (q *crossQueue) Swap(i, j int) {
	q.items[i], q.items[j] = q.items[j], q.items[i]
	q.keys[i], q.keys[j] = q.keys[j], q.keys[i]
}
func (q *crossQueue) Push(x any) {
	q.items = append(q.items, x.(int32))
	q.keys = append(q.keys, q.dist[x.(int32)].w)
}
func (q *crossQueue) Pop() any {
	n := len(q.items) - 1
	x := q.items[n]
	q.items, q.keys = q.items[:n], q.keys[:n]
	return x
}
