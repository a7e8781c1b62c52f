package geocode_test

import (
	"context"
	"testing"

	"waymark/engine/geocode"
)

func TestSearchTolerantLI(t *testing.T) {
	ix, _ := liIndex(t)
	ctx := context.Background()
	c, err := geocode.NewCompleter(ctx, ix)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		q          string
		name, road string // of the first result; road "" for a named place
		house      string
	}{
		{q: "Vadutz", name: "Vaduz"},                          // a letter too many
		{q: "Balzres", name: "Balzers"},                       // transposition
		{q: "Triesenbreg", name: "Triesenberg"},               // in a long word
		{q: "Stdtle 29, Vaduz", road: "Städtle", house: "29"}, // a letter left out, house number
		{q: "Städtle29, Vaduz", road: "Städtle", house: "29"}, // a missing space before the number
		{q: "Kunstmuseum Liechtenstien", name: "Kunstmuseum Liechtenstein"},
		{q: "Vaduzcastle", name: "Schloss Vaduz"}, // two words without their space (its grounds "Vaduz Castle" merged)
		{q: "Restaurants in Vadutz"},              // a category around a misspelled place
	}
	for _, tc := range tests {
		if res, err := ix.Search(ctx, geocode.Request{Query: tc.q}); err != nil || len(res) > 0 {
			t.Errorf("Search(%q) = %d results, %v; want none as typed", tc.q, len(res), err)
		}
		res, err := ix.SearchTolerant(ctx, geocode.Request{Query: tc.q, Dedupe: true}, c)
		if err != nil || len(res) == 0 {
			t.Errorf("SearchTolerant(%q) = %d results, %v", tc.q, len(res), err)
			continue
		}
		p := res[0]
		road, _ := p.Get("road")
		switch {
		case p.Penalty < geocode.RespellPenalty:
			t.Errorf("SearchTolerant(%q)[0].Penalty = %v, want at least %v", tc.q, p.Penalty, geocode.RespellPenalty)
		case tc.name != "" && p.Name != tc.name && p.Names["name:en"] != tc.name:
			t.Errorf("SearchTolerant(%q)[0] = %q, want %q", tc.q, p.DisplayName, tc.name)
		case tc.road != "" && (road != tc.road || p.HouseNumber != tc.house):
			t.Errorf("SearchTolerant(%q)[0] = %q, want %s %s", tc.q, p.DisplayName, tc.road, tc.house)
		case tc.name == "" && tc.road == "" && p.Class != "amenity":
			t.Errorf("SearchTolerant(%q)[0] = %s/%s %q, want a restaurant", tc.q, p.Class, p.Type, p.DisplayName)
		}
	}
	// Nothing to correct: every word is a word of a place, or has no
	// correction.
	for _, q := range []string{"Vaduz", "Städtle 29, Vaduz", "xnznxvcx", "qq"} {
		if res, err := ix.SearchTolerant(ctx, geocode.Request{Query: q}, c); err != nil || len(res) > 0 {
			t.Errorf("SearchTolerant(%q) = %d results, %v; want none", q, len(res), err)
		}
	}
}
