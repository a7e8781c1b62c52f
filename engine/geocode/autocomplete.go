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
	"waymark/engine/text"
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
}

// acDoc is what filters need of a document, parallel to the complete index.
type acDoc struct {
	id                      int64
	class, typ, linkedPlace string
	rankAddress             int
	country                 string
}

// NewCompleter loads every searchable place of ix's pack (named places,
// addresses, postcodes) into an autocomplete index.
func NewCompleter(ctx context.Context, ix *Index) (*Completer, error) {
	parentNames, err := ix.parentNames(ctx)
	if err != nil {
		return nil, err
	}
	// The parents written as search_parent tokens become address groups
	// of the index: their words match every member without a posting each.
	groupOf := map[string]int32{}
	var groups []string
	for tok, name := range parentNames {
		groupOf[tok] = int32(len(groups))
		groups = append(groups, unbar(name))
	}
	rows, err := ix.db.QueryContext(ctx, `
		SELECT p.place_id, p.class, p.type, p.rank_address, p.importance, p.lat, p.lon, p.country_code,
			p.street, p.addr_place, COALESCE(json_extract(p.extratags, '$.linked_place'), ''),
			s.name, s.housenumber, s.address, COALESCE(st.name, '')
		FROM search_name s
		JOIN places p ON p.place_id = `+ix.rowPlace+`
		LEFT JOIN places st ON st.place_id = p.parent_place_id AND p.housenumber != ''`)
	if err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	defer rows.Close()
	c := &Completer{ix: ix}
	var docs []complete.Doc
	seen := map[int64]bool{}
	for rows.Next() {
		var d acDoc
		var cd complete.Doc
		var street, addrPlace, sName, sHouse, sAddr, parentStreet string
		if err := rows.Scan(&d.id, &d.class, &d.typ, &d.rankAddress, &cd.Importance, &cd.Lat, &cd.Lon, &d.country,
			&street, &addrPlace, &d.linkedPlace, &sName, &sHouse, &sAddr, &parentStreet); err != nil {
			return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
		}
		var groupsOfDoc []int32
		sAddr, groupsOfDoc = splitGroups(sAddr, groupOf)
		cd.Groups = groupsOfDoc
		sName, sAddr = unbar(sName), unbar(sAddr)
		if sName != "" {
			// A named place with an address: its house number counts as a
			// name word, so "Landstrasse 382" finds the named building there
			// (ranked after places matched by name alone).
			cd.Name = []string{sName, sHouse}
			cd.Address = []string{sAddr}
		} else {
			// A plain address: its "name" is the house number and street,
			// so "Landstrasse 12" matches by name and "Vaduz" by address.
			st := street
			if st == "" {
				st = parentStreet
			}
			if st == "" {
				st = addrPlace
			}
			cd.Name = append([]string{sHouse}, text.Variants(st)...)
			cd.Address = []string{sAddr}
		}
		seen[d.id] = true
		c.docs = append(c.docs, d)
		docs = append(docs, cd)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete index: %w", err)
	}
	rows.Close()
	// Postcode centroids, unless search_name already holds them.
	prows, err := ix.db.QueryContext(ctx, `SELECT pc.place_id, pc.postcode, pc.country_code, pc.lat, pc.lon, p.importance
		FROM postcodes pc JOIN places p ON p.place_id = pc.place_id`)
	if err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete postcodes: %w", err)
	}
	defer prows.Close()
	for prows.Next() {
		var d acDoc
		var cd complete.Doc
		var code string
		if err := prows.Scan(&d.id, &code, &d.country, &cd.Lat, &cd.Lon, &cd.Importance); err != nil {
			return nil, fmt.Errorf("geocode: load autocomplete postcodes: %w", err)
		}
		if seen[d.id] {
			continue
		}
		d.class, d.typ = "place", "postcode"
		cd.Name = []string{text.Normalize(code)}
		c.docs = append(c.docs, d)
		docs = append(docs, cd)
	}
	if err := prows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: load autocomplete postcodes: %w", err)
	}
	c.cx = complete.BuildGroups(docs, groups)
	return c, nil
}

// parentNames returns the names of the search_parent tokens (none in packs
// without the table).
func (ix *Index) parentNames(ctx context.Context) (map[string]string, error) {
	if ix.stParent == nil {
		return nil, nil
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT token, name FROM search_parent`)
	if err != nil {
		return nil, fmt.Errorf("geocode: load parent names: %w", err)
	}
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var tok, name string
		if err := rows.Scan(&tok, &name); err != nil {
			return nil, fmt.Errorf("geocode: load parent names: %w", err)
		}
		m[tok] = name
	}
	return m, rows.Err()
}

// splitGroups takes the search_parent tokens out of the " | " separated
// values of an address column, returning the rest and their groups.
func splitGroups(addr string, groupOf map[string]int32) (string, []int32) {
	if len(groupOf) == 0 || !strings.Contains(addr, "wmp") {
		return addr, nil
	}
	parts := strings.Split(addr, " | ")
	kept := parts[:0]
	var groups []int32
	for _, p := range parts {
		if g, ok := groupOf[p]; ok {
			groups = append(groups, g)
			continue
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, " | "), groups
}

// unbar drops the " | " value separators of search_name columns.
func unbar(s string) string {
	if !strings.Contains(s, "|") {
		return s
	}
	return strings.ReplaceAll(s, "|", " ")
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
	// ranks it before importance (and a place inside the viewbox before one
	// outside).
	for i := range places {
		h := byID[places[i].PlaceID]
		places[i].Penalty = float64(h.Grade)
		if h.Misplaced > 0 {
			places[i].Penalty += 0.5
		}
		if h.AddressWords > 0 {
			places[i].Penalty += 0.25
		}
		places[i].Score = places[i].Penalty*10 - h.Importance
		if h.InBox {
			places[i].Score--
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
	if len(q.CountryCodes) > 0 {
		ok := false
		for _, cc := range q.CountryCodes {
			ok = ok || cc == d.country
		}
		if !ok {
			return false
		}
	}
	if !q.Tag.IsZero() && !matchTag(q.Tag, d.class, d.typ, d.linkedPlace) {
		return false
	}
	if !q.Layers.IsZero() && !q.Layers.Match(d.class, d.typ, d.rankAddress) {
		if d.linkedPlace == "" || !q.Layers.Match("place", d.linkedPlace, d.rankAddress) {
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
