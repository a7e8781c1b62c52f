package complete

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/paulmach/orb"

	"waymark/engine/geocode/typo"
	"waymark/engine/sphere"
)

// Match grades of a word, best first.
const (
	GradeExact     = 0
	GradePrefix    = 1
	GradeSubstring = 2
	GradeTypo      = 3
)

// Query is one autocomplete lookup.
type Query struct {
	// Words are normalized words (see ParseText); all must match.
	Words []string
	// LastIsPrefix lets the last word match as a prefix (still typing).
	LastIsPrefix bool
	// NameWords is the number of leading words that should match a name
	// word, not only an address term (see NameWords); documents where they
	// do rank first. 0 for none.
	NameWords int
	// Limit is the number of hits wanted (>= 1).
	Limit int
	// Accept, when set, filters documents (tag, layers, countries...).
	Accept func(doc int) bool
	// Prefer ranks the documents marked Doc.Preferred before the others
	// matched as well (same grade, words in the name as much), whatever
	// the viewbox: settlements before the places named after them. The
	// first keystrokes (a one- or two-letter prefix without filter or
	// viewbox) keep the precomputed order, by importance.
	Prefer bool
	// Box, when HasBox, is the viewbox: with Bounded only documents inside
	// it are returned; otherwise those inside rank first. Its centre is
	// the reference point for proximity and DistanceOnly.
	Box     orb.Bound
	HasBox  bool
	Bounded bool
	// DistanceOnly sorts hits by distance to the box centre only
	// (importancesort=0 with a viewbox); ignored without HasBox.
	DistanceOnly bool

	noShort bool // tests: bypass the short-prefix table
	noRank  bool // tests: bypass the rank table
	// noSplit: no word is read as two (searchSplit's own queries).
	noSplit bool
	// spellings, when set, replaces Words: the i-th word is any of
	// spellings[i], matched as an exact word (Together).
	spellings [][]string
	// allMatches (tests) visits the address matches of a one-word query
	// too, which cannot make a hit (see search).
	allMatches bool
	// probe (tests) forces how a query of several words is answered:
	// probeAuto, probeNever (visit every word's postings), probeAlways
	// (visit the first word's, look the candidates up in the documents'
	// words for the others), probeRanked (searchMulti's walk without
	// its budget) or probeBits (searchBits).
	probe int8
	// walkFrom (tests), when not 0, replaces bitsWalk.
	walkFrom int
	// considered (tests), when set, counts the documents a query of
	// several words ranked (searchMulti, searchBits).
	considered *int
}

// Query.probe values.
const (
	probeAuto = iota
	probeNever
	probeAlways
	probeRanked
	probeBits
)

// Hit is one found document.
type Hit struct {
	Doc   int
	Grade int // worst grade of the query's words (GradeExact...GradeTypo)
	// AddressWords counts query words matched only by address terms.
	AddressWords int
	// Misplaced counts words before the text's first comma that matched
	// only address terms (see Query.NameWords).
	Misplaced int
	// Preferred is Query.Prefer's mark.
	Preferred  bool
	Importance float64
	// Distance is meters from the viewbox centre (0 without a viewbox).
	Distance float64
	InBox    bool
}

type wordMatch struct {
	id    int32
	grade uint8
}

type cand struct {
	doc       uint32
	grade     uint8
	addrWords uint8
	nameWords uint8
	misplaced uint8
}

type scratch struct {
	mark  []uint32
	best  []uint8
	epoch uint32
	cands []cand
	// searchBits' candidates, a bit a document.
	bitsA, bitsB []uint64
}

func (ix *Index) scratch() *scratch {
	if s, ok := ix.pool.Get().(*scratch); ok {
		return s
	}
	n := len(ix.imp)
	return &scratch{mark: make([]uint32, n), best: make([]uint8, n)}
}

// Search returns up to q.Limit hits, best first. Typo tolerance is used only
// when the exact grades give fewer than q.Limit hits.
func (ix *Index) Search(q Query) []Hit {
	if len(q.Words) == 0 || q.Limit <= 0 {
		return nil
	}
	if hits, ok := ix.searchShort(q); ok {
		return hits
	}
	if hits, ok := ix.searchRanked(q); ok {
		return hits
	}
	if len(q.Words) == 1 && len(q.Words[0]) >= 3 {
		// One word must match a name; substring matches only add hits of
		// GradeSubstring, which rank after every exact and prefix hit.
		// When those fill the limit, the answer is theirs, and the
		// substring scan (every vocabulary word holding a common trigram
		// such as "sch") is skipped.
		if hits := ix.search(q, searchNoSubstring); len(hits) == q.Limit {
			return hits
		}
	}
	hits := ix.search(q, 0)
	if len(hits) < q.Limit && typoCapable(q.Words) {
		hits = ix.search(q, searchTypos)
	}
	if len(hits) < q.Limit && !q.noSplit {
		hits = ix.searchSplit(q, hits)
	}
	return hits
}

// searchSplit adds to hits, graded as typos and in rank order, the hits of
// q read with one of its words that is no vocabulary word split in two (a
// missing space: "vaduzcastle"), until q.Limit.
func (ix *Index) searchSplit(q Query, hits []Hit) []Hit {
	distOnly := q.HasBox && q.DistanceOnly
	for i, w := range q.Words {
		for _, sp := range ix.Splits(w, 2) {
			sq := q
			sq.Words = slices.Concat(q.Words[:i], strings.Fields(sp.Word), q.Words[i+1:])
			sq.noSplit = true
			if i < q.NameWords {
				sq.NameWords++
			}
			for _, h := range ix.Search(sq) {
				if slices.ContainsFunc(hits, func(o Hit) bool { return o.Doc == h.Doc }) {
					continue
				}
				h.Grade = GradeTypo
				hits = insertTop(hits, h, q.Limit, distOnly)
			}
		}
	}
	return hits
}

// search modes.
const (
	searchTypos       = 1 << iota // also words within the typo distance
	searchNoSubstring             // no substring matches
)

func typoCapable(words []string) bool {
	for _, w := range words {
		if typoReach(utf8.RuneCountInString(w), false) {
			return true
		}
	}
	return false
}

// typoReach reports whether a typed word of n runes can be a typo of some
// word: as a whole word from 4 letters (one left out of a 5-letter word),
// as a prefix from typo.MaxEdits' 5.
func typoReach(n int, prefix bool) bool {
	if prefix {
		return typo.Tolerance(n, 0) > 0
	}
	return n >= 4
}

// matchWord lists the vocabulary words matching w with their grades.
func (ix *Index) matchWord(w string, prefix bool, mode int) []wordMatch {
	typos := mode&searchTypos != 0
	var out []wordMatch
	i := ix.searchWord(w)
	exact := int32(-1)
	if i < ix.nWords() && ix.word(i) == w {
		exact = int32(i)
		out = append(out, wordMatch{exact, GradeExact})
	}
	if prefix {
		for j := i; j < ix.nWords() && strings.HasPrefix(ix.word(j), w); j++ {
			if int32(j) != exact {
				out = append(out, wordMatch{int32(j), GradePrefix})
			}
		}
	}
	isPrefixMatch := func(id int32) bool {
		return id == exact || prefix && strings.HasPrefix(ix.word(int(id)), w)
	}
	if len(w) >= 3 && mode&searchNoSubstring == 0 {
		var rare []int32
		for k := 0; k+3 <= len(w); k++ {
			l, ok := ix.trigram(w[k : k+3])
			if !ok {
				rare = nil
				break
			}
			if rare == nil || len(l) < len(rare) {
				rare = l
			}
		}
		for _, id := range rare {
			if !isPrefixMatch(id) && strings.Contains(ix.word(int(id)), w) {
				out = append(out, wordMatch{id, GradeSubstring})
			}
		}
	}
	n := utf8.RuneCountInString(w)
	if typos && typoReach(n, prefix) {
		// Typo candidates share the typed word's first letter (like a
		// fuzzy query's prefix length of 1): almost every typo is later in
		// the word, and it cuts the scan to one letter's range of the
		// sorted vocabulary. A whole word is tolerated the edits of the
		// longer of the two (typo.Tolerance); a prefix, those of the
		// typed word.
		_, size := utf8.DecodeRuneInString(w)
		first := w[:size]
		kTyped := typo.MaxEdits(w)
		already := make(map[int32]bool, len(out))
		for _, m := range out {
			already[m.id] = true
		}
		for j := ix.searchWord(first); j < ix.nWords() && strings.HasPrefix(ix.word(j), first); j++ {
			id := int32(j)
			l := int(ix.vlen[j])
			k := kTyped
			if !prefix {
				k = typo.Tolerance(n, l)
			}
			if k == 0 || already[id] || l < n-k || !prefix && l > n+k {
				continue
			}
			var d int
			if prefix {
				d = typo.PrefixDistance(w, ix.word(int(id)), k)
			} else {
				d = typo.Distance(w, ix.word(int(id)), k)
			}
			if d <= k {
				out = append(out, wordMatch{id, GradeTypo})
			}
		}
	}
	return out
}

func (ix *Index) search(q Query, mode int) []Hit {
	n := len(q.Words)
	if q.spellings != nil {
		n = len(q.spellings)
	}
	sets := make([][]wordMatch, n)
	cost := make([]int, n)
	order := make([]int, n)
	for i := range n {
		if q.spellings != nil {
			sets[i] = ix.matchSpellings(q.spellings[i])
		} else {
			sets[i] = ix.matchWord(q.Words[i], q.LastIsPrefix && i == n-1, mode)
		}
		if len(sets[i]) == 0 {
			return nil
		}
		for _, m := range sets[i] {
			cost[i] += int(ix.postOff[m.id+1] - ix.postOff[m.id])
			for _, g := range ix.wg[ix.wgOff[m.id]:ix.wgOff[m.id+1]] {
				cost[i] += int(ix.gdOff[g+1] - ix.gdOff[g])
			}
		}
		order[i] = i
	}
	if n > 1 && q.probe >= probeRanked || n > 1 && q.probe == probeAuto && !q.allMatches {
		budget := multiBudget
		if q.probe == probeRanked {
			budget = math.MaxInt
		}
		if q.probe != probeBits {
			if hits, ok := ix.searchMulti(&q, sets, budget); ok {
				return hits
			}
		}
		return ix.searchBits(&q, sets)
	}
	sort.Slice(order, func(a, b int) bool { return cost[order[a]] < cost[order[b]] })

	s := ix.scratch()
	defer ix.pool.Put(s)
	if s.epoch > math.MaxUint32-uint32(n)-2 {
		clear(s.mark)
		s.epoch = 0
	}
	cands := s.cands[:0]
	// A hit needs a word matching its name, so the documents a one-word
	// query matches only by address (every house of a town, through its
	// address group, for the town's name) can be left out at once: they
	// were most of the work of typing a town's name on a country pack.
	// A document matched both ways keeps its name match either way (name
	// codes are below address codes).
	nameOnly := n == 1 && !q.allMatches
	for round, wi := range order {
		s.epoch++
		e := s.epoch
		visit := func(d uint32, code uint8) {
			// A name match beats any address match of the word;
			// among either, the better grade wins.
			switch {
			case s.mark[d] == e:
				s.best[d] = min(s.best[d], code)
			case round == 0 || s.mark[d] == e-1:
				s.mark[d], s.best[d] = e, code
				if round == 0 {
					cands = append(cands, cand{doc: d})
				}
			}
		}
		if round > 0 && ix.probes(q.probe, len(cands), cost[wi]) {
			m := ix.newMatcher(sets[wi])
			for _, c := range cands {
				if b := ix.bestCode(c.doc, &m); b != noGrade {
					s.mark[c.doc], s.best[c.doc] = e, b
				}
			}
		} else {
			for _, m := range sets[wi] {
				post := ix.post[ix.postOff[m.id]:ix.postOff[m.id+1]]
				if nameOnly { // its own loop: a test per posting costs a third of a search
					for _, p := range post {
						if p&1 == 0 {
							visit(p>>1, m.grade)
						}
					}
					continue
				}
				for _, p := range post {
					visit(p>>1, uint8(p&1)<<2|m.grade)
				}
				for _, g := range ix.wg[ix.wgOff[m.id]:ix.wgOff[m.id+1]] {
					for _, d := range ix.gd[ix.gdOff[g]:ix.gdOff[g+1]] {
						visit(d, 1<<2|m.grade)
					}
				}
			}
		}
		kept := cands[:0]
		for _, c := range cands {
			if s.mark[c.doc] != e {
				continue
			}
			b := s.best[c.doc]
			addr := b>>2 == 1
			if addr && wi < q.NameWords {
				c.misplaced++
			}
			c.grade = max(c.grade, b&3)
			if addr {
				c.addrWords++
			} else {
				c.nameWords++
			}
			kept = append(kept, c)
		}
		cands = kept
		if len(cands) == 0 {
			break
		}
	}
	s.cands = cands

	var centre orb.Point
	if q.HasBox {
		centre = q.Box.Center()
	}
	top := make([]Hit, 0, q.Limit)
	for _, c := range cands {
		if c.nameWords == 0 {
			continue
		}
		d := int(c.doc)
		h := Hit{Doc: d, Grade: int(c.grade), AddressWords: int(c.addrWords), Misplaced: int(c.misplaced), Importance: float64(ix.imp[d])}
		if q.HasBox {
			pt := orb.Point{float64(ix.lon[d]), float64(ix.lat[d])}
			h.InBox = q.Box.Contains(pt)
			if q.Bounded && !h.InBox {
				continue
			}
		}
		if q.Accept != nil && !q.Accept(d) {
			continue
		}
		h.Preferred = q.Prefer && ix.preferred(c.doc)
		if q.HasBox {
			h.Distance = sphere.Distance(centre, orb.Point{float64(ix.lon[d]), float64(ix.lat[d])})
		}
		top = insertTop(top, h, q.Limit, q.HasBox && q.DistanceOnly)
	}
	return top
}

// probes reports whether a later word (visiting cost cost) is matched
// faster by looking each of the n candidates left up in its document's
// words and groups (bestCode) than by visiting the word's postings and
// groups: typing "Landstrasse 12, Vaduz" on a country pack leaves a few
// hundred candidates after the first two words, and Vaduz's address
// group lists every house of the town.
func (ix *Index) probes(mode int8, n int, cost int) bool {
	switch mode {
	case probeNever:
		return false
	case probeAlways:
		return true
	}
	return n*probeCost < cost
}

// probeCost is what looking a candidate up costs, in postings visited
// (a few reads of scattered memory, where a visit reads in order).
const probeCost = 256

// insertTop inserts h into the sorted slice top (capacity limit), keeping
// the best limit hits.
func insertTop(top []Hit, h Hit, limit int, distOnly bool) []Hit {
	if len(top) == limit && !better(h, top[len(top)-1], distOnly) {
		return top
	}
	i := sort.Search(len(top), func(i int) bool { return better(h, top[i], distOnly) })
	if len(top) < limit {
		top = append(top, Hit{})
	}
	copy(top[i+1:], top[i:len(top)-1])
	top[i] = h
	return top
}

// better reports whether a ranks before b.
func better(a, b Hit, distOnly bool) bool {
	if distOnly {
		if a.Distance != b.Distance {
			return a.Distance < b.Distance
		}
		return a.Doc < b.Doc
	}
	if a.Grade != b.Grade {
		return a.Grade < b.Grade
	}
	if (a.Misplaced == 0) != (b.Misplaced == 0) {
		return a.Misplaced == 0
	}
	if (a.AddressWords == 0) != (b.AddressWords == 0) {
		return a.AddressWords == 0
	}
	if a.Preferred != b.Preferred {
		return a.Preferred
	}
	if a.InBox != b.InBox {
		return a.InBox
	}
	if a.Importance != b.Importance {
		return a.Importance > b.Importance
	}
	if a.Distance != b.Distance {
		return a.Distance < b.Distance
	}
	return a.Doc < b.Doc
}

// searchShort answers the first keystrokes (one word of at most
// shortPrefixBytes bytes, no filter, no viewbox) from the table Build
// precomputed; ok is false when the query is not of that kind.
func (ix *Index) searchShort(q Query) (hits []Hit, ok bool) {
	if q.noShort || len(q.Words) != 1 || !q.LastIsPrefix || q.Accept != nil || q.HasBox ||
		q.Limit > shortTopK || len(q.Words[0]) > shortPrefixBytes {
		return nil, false
	}
	list := ix.shortList(q.Words[0])
	hits = make([]Hit, 0, min(q.Limit, len(list)))
	for _, e := range list[:min(q.Limit, len(list))] {
		hits = append(hits, Hit{Doc: int(e.doc), Grade: int(e.grade), Importance: float64(ix.imp[e.doc])})
	}
	return hits, true
}
