package geocode

import (
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/paulmach/orb"
)

var coordCases = []struct {
	name     string
	in       string
	rest     string
	lat, lon float64
	ok       bool
}{
	{"decimal comma", "47.16712,9.51100", "", 47.16712, 9.511, true},
	{"decimal spaces", "47.06512    ,    9.53965", "", 47.06512, 9.53965, true},
	{"brackets", "[47.1, 9.5]", "", 47.1, 9.5, true},
	{"negative", "-33.5 -70.25", "", -33.5, -70.25, true},
	{"text before", "sporry, 47.10791,9.52676", "sporry", 47.10791, 9.52676, true},
	{"text after", "47.16712, 9.51100 restaurant", "restaurant", 47.16712, 9.511, true},
	{"hemispheres first", "N 47.15 E 9.53", "", 47.15, 9.53, true},
	{"hemispheres after degrees", "47.150° N 9.5340493° E", "", 47.15, 9.5340493, true},
	{"with category rest", "bars near 47.150° N 9.534° E", "bars near", 47.15, 9.534, true},
	{"west south", "S 33.5 W 70.25", "", -33.5, -70.25, true},
	{"degrees minutes", "N 47° 9.0' E 9° 32.1'", "", 47.15, 9.535, true},
	{"dms", "47° 9′ 0″ N 9° 32′ 6″ E", "", 47.15, 9.535, true},
	{"dms spaces, minutes not checked", "sporry, N 47 15 7 W 9 61 26", "sporry", 47.25194444, -10.02388889, true},
	{"out of range", "95.1, 200.2", "95.1, 200.2", 0, 0, false},
	{"integers are no coordinate", "9490 Vaduz", "9490 Vaduz", 0, 0, false},
	{"middle of text", "foo 47.1,9.5 bar", "foo 47.1,9.5 bar", 0, 0, false},
	{"plain text", "Vaduz", "Vaduz", 0, 0, false},
}

func TestExtractCoords(t *testing.T) {
	for _, c := range coordCases {
		t.Run(c.name, func(t *testing.T) {
			rest, pt, ok := ExtractCoords(c.in)
			if ok != c.ok || rest != c.rest {
				t.Fatalf("ExtractCoords(%q) = %q, %v, %v, want %q, ok %v", c.in, rest, pt, ok, c.rest, c.ok)
			}
			if ok && (math.Abs(pt[1]-c.lat) > 1e-6 || math.Abs(pt[0]-c.lon) > 1e-6) {
				t.Errorf("ExtractCoords(%q) point = %v, want lat %v lon %v", c.in, pt, c.lat, c.lon)
			}
		})
	}
}

func FuzzExtractCoords(f *testing.F) {
	for _, c := range coordCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rest, pt, ok := ExtractCoords(s)
		if !ok {
			if rest != s {
				t.Fatalf("ExtractCoords(%q) changed the query to %q without a coordinate", s, rest)
			}
			return
		}
		if pt[1] < -90 || pt[1] > 90 || pt[0] < -180 || pt[0] > 180 || math.IsNaN(pt[0]) || math.IsNaN(pt[1]) {
			t.Fatalf("ExtractCoords(%q) = %v: out of range", s, pt)
		}
		if len(rest) >= len(s) {
			t.Fatalf("ExtractCoords(%q) rest %q is not shorter", s, rest)
		}
	})
}

func TestExtractCategory(t *testing.T) {
	cases := []struct {
		in, rest, class, typ string
		ok                   bool
	}{
		{"[amenity=restaurant] Vaduz", "Vaduz", "amenity", "restaurant", true},
		{"Vaduz [ club = scout ]", "Vaduz", "club", "scout", true},
		{"[restaurant] Vaduz", "Vaduz", "amenity", "restaurant", true},
		{"[Restaurants]", "", "amenity", "restaurant", true},
		{"[nonsense] Vaduz", "[nonsense] Vaduz", "", "", false},
		{"Vaduz", "Vaduz", "", "", false},
	}
	for _, c := range cases {
		rest, class, typ, ok := ExtractCategory(c.in)
		if rest != c.rest || class != c.class || typ != c.typ || ok != c.ok {
			t.Errorf("ExtractCategory(%q) = %q, %q, %q, %v, want %q, %q, %q, %v", c.in, rest, class, typ, ok, c.rest, c.class, c.typ, c.ok)
		}
	}
}

func TestSplitPhrase(t *testing.T) {
	cases := []struct {
		words []string
		cat   Category
		rest  []string
		ok    bool
	}{
		{[]string{"restaurants", "in", "vaduz"}, Category{"amenity", "restaurant"}, []string{"vaduz"}, true},
		{[]string{"bars", "near", "schaan"}, Category{"amenity", "bar"}, []string{"schaan"}, true},
		{[]string{"vaduz", "hotels"}, Category{"tourism", "hotel"}, []string{"vaduz"}, true},
		{[]string{"bus", "stop", "in", "der", "nahe", "von", "vaduz"}, Category{"highway", "bus_stop"}, []string{"vaduz"}, true},
		{[]string{"restaurant"}, Category{"amenity", "restaurant"}, []string{}, true},
		{[]string{"vaduz"}, Category{}, nil, false},
	}
	for _, c := range cases {
		cat, rest, ok := splitPhrase(c.words)
		if ok != c.ok || cat != c.cat || (ok && !slices.Equal(rest, c.rest)) {
			t.Errorf("splitPhrase(%q) = %v, %q, %v, want %v, %q, %v", c.words, cat, rest, ok, c.cat, c.rest, c.ok)
		}
	}
}

var languageCases = []struct {
	in   string
	want []string
}{
	{"de", []string{"de"}},
	{"de,en", []string{"de", "en"}},
	{"en;q=0.5, fr", []string{"fr", "en"}},
	{"de-CH,de;q=0.9,en;q=0.8", []string{"de-ch", "de", "en"}},
	{"de-CH,en;q=0.8", []string{"de-ch", "de", "en"}},
	{"fr;q=0, it", []string{"it"}},
	{"bad value!, ru", []string{"ru"}},
	{"native", nil},
	{"", nil},
	{"en;q=2", nil},
}

func TestParseLanguages(t *testing.T) {
	for _, c := range languageCases {
		if got := ParseLanguages(c.in); !slices.Equal(got, c.want) {
			t.Errorf("ParseLanguages(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzParseLanguages(f *testing.F) {
	for _, c := range languageCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, l := range ParseLanguages(s) {
			if l == "" || strings.ContainsAny(l, ",; ") || !utf8.ValidString(l) {
				t.Fatalf("ParseLanguages(%q) gave language %q", s, l)
			}
		}
	})
}

func TestLocalesName(t *testing.T) {
	names := map[string]string{"name": "Vaduz", "name:ru": "Вадуц", "official_name": "Gemeinde Vaduz", "ref": "V"}
	cases := []struct {
		langs []string
		want  string
	}{
		{[]string{"ru"}, "Вадуц"},
		{[]string{"en"}, "Vaduz"},
		{[]string{"fr", "ru"}, "Вадуц"},
		{nil, "Vaduz"},
	}
	for _, c := range cases {
		if got := NewLocales(c.langs).Name(names); got != c.want {
			t.Errorf("Name(%v) = %q, want %q", c.langs, got, c.want)
		}
	}
	if got := NewLocales([]string{"en"}).Name(map[string]string{"ref": "9490"}); got != "9490" {
		t.Errorf("Name(ref only) = %q, want 9490", got)
	}
}

func TestLabel(t *testing.T) {
	cases := []struct {
		class, typ, place, linked string
		rank                      int
		cc                        string
		want                      string
	}{
		{"boundary", "administrative", "", "town", 16, "li", "town"},
		{"boundary", "administrative", "", "", 12, "li", "county"},
		{"boundary", "administrative", "", "", 4, "li", "country"},
		{"boundary", "administrative", "", "", 8, "no", "county"},
		{"place", "hamlet", "", "", 20, "li", "hamlet"},
		{"highway", "residential", "", "", 26, "li", "road"},
		{"amenity", "restaurant", "", "", 30, "li", "amenity"},
		{"place", "house_number", "", "", 28, "", "house_number"},
		{"landuse", "yes", "", "", 22, "", "landuse"},
		{"boundary", "postal_code", "", "", 0, "", "postcode"},
	}
	for _, c := range cases {
		if got := Label(c.class, c.typ, c.place, c.linked, c.rank, c.cc); got != c.want {
			t.Errorf("Label(%s/%s, %q, %q, %d, %q) = %q, want %q", c.class, c.typ, c.place, c.linked, c.rank, c.cc, got, c.want)
		}
	}
}

func TestDisplayName(t *testing.T) {
	parts := []AddressPart{
		{Key: "shop", Value: "Bäckerei"}, {Key: "house_number", Value: "29"}, {Key: "road", Value: "Gnetsch"},
		{Key: "village", Value: "Balzers"}, {Key: "town", Value: "Balzers"}, {Key: "ISO3166-2-lvl8", Value: "LI-01"},
		{Key: "postcode", Value: "9496"}, {Key: "country", Value: "Liechtenstein"}, {Key: "country_code", Value: "li"},
		{Key: "village", Value: "Mäls"},
	}
	if got, want := DisplayName(parts), "Bäckerei, 29, Gnetsch, Balzers, 9496, Liechtenstein, Mäls"; got != want {
		t.Errorf("DisplayName = %q, want %q", got, want)
	}
}

func TestDedupe(t *testing.T) {
	in := []Place{
		{PlaceID: 1, OSMType: "way", OSMID: 10, Class: "highway", Type: "residential", DisplayName: "Landstrasse, Vaduz", RankAddress: 26},
		{PlaceID: 2, OSMType: "way", OSMID: 11, Class: "highway", Type: "residential", DisplayName: "Landstrasse, Vaduz", RankAddress: 26},
		{PlaceID: 3, OSMType: "way", OSMID: 10, Class: "amenity", Type: "cafe", DisplayName: "Cafe", RankAddress: 30},
		{PlaceID: 4, OSMType: "way", OSMID: 12, Class: "highway", Type: "residential", DisplayName: "Landstrasse, Schaan", RankAddress: 26},
	}
	got := Dedupe(in)
	var ids []int64
	for _, p := range got {
		ids = append(ids, p.PlaceID)
	}
	if !slices.Equal(ids, []int64{1, 4}) {
		t.Errorf("Dedupe ids = %v, want [1 4]", ids)
	}
}

func TestInterpretations(t *testing.T) {
	p := plan{phrases: []phrase{{words: []string{"austrasse", "11"}}, {words: []string{"vaduz"}}}}
	ins := interpretations(p)
	if len(ins) != 2 {
		t.Fatalf("interpretations = %+v, want house-number and name readings", ins)
	}
	if want := `{housenumber}: "11" AND {name address}: ("austrasse" OR "austr") AND {name address}: ("vaduz")`; ins[0].expr() != want {
		t.Errorf("house reading = %s, want %s", ins[0].expr(), want)
	}
	if !slices.Equal(ins[1].nameAny, []string{"austrasse", "vaduz"}) {
		t.Errorf("name reading nameAny = %q", ins[1].nameAny)
	}
	hn, rest := houseNumberAt([]string{"dorfstrasse", "39a", "b"}, 1)
	if !slices.Equal(hn, []string{"39a", "b"}) || !slices.Equal(rest, []string{"dorfstrasse"}) {
		t.Errorf("houseNumberAt = %q %q", hn, rest)
	}
}

func TestZoomRank(t *testing.T) {
	cases := map[int]int{-3: 2, 0: 2, 3: 4, 5: 8, 8: 12, 10: 16, 13: 19, 14: 22, 16: 26, 17: 27, 18: 30, 25: 30}
	for z, want := range cases {
		if got := ZoomRank(z); got != want {
			t.Errorf("ZoomRank(%d) = %d, want %d", z, got, want)
		}
	}
}

func TestLayerMatches(t *testing.T) {
	cases := []struct {
		l     Layer
		class string
		rank  int
		addr  bool
		want  bool
	}{
		{LayerAddress, "highway", 26, false, true},
		{LayerAddress, "amenity", 30, false, false},
		{LayerAddress, "building", 30, true, true},
		{LayerPOI, "amenity", 30, false, true},
		{LayerPOI, "building", 30, true, false},
		{LayerNatural, "natural", 0, false, true},
		{LayerNatural, "railway", 0, false, false},
		{LayerRailway, "railway", 0, false, true},
		{LayerManmade, "man_made", 0, false, true},
		{LayerManmade, "natural", 0, false, false},
		{LayerAll, "anything", 7, false, true},
	}
	for _, c := range cases {
		if got := c.l.matches(c.class, c.rank, c.addr); got != c.want {
			t.Errorf("Layer(%b).matches(%s, %d, %v) = %v, want %v", c.l, c.class, c.rank, c.addr, got, c.want)
		}
	}
	if l, ok := ParseLayer("address, POI"); !ok || l != LayerAddress|LayerPOI {
		t.Errorf("ParseLayer = %b %v", l, ok)
	}
	if _, ok := ParseLayer("moon"); ok {
		t.Error("ParseLayer(moon) ok, want not")
	}
}

func TestSimplifyKeepsRings(t *testing.T) {
	sq := orb.Polygon{{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}, {{0.4, 0.4}, {0.41, 0.4}, {0.41, 0.41}, {0.4, 0.4}}}
	got := Simplify(sq, 5).(orb.Polygon)
	if len(got) != 1 || len(got[0]) < 4 {
		t.Errorf("Simplify(square, 5) = %v, want the outer ring kept, the hole dropped", got)
	}
	if g := Simplify(sq, 0); len(g.(orb.Polygon)) != 2 {
		t.Errorf("Simplify(square, 0) changed the polygon")
	}
}

func TestParseOSMRef(t *testing.T) {
	cases := []struct {
		in   string
		want OSMRef
		ok   bool
	}{
		{"N123", OSMRef{'N', 123}, true},
		{"w45", OSMRef{'W', 45}, true},
		{" R6 ", OSMRef{'R', 6}, true},
		{"X99", OSMRef{}, false},
		{"N0", OSMRef{}, false},
		{"N+5", OSMRef{}, false},
		{"nN158845944", OSMRef{}, false},
		{"", OSMRef{}, false},
	}
	for _, c := range cases {
		got, ok := ParseOSMRef(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseOSMRef(%q) = %v, %v, want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func FuzzHouseNumberQuery(f *testing.F) {
	for _, s := range []string{"Austrasse 11, Vaduz", "Dorfstrasse 39A/B", "6 Silum", "9490", "1 2 3 4 5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		p := plan{phrases: splitPhrases(q)}
		for _, in := range interpretations(p) {
			e := in.expr()
			if strings.Count(e, `"`)%2 != 0 {
				t.Fatalf("expr(%q) = %s: unbalanced quotes", q, e)
			}
			for _, w := range in.hn {
				if w == "" {
					t.Fatalf("interpretations(%q): empty house number word", q)
				}
			}
		}
	})
}
