package matchquality

import (
	"math"
	"testing"
)

func TestLevel(t *testing.T) {
	tests := []struct {
		name string
		p    Place
		want string
	}{
		{"poi", Place{Class: "amenity", Type: "restaurant", Name: "Adler", RankSearch: 30, RankAddress: 30}, LevelVenue},
		{"address", Place{Class: "place", Type: "house", HouseNumber: "5", RankSearch: 30, RankAddress: 30}, LevelBuilding},
		{"unnamed building", Place{Class: "building", Type: "yes", HouseNumber: "5", RankSearch: 30, RankAddress: 30}, LevelBuilding},
		{"street", Place{Class: "highway", Type: "residential", Name: "Landstrasse", RankSearch: 26, RankAddress: 26}, LevelStreet},
		{"neighbourhood", Place{Class: "place", Type: "neighbourhood", Name: "N", RankSearch: 22, RankAddress: 22}, LevelNeighbourhood},
		{"suburb", Place{Class: "place", Type: "suburb", Name: "S", RankSearch: 19, RankAddress: 20}, LevelBorough},
		{"hamlet", Place{Class: "place", Type: "hamlet", Name: "H", RankSearch: 20, RankAddress: 20}, LevelCity},
		{"town", Place{Class: "place", Type: "town", Name: "Vaduz", RankSearch: 18, RankAddress: 16}, LevelCity},
		{"municipality", Place{Class: "boundary", Type: "administrative", Name: "Vaduz", RankSearch: 16, RankAddress: 16}, LevelCity},
		{"county", Place{Class: "boundary", Type: "administrative", Name: "Oberland", RankSearch: 12, RankAddress: 12}, LevelCounty},
		{"state", Place{Class: "boundary", Type: "administrative", Name: "Alabama", RankSearch: 8, RankAddress: 8}, LevelState},
		{"country", Place{Class: "boundary", Type: "administrative", Name: "Liechtenstein", RankSearch: 4, RankAddress: 4}, LevelCountry},
		{"lake", Place{Class: "natural", Type: "water", Name: "Gampriner Seelein", RankSearch: 22}, LevelMarine},
		{"river", Place{Class: "waterway", Type: "river", Name: "Rhein", RankSearch: 22}, LevelMarine},
		{"postcode", Place{Class: "place", Type: "postcode", Name: "9490", RankSearch: 21}, LevelPostalcode},
		{"postal boundary", Place{Class: "boundary", Type: "postal_code", Name: "6710", RankSearch: 21}, LevelPostalcode},
		{"island", Place{Class: "place", Type: "island", Name: "I", RankSearch: 17}, LevelIsland},
	}
	for _, tc := range tests {
		if got := Level(tc.p); got != tc.want {
			t.Errorf("%s: Level(%+v) = %q, want %q", tc.name, tc.p, got, tc.want)
		}
	}
}

func TestMatchType(t *testing.T) {
	tests := []struct {
		p    Place
		want string
	}{
		{Place{OSMType: "N"}, TypePoint},
		{Place{OSMType: "node"}, TypePoint},
		{Place{OSMType: "W"}, TypeCentroid},
		{Place{OSMType: "R"}, TypeCentroid},
		{Place{OSMType: ""}, TypeCentroid},
		{Place{OSMType: "W", Interpolated: true}, TypeInterpolated},
	}
	for _, tc := range tests {
		if got := MatchType(tc.p); got != tc.want {
			t.Errorf("MatchType(%+v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}

func TestCode(t *testing.T) {
	house := Place{Class: "place", Type: "house", HouseNumber: "5", RankSearch: 30, RankAddress: 30}
	street := Place{Class: "highway", Type: "residential", Name: "L", RankSearch: 26, RankAddress: 26}
	tests := []struct {
		name string
		p    Place
		q    Query
		want string
	}{
		{"exact house", house, Query{WantedRank: 30}, CodeExact},
		{"street for a house number", street, Query{WantedRank: 30}, CodeFallback},
		{"typo", street, Query{WantedRank: 26, Fuzzy: true}, CodeApproximate},
		{"unmatched term", street, Query{Unmatched: 1}, CodeApproximate},
		{"unknown wanted rank", street, Query{}, CodeExact},
	}
	for _, tc := range tests {
		if got := Code(tc.p, tc.q); got != tc.want {
			t.Errorf("%s: Code = %q, want %q", tc.name, got, tc.want)
		}
	}
	r := Compute(house, Query{WantedRank: 30})
	if r != (Result{CodeExact, TypeCentroid, LevelBuilding}) {
		t.Errorf("Compute(house) = %+v", r)
	}
}

func TestNormalizeImportance(t *testing.T) {
	tests := []struct{ in, want float64 }{
		{-0.5, 0}, {0, 0}, {0.123456789, 0.123457}, {1, 1}, {1.7, 1}, {math.NaN(), 0},
	}
	for _, tc := range tests {
		if got := NormalizeImportance(tc.in); got != tc.want {
			t.Errorf("NormalizeImportance(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
