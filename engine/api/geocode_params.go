package api

// geocode_params.go: parsing of the parameters shared by /search,
// /search/structured, /search/postalcode, /reverse and /lookup (spec 4.1 to
// 4.5, Nominatim v1). Choices where the spec is silent, following
// Nominatim: limit is clamped to 1..50 (a non-integer is a 400); zoom is
// clamped to 0..18; viewboxlbrt is accepted when viewbox is absent; email
// is accepted and ignored; debug=1 answers an HTML page listing the
// query and its results (Nominatim answers HTML debug output too); featureType (country, state, city,
// settlement) and layer (address, poi, railway, natural, manmade) filter;
// exclude_place_ids takes comma-separated place ids.

import (
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"waymark/engine/geocode"
)

// polygons says which geometry outputs a request asked for.
type polygons struct {
	GeoJSON, KML, SVG, Text bool
}

func (p polygons) any() bool { return p.GeoJSON || p.KML || p.SVG || p.Text }

// count is how many geometry outputs are asked for.
func (p polygons) count() int {
	n := 0
	for _, b := range []bool{p.GeoJSON, p.KML, p.SVG, p.Text} {
		if b {
			n++
		}
	}
	return n
}

// geoParams are the output parameters every geocoding endpoint shares.
type geoParams struct {
	format    string
	callback  string
	address   bool // addressdetails
	names     bool // namedetails
	extra     bool // extratags
	entrances bool // entrances (Nominatim 5): the tagged entrance nodes
	polygons  polygons
	threshold float64
	opts      outputOptions
	out       geocode.Output
	debug     bool       // debug=1: an HTML page instead of the results
	exclude   exclusions // search: exclude_place_ids
}

// parseGeoParams reads format, json_callback, addressdetails (default
// addrDefault), namedetails, extratags, polygon_*, polygon_threshold,
// accept-language and the output options of endpoint kind k.
func parseGeoParams(q *query, r *http.Request, k kind, addrDefault bool) geoParams {
	var p geoParams
	p.format = parseFormat(q, k)
	if !strings.HasPrefix(p.format, "xml") {
		// Nominatim ignores json_callback for XML and checks it otherwise.
		cb, err := callback(r)
		q.Fail(err)
		p.callback = cb
	}
	p.address = q.Bool("addressdetails", addrDefault)
	p.names = q.Bool("namedetails", false)
	p.extra = q.Bool("extratags", false)
	p.entrances = q.Bool("entrances", false)
	p.polygons = polygons{
		GeoJSON: q.Bool("polygon_geojson", false),
		KML:     q.Bool("polygon_kml", false),
		SVG:     q.Bool("polygon_svg", false),
		Text:    q.Bool("polygon_text", false),
	}
	// Nominatim (POLYGON_OUTPUT_MAX_TYPES=1): one geometry format a
	// request, except with format=geojson/geocodejson, where the others
	// are ignored.
	if q.nominatim && p.format != "geojson" && p.format != "geocodejson" && p.polygons.count() > 1 {
		q.Fail(badParam("polygon_geojson", "Too many polygon output options selected."))
	}
	if v, ok := q.Float("polygon_threshold", -math.MaxFloat64, math.MaxFloat64); ok {
		p.threshold = v
	}
	p.debug = q.Bool("debug", false)
	p.opts = parseOutputOptions(q, k)
	p.out = geocode.Output{
		Languages: parseLanguages(q, r, nil),
		ExtraTags: p.extra,
		Entrances: p.entrances,
		Geometry:  p.polygons.any(),
		Threshold: p.threshold,
	}
	return p
}

// parseSearchFilters reads the filters of the search operations into req:
// limit, viewbox/viewboxlbrt, bounded, countrycodes, exclude_place_ids,
// dedupe, featureType and layer.
func parseSearchFilters(q *query, req *geocode.Request) {
	req.Limit = clampedInt(q, "limit", 10, 1, 50)
	if vb, ok := parseViewbox(q); ok {
		req.Viewbox = &vb
	} else if !q.Has("viewbox") || q.String("viewbox", "") == "" {
		if s := q.String("viewboxlbrt", ""); s != "" {
			alt := &query{v: url.Values{"viewbox": {s}}}
			if vb, ok := parseViewbox(alt); ok {
				req.Viewbox = &vb
			} else if e := alt.Err(); e != nil {
				q.Fail(badParam("viewboxlbrt", "%s", e.Msg))
			}
		}
	}
	req.Bounded = q.Bool("bounded", false)
	req.CountryCodes = lenientCountryCodes(q.String("countrycodes", ""))
	req.Dedupe = q.Bool("dedupe", true)
	if ft := q.String("featureType", q.String("featuretype", "")); ft != "" {
		lo, hi, ok := geocode.FeatureTypeRanks(ft)
		if !ok {
			q.Fail(badParam("featureType", "must be one of country, state, city, settlement, got %q", ft))
		}
		req.MinRank, req.MaxRank = lo, hi
		req.Layers = geocode.LayerAddress
	} else if s := q.String("layer", ""); s != "" {
		l, ok := geocode.ParseLayer(s)
		if !ok {
			q.Fail(badParam("layer", "must be comma-separated layers of address, poi, railway, natural, manmade, got %q", s))
		}
		req.Layers = l
	}
}

// exclusions are the places exclude_place_ids names: place ids (put
// into the request directly), OSM objects and postcodes (resolved to
// place ids before the search), in Nominatim's forms.
type exclusions struct {
	osm       []geocode.OSMRef
	postcodes [][2]string // country code, postcode
	// given are the items as Nominatim writes them back in more_url
	// (place ids as given, N/W/R upper-cased, P<cc>:<postcode>).
	given []string
}

// parseExclusions reads exclude_place_ids as Nominatim does
// (format_excluded): comma-separated items, each a place id (0 is
// skipped), an OSM object (N456, w789; id 0 skipped) or a postcode
// (Pli:9490); blank items are skipped, anything else is a 400 ("Invalid
// exclude ID: abc").
func parseExclusions(q *query, req *geocode.Request) exclusions {
	var ex exclusions
	for _, f := range strings.Split(q.String("exclude_place_ids", ""), ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if isDecimal(f) {
			if id, err := strconv.ParseInt(f, 10, 64); err == nil && id > 0 {
				if req.Exclude == nil {
					req.Exclude = map[int64]bool{}
				}
				req.Exclude[id] = true
				ex.given = append(ex.given, f)
			}
			continue
		}
		if t := f[0] &^ 0x20; (t == 'N' || t == 'W' || t == 'R') && isDecimal(f[1:]) {
			if ref, ok := geocode.ParseOSMRef(f); ok {
				ex.osm = append(ex.osm, ref)
				ex.given = append(ex.given, string(ref.Type)+strconv.FormatInt(ref.ID, 10))
			}
			continue
		}
		if cc, pc, ok := strings.Cut(f[1:], ":"); f[0] == 'P' && ok && len(cc) == 2 && isLetters(cc) && pc != "" {
			ex.postcodes = append(ex.postcodes, [2]string{strings.ToLower(cc), pc})
			ex.given = append(ex.given, f)
			continue
		}
		e := badParam("exclude_place_ids", "must be comma-separated place ids, OSM ids (N123, W456, R789) or postcodes (Pli:9490), got %q", f)
		e.Nominatim = "Invalid exclude ID: " + f
		q.Fail(e)
		break
	}
	return ex
}

func isDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// clampedInt parses an integer parameter and clamps it into [lo, hi]
// (Nominatim's treatment of limit and zoom); a non-integer is a 400. On
// /v1 a whole number written as a float ("10.0") is taken; Nominatim's
// paths take integers only, as its int() does ("Parameter 'limit' must
// be a number.").
func clampedInt(q *query, name string, def, lo, hi int) int {
	s := q.String(name, "")
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if q.nominatim || ferr != nil || math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
			e := badParam(name, "must be an integer, got %q", s)
			e.Nominatim = "Parameter '" + name + "' must be a number."
			q.Fail(e)
			return def
		}
		n = int(math.Max(math.Min(f, 1e9), -1e9))
	}
	return max(lo, min(hi, n))
}

// nominatimLookupMax is Nominatim's LOOKUP_MAX_COUNT (default 50): the
// most ids a lookup on its path takes.
const nominatimLookupMax = 50

// parseOSMIDs reads lookup's osm_ids: comma-separated N/W/R ids. Items
// that are no valid id are skipped, as Nominatim does; more than maxIDs
// valid ids are a 400 ("Too many object IDs." on Nominatim's path). On
// /v1 osm_ids is required; Nominatim answers an absent one with no
// results.
func parseOSMIDs(q *query, maxIDs int) []geocode.OSMRef {
	s := q.String("osm_ids", "")
	if !q.Has("osm_ids") && !q.nominatim {
		q.Fail(badParam("osm_ids", "is required (comma-separated ids with N, W or R prefix)"))
		return nil
	}
	var refs []geocode.OSMRef
	for _, f := range strings.Split(s, ",") {
		if ref, ok := geocode.ParseOSMRef(f); ok {
			refs = append(refs, ref)
		}
	}
	if len(refs) > maxIDs {
		e := badParam("osm_ids", "at most %d ids are allowed, got %d", maxIDs, len(refs))
		e.Nominatim = "Too many object IDs."
		q.Fail(e)
	}
	return refs
}

// lenientCountryCodes parses countrycodes as Nominatim does: the
// two-letter codes of a comma-separated list, lower-cased; other items
// ("1", "invalid", "<b>") are dropped. None left means no restriction.
func lenientCountryCodes(s string) []string {
	var out []string
	for _, c := range strings.Split(s, ",") {
		c = strings.ToLower(strings.TrimSpace(c))
		if len(c) == 2 && c[0] >= 'a' && c[0] <= 'z' && c[1] >= 'a' && c[1] <= 'z' {
			out = append(out, c)
		}
	}
	return out
}
