package ui

import (
	"strings"

	"waymark/engine/geocode"
)

// foldRows returns places with the rows a reader cannot tell apart — the
// same title, category and address line as the list shows them — folded
// into the first (best ranked) of them, so a list never shows one thing
// twice whatever the engine's own folding left. merged[i] lists the OSM
// objects folded into rows[i], the engine's (Place.Merged) and these,
// which the details offer.
func foldRows(places []geocode.Place) (rows []geocode.Place, merged [][]geocode.OSMRef) {
	if len(places) == 0 {
		return nil, nil
	}
	at := map[string]int{}
	for _, pl := range places {
		key := strings.ToLower(placeTitle(pl)) + "\x00" + categoryOf(pl) + "\x00" + strings.Join(addressLines(pl), ", ")
		if i, ok := at[key]; ok {
			if ref, ok := osmRefOf(pl); ok {
				merged[i] = appendRef(merged[i], rows[i], ref)
			}
			for _, ref := range pl.Merged {
				merged[i] = appendRef(merged[i], rows[i], ref)
			}
			continue
		}
		at[key] = len(rows)
		rows = append(rows, pl)
		var refs []geocode.OSMRef
		for _, ref := range pl.Merged {
			refs = appendRef(refs, pl, ref)
		}
		merged = append(merged, refs)
	}
	return rows, merged
}

// appendRef adds ref to refs unless it is kept's own or listed already.
func appendRef(refs []geocode.OSMRef, kept geocode.Place, ref geocode.OSMRef) []geocode.OSMRef {
	if own, ok := osmRefOf(kept); ok && own == ref {
		return refs
	}
	for _, r := range refs {
		if r == ref {
			return refs
		}
	}
	return append(refs, ref)
}

// osmRefOf returns pl's OpenStreetMap object ("W123"), ok false for a
// place that is none (a postcode area, an interpolated address).
func osmRefOf(pl geocode.Place) (geocode.OSMRef, bool) {
	if pl.OSMType == "" || pl.OSMID == 0 {
		return geocode.OSMRef{}, false
	}
	return geocode.OSMRef{Type: strings.ToUpper(pl.OSMType[:1])[0], ID: pl.OSMID}, true
}

// osmTypeName is "node", "way" or "relation" for a ref's type letter.
func osmTypeName(r geocode.OSMRef) string {
	switch r.Type {
	case 'N':
		return "node"
	case 'W':
		return "way"
	case 'R':
		return "relation"
	}
	return string(r.Type)
}
