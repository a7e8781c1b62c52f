package geocode

// names.go: word-level tests of query words against a place's names.

import (
	"slices"
	"strings"

	"waymark/engine/text"
)

// spellings memoizes, for one query, the words of every spelling of name
// values (text.Variants, split into words; the first is Normalize's).
// A query's candidates share most of their names: a street name in every
// town that has one, a town's forty translations on each place carrying
// them, and normalizing them was most of the time a search spent scoring.
type spellings map[string][][]string

// of returns the words of each spelling of v (none when v normalizes to
// nothing).
func (sp spellings) of(v string) [][]string {
	if ws, ok := sp[v]; ok {
		return ws
	}
	vs := text.Variants(v)
	ws := make([][]string, len(vs))
	for i, x := range vs {
		ws[i] = strings.Fields(x)
	}
	sp[v] = ws
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
