package tour

import (
	"context"
	"math"
	"math/rand/v2"
	"time"
)

// The heuristic: a farthest-insertion cycle, improved by the local search
// (localsearch.go), then rounds of iterated local search: a kick reorders
// three short neighbouring runs (see kick), the local search repairs
// around it, and the result is kept when the cycle is no longer, undone
// otherwise; each round after the first starts again from the best cycle
// so far disturbed by a few kicks kept whatever they cost, to leave a basin
// the kicks alone do not. The effort is a fixed number of kicks per stop,
// not a clock, so the same table always gives the same order whatever the
// load of the machine; the random sources are seeded from the table size.

// Effort of the default search, chosen on random 100-stop tours of LI (20)
// and Monaco (10, one-way streets) in both window modes (engine's
// TestOptimizeQuality): kicks, rounds, neighbours and run lengths were
// swept for little work that keeps every tour well within 1% of a 30 s
// search. One round of 3 kicks per stop left Monaco's tours up to 1.2%
// over (roundtrip) and 0.9% (open, end free), more kicks in one round did
// not help (3000: 0.3% and 0.9%); six rounds of one kick per stop: 0.35%
// and 0.6%, LI under 0.1%. Shorter runs or lists got stuck (up to 7% over
// on open trips), as did kicks that are never global.
const (
	kicksPerStop = 6
	minKicks     = 300
	rounds       = 6
	neighbours   = 8
	kickRun      = 10 // longest run a kick moves
	globalEvery  = 10 // on average one kick in this many moves runs of up to n/3 stops
)

// Effort of a long search (Options.Budget > 0, see longSearch).
const (
	longNeighbours = 16
	longRoundKicks = 10
)

// heuristic returns a short cycle for t: the default search, then, with
// budget > 0, a long search from its result (see longSearch). ctx ends the
// search early (the best so far is kept). The result is never worse than
// the identity cycle (the input order).
func heuristic(ctx context.Context, t *costTable, budget time.Duration) []int {
	n := t.n
	e := defaultEffort(n)
	s := newSolver(t, e.neighbours)
	s.kickRun, s.kickGlobal = e.run, e.global
	best := make([]int32, n)
	for i, v := range farthestInsertion(t) {
		best[i] = int32(v)
	}
	s.load(best)
	s.pushAll()
	s.improve()
	copy(best, s.tour)
	bestCost := s.cost
	for r := 0; r < rounds && n >= 8 && ctx.Err() == nil; r++ {
		rng := rand.New(rand.NewPCG(uint64(n), uint64(r)))
		if r > 0 {
			s.load(best)
			for range max(2, n/10) {
				s.kick(rng)
			}
			s.improve()
		}
		s.iterate(ctx, rng, e.kicks/rounds, time.Time{})
		if s.cost < bestCost-s.eps {
			copy(best, s.tour)
			bestCost = s.cost
		}
	}
	out := toInts(best)
	if budget > 0 && n >= 8 {
		out, bestCost = longSearch(ctx, t, best, budget)
	}
	ident := make([]int, n)
	for i := range ident {
		ident[i] = i
	}
	if t.cycleCost(ident) < bestCost-s.eps {
		return ident
	}
	return out
}

// effort sets how hard the heuristic searches.
type effort struct {
	neighbours int // length of the neighbour lists
	kicks      int // kicks of the iterated local search, all rounds together
	run        int // longest run a kick moves
	global     int // one kick in global (on average) moves runs of up to n/3 stops; 0: none
}

// defaultEffort is the effort of a request for n stops.
func defaultEffort(n int) effort {
	return effort{neighbours: neighbours, kicks: max(kicksPerStop*n, minKicks), run: kickRun, global: globalEvery}
}

// longSearch searches from the cycle start until budget has passed, in
// rounds of iterated local search with longer neighbour lists, ten times
// the default kicks and new random seeds, each round from the best cycle
// so far, from a disturbed copy of it, or from a random cycle (an
// independent search); it returns the best cycle and its cost.
func longSearch(ctx context.Context, t *costTable, start []int32, budget time.Duration) ([]int, float64) {
	n := t.n
	e := defaultEffort(n)
	e.neighbours, e.kicks = longNeighbours, longRoundKicks*e.kicks
	s := newSolver(t, e.neighbours)
	s.kickRun, s.kickGlobal = e.run, e.global
	best := append([]int32(nil), start...)
	s.load(best)
	bestCost := s.cost
	deadline := time.Now().Add(budget)
	for round := uint64(1); time.Now().Before(deadline) && ctx.Err() == nil; round++ {
		rng := rand.New(rand.NewPCG(uint64(n), round))
		switch round % 3 {
		case 0: // continue from the best
			s.load(best)
			s.pushAll()
		case 1: // from a disturbed copy of the best, to leave its basin
			s.load(best)
			for range max(n/10, 2) {
				s.kick(rng)
			}
		case 2: // from a random cycle: an independent search
			for i, v := range rng.Perm(n) {
				s.tour[i] = int32(v)
			}
			s.reindex()
			s.pushAll()
		}
		s.improve()
		s.iterate(ctx, rng, e.kicks, deadline)
		if s.cost < bestCost-s.eps {
			copy(best, s.tour)
			bestCost = s.cost
		}
	}
	return toInts(best), bestCost
}

// iterate runs the iterated local search from the current cycle (which
// must be locally optimal) for the given number of kicks, stopping early at
// deadline (when not zero) or when ctx is done, and leaves the best cycle
// found.
func (s *solver) iterate(ctx context.Context, rng *rand.Rand, kicks int, deadline time.Time) {
	cur := make([]int32, s.n)
	copy(cur, s.tour)
	curCost := s.cost
	for r := 0; r < kicks; r++ {
		if r%32 == 0 && (ctx.Err() != nil || !deadline.IsZero() && time.Now().After(deadline)) {
			break
		}
		s.kick(rng)
		s.improve()
		if s.cost <= curCost+s.eps {
			copy(cur, s.tour)
			curCost = s.cost
		} else {
			s.load(cur)
		}
	}
}

// kick reorders three random neighbouring runs of 1..kickRun stops (up to
// n/3 for one kick in kickGlobal) from B C D to D C B, keeping each run's
// direction: four edges change, so no single move of the local search
// undoes it (a swap of two runs, the classic double bridge, is one or-3opt
// move on an asymmetric table). The stops at the changed edges become
// active, and so does an open trip's fixed stop, whose every reversal the
// local search then tries (which is how an open trip changes its end).
func (s *solver) kick(rng *rand.Rand) {
	l := max(1, min(s.kickRun, (s.n-1)/3))
	if s.kickGlobal > 0 && rng.IntN(s.kickGlobal) == 0 {
		l = max(1, (s.n-1)/3)
	}
	p := rng.IntN(s.n)
	q := p + 1 + rng.IntN(l)
	r := q + 1 + rng.IntN(l)
	e := r + 1 + rng.IntN(l)
	p, q, r, e = s.wrap(p), s.wrap(q), s.wrap(r), s.wrap(e)
	t := s.tour
	s.push(t[p], t[s.wrap(p+1)], t[q], t[s.wrap(q+1)], t[r], t[s.wrap(r+1)], t[e], t[s.wrap(e+1)])
	buf := s.appendRange(s.buf[:0], s.wrap(r+1), e, false)
	buf = s.appendRange(buf, s.wrap(q+1), r, false)
	buf = s.appendRange(buf, s.wrap(p+1), q, false)
	buf = s.appendRange(buf, s.wrap(e+1), p, false)
	s.setTour(buf)
	for _, f := range [2]int{s.freeInto, s.freeFrom} {
		if f >= 0 {
			s.push(int32(f))
		}
	}
}

func toInts(c []int32) []int {
	out := make([]int, len(c))
	for i, v := range c {
		out[i] = int(v)
	}
	return out
}

// farthestInsertion builds a cycle by repeatedly taking the stop farthest
// from the partial cycle (largest minimum duration to or from any cycle
// stop) and inserting it where it adds the least duration.
func farthestInsertion(t *costTable) []int {
	n := t.n
	// Start with the pair whose round trip is longest.
	a, b, far := 0, 1, -1.0
	for i := range n {
		for j := i + 1; j < n; j++ {
			if v := t.at(i, j) + t.at(j, i); v > far {
				a, b, far = i, j, v
			}
		}
	}
	cycle := make([]int, 0, n)
	cycle = append(cycle, a, b)
	in := make([]bool, n)
	in[a], in[b] = true, true
	near := make([]float64, n) // min duration between stop and cycle
	for k := range n {
		near[k] = math.Min(math.Min(t.at(a, k), t.at(k, a)), math.Min(t.at(b, k), t.at(k, b)))
	}
	for len(cycle) < n {
		k, kd := -1, -1.0
		for s := range n {
			if !in[s] && near[s] > kd {
				k, kd = s, near[s]
			}
		}
		pos, add := 0, math.Inf(1)
		for p := range cycle {
			u, v := cycle[p], cycle[(p+1)%len(cycle)]
			if c := t.at(u, k) + t.at(k, v) - t.at(u, v); c < add {
				pos, add = p+1, c
			}
		}
		cycle = append(cycle, 0)
		copy(cycle[pos+1:], cycle[pos:])
		cycle[pos] = k
		in[k] = true
		for s := range n {
			if d := math.Min(t.at(k, s), t.at(s, k)); d < near[s] {
				near[s] = d
			}
		}
	}
	return cycle
}
