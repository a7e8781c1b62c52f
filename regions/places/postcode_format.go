package places

// postcode_format.go: the postcode formats of the world's countries, after
// Nominatim's clean-postcodes sanitizer and the formats in its
// settings/country_settings.yaml (facts: which postcodes a country's post
// issues; the table below was generated from that file's postcode
// entries). A tagged postcode that does not fit its country's format is
// not a postcode there: it makes no postcode centroid, is not shown as
// the place's postcode, and the place gets an effective one as if it had
// none; it stays a search term of its own place ("unofficial postcode",
// Nominatim's convert-to-address). One that fits is written in the
// country's form ("500" and "AD 500" → "AD500").

import (
	"regexp"
	"slices"
	"strings"

	"github.com/paulmach/osm"
)

// postcodeFormat is a country's postcode format: pattern in Nominatim's
// notation (d a digit, l a letter A–Z, the rest a regular expression)
// and output, the form written, as a regexp.Expand template of the
// pattern's groups (empty: the postcode as matched). A zero format is a
// country without postcodes.
type postcodeFormat struct{ pattern, output string }

// postcodeMatcher checks and formats the postcodes of one country.
type postcodeMatcher struct {
	norm, exact *regexp.Regexp
	output      string
}

// postcodeFormats checks postcodes against their country's format,
// compiling each country's matcher on first use (one per import).
type postcodeFormats struct {
	matchers map[string]*postcodeMatcher // nil: the country has no postcodes
}

func newPostcodeFormats() *postcodeFormats {
	return &postcodeFormats{matchers: map[string]*postcodeMatcher{}}
}

// zeroPostcode matches the codes made of zeros ("0000", "00-000"),
// placeholders, never a post's code.
var zeroPostcode = regexp.MustCompile(`^[0\- ]+$`)

// official returns postcode pc of a place in country in the country's form
// and true, or "" and false when pc is not one of the country's postcodes.
// A place without a country has no postcode; a country without a known
// format takes any code.
func (f *postcodeFormats) official(country, pc string) (string, bool) {
	if country == "" {
		return "", false
	}
	m, ok := f.matchers[country]
	if !ok {
		m = compilePostcodeFormat(country)
		f.matchers[country] = m
	}
	if m == nil {
		return "", false
	}
	sub := m.norm.FindStringSubmatch(strings.ToUpper(pc))
	if sub == nil {
		return "", false
	}
	code := sub[1]
	idx := m.exact.FindStringSubmatchIndex(code)
	if idx == nil || zeroPostcode.MatchString(code) {
		return "", false
	}
	if m.output == "" {
		return code, true
	}
	return string(m.exact.ExpandString(nil, m.output, code, idx)), true
}

// compilePostcodeFormat makes the matcher of country (nil for a country
// without postcodes): the code may follow the country's ISO code
// ("AD 500", "LI-9490") and be surrounded by spaces, as Nominatim's
// CountryPostcodeMatcher takes it.
func compilePostcodeFormat(country string) *postcodeMatcher {
	f, ok := countryPostcodes[country]
	if !ok {
		f = postcodeFormat{pattern: `.*`}
	}
	if f.pattern == "" {
		return nil
	}
	p := strings.NewReplacer("d", "[0-9]", "l", "[A-Z]").Replace(f.pattern)
	return &postcodeMatcher{
		norm:   regexp.MustCompile(`^\s*(?:` + regexp.QuoteMeta(strings.ToUpper(country)) + `[ -]?)?(` + p + `)\s*$`),
		exact:  regexp.MustCompile(`^(?:` + p + `)$`),
		output: f.output,
	}
}

// unofficialPostcodeKey is the kept tag (placeLater) holding a place's
// tagged postcode that is not of its country's format: a search term of
// the place, not its postcode.
const unofficialPostcodeKey = "addr:postcode"

// checkPostcode keeps p's tagged postcode, in its country's form, when it
// is one of the country's postcodes; otherwise p has no tagged postcode
// (it gets an effective one in computePostcodes) and keeps the code as a
// search term when the code was its own, not its building's.
func (b *placeBuilder) checkPostcode(p *place) {
	if !p.is(tagPostcode) || p.postcode() == "" {
		return
	}
	if b.pcFormats == nil {
		b.pcFormats = newPostcodeFormats()
	}
	if pc, ok := b.pcFormats.official(p.country.String(), p.postcode()); ok {
		if pc != p.postcode() {
			p.code = b.codes.ref(pc)
		}
		return
	}
	if b.im != nil {
		b.im.Count("postcodes not of their country's format", 1)
	}
	if !p.is(inheritedPostcode) {
		var l placeLater
		if p.later != nil {
			l = *p.later
		}
		l.tags = append(slices.Clip(l.tags), osm.Tag{Key: unofficialPostcodeKey, Value: p.postcode()})
		b.setLater(p, &l)
	}
	p.code = postcodeRef{}
	p.mark(tagPostcode|inheritedPostcode, false)
}
