package geocode

// names.go: word-level tests of query words against a place's names.

import (
	"slices"
	"strings"
	"sync"

	"waymark/engine/text"
)

// spellings memoizes, for one query, the words of every spelling of name
// values (text.Variants, split into words; the first is Normalize's).
// A query's candidates share most of their names: a street name in every
// town that has one, a town's forty translations on each place carrying
// them, and normalizing them was most of the time a search spent scoring.
// With shared (the Index's nameWords) the words are also kept across
// queries: the same towns and streets come back in query after query, and
// at LI ×16 with distinct names the spellings of the candidates of
// "Vaduz" were 37% of its CPU. The zero value memoizes nothing.
type spellings struct {
	seen   map[string][][]string
	shared *wordCache
}

// newSpellings returns the spellings memo of one query over shared (nil:
// this query's only).
func newSpellings(shared *wordCache) spellings {
	return spellings{seen: map[string][][]string{}, shared: shared}
}

// of returns the words of each spelling of v (none when v normalizes to
// nothing).
func (sp spellings) of(v string) [][]string {
	if ws, ok := sp.seen[v]; ok {
		return ws
	}
	var ws [][]string
	if sp.shared != nil {
		ws = sp.shared.of(v)
	} else {
		ws = spellingWords(v)
	}
	if sp.seen != nil {
		sp.seen[v] = ws
	}
	return ws
}

// spellingWords returns the words of each of text.Variants(v).
func spellingWords(v string) [][]string {
	vs := text.Variants(v)
	ws := make([][]string, len(vs))
	for i, x := range vs {
		ws[i] = strings.Fields(x)
	}
	return ws
}

// wordCache holds spellingWords of name values across queries, for any
// number of goroutines. Its results are never modified (callers only read
// them). It is emptied when it holds wordCacheMax values: a country's
// place names are millions, the names a session asks for far fewer.
type wordCache struct {
	mu    sync.Mutex
	words map[string][][]string
}

// wordCacheMax bounds the name values a wordCache holds (a value and its
// words are ~200 bytes: ~13 MB at most).
const wordCacheMax = 1 << 16

func (c *wordCache) of(v string) [][]string {
	c.mu.Lock()
	ws, ok := c.words[v]
	c.mu.Unlock()
	if ok {
		return ws
	}
	ws = spellingWords(v)
	c.mu.Lock()
	if c.words == nil || len(c.words) >= wordCacheMax {
		c.words = make(map[string][][]string)
	}
	c.words[v] = ws
	c.mu.Unlock()
	return ws
}

// nameCoverage finds the name of names best covered by the query words:
// covered is the number of its words found in qset, uncovered the number
// missing. Every spelling variant of a name counts.
func nameCoverage(names map[string]string, qset map[string]bool, sp spellings) (covered, uncovered int) {
	bestScore := -1.0
	for k, v := range names {
		if k == "addr:housename" && v == "" {
			continue
		}
		for _, ws := range sp.of(v) {
			c := 0
			for _, w := range ws {
				if qset[w] {
					c++
				}
			}
			if c == 0 {
				continue
			}
			// Equal scores prefer the fewer unmatched words, whatever
			// the order names come in (a map: "Aussichtsturm La
			// Simboula" and "Table d'orientation de la Simboula" score
			// alike for "Route de la Simboula").
			score := float64(c) - 0.5*float64(len(ws)-c)
			if score > bestScore || score == bestScore && len(ws)-c < uncovered {
				bestScore, covered, uncovered = score, c, len(ws)-c
			}
		}
	}
	return covered, uncovered
}

// nameHasWord reports whether a normalized word occurs in one of names.
func nameHasWord(names map[string]string, w string, sp spellings) bool {
	for _, v := range names {
		if vs := sp.of(v); len(vs) > 0 && slices.Contains(vs[0], w) {
			return true
		}
	}
	return false
}

// nameHasWordVariant reports whether w is a word of any spelling of names.
func nameHasWordVariant(names map[string]string, w string, sp spellings) bool {
	for _, v := range names {
		for _, ws := range sp.of(v) {
			if slices.Contains(ws, w) {
				return true
			}
		}
	}
	return false
}

// nameHasAnyWord reports whether a name of names holds one of words (in
// any spelling).
func nameHasAnyWord(names map[string]string, words []string, sp spellings) bool {
	for _, w := range words {
		for _, v := range text.Variants(w) {
			if nameHasWordVariant(names, v, sp) {
				return true
			}
		}
	}
	return false
}

// looksLikePostcode reports whether a query word has the shape of a
// postcode of the countries whose codes are all digits (4 or 5 of them:
// LI, CH, AT, DE, FR, US, ...).
func looksLikePostcode(w string) bool {
	if len(w) < 4 || len(w) > 5 {
		return false
	}
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
