package complete

// multi.go: queries of several words, with work bounded by the answer
// rather than by how many places share a word.
//
// Visiting every posting of every typed word (search's visit) costs what
// the words' lists cost: on LI ×400 with distinct places "Schaan K"
// visited every house of the 400 Schaans (through their address group)
// and every place with a word starting with "k", 80–130 ms; a later
// word that is a short prefix was looked up per candidate in each of
// its thousands of words' lists. Two things change that:
//
//   - A candidate is checked against a typed word in its own words
//     (docWord: the document's postings sorted by word id, then its
//     address groups), so a typed prefix — a range of word ids — is one
//     binary search, and the groups' grades are worked out once per
//     query (matcher.groups).
//   - Every hit has a word in its name, and the rank table lists each
//     word's name documents in rank order (preferred, importance,
//     number), which is the hits' order once grade and name/address are
//     equal. searchMulti walks those lists grade by grade: a hit with
//     every word in its name is in the lists of the word with the fewest
//     name documents (the driver), one with an address word in any
//     word's; a list ends at the first document whose best possible hit
//     (the pass's grade, all words in the name for the driver, one in the
//     address otherwise) cannot enter the kept hits. "Schaan Ka" stops
//     after the first Schaan Ka… settlements.
//
// The walk gives up after multiBudget documents (few hits among many
// candidates: "Landstrasse 10" where no house is numbered 10, "Vaduz N");
// searchBits then intersects the words' lists as bitsets (a bit a
// document, so a country's candidates stay in the processor's cache),
// cheapest first, while visiting the next word is cheaper than checking
// each candidate left, again grade by grade, and ranks what is left: by
// checking each, or, when many are left, by the walk restricted to them.
// Every candidate is ranked as search ranks it (its best code per word:
// a name match before an address match, then the better grade), and a
// pass ends only when no document left can rank before the kept hits,
// so the answers are search's; TestMultiEqualsVisit compares them on
// random indexes with groups, commas, viewboxes, filters and typos.

import (
	"math"
	"math/bits"
	"slices"
	"sort"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

// matcher answers, for a vocabulary word id, the grade with which a
// typed word matches it: ids in [lo, hi) (a typed prefix's range)
// match as GradePrefix, or GradeExact for exact; others are looked up
// in ids (sorted) and grades.
type matcher struct {
	lo, hi, exact int32
	ids           []int32
	grades        []uint8
	minGrade      uint8
	// groups: the best grade of each address group's words (noGrade
	// when none matches), or nil when no matched word is in a group.
	groups []uint8
}

const noGrade = math.MaxUint8

func (ix *Index) newMatcher(ms []wordMatch) matcher {
	m := matcher{lo: -1, hi: -1, exact: -1, minGrade: noGrade}
	// The exact word and the prefix range come first in matchWord's
	// list, ids ascending by one.
	i := 0
	if len(ms) > 0 && ms[0].grade == GradeExact {
		m.exact = ms[0].id
	}
	for i < len(ms) && (i == 0 && ms[i].grade <= GradePrefix || ms[i].grade == GradePrefix && ms[i].id == ms[i-1].id+1) {
		i++
	}
	if i > 0 {
		m.lo, m.hi = ms[0].id, ms[i-1].id+1
	}
	rest := slices.Clone(ms[i:])
	slices.SortFunc(rest, func(a, b wordMatch) int { return int(a.id) - int(b.id) })
	for _, r := range rest {
		if r.id >= m.lo && r.id < m.hi {
			continue // cannot be: matchWord lists a word once
		}
		m.ids = append(m.ids, r.id)
		m.grades = append(m.grades, r.grade)
	}
	for _, r := range ms {
		m.minGrade = min(m.minGrade, r.grade)
		for _, g := range ix.wg[ix.wgOff[r.id]:ix.wgOff[r.id+1]] {
			if m.groups == nil {
				m.groups = make([]uint8, len(ix.gdOff)-1)
				for i := range m.groups {
					m.groups[i] = noGrade
				}
			}
			m.groups[g] = min(m.groups[g], r.grade)
		}
	}
	return m
}

// grade returns the grade of word id, or noGrade.
func (m *matcher) grade(id int32) uint8 {
	if id >= m.lo && id < m.hi {
		if id == m.exact {
			return GradeExact
		}
		return GradePrefix
	}
	if len(m.ids) == 0 || id < m.ids[0] || id > m.ids[len(m.ids)-1] {
		return noGrade
	}
	if i, ok := slices.BinarySearch(m.ids, id); ok {
		return m.grades[i]
	}
	return noGrade
}

// bestCode returns document d's best match of a typed word, as search
// codes it (addressOnly<<2 | grade, lower is better), or noGrade.
func (ix *Index) bestCode(d uint32, m *matcher) uint8 {
	best := uint8(noGrade)
	list := ix.docWord[ix.docOff[d]:ix.docOff[d+1]]
	// The words before the groups.
	nw := uint32(ix.nWords())
	words := list
	for len(words) > 0 && words[len(words)-1]>>1 >= nw {
		words = words[:len(words)-1]
	}
	if m.lo < m.hi {
		// The range: one binary search in the document's sorted words.
		i := sort.Search(len(words), func(i int) bool { return int32(words[i]>>1) >= m.lo })
		for ; i < len(words) && int32(words[i]>>1) < m.hi; i++ {
			g := uint8(GradePrefix)
			if int32(words[i]>>1) == m.exact {
				g = GradeExact
			}
			best = min(best, uint8(words[i]&1)<<2|g)
		}
		if best == GradeExact {
			return best
		}
	}
	if len(m.ids) > 0 {
		for _, w := range words {
			if g := m.grade(int32(w >> 1)); g != noGrade {
				best = min(best, uint8(w&1)<<2|g)
			}
		}
	}
	if best < 1<<2 || m.groups == nil {
		return best // a name match beats every address match
	}
	for _, w := range list[len(words):] {
		if g := m.groups[w>>1-nw]; g != noGrade {
			best = min(best, 1<<2|g)
		}
	}
	return best
}

// multiState is one searchMulti's matchers, kept hits and visited marks.
type multiState struct {
	ix       *Index
	q        *Query
	ms       []matcher
	order    []int // words by cost, cheapest first (checked in that order)
	s        *scratch
	e        uint32
	top      []Hit
	distOnly bool
	centre   orb.Point
	budget   int // documents left to consider
}

// start takes a scratch and a fresh epoch of its marks.
func (st *multiState) start() {
	st.s = st.ix.scratch()
	if st.s.epoch >= math.MaxUint32-1 {
		clear(st.s.mark)
		st.s.epoch = 0
	}
	st.s.epoch++
	st.e = st.s.epoch
}

// consider ranks document d, once per search, into the kept hits.
func (st *multiState) consider(d uint32) {
	s := st.s
	if s.mark[d] == st.e {
		return
	}
	s.mark[d] = st.e
	ix, q := st.ix, st.q
	if q.considered != nil {
		*q.considered++
	}
	var grade, addrWords, nameWords, misplaced int
	for _, i := range st.order {
		b := ix.bestCode(d, &st.ms[i])
		if b == noGrade {
			return
		}
		grade = max(grade, int(b&3))
		if b>>2 == 1 {
			addrWords++
			if i < q.NameWords {
				misplaced++
			}
		} else {
			nameWords++
		}
	}
	if nameWords == 0 {
		return
	}
	di := int(d)
	h := Hit{Doc: di, Grade: grade, AddressWords: addrWords, Misplaced: misplaced, Importance: float64(ix.imp[d])}
	if q.HasBox {
		pt := orb.Point{float64(ix.lon[d]), float64(ix.lat[d])}
		h.InBox = q.Box.Contains(pt)
		if q.Bounded && !h.InBox {
			return
		}
	}
	if q.Accept != nil && !q.Accept(di) {
		return
	}
	h.Preferred = q.Prefer && ix.preferred(d)
	if q.HasBox {
		h.Distance = sphere.Distance(st.centre, orb.Point{float64(ix.lon[d]), float64(ix.lat[d])})
	}
	st.top = insertTop(st.top, h, q.Limit, st.distOnly)
}

// multiBudget is how many documents searchMulti's walk considers before
// it gives up for search's visit of the postings: a walk that cannot
// stop early (few hits among many candidates, as "landstrasse 10 sc"
// where no name holds every word) checks each candidate in scattered
// memory, slower than visiting the lists in order.
const multiBudget = 1000

// searchMulti is search for a query of several words (see the file's
// comment); sets are the words' matches, none empty. ok is false when
// the walk considered more than budget documents.
func (ix *Index) searchMulti(q *Query, sets [][]wordMatch, budget int) (hits []Hit, ok bool) {
	n := len(sets)
	st := &multiState{ix: ix, q: q, ms: make([]matcher, n), order: make([]int, n),
		distOnly: q.HasBox && q.DistanceOnly, top: make([]Hit, 0, q.Limit), budget: budget}
	if q.HasBox {
		st.centre = q.Box.Center()
	}
	floor := uint8(0) // the best grade any document can have
	for i, set := range sets {
		st.ms[i] = ix.newMatcher(set)
		floor = max(floor, st.ms[i].minGrade)
		st.order[i] = i
	}
	// Words are checked in the order of their name documents, fewest
	// first (the likeliest to reject a candidate).
	names := func(i int, grade uint8) int {
		c := 0
		for _, m := range sets[i] {
			if m.grade <= grade {
				c += int(ix.rankOff[m.id+1] - ix.rankOff[m.id])
			}
		}
		return c
	}
	all := make([]int, n)
	for i := range n {
		all[i] = names(i, GradeTypo)
	}
	sort.SliceStable(st.order, func(a, b int) bool { return all[st.order[a]] < all[st.order[b]] })

	st.start()
	defer ix.pool.Put(st.s)

	// Lists in rank order end early only when the hits rank in that order
	// after their grade and words (see rankBefore).
	ordered := !st.distOnly && (q.Prefer || len(ix.pref) == 0)
	for grade := floor; grade <= GradeTypo; grade++ {
		if len(st.top) == q.Limit && !st.distOnly && st.top[len(st.top)-1].Grade < int(grade) {
			break
		}
		if !ix.walkPass(st, sets, grade, ordered, nil) {
			return nil, false
		}
	}
	return st.top, true
}

// walkPass walks, for the hits of grade grade, the rank lists of the
// words' matches of at most that grade (those of documents in filter
// only, when it is set): a hit with every word in its name is in the
// lists of the word with the fewest such documents, the driver; one
// with an address word, in any word's lists. Lists walked by an earlier
// pass are walked again from their start (their documents are
// considered once), ending sooner: the bound is worse. It reports
// false when it ran out of budget.
func (ix *Index) walkPass(st *multiState, sets [][]wordMatch, grade uint8, ordered bool, filter []uint64) bool {
	driver, fewest := -1, math.MaxInt
	for i, set := range sets {
		c := 0
		for _, m := range set {
			if m.grade <= grade {
				c += int(ix.rankOff[m.id+1] - ix.rankOff[m.id])
			}
		}
		if c < fewest {
			driver, fewest = i, c
		}
	}
	for i, set := range sets {
		bound := Hit{Grade: int(grade), AddressWords: 1, InBox: st.q.HasBox}
		if i == driver {
			bound.AddressWords = 0
		}
		for _, m := range set {
			if m.grade <= grade && !ix.walkRanked(st, m.id, bound, ordered, filter) {
				return false
			}
		}
	}
	return true
}

// walkRanked considers the name documents of word id in rank order,
// while (when ordered) a document could still enter the kept hits: its
// hit ranks at best as bound with its own preference, importance and
// number, and those of the documents after it rank no better.
func (ix *Index) walkRanked(st *multiState, id int32, bound Hit, ordered bool, filter []uint64) bool {
	full := st.q.Limit
	for _, d := range ix.rank[ix.rankOff[id]:ix.rankOff[id+1]] {
		if ordered && len(st.top) == full {
			bound.Doc, bound.Importance = int(d), float64(ix.imp[d])
			bound.Preferred = st.q.Prefer && ix.preferred(d)
			if !better(bound, st.top[full-1], false) {
				return true
			}
		}
		if filter != nil && filter[d>>6]&(1<<(d&63)) == 0 {
			continue
		}
		if st.s.mark[d] != st.e {
			if st.budget--; st.budget < 0 {
				return false
			}
			st.consider(d)
		}
	}
	return true
}

// searchBits answers a query of several words as search's visit does,
// but keeps the candidates as a bitset (one bit a document, so a
// country's candidates stay in the processor's cache where search's
// marks, five bytes a document, do not) and ranks only those left at
// the end: the cheapest words' lists (postings and group members) are
// intersected while visiting the next is cheaper than checking each
// candidate left (bestCode), and consider checks every word of those
// left. It goes grade by grade: the words' matches of the best grade
// any document can have first, then those of the next grade too, until
// the limit is full of hits of a grade no better than the matches'
// (a document of grade g matches every word with a grade of at most g).
// "Landstrasse 10 sc" intersects the two exact words' lists (a few
// thousand documents in common out of 800,000) and checks "sc" on those.
func (ix *Index) searchBits(q *Query, sets [][]wordMatch) []Hit {
	n := len(sets)
	st := &multiState{ix: ix, q: q, ms: make([]matcher, n), order: make([]int, n),
		distOnly: q.HasBox && q.DistanceOnly, top: make([]Hit, 0, q.Limit), budget: math.MaxInt}
	if q.HasBox {
		st.centre = q.Box.Center()
	}
	floor := uint8(0)
	for i, set := range sets {
		st.ms[i] = ix.newMatcher(set)
		floor = max(floor, st.ms[i].minGrade)
	}
	st.start()
	defer ix.pool.Put(st.s)
	nw := len(ix.imp)/64 + 1
	if len(st.s.bitsA) != nw {
		st.s.bitsA, st.s.bitsB = make([]uint64, nw), make([]uint64, nw)
	}
	if st.distOnly {
		floor = GradeTypo // by distance only: every grade at once
	}
	cut := make([][]wordMatch, n)
	cost := make([]int, n)
	for grade := floor; grade <= GradeTypo; grade++ {
		added := grade == floor
		for i, set := range sets {
			cut[i], cost[i] = cut[i][:0], 0
			for _, m := range set {
				if m.grade <= grade {
					cut[i] = append(cut[i], m)
					cost[i] += ix.docCount(m.id)
					added = added || m.grade == grade
				}
			}
			st.order[i] = i
		}
		if !added {
			continue // the same sets as the pass before
		}
		sort.SliceStable(st.order, func(a, b int) bool { return cost[st.order[a]] < cost[st.order[b]] })
		ix.intersect(st, cut, cost, grade)
		if len(st.top) == q.Limit && !st.distOnly && st.top[len(st.top)-1].Grade <= int(grade) {
			break
		}
	}
	return st.top
}

// intersect considers the documents holding a word of every set, the
// sets in st.order, visiting their lists while that is cheaper than
// checking the candidates left.
func (ix *Index) intersect(st *multiState, sets [][]wordMatch, cost []int, grade uint8) {
	have, next := st.s.bitsA, st.s.bitsB
	defer func() { st.s.bitsA, st.s.bitsB = have, next }()
	walkFrom := bitsWalk
	if st.q.walkFrom > 0 {
		walkFrom = st.q.walkFrom
	}
	ordered := !st.distOnly && (st.q.Prefer || len(ix.pref) == 0)
	clear(have)
	count := 0
	ix.eachList(sets[st.order[0]], func(post, docs []uint32) {
		for _, p := range post {
			have[p>>7] |= 1 << (p >> 1 & 63)
		}
		for _, d := range docs {
			have[d>>6] |= 1 << (d & 63)
		}
	})
	for _, w := range have {
		count += bits.OnesCount64(w)
	}
	for _, i := range st.order[1:] {
		if count == 0 {
			return
		}
		if count*probeCost < cost[i] {
			break // consider checks the word
		}
		if count > walkFrom && ordered {
			// Before visiting a long list: the walk restricted to the
			// candidates may end early ("Vaduz P": Vaduz's places are
			// candidates, the first Vaduz P… settlements fill the limit).
			st.budget = multiBudget
			done := ix.walkPass(st, sets, grade, true, have)
			st.budget = math.MaxInt
			if done {
				return
			}
		}
		clear(next)
		count = 0
		ix.eachList(sets[i], func(post, docs []uint32) {
			for _, p := range post {
				next[p>>7] |= have[p>>7] & (1 << (p >> 1 & 63))
			}
			for _, d := range docs {
				next[d>>6] |= have[d>>6] & (1 << (d & 63))
			}
		})
		for _, w := range next {
			count += bits.OnesCount64(w)
		}
		have, next = next, have
	}
	if count > walkFrom && ordered {
		// Many candidates: the walk of the rank lists, in the bitset
		// only, considers those that can still rank high enough.
		ix.walkPass(st, sets, grade, true, have)
		return
	}
	for k, w := range have {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			w &= w - 1
			st.consider(uint32(k<<6 | b))
		}
	}
}

// bitsWalk is the number of candidates from which intersect walks the
// rank lists rather than considering each candidate.
const bitsWalk = 2000

// eachList calls fn with the lists of documents holding a word of ms:
// each word's postings (doc<<1 | addressOnly) and its groups' members.
func (ix *Index) eachList(ms []wordMatch, fn func(post, docs []uint32)) {
	for _, m := range ms {
		fn(ix.post[ix.postOff[m.id]:ix.postOff[m.id+1]], nil)
		for _, g := range ix.wg[ix.wgOff[m.id]:ix.wgOff[m.id+1]] {
			fn(nil, ix.gd[ix.gdOff[g]:ix.gdOff[g+1]])
		}
	}
}

// buildDocWords derives the documents' words: document d's postings by
// word (id<<1 | addressOnly, ascending), then its address groups
// ((nWords+g)<<1 | 1, ascending), docWord[docOff[d]:docOff[d+1]]: one
// list, so that checking a candidate reads one place of memory.
func (ix *Index) buildDocWords() {
	nDocs, nWords := len(ix.imp), uint32(ix.nWords())
	ix.docOff = make([]uint32, nDocs+1)
	for _, p := range ix.post {
		ix.docOff[p>>1+1]++
	}
	for _, d := range ix.gd {
		ix.docOff[d+1]++
	}
	for d := range nDocs {
		ix.docOff[d+1] += ix.docOff[d]
	}
	ix.docWord = make([]uint32, len(ix.post)+len(ix.gd))
	next := slices.Clone(ix.docOff[:nDocs])
	for id := range nWords {
		for _, p := range ix.post[ix.postOff[id]:ix.postOff[id+1]] {
			d := p >> 1
			ix.docWord[next[d]] = id<<1 | p&1
			next[d]++
		}
	}
	for g := 0; g+1 < len(ix.gdOff); g++ {
		for _, d := range ix.gd[ix.gdOff[g]:ix.gdOff[g+1]] {
			ix.docWord[next[d]] = (nWords+uint32(g))<<1 | 1
			next[d]++
		}
	}
}
