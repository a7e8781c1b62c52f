package api_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// fuzzEndpoints is every endpoint with valid path parts: the fuzzer varies
// the query only (the path parsers have FuzzParseCoordinates).
var fuzzEndpoints = []struct {
	path string
	osrm bool
}{
	{"/v1/search", false}, {"/search", false}, {"/v1/search/structured", false}, {"/v1/search/postalcode", false},
	{"/v1/reverse", false}, {"/reverse", false}, {"/v1/lookup", false}, {"/lookup", false},
	{"/v1/autocomplete", false}, {"/v1/nearby", false}, {"/details", false}, {"/status", false},
	{"/v1/directions/driving/9.5209,47.1410;9.5096,47.1664", true},
	{"/route/v1/foot/9.5209,47.1410;9.5096,47.1664", true},
	{"/v1/matrix/driving/9.5209,47.1410;9.5096,47.1664;9.52,47.15", true},
	{"/table/v1/car/9.5209,47.1410;9.5096,47.1664", true},
	{"/v1/nearest/walking/9.5209,47.1410", true},
	{"/nearest/v1/car/9.5209,47.1410", true},
	{"/v1/optimize/driving/9.5209,47.1410;9.5096,47.1664;9.52,47.15", true},
	{"/trip/v1/car/9.5209,47.1410;9.5096,47.1664;9.52,47.15", true},
	{"/v1/matching/driving/9.5209,47.1410;9.5215,47.1420;9.5230,47.1432", true},
	{"/match/v1/car/9.5209,47.1410;9.5215,47.1420;9.5230,47.1432", true},
	{"/v1/isochrone/driving/9.5209,47.1410", true},
}

// FuzzEndpointQuery sends arbitrary query strings to every endpoint: each
// answer is 200, 400 or 404 (never a 500 or a panic), and a routing
// endpoint's is an OSRM body with a code (and a message when not Ok), or
// an isochrone's GeoJSON FeatureCollection.
// Seeds are the parameters of the spec and the cases that once made 500s
// or unbounded work.
func FuzzEndpointQuery(f *testing.F) {
	for _, q := range []string{
		"", "q=Vaduz", "q=Vaduz&format=xml&addressdetails=1", "city=Vaduz&street=Städtle", "postalcode=9490",
		"lat=47.14&lon=9.52&zoom=18", "lat=91&lon=0", "osm_ids=R1155956,N1,W2", "q=Vad&limit=3&tag=amenity:restaurant",
		"lat=47.14&lon=9.52&radius=500000&tag=restaurant", "osmtype=R&osmid=1155956&hierarchy=1", "place_id=1",
		"format=json", "json_callback=cb&q=Vaduz", "steps=true&annotations=true&overview=full&geometries=geojson",
		"alternatives=3&continue_straight=false", "bearings=0,90;&radiuses=5;unlimited", "hints=;",
		"scale_factor=1e308", "fallback_speed=1e-320", "sources=0;0;0&destinations=1", "annotations=distance,duration",
		"number=100", "roundtrip=false&source=first&destination=last", "radiuses=1e308;1e308;1e308",
		"timestamps=1;2;3&gaps=ignore&tidy=true", "city=" + strings.Repeat("Vaduz ", 300), "exclude_place_ids=1,2",
		"contours_minutes=5,10&polygons=true&denoise=0.5&generalize=20", "contours_meters=1e308&contours_colors=fff",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil || len(raw) > 4096 {
			return
		}
		s := liAPI(t)
		for _, ep := range fuzzEndpoints {
			status, body := get(t, s, ep.path, cloneValues(q))
			if status != 200 && status != 400 && status != 404 {
				t.Fatalf("GET %s?%s = %d: %s", ep.path, raw, status, body)
			}
			if !ep.osrm {
				continue
			}
			var res struct{ Code, Message, Type string }
			if err := json.Unmarshal(body, &res); err == nil && status == 200 && res.Type == "FeatureCollection" {
				continue // an isochrone: GeoJSON, as Mapbox's
			}
			if err := json.Unmarshal(body, &res); err != nil || res.Code == "" {
				t.Fatalf("GET %s?%s: body %s is not an OSRM answer", ep.path, raw, body)
			}
			if res.Code != "Ok" && res.Message == "" {
				t.Fatalf("GET %s?%s: %s without a message", ep.path, raw, res.Code)
			}
		}
	})
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}
