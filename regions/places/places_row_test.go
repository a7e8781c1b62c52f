package places

import (
	"testing"
	"unsafe"
)

// TestPlaceSize keeps the place record at its size class: a country has
// millions of them in memory (places_row.go).
func TestPlaceSize(t *testing.T) {
	if n := unsafe.Sizeof(place{}); n > 192 {
		t.Errorf("place is %d bytes, want at most 192", n)
	}
}

func TestPlaceSmallFields(t *testing.T) {
	for _, tc := range []struct {
		country, postcode string
		flags             placeFlags
	}{
		{"", "", 0},
		{"li", "9490", tagPostcode},
		{"ad", "AD500", tagPostcode | inheritedPostcode},
		{"é", "", interpolated | inherits}, // two bytes of UTF-8 are a code too
	} {
		p := &place{country: toCountry(tc.country)}
		p.setPostcode(tc.postcode)
		for _, f := range []placeFlags{tagPostcode, inheritedPostcode, interpolated, inherits} {
			p.mark(f, tc.flags&f != 0)
		}
		if p.country.String() != tc.country || p.postcode() != tc.postcode || p.flags != tc.flags {
			t.Errorf("%q %q %b: got %q %q %b", tc.country, tc.postcode, tc.flags, p.country.String(), p.postcode(), p.flags)
		}
		q := &place{code: toPostcode(tc.postcode)}
		if q.code != p.code {
			t.Errorf("%q: two handles of one postcode differ", tc.postcode)
		}
		p.mark(tagPostcode|inherits, false)
		if p.is(tagPostcode) || p.is(inherits) || p.is(inheritedPostcode) != (tc.flags&inheritedPostcode != 0) {
			t.Errorf("%b: clearing two flags left %b", tc.flags, p.flags)
		}
	}
	if (countryCode{}).String() != "" || toCountry("") != (countryCode{}) {
		t.Error("no country is not the zero code")
	}
}
