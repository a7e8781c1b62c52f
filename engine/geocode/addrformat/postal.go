package addrformat

import "strings"

// PostalCountries lists the countries with a postal address format
// (postaladdress=1): the spec's twelve (BE, BR, FR, DE, GR, IN, IE, IT, PT,
// ZA, ES, GB) plus the countries of our region extracts (LI, CH, AT, MC, AD,
// US). Other countries get no postaladdress.
var PostalCountries = []string{"AD", "AT", "BE", "BR", "CH", "DE", "ES", "FR", "GB", "GR", "IE", "IN", "IT", "LI", "MC", "PT", "US", "ZA"}

// postalFormats gives each country's lines as templates over the normalized
// address keys (spec 2.5) plus "state_abbr" (the state code without its
// country prefix: "AL", "SP") and "street" (road with the house number in
// the country's order). Lines whose fields are all empty are dropped;
// fields of one line are joined by the separators written in the template.
//
// Conventions followed (UPU / national postal standards, simplified to the
// data a geocoder has):
//   - house number after the street: AT, BE, CH, DE, GR, IT, LI, PT, ES, BR,
//     AD; before it: FR, MC, GB, IE, IN, US, ZA;
//   - postcode before the town: AT, BE, CH, DE, GR, IT, LI, PT, ES, FR, MC,
//     AD; after it: GB, IE (own line), US (after the state), IN, ZA, BR (own
//     line);
//   - upper-case post town: FR, MC, GB (La Poste / Royal Mail);
//   - the country is the last line, in the address's language.
var postalFormats = map[string][]string{
	"DE": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"AT": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"CH": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"LI": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"BE": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"GR": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"PT": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"IT": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"ES": {"{name}", "{road}, {house_number}", "{postcode} {city}", "{state}", "{country}"},
	"AD": {"{name}", "{road} {house_number}", "{postcode} {city}", "{country}"},
	"FR": {"{name}", "{house_number} {road}", "{postcode} {CITY}", "{country}"},
	"MC": {"{name}", "{house_number} {road}", "{postcode} {CITY}", "{country}"},
	"GB": {"{name}", "{house_number} {road}", "{suburb}", "{CITY}", "{POSTCODE}", "{country}"},
	"IE": {"{name}", "{house_number} {road}", "{suburb}", "{city}", "{county}", "{POSTCODE}", "{country}"},
	"US": {"{name}", "{house_number} {road}", "{city}, {state_abbr} {postcode}", "{country}"},
	"IN": {"{name}", "{house_number}, {road}", "{suburb}", "{city} - {postcode}", "{state}", "{country}"},
	"ZA": {"{name}", "{house_number} {road}", "{suburb}", "{city}", "{postcode}", "{country}"},
	"BR": {"{name}", "{road}, {house_number}", "{suburb}", "{city} - {state_abbr}", "{postcode}", "{country}"},
}

// otherFormats are the formats of Lines for countries without a postal
// format: house number first where the post writes it so, the continental
// order otherwise.
var otherFormats = map[string][]string{
	"CA": {"{name}", "{house_number} {road}", "{suburb}", "{city} {state_abbr} {postcode}", "{country}"},
	"AU": {"{name}", "{house_number} {road}", "{suburb}", "{city} {state_abbr} {postcode}", "{country}"},
	"NZ": {"{name}", "{house_number} {road}", "{suburb}", "{city} {postcode}", "{country}"},
	"":   {"{name}", "{road} {house_number}", "{suburb}", "{postcode} {city}", "{country}"},
}

// Postal returns the address formatted for the post of its country (lines
// joined by ", "), and false when the country has no format or the address
// has nothing but a country. countryCode is ISO 3166-1 alpha-2 in any case;
// empty means the address's country_code. For BR and US the state is
// abbreviated with StateCode.
func Postal(a Address, countryCode string) (string, bool) {
	out, ok := postalLines(a, countryCode, false)
	return strings.Join(out, ", "), ok
}

// Lines returns the address as the lines of a postal address, for display:
// the country's postal format (Postal's), or for other countries a generic
// one (house number first in CA, AU and NZ). ok is false when nothing but
// the country is known.
func Lines(a Address, countryCode string) ([]string, bool) {
	return postalLines(a, countryCode, true)
}

func postalLines(a Address, countryCode string, any bool) ([]string, bool) {
	cc := strings.ToUpper(countryCode)
	if cc == "" {
		cc = strings.ToUpper(a.Value("country_code"))
	}
	lines, ok := postalFormats[cc]
	if !ok && any {
		if lines, ok = otherFormats[cc]; !ok {
			lines, ok = otherFormats[""], true
		}
	}
	if !ok {
		return nil, false
	}
	n := Normalize(a)
	vals := map[string]string{}
	for _, p := range n {
		vals[p.Key] = p.Value
		vals[strings.ToUpper(p.Key)] = strings.ToUpper(p.Value)
	}
	if code := StateCode(a, cc); code != "" {
		vals["state_abbr"] = strings.TrimPrefix(code, cc+"-")
	} else {
		vals["state_abbr"] = vals["state"]
	}
	var out []string
	for _, tmpl := range lines {
		if l := fill(tmpl, vals); l != "" {
			out = append(out, l)
		}
	}
	if len(out) == 0 || (len(out) == 1 && out[0] == vals["country"]) {
		return nil, false
	}
	return out, true
}

// fill expands {key} fields of tmpl; separators next to an empty field are
// dropped, so "{city}, {state_abbr} {postcode}" with no city gives
// "AL 36067".
func fill(tmpl string, vals map[string]string) string {
	type tok struct {
		text  string
		field bool
	}
	var toks []tok
	for tmpl != "" {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			toks = append(toks, tok{tmpl, false})
			break
		}
		if i > 0 {
			toks = append(toks, tok{tmpl[:i], false})
		}
		j := strings.IndexByte(tmpl[i:], '}')
		toks = append(toks, tok{vals[tmpl[i+1:i+j]], true})
		tmpl = tmpl[i+j+1:]
	}
	var b strings.Builder
	pendingSep := ""
	for _, t := range toks {
		if !t.field {
			pendingSep = t.text
			continue
		}
		if t.text == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(pendingSep)
		}
		pendingSep = ""
		b.WriteString(t.text)
	}
	return strings.TrimSpace(b.String())
}
