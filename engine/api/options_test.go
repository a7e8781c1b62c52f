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

func queryOf(target string) *query { return newQuery(httptest.NewRequest("GET", target, nil)) }

func TestParseFormat(t *testing.T) {
	tests := []struct {
		kind    kind
		query   string
		want    string
		badName string
	}{
		{kindReverse, "", "xml", ""},
		{kindReverse, "format=json", "json", ""},
		{kindReverse, "format=xmlv1.1", "xmlv1.1", ""},
		{kindReverse, "format=XML", "xml", ""},
		{kindReverse, "format=html", "", "format"},
		{kindLookup, "", "json", ""},
		{kindLookup, "format=json", "json", ""},
		{kindLookup, "format=xmlv1.1", "", "format"},
		{kindLookup, "format=html", "", "format"},
		{kindLookup, "format=xml", "", "format"},
		{kindSearch, "", "json", ""},
		{kindSearch, "format=xml", "xml", ""},
		{kindSearch, "format=xmlv1.1", "", "format"},
		{kindStructured, "format=xml", "xml", ""},
		{kindPostalcode, "format=json", "json", ""},
		{kindAutocomplete, "format=json", "json", ""},
		{kindAutocomplete, "format=xml", "", "format"},
		{kindNearby, "format=xml", "", "format"},
	}
	for _, tc := range tests {
		q := queryOf("/x?" + tc.query)
		got := parseFormat(q, tc.kind)
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
		kind    kind
		query   string
		want    outputOptions
		badName string
	}{
		{kindSearch, "", outputOptions{}, ""},
		{kindSearch, "normalizeaddress=1", outputOptions{NormalizeAddress: true}, ""},
		{kindSearch, "normalizeaddress=0", outputOptions{}, ""},
		{kindSearch, "normalizecity=1", outputOptions{NormalizeCity: true}, ""},
		{kindSearch, "statecode=1", outputOptions{StateCode: true}, ""},
		{kindSearch, "postaladdress=1", outputOptions{PostalAddress: true}, ""},
		{kindSearch, "matchquality=1", outputOptions{MatchQuality: true}, ""},
		{kindSearch, "normalizeimportance=1", outputOptions{NormalizeImportance: true}, ""},
		{kindSearch, "source=nom", outputOptions{Source: "nom"}, ""},
		{kindSearch, "source=google", outputOptions{}, "source"},
		{kindSearch, "source=", outputOptions{}, "source"},
		{kindSearch, "normalizeaddress=2", outputOptions{}, "normalizeaddress"},
		{kindSearch, "normalizecity=yes", outputOptions{}, "normalizecity"},
		{kindSearch, "statecode=-1", outputOptions{}, "statecode"},
		{kindSearch, "postaladdress=x", outputOptions{}, "postaladdress"},
		{kindSearch, "matchquality=3", outputOptions{}, "matchquality"},
		{kindSearch, "normalizeimportance=a", outputOptions{}, "normalizeimportance"},
		{kindStructured, "matchquality=1&source=nom", outputOptions{MatchQuality: true, Source: "nom"}, ""},
		{kindPostalcode, "postaladdress=1", outputOptions{PostalAddress: true}, ""},
		{kindReverse, "statecode=1&source=nom", outputOptions{StateCode: true, Source: "nom"}, ""},
		{kindReverse, "source=osm", outputOptions{}, "source"},
		{kindReverse, "matchquality=1", outputOptions{}, ""}, // not a reverse parameter: ignored
		{kindLookup, "normalizeaddress=1&postaladdress=1", outputOptions{NormalizeAddress: true, PostalAddress: true}, ""},
		{kindAutocomplete, "normalizecity=1&statecode=1", outputOptions{NormalizeCity: true, StateCode: true}, ""},
		{kindAutocomplete, "statecode=9", outputOptions{}, "statecode"},
	}
	for _, tc := range tests {
		q := queryOf("/x?" + tc.query)
		got := parseOutputOptions(q, tc.kind)
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
		got, ok := parseViewbox(q)
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
		got := parseCountryCodes(q)
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
		{"", "", autocompleteLanguages, []string{"en"}, false},
		{"accept-language=de", "", autocompleteLanguages, []string{"de"}, false},
		{"accept-language=de-CH,fr%3Bq=0.5", "", autocompleteLanguages, []string{"de-ch", "de", "fr"}, false},
		{"accept-language=native", "", autocompleteLanguages, []string{}, false},
		{"accept-language=uk", "", autocompleteLanguages, []string{"uk"}, false},
		{"accept-language=ja", "", autocompleteLanguages, nil, true},
		{"accept-language=de,ja", "", autocompleteLanguages, nil, true},
		{"", "ja,fr;q=0.8", autocompleteLanguages, []string{"fr"}, false},
		{"accept-language=it", "de", autocompleteLanguages, []string{"it"}, false},
		{"accept-language=ja", "", nil, []string{"ja"}, false},
	}
	for _, tc := range tests {
		r := httptest.NewRequest("GET", "/x?"+tc.query, nil)
		if tc.header != "" {
			r.Header.Set("Accept-Language", tc.header)
		}
		q := newQuery(r)
		got := parseLanguages(q, r, tc.supported)
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
		opts outputOptions
		want string
	}{
		{"plain", outputOptions{}, `{"tourism":"Kunstmuseum","house_number":"32","road":"Städtle","town":"Vaduz","ISO3166-2-lvl8":"LI-11","county":"Oberland","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"normalizeaddress", outputOptions{NormalizeAddress: true}, `{"name":"Kunstmuseum","house_number":"32","road":"Städtle","city":"Vaduz","county":"Oberland","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"normalizecity", outputOptions{NormalizeCity: true}, `{"tourism":"Kunstmuseum","house_number":"32","road":"Städtle","town":"Vaduz","city":"Vaduz","ISO3166-2-lvl8":"LI-11","county":"Oberland","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"statecode", outputOptions{StateCode: true}, `{"tourism":"Kunstmuseum","house_number":"32","road":"Städtle","town":"Vaduz","ISO3166-2-lvl8":"LI-11","county":"Oberland","state_code":"LI-11","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
		{"all", outputOptions{NormalizeAddress: true, NormalizeCity: true, StateCode: true}, `{"name":"Kunstmuseum","house_number":"32","road":"Städtle","city":"Vaduz","county":"Oberland","state_code":"LI-11","postcode":"9490","country":"Liechtenstein","country_code":"li"}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(orderedAddress(tc.opts.Address(p)))
		if err != nil || string(b) != tc.want {
			t.Errorf("%s: address = %s, %v\nwant %s", tc.name, b, err, tc.want)
		}
	}
	if s, ok := (outputOptions{PostalAddress: true}).Postal(p); !ok || s != "Kunstmuseum, Städtle 32, 9490 Vaduz, Liechtenstein" {
		t.Errorf("Postal = %q, %v", s, ok)
	}
	if _, ok := (outputOptions{}).Postal(p); ok {
		t.Errorf("Postal without postaladdress=1 is set")
	}
	if got := (outputOptions{NormalizeImportance: true}).Importance(1.25); got != 1 {
		t.Errorf("Importance(1.25) = %v, want 1", got)
	}
	if got := (outputOptions{}).Importance(1.25); got != 1.25 {
		t.Errorf("Importance without option = %v", got)
	}
	q := (outputOptions{MatchQuality: true}).Quality(p, searchQuality(p, 30))
	if q == nil || q.MatchCode != "exact" || q.MatchType != "point" || q.MatchLevel != "venue" {
		t.Errorf("Quality = %+v", q)
	}
	if (outputOptions{}).Quality(p, searchQuality(p, 30)) != nil {
		t.Errorf("Quality without matchquality=1 is set")
	}
}

func TestOrderedAddressEscapes(t *testing.T) {
	b, _ := json.Marshal(orderedAddress(addrformat.Address{{Key: "a\"b", Value: "<x>"}}))
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil || m["a\"b"] != "<x>" {
		t.Errorf("OrderedAddress = %s (%v)", b, err)
	}
	if b, _ := json.Marshal(orderedAddress(nil)); string(b) != "{}" {
		t.Errorf("empty OrderedAddress = %s", b)
	}
}

func FuzzParseViewbox(f *testing.F) {
	for _, s := range []string{"9.4,47.0,9.6,47.2", "9.6,47.2,9.4,47.0", "1,2,3", "a,b,c,d", "", "1e400,0,1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := &query{v: map[string][]string{"viewbox": {s}}}
		b, ok := parseViewbox(q)
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
