package complete

// spell.go: the index's vocabulary as a speller, for readers of typed text
// other than Search (the typo-tolerant reading of a full search): which
// words are known, which known words a typed word may stand for, and how
// a word typed without a space splits into two. The tolerance is Search's:
// the typo grade's (package typo, first letter kept) and its split.

import (
	"slices"
	"unicode/utf8"

	"waymark/engine/geocode/typo"
)

// Correction is what a typed word may stand for: a vocabulary word, or two
// typed without the space between them.
type Correction struct {
	// Word is the vocabulary word, or the two words separated by a space.
	Word string
	// Edits is the optimal string alignment distance from the typed word
	// (a missing space is one edit).
	Edits int
	// Docs is the number of documents holding the word (in a name, an
	// address term or an address group; of a split, its rarer word's): how
	// common it is.
	Docs int
}

// Known reports whether w (normalized) is a word of some document's name
// or address terms.
func (ix *Index) Known(w string) bool {
	i := ix.searchWord(w)
	return i < ix.nWords() && ix.word(i) == w
}

// Corrections returns up to limit corrections of the typed word w, which
// should be no vocabulary word: the vocabulary words within its typo
// tolerance (typo.Tolerance edits, sharing its first letter, as Search's
// typo grade) and its readings as two vocabulary words typed without the
// space between them (Splits). Fewest edits first, then the most common,
// then words before splits, then in vocabulary order.
func (ix *Index) Corrections(w string, limit int) []Correction {
	if limit <= 0 {
		return nil
	}
	var out []Correction
	n := utf8.RuneCountInString(w)
	for _, m := range ix.matchWord(w, false, searchTypos|searchNoSubstring) {
		if m.grade != GradeTypo {
			continue
		}
		v := ix.word(int(m.id))
		k := typo.Tolerance(n, int(ix.vlen[m.id]))
		out = append(out, Correction{Word: v, Edits: typo.Distance(w, v, k), Docs: ix.docCount(m.id)})
	}
	out = append(out, ix.Splits(w, limit)...)
	slices.SortStableFunc(out, func(a, b Correction) int {
		if a.Edits != b.Edits {
			return a.Edits - b.Edits
		}
		return b.Docs - a.Docs
	})
	return out[:min(len(out), limit)]
}

// minSplit is the fewest letters of a word Splits reads as two: "fr" is no
// "f r".
const minSplit = 4

// Splits returns up to limit readings of w as two vocabulary words typed
// without the space between them ("vaduzcastle" → "vaduz castle",
// "stadtle29" → "stadtle 29", "soly" → "sol y"), the most common first (by
// the rarer word's documents); none when w is itself a word or shorter
// than minSplit.
func (ix *Index) Splits(w string, limit int) []Correction {
	if limit <= 0 || utf8.RuneCountInString(w) < minSplit || ix.Known(w) {
		return nil
	}
	var out []Correction
	for i := range w {
		a, b := w[:i], w[i:]
		if i == 0 {
			continue
		}
		ia, ib := ix.searchWord(a), ix.searchWord(b)
		if ia >= ix.nWords() || ix.word(ia) != a || ib >= ix.nWords() || ix.word(ib) != b {
			continue
		}
		out = append(out, Correction{Word: a + " " + b, Edits: 1, Docs: min(ix.docCount(int32(ia)), ix.docCount(int32(ib)))})
	}
	slices.SortStableFunc(out, func(x, y Correction) int { return y.Docs - x.Docs })
	return out[:min(len(out), limit)]
}

// Together reports whether some document holds every word of words, each
// as any of its spellings (exact vocabulary words, in its name or address
// terms; at least one in its name), as Search would find them typed whole:
// whether a query read this way can find anything.
func (ix *Index) Together(words [][]string) bool {
	if len(words) == 0 {
		return false
	}
	return len(ix.search(Query{Limit: 1, spellings: words}, searchNoSubstring)) > 0
}

// matchSpellings lists the vocabulary words among spellings, exact.
func (ix *Index) matchSpellings(spellings []string) []wordMatch {
	var out []wordMatch
	for _, w := range spellings {
		if i := ix.searchWord(w); i < ix.nWords() && ix.word(i) == w &&
			!slices.ContainsFunc(out, func(m wordMatch) bool { return m.id == int32(i) }) {
			out = append(out, wordMatch{int32(i), GradeExact})
		}
	}
	return out
}

// docCount is the number of documents holding vocabulary word id, counted
// with repeats across its postings and groups.
func (ix *Index) docCount(id int32) int {
	n := int(ix.postOff[id+1] - ix.postOff[id])
	for _, g := range ix.wg[ix.wgOff[id]:ix.wgOff[id+1]] {
		n += int(ix.gdOff[g+1] - ix.gdOff[g])
	}
	return n
}
