package api

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/geocode/addrformat"
)

func queryOf(target string) *Query { return NewQuery(httptest.NewRequest("GET", target, nil)) }

func TestParseFormat(t *testing.T) {
	tests := []struct {
		kind    Kind
		query   string
		want    string
		badName string
	}{
		{KindReverse, "", "xml", ""},
		{KindReverse, "format=json", "json", ""},
		{KindReverse, "format=xmlv1.1", "xmlv1.1", ""},
		{KindReverse, "format=XML", "xml", ""},
		{KindReverse, "format=html", "", "format"},
		{KindLookup, "", "json", ""},
		{KindLookup, "format=json", "json", ""},
		{KindLookup, "format=xmlv1.1", "", "format"},
		{KindLookup, "format=html", "", "format"},
		{KindLookup, "format=xml", "", "format"},
		{KindSearch, "", "json", ""},
		{KindSearch, "format=xml", "xml", ""},
		{KindSearch, "format=xmlv1.1", "", "format"},
		{KindStructured, "format=xml", "xml", ""},
		{KindPostalcode, "format=json", "json", ""},
		{KindAutocomplete, "format=json", "json", ""},
		{KindAutocomplete, "format=xml", "", "format"},
		{KindNearby, "format=xml", "", "format"},
	}
	for _, tc := range tests {
		q := queryOf("/x?" + tc.query)
		got := ParseFormat(q, tc.kind)
		if tc.badName != "" {
			if q.Err() == nil || q.Err().Param != tc.badName {
				t.Errorf("ParseFormat(%s, %q) error = %v, want 400 naming %s", tc.kind, tc.query, q.Err(), tc.badName)
			}
			continue
		}
		if q.Err() != nil || got != tc.want {
			t.Errorf("ParseFormat(%s, %q) = %q, %v; want %q", tc.kind, tc.query, got, q.Err(), tc.want)
		}
	}
}

func TestParseOutputOptions(t *testing.T) {
	tests := []struct {
		kind    Kind
		query   string
		want    OutputOptions
		badName string
	}{
		{KindSearch, "", OutputOptions{}, ""},
		{KindSearch, "normalizeaddress=1", OutputOptions{NormalizeAddress: true}, ""},
		{KindSearch, "normalizeaddress=0", OutputOptions{}, ""},
		{KindSearch, "normalizecity=1", OutputOptions{NormalizeCity: true}, ""},
		{KindSearch, "statecode=1", OutputOptions{StateCode: true}, ""},
		{KindSearch, "postaladdress=1", OutputOptions{PostalAddress: true}, ""},
		{KindSearch, "matchquality=1", OutputOptions{MatchQuality: true}, ""},
		{KindSearch, "normalizeimportance=1", OutputOptions{NormalizeImportance: true}, ""},
		{KindSearch, "source=nom", OutputOptions{Source: "nom"}, ""},
		{KindSearch, "source=google", OutputOptions{}, "source"},
		{KindSearch, "source=", OutputOptions{}, "source"},
		{KindSearch, "normalizeaddress=2", OutputOptions{}, "normalizeaddress"},
		{KindSearch, "normalizecity=yes", OutputOptions{}, "normalizecity"},
		{KindSearch, "statecode=-1", OutputOptions{}, "statecode"},
		{KindSearch, "postaladdress=x", OutputOptions{}, "postaladdress"},
		{KindSearch, "matchquality=3", OutputOptions{}, "matchquality"},
		{KindSearch, "normalizeimportance=a", OutputOptions{}, "normalizeimportance"},
		{KindStructured, "matchquality=1&source=nom", OutputOptions{MatchQuality: true, Source: "nom"}, ""},
		{KindPostalcode, "postaladdress=1", OutputOptions{PostalAddress: true}, ""},
		{KindReverse, "statecode=1&source=nom", OutputOptions{StateCode: true, Source: "nom"}, ""},
		{KindReverse, "source=osm", OutputOptions{}, "source"},
		{KindReverse, "matchquality=1", OutputOptions{}, ""}, // not a reverse parameter: ignored
		{KindLookup, "normalizeaddress=1&postaladdress=1", OutputOptions{NormalizeAddress: true, PostalAddress: true}, ""},
		{KindAutocomplete, "normalizecity=1&statecode=1", OutputOptions{NormalizeCity: true, StateCode: true}, ""},
		{KindAutocomplete, "statecode=9", OutputOptions{}, "statecode"},
	}
	for _, tc := range tests {
		q := queryOf("/x?" + tc.query)
		got := ParseOutputOptions(q, tc.kind)
		if tc.badName != "" {
			if q.Err() == nil || q.Err().Param != tc.badName {
				t.Errorf("ParseOutputOptions(%s, %q) error = %v, want 400 naming %s", tc.kind, tc.query, q.Err(), tc.badName)
			}
			continue
		}
		if q.Err() != nil || got != tc.want {
			t.Errorf("ParseOutputOptions(%s, %q) = %+v, %v; want %+v", tc.kind, tc.query, got, q.Err(), tc.want)
		}
	}
}

func TestParseViewbox(t *testing.T) {
	tests := []struct {
		query string
		want  orb.Bound
		ok    bool
		bad   bool
	}{
		{"", orb.Bound{}, false, false},
		{"viewbox=9.4,47.0,9.6,47.2", orb.Bound{Min: orb.Point{9.4, 47.0}, Max: orb.Point{9.6, 47.2}}, true, false},
		{"viewbox=9.6,47.2,9.4,47.0", orb.Bound{Min: orb.Point{9.4, 47.0}, Max: orb.Point{9.6, 47.2}}, true, false},
		{"viewbox=9.4,47.0,9.6", orb.Bound{}, false, true},
		{"viewbox=a,b,c,d", orb.Bound{}, false, true},
		{"viewbox=9.4,47.0,9.4,47.2", orb.Bound{}, false, true},
		{"viewbox=9.4,47.0,200,47.2", orb.Bound{}, false, true},
		{"viewbox=NaN,47.0,9.6,47.2", orb.Bound{}, false, true},
	}
	for _, tc := range tests {
		q := queryOf("/x?" + tc.query)
		got, ok := ParseViewbox(q)
		if tc.bad {
			if q.Err() == nil || q.Err().Param != "viewbox" {
				t.Errorf("ParseViewbox(%q) error = %v, want 400 naming viewbox", tc.query, q.Err())
			}
			continue
		}
		if ok != tc.ok || got != tc.want || q.Err() != nil {
			t.Errorf("ParseViewbox(%q) = %v, %v, %v; want %v, %v", tc.query, got, ok, q.Err(), tc.want, tc.ok)
		}
	}
}

func TestParseCountryCodes(t *testing.T) {
	tests := []struct {
		query string
		want  []string
		bad   bool
	}{
		{"", nil, false},
		{"countrycodes=li", []string{"li"}, false},
		{"countrycodes=LI,ch", []string{"li", "ch"}, false},
		{"countrycodes=li,%20at%20", []string{"li", "at"}, false},
		{"countrycodes=liechtenstein", nil, true},
		{"countrycodes=l1", nil, true},
		{"countrycodes=,", nil, true},
	}
	for _, tc := range tests {
		q := queryOf("/x?" + tc.query)
		got := ParseCountryCodes(q)
		if tc.bad {
			if q.Err() == nil || q.Err().Param != "countrycodes" {
				t.Errorf("ParseCountryCodes(%q) error = %v, want 400", tc.query, q.Err())
			}
			continue
		}
		if !reflect.DeepEqual(got, tc.want) || q.Err() != nil {
			t.Errorf("ParseCountryCodes(%q) = %v, %v; want %v", tc.query, got, q.Err(), tc.want)
		}
	}
}

func TestParseLanguages(t *testing.T) {
	tests := []struct {
		query, header string
		supported     []string
		want          []string
		bad           bool
	}{
		{"", "", AutocompleteLanguages, []string{"en"}, false},
		{"accept-language=de", "", AutocompleteLanguages, []string{"de"}, false},
		{"accept-language=de-CH,fr%3Bq=0.5", "", AutocompleteLanguages, []string{"de-ch", "de", "fr"}, false},
		{"accept-language=native", "", AutocompleteLanguages, []string{}, false},
		{"accept-language=uk", "", AutocompleteLanguages, []string{"uk"}, false},
		{"accept-language=ja", "", AutocompleteLanguages, nil, true},
		{"accept-language=de,ja", "", AutocompleteLanguages, nil, true},
		{"", "ja,fr;q=0.8", AutocompleteLanguages, []string{"fr"}, false},
		{"accept-language=it", "de", AutocompleteLanguages, []string{"it"}, false},
		{"accept-language=ja", "", nil, []string{"ja"}, false},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("GET", "/x?"+tc.query, nil)
		if tc.header != "" {
			r.Header.Set("Accept-Language", tc.header)
		}
		q := NewQuery(r)
		got := ParseLanguages(q, r, tc.supported)
		if tc.bad {
			if q.Err() == nil || q.Err().Param != "accept-language" {
				t.Errorf("ParseLanguages(%q) error = %v, want 400 naming accept-language", tc.query, q.Err())
			}
			continue
		}
		if !reflect.DeepEqual(got, tc.want) || q.Err() != nil {
			t.Errorf("ParseLanguages(%q, %q) = %#v, %v; want %#v", tc.query, tc.header, got, q.Err(), tc.want)
		}
	}
}

func vaduzMuseum() *geocode.Place {
	return &geocode.Place{
		PlaceID: 1, OSMType: "node", OSMID: 5, Class: "tourism", Type: "museum", Name: "Kunstmuseum",
		RankSearch: 30, RankAddress: 30, Importance: 0.4, CountryCode: "li", HouseNumber: "32",
		Address: []geocode.AddressPart{
			{Key: "tourism", Value: "Kunstmuseum"}, {Key: "house_number", Value: "32"},
			{Key: "road", Value: "Städtle"}, {Key: "town", Value: "Vaduz"}, {Key: "ISO3166-2-lvl8", Value: "LI-11"},
			{Key: "county", Value: "Oberland"}, {Key: "postcode", Value: "9490"},
			{Key: "country", Value: "Liechtenstein"}, {Key: "country_code", Value: "li"},
		},
	}
}

func TestOutputOptionsAddress(t *testing.T) {
	p := vaduzMuseum()
	tests := []struct {
		name string
		opts OutputOptions
		want string
	}{
		{"plain", OutputOptions{}, `{"tourism":"Kunstmuseum","house_number":"32","road":"Städtle","town":"Vaduz","ISO3166-2-lvl8":"LI-11","county":"Oberland","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"normalizeaddress", OutputOptions{NormalizeAddress: true}, `{"name":"Kunstmuseum","house_number":"32","road":"Städtle","city":"Vaduz","county":"Oberland","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"normalizecity", OutputOptions{NormalizeCity: true}, `{"tourism":"Kunstmuseum","house_number":"32","road":"Städtle","town":"Vaduz","city":"Vaduz","ISO3166-2-lvl8":"LI-11","county":"Oberland","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"statecode", OutputOptions{StateCode: true}, `{"tourism":"Kunstmuseum","house_number":"32","road":"Städtle","town":"Vaduz","ISO3166-2-lvl8":"LI-11","county":"Oberland","state_code":"LI-11","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"all", OutputOptions{NormalizeAddress: true, NormalizeCity: true, StateCode: true}, `{"name":"Kunstmuseum","house_number":"32","road":"Städtle","city":"Vaduz","county":"Oberland","state_code":"LI-11","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(OrderedAddress(tc.opts.Address(p)))
		if err != nil || string(b) != tc.want {
			t.Errorf("%s: address = %s, %v\nwant %s", tc.name, b, err, tc.want)
		}
	}
	if s, ok := (OutputOptions{PostalAddress: true}).Postal(p); !ok || s != "Kunstmuseum, Städtle 32, 9490 Vaduz, Liechtenstein" {
		t.Errorf("Postal = %q, %v", s, ok)
	}
	if _, ok := (OutputOptions{}).Postal(p); ok {
		t.Errorf("Postal without postaladdress=1 is set")
	}
	if got := (OutputOptions{NormalizeImportance: true}).Importance(1.25); got != 1 {
		t.Errorf("Importance(1.25) = %v, want 1", got)
	}
	if got := (OutputOptions{}).Importance(1.25); got != 1.25 {
		t.Errorf("Importance without option = %v", got)
	}
	q := (OutputOptions{MatchQuality: true}).Quality(p, SearchQuality(p, 30))
	if q == nil || q.MatchCode != "exact" || q.MatchType != "point" || q.MatchLevel != "venue" {
		t.Errorf("Quality = %+v", q)
	}
	if (OutputOptions{}).Quality(p, SearchQuality(p, 30)) != nil {
		t.Errorf("Quality without matchquality=1 is set")
	}
}

func TestOrderedAddressEscapes(t *testing.T) {
	b, _ := json.Marshal(OrderedAddress(addrformat.Address{{Key: "a\"b", Value: "<x>"}}))
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil || m["a\"b"] != "<x>" {
		t.Errorf("OrderedAddress = %s (%v)", b, err)
	}
	if b, _ := json.Marshal(OrderedAddress(nil)); string(b) != "{}" {
		t.Errorf("empty OrderedAddress = %s", b)
	}
}

func FuzzParseViewbox(f *testing.F) {
	for _, s := range []string{"9.4,47.0,9.6,47.2", "9.6,47.2,9.4,47.0", "1,2,3", "a,b,c,d", "", "1e400,0,1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := &Query{v: map[string][]string{"viewbox": {s}}}
		b, ok := ParseViewbox(q)
		if ok && (q.Err() != nil || b.Min[0] >= b.Max[0] || b.Min[1] >= b.Max[1]) {
			t.Fatalf("ParseViewbox(%q) = %v, ok with error %v", s, b, q.Err())
		}
		if !ok && s != "" && q.Err() == nil && strings.TrimSpace(s) != "" {
			t.Fatalf("ParseViewbox(%q) rejected without error", s)
		}
	})
}

// FuzzParsePlaces feeds raw query strings to the autocomplete and nearby
// parsers: they must never panic, and every error names a parameter.
func FuzzParsePlaces(f *testing.F) {
	for _, s := range []string{
		"q=Vaduz", "q=Vad&limit=5&tag=place:*&layers=city", "q=x&viewbox=1,2,3,4&bounded=1",
		"q=x&accept-language=de-CH,fr%3Bq=0.5", "lat=47.1&lon=9.5&radius=100&tag=all,!amenity:*",
		"lat=91&lon=x", "q=%00&countrycodes=,,", "lat=1&lon=2&tag=restaurant,hotel&limit=50&dedupe=1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		r := httptest.NewRequest("GET", "/x", nil)
		r.URL.RawQuery = raw
		if _, _, _, err := parseAutocomplete(r); err != nil && err.Param == "" {
			t.Fatalf("parseAutocomplete(%q): error without parameter: %v", raw, err)
		}
		if _, _, err := parseNearby(r); err != nil && err.Param == "" {
			t.Fatalf("parseNearby(%q): error without parameter: %v", raw, err)
		}
	})
}
