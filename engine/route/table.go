package route

import (
	"context"
	"math"
	"sort"
)

type bucketEntry struct {
	node uint32
	j    int32
	w    int64 // true weight from node to destination j (may be negative)
	d    int64
}

// Table computes the fastest-route durations (seconds) and, when asked,
// their distances (meters) from every source to every destination with a
// many-to-many CH search: one backward upward search per destination fills
// buckets at the nodes it settles, one forward upward search per source
// scans them. Pairs on the same edge are checked with a point-to-point
// search (a route may have to leave the edge and come back). A pair without
// a route is NaN.
func (g *Graph) Table(ctx context.Context, src, dst []Snap, opt TableOptions) (*Table, error) {
	if err := g.CheckExclude(opt.Exclude); err != nil {
		return nil, err
	}
	sc := g.getScratch()
	defer g.putScratch(sc)
	sc.excl = uint8(opt.Exclude)
	var entries []bucketEntry
	var seeds []seed
	for j, t := range dst {
		seeds = g.allowedSeeds(g.targetSeeds(t, seeds[:0]), sc.excl)
		shift := int64(0)
		for _, x := range seeds {
			shift = max(shift, -x.w)
		}
		sc.next()
		cur := sc.cur
		for _, x := range seeds {
			w := x.w + shift
			if sc.b.stamp[x.arc] != cur || w < sc.b.dist[x.arc] {
				sc.b.stamp[x.arc], sc.b.dist[x.arc], sc.b.dst[x.arc] = cur, w, x.d
				sc.b.h.push(x.arc, w)
			}
		}
		for sc.b.h.len() > 0 {
			v, d := sc.b.h.pop()
			if g.stalled(sc, v, d, false) {
				continue
			}
			entries = append(entries, bucketEntry{node: v, j: int32(j), w: d - shift, d: sc.b.dst[v]})
			sc.b.relax(&g.down, v, d, cur, sc.excl, false)
		}
		if j%8 == 7 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	sort.Slice(entries, func(a, b int) bool { return entries[a].node < entries[b].node })
	start := make(map[uint32]int32, len(entries)/4+1)
	for i := len(entries) - 1; i >= 0; i-- {
		start[entries[i].node] = int32(i)
	}

	t := &Table{Durations: make([][]float64, len(src))}
	if opt.Distances {
		t.Distances = make([][]float64, len(src))
	}
	bestW := make([]int64, len(dst))
	bestD := make([]int64, len(dst))
	for i, s := range src {
		for j := range bestW {
			bestW[j], bestD[j] = math.MaxInt64, 0
		}
		seeds = g.allowedSeeds(g.sourceSeeds(s, seeds[:0]), sc.excl)
		sc.next()
		cur := sc.cur
		for _, x := range seeds {
			if sc.f.stamp[x.arc] != cur || x.w < sc.f.dist[x.arc] {
				sc.f.stamp[x.arc], sc.f.dist[x.arc], sc.f.dst[x.arc] = cur, x.w, x.d
				sc.f.h.push(x.arc, x.w)
			}
		}
		for sc.f.h.len() > 0 {
			v, d := sc.f.h.pop()
			if g.stalled(sc, v, d, true) {
				continue
			}
			if k, ok := start[v]; ok {
				for ; int(k) < len(entries) && entries[k].node == v; k++ {
					e := entries[k]
					if w := d + e.w; w < bestW[e.j] {
						bestW[e.j], bestD[e.j] = w, sc.f.dst[v]+e.d
					}
				}
			}
			sc.f.relax(&g.up, v, d, cur, sc.excl, false)
		}
		row := make([]float64, len(dst))
		var drow []float64
		if opt.Distances {
			drow = make([]float64, len(dst))
		}
		for j := range dst {
			w, dd := bestW[j], bestD[j]
			if dst[j].Edge == s.Edge {
				w, dd = g.pairWeight(sc, s, dst[j])
			}
			if w == math.MaxInt64 {
				row[j] = math.NaN()
				if drow != nil {
					drow[j] = math.NaN()
				}
				continue
			}
			row[j] = float64(durationOf(w)) / 10
			if drow != nil {
				drow[j] = math.Round(float64(dd)) / 10
			}
		}
		t.Durations[i] = row
		if opt.Distances {
			t.Distances[i] = drow
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// pairWeight returns the weight and CH distance of the best route from s to
// t by a point-to-point search (MaxInt64 when there is none), leaving out
// sc's exclusion.
func (g *Graph) pairWeight(sc *scratch, s, t Snap) (int64, int64) {
	var sb, tb [4]seed
	tgt := g.allowedSeeds(g.targetSeeds(t, tb[:0]), sc.excl)
	src := g.fixLoops(g.allowedSeeds(g.sourceSeeds(s, sb[:0]), sc.excl), s, t, tgt, sc.excl)
	if len(src) == 0 || len(tgt) == 0 {
		return math.MaxInt64, 0
	}
	r := g.search(sc, src, tgt, 0)
	if !r.ok {
		return math.MaxInt64, 0
	}
	return r.weight, r.dist
}
