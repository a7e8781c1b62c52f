package complete

// rank.go: one typed word answered from each matching word's best
// documents, so the work is bounded by the limit, not by how many places
// share a name.
//
// On a country pack a prefix such as "sch" or "landst" names thousands of
// places (every "Schaan …" settlement, every segment of every
// Landstrasse): visiting their postings and ranking each one took 40–60 ms
// on LI ×400. Yet a one-word query without filter or viewbox ranks its
// hits by grade (the exact word before the words it prefixes), then the
// preferred documents, then importance, then document number — an order
// that, within one vocabulary word, does not depend on the query. So
// derive keeps, for every vocabulary word, its rankTopK best name
// documents in that order (the rank table, in the index's image), and
// such a query merges the lists of the exact word and of the words it
// prefixes, stopping in each list at the first document that cannot
// enter the top: it reads O(limit) entries per matching word instead of
// every posting.
//
// The answer is the full search's: a document among the limit best of
// the union has fewer than limit better documents in any of its words'
// lists, so it is within their first rankTopK ≥ limit; and a document in
// several lists has the same place in each (the order is the document's,
// not the word's), so the first list that holds it decides. When the
// lists give fewer than limit documents, every list was whole, and the
// full search runs to add substring, typo and split matches.

import (
	"strings"
)

// rankTopK is the length of a word's rank list: the most an autocomplete
// query may ask for (the API's limit is 1 to 20).
const rankTopK = 20

// preferred reports whether document d is marked Doc.Preferred.
func (ix *Index) preferred(d uint32) bool {
	return len(ix.pref) > 0 && ix.pref[d>>6]&(1<<(d&63)) != 0
}

// setPreferred stores the documents marked preferred as a bitset, or none
// at all when no document is (such an index ranks alike with and without
// Query.Prefer).
func (ix *Index) setPreferred(pref []bool) {
	ix.pref = nil
	for d, p := range pref {
		if !p {
			continue
		}
		if ix.pref == nil {
			ix.pref = make([]uint64, (len(pref)+63)/64)
		}
		ix.pref[d>>6] |= 1 << (d & 63)
	}
}

// rankBefore reports whether document a ranks before document b among
// documents matched alike: preferred first, then by importance, then by
// number.
func (ix *Index) rankBefore(a, b uint32) bool {
	if pa, pb := ix.preferred(a), ix.preferred(b); pa != pb {
		return pa
	}
	if ix.imp[a] != ix.imp[b] {
		return ix.imp[a] > ix.imp[b]
	}
	return a < b
}

// buildRank derives the rank table: for each vocabulary word, its first
// rankTopK name documents in rankBefore's order.
func (ix *Index) buildRank() {
	ix.rankOff = make([]uint32, ix.nWords()+1)
	ix.rank = ix.rank[:0]
	var top []uint32
	for id := range ix.nWords() {
		top = top[:0]
		for _, p := range ix.post[ix.postOff[id]:ix.postOff[id+1]] {
			if p&1 == 1 {
				continue // address term: not a name match
			}
			d := p >> 1
			if len(top) == rankTopK && !ix.rankBefore(d, top[len(top)-1]) {
				continue
			}
			i := len(top)
			for i > 0 && ix.rankBefore(d, top[i-1]) {
				i--
			}
			if len(top) < rankTopK {
				top = append(top, 0)
			}
			copy(top[i+1:], top[i:len(top)-1])
			top[i] = d
		}
		ix.rank = append(ix.rank, top...)
		ix.rankOff[id+1] = uint32(len(ix.rank))
	}
}

// searchRanked answers a one-word query without filter or viewbox from
// the rank table; ok is false when the query is not of that kind or the
// table's documents do not fill the limit (the full search then adds
// substring, typo and split matches).
func (ix *Index) searchRanked(q Query) (hits []Hit, ok bool) {
	if q.noRank || len(q.Words) != 1 || q.spellings != nil || q.Accept != nil || q.HasBox ||
		q.Limit > rankTopK || !q.Prefer && len(ix.pref) > 0 || len(ix.rankOff) == 0 {
		return nil, false
	}
	w := q.Words[0]
	top := make([]Hit, 0, q.Limit)
	i := ix.searchWord(w)
	if i < ix.nWords() && ix.word(i) == w {
		top = ix.mergeRank(top, i, GradeExact, q)
		i++
	}
	if q.LastIsPrefix {
		for ; i < ix.nWords() && strings.HasPrefix(ix.word(i), w); i++ {
			top = ix.mergeRank(top, i, GradePrefix, q)
		}
	}
	if len(top) < q.Limit {
		return nil, false
	}
	return top, true
}

// mergeRank merges word id's rank list, matched with grade, into top
// (sorted, capacity q.Limit), stopping at its first document that cannot
// enter it; a document already in top keeps its place.
func (ix *Index) mergeRank(top []Hit, id int, grade int, q Query) []Hit {
outer:
	for _, d := range ix.rank[ix.rankOff[id]:ix.rankOff[id+1]] {
		h := Hit{Doc: int(d), Grade: grade, Preferred: q.Prefer && ix.preferred(d), Importance: float64(ix.imp[d])}
		if len(top) == q.Limit && !better(h, top[len(top)-1], false) {
			break
		}
		for _, o := range top {
			if o.Doc == h.Doc {
				continue outer
			}
		}
		top = insertTop(top, h, q.Limit, false)
	}
	return top
}
