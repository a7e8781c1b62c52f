package geocode

import "testing"

func TestSettlementAndShortAddress(t *testing.T) {
	tail := []AddressPart{
		{Key: "village", Value: "Ebenholz", Rank: 18, PlaceID: 3},
		{Key: "town", Value: "Vaduz", Rank: 16, PlaceID: 2},
		{Key: "county", Value: "Oberland", Rank: 12, PlaceID: 1},
		{Key: "postcode", Value: "9490", Rank: 5},
		{Key: "country", Value: "Liechtenstein", Rank: 4},
		{Key: "country_code", Value: "li", Rank: 4},
	}
	with := func(head ...AddressPart) []AddressPart { return append(head, tail...) }
	tests := []struct {
		name       string
		p          Place
		settlement string
		short      string
	}{
		{"a POI with an address", Place{Name: "Liechtenstein Center", CountryCode: "li", Address: with(
			AddressPart{Key: "tourism", Value: "Liechtenstein Center", Rank: 30},
			AddressPart{Key: "house_number", Value: "39", Rank: 28},
			AddressPart{Key: "road", Value: "Städtle", Rank: 26})}, "Vaduz", "Städtle 39, 9490 Vaduz"},
		{"a street", Place{Name: "Städtle", CountryCode: "li", Address: with(
			AddressPart{Key: "road", Value: "Städtle", Rank: 26})}, "Vaduz", "Städtle, 9490 Vaduz"},
		{"the village node itself: its municipality", Place{Name: "Ebenholz", CountryCode: "li", Address: tail}, "Vaduz", "9490 Vaduz"},
		{"no settlement", Place{Name: "Rhein", CountryCode: "li", Address: tail[2:]}, "", "9490"},
		{"nothing but the country", Place{Name: "Liechtenstein", CountryCode: "li", Address: tail[4:]}, "", ""},
	}
	for _, tc := range tests {
		s, ok := SettlementOf(&tc.p)
		if s.Value != tc.settlement || ok != (tc.settlement != "") {
			t.Errorf("%s: SettlementOf = %q, %v; want %q", tc.name, s.Value, ok, tc.settlement)
		}
		if got := ShortAddress(&tc.p); got != tc.short {
			t.Errorf("%s: ShortAddress = %q, want %q", tc.name, got, tc.short)
		}
	}
}
