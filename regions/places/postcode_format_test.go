package places

import (
	"regexp"
	"strconv"
	"testing"
)

func TestOfficialPostcode(t *testing.T) {
	tests := []struct {
		country, in, want string
		ok                bool
	}{
		{"ad", "AD500", "AD500", true},
		{"ad", "500", "AD500", true},      // the country's form
		{"ad", "AD 500", "AD500", true},   // the ISO code before it
		{"ad", " ad-500 ", "AD500", true}, // case and spaces
		{"ad", "09999", "", false},        // five digits: not Andorran
		{"ad", "AD5000", "", false},
		{"li", "9490", "9490", true},
		{"li", "LI-9490", "9490", true},
		{"li", "FL-9490", "", false}, // FL is not Liechtenstein's ISO code
		{"li", "0000", "", false},    // zeros are placeholders
		{"mc", "98000", "98000", true},
		{"mc", "06240", "", false}, // a French code in Monaco
		{"gb", "sw1a 1aa", "SW1A 1AA", true},
		{"gb", "SW1A1AA", "SW1A 1AA", true},
		{"br", "01310100", "01310-100", true},
		{"ae", "12345", "", false},                 // no postcodes in the Emirates
		{"zz", "anything 12", "ANYTHING 12", true}, // no known format: any code
		{"", "9490", "", false},                    // no country, no postcode
	}
	f := newPostcodeFormats()
	for _, tc := range tests {
		got, ok := f.official(tc.country, tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("official(%q, %q) = %q, %v; want %q, %v", tc.country, tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// Every format compiles and its output names only groups its pattern has.
func TestCountryPostcodesCompile(t *testing.T) {
	group := regexp.MustCompile(`\$\{(\d+)\}`)
	for cc, pf := range countryPostcodes {
		m := compilePostcodeFormat(cc)
		if pf.pattern == "" {
			if m != nil {
				t.Errorf("%s: a country without postcodes has a matcher", cc)
			}
			continue
		}
		for _, g := range group.FindAllStringSubmatch(pf.output, -1) {
			if n, _ := strconv.Atoi(g[1]); n > m.exact.NumSubexp() {
				t.Errorf("%s: output %q names group %d; pattern %q has %d", cc, pf.output, n, pf.pattern, m.exact.NumSubexp())
			}
		}
	}
}

func TestCheckPostcode(t *testing.T) {
	b := &placeBuilder{strs: map[string]string{}}
	own := &place{country: toCountry("ad"), code: toPostcode("09999"), flags: tagPostcode}
	b.checkPostcode(own)
	if own.postcode() != "" || own.is(tagPostcode) || own.keptTags().Find(unofficialPostcodeKey) != "09999" {
		t.Errorf("own unofficial code: postcode %q tagged %v kept %v; want none, kept as a search term", own.postcode(), own.is(tagPostcode), own.keptTags())
	}
	inherited := &place{country: toCountry("ad"), code: toPostcode("09999"), flags: tagPostcode | inheritedPostcode}
	b.checkPostcode(inherited)
	if inherited.postcode() != "" || inherited.is(tagPostcode) || inherited.is(inheritedPostcode) || inherited.keptTags() != nil {
		t.Errorf("inherited unofficial code: %+v; want no postcode and no search term", inherited)
	}
	short := &place{country: toCountry("ad"), code: toPostcode("500"), flags: tagPostcode}
	b.checkPostcode(short)
	if short.postcode() != "AD500" || !short.is(tagPostcode) {
		t.Errorf("500 in Andorra: postcode %q tagged %v; want AD500, tagged", short.postcode(), short.is(tagPostcode))
	}
	computed := &place{country: toCountry("ad"), code: toPostcode("09999")} // not tagged: an effective code is never checked
	b.checkPostcode(computed)
	if computed.postcode() != "09999" {
		t.Errorf("untagged postcode changed to %q", computed.postcode())
	}
}
