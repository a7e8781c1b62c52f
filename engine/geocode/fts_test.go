package geocode_test

import (
	"context"
	"slices"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
)

// TestFTSInOrder: reading an index query's rowids as one row (ftsInOrder)
// gives the rows of the query itself, in order: the index queries of a
// thousand LI names and "name, town" pairs, without filters, with
// countrycodes and with a bounded viewbox, at search's limit and at 5.
func TestFTSInOrder(t *testing.T) {
	ctx := context.Background()
	ix, pk := liIndex(t)
	queries := column[string](t, packDB(t, pk), `SELECT q FROM (SELECT DISTINCT name AS q FROM places WHERE name != ''
		UNION SELECT DISTINCT p.name || ', ' || t.name FROM places p
			JOIN place_addressline a ON a.place_id = p.place_id AND a.isaddress AND a.rank_address = 16
			JOIN places t ON t.place_id = a.address_place_id WHERE p.name != '')
		ORDER BY q LIMIT 1000`)
	reqs := []*geocode.Request{{}, {CountryCodes: []string{"li"}},
		{Viewbox: &orb.Bound{Min: orb.Point{9.5, 47.05}, Max: orb.Point{9.55, 47.2}}, Bounded: true}}
	full, compared := 0, 0
	for i, q := range queries {
		req := reqs[i%len(reqs)]
		for _, e := range ix.FTSExprs(ctx, q) {
			for _, limit := range []int{geocode.FTSLimit, 5} {
				want, err1 := ix.FTSRows(ctx, req, e, limit)
				got, err2 := ix.FTSInOrder(ctx, req, e, limit)
				if err1 != nil || err2 != nil || !slices.Equal(got, want) {
					t.Fatalf("%q limit %d %+v: %v (%v), a row each %v (%v)", e, limit, req, got, err2, want, err1)
				}
				compared++
				if len(want) == limit {
					full++
				}
			}
		}
	}
	t.Logf("%d index queries the same, %d of them cut at their limit", compared, full)
	if full == 0 {
		t.Error("no query reached its limit")
	}
}

// TestFTSOncePerSearch: a search runs each distinct index query once, however
// many of its interpretations and fallbacks ask for it (addresses ask for
// the house-number reading twice), and answers as before (the lazy and
// ranking tests compare the answers).
func TestFTSOncePerSearch(t *testing.T) {
	ctx := context.Background()
	ix, _ := liIndex(t)
	for _, req := range []geocode.Request{
		{Query: "Landstrasse 10, Schaan"}, {Query: "Austrasse 11, Vaduz"}, {Query: "Städtle 22 Vaduz"},
		{Query: "restaurant Vaduz"}, {Query: "Vaduz"}, {Query: "Schaan", CountryCodes: []string{"li"}},
		{Street: "Landstrasse 10", City: "Schaan"}, {Query: "9490 Vaduz"},
	} {
		places, runs, distinct, err := ix.SearchCountingFTS(ctx, req)
		if err != nil || len(places) == 0 {
			t.Fatalf("%+v: %d places, %v", req, len(places), err)
		}
		if runs != distinct {
			t.Errorf("%+v: %d index queries run for %d distinct ones", req, runs, distinct)
		}
		if want, err := ix.SearchReadingAll(ctx, req); err != nil || want[0].PlaceID != places[0].PlaceID {
			t.Errorf("%+v: first %d, without the memo's search path %v (%v)", req, places[0].PlaceID, want, err)
		}
	}
}
