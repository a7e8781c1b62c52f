package route

import "sort"

// Alternative routes are via-node alternatives on the CH search spaces
// (Abraham et al., "Alternative routes in road networks", as in OSRM):
// both searches run on until their keys exceed (1+altStretch)·best; every
// node settled by both is a candidate via node; its route s→v→t is
// accepted when
//   - its weight is at most (1+altStretch) times the best (stretch limit),
//   - it shares at most altSharing of the best route's weight (and of every
//     alternative already accepted), counted over common arcs,
//   - it has no repeated arc, and
//   - it is locally optimal: the part of it from altLocal/2 of the best
//     weight before v to altLocal/2 after v is itself a shortest path (the
//     T-test), which rules out detours through v.
//
// Candidates are tried in order of weight.
const (
	altStretch    = 0.25
	altSharing    = 0.75
	altLocal      = 0.25
	altCandidates = 64
)

// alternatives returns up to want alternatives to main, using no road of
// a class in excl.
func (g *Graph) alternatives(main legPath, want int, excl Exclude) []legPath {
	sc := g.getScratch()
	defer g.putScratch(sc)
	sc.excl = uint8(excl)
	var sb, tb [4]seed
	tgt := g.allowedSeeds(g.targetSeeds(main.t, tb[:0]), sc.excl)
	src := g.fixLoops(g.allowedSeeds(g.sourceSeeds(main.s, sb[:0]), sc.excl), main.s, main.t, tgt, sc.excl)
	if len(src) == 0 || len(tgt) == 0 {
		return nil
	}
	r := g.search(sc, src, tgt, altStretch)
	if !r.ok || r.weight <= 0 {
		return nil
	}
	var shift int64
	for _, x := range tgt {
		shift = max(shift, -x.w)
	}
	// stretch, sharing and the T-test measure durations: a restricted
	// entry's penalty (restricted.go) is in every candidate's weight or
	// puts it beyond the limit
	limit := r.weight + int64(float64(durationOf(r.weight))*altStretch)
	type cand struct {
		v uint32
		w int64
	}
	var cands []cand
	for _, v := range sc.f.set {
		if sc.b.stamp[v] != sc.cur || v == r.meet {
			continue
		}
		w := sc.f.dist[v] + sc.b.dist[v] - shift
		if w <= limit {
			cands = append(cands, cand{v, w})
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].w != cands[j].w {
			return cands[i].w < cands[j].w
		}
		return cands[i].v < cands[j].v
	})
	if len(cands) > altCandidates {
		cands = cands[:altCandidates]
	}
	accepted := []map[uint32]bool{arcSet(main.arcs)}
	weights := []int64{main.weight}
	var out []legPath
	for _, c := range cands {
		if len(out) >= want {
			break
		}
		path := g.pathTo(sc, c.v, nil)
		viaIdx := len(path) - 1
		path = g.pathFrom(sc, c.v, path)
		if hasRepeat(path) {
			continue
		}
		w := g.pathWeight(path, main.s, main.t)
		if w < 0 || w > limit {
			continue
		}
		ok := true
		for k, set := range accepted {
			if g.shared(path, set) > int64(altSharing*float64(durationOf(weights[k]))) {
				ok = false
				break
			}
		}
		if !ok || !g.locallyOptimal(path, viaIdx, int64(altLocal*float64(durationOf(r.weight))), sc.excl) {
			continue
		}
		out = append(out, legPath{s: main.s, t: main.t, arcs: path, weight: w})
		accepted = append(accepted, arcSet(path))
		weights = append(weights, w)
	}
	return out
}

func arcSet(arcs []uint32) map[uint32]bool {
	m := make(map[uint32]bool, len(arcs))
	for _, a := range arcs {
		m[a] = true
	}
	return m
}

func hasRepeat(arcs []uint32) bool {
	seen := make(map[uint32]bool, len(arcs))
	for _, a := range arcs {
		if seen[a] {
			return true
		}
		seen[a] = true
	}
	return false
}

// shared is the weight of the arcs of path that are in set.
func (g *Graph) shared(path []uint32, set map[uint32]bool) int64 {
	var w int64
	for _, a := range path {
		if set[a] {
			w += int64(g.aW[a])
		}
	}
	return w
}

// locallyOptimal runs the T-test around path[via]: the subpath between the
// arcs about t/2 before and after it must be a shortest path.
func (g *Graph) locallyOptimal(path []uint32, via int, t int64, excl uint8) bool {
	if via <= 0 || via >= len(path)-1 {
		return true
	}
	x := via
	var acc int64
	for x > 0 && acc < t/2 {
		acc += int64(g.aW[path[x]])
		x--
	}
	y := via
	acc = 0
	for y < len(path)-1 && acc < t/2 {
		y++
		acc += int64(g.aW[path[y]])
	}
	if x == y {
		return true
	}
	// weight of the subpath from the end of path[x] to the end of path[y]
	var sub int64
	for i := x + 1; i <= y; i++ {
		a, b := path[i-1], path[i]
		for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
			if g.tTo[k] == b {
				sub += int64(g.tW[k]) + int64(g.aW[b])
				break
			}
		}
	}
	sc := g.getScratch()
	defer g.putScratch(sc)
	sc.excl = excl
	r := g.search(sc, []seed{{arc: path[x], prefix: -1}}, []seed{{arc: path[y], prefix: -1}}, 0)
	return r.ok && r.weight >= sub-sub/100
}
