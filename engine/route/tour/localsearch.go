package tour

// The local search of the heuristic: a cycle kept as an array with the
// position of every stop and prefix sums of its durations in both
// directions, so that every move below is evaluated in O(1) on an
// asymmetric table, including the durations of a reversed segment. A move
// is applied by rewriting the array (O(n), cheap at the sizes served).
// Improvement is driven by a queue of active stops (don't-look bits): a
// stop is examined only when one of its edges changed, and only moves
// adding an edge to one of its nearest successors or predecessors are
// tried.

// solver holds one cycle of a cost table and its scratch space.
type solver struct {
	n   int
	c   []float64 // n×n row-major costs
	eps float64   // smallest improvement that counts, seconds
	// freeInto and freeFrom: see costTable.
	freeInto, freeFrom  int
	kickRun, kickGlobal int       // see kick
	out, in             [][]int32 // neighbour lists: out[a] by c(a,·), in[a] by c(·,a), nearest first

	tour, pos []int32   // tour[k] is the stop at position k; pos its inverse
	fwd, bwd  []float64 // fwd[k] = cost tour[0]→…→tour[k]; bwd[k] = cost tour[k]→…→tour[0]
	cost      float64   // cost of the closed cycle

	queue  []int32 // ring of active stops
	qhead  int
	qlen   int
	queued []bool
	buf    []int32
}

// newSolver prepares a solver for t with neighbour lists of k stops.
func newSolver(t *costTable, k int) *solver {
	n := t.n
	k = min(k, n-1)
	s := &solver{n: n, c: t.c, freeInto: t.freeInto, freeFrom: t.freeFrom,
		tour: make([]int32, n), pos: make([]int32, n), fwd: make([]float64, n), bwd: make([]float64, n),
		queue: make([]int32, n), queued: make([]bool, n), buf: make([]int32, 0, n)}
	var sum float64
	for _, v := range t.c {
		sum += v
	}
	s.eps = 1e-12*sum + 1e-9
	// Lists hold the k nearest real edges, plus the edge the rewrite made
	// free or forbidden (moves through it choose where an open trip ends).
	s.out, s.in = make([][]int32, n), make([][]int32, n)
	lists := make([]int32, 2*n*(k+1))
	for a := range n {
		real := func(from, to int) bool { return from != t.fromFixed && to != t.intoFixed }
		s.out[a] = nearest(lists[:0:k+1], k, a, n, func(b int) (float64, bool) { return t.c[a*n+b], real(a, b) })
		if b := t.intoFixed; b >= 0 && b != a {
			s.out[a] = insertSorted(s.out[a], int32(b), func(x int32) float64 { return t.c[a*n+int(x)] })
		}
		s.in[a] = nearest(lists[k+1:k+1:2*k+2], k, a, n, func(b int) (float64, bool) { return t.c[b*n+a], real(b, a) })
		if b := t.fromFixed; b >= 0 && b != a {
			s.in[a] = insertSorted(s.in[a], int32(b), func(x int32) float64 { return t.c[int(x)*n+a] })
		}
		lists = lists[2*k+2:]
	}
	return s
}

// insertSorted inserts b into the list kept sorted by cost.
func insertSorted(list []int32, b int32, cost func(int32) float64) []int32 {
	list = append(list, b)
	for i := len(list) - 1; i > 0 && cost(list[i-1]) > cost(b); i-- {
		list[i], list[i-1] = list[i-1], list[i]
	}
	return list
}

// nearest fills dst with the k stops b other than a of least cost(b),
// cheapest first (ties: lower index first), among those where cost reports
// a real edge.
func nearest(dst []int32, k, a, n int, cost func(b int) (float64, bool)) []int32 {
	at := func(b int32) float64 { v, _ := cost(int(b)); return v }
	for b := range n {
		v, ok := cost(b)
		if b == a || !ok || len(dst) == k && v >= at(dst[k-1]) {
			continue
		}
		if len(dst) < k {
			dst = append(dst, 0)
		}
		i := len(dst) - 1
		for ; i > 0 && at(dst[i-1]) > v; i-- {
			dst[i] = dst[i-1]
		}
		dst[i] = int32(b)
	}
	return dst
}

func (s *solver) at(a, b int32) float64 { return s.c[int(a)*s.n+int(b)] }

// load makes cyc the current cycle.
func (s *solver) load(cyc []int32) {
	copy(s.tour, cyc)
	s.reindex()
}

// reindex recomputes positions, prefix sums and the cost from s.tour.
func (s *solver) reindex() {
	n, t := s.n, s.tour
	s.pos[t[0]] = 0
	for k := 1; k < n; k++ {
		a, b := t[k-1], t[k]
		s.pos[b] = int32(k)
		s.fwd[k] = s.fwd[k-1] + s.at(a, b)
		s.bwd[k] = s.bwd[k-1] + s.at(b, a)
	}
	s.cost = s.fwd[n-1] + s.at(t[n-1], t[0])
}

// wrap reduces a position modulo n (for positions in [-n, 2n)).
func (s *solver) wrap(i int) int {
	switch {
	case i >= s.n:
		return i - s.n
	case i < 0:
		return i + s.n
	}
	return i
}

// rel is the number of steps forward from position from to stop x.
func (s *solver) rel(from int, x int32) int { return s.wrap(int(s.pos[x]) - from) }

// segFwd is the cost of walking positions i..j forward (cyclic).
func (s *solver) segFwd(i, j int) float64 {
	if i <= j {
		return s.fwd[j] - s.fwd[i]
	}
	n := s.n
	return s.fwd[n-1] - s.fwd[i] + s.at(s.tour[n-1], s.tour[0]) + s.fwd[j]
}

// segBwd is the cost of walking positions j..i backwards (cyclic).
func (s *solver) segBwd(i, j int) float64 {
	if i <= j {
		return s.bwd[j] - s.bwd[i]
	}
	n := s.n
	return s.bwd[n-1] - s.bwd[i] + s.at(s.tour[0], s.tour[n-1]) + s.bwd[j]
}

// push marks stops active.
func (s *solver) push(stops ...int32) {
	for _, a := range stops {
		if s.queued[a] {
			continue
		}
		s.queued[a] = true
		s.queue[s.wrap(s.qhead+s.qlen)] = a
		s.qlen++
	}
}

func (s *solver) pop() int32 {
	a := s.queue[s.qhead]
	s.qhead = s.wrap(s.qhead + 1)
	s.qlen--
	s.queued[a] = false
	return a
}

// pushAll marks every stop active.
func (s *solver) pushAll() {
	for a := range s.n {
		s.push(int32(a))
	}
}

// Move kinds.
const (
	moveNone    = iota
	moveReverse // reverse positions i..j
	moveOr      // move positions i..j after position k, reversed if rev
	moveSwap    // swap the segments after positions i, j and k (or-3opt)
)

// move is an improving change of the cycle, by positions.
type move struct {
	kind    int
	delta   float64
	i, j, k int
	rev     bool
}

func (m *move) offer(delta float64, kind, i, j, k int, rev bool) {
	if delta < m.delta {
		*m = move{kind: kind, delta: delta, i: i, j: j, k: k, rev: rev}
	}
}

// improve applies improving moves around the active stops until none is
// left active.
func (s *solver) improve() {
	if s.n < 5 {
		s.qlen, s.qhead = 0, 0
		clear(s.queued)
		return
	}
	for s.qlen > 0 {
		a := s.pop()
		m := move{delta: -s.eps}
		s.tryReverse(a, &m)
		s.tryOr(a, &m)
		s.trySwap(a, &m)
		if m.kind != moveNone {
			s.apply(m)
			s.push(a)
		}
	}
}

// tryReverse offers 2-opt moves adding an edge from a to one of its near
// successors or into a from one of its near predecessors. Reversing
// positions i..j replaces u→tour[i] and tour[j]→v by u→tour[j] and
// tour[i]→v and walks the segment backwards.
func (s *solver) tryReverse(a int32, m *move) {
	n, p := s.n, int(s.pos[a])
	eval := func(i, j int) {
		if l := s.wrap(j-i) + 1; l < 2 || l > n-2 {
			return
		}
		u, v := s.tour[s.wrap(i-1)], s.tour[s.wrap(j+1)]
		x, y := s.tour[i], s.tour[j]
		d := s.at(u, y) + s.segBwd(i, j) + s.at(x, v) - s.at(u, x) - s.segFwd(i, j) - s.at(y, v)
		m.offer(d, moveReverse, i, j, 0, false)
	}
	next := s.tour[s.wrap(p+1)]
	for _, e := range s.out[a] {
		if s.at(a, e) >= s.at(a, next) {
			break
		}
		eval(s.wrap(p+1), int(s.pos[e]))
	}
	prev := s.tour[s.wrap(p-1)]
	for _, x := range s.in[a] {
		if s.at(x, a) >= s.at(prev, a) {
			break
		}
		eval(int(s.pos[x]), s.wrap(p-1))
	}
	// Into a stop whose column the rewrite zeroed (an open trip's fixed
	// start), every edge is free: reversing any run that ends there picks
	// another last stop; try them all. Likewise out of a fixed end.
	switch int(a) {
	case s.freeInto:
		for i := range n {
			eval(i, s.wrap(p-1))
		}
	case s.freeFrom:
		for j := range n {
			eval(s.wrap(p+1), j)
		}
	}
}

// tryOr offers moves of a alone to another edge, and of a run of 2..3
// stops that begins or ends at a to another edge, reversed (the run moved
// forward is a swap, see trySwap). The new edge at a goes to one of a's
// near successors or comes from a near predecessor, and must be shorter
// than what removing the run saves (the gain criterion of Lin-Kernighan).
func (s *solver) tryOr(a int32, m *move) {
	n, p, c := s.n, int(s.pos[a]), s.c
	prev, next := s.tour[s.wrap(p-1)], s.tour[s.wrap(p+1)]
	rowA := c[int(a)*n : int(a)*n+n]
	gain := c[int(prev)*n+int(a)] + rowA[next] - c[int(prev)*n+int(next)]
	// insert puts the run i..j (s0..sl) between x and its successor,
	// reversed if rev, given the run's removal gain and inner costs.
	insert := func(x int32, i, j int, s0, sl int32, gain, inner, innerRev float64, rev bool) {
		if r := s.rel(i, x); r < s.wrap(j-i)+1 || r > n-2 {
			return
		}
		k := int(s.pos[x])
		y := s.tour[s.wrap(k+1)]
		rowX := c[int(x)*n : int(x)*n+n]
		if rev {
			m.offer(rowX[sl]+innerRev+c[int(s0)*n+int(y)]-rowX[y]-gain-inner, moveOr, i, j, k, true)
		} else {
			m.offer(rowX[s0]+c[int(sl)*n+int(y)]-rowX[y]-gain, moveOr, i, j, k, false)
		}
	}
	if n >= 5 {
		for _, x := range s.in[a] {
			if c[int(x)*n+int(a)] >= gain {
				break
			}
			insert(x, p, p, a, a, gain, 0, 0, false)
		}
		for _, y := range s.out[a] {
			if rowA[y] >= gain {
				break
			}
			insert(s.tour[s.wrap(int(s.pos[y])-1)], p, p, a, a, gain, 0, 0, false)
		}
	}
	for l := 2; l <= 3 && l <= n-4; l++ {
		for _, first := range [2]int{p, p - l + 1} {
			i, j := s.wrap(first), s.wrap(first+l-1)
			s0, sl := s.tour[i], s.tour[j]
			before, after := s.tour[s.wrap(i-1)], s.tour[s.wrap(j+1)]
			inner, innerRev := s.segFwd(i, j), s.segBwd(i, j)
			g := c[int(before)*n+int(s0)] + c[int(sl)*n+int(after)] - c[int(before)*n+int(after)]
			if s0 == a { // reversed, a is the run's new last stop: a→y
				for _, y := range s.out[a] {
					if rowA[y]+innerRev-inner >= g {
						break
					}
					insert(s.tour[s.wrap(int(s.pos[y])-1)], i, j, s0, sl, g, inner, innerRev, true)
				}
			} else { // reversed, a is the run's new first stop: x→a
				for _, x := range s.in[a] {
					if c[int(x)*n+int(a)]+innerRev-inner >= g {
						break
					}
					insert(x, i, j, s0, sl, g, inner, innerRev, true)
				}
			}
		}
	}
}

// trySwap offers or-3opt moves with a as the first stop: the edges a→a1,
// b→b1 and c→c1 (in cycle order) become a→b1, c→a1 and b→c1, which swaps
// the runs a1..b and b1..c without reversing either (it includes moving
// any run forward to another edge). b1 is a near successor of a; c is a
// near predecessor of a1, or c1 a near successor of b; each partial gain
// must stay positive.
func (s *solver) trySwap(a int32, m *move) {
	n, p, c := s.n, int(s.pos[a]), s.c
	a1 := s.tour[s.wrap(p+1)]
	rowA := c[int(a)*n : int(a)*n+n]
	out := rowA[a1]
	for _, b1 := range s.out[a] {
		g1 := out - rowA[b1]
		if g1 <= 0 {
			break
		}
		rb1 := s.rel(p, b1)
		if rb1 < 2 {
			continue
		}
		pb := s.wrap(p + rb1 - 1)
		b := s.tour[pb]
		rowB := c[int(b)*n : int(b)*n+n]
		g1 += rowB[b1]
		for _, x := range s.in[a1] {
			g2 := g1 - c[int(x)*n+int(a1)]
			if g2 <= 0 {
				break
			}
			if s.rel(p, x) < rb1 {
				continue
			}
			pc := int(s.pos[x])
			x1 := s.tour[s.wrap(pc+1)]
			m.offer(rowB[x1]-c[int(x)*n+int(x1)]-g2, moveSwap, p, pb, pc, false)
		}
		for _, x1 := range s.out[b] {
			g2 := g1 - rowB[x1]
			if g2 <= 0 {
				break
			}
			r := s.rel(p, x1)
			if r == 0 {
				r = n
			}
			if r <= rb1 {
				continue
			}
			pc := s.wrap(p + r - 1)
			x := s.tour[pc]
			m.offer(c[int(x)*n+int(a1)]-c[int(x)*n+int(x1)]-g2, moveSwap, p, pb, pc, false)
		}
	}
}

// apply performs m and marks the stops at the changed edges active.
func (s *solver) apply(m move) {
	t := s.tour
	switch m.kind {
	case moveReverse:
		s.push(t[s.wrap(m.i-1)], t[m.i], t[m.j], t[s.wrap(m.j+1)])
		l := s.wrap(m.j-m.i) + 1
		for k := 0; k < l/2; k++ {
			x, y := s.wrap(m.i+k), s.wrap(m.j-k)
			t[x], t[y] = t[y], t[x]
		}
		s.reindex()
	case moveOr:
		s.push(t[s.wrap(m.i-1)], t[m.i], t[m.j], t[s.wrap(m.j+1)], t[m.k], t[s.wrap(m.k+1)])
		buf := s.appendRange(s.buf[:0], s.wrap(m.j+1), m.k, false)
		buf = s.appendRange(buf, m.i, m.j, m.rev)
		buf = s.appendRange(buf, s.wrap(m.k+1), s.wrap(m.i-1), false)
		s.setTour(buf)
	case moveSwap:
		s.swap(m.i, m.j, m.k)
	}
}

// swap rewrites the cycle so that the runs after positions i, j and k
// (cyclic order i < j < k) become b1..c, a1..b, c1..a, with a, b, c the
// stops at i, j, k, and marks the six stops at the changed edges active.
func (s *solver) swap(i, j, k int) {
	t := s.tour
	s.push(t[i], t[s.wrap(i+1)], t[j], t[s.wrap(j+1)], t[k], t[s.wrap(k+1)])
	buf := s.appendRange(s.buf[:0], s.wrap(j+1), k, false)
	buf = s.appendRange(buf, s.wrap(i+1), j, false)
	buf = s.appendRange(buf, s.wrap(k+1), i, false)
	s.setTour(buf)
}

// appendRange appends the stops at positions i..j (cyclic, inclusive),
// backwards if rev.
func (s *solver) appendRange(buf []int32, i, j int, rev bool) []int32 {
	l := s.wrap(j-i) + 1
	if rev {
		for k := 0; k < l; k++ {
			buf = append(buf, s.tour[s.wrap(j-k)])
		}
		return buf
	}
	if i <= j {
		return append(buf, s.tour[i:j+1]...)
	}
	buf = append(buf, s.tour[i:]...)
	return append(buf, s.tour[:j+1]...)
}

// setTour makes buf (a permutation of the stops) the cycle.
func (s *solver) setTour(buf []int32) {
	copy(s.tour, buf)
	s.buf = buf
	s.reindex()
}
