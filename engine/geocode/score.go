package geocode

// score.go: the match penalty of a text search candidate.

import (
	"strings"

	"waymark/engine/text"
)

// scorer scores the candidates of one query. It memoizes what candidates
// share: the spellings of name values and the coverage of a whole name
// list (records with equal names JSON share one namesID, records).
type scorer struct {
	qset      map[string]bool // every spelling of every query word
	spellings spellings
	covers    map[int32][2]int // namesID → covered, uncovered
}

// newScorer returns the scorer of a query; words (nil: none) keeps the
// spellings of name values across queries.
func newScorer(p plan, words *wordCache) *scorer {
	return &scorer{qset: queryWordSet(p), spellings: newSpellings(words), covers: map[int32][2]int{}}
}

// queryWordSet holds every variant of every query word.
func queryWordSet(p plan) map[string]bool {
	m := map[string]bool{}
	for _, ph := range p.phrases {
		for _, w := range ph.words {
			for _, v := range text.Variants(w) {
				m[v] = true
			}
		}
	}
	return m
}

// coverage is nameCoverage of r's names under the query words.
func (sc *scorer) coverage(r *record) (covered, uncovered int) {
	if r.namesID == 0 {
		return nameCoverage(r.Names, sc.qset, sc.spellings)
	}
	cv, ok := sc.covers[r.namesID]
	if !ok {
		cv[0], cv[1] = nameCoverage(r.Names, sc.qset, sc.spellings)
		sc.covers[r.namesID] = cv
	}
	return cv[0], cv[1]
}

// score returns the match penalty of r under an interpretation:
// 0 for an exact match; more for a name the query covers only in part, a
// house number matched only in part, and so on. ok is false when r does not
// fit the interpretation (no name word matched, wrong rank, wrong number).
func (sc *scorer) score(r *record, in *interp) (float64, bool) {
	if in.maxRank > 0 && (r.RankAddress < in.minRank || r.RankAddress > in.maxRank) &&
		(r.RankSearch < in.minRank || r.RankSearch > in.maxRank) {
		return 0, false
	}
	pen := 0.0
	if in.postcode != "" && r.Postcode != "" && !samePostcode(r.Postcode, in.postcode) {
		pen += 0.2
	}
	if len(in.hn) > 0 {
		if r.HouseNumber == "" {
			return 0, false
		}
		hn := text.Normalize(r.HouseNumber)
		switch want := strings.Join(in.hn, " "); {
		case hn == want:
		case strings.ReplaceAll(hn, " ", "") == strings.ReplaceAll(want, " ", ""):
			pen += 0.02
		default:
			pen += 0.1
		}
		return pen, true
	}
	covered, uncovered := sc.coverage(r)
	if covered == 0 {
		return 0, false
	}
	pen += 0.1 * float64(min(uncovered, 5))
	if uncovered > 0 && len(in.lead) > 0 && !nameHasAnyWord(r.Names, in.lead, sc.spellings) {
		// A name matched only in part by a later phrase, with the first
		// phrase read as its address: Nominatim reads name first,
		// address after, and weighs such a backwards partial match low.
		pen += 0.3
	}
	// A number that could be the house number but only matched elsewhere
	// (a postcode, a code in a parent's name) makes this reading weaker
	// than the house-number reading.
	for _, w := range in.rest {
		if isHouseNumber(w) && !nameHasWord(r.Names, w, sc.spellings) {
			pen += 0.3
		}
	}
	return pen, true
}
