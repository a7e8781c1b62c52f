package match

import (
	"container/heap"
	"math"
	"sort"

	"github.com/paulmach/orb"
)

// A tiny planar road network for the tests: coordinates in meters on a
// local plane, converted to lon/lat around an origin in Liechtenstein.

const (
	originLon = 9.52
	originLat = 47.14
	mPerDeg   = 111319.49
)

func toLonLat(x, y float64) orb.Point {
	return orb.Point{originLon + x/(mPerDeg*math.Cos(originLat*math.Pi/180)), originLat + y/mPerDeg}
}

func toXY(p orb.Point) (float64, float64) {
	return (p[0] - originLon) * mPerDeg * math.Cos(originLat*math.Pi/180), (p[1] - originLat) * mPerDeg
}

type tnode struct{ x, y float64 }

type tedge struct {
	a, b   int
	oneway bool // only a→b
	length float64
}

type network struct {
	nodes []tnode
	edges []tedge
	adj   [][]int // node → edges touching it
}

func (nw *network) node(x, y float64) int {
	nw.nodes = append(nw.nodes, tnode{x, y})
	nw.adj = append(nw.adj, nil)
	return len(nw.nodes) - 1
}

func (nw *network) edge(a, b int, oneway bool) int {
	l := math.Hypot(nw.nodes[a].x-nw.nodes[b].x, nw.nodes[a].y-nw.nodes[b].y)
	nw.edges = append(nw.edges, tedge{a, b, oneway, l})
	e := len(nw.edges) - 1
	nw.adj[a] = append(nw.adj[a], e)
	nw.adj[b] = append(nw.adj[b], e)
	return e
}

// grid builds an nx×ny grid of two-way streets spaced meters apart.
func grid(nx, ny int, spacing float64) *network {
	nw := &network{}
	for j := range ny {
		for i := range nx {
			nw.node(float64(i)*spacing, float64(j)*spacing)
		}
	}
	for j := range ny {
		for i := range nx {
			id := j*nx + i
			if i+1 < nx {
				nw.edge(id, id+1, false)
			}
			if j+1 < ny {
				nw.edge(id, id+nx, false)
			}
		}
	}
	return nw
}

// tcand is the network's view of a candidate.
type tcand struct {
	edge   int
	offset float64 // meters from node a
}

// candidates returns, per point, the nearest position on every edge within
// radius meters, nearest first, at most max; refs[i][k] locates cands[i][k].
func (nw *network) candidates(pts []Point, max int) ([][]Candidate, [][]tcand) {
	cands := make([][]Candidate, len(pts))
	refs := make([][]tcand, len(pts))
	for i, p := range pts {
		r := SearchRadius(p.Sigma)
		px, py := toXY(p.Location)
		type hit struct {
			c Candidate
			t tcand
		}
		var hits []hit
		for e, ed := range nw.edges {
			a, b := nw.nodes[ed.a], nw.nodes[ed.b]
			dx, dy := b.x-a.x, b.y-a.y
			t := ((px-a.x)*dx + (py-a.y)*dy) / (dx*dx + dy*dy)
			t = math.Max(0, math.Min(1, t))
			qx, qy := a.x+t*dx, a.y+t*dy
			d := math.Hypot(px-qx, py-qy)
			if d <= r {
				hits = append(hits, hit{Candidate{Location: toLonLat(qx, qy), Distance: d}, tcand{e, t * ed.length}})
			}
		}
		sort.Slice(hits, func(x, y int) bool { return hits[x].c.Distance < hits[y].c.Distance })
		if len(hits) > max {
			hits = hits[:max]
		}
		for _, h := range hits {
			cands[i] = append(cands[i], h.c)
			refs[i] = append(refs[i], h.t)
		}
	}
	return cands, refs
}

// from returns the node distances reachable from c within maxDist.
func (nw *network) from(c tcand, maxDist float64) map[int]float64 {
	ed := nw.edges[c.edge]
	dist := map[int]float64{}
	pq := &pqueue{}
	push := func(n int, d float64) {
		if old, ok := dist[n]; (!ok || d < old) && d <= maxDist {
			dist[n] = d
			heap.Push(pq, pqItem{n, d})
		}
	}
	push(ed.b, ed.length-c.offset)
	if !ed.oneway {
		push(ed.a, c.offset)
	}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(pqItem)
		if it.d > dist[it.n] {
			continue
		}
		for _, e := range nw.adj[it.n] {
			g := nw.edges[e]
			switch {
			case g.a == it.n:
				push(g.b, it.d+g.length)
			case !g.oneway:
				push(g.a, it.d+g.length)
			}
		}
	}
	return dist
}

// distances is the DistanceFunc over refs.
func (nw *network) distances(refs [][]tcand) DistanceFunc {
	return func(fp, tp int, from, to []int, maxDist float64, out []float64) {
		for i, fi := range from {
			src := refs[fp][fi]
			nd := nw.from(src, maxDist)
			for j, tj := range to {
				dst := refs[tp][tj]
				g := nw.edges[dst.edge]
				best := math.Inf(1)
				if dst.edge == src.edge {
					if dst.offset >= src.offset {
						best = dst.offset - src.offset
					} else if !g.oneway {
						best = src.offset - dst.offset
					}
				}
				if d, ok := nd[g.a]; ok {
					best = math.Min(best, d+dst.offset)
				}
				if d, ok := nd[g.b]; ok && !g.oneway {
					best = math.Min(best, d+g.length-dst.offset)
				}
				if best > maxDist {
					best = math.Inf(1)
				}
				out[i*len(to)+j] = best
			}
		}
	}
}

type pqItem struct {
	n int
	d float64
}

type pqueue []pqItem

func (q pqueue) Len() int           { return len(q) }
func (q pqueue) Less(i, j int) bool { return q[i].d < q[j].d }
func (q pqueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pqueue) Push(x any)        { *q = append(*q, x.(pqItem)) }
func (q *pqueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
