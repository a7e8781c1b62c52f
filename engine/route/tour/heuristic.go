package tour

import (
	"math"
	"math/rand/v2"
	"time"
)

// kickRoundsPerStop and minKickRounds set the number of
// iterated-local-search rounds (per stop, at least minKickRounds); the time
// budget may stop the search earlier.
const (
	kickRoundsPerStop = 4
	minKickRounds     = 200
)

// heuristic returns a good cycle for t: farthest insertion, local search,
// then iterated local search with double-bridge kicks until the rounds or
// the budget run out. The input order, locally improved, is a second start,
// so the result is never worse than the identity cycle.
func heuristic(t *costTable, budget time.Duration) []int {
	deadline := time.Now().Add(budget)
	ls := newLocalSearch(t)

	best := farthestInsertion(t)
	ls.improve(best)
	bestCost := t.cycleCost(best)

	ident := make([]int, t.n)
	for i := range ident {
		ident[i] = i
	}
	ls.improve(ident)
	if c := t.cycleCost(ident); c < bestCost {
		best, bestCost = ident, c
	}

	if t.n < 8 {
		return best
	}
	rng := rand.New(rand.NewPCG(uint64(t.n), 0x9e3779b97f4a7c15))
	cur := make([]int, t.n)
	rounds := max(kickRoundsPerStop*t.n, minKickRounds)
	for r := 0; r < rounds; r++ {
		if r%8 == 0 && time.Now().After(deadline) {
			break
		}
		doubleBridge(best, cur, rng)
		ls.improve(cur)
		if c := t.cycleCost(cur); c < bestCost-1e-9 {
			copy(best, cur)
			bestCost = c
		}
	}
	return best
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

// doubleBridge writes into dst the cycle src cut in four parts A B C D and
// reassembled as A C B D; no part is reversed, which suits asymmetric tables.
func doubleBridge(src, dst []int, rng *rand.Rand) {
	n := len(src)
	p1 := 1 + rng.IntN(n-3)
	p2 := p1 + 1 + rng.IntN(n-p1-2)
	p3 := p2 + 1 + rng.IntN(n-p2-1)
	k := copy(dst, src[:p1])
	k += copy(dst[k:], src[p2:p3])
	k += copy(dst[k:], src[p1:p2])
	copy(dst[k:], src[p3:])
}

// localSearch improves cycles with asymmetric 2-opt and Or-opt moves. It
// keeps its scratch space between calls.
type localSearch struct {
	t        *costTable
	fwd, bwd []float64 // prefix sums of the cycle's durations, both directions
	tmp      []int
}

func newLocalSearch(t *costTable) *localSearch {
	return &localSearch{t: t, fwd: make([]float64, t.n), bwd: make([]float64, t.n), tmp: make([]int, t.n)}
}

const eps = 1e-9

// improve applies improving moves to cyc in place until none is left.
func (ls *localSearch) improve(cyc []int) {
	if len(cyc) < 4 {
		return
	}
	for guard := 0; guard < 10000; guard++ {
		if ls.twoOpt(cyc) {
			continue
		}
		if ls.orOpt(cyc) {
			continue
		}
		return
	}
}

// prefix fills fwd[k] = cost of cyc[0]→…→cyc[k] and bwd[k] = cost of the
// same stops walked backwards, cyc[k]→…→cyc[0].
func (ls *localSearch) prefix(cyc []int) {
	t := ls.t
	ls.fwd[0], ls.bwd[0] = 0, 0
	for k := 1; k < len(cyc); k++ {
		ls.fwd[k] = ls.fwd[k-1] + t.at(cyc[k-1], cyc[k])
		ls.bwd[k] = ls.bwd[k-1] + t.at(cyc[k], cyc[k-1])
	}
}

// twoOpt applies the best move reversing one segment cyc[i..j] (not
// wrapping around position 0), with the segment's inner durations
// re-evaluated in the reversed direction. It reports whether it moved.
func (ls *localSearch) twoOpt(cyc []int) bool {
	t, n := ls.t, len(cyc)
	ls.prefix(cyc)
	bi, bj, bd := -1, -1, -eps
	for i := 0; i < n-1; i++ {
		a := cyc[(i-1+n)%n]
		si := cyc[i]
		for j := i + 1; j < n; j++ {
			if i == 0 && j == n-1 {
				continue
			}
			sj := cyc[j]
			b := cyc[(j+1)%n]
			d := t.at(a, sj) + (ls.bwd[j] - ls.bwd[i]) + t.at(si, b) -
				t.at(a, si) - (ls.fwd[j] - ls.fwd[i]) - t.at(sj, b)
			if d < bd {
				bi, bj, bd = i, j, d
			}
		}
	}
	if bi < 0 {
		return false
	}
	for i, j := bi, bj; i < j; i, j = i+1, j-1 {
		cyc[i], cyc[j] = cyc[j], cyc[i]
	}
	return true
}

// orOpt moves a run of 1..3 consecutive stops (not wrapping around
// position 0) to another edge of the cycle, kept in its direction or
// reversed: the best position for the first run that can improve (first
// improvement keeps the search cheap). It reports whether it moved.
func (ls *localSearch) orOpt(cyc []int) bool {
	t, n := ls.t, len(cyc)
	c, tn := t.c, t.n
	ls.prefix(cyc)
	bestD := -eps
	bi, bl, bp, brev := -1, 0, 0, false
	for l := 1; l <= 3 && l <= n-3 && bi < 0; l++ {
		for i := 0; i+l <= n && bi < 0; i++ {
			s0, sl := cyc[i], cyc[i+l-1]
			prev, next := cyc[(i-1+n)%n], cyc[(i+l)%n]
			removeGain := t.at(prev, s0) + t.at(sl, next) - t.at(prev, next)
			inner := ls.fwd[i+l-1] - ls.fwd[i]
			innerRev := ls.bwd[i+l-1] - ls.bwd[i]
			// Insert between cyc[p] and cyc[p+1], p outside [i-1, i+l-1].
			rowS0 := c[s0*tn : s0*tn+tn]
			rowSl := c[sl*tn : sl*tn+tn]
			for q := 0; q < n-l-1; q++ {
				p := i + l + q
				if p >= n {
					p -= n
				}
				p1 := p + 1
				if p1 == n {
					p1 = 0
				}
				u, v := cyc[p], cyc[p1]
				uRow := c[u*tn : u*tn+tn]
				base := -uRow[v] - removeGain
				if fw := uRow[s0] + rowSl[v] + base; fw < bestD {
					bestD, bi, bl, bp, brev = fw, i, l, p, false
				}
				if l > 1 {
					if rv := uRow[sl] + rowS0[v] + base + innerRev - inner; rv < bestD {
						bestD, bi, bl, bp, brev = rv, i, l, p, true
					}
				}
			}
		}
	}
	if bi < 0 {
		return false
	}
	// Rebuild: the cycle without the run, starting right after it, then
	// the run inserted after stop cyc[bp].
	out := ls.tmp[:0]
	seg := cyc[bi : bi+bl]
	for q := 0; q < n-bl; q++ {
		p := (bi + bl + q) % n
		out = append(out, cyc[p])
		if p == bp {
			if brev {
				for k := len(seg) - 1; k >= 0; k-- {
					out = append(out, seg[k])
				}
			} else {
				out = append(out, seg...)
			}
		}
	}
	copy(cyc, out)
	return true
}
