package engine_test

import (
	"context"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geo"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/engine/geocode/tagfilter"
	"waymark/internal/testpacks"
)

func TestNearbyFacade(t *testing.T) {
	e := liEngine(t)
	ctx := context.Background()
	vaduz := orb.Point{9.5226, 47.1393}
	restaurant, _ := tagfilter.ParseNearby("restaurant")
	tests := []struct {
		name   string
		q      engine.NearbyQuery
		min    int
		filter func(class, typ string) bool
	}{
		{"100 m", engine.NearbyQuery{Point: vaduz, Radius: 100, Limit: 10}, 1, nil},
		{"1 km limit", engine.NearbyQuery{Point: vaduz, Radius: 1000, Limit: 10}, 10, nil},
		{"restaurants", engine.NearbyQuery{Point: vaduz, Radius: 5000, Limit: 50, Tag: restaurant}, 1,
			func(c, t string) bool { return c == "amenity" && t == "restaurant" }},
		{"nowhere", engine.NearbyQuery{Point: orb.Point{0, 0}, Radius: 1000, Limit: 10}, 0, nil},
	}
	for _, tc := range tests {
		res, err := e.Nearby(ctx, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(res) < tc.min || len(res) > tc.q.Limit {
			t.Errorf("%s: %d results, want %d..%d", tc.name, len(res), tc.min, tc.q.Limit)
		}
		last := -1.0
		for _, p := range res {
			d := geo.DistanceHaversine(tc.q.Point, p.Centroid)
			if d > tc.q.Radius+0.5 || p.Distance < last {
				t.Errorf("%s: %q at %.1f m (reported %.1f) beyond %g m or unsorted", tc.name, p.Name, d, p.Distance, tc.q.Radius)
			}
			last = p.Distance
			if tc.filter != nil && !tc.filter(p.Class, p.Type) {
				t.Errorf("%s: got %s:%s", tc.name, p.Class, p.Type)
			}
		}
	}
}

func TestWaterAt(t *testing.T) {
	e := liEngine(t)
	ctx := context.Background()
	tests := []struct {
		name     string
		pt       orb.Point
		wantName string
		wantKey  string
	}{
		{"Rhine river area", orb.Point{9.50180583684315, 47.1476660197518}, "Rhein", "river"},
		{"lake", orb.Point{9.50927441761486, 47.2252469011409}, "Gampriner Seele", "water"},
		{"land in Vaduz", orb.Point{9.5226, 47.1393}, "", ""},
		{"outside the pack", orb.Point{0, 0}, "", ""},
	}
	for _, tc := range tests {
		p, err := e.WaterAt(ctx, tc.pt, geocode.Output{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.wantName == "" {
			if p != nil {
				t.Errorf("%s: WaterAt(%v) = %q, want nothing", tc.name, tc.pt, p.Name)
			}
			continue
		}
		if p == nil {
			t.Fatalf("%s: WaterAt(%v) = nil, want %q", tc.name, tc.pt, tc.wantName)
		}
		if p.Name != tc.wantName || len(p.Address) != 2 || p.Address[0].Key != "name" || p.Address[1].Key != tc.wantKey ||
			p.DisplayName != tc.wantName {
			t.Errorf("%s: WaterAt(%v) = %q %+v, want %q with key %q", tc.name, tc.pt, p.Name, p.Address, tc.wantName, tc.wantKey)
		}
	}
}

// TestPlacesTwoPacks checks that autocomplete and nearby merge the answers
// of several packs with public place ids naming the right pack.
func TestPlacesTwoPacks(t *testing.T) {
	e, err := engine.Open(testpacks.Path(t, "liechtenstein"), testpacks.Path(t, "monaco"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	tests := []struct {
		text     string
		wantPack int
		wantName string
	}{
		{"Vaduz", 0, "Vaduz"},
		{"Monte-Carl", 1, "Monte-Carlo"},
		{"Fontvieil", 1, "Fontvieille"},
	}
	for _, tc := range tests {
		res, err := e.Autocomplete(ctx, engine.AutocompleteQuery{Text: tc.text, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		if len(res) == 0 {
			t.Fatalf("Autocomplete(%q) found nothing", tc.text)
		}
		pack, _ := engine.SplitPlaceID(res[0].PlaceID)
		if pack != tc.wantPack || res[0].Name != tc.wantName {
			t.Errorf("Autocomplete(%q)[0] = %q in pack %d, want %q in pack %d", tc.text, res[0].Name, pack, tc.wantName, tc.wantPack)
		}
	}
	res, err := e.Nearby(ctx, engine.NearbyQuery{Point: orb.Point{7.4246, 43.7384}, Radius: 500, Limit: 5})
	if err != nil || len(res) == 0 {
		t.Fatalf("Nearby in Monaco = %d results, %v", len(res), err)
	}
	for _, p := range res {
		if pack, _ := engine.SplitPlaceID(p.PlaceID); pack != 1 {
			t.Errorf("Nearby in Monaco gave %q from pack %d", p.Name, pack)
		}
	}
}
