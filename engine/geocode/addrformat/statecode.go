package addrformat

import (
	"sort"
	"strconv"
	"strings"

	"waymark/engine/text"
)

// StateCode returns the ISO 3166-2 subdivision code of an address
// (statecode=1), e.g. "LI-11" for an address in Vaduz, "US-AL" in
// Prattville, "CH-SG" in Buchs SG, or "" when none is known.
//
// Sources, in order:
//  1. the ISO3166-2 tag of the subdivision boundary as addressdetails
//     carries it (keys "ISO3166-2-lvlN", Nominatim's; the lowest N wins,
//     i.e. the largest subdivision), when it belongs to countryCode;
//  2. the built-in table (statecode_table.go) by the normalized name of the
//     address's state, province, region, county, state_district, or — for
//     countries whose ISO subdivisions are municipalities or parishes (LI,
//     AD, MC) — its municipality/city/town/village/suburb/quarter.
//
// countryCode is ISO 3166-1 alpha-2 in any case; when empty the address's
// country_code is used. The code is returned as ISO writes it (upper case).
func StateCode(a Address, countryCode string) string {
	cc := strings.ToUpper(countryCode)
	if cc == "" {
		cc = strings.ToUpper(a.Value("country_code"))
	}
	best, bestLvl := "", 99
	for _, p := range a {
		lvl, ok := strings.CutPrefix(p.Key, "ISO3166-2-lvl")
		if !ok || p.Value == "" {
			continue
		}
		n, err := strconv.Atoi(lvl)
		if err != nil || n >= bestLvl {
			continue
		}
		v := strings.ToUpper(strings.TrimSpace(p.Value))
		if cc != "" && !strings.HasPrefix(v, cc+"-") {
			continue
		}
		best, bestLvl = v, n
	}
	if best != "" {
		return best
	}
	table := stateCodes[cc]
	if table == nil {
		return ""
	}
	for _, k := range stateCodeKeys {
		v := a.Value(k)
		if v == "" {
			continue
		}
		if code, ok := table[text.Normalize(v)]; ok {
			return code
		}
		// "Canton of Bern", "Kanton St. Gallen", "State of Alabama".
		if code, ok := table[stripAdminWords(text.Normalize(v))]; ok {
			return code
		}
	}
	return ""
}

// stateCodeKeys are the address keys searched for a subdivision name, most
// likely first.
var stateCodeKeys = []string{
	"state", "province", "region", "state_district", "county",
	"municipality", "city", "town", "village", "suburb", "quarter", "city_district",
}

var adminWords = []string{"canton of ", "kanton ", "canton ", "state of ", "province of ", "provincia di ", "provincia de ", "region ", "regione ", "land ", "bundesland ", "parroquia de ", "parish of ", "comunidad de "}

func stripAdminWords(s string) string {
	for _, w := range adminWords {
		if rest, ok := strings.CutPrefix(s, w); ok {
			return rest
		}
	}
	return s
}

// stateCodes maps an upper-case country code to normalized subdivision
// names (every common spelling) and their ISO 3166-2 codes; built from
// subdivisionTable at init.
var stateCodes = map[string]map[string]string{}

func init() {
	for cc, entries := range subdivisionTable {
		m := map[string]string{}
		for _, e := range entries {
			for _, name := range e.names {
				m[text.Normalize(name)] = e.code
			}
		}
		stateCodes[cc] = m
	}
}

// StateCodeCountries returns the countries with a built-in subdivision
// table, sorted.
func StateCodeCountries() []string {
	out := make([]string, 0, len(subdivisionTable))
	for cc := range subdivisionTable {
		out = append(out, cc)
	}
	sort.Strings(out)
	return out
}

type subdivision struct {
	code  string
	names []string
}

func sub(code string, names ...string) subdivision { return subdivision{code, names} }
