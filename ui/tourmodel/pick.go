package tourmodel

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"waymark/engine/geocode"
)

// Candidates lists the places a typed stop name may mean: the search
// results (best first), then the suggestions for the same text that are
// not one of them.
func Candidates(results, suggestions []geocode.Place) []geocode.Place {
	out := append([]geocode.Place(nil), results...)
	for _, s := range suggestions {
		dup := false
		for _, r := range results {
			dup = dup || samePlace(r, s)
		}
		if !dup {
			out = append(out, s)
		}
	}
	return out
}

// Pick decides which candidate (see Candidates) a typed stop name means,
// for Enter in the add-a-stop field without a highlighted suggestion. The
// first candidate wins only when it clearly does: it is the only one, or
// one of its names is the typed text (ignoring case, accents and
// punctuation) and no other candidate's name holds the text as a whole
// word or words — except, for a settlement, the places named after it,
// settlements among them ("l’Aldosa de Canillo" does not stand beside the
// town "Canillo"). The same place mapped twice counts once: a town's node
// and its boundary (same name, within 2 km), or a settlement and the
// administrative area of its name around it (Andorra's parishes are
// mapped apart from their towns) — then the settlement is the stop, as
// one drives to the town, not to the middle of its parish. An area
// whose towns of other names were found too is not guessed either: the
// planner picks the town ("Escaldes-Engordany": les Escaldes or
// Engordany) or the area.
//
// Otherwise ok is false and the planner chooses. "Vaduz" adds the town
// (Vaduz Castle, Rathaus Vaduz, … are named after it: a settlement
// outranks them, as in search), "Kunstmuseum Liechtenstein" names one
// place and is added; "Landstrasse" (streets of that name in several
// villages) or "Vaduz" with a second town of the name far away are
// listed, never guessed, and so is any text whose best result is not
// named so (the recycling point "Wertstoffsammelstelle Vaduz-Triesen").
func Pick(text string, cands []geocode.Place) (i int, ok bool) {
	switch len(cands) {
	case 0:
		return -1, false
	case 1:
		return 0, true
	}
	want := fold(text)
	bi, best := 0, cands[0]
	if want == "" || !named(best, want) {
		return -1, false
	}
	if isAdminArea(best) {
		for i, c := range cands[1:] {
			if c.IsSettlement() && named(c, want) && best.Bound.Contains(c.Centroid) {
				bi, best = i+1, c
				break
			}
		}
		if bi == 0 && settlementWithin(best, cands[1:]) {
			return -1, false
		}
	}
	town := best.IsSettlement()
	for i, c := range cands {
		if i == bi || samePlace(c, best) {
			continue
		}
		if named(c, want) && (Near(c.Centroid, best.Centroid, 2000) || town && isAdminArea(c) && c.Bound.Contains(best.Centroid)) {
			continue
		}
		if town && !named(c, want) {
			continue // named after the settlement
		}
		if mentions(c, want) {
			return -1, false
		}
	}
	return bi, true
}

// settlementWithin reports whether one of cands is a settlement (not an
// area) inside area: the district's towns found by the same words
// ("Escaldes-Engordany": les Escaldes and Engordany), one of which the
// planner means rather than the district's centroid, which may lie in
// the mountains far from any road.
func settlementWithin(area geocode.Place, cands []geocode.Place) bool {
	for _, c := range cands {
		if c.IsSettlement() && !isAdminArea(c) && area.Bound.Contains(c.Centroid) {
			return true
		}
	}
	return false
}

// isAdminArea reports whether pl is an administrative boundary.
func isAdminArea(pl geocode.Place) bool {
	return pl.Class == "boundary" && pl.Type == "administrative"
}

// samePlace reports whether a and b are the same record.
func samePlace(a, b geocode.Place) bool {
	if a.OSMType != "" && a.OSMType == b.OSMType && a.OSMID == b.OSMID {
		return true
	}
	return a.PlaceID != 0 && a.PlaceID == b.PlaceID
}

// placeNames returns pl's names: its display name and its name tags.
func placeNames(pl geocode.Place) []string {
	out := []string{pl.Name}
	for _, n := range pl.Names {
		out = append(out, n)
	}
	return out
}

// named reports whether one of pl's names folds to want.
func named(pl geocode.Place, want string) bool {
	for _, n := range placeNames(pl) {
		if fold(n) == want {
			return true
		}
	}
	return false
}

// mentions reports whether one of pl's names holds want as whole words.
func mentions(pl geocode.Place, want string) bool {
	w := " " + want + " "
	for _, n := range placeNames(pl) {
		if strings.Contains(" "+fold(n)+" ", w) {
			return true
		}
	}
	return false
}

// fold lowers s, drops accents and keeps letters and digits separated by
// single spaces: "Schloss  Vaduz!" and "schloss vaduz" fold alike.
func fold(s string) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}
