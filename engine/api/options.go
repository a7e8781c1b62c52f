package api

// options.go: the LocationIQ output options shared by the geocoding
// endpoints (issue 5): normalizeaddress, normalizecity, statecode,
// postaladdress, matchquality, normalizeimportance, source, and the
// per-endpoint format values of spec 4.1; plus the request parameters
// autocomplete shares with search (viewbox, countrycodes,
// accept-language). Handlers parse with ParseOutputOptions and apply with
// the OutputOptions methods, so every endpoint treats them alike.

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/geocode/addrformat"
	"waymark/engine/geocode/matchquality"
)

// kind names an endpoint for the options it accepts.
type kind string

// The geocoding endpoints.
const (
	kindSearch       kind = "search"
	kindStructured   kind = "search/structured"
	kindPostalcode   kind = "search/postalcode"
	kindReverse      kind = "reverse"
	kindLookup       kind = "lookup"
	kindAutocomplete kind = "autocomplete"
	kindNearby       kind = "nearby"
)

// formats lists the format values each endpoint accepts, the default
// first. Spec 4.1: reverse xml (default), json, xmlv1.1; lookup json; the
// search operations json and xml (json is the default, as LocationIQ).
// jsonv2, geojson and geocodejson are Nominatim's and kept for
// compatibility where the spec leaves the list open or lists JSON forms;
// lookup is "json only" in the spec, and so it is here.
// Autocomplete and nearby answer JSON only.
var formats = map[kind][]string{
	kindSearch:       {"json", "xml", "jsonv2", "geojson", "geocodejson"},
	kindStructured:   {"json", "xml", "jsonv2", "geojson", "geocodejson"},
	kindPostalcode:   {"json", "xml", "jsonv2", "geojson", "geocodejson"},
	kindReverse:      {"xml", "json", "xmlv1.1", "jsonv2", "geojson", "geocodejson"},
	kindLookup:       {"json"},
	kindAutocomplete: {"json"},
	kindNearby:       {"json"},
}

// nominatimFormats are the formats of Nominatim's search and lookup, its
// defaults first (jsonv2 for search, xml for lookup); its reverse offers
// the formats of kindReverse (xmlv1.1 kept as an extension).
var nominatimFormats = map[kind][]string{
	kindSearch: {"jsonv2", "json", "xml", "geojson", "geocodejson"},
	kindLookup: {"xml", "json", "jsonv2", "geojson", "geocodejson"},
}

// parseFormat returns the format of a request to an endpoint of kind k:
// its default when absent, a 400 naming format for any value the endpoint
// does not offer. Values are case-insensitive. Nominatim's paths offer
// Nominatim's formats and defaults (dialect.go).
func parseFormat(q *query, k kind) string {
	allowed := formats[k]
	if nf, ok := nominatimFormats[k]; ok && q.nominatim {
		allowed = nf
	}
	s := strings.ToLower(q.String("format", allowed[0]))
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	e := badParam("format", "must be one of %s on %s, got %q", strings.Join(allowed, ", "), k, s)
	e.Nominatim = "Parameter 'format' must be one of: " + strings.Join(allowed, ", ")
	q.Fail(e)
	return allowed[0]
}

// outputOptions are the issue-5 output options of one request.
type outputOptions struct {
	NormalizeAddress    bool
	NormalizeCity       bool
	StateCode           bool
	PostalAddress       bool
	MatchQuality        bool // search operations only
	NormalizeImportance bool // search operations only
	// Source is "nom" or "" (absent). Every result of this engine comes
	// from OpenStreetMap (the community dataset), so nom changes nothing.
	Source string
}

// optionParams lists the output options each endpoint accepts (spec 4.2
// to 4.5); others are ignored like any unknown parameter.
var optionParams = map[kind][]string{
	kindSearch:       {"normalizeaddress", "normalizecity", "statecode", "postaladdress", "matchquality", "normalizeimportance", "source"},
	kindStructured:   {"normalizeaddress", "normalizecity", "statecode", "postaladdress", "matchquality", "normalizeimportance", "source"},
	kindPostalcode:   {"normalizeaddress", "normalizecity", "statecode", "postaladdress", "matchquality", "normalizeimportance", "source"},
	kindReverse:      {"normalizeaddress", "normalizecity", "statecode", "postaladdress", "source"},
	kindLookup:       {"normalizeaddress", "normalizecity", "statecode", "postaladdress"},
	kindAutocomplete: {"normalizecity", "statecode"},
}

// parseOutputOptions parses the output options endpoint k accepts. Flags
// take 0 or 1; source takes only nom. Errors are recorded in q.
func parseOutputOptions(q *query, k kind) outputOptions {
	var o outputOptions
	for _, name := range optionParams[k] {
		switch name {
		case "normalizeaddress":
			o.NormalizeAddress = q.Bool(name, false)
		case "normalizecity":
			o.NormalizeCity = q.Bool(name, false)
		case "statecode":
			o.StateCode = q.Bool(name, false)
		case "postaladdress":
			o.PostalAddress = q.Bool(name, false)
		case "matchquality":
			o.MatchQuality = q.Bool(name, false)
		case "normalizeimportance":
			o.NormalizeImportance = q.Bool(name, false)
		case "source":
			if q.Has("source") {
				o.Source = q.Enum("source", "", "nom")
			}
		}
	}
	return o
}

// Address returns the address of p as the options shape it, in output
// order: normalizecity adds city, normalizeaddress keeps exactly the keys of
// spec 2.5, statecode adds state_code. Without normalizeaddress the first
// value of each key is kept (Nominatim's addressdetails), including the
// ISO3166-2-lvlN keys.
func (o outputOptions) Address(p *geocode.Place) addrformat.Address {
	a := geocode.AddressOf(p)
	if o.NormalizeCity {
		a = addrformat.NormalizeCity(a)
	}
	if o.StateCode {
		a = addrformat.WithStateCode(a, addrformat.StateCode(a, p.CountryCode))
	}
	if o.NormalizeAddress {
		a = addrformat.Normalize(a)
	}
	return firstOfEachKey(a)
}

// firstOfEachKey drops repeated keys, keeping the first (most specific).
func firstOfEachKey(a addrformat.Address) addrformat.Address {
	out := a[:0:0]
	for _, p := range a {
		if _, dup := out.Get(p.Key); !dup {
			out = append(out, p)
		}
	}
	return out
}

// Postal returns the postaladdress of p when asked for and its country
// has a format (addrformat.PostalCountries).
func (o outputOptions) Postal(p *geocode.Place) (string, bool) {
	if !o.PostalAddress {
		return "", false
	}
	return addrformat.Postal(geocode.AddressOf(p), p.CountryCode)
}

// Importance returns the importance to report for v.
func (o outputOptions) Importance(v float64) float64 {
	if o.NormalizeImportance {
		return matchquality.NormalizeImportance(v)
	}
	return v
}

// Quality returns the matchquality object of a search result, or nil when
// not asked for. q describes how the place matched (see matchquality).
func (o outputOptions) Quality(p *geocode.Place, q matchquality.Query) *matchquality.Result {
	if !o.MatchQuality {
		return nil
	}
	osmType := p.OSMType
	r := matchquality.Compute(matchquality.Place{
		OSMType: osmType, Class: p.Class, Type: p.Type, Name: p.Name, HouseNumber: p.HouseNumber,
		RankAddress: p.RankAddress, RankSearch: p.RankSearch, Interpolated: p.Interpolated,
	}, q)
	return &r
}

// searchQuality derives the query facts matchquality needs from a search
// result's Penalty (0 = exact match) and the rank the query asked for.
func searchQuality(p *geocode.Place, wantedRank int) matchquality.Query {
	return matchquality.Query{Fuzzy: p.Penalty > 0, WantedRank: wantedRank}
}

// orderedAddress is an address encoded as a JSON object with its keys in
// address order (most specific first), as Nominatim writes addressdetails.
type orderedAddress addrformat.Address

// MarshalJSON writes the object, keeping the order of the parts.
func (a orderedAddress) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.Key)
		v, _ := json.Marshal(p.Value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// parseViewbox parses viewbox (spec 4.1): four numbers, two corners in any
// order (x1,y1,x2,y2 lon/lat), spanning a real box. ok is false when absent.
func parseViewbox(q *query) (b orb.Bound, ok bool) {
	s := q.String("viewbox", "")
	if s == "" {
		return orb.Bound{}, false
	}
	f := strings.Split(s, ",")
	if len(f) != 4 {
		q.Fail(badParam("viewbox", "must be four numbers x1,y1,x2,y2, got %q", s))
		return orb.Bound{}, false
	}
	var v [4]float64
	for i, x := range f {
		n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			q.Fail(badParam("viewbox", "must be four numbers x1,y1,x2,y2, got %q", s))
			return orb.Bound{}, false
		}
		v[i] = n
	}
	b = orb.Bound{
		Min: orb.Point{math.Min(v[0], v[2]), math.Min(v[1], v[3])},
		Max: orb.Point{math.Max(v[0], v[2]), math.Max(v[1], v[3])},
	}
	if b.Min[0] < -180 || b.Max[0] > 180 || b.Min[1] < -90 || b.Max[1] > 90 {
		q.Fail(badParam("viewbox", "coordinates out of range in %q", s))
		return orb.Bound{}, false
	}
	if b.Min[0] == b.Max[0] || b.Min[1] == b.Max[1] {
		q.Fail(badParam("viewbox", "must span a box, got %q", s))
		return orb.Bound{}, false
	}
	return b, true
}

// parseCountryCodes parses countrycodes: comma-separated ISO 3166-1
// alpha-2 codes (any case, spaces ignored), returned lower-case; nil when
// absent.
func parseCountryCodes(q *query) []string {
	s := q.String("countrycodes", "")
	if s == "" {
		return nil
	}
	var out []string
	for _, c := range strings.Split(s, ",") {
		c = strings.ToLower(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		if len(c) != 2 || c[0] < 'a' || c[0] > 'z' || c[1] < 'a' || c[1] > 'z' {
			q.Fail(badParam("countrycodes", "must be comma-separated two-letter ISO 3166-1 codes, got %q", s))
			return nil
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		q.Fail(badParam("countrycodes", "holds no country code: %q", s))
	}
	return out
}

// autocompleteLanguages are the languages autocomplete supports (spec 4.4),
// besides native.
var autocompleteLanguages = []string{"en", "cs", "nl", "fr", "de", "id", "it", "no", "pl", "es", "ru", "sv", "uk"}

// parseLanguages returns the preferred languages of a request: the
// accept-language parameter, else the Accept-Language header, else the
// spec's default en. An empty non-nil list means local names (native).
// When supported is non-nil, every language of the parameter must have its
// base language in it (else a 400 naming accept-language); languages of
// the header outside it are skipped.
func parseLanguages(q *query, r *http.Request, supported []string) []string {
	param := q.String("accept-language", "")
	src := param
	if src == "" {
		src = strings.TrimSpace(r.Header.Get("Accept-Language"))
	}
	if src == "" {
		return geocode.DefaultLanguages
	}
	langs := geocode.ParseLanguages(src)
	if supported != nil {
		kept := langs[:0:0]
		for _, l := range langs {
			base, _, _ := strings.Cut(l, "-")
			ok := false
			for _, s := range supported {
				ok = ok || s == base
			}
			if ok {
				kept = append(kept, l)
				continue
			}
			if param != "" {
				q.Fail(badParam("accept-language", "language %q not supported; use %s or native", l, strings.Join(supported, ", ")))
				return geocode.DefaultLanguages
			}
		}
		langs = kept
	}
	if len(langs) == 0 {
		if nativeFirst(src) {
			return []string{}
		}
		if param != "" {
			q.Fail(badParam("accept-language", "no language in %q", param))
		}
		return geocode.DefaultLanguages
	}
	return langs
}

// nativeFirst reports whether a language list starts with native or *.
func nativeFirst(s string) bool {
	first, _, _ := strings.Cut(s, ",")
	first, _, _ = strings.Cut(first, ";")
	first = strings.ToLower(strings.TrimSpace(first))
	return first == "native" || first == "*"
}
