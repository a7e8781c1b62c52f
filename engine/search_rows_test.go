package engine_test

// search_rows_test.go: one row per real-world thing, and a settlement
// before the POIs named after it, in suggestions and results, on the LI
// pack (issue 32).

import (
	"context"
	"slices"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
)

// vaduzView is a window's map view over Vaduz and the south of Schaan: it
// holds Schaan's youth hostel and bus stops, not the town's centre.
var vaduzView = orb.Bound{Min: orb.Point{9.50, 47.13}, Max: orb.Point{9.53, 47.16}}

func ref(p geocode.Place) geocode.OSMRef {
	return geocode.OSMRef{Type: p.OSMType[0] - 'a' + 'A', ID: p.OSMID}
}

// TestSettlementBeforeItsPOIs: a settlement ranks before the POIs named
// after it, with the window's viewbox elsewhere or none: Schaan's town
// before its youth hostel and bus stops in view, the hamlet Jones (in the
// extract's US part) before the shop "jones" in Vaduz.
func TestSettlementBeforeItsPOIs(t *testing.T) {
	e := threePacks(t)
	ctx := context.Background()
	tests := []struct {
		text string
		want geocode.OSMRef
	}{
		{"Schaan", refs("R1155952")[0]},
		{"Jones", refs("N153514723")[0]},
	}
	for _, tc := range tests {
		for _, view := range []*orb.Bound{nil, &vaduzView} {
			ac := engine.AutocompleteQuery{Text: tc.text, Limit: 8, Dedupe: true}
			if view != nil {
				ac.Viewbox, ac.HasViewbox = *view, true
			}
			res, err := e.Autocomplete(ctx, ac)
			if err != nil || len(res) == 0 || ref(res[0]) != tc.want {
				t.Errorf("Autocomplete(%s, viewbox %v)[0] = %v, %v; want %v", tc.text, view, first(res), err, tc.want)
			}
			res, err = e.Search(ctx, engine.SearchRequest{Query: tc.text, Limit: 20, Dedupe: true, Viewbox: view})
			if err != nil || len(res) == 0 || ref(res[0]) != tc.want {
				t.Errorf("Search(%s, viewbox %v)[0] = %v, %v; want %v", tc.text, view, first(res), err, tc.want)
			}
		}
	}
}

// refs parses OSM refs ("N123").
func refs(list ...string) []geocode.OSMRef {
	var out []geocode.OSMRef
	for _, s := range list {
		r, ok := geocode.ParseOSMRef(s)
		if !ok {
			panic("bad ref " + s)
		}
		out = append(out, r)
	}
	return out
}

func first(res []geocode.Place) string {
	if len(res) == 0 {
		return "nothing"
	}
	return res[0].OSMType + " " + res[0].DisplayName
}

// TestOneRowPerThing: the objects of one thing are one row (in suggestions
// as the window asks them, and in results), the others in its Merged.
func TestOneRowPerThing(t *testing.T) {
	e := threePacks(t)
	castle := refs("R1252853", "W651764121", "N49872651", "N5691244523")
	quader := refs("N1534683416", "N984721591")
	tests := []struct {
		name, text string
		search     bool
		thing      []geocode.OSMRef // one row among these, folding the others found
		row        geocode.OSMRef   // which one is the row (zero: any)
	}{
		{"castle: node, area, grounds, boards", "Vaduz", false, castle, castle[0]},
		{"castle by its name", "Schloss Vaduz", false, castle, castle[0]},
		{"castle by its name, results", "Schloss Vaduz", true, castle, castle[0]},
		{"both directions of a bus stop", "Schaan Quader", false, quader, geocode.OSMRef{}},
		{"both directions of a bus stop, results", "Schaan Quader", true, quader, geocode.OSMRef{}},
	}
	for _, tc := range tests {
		all := rowsOf(t, e, tc.text, tc.search, false)
		rows := rowsOf(t, e, tc.text, tc.search, true)
		var found []geocode.OSMRef // the thing's objects found without dedupe
		for _, p := range all {
			if slices.Contains(tc.thing, ref(p)) {
				found = append(found, ref(p))
			}
		}
		if len(found) < 2 {
			t.Errorf("%s: %q finds %v of %v without dedupe: no duplicate to fold", tc.name, tc.text, found, tc.thing)
			continue
		}
		n := 0
		for _, p := range rows {
			if !slices.Contains(tc.thing, ref(p)) {
				continue
			}
			n++
			if tc.row != (geocode.OSMRef{}) && ref(p) != tc.row {
				t.Errorf("%s: %q shows %v, want %v", tc.name, tc.text, ref(p), tc.row)
			}
			for _, f := range found {
				if f != ref(p) && !slices.Contains(p.Merged, f) {
					t.Errorf("%s: %q row %v merges %v, not %v", tc.name, tc.text, ref(p), p.Merged, f)
				}
			}
		}
		if n != 1 {
			t.Errorf("%s: %q shows %d rows of %v, want 1", tc.name, tc.text, n, tc.thing)
		}
	}
}

// TestStreetOncePerSettlement: the segments of a street are one row per
// settlement (Landstrasse: 8 rows with 3 identical pairs before).
func TestStreetOncePerSettlement(t *testing.T) {
	e := threePacks(t)
	for _, search := range []bool{false, true} {
		rows := rowsOf(t, e, "Landstrasse", search, true)
		seen := map[string]bool{}
		for _, p := range rows {
			if p.Name != "Landstrasse" {
				continue
			}
			city, rank := "", 99 // the municipality: Vaduz, not Ebenholz in it
			for _, a := range p.Address {
				if (a.Key == "city" || a.Key == "town" || a.Key == "village") && a.Rank < rank {
					city, rank = a.Value, a.Rank
				}
			}
			if seen[city] {
				t.Errorf("Landstrasse (search %v): two rows in %s: %v", search, city, names(rows))
			}
			seen[city] = true
		}
		if len(seen) < 2 {
			t.Errorf("Landstrasse (search %v): rows in %v, want one per town", search, seen)
		}
	}
}

// TestNothingOutOfReach: every object found without dedupe is a row or in
// a row's Merged with it.
func TestNothingOutOfReach(t *testing.T) {
	e := threePacks(t)
	for _, text := range []string{"Vaduz", "Schaan", "Landstrasse", "Schloss Vaduz", "Schaan Quader", "Malbunstr", "Bahnhof"} {
		for _, search := range []bool{false, true} {
			all := rowsOf(t, e, text, search, false)
			reach := map[geocode.OSMRef]bool{}
			for _, p := range rowsOf(t, e, text, search, true) {
				reach[ref(p)] = true
				for _, m := range p.Merged {
					reach[m] = true
				}
			}
			for _, p := range all {
				if !reach[ref(p)] {
					t.Errorf("%q (search %v): %v %s found without dedupe, out of reach with it", text, search, ref(p), p.DisplayName)
				}
			}
		}
	}
}

// rowsOf returns the window's suggestions (8, its viewbox) or results (20)
// for text.
func rowsOf(t *testing.T, e *engine.Engine, text string, search, dedupe bool) []geocode.Place {
	t.Helper()
	ctx := context.Background()
	var res []geocode.Place
	var err error
	if search {
		res, err = e.Search(ctx, engine.SearchRequest{Query: text, Limit: 20, Dedupe: dedupe})
	} else {
		res, err = e.Autocomplete(ctx, engine.AutocompleteQuery{Text: text, Limit: 8, Dedupe: dedupe, Viewbox: vaduzView, HasViewbox: true})
	}
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func names(res []geocode.Place) []string {
	var out []string
	for _, p := range res {
		out = append(out, p.DisplayName)
	}
	return out
}
