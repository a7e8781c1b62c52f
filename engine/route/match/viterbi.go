package match

import (
	"math"
	"sort"

	"waymark/engine/sphere"
)

// sigmaOf returns the σ in meters of a point.
func sigmaOf(p Point) float64 {
	s := p.Sigma
	if s <= 0 {
		s = DefaultSigma
	}
	return math.Max(s, MinSigma)
}

// emission is the log emission probability of a candidate (constant
// terms dropped: they are equal for all candidates of a point).
func emission(c Candidate, sigma float64) float64 {
	z := c.Distance / sigma
	return -0.5 * z * z
}

// matcher holds the Viterbi state of one Match call.
type matcher struct {
	pts   []Point
	cands [][]Candidate
	dist  DistanceFunc
	opt   Options

	// Per point and candidate: Viterbi score, back pointer and route
	// meters of the best transition into the state; flat, point i's
	// candidates at off[i]..off[i+1].
	off   []int
	score []float64
	back  []int32
	tdist []float64

	prev    []int32   // per point: previous point of its chain, or -1
	gc      []float64 // per point: great-circle meters from prev
	thinned []bool    // per point: left out of the HMM as too close
	anchor  []int32   // per thinned point: the chain point before it
	isWay   []bool    // per point: a requested waypoint

	subs []span // chains: first and last point
	buf  []float64
	idx  []int
	from []int // sources of the current step

	stepCost float64   // transition cost into the best state of the last step
	save     []float64 // scratch of skipBetter
	saveBack []int32
}

type span struct{ first, last int }

func newMatcher(points []Point, cands [][]Candidate, dist DistanceFunc, opt Options) *matcher {
	n := len(points)
	m := &matcher{pts: points, cands: cands, dist: dist, opt: opt,
		off: make([]int, n+1), prev: make([]int32, n), gc: make([]float64, n),
		thinned: make([]bool, n), anchor: make([]int32, n), isWay: make([]bool, n)}
	for i, c := range cands {
		m.off[i+1] = m.off[i] + len(c)
	}
	m.score = make([]float64, m.off[n])
	m.back = make([]int32, m.off[n])
	m.tdist = make([]float64, m.off[n])
	for i := range m.prev {
		m.prev[i] = -1
	}
	for _, w := range opt.Waypoints {
		m.isWay[w] = true
	}
	return m
}

// all returns the indices 0..n-1 (shared; do not modify).
func (m *matcher) all(n int) []int {
	for len(m.idx) < n {
		m.idx = append(m.idx, len(m.idx))
	}
	return m.idx[:n]
}

// usable reports whether point i takes part in the matching.
func (m *matcher) usable(i int) bool {
	return len(m.cands[i]) > 0 && (m.opt.Skip == nil || !m.opt.Skip[i])
}

// start seeds point i as the first of a chain with its emission scores.
func (m *matcher) start(i int) {
	sig := sigmaOf(m.pts[i])
	for k, c := range m.cands[i] {
		m.score[m.off[i]+k] = emission(c, sig)
		m.back[m.off[i]+k] = -1
	}
	m.prev[i] = -1
	m.thinned[i] = false
}

// transitionCost is minus the log transition probability of a route of d
// meters between fixes gc meters apart: (d − gc)/β for routes longer than
// the fixes' distance, while a route shorter than it is free up to slack
// meters — GPS noise lengthens the distance between fixes more often than
// it shortens it (dense traces), and only a longer route is a detour.
func transitionCost(d, gc, slack float64) float64 {
	if d >= gc {
		return (d - gc) / Beta
	}
	return math.Max(0, gc-d-slack) / Beta
}

// maxDistance bounds the route searched between points a and b.
// Without timestamps it allows generous detours; with them (and
// Options.MaxSpeed) nothing faster than MaxSpeed over the time elapsed,
// plus the two search radii, so a jittery fix cannot buy a loop.
func (m *matcher) maxDistance(a, b int, gc float64) float64 {
	radii := SearchRadius(m.pts[a].Sigma) + SearchRadius(m.pts[b].Sigma)
	d := 2*gc + 2*radii + 150
	if m.opt.Timestamps && m.opt.MaxSpeed > 0 {
		dt := math.Abs(float64(m.pts[b].Time - m.pts[a].Time))
		d = math.Min(d, math.Max(gc, dt*m.opt.MaxSpeed)+radii)
	}
	return d
}

// distances fills and returns the route meters between the candidates ca
// of point a and cb of point b (indices).
func (m *matcher) distances(a, b int, ca, cb []int, gc float64) []float64 {
	need := len(ca) * len(cb)
	if cap(m.buf) < need {
		m.buf = make([]float64, need)
	}
	out := m.buf[:need]
	for i := range out {
		out[i] = math.Inf(1)
	}
	m.dist(a, b, ca, cb, m.maxDistance(a, b, gc), out)
	return out
}

// step extends the chain ending at point a to point b. It reports false
// when no candidate of b is reachable, leaving b's state undefined.
func (m *matcher) step(a, b int) bool {
	ca, cb := m.cands[a], m.cands[b]
	gc := sphere.Distance(m.pts[a].Location, m.pts[b].Location)
	// Sources: the states of a that can still win.
	top := math.Inf(-1)
	for i := range ca {
		top = math.Max(top, m.score[m.off[a]+i])
	}
	m.from = m.from[:0]
	for i := range ca {
		if s := m.score[m.off[a]+i]; !math.IsInf(s, -1) && s >= top-PruneLog {
			m.from = append(m.from, i)
		}
	}
	if len(m.from) == 0 {
		return false
	}
	out := m.distances(a, b, m.from, m.all(len(cb)), gc)
	sig := sigmaOf(m.pts[b])
	slack := ShortSlackSigmas * math.Hypot(sigmaOf(m.pts[a]), sig)
	ok := false
	bestAll, bestTC := math.Inf(-1), 0.0
	for j, c := range cb {
		best, arg, argRow := math.Inf(-1), int32(-1), 0
		for r, i := range m.from {
			s := m.score[m.off[a]+i]
			d := out[r*len(cb)+j]
			if math.IsInf(s, -1) || math.IsInf(d, 1) || math.IsNaN(d) {
				continue
			}
			if v := s - transitionCost(d, gc, slack); v > best {
				best, arg, argRow = v, int32(i), r
			}
		}
		if arg >= 0 {
			best += emission(c, sig)
			ok = true
			d := out[int(argRow)*len(cb)+j]
			m.tdist[m.off[b]+j] = d
			if best > bestAll {
				bestAll, bestTC = best, transitionCost(d, gc, slack)
			}
		}
		m.score[m.off[b]+j] = best
		m.back[m.off[b]+j] = arg
	}
	m.stepCost = bestTC
	if ok {
		m.prev[b] = int32(a)
		m.gc[b] = gc
		m.thinned[b] = false
	}
	return ok
}

// thin reports whether point j, within ThinSigmas·σ of the chain's last
// point, should be left out of the HMM (Newson & Krumm's pre-filter for
// dense traces); such points are placed afterwards (place).
func (m *matcher) thin(last, j, lastUsable int) bool {
	if j == lastUsable || m.isWay[j] {
		return false
	}
	return sphere.Distance(m.pts[last].Location, m.pts[j].Location) < ThinSigmas*sigmaOf(m.pts[j])
}

// run decodes the whole trace into chains (sub-matchings).
func (m *matcher) run() {
	n := len(m.pts)
	lastUsable := -1
	for i := n - 1; i >= 0; i-- {
		if m.usable(i) {
			lastUsable = i
			break
		}
	}
	i := 0
	for i < n {
		for i < n && !m.usable(i) {
			i++
		}
		if i >= n {
			return
		}
		first := i
		m.start(first)
		last := first
		broken := 0
		j := first + 1
		for ; j < n; j++ {
			m.thinned[j] = false
			if !m.usable(j) {
				continue
			}
			if m.gapSplit(last, j) {
				break
			}
			if broken == 0 && m.thin(last, j, lastUsable) {
				m.thinned[j], m.anchor[j] = true, int32(last)
				continue
			}
			if m.step(last, j) {
				if m.stepCost > SuspectCost {
					if k := m.nextUsable(j); k >= 0 && !m.gapSplit(last, k) {
						if skip, ok := m.skipBetter(last, j, k); ok {
							if skip {
								m.thinned[j] = false
								m.prev[j] = -1
							}
							last, broken, j = k, 0, k
							continue
						}
					}
				}
				last, broken = j, 0
				continue
			}
			if broken == 0 {
				if k, ok := m.recoverBreak(last, j); ok {
					last, j = k, k
					continue
				}
			}
			broken++
			if broken > MaxBrokenPoints {
				break
			}
		}
		m.subs = append(m.subs, span{first, last})
		if j >= n && broken == 0 {
			return
		}
		// Restart right after the chain's last good point: the skipped
		// points get their own chance to start the next sub-matching.
		i = last + 1
	}
}

// recoverBreak handles a point j that the chain's last point cannot
// reach: either j is an outlier, or last is (the chain took a wrong road
// that leads nowhere). With k the next usable point it compares chaining
// last→k (dropping j) with prev(last)→j→k (dropping last), each at the
// price of OutlierCost, and continues the chain at k on the better one.
// ok is false when neither works (the caller counts j as broken).
func (m *matcher) recoverBreak(last, j int) (int, bool) {
	p := int(m.prev[last])
	k := m.nextUsable(j)
	if p < 0 || k < 0 || m.gapSplit(p, j) || m.gapSplit(j, k) || !m.step(p, j) {
		return 0, false
	}
	lo, hi := m.off[k], m.off[k+1]
	best := func() float64 {
		b := math.Inf(-1)
		for _, v := range m.score[lo:hi] {
			b = math.Max(b, v)
		}
		return b
	}
	okJ := m.step(j, k)
	viaJ := best()
	m.save = append(m.save[:0], m.score[lo:hi]...)
	m.saveBack = append(m.saveBack[:0], m.back[lo:hi]...)
	saveT := append([]float64(nil), m.tdist[lo:hi]...)
	saveGC := m.gc[k]
	okLast := m.step(last, k)
	if okLast && (!okJ || best() >= viaJ) {
		m.prev[j] = -1 // j is the outlier
		return k, true
	}
	if !okJ {
		return 0, false
	}
	copy(m.score[lo:hi], m.save)
	copy(m.back[lo:hi], m.saveBack)
	copy(m.tdist[lo:hi], saveT)
	m.prev[k], m.gc[k] = int32(j), saveGC
	return k, true
}

// gapSplit reports whether a time gap between points a and b splits the trace.
func (m *matcher) gapSplit(a, b int) bool {
	return m.opt.Timestamps && m.opt.SplitGaps && m.pts[b].Time-m.pts[a].Time > GapSeconds
}

// nextUsable returns the first usable point after j, or -1.
func (m *matcher) nextUsable(j int) int {
	for k := j + 1; k < len(m.pts); k++ {
		if m.usable(k) {
			return k
		}
	}
	return -1
}

// skipBetter decides whether point j, reached from a only by a costly
// transition, is an outlier: it compares reaching k through j with
// reaching k straight from a at the price of OutlierCost; when j does not
// reach k at all but a does, j is the outlier. Either way k's state is
// left set (through the better option) and ok is true; ok is false when
// neither reaches k, leaving the chain at j.
func (m *matcher) skipBetter(a, j, k int) (skip, ok bool) {
	lo, hi := m.off[k], m.off[k+1]
	if !m.step(j, k) {
		// k is out of j's reach: j is the outlier if a reaches k.
		if m.step(a, k) {
			return true, true
		}
		return false, false
	}
	bestJ := math.Inf(-1)
	for _, v := range m.score[lo:hi] {
		bestJ = math.Max(bestJ, v)
	}
	m.save = append(m.save[:0], m.score[lo:hi]...)
	m.saveBack = append(m.saveBack[:0], m.back[lo:hi]...)
	saveT := append([]float64(nil), m.tdist[lo:hi]...)
	saveGC := m.gc[k]
	if m.step(a, k) {
		bestA := math.Inf(-1)
		for _, v := range m.score[lo:hi] {
			bestA = math.Max(bestA, v)
		}
		if bestA-OutlierCost > bestJ {
			return true, true
		}
	}
	copy(m.score[lo:hi], m.save)
	copy(m.back[lo:hi], m.saveBack)
	copy(m.tdist[lo:hi], saveT)
	m.prev[k], m.gc[k] = int32(j), saveGC
	return false, true
}

// result backtracks every chain, places its thinned points and assembles
// the Result.
func (m *matcher) result() Result {
	n := len(m.pts)
	res := Result{Tracepoints: make([]Tracepoint, n)}
	chosen := make([]int, n) // candidate per chain point, -1 elsewhere
	for i := range chosen {
		chosen[i] = -1
	}
	for _, sp := range m.subs {
		var chain []int // last to first
		for p := sp.last; p >= 0; p = int(m.prev[p]) {
			chain = append(chain, p)
			if p == sp.first {
				break
			}
		}
		if len(chain) < 2 {
			continue
		}
		last := chain[0]
		bk, bv := 0, math.Inf(-1)
		for k := range m.cands[last] {
			if v := m.score[m.off[last]+k]; v > bv {
				bk, bv = k, v
			}
		}
		if math.IsInf(bv, -1) {
			continue
		}
		for c, k := 0, bk; c < len(chain); c++ {
			chosen[chain[c]] = k
			k = int(m.back[m.off[chain[c]]+k])
		}
		slicesReverse(chain)
		points := append([]int(nil), chain...)
		// Thinned points anchored in this chain, in trace order, each
		// placed after the previous matched point (chain or placed) so
		// that consecutive legs stay consistent.
		next := 0 // index in chain of the first point after p
		prevM := -1
		for p := sp.first; p < n; p++ {
			if p > sp.last && !m.thinned[p] {
				break
			}
			for next < len(chain) && chain[next] <= p {
				next++
			}
			if chosen[p] >= 0 && !m.thinned[p] {
				prevM = p // a chain point
				continue
			}
			if !m.thinned[p] || prevM < 0 || chosen[m.anchor[p]] < 0 || int(m.anchor[p]) < sp.first || int(m.anchor[p]) > sp.last {
				continue
			}
			b := -1
			if next < len(chain) {
				b = chain[next]
			}
			if k := m.place(p, prevM, b, chosen); k >= 0 {
				chosen[p] = k
				points = append(points, p)
				prevM = p
			}
		}
		sort.Ints(points)
		mt := Matching{Points: points, Candidates: make([]int, len(points)), Alternatives: make([]int, len(points))}
		for k, p := range points {
			mt.Candidates[k] = chosen[p]
			if !m.thinned[p] {
				mt.Alternatives[k] = m.alternatives(p, chosen[p])
			}
		}
		mt.Confidence = m.confidence(chain, chosen, len(points))
		idx := len(res.Matchings)
		res.Matchings = append(res.Matchings, mt)
		for pos, p := range mt.Points {
			res.Tracepoints[p] = Tracepoint{Matched: true, Matching: idx, Index: pos, Candidate: mt.Candidates[pos]}
		}
	}
	return res
}

func slicesReverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// place chooses the candidate of thinned point p between the previous
// matched point a and the next chain point b (b < 0 at the end of a chain): the best emission plus transition
// score of the detour a→p→b against a→b. It returns -1 (unmatched) when
// no candidate fits without a detour longer than
// PlaceMaxDetourSigmas·σ + PlaceMaxDetourMeters: such a point is noise,
// not a loop the vehicle drove.
func (m *matcher) place(p, a, b int, chosen []int) int {
	cp := m.cands[p]
	all := m.all(len(cp))
	gcAP := sphere.Distance(m.pts[a].Location, m.pts[p].Location)
	dA := append([]float64(nil), m.distances(a, p, []int{chosen[a]}, all, gcAP)...)
	var dB []float64
	var dAB float64
	if b >= 0 {
		dB = m.distances(p, b, all, []int{chosen[b]}, sphere.Distance(m.pts[p].Location, m.pts[b].Location))
		if int(m.prev[b]) == a {
			dAB = m.tdist[m.off[b]+chosen[b]]
		} else {
			dB = append([]float64(nil), dB...)
			dAB = m.distances(a, b, []int{chosen[a]}, []int{chosen[b]}, sphere.Distance(m.pts[a].Location, m.pts[b].Location))[0]
		}
	}
	sig := sigmaOf(m.pts[p])
	best, arg := math.Inf(-1), -1
	for k, c := range cp {
		var t float64
		if b >= 0 {
			t = math.Abs(dA[k] + dB[k] - dAB)
		} else {
			t = math.Abs(dA[k] - gcAP)
		}
		if math.IsInf(t, 0) || math.IsNaN(t) || t > PlaceMaxDetourSigmas*sig+PlaceMaxDetourMeters {
			continue
		}
		if v := emission(c, sig) - t/Beta; v > best {
			best, arg = v, k
		}
	}
	return arg
}

// alternatives counts the road positions of point p other than k's whose
// best state scores within AlternativeLogWindow of k's (twins count once).
func (m *matcher) alternatives(p, k int) int {
	cs := m.cands[p]
	s := m.score[m.off[p]+k]
	ok := func(j int) bool { return m.score[m.off[p]+j] >= s-AlternativeLogWindow }
	cnt := 0
	for j := range cs {
		if j == k || cs[k].Twin == j+1 || !ok(j) {
			continue
		}
		if t := cs[j].Twin - 1; t >= 0 && t < j && t != k && ok(t) {
			continue // its twin was counted: one road position
		}
		cnt++
	}
	return cnt
}

// confidence implements the formula of the package comment over the
// chain's HMM steps; matched counts every matched point of the matching.
func (m *matcher) confidence(chain, chosen []int, matched int) float64 {
	first, last := chain[0], chain[len(chain)-1]
	span := 0
	for p := first; p <= last; p++ {
		if m.opt.Skip == nil || !m.opt.Skip[p] {
			span++
		}
	}
	var dev, norm float64
	for _, b := range chain[1:] {
		gc := m.gc[b]
		d := m.tdist[m.off[b]+chosen[b]]
		dev += math.Abs(d - gc)
		norm += gc + 4*sigmaOf(m.pts[b])
	}
	c := math.Min(1, float64(matched)/float64(span))
	if norm > 0 {
		c *= math.Exp(-dev / norm)
	}
	return math.Max(0, math.Min(1, c))
}
