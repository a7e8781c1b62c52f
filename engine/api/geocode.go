package api

// geocode.go: GET /search, /search/structured, /search/postalcode,
// /reverse and /lookup (spec 4.2, 4.3, 4.5), answered Nominatim v1's way.
// Choices where the spec is silent: /search also takes the structured
// fields when q is absent (as Nominatim); q together with a structured
// field is a 400; a search or reverse without result a 404
// {"error":"Unable to geocode"} (as LocationIQ; XML: an error element),
// on Nominatim's paths a 200 (dialect.go); a lookup of unknown ids an
// empty list.

import (
	"errors"
	"fmt"
	"html"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
)

func (s *Server) geocodeEndpoints() []endpoint {
	return []endpoint{
		{Pattern: "/search", Group: "search", Handler: s.handleSearch(kindSearch)},
		{Pattern: "/search/structured", Group: "search", Handler: s.handleSearch(kindStructured)},
		{Pattern: "/search/postalcode", Group: "search", Handler: s.handleSearch(kindPostalcode)},
		{Pattern: "/reverse", Group: "reverse", Handler: s.handleReverse},
		{Pattern: "/lookup", Group: "lookup", Handler: s.handleLookup},
		{Pattern: "/details", Group: "lookup", Handler: s.handleDetails},
	}
}

// structuredFields are the parameters of search/structured (plus
// Nominatim's amenity), in Nominatim's order from the most specific part
// to the country (the order of the querystring it reports).
// maxQueryBytes bounds the search text: q, each structured field, and
// the structured fields together (the cost of a search grows faster than
// its length).
const maxQueryBytes = 1000

var structuredFields = []string{"amenity", "street", "city", "county", "state", "postalcode", "country"}

// parseSearch reads a search request of endpoint kind k.
func parseSearch(r *http.Request, k kind) (geocode.Request, geoParams, string, *paramError) {
	q := newQuery(r)
	gp := parseGeoParams(q, r, k, false)
	var req geocode.Request
	parseSearchFilters(q, &req)
	gp.exclude = parseExclusions(q, &req)
	req.Output = gp.out
	fields := map[string]string{}
	var given []string
	for _, f := range structuredFields {
		if v := q.String(f, ""); v != "" {
			fields[f] = v
			given = append(given, v)
		}
	}
	text := q.String("q", "")
	total := 0
	for _, f := range structuredFields {
		total += len(fields[f])
		if len(fields[f]) > maxQueryBytes {
			q.Fail(badParam(f, "is longer than %d bytes", maxQueryBytes))
		}
	}
	if total > maxQueryBytes && len(given) > 1 {
		q.Fail(badParam(structuredFields[slices.IndexFunc(structuredFields, func(f string) bool { return fields[f] != "" })],
			"the structured parameters together are longer than %d bytes", maxQueryBytes))
	}
	switch k {
	case kindSearch:
		switch {
		case q.Has("q") && len(given) > 0:
			q.Fail(badParam("q", "cannot be combined with the structured parameters (amenity, street, city, county, state, country, postalcode)"))
		case len(given) == 0 && text == "":
			q.Fail(badParam("q", "is required (free-form query, or use structured parameters)"))
		case len(text) > maxQueryBytes:
			q.Fail(badParam("q", "is longer than %d bytes", maxQueryBytes))
		}
	case kindStructured:
		if q.Has("q") {
			q.Fail(badParam("q", "is not accepted by search/structured; use the structured parameters"))
		} else if len(given) == 0 {
			q.Fail(badParam("street", "at least one of street, city, county, state, country, postalcode is required"))
		}
	case kindPostalcode:
		if q.Has("q") {
			q.Fail(badParam("q", "is not accepted by search/postalcode; use postalcode"))
		} else if fields["postalcode"] == "" {
			q.Fail(badParam("postalcode", "is required"))
		}
		for _, f := range structuredFields {
			if f != "postalcode" && fields[f] != "" {
				q.Fail(badParam(f, "is not accepted by search/postalcode"))
			}
		}
	}
	req.Query = text
	req.Amenity, req.Street, req.City = fields["amenity"], fields["street"], fields["city"]
	req.County, req.State, req.Country, req.Postalcode = fields["county"], fields["state"], fields["country"], fields["postalcode"]
	query := text
	if query == "" {
		query = strings.Join(given, ", ")
	}
	return req, gp, query, q.Err()
}

func (s *Server) handleSearch(k kind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, gp, query, perr := parseSearch(r, k)
		if perr != nil {
			writeParamError(w, r, perr)
			return
		}
		err := s.resolveExclusions(r, &req, gp.exclude)
		var places []geocode.Place
		limit := req.Limit
		if isNominatim(r) && req.Dedupe {
			// Nominatim asks for more than limit and cuts after
			// deduplication, so duplicates do not eat into the limit;
			// LocationIQ applies limit first (spec 4.1).
			req.Limit += min(10, limit)
		}
		if err == nil && !countryExcluded(&req) {
			places, err = s.engine(r).Search(r.Context(), req)
		}
		req.Limit = limit
		if len(places) > limit {
			places = places[:limit]
		}
		if errors.Is(err, engine.ErrBadQuery) {
			writeParamError(w, r, badParam("q", "%v", err))
			return
		}
		if err != nil {
			writeEngineError(w, r, err)
			return
		}
		if gp.debug {
			writeDebugHTML(w, query, places)
			return
		}
		if len(places) == 0 && !isNominatim(r) {
			// LocationIQ: a search operation that finds nothing is a 404.
			writeNotFound(w, r, gp.format)
			return
		}
		v := view{gp: gp, searchKinds: true, numericIDs: isNominatim(r)}
		var attrs rootAttrs
		if gp.format == "xml" {
			more := moreURL(r, &req, gp, places, isNominatim(r))
			attrs = rootAttrs{{"querystring", query}}
			if ex := more.Get("exclude_place_ids"); ex != "" {
				attrs = append(attrs, [2]string{"exclude_place_ids", ex})
			}
			attrs = append(attrs, [2]string{"more_url", moreBase(r) + encodeOrdered(more)},
				[2]string{"polygon", strconv.FormatBool(gp.polygons.any())})
			if vb := more.Get("viewbox"); vb != "" {
				attrs = append(attrs, [2]string{"viewbox", vb})
			}
		}
		writePlaces(w, v, "searchresults", attrs, places, query)
	}
}

// countryExcluded reports whether a structured search names a country
// that countrycodes leaves out: it finds nothing, as in Nominatim (whose
// country phrase keeps only the country tokens of countrycodes).
func countryExcluded(req *geocode.Request) bool {
	if req.Country == "" || len(req.CountryCodes) == 0 {
		return false
	}
	cc, ok := geocode.CountryCode(req.Country)
	return ok && !slices.Contains(req.CountryCodes, cc)
}

// writeNotFound answers a LocationIQ search operation that found nothing:
// 404 "Unable to geocode", as an error element in XML.
func writeNotFound(w http.ResponseWriter, r *http.Request, format string) {
	if strings.HasPrefix(format, "xml") {
		writeXMLBody(w, http.StatusNotFound, `<?xml version="1.0" encoding="UTF-8" ?>`+"\n<error>Unable to geocode</error>")
		return
	}
	writeError(w, r, http.StatusNotFound, "Unable to geocode")
}

// writePlaces writes a list of places in the view's format.
func writePlaces(w http.ResponseWriter, v view, xmlRoot string, attrs rootAttrs, places []geocode.Place, query string) {
	switch v.gp.format {
	case "xml":
		writeXMLPlaces(w, v, xmlRoot, attrs, places)
	case "geojson":
		writeJSON(w, v.gp.callback, http.StatusOK, v.geoJSON(places))
	case "geocodejson":
		writeJSON(w, v.gp.callback, http.StatusOK, v.geocodeJSON(places, query))
	default:
		recs := make([]record, len(places))
		for i := range places {
			recs[i] = v.makeRecord(&places[i])
		}
		writeJSON(w, v.gp.callback, http.StatusOK, recs)
	}
}

// orderedValues is a parameter list that keeps its order.
type orderedValues [][2]string

func (o *orderedValues) set(k, v string) { *o = append(*o, [2]string{k, v}) }

// Get returns the value of k, "" when absent.
func (o orderedValues) Get(k string) string {
	for _, kv := range o {
		if kv[0] == k {
			return kv[1]
		}
	}
	return ""
}

func encodeOrdered(o orderedValues) string {
	parts := make([]string, len(o))
	for i, kv := range o {
		parts[i] = url.QueryEscape(kv[0]) + "=" + url.QueryEscape(kv[1])
	}
	return strings.Join(parts, "&")
}

func moreBase(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + r.URL.Path + "?"
}

// resolveExclusions adds the place ids of the OSM objects and postcodes
// of exclude_place_ids to req.Exclude, as Nominatim resolves them before
// searching (_resolve_excluded_osm_ids).
func (s *Server) resolveExclusions(r *http.Request, req *geocode.Request, ex exclusions) error {
	if len(ex.osm) == 0 && len(ex.postcodes) == 0 {
		return nil
	}
	if req.Exclude == nil {
		req.Exclude = map[int64]bool{}
	}
	eng := s.engine(r)
	if len(ex.osm) > 0 {
		places, err := eng.Lookup(r.Context(), ex.osm, geocode.Output{})
		if err != nil {
			return err
		}
		for i := range places {
			req.Exclude[places[i].PlaceID] = true
		}
	}
	for _, pc := range ex.postcodes {
		places, err := eng.SearchPostalcode(r.Context(), engine.SearchRequest{Postalcode: pc[1], CountryCodes: []string{pc[0]}, Limit: 10})
		if err != nil {
			return err
		}
		for i := range places {
			if p := &places[i]; p.OSMType == "" && strings.EqualFold(p.Postcode, pc[1]) {
				req.Exclude[p.PlaceID] = true
			}
		}
	}
	return nil
}

// excludeID is the id more_url excludes a result by: on Nominatim's
// paths its OSM object (N123) or postcode (Pli:9490) when it has one, as
// Nominatim (result_to_exclude_id); else its place id.
func excludeID(p *geocode.Place, nominatim bool) string {
	if nominatim {
		switch {
		case p.OSMType != "":
			return string(p.OSMType[0]&^0x20) + strconv.FormatInt(p.OSMID, 10)
		case p.Class == "place" && p.Type == "postcode" && p.CountryCode != "" && p.Postcode != "":
			return "P" + p.CountryCode + ":" + p.Postcode
		}
	}
	return strconv.FormatInt(p.PlaceID, 10)
}

// moreURL is Nominatim's more_url parameters (extend_query_parts): the
// query, the options in effect, the places to exclude (those returned,
// then those given), and format last. The access key is never included.
func moreURL(r *http.Request, req *geocode.Request, gp geoParams, places []geocode.Place, nominatim bool) orderedValues {
	q := newQuery(r)
	var o orderedValues
	if req.Query != "" {
		o.set("q", req.Query)
	}
	for _, f := range structuredFields {
		if v := q.String(f, ""); v != "" {
			o.set(f, v)
		}
	}
	flags := []struct {
		name string
		on   bool
	}{{"polygon_geojson", gp.polygons.GeoJSON}, {"polygon_kml", gp.polygons.KML}, {"polygon_svg", gp.polygons.SVG},
		{"polygon_text", gp.polygons.Text}, {"addressdetails", gp.address}, {"namedetails", gp.names}, {"extratags", gp.extra}}
	for _, f := range flags {
		if f.on {
			o.set(f.name, "1")
		}
	}
	if gp.threshold > 0 {
		o.set("polygon_threshold", strconv.FormatFloat(gp.threshold, 'g', 6, 64))
	}
	if req.Limit != 10 {
		o.set("limit", strconv.Itoa(req.Limit))
	}
	if len(req.CountryCodes) > 0 {
		o.set("countrycodes", strings.Join(req.CountryCodes, ","))
	}
	var ex []string
	for i := range places {
		ex = append(ex, excludeID(&places[i], nominatim))
	}
	ex = append(ex, gp.exclude.given...)
	o.set("exclude_place_ids", strings.Join(ex, ","))
	if vb := req.Viewbox; vb != nil {
		g := func(v float64) string { return strconv.FormatFloat(v, 'g', 7, 64) }
		o.set("viewbox", g(vb.Min[0])+","+g(vb.Min[1])+","+g(vb.Max[0])+","+g(vb.Max[1]))
	}
	if req.Bounded {
		o.set("bounded", "1")
	}
	if !req.Dedupe {
		o.set("dedupe", "0")
	}
	if ft := q.String("featureType", ""); ft != "" {
		o.set("featureType", ft)
	}
	o.set("format", gp.format)
	return o
}

func (s *Server) handleReverse(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	gp := parseGeoParams(q, r, kindReverse, true)
	// Nominatim takes any finite number and finds nothing outside the
	// world; LocationIQ refuses coordinates out of range.
	latMax, lonMax := 90.0, 180.0
	if q.nominatim {
		latMax, lonMax = math.MaxFloat64, math.MaxFloat64
	}
	lat := q.RequiredFloat("lat", -latMax, latMax)
	lon := q.RequiredFloat("lon", -lonMax, lonMax)
	outside := lat < -90 || lat > 90 || lon < -180 || lon > 180
	req := geocode.ReverseRequest{Point: orb.Point{lon, lat}, Zoom: clampedInt(q, "zoom", 18, 0, 18), Output: gp.out}
	if s := q.String("layer", ""); s != "" {
		l, ok := geocode.ParseLayer(s)
		if !ok {
			q.Fail(badParam("layer", "must be comma-separated layers of address, poi, railway, natural, manmade, got %q", s))
		}
		req.Layers = l
	}
	showDist := q.Bool("showdistance", false)
	oceans := q.Bool("oceans", false)
	if perr := q.Err(); perr != nil {
		writeParamError(w, r, perr)
		return
	}
	ctx := r.Context()
	var place *geocode.Place
	var err error
	if oceans && gp.address && !outside {
		place, err = s.engine(r).WaterAt(ctx, req.Point, gp.out)
	}
	if place == nil && err == nil && !outside {
		place, err = s.engine(r).Reverse(ctx, req)
	}
	if err != nil && !errors.Is(err, engine.ErrNotFound) {
		writeEngineError(w, r, err)
		return
	}
	if gp.debug {
		var list []geocode.Place
		if place != nil {
			list = append(list, *place)
		}
		writeDebugHTML(w, "reverse "+q.String("lat", "")+","+q.String("lon", ""), list)
		return
	}
	v := view{gp: gp, showDist: showDist, reverse: true, numericIDs: q.nominatim}
	query := "lat=" + q.String("lat", "") + "&lon=" + q.String("lon", "")
	switch gp.format {
	case "xml", "xmlv1.1":
		status := http.StatusOK
		if place == nil && !q.nominatim {
			status = http.StatusNotFound // LocationIQ; Nominatim answers 200
		}
		writeXMLReverse(w, v, status, rootAttrs{{"querystring", query}}, place)
		return
	}
	if place == nil {
		if isNominatim(r) {
			// Nominatim answers "nothing here" with 200 and this body.
			cb, _ := callback(r)
			writeJSON(w, cb, http.StatusOK, map[string]string{"error": "Unable to geocode"})
			return
		}
		writeError(w, r, http.StatusNotFound, "Unable to geocode")
		return
	}
	switch gp.format {
	case "geojson":
		writeJSON(w, gp.callback, http.StatusOK, v.geoJSON([]geocode.Place{*place}))
	case "geocodejson":
		writeJSON(w, gp.callback, http.StatusOK, v.geocodeJSON([]geocode.Place{*place}, ""))
	default:
		writeJSON(w, gp.callback, http.StatusOK, v.makeRecord(place))
	}
}

func (s *Server) handleLookup(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	gp := parseGeoParams(q, r, kindLookup, true)
	maxIDs := 3 // spec 8
	if q.nominatim {
		maxIDs = nominatimLookupMax
	}
	refs := parseOSMIDs(q, maxIDs)
	if perr := q.Err(); perr != nil {
		writeParamError(w, r, perr)
		return
	}
	places, err := s.engine(r).Lookup(r.Context(), refs, gp.out)
	if err != nil {
		writeEngineError(w, r, err)
		return
	}
	v := view{gp: gp, numericIDs: true}
	writePlaces(w, v, "searchresults", rootAttrs{{"querystring", ""}}, places, "")
}

// writeDebugHTML answers debug=1: the query and a table of the results
// with their match penalty and score.
func writeDebugHTML(w http.ResponseWriter, query string, places []geocode.Place) {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/><title>Debug output</title></head><body>")
	b.WriteString("<h1>Debug output</h1><p>Query: " + esc(query) + "</p><table><tr><th>place_id</th><th>osm</th><th>class/type</th><th>rank</th><th>importance</th><th>penalty</th><th>score</th><th>display_name</th></tr>")
	for _, p := range places {
		fmt.Fprintf(&b, "<tr><td>%d</td><td>%s %d</td><td>%s/%s</td><td>%d/%d</td><td>%.5f</td><td>%.3f</td><td>%.3f</td><td>%s</td></tr>",
			p.PlaceID, esc(p.OSMType), p.OSMID, esc(p.Class), esc(p.Type), p.RankSearch, p.RankAddress, p.Importance, p.Penalty, p.Score, esc(p.DisplayName))
	}
	b.WriteString("</table></body></html>")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(b.String()))
}
