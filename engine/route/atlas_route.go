package route

// Routes and tables over an Atlas (atlas.go).

import (
	"context"
	"fmt"
	"math"
)

// atlasPiece is the part of a route within one graph.
type atlasPiece struct {
	graph int
	path  legPath
}

// legChain is the route between two stops: its pieces, one per graph it
// passes (joined at crossings), and its weight.
type legChain struct {
	pieces []atlasPiece
	weight int64
}

// crossPlan is the cheapest way from a point of one graph to a point of
// another: the crossings it passes, in order, its weight and distance,
// and the indexes of its first crossing among the first graph's exits and
// of its last among the last graph's entries.
type crossPlan struct {
	chain       []int32
	best        wd
	exit, entry int32
}

// combine picks the best of the routes leaving graph from at an exit
// (L, by exit) and entering graph to at an entry (R, by entry): straight
// across, or along a border path.
func (at *Atlas) combine(from, to int, L, R []reach) crossPlan {
	cp := crossPlan{best: wd{unreached, 0}}
	var bestL int64
	// better: a lower weight, or one within tieWeight that passes the
	// first crossing later (C1) or earlier (C2): see passage.late
	better := func(w, l int64, x int32) bool {
		switch {
		case cp.best.w == unreached || w < cp.best.w-tieWeight:
			return true
		case w > cp.best.w+tieWeight:
			return false
		case at.cross[x].late:
			return l > bestL
		}
		return l < bestL
	}
	entryOf := at.sides[to].entryOf
	for j, x := range at.sides[from].exits {
		l := L[j]
		if l.w == unreached {
			continue
		}
		if at.cross[x].to == to {
			e := entryOf[x]
			if r := R[e]; r.w != unreached && better(l.w+r.w, l.w, x) {
				cp = crossPlan{chain: []int32{x}, best: wd{l.w + r.w, l.d + r.d}, exit: int32(j), entry: e}
				bestL = l.w
			}
		}
		for _, bp := range at.via[x][to] {
			e := entryOf[bp.to]
			if r := R[e]; r.w != unreached && better(l.w+bp.w+r.w, l.w, x) {
				cp = crossPlan{chain: bp.chain, best: wd{l.w + bp.w + r.w, l.d + bp.d + r.d}, exit: int32(j), entry: e}
				bestL = l.w
			}
		}
	}
	return cp
}

// tieWeight (deciseconds) is how far apart the weights of one route
// through different crossings may lie and count as a tie.
const tieWeight = 0

// leg returns the route from s to t: within their graph when they share
// one, else through crossings. The pieces to and from the crossings come
// out of the searches that chose them (the point's own search tree and
// the crossing's stored one), the pieces between crossings from a search
// of their own.
func (at *Atlas) leg(s, t Stop) (legChain, bool) {
	if s.Graph == t.Graph {
		p, ok := at.graphs[s.Graph].shortest(s.Snap, t.Snap, 0)
		if !ok {
			return legChain{}, false
		}
		return legChain{pieces: []atlasPiece{{s.Graph, p}}, weight: p.weight}, true
	}
	if !at.Connected(s.Graph, t.Graph) {
		return legChain{}, false
	}
	gs, gt := at.graphs[s.Graph], at.graphs[t.Graph]
	scS, scT := gs.getScratch(), gt.getScratch()
	defer gs.putScratch(scS)
	defer gt.putScratch(scT)
	L := at.toExits(scS, s.Graph, s.Snap, nil)
	R := at.fromEntries(scT, t.Graph, t.Snap, nil)
	cp := at.combine(s.Graph, t.Graph, L, R)
	if cp.chain == nil {
		return legChain{}, false
	}
	var lc legChain
	add := func(graph int, p legPath) {
		lc.pieces = append(lc.pieces, atlasPiece{graph, p})
		lc.weight += p.weight
	}
	first, last := at.cross[cp.chain[0]], at.cross[cp.chain[len(cp.chain)-1]]
	if m := L[cp.exit].meet; m >= 0 {
		arcs := gs.pathTo(scS, uint32(m), nil)
		arcs = gs.pathDown(&at.sides[s.Graph].exitB, cp.exit, uint32(m), arcs)
		p := legPath{s: s.Snap, t: first.out, arcs: arcs, weight: L[cp.exit].w}
		if len(p.s.Ties) > 0 {
			e, _ := arcEdge(gs, gs.origArc(arcs[0]))
			p.s = onEdge(p.s, e)
		}
		add(s.Graph, p)
	} else if p, ok := gs.shortest(s.Snap, first.out, 0); ok {
		add(s.Graph, p)
	} else {
		return legChain{}, false
	}
	for k := 0; k+1 < len(cp.chain); k++ {
		a, b := at.cross[cp.chain[k]], at.cross[cp.chain[k+1]]
		p, ok := at.graphs[a.to].shortest(a.in, b.out, 0)
		if !ok {
			return legChain{}, false
		}
		add(a.to, p)
	}
	if m := R[cp.entry].meet; m >= 0 {
		arcs := gt.pathUp(&at.sides[t.Graph].entryB, cp.entry, uint32(m), nil)
		arcs = gt.pathFrom(scT, uint32(m), arcs)
		p := legPath{s: last.in, t: t.Snap, arcs: arcs, weight: R[cp.entry].w}
		if len(p.t.Ties) > 0 {
			e, _ := arcEdge(gt, gt.origArc(arcs[len(arcs)-1]))
			p.t = onEdge(p.t, e)
		}
		add(t.Graph, p)
	} else if p, ok := gt.shortest(last.in, t.Snap, 0); ok {
		add(t.Graph, p)
	} else {
		return legChain{}, false
	}
	return lc, true
}

// Route computes the route through the stops in order, as Graph.Route
// does: on their graph's Route when they all lie in one graph (the same
// answer as that pack alone, alternatives included); otherwise leg by leg
// through the crossings, without alternatives (and without an exclusion:
// ErrExcludeAcross). It returns ErrNoRoute when
// a leg cannot be routed (its stops lie in graphs not joined, or in
// parts of them no road joins).
func (at *Atlas) Route(ctx context.Context, stops []Stop, opt RouteOptions) ([]Route, error) {
	n := len(stops)
	if n < 2 {
		return nil, fmt.Errorf("%w: a route needs at least two waypoints", ErrInvalidValue)
	}
	one := true
	for _, s := range stops[1:] {
		one = one && s.Graph == stops[0].Graph
	}
	if one {
		snaps := make([]Snap, n)
		for i, s := range stops {
			snaps[i] = s.Snap
		}
		return at.graphs[stops[0].Graph].Route(ctx, snaps, opt)
	}
	if opt.Exclude != 0 {
		return nil, fmt.Errorf("%w: exclude=%s on a route across packs", ErrExcludeAcross, opt.Exclude)
	}
	ends := opt.LegEnds
	if ends == nil {
		ends = make([]int, n)
		for i := range ends {
			ends[i] = i
		}
	}
	if err := CheckLegEnds(ends, n); err != nil {
		return nil, err
	}
	cs := at.graphs[stops[0].Graph].profile.ContinueStraightDefault()
	if opt.ContinueStraight != nil {
		cs = *opt.ContinueStraight
	}
	chains, err := at.legChains(stops, cs)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return []Route{at.assemble(chains, ends, opt.Output)}, nil
}

// legChains routes each consecutive pair of stops; with continueStraight
// a via stop is left in the direction it was reached (the dynamic
// programme of Graph.legPaths, over legs that may cross graphs).
func (at *Atlas) legChains(stops []Stop, continueStraight bool) ([]legChain, error) {
	n := len(stops)
	chains := make([]legChain, n-1)
	noRoute := func(i int) error {
		return fmt.Errorf("%w: between waypoints %d and %d", ErrNoRoute, i, i+1)
	}
	if !continueStraight || n == 2 {
		for i := 0; i+1 < n; i++ {
			c, ok := at.leg(stops[i], stops[i+1])
			if !ok {
				return nil, noRoute(i)
			}
			chains[i] = c
		}
		return chains, nil
	}
	stops = append([]Stop(nil), stops...)
	for k := 1; k+1 < n; k++ {
		stops[k].Snap.Ties = nil
	}
	const inf = math.MaxInt64 / 4
	type cell struct {
		cost  int64
		prev  int
		chain legChain
	}
	cost := make([][2]cell, n)
	for d := 0; d < 2; d++ {
		cost[0][d] = cell{cost: 0, prev: -1}
	}
	for k := 0; k+1 < n; k++ {
		for b := 0; b < 2; b++ {
			cost[k+1][b] = cell{cost: inf, prev: -1}
			tb := stops[k+1]
			tb.Snap = only(tb.Snap, b == 1)
			if !tb.Snap.Forward && !tb.Snap.Backward {
				continue
			}
			for a := 0; a < 2; a++ {
				if cost[k][a].cost >= inf {
					continue
				}
				sa := stops[k]
				if k > 0 {
					sa.Snap = only(sa.Snap, a == 1)
					if !sa.Snap.Forward && !sa.Snap.Backward {
						continue
					}
				} else if a == 1 {
					continue
				}
				c, ok := at.leg(sa, tb)
				if !ok {
					continue
				}
				if x := cost[k][a].cost + c.weight; x < cost[k+1][b].cost {
					cost[k+1][b] = cell{cost: x, prev: a, chain: c}
				}
			}
		}
		if cost[k+1][0].cost >= inf && cost[k+1][1].cost >= inf {
			return nil, noRoute(k)
		}
	}
	d := 0
	if cost[n-1][1].cost < cost[n-1][0].cost {
		d = 1
	}
	for k := n - 1; k > 0; k-- {
		c := cost[k][d]
		last := &c.chain.pieces[len(c.chain.pieces)-1]
		last.path.t = onEdge(stops[k].Snap, last.path.t.Edge)
		chains[k-1] = c.chain
		d = c.prev
	}
	return chains, nil
}

// Table computes durations (seconds) and, when asked, distances (meters)
// from every source to every destination: within a graph by its own
// many-to-many search, between graphs through the crossings (NaN where
// their graphs are not joined or no road leads across).
func (at *Atlas) Table(ctx context.Context, src, dst []Stop, opt TableOptions) (*Table, error) {
	if opt.Exclude != 0 {
		all := append(src[:len(src):len(src)], dst...)
		for _, s := range all {
			if s.Graph != all[0].Graph {
				return nil, fmt.Errorf("%w: exclude=%s on a table across packs", ErrExcludeAcross, opt.Exclude)
			}
		}
	}
	t := &Table{Durations: make([][]float64, len(src))}
	if opt.Distances {
		t.Distances = make([][]float64, len(src))
	}
	for i := range src {
		t.Durations[i] = make([]float64, len(dst))
		if opt.Distances {
			t.Distances[i] = make([]float64, len(dst))
		}
	}
	// within each graph
	byGraph := func(stops []Stop) map[int][]int {
		m := map[int][]int{}
		for i, s := range stops {
			m[s.Graph] = append(m[s.Graph], i)
		}
		return m
	}
	srcOf, dstOf := byGraph(src), byGraph(dst)
	for gi, si := range srcOf {
		di := dstOf[gi]
		if len(di) == 0 {
			continue
		}
		ss, ds := make([]Snap, len(si)), make([]Snap, len(di))
		for k, i := range si {
			ss[k] = src[i].Snap
		}
		for k, j := range di {
			ds[k] = dst[j].Snap
		}
		sub, err := at.graphs[gi].Table(ctx, ss, ds, opt)
		if err != nil {
			return nil, err
		}
		for a, i := range si {
			for b, j := range di {
				t.Durations[i][j] = sub.Durations[a][b]
				if opt.Distances {
					t.Distances[i][j] = sub.Distances[a][b]
				}
			}
		}
	}
	// between graphs: each source's weights to its graph's exits, each
	// destination's from its graph's entries, combined
	L, R := make([][]reach, len(src)), make([][]reach, len(dst))
	for i, s := range src {
		for j, d := range dst {
			if s.Graph == d.Graph {
				continue
			}
			if !at.Connected(s.Graph, d.Graph) {
				t.Durations[i][j] = math.NaN()
				if opt.Distances {
					t.Distances[i][j] = math.NaN()
				}
				continue
			}
			if L[i] == nil {
				g := at.graphs[s.Graph]
				sc := g.getScratch()
				L[i] = at.toExits(sc, s.Graph, s.Snap, nil)
				g.putScratch(sc)
			}
			if R[j] == nil {
				g := at.graphs[d.Graph]
				sc := g.getScratch()
				R[j] = at.fromEntries(sc, d.Graph, d.Snap, nil)
				g.putScratch(sc)
			}
			cp := at.combine(s.Graph, d.Graph, L[i], R[j])
			best := cp.best
			if cp.chain == nil {
				t.Durations[i][j] = math.NaN()
				if opt.Distances {
					t.Distances[i][j] = math.NaN()
				}
				continue
			}
			t.Durations[i][j] = float64(durationOf(best.w)) / 10
			if opt.Distances {
				t.Distances[i][j] = math.Round(float64(best.d)) / 10
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return t, nil
}
