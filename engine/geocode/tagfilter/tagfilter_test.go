package tagfilter

import (
	"errors"
	"testing"
)

type place struct{ class, typ string }

var (
	city       = place{"place", "city"}
	town       = place{"place", "town"}
	cafe       = place{"amenity", "cafe"}
	gym        = place{"amenity", "gym"}
	fitness    = place{"leisure", "fitness_centre"}
	restaurant = place{"amenity", "restaurant"}
	hotel      = place{"tourism", "hotel"}
	aerodrome  = place{"aeroway", "aerodrome"}
	school     = place{"amenity", "school"}
	road       = place{"highway", "residential"}
)

func TestParseMatch(t *testing.T) {
	tests := []struct {
		name   string
		tag    string
		nearby bool
		pass   []place
		fail   []place
	}{
		{"class:type", "place:city", false, []place{city}, []place{town, cafe}},
		{"class wildcard", "place:*", false, []place{city, town}, []place{cafe}},
		{"two pairs", "place:city,place:town", false, []place{city, town}, []place{cafe}},
		{"amenity:cafe", "amenity:cafe", false, []place{cafe}, []place{gym, city}},
		{"exclude class", "!amenity:*", false, []place{city, road}, []place{cafe, gym}},
		{"include minus one", "amenity:*,!amenity:gym", false, []place{cafe, restaurant}, []place{gym, city}},
		{"exclude one", "!amenity:gym", false, []place{cafe, city}, []place{gym}},
		{"case and spaces", " Place : City , PLACE:town ", false, []place{city, town}, []place{cafe}},
		{"nearby word", "restaurant", true, []place{restaurant}, []place{cafe}},
		{"nearby all minus amenity", "all,!amenity:*", true, []place{city, hotel, aerodrome}, []place{cafe, school}},
		{"nearby pairs", "aeroway:aerodrome,tourism:hotel", true, []place{aerodrome, hotel}, []place{cafe}},
		{"nearby school pair", "amenity:school", true, []place{school}, []place{cafe}},
		{"nearby gym both tags", "gym", true, []place{gym, fitness}, []place{cafe}},
		{"nearby excluded word", "all,!restaurant", true, []place{cafe}, []place{restaurant}},
		{"nearby all", "all", true, []place{cafe, city, road}, nil},
		{"nearby airport", "airport", true, []place{aerodrome}, []place{city}},
		{"nearby word and pair", "hotel,amenity:cafe", true, []place{hotel, cafe}, []place{restaurant}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parse := Parse
			if tc.nearby {
				parse = ParseNearby
			}
			f, err := parse(tc.tag)
			if err != nil {
				t.Fatalf("parse(%q) error %v", tc.tag, err)
			}
			for _, p := range tc.pass {
				if !f.Match(p.class, p.typ) {
					t.Errorf("parse(%q).Match(%s:%s) = false, want true", tc.tag, p.class, p.typ)
				}
			}
			for _, p := range tc.fail {
				if f.Match(p.class, p.typ) {
					t.Errorf("parse(%q).Match(%s:%s) = true, want false", tc.tag, p.class, p.typ)
				}
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name   string
		tag    string
		nearby bool
	}{
		{"empty", "", false},
		{"blank", "   ", false},
		{"word in autocomplete", "restaurant", false},
		{"empty item", "place:city,,amenity:cafe", false},
		{"bare bang", "!", false},
		{"missing class", ":city", false},
		{"missing type", "place:", false},
		{"bad char", "place:ci ty", false},
		{"sql quote", "amenity:caf'e", false},
		{"unknown word", "restaurants", true},
		{"excluded all", "!all", true},
		{"wildcard class", "*:*", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parse := Parse
			if tc.nearby {
				parse = ParseNearby
			}
			if _, err := parse(tc.tag); !errors.Is(err, ErrSyntax) {
				t.Errorf("parse(%q) error = %v, want ErrSyntax", tc.tag, err)
			}
		})
	}
}

func TestEveryWordParses(t *testing.T) {
	for _, w := range WordNames() {
		f, err := ParseNearby(w)
		if err != nil {
			t.Fatalf("ParseNearby(%q): %v", w, err)
		}
		if w == WordAll {
			if !f.IsZero() {
				t.Errorf("all should match everything, got %+v", f)
			}
			continue
		}
		if len(f.Include) == 0 {
			t.Errorf("word %q has no rules", w)
		}
		r := f.Include[0]
		if got := f.TagType(r.Class, r.Type); got != w {
			t.Errorf("TagType(%s) for word %q = %q", r, w, got)
		}
	}
	if n := len(WordNames()); n != 24 {
		t.Errorf("len(WordNames()) = %d, want 24 (the spec's words)", n)
	}
}

func TestTagType(t *testing.T) {
	f, _ := ParseNearby("all")
	if got := f.TagType("amenity", "restaurant"); got != "restaurant" {
		t.Errorf("TagType(restaurant) = %q", got)
	}
	if got := f.TagType("amenity", "bench"); got != "bench" {
		t.Errorf("TagType(bench) = %q, want the OSM type", got)
	}
}

func TestClasses(t *testing.T) {
	f, _ := Parse("place:city,place:town,amenity:cafe,!shop:*")
	got := f.Classes()
	if len(got) != 2 || got[0] != "place" || got[1] != "amenity" {
		t.Errorf("Classes() = %v, want [place amenity]", got)
	}
	f, _ = Parse("!shop:*")
	if got := f.Classes(); got != nil {
		t.Errorf("Classes() of exclusion only = %v, want nil", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"place:city", "place:*", "!amenity:*", "amenity:*,!amenity:gym", "all,!amenity:*", "restaurant", ",", "!"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) (Filter, error){Parse, ParseNearby} {
			flt, err := parse(s)
			if err != nil {
				if !errors.Is(err, ErrSyntax) {
					t.Fatalf("parse(%q) error %v not ErrSyntax", s, err)
				}
				continue
			}
			_ = flt.Match("amenity", "cafe")
			for _, r := range append(flt.Include, flt.Exclude...) {
				if r.Class == "" || r.Type == "" {
					t.Fatalf("parse(%q) gave empty rule %+v", s, r)
				}
			}
		}
	})
}
