package api

// autocomplete.go: GET /autocomplete (spec 4.4), predictions of spec 2.3.
// Deviations and choices: bounded=1 without a viewbox is a 400 (a
// restriction that cannot apply is not silently dropped); format, not
// listed for autocomplete, accepts only json; no prediction is a 404
// {"error":"Unable to geocode"}, as LocationIQ answers; the address object
// always has the normalized keys of spec 2.5 (with name), as LocationIQ's
// autocomplete does.

import (
	"errors"
	"net/http"
	"strconv"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/engine/geocode/addrformat"
	"waymark/engine/geocode/tagfilter"
)

func (s *Server) autocompleteEndpoints() []endpoint {
	return []endpoint{{Pattern: "/autocomplete", Group: "autocomplete", Handler: s.handleAutocomplete}}
}

// prediction is one autocomplete record (spec 2.3).
type prediction struct {
	PlaceID        string         `json:"place_id"`
	OSMID          string         `json:"osm_id,omitempty"`
	OSMType        string         `json:"osm_type,omitempty"`
	Licence        string         `json:"licence"`
	Lat            string         `json:"lat"`
	Lon            string         `json:"lon"`
	BoundingBox    [4]string      `json:"boundingbox"`
	Class          string         `json:"class"`
	Type           string         `json:"type"`
	DisplayName    string         `json:"display_name"`
	DisplayPlace   string         `json:"display_place"`
	DisplayAddress string         `json:"display_address"`
	Address        orderedAddress `json:"address"`
}

// parseAutocomplete reads and validates every parameter of spec 4.4.
func parseAutocomplete(r *http.Request) (engine.AutocompleteQuery, outputOptions, string, *paramError) {
	q := newQuery(r)
	var aq engine.AutocompleteQuery
	cb, err := callback(r)
	q.Fail(err)
	parseFormat(q, kindAutocomplete)
	aq.Text = q.String("q", "")
	if aq.Text == "" {
		q.Fail(badParam("q", "is required"))
	} else if len(aq.Text) > 255 {
		q.Fail(badParam("q", "is longer than 255 bytes"))
	}
	aq.CountryCodes = parseCountryCodes(q)
	if tag := q.String("tag", ""); tag != "" {
		f, err := tagfilter.Parse(tag)
		if err != nil {
			q.Fail(badParam("tag", "%v (want class:type pairs such as place:city, place:*, !amenity:gym)", err))
		}
		aq.Tag = f
	}
	aq.Layers = tagfilter.ParseLayers(q.String("layers", ""), q.String("tag", "") != "")
	aq.Limit = q.Int("limit", 10, 1, 20)
	aq.Viewbox, aq.HasViewbox = parseViewbox(q)
	aq.Bounded = q.Bool("bounded", false)
	if aq.Bounded && !aq.HasViewbox && q.Err() == nil {
		q.Fail(badParam("bounded", "bounded=1 needs a viewbox"))
	}
	opts := parseOutputOptions(q, kindAutocomplete)
	aq.Output.Languages = parseLanguages(q, r, autocompleteLanguages)
	aq.DistanceOnly = !q.Bool("importancesort", true)
	aq.Dedupe = q.Bool("dedupe", false)
	return aq, opts, cb, q.Err()
}

func (s *Server) handleAutocomplete(w http.ResponseWriter, r *http.Request) {
	aq, opts, cb, perr := parseAutocomplete(r)
	if perr != nil {
		writeParamError(w, r, perr)
		return
	}
	places, err := s.engine(r).Autocomplete(r.Context(), aq)
	if errors.Is(err, geocode.ErrBadQuery) {
		writeParamError(w, r, badParam("q", "holds no letter or digit to search for"))
		return
	}
	if err != nil {
		writeEngineError(w, r, err)
		return
	}
	if len(places) == 0 {
		writeError(w, r, http.StatusNotFound, "Unable to geocode")
		return
	}
	out := make([]prediction, len(places))
	for i := range places {
		out[i] = makePrediction(&places[i], opts)
	}
	writeJSON(w, cb, http.StatusOK, out)
}

// makePrediction builds the spec 2.3 record of p.
func makePrediction(p *geocode.Place, opts outputOptions) prediction {
	opts.NormalizeAddress = true
	addr := opts.Address(p)
	if p.Name != "" && !addr.Has("name") {
		addr = append(addrformat.Address{{Key: "name", Value: p.Name}}, addr...)
	}
	pr := prediction{
		PlaceID:        strconv.FormatInt(p.PlaceID, 10),
		Licence:        licence,
		Lat:            coord(p.Centroid[1]),
		Lon:            coord(p.Centroid[0]),
		BoundingBox:    bbox(p),
		Class:          p.Class,
		Type:           p.Type,
		DisplayName:    p.DisplayName,
		DisplayPlace:   geocode.DisplayPlace(*p),
		DisplayAddress: geocode.DisplayAddress(*p),
		Address:        orderedAddress(addr),
	}
	if p.OSMType != "" {
		pr.OSMType, pr.OSMID = p.OSMType, strconv.FormatInt(p.OSMID, 10)
	}
	return pr
}

// coord formats a coordinate as Nominatim does (7 decimals).
func coord(v float64) string { return strconv.FormatFloat(v, 'f', 7, 64) }

// bbox returns the boundingbox strings: min lat, max lat, min lon, max lon.
func bbox(p *geocode.Place) [4]string {
	return [4]string{coord(p.Bound.Min[1]), coord(p.Bound.Max[1]), coord(p.Bound.Min[0]), coord(p.Bound.Max[0])}
}
