package geocode

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/paulmach/orb"

	"waymark/engine/text"
)

// role is the part of a structured address a phrase fills.
type role uint8

const (
	roleAny role = iota
	roleAmenity
	roleStreet
	roleCity
	roleCounty
	roleState
	rolePostcode
	roleCountry
)

// phrase is one comma-separated part of a query, normalized into words.
type phrase struct {
	words []string
	role  role
}

// plan is a parsed query.
type plan struct {
	phrases   []phrase
	near      *orb.Point // query coordinate
	radius    float64    // degrees around near
	cat       *Category
	target    role     // structured: the phrase that names the result
	countries []string // structured country given as a code
	anyName   bool     // any word may be in the name, not only the first or last
	// wideParents: an address word matches every parent whose names
	// hold it, not only those it names whole (textCandidates).
	wideParents bool
}

// ftsCandidates is the number of index hits ranked per interpretation.
const ftsCandidates = 100

// nearRadius is the radius around a coordinate in the query (Nominatim's
// near_radius for query coordinates), in degrees.
const nearRadius = 0.1

// splitPhrases normalizes a free-text query into comma-separated phrases.
func splitPhrases(q string) []phrase {
	var out []phrase
	for _, part := range strings.FieldsFunc(q, func(r rune) bool { return r == ',' || r == ';' || r == '\n' }) {
		if w := text.Words(text.Normalize(part)); len(w) > 0 {
			out = append(out, phrase{words: w})
		}
	}
	return out
}

// parseFree reads free text: its "[key=value]" category and its
// coordinate, when it has them, and the phrases of the rest.
func parseFree(q string) (phrases []phrase, cat *Category, near *orb.Point) {
	rest, class, typ, hasCat := ExtractCategory(q)
	if hasCat {
		cat = &Category{class, typ}
	}
	rest, pt, hasPt := ExtractCoords(rest)
	if hasPt {
		near = &pt
	}
	return splitPhrases(rest), cat, near
}

// Search answers a forward geocoding request: free text (with coordinates,
// category phrases, house numbers and postcodes recognized) or structured.
// Results are ordered by Score (match penalty minus importance; distance
// for queries with coordinates), cut Nominatim's way (results ranking far
// behind the best are dropped), cut to req.Limit and then deduplicated
// when asked (the spec's order: fewer than Limit results can come back). No match gives an empty slice, not an error.
func (ix *Index) Search(ctx context.Context, req Request) ([]Place, error) {
	if req.Query != "" && req.structured() {
		return nil, fmt.Errorf("%w: free text cannot be combined with structured fields", ErrBadQuery)
	}
	if req.ftsSeen == nil {
		req.ftsSeen = map[string][]int64{}
	}
	var p plan
	if req.structured() {
		p = structuredPlan(&req)
		p.phrases = respell(p.phrases, req.respell)
		if len(p.phrases) == 0 {
			return nil, nil
		}
		if c, ok := phraseCategory(req.Amenity); ok && p.target == roleAmenity {
			// amenity=restaurant&city=Vaduz: that category in the place.
			p.cat = &c
			p.phrases = p.phrases[1:]
			for i := range p.phrases {
				p.phrases[i].role = roleAny
			}
			p.target = roleAny
			return ix.searchWithCategory(ctx, &req, p, plan{})
		}
	} else {
		q := strings.TrimSpace(req.Query)
		if q == "" {
			return nil, fmt.Errorf("%w: nothing to search for", ErrBadQuery)
		}
		phrases, cat, near := parseFree(q)
		p.phrases, p.cat = respell(phrases, req.respell), cat
		hasCat, hasPt := cat != nil, near != nil
		if hasPt {
			p.near, p.radius = near, nearRadius
		}
		if hasPt && !hasCat && len(p.phrases) == 0 {
			return ix.searchReverse(ctx, &req, *near)
		}
		if !hasCat && len(p.phrases) > 0 {
			if c, left, ok := splitPhrase(p.phrases[0].words); ok {
				p.cat = &c
				catPlan := p
				catPlan.phrases = append([]phrase(nil), p.phrases...)
				if len(left) == 0 {
					catPlan.phrases = catPlan.phrases[1:]
				} else {
					catPlan.phrases[0] = phrase{words: left}
				}
				return ix.searchWithCategory(ctx, &req, catPlan, p)
			}
		}
		if len(p.phrases) == 0 && p.cat == nil {
			return nil, nil
		}
	}
	if p.cat != nil {
		return ix.searchWithCategory(ctx, &req, p, plan{})
	}
	cands, err := ix.textCandidates(ctx, &req, p, p.near == nil)
	if err != nil {
		return nil, err
	}
	return ix.rankAndFinish(ctx, &req, cands, p.near != nil)
}

// searchWithCategory runs a category search and, when nameAlt has phrases
// (the category words might also be part of a name), a name search of the
// whole query: after the category results when the category found nothing
// around its place ("Hotel Adler"), or mixed with them by score when the
// category has no place to relate to.
//
// A category with no place to relate to (no rest of the query, no
// coordinate, no viewbox: "restaurants") ranks its places after the name
// matches ("Restaurant Adler").
func (ix *Index) searchWithCategory(ctx context.Context, req *Request, p plan, nameAlt plan) ([]Place, error) {
	cands, center, err := ix.categoryCandidates(ctx, req, p)
	if err != nil {
		return nil, err
	}
	catPenalty, altPenalty := 0.0, 0.2
	located := len(p.phrases) > 0 || p.near != nil || req.Viewbox != nil
	if !located {
		catPenalty, altPenalty = anywherePenalty, 0
	}
	for _, c := range cands {
		c.penalty += catPenalty
	}
	if len(nameAlt.phrases) > 0 {
		nameAlt.cat = nil
		more, err := ix.textCandidates(ctx, req, nameAlt, false)
		if err != nil {
			return nil, err
		}
		seen := map[int64]bool{}
		for _, c := range cands {
			seen[c.rec.PlaceID] = true
		}
		// Whether the category found places, before name matches join
		// the list: every name match is kept when it found none, not
		// only the first in index order.
		catFound := len(cands) > 0
		var exact []*cand
		for _, c := range more {
			switch {
			case c.penalty == 0 && (c.in == nil || len(c.in.hn) == 0):
				// The whole query is this place's name ("Restaurant
				// Adler"): it comes first.
				if center {
					c.dist = -1 - importanceOf(c.rec)
				}
				exact = append(exact, c)
			case seen[c.rec.PlaceID] || !located && p.cat.holds(c.rec) || catFound && located:
				// a place of the category is one of its candidates,
				// read or not (categoryByImportance reads the first)
			default:
				c.penalty += altPenalty
				if center {
					c.dist += 1
				}
				cands = append(cands, c)
			}
		}
		if len(exact) > 0 {
			kept := exact
			for _, c := range cands {
				if !containsCand(exact, c.rec.PlaceID) {
					kept = append(kept, c)
				}
			}
			cands = kept
		}
	}
	return ix.rankAndFinish(ctx, req, cands, center)
}

func containsCand(list []*cand, id int64) bool {
	for _, c := range list {
		if c.rec.PlaceID == id {
			return true
		}
	}
	return false
}

// searchReverse answers a query that is only a coordinate, as Nominatim
// does: the reverse result at zoom 18, if it passes the filters.
func (ix *Index) searchReverse(ctx context.Context, req *Request, pt orb.Point) ([]Place, error) {
	rr := ReverseRequest{Point: pt, Zoom: 18, Output: req.Output}
	pl, err := ix.Reverse(ctx, rr)
	if err != nil {
		if err == ErrNotFound {
			return nil, nil
		}
		return nil, err
	}
	if !req.accepts(pl.PlaceID, pl.CountryCode, pl.Centroid, pl.RankAddress) {
		return nil, nil
	}
	return []Place{*pl}, nil
}

// accepts applies the hard filters of a request to one place.
func (req *Request) accepts(id int64, cc string, pt orb.Point, rankAddress int) bool {
	if req.Exclude[id] {
		return false
	}
	if len(req.CountryCodes) > 0 && !contains(req.CountryCodes, cc) {
		return false
	}
	if req.Bounded && req.Viewbox != nil && !req.Viewbox.Contains(pt) {
		return false
	}
	if req.MaxRank > 0 && (rankAddress < req.MinRank || rankAddress > req.MaxRank) {
		return false
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// cand is a scored search candidate.
type cand struct {
	rec     *record
	penalty float64
	dist    float64 // degrees from the near point or category center
	in      *interp // the reading it matched (text search)
}

// rankAndFinish ranks (rankCands), completes, formats and deduplicates.
func (ix *Index) rankAndFinish(ctx context.Context, req *Request, cands []*cand, byDistance bool) ([]Place, error) {
	kept := rankCands(req, cands, byDistance)
	recs := make([]*record, len(kept))
	for i, c := range kept {
		recs[i] = c.rec
	}
	if err := ix.complete(ctx, recs); err != nil {
		return nil, err
	}
	places, err := ix.finish(ctx, recs, req.Output)
	if err != nil {
		return nil, err
	}
	if req.Dedupe {
		places = Dedupe(places)
	}
	return places, nil
}

// keeps reports whether r passes req's filters (rankCands keeps it).
func (req *Request) keeps(r *record) bool {
	return req.accepts(r.PlaceID, r.CountryCode, r.Centroid, r.RankAddress) &&
		req.Layers.matches(r.Class, r.RankAddress, r.RankAddress == 30 && (r.HouseNumber != "" || r.Names["addr:housename"] != ""))
}

// rankCands filters, scores (each record's Penalty and Score), sorts and
// cuts cands, reusing its array: the results before deduplication. The
// limit applies before deduplication (spec 4.1), so fewer than limit
// results can come back. A candidate's own penalty is left as it is, so
// ranking again (settled, lazy.go) gives the same.
func rankCands(req *Request, cands []*cand, byDistance bool) []*cand {
	kept := cands[:0]
	for _, c := range cands {
		r := c.rec
		if !req.keeps(r) {
			continue
		}
		pen := c.penalty
		if req.Viewbox != nil && !req.Bounded && !req.Viewbox.Contains(r.Centroid) {
			pen += 0.5
		}
		r.Penalty = pen
		if byDistance {
			r.Score = pen + c.dist
		} else {
			r.Score = pen - importanceOf(r)
		}
		kept = append(kept, c)
	}
	sort.SliceStable(kept, func(i, j int) bool {
		a, b := kept[i].rec, kept[j].rec
		if a.Score != b.Score {
			return a.Score < b.Score
		}
		if a.RankSearch != b.RankSearch {
			return a.RankSearch < b.RankSearch
		}
		return a.PlaceID < b.PlaceID
	})
	if len(kept) > 0 && !byDistance {
		settlementsFirst(kept)
		best := kept[0].rec
		cut := kept[:0]
		for _, c := range kept {
			if c.rec.Score+0.03*float64(c.rec.RankSearch-best.RankSearch) < best.Score+0.5 {
				cut = append(cut, c)
			}
		}
		kept = cut
	}
	if limit := req.limit(); len(kept) > limit {
		kept = kept[:limit]
	}
	return kept
}

// settlementsFirst moves each settlement among cands (ranked) before the
// candidates ranked above it that carry its name, a POI or street whose
// name holds the settlement's as whole words ("Schaan": the town before
// "Jugendherberge Schaan-Vaduz" in the viewbox), keeping the order
// otherwise. A settlement moved takes a Score just below the first it
// passes, so the order holds where results are merged by score (several
// packs).
func settlementsFirst(cands []*cand) {
	for j := 1; j < len(cands); j++ {
		s := cands[j].rec
		if !isSettlement(s.Class, s.Type, "", s.RankAddress) {
			continue
		}
		name := " " + text.Normalize(s.Names["name"]) + " "
		if name == "  " {
			continue
		}
		for i := range j {
			r := cands[i].rec
			if !isSettlement(r.Class, r.Type, "", r.RankAddress) &&
				strings.Contains(" "+text.Normalize(r.Names["name"])+" ", name) {
				c := cands[j]
				copy(cands[i+1:j+1], cands[i:j])
				cands[i] = c
				c.rec.Score = min(c.rec.Score, math.Nextafter(r.Score, math.Inf(-1)))
				break
			}
		}
	}
}

// importanceOf is the calculated importance of a candidate.
func importanceOf(r *record) float64 { return CalculatedImportance(&r.Place) }

// CalculatedImportance is Nominatim's calculated_importance: the stored
// importance, or a rank-based default (0.40001 - rank_search/75).
func CalculatedImportance(p *Place) float64 {
	if p.Importance > 0 {
		return p.Importance
	}
	return 0.40001 - float64(p.RankSearch)/75
}

// isHouseNumber reports whether a normalized word can start a house number.
func isHouseNumber(w string) bool {
	if w == "" || len(w) > 8 || w[0] < '0' || w[0] > '9' {
		return false
	}
	for _, r := range w {
		if !unicode.IsDigit(r) && !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// ftsWord is an FTS5 expression matching any variant of a query word.
func ftsWord(w string) string {
	vs := text.Variants(w)
	if len(vs) == 0 {
		vs = []string{w}
	}
	var b strings.Builder
	b.WriteByte('(')
	n := 0
	for _, v := range vs {
		if strings.Contains(v, " ") {
			continue
		}
		if n > 0 {
			b.WriteString(" OR ")
		}
		b.WriteString(`"` + strings.ReplaceAll(v, `"`, `""`) + `"`)
		n++
	}
	b.WriteByte(')')
	if n == 0 {
		return `"` + strings.ReplaceAll(w, `"`, `""`) + `"`
	}
	return b.String()
}

// distDeg approximates a distance in degrees by planar distance with
// longitude scaled by the cosine of the latitude.
func distDeg(a, b orb.Point) float64 {
	dx := (a[0] - b[0]) * math.Cos((a[1]+b[1])/2*math.Pi/180)
	dy := a[1] - b[1]
	return math.Hypot(dx, dy)
}
