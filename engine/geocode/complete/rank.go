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
// derive keeps, for every vocabulary word, its name documents in that
// order (the rank table, in the index's image; queries of several words
// walk it too, multi.go), and
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
	"slices"
	"strings"
)

// rankTopK is the most a query answered from the rank table alone may
// ask for (the API's limit is 1 to 20).
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

// buildRank derives the rank table: for each vocabulary word, its name
// documents in rankBefore's order (every one: searchMulti walks them
// until no later document can rank high enough). The documents are
// sorted once and dealt to their words (docWord), so the table costs a
// sort of the documents, not of every word's list.
func (ix *Index) buildRank() {
	order := ix.rankOrder()
	ix.rankOff = make([]uint32, ix.nWords()+1)
	for _, w := range ix.docWord {
		if w&1 == 0 {
			ix.rankOff[w>>1+1]++
		}
	}
	for id := range ix.nWords() {
		ix.rankOff[id+1] += ix.rankOff[id]
	}
	ix.rank = make([]uint32, ix.rankOff[ix.nWords()])
	next := slices.Clone(ix.rankOff[:ix.nWords()])
	for _, d := range order {
		for _, w := range ix.docWord[ix.docOff[d]:ix.docOff[d+1]] {
			if w&1 == 0 {
				ix.rank[next[w>>1]] = d
				next[w>>1]++
			}
		}
	}
}

// rankOrder returns the documents in rankBefore's order.
func (ix *Index) rankOrder() []uint32 {
	order := make([]uint32, len(ix.imp))
	for d := range order {
		order[d] = uint32(d)
	}
	slices.SortFunc(order, func(a, b uint32) int {
		if ix.rankBefore(a, b) {
			return -1
		}
		if ix.rankBefore(b, a) {
			return 1
		}
		return 0
	})
	return order
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
