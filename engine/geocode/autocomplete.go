package geocode

// autocomplete.go: place predictions for partly typed text (spec 4.4) over
// the in-memory index of package complete, loaded from the pack's
// search_name table. Ranking and matching rules are package complete's; this
// file loads the documents, applies the filters of the request (tag,
// layers, countrycodes, viewbox) and assembles the records with the same
// address code as search.

import (
	"context"
	"fmt"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine/geocode/complete"
	"waymark/engine/geocode/tagfilter"
)

// AutocompleteQuery is one autocomplete request.
type AutocompleteQuery struct {
	// Text is the typed text; its last word matches as a prefix unless the
	// text ends with a space or punctuation.
	Text string
	// Limit is the maximum number of predictions (before deduplication).
	Limit int
	// Tag filters by OSM class/type (zero: no filter).
	Tag tagfilter.Filter
	// Layers filters by layer (zero: no filter).
	Layers tagfilter.Layers
	// CountryCodes restricts to these lower-case ISO 3166-1 codes (nil: any).
	CountryCodes []string
	// Viewbox, when HasViewbox, prefers (Bounded: restricts to) places
	// inside it and ranks nearer ones first.
	Viewbox    orb.Bound
	HasViewbox bool
	Bounded    bool
	// DistanceOnly sorts by distance to the viewbox centre only
	// (importancesort=0); it needs a viewbox.
	DistanceOnly bool
	// Dedupe drops later predictions of the same real-world place.
	Dedupe bool
	// Output selects languages and extras of the records.
	Output Output
}

// Completer answers autocomplete queries over one pack. Build it once per
// pack with NewCompleter; it is safe for concurrent use.
type Completer struct {
	ix   *Index
	cx   *complete.Index
	docs []acDoc
	strs []string // the documents' class, type, linked place and country values
}

// docAttrs is what the loaders read of a document's place.
type docAttrs struct {
	id                      int64
	class, typ, linkedPlace string
	rankAddress             int
	country                 string
	postcode                bool // a postcode centroid (postcodes table)
}

// acDoc is what filters need of a document, parallel to the complete
// index: its attributes with their strings as numbers in the completer's
// string table, so the documents are one flat array that an image holds
// as it is (autocomplete_image.go).
type acDoc struct {
	id                          int64
	class, typ, linked, country uint32 // in Completer.strs
	rankAddress                 uint8
	postcode                    bool
}

// newCompleter returns the completer of documents attrs (in document
// order) and index cx.
func newCompleter(ix *Index, attrs []docAttrs, cx *complete.Index) *Completer {
	c := &Completer{ix: ix, cx: cx, docs: make([]acDoc, len(attrs))}
	var strs docStrings
	for i, a := range attrs {
		strs.fill(&c.docs[i], a)
	}
	c.strs = strs.strs
	return c
}

// preferred reports whether a document ranks before the others matched
// as well: a settlement (see Query.Prefer of package complete).
func (a *docAttrs) preferred() bool {
	return isSettlement(a.class, a.typ, a.linkedPlace, a.rankAddress)
}

// Len returns the number of indexed places.
func (c *Completer) Len() int { return len(c.docs) }

// Autocomplete returns the predictions for q, best first: records with
// address, display name and names in the requested languages. No match is
// an empty result, not an error.
func (c *Completer) Autocomplete(ctx context.Context, q AutocompleteQuery) ([]Place, error) {
	words, prefix := complete.ParseText(q.Text)
	if len(words) == 0 {
		return nil, fmt.Errorf("%w: empty text", ErrBadQuery)
	}
	limit := q.Limit
	if limit <= 0 {
		limit = 10
	}
	cq := complete.Query{
		Words: words, LastIsPrefix: prefix, NameWords: complete.NameWords(q.Text), Limit: limit,
		Box: q.Viewbox, HasBox: q.HasViewbox, Bounded: q.HasViewbox && q.Bounded,
		DistanceOnly: q.HasViewbox && q.DistanceOnly,
	}
	if !q.Tag.IsZero() || !q.Layers.IsZero() || len(q.CountryCodes) > 0 {
		cq.Accept = func(i int) bool { return c.accept(&c.docs[i], &q) }
	}
	// A settlement (the index's preferred documents: docAttrs.preferred)
	// before the POIs named after it, in the viewbox or not ("Schaan":
	// the town before its youth hostel).
	cq.Prefer = !cq.DistanceOnly
	hits := c.cx.Search(cq)
	ids := make([]int64, len(hits))
	byID := make(map[int64]complete.Hit, len(hits))
	for i, h := range hits {
		ids[i] = c.docs[h.Doc].id
		byID[ids[i]] = h
	}
	places, err := c.ix.placesInOrder(ctx, ids, q.Output)
	if err != nil {
		return nil, err
	}
	// Score and Distance let the engine merge the answers of several packs
	// in the same order: Penalty is the match grade (+0.5 when words before
	// a comma matched only the address, +0.25 when any word did), Score
	// ranks it before a preferred place (a settlement), then a place inside
	// the viewbox, then importance.
	for i := range places {
		h := byID[places[i].PlaceID]
		places[i].Penalty = float64(h.Grade)
		if h.Misplaced > 0 {
			places[i].Penalty += 0.5
		}
		if h.AddressWords > 0 {
			places[i].Penalty += 0.25
		}
		places[i].Score = places[i].Penalty*100 - h.Importance
		if h.Preferred {
			places[i].Score -= 4
		}
		if h.InBox {
			places[i].Score -= 2
		}
		places[i].Distance = h.Distance
	}
	if q.Dedupe {
		places = Dedupe(places)
	}
	return places, nil
}

// accept applies the request's filters to one document.
func (c *Completer) accept(d *acDoc, q *AutocompleteQuery) bool {
	class, typ, linked := c.strs[d.class], c.strs[d.typ], c.strs[d.linked]
	if len(q.CountryCodes) > 0 {
		ok := false
		for _, cc := range q.CountryCodes {
			ok = ok || cc == c.strs[d.country]
		}
		if !ok {
			return false
		}
	}
	if !q.Tag.IsZero() && !matchTag(q.Tag, class, typ, linked) {
		return false
	}
	rank := int(d.rankAddress)
	if !q.Layers.IsZero() && !q.Layers.Match(class, typ, rank) {
		if linked == "" || !q.Layers.Match("place", linked, rank) {
			return false
		}
	}
	return true
}

// matchTag applies a tag filter to a place, which also matches as
// place=<linked_place> when it is a boundary standing for a place node
// (the boundary of Vaduz is also place:town).
func matchTag(f tagfilter.Filter, class, typ, linkedPlace string) bool {
	if f.Match(class, typ) {
		return true
	}
	return linkedPlace != "" && f.Match("place", linkedPlace)
}

// placesInOrder loads and assembles the places of ids, keeping their order.
func (ix *Index) placesInOrder(ctx context.Context, ids []int64, out Output) ([]Place, error) {
	if len(ids) == 0 {
		return []Place{}, nil
	}
	recs, err := ix.records(ctx, ids)
	if err != nil {
		return nil, err
	}
	ordered := make([]*record, 0, len(ids))
	for _, id := range ids {
		if r := recs[id]; r != nil {
			ordered = append(ordered, r)
		}
	}
	return ix.finish(ctx, ordered, out)
}

// usHouseFirst lists countries that write the house number before the street.
var usHouseFirst = map[string]bool{"us": true, "gb": true, "ie": true, "fr": true, "mc": true, "ca": true, "au": true, "nz": true, "in": true, "za": true}

// DisplayPlace returns autocomplete's display_place: the place's own name,
// or for a plain address its house number and street (in the country's
// order), or the first address part.
func DisplayPlace(p Place) string {
	if p.Name != "" {
		return p.Name
	}
	road, _ := p.Get("road")
	switch {
	case p.HouseNumber != "" && road != "" && usHouseFirst[p.CountryCode]:
		return p.HouseNumber + " " + road
	case p.HouseNumber != "" && road != "":
		return road + " " + p.HouseNumber
	case p.HouseNumber != "":
		return p.HouseNumber
	}
	for _, a := range p.Address {
		if a.Value != "" && a.Key != "country_code" && !strings.HasPrefix(a.Key, "ISO3166-2") {
			return a.Value
		}
	}
	return ""
}

// DisplayAddress returns autocomplete's display_address: the display name
// without the parts DisplayPlace shows (the place's own name; for a plain
// address its house number and street).
func DisplayAddress(p Place) string {
	parts := p.Address
	switch {
	case p.Name != "":
		if len(parts) > 0 && parts[0].Value == p.Name {
			parts = parts[1:]
		}
	case p.HouseNumber != "":
		rest := make([]AddressPart, 0, len(parts))
		roadSkipped := false
		for _, a := range parts {
			if a.Key == "house_number" || a.Key == "road" && !roadSkipped {
				roadSkipped = roadSkipped || a.Key == "road"
				continue
			}
			rest = append(rest, a)
		}
		parts = rest
	case len(parts) > 0:
		parts = parts[1:]
	}
	return DisplayName(parts)
}
