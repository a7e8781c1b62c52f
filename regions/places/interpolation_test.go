// interpolation_test.go tests house number interpolation (table and
// fuzz), the importance formula and the rank table.

package places

import (
	"math"
	"strings"
	"testing"

	"waymark/regions/extract"
)

func TestInterpolateNumbers(t *testing.T) {
	tests := []struct {
		kind, from, to string
		want           string
		wantFirstFrac  float64
	}{
		{"even", "10", "20", "12,14,16,18", 0.2},
		{"odd", "1", "9", "3,5,7", 0.25},
		{"odd", "2", "9", "3,5,7", 1.0 / 7},
		{"all", "1", "4", "2,3", 1.0 / 3},
		{"", "1", "3", "2", 0.5},
		{"3", "1", "10", "4,7", 1.0 / 3},
		{"even", "20", "10", "18,16,14,12", 0.2},
		{"alphabetic", "5a", "5d", "5b,5c", 1.0 / 3},
		{"alphabetic", "5d", "5a", "5c,5b", 1.0 / 3},
		{"alphabetic", "5a", "6d", "", 0},
		{"even", "10", "12", "", 0},
		{"even", "10", "10", "", 0},
		{"even", "x", "12", "", 0},
		{"even", "1", "5000", "", 0},
		{"even", "10a", "20", "", 0},
		{"bogus", "1", "5", "", 0},
	}
	for _, tc := range tests {
		nums, fr := interpolateNumbers(tc.kind, tc.from, tc.to)
		if got := strings.Join(nums, ","); got != tc.want {
			t.Errorf("interpolateNumbers(%q, %q, %q) = %q, want %q", tc.kind, tc.from, tc.to, got, tc.want)
			continue
		}
		if len(fr) > 0 && math.Abs(fr[0]-tc.wantFirstFrac) > 1e-9 {
			t.Errorf("interpolateNumbers(%q, %q, %q) first fraction = %v, want %v", tc.kind, tc.from, tc.to, fr[0], tc.wantFirstFrac)
		}
		for i := 1; i < len(fr); i++ {
			if fr[i] <= fr[i-1] || fr[i] >= 1 {
				t.Errorf("interpolateNumbers(%q, %q, %q) fractions %v not increasing in (0,1)", tc.kind, tc.from, tc.to, fr)
			}
		}
	}
}

func TestImportanceOrder(t *testing.T) {
	tests := []struct {
		name   string
		higher float64
		lower  float64
	}{
		{"capital town with wiki over village", importanceOf(16, tags("wikipedia", "de:Vaduz", "population", "5450", "capital", "yes")),
			importanceOf(16, tags("wikipedia", "de:Planken", "population", "480"))},
		{"wikidata over nothing", importanceOf(19, tags("wikidata", "Q1")), importanceOf(19, "")},
		{"country over city", importanceOf(4, ""), importanceOf(16, "")},
		{"street over house", importanceOf(26, ""), importanceOf(30, "")},
	}
	for _, tc := range tests {
		if !(tc.higher > tc.lower) {
			t.Errorf("%s: %v not above %v", tc.name, tc.higher, tc.lower)
		}
		for _, v := range []float64{tc.higher, tc.lower} {
			if v <= 0 || v > 1 {
				t.Errorf("%s: importance %v outside (0,1]", tc.name, v)
			}
		}
	}
	if got := importanceOf(4, tags("wikipedia", "x", "population", "1e12", "capital", "yes")); got > 1 {
		t.Errorf("importance not clamped: %v", got)
	}
}

func TestPlaceRanks(t *testing.T) {
	tests := []struct {
		class, typ      string
		adminLevel      int
		isNode          bool
		search, address int
	}{
		{"place", "town", 15, true, 18, 16},
		{"place", "village", 15, true, 19, 16},
		{"place", "hamlet", 15, true, 20, 20},
		{"place", "suburb", 15, true, 19, 20},
		{"boundary", "administrative", 2, false, 4, 4},
		{"boundary", "administrative", 8, false, 16, 16},
		{"boundary", "administrative", 8, true, 16, 0},
		{"highway", "residential", 15, false, 26, 26},
		{"highway", "service", 15, false, 27, 27},
		{"highway", "bus_stop", 15, true, 30, 30},
		{"amenity", "restaurant", 15, true, 30, 30},
		{"waterway", "river", 15, false, 19, 0},
		{"natural", "peak", 15, true, 18, 0},
		{"boundary", "postal_code", 15, false, 21, 0},
	}
	for _, tc := range tests {
		s, a := placeRanks(tc.class, tc.typ, tc.adminLevel, tc.isNode)
		if s != tc.search || a != tc.address {
			t.Errorf("placeRanks(%s, %s, %d, %v) = %d, %d; want %d, %d", tc.class, tc.typ, tc.adminLevel, tc.isNode, s, a, tc.search, tc.address)
		}
	}
}

// FuzzInterpolateNumbers checks that any tagging gives a bounded, ordered
// result and never panics.
func FuzzInterpolateNumbers(f *testing.F) {
	for _, s := range [][3]string{{"even", "10", "20"}, {"alphabetic", "5a", "5d"}, {"3", "1", "10"}, {"odd", "9", "1"}, {"all", "0", "999999"}} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, kind, from, to string) {
		nums, fr := interpolateNumbers(kind, from, to)
		if len(nums) != len(fr) || len(nums) > maxInterpolation {
			t.Fatalf("interpolateNumbers(%q, %q, %q): %d numbers, %d fractions", kind, from, to, len(nums), len(fr))
		}
		for i, x := range fr {
			if x <= 0 || x >= 1 || (i > 0 && x <= fr[i-1]) {
				t.Fatalf("interpolateNumbers(%q, %q, %q): fractions %v not increasing in (0,1)", kind, from, to, fr)
			}
		}
	})
}

// tags returns the key, value pairs kv as a place's extra tags.
func tags(kv ...string) extract.PackedTags {
	var pairs []extract.TagPair
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, extract.TagPair{Key: kv[i], Value: kv[i+1]})
	}
	return extract.PackTags(extract.NewTagMap(pairs))
}
