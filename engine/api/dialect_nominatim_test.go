package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// dialectCase is one request and what its answer must hold.
type dialectCase struct {
	name   string
	path   string
	params url.Values
	status int
	ctype  string   // Content-Type prefix ("" any)
	has    []string // substrings of the body
	lacks  []string // substrings the body must not hold
	check  func(t *testing.T, body []byte)
}

func runDialectCases(t *testing.T, cases []dialectCase) {
	t.Helper()
	s := liAPI(t)
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			code, ctype, body := getFull(t, s, tt.path, tt.params)
			if code != tt.status || !strings.HasPrefix(ctype, tt.ctype) {
				t.Fatalf("GET %s %v = %d %s %.300s, want %d %s", tt.path, tt.params, code, ctype, body, tt.status, tt.ctype)
			}
			for _, h := range tt.has {
				if !strings.Contains(string(body), h) {
					t.Errorf("GET %s %v = %.400s, want it to hold %s", tt.path, tt.params, body, h)
				}
			}
			for _, l := range tt.lacks {
				if strings.Contains(string(body), l) {
					t.Errorf("GET %s %v = %.400s, want it not to hold %s", tt.path, tt.params, body, l)
				}
			}
			if tt.check != nil {
				tt.check(t, body)
			}
		})
	}
}

// resultCount checks the number of results of a JSON list answer.
func resultCount(cmp string, n int) func(t *testing.T, body []byte) {
	return func(t *testing.T, body []byte) {
		var list []map[string]any
		if err := json.Unmarshal(body, &list); err != nil {
			t.Fatalf("decode %.200s: %v", body, err)
		}
		if ok := map[string]bool{"==": len(list) == n, "<": len(list) < n, ">": len(list) > n, "<=": len(list) <= n}[cmp]; !ok {
			t.Errorf("%d results, want %s %d", len(list), cmp, n)
		}
	}
}

// firstResult checks a field of the first result of a JSON list answer.
func firstResult(field string, want any, equal bool) func(t *testing.T, body []byte) {
	return func(t *testing.T, body []byte) {
		var list []map[string]any
		if err := json.Unmarshal(body, &list); err != nil || len(list) == 0 {
			t.Fatalf("decode %.200s: %v, want results", body, err)
		}
		g, _ := json.Marshal(list[0][field])
		w, _ := json.Marshal(want)
		if got := list[0][field]; (string(g) == string(w)) != equal {
			t.Errorf("first result %s = %v, want equal to %v: %v", field, got, want, equal)
		}
	}
}

// TestNominatimDialect: on Nominatim's paths the answers are Nominatim's
// where they used to differ (issue 35), and LocationIQ's on /v1.
func TestNominatimDialect(t *testing.T) {
	const (
		jsonCT = "application/json; charset=utf-8"
		xmlCT  = "text/xml; charset=utf-8"
		textCT = "text/plain; charset=utf-8"
	)
	bakery := vals("lat", "47.066", "lon", "9.504")
	many := make([]string, 51)
	for i := range many {
		many[i] = fmt.Sprint("N", i+1)
	}
	cases := []dialectCase{
		// Numeric place_id and osm_id in json/jsonv2 search and reverse.
		{name: "search json numeric ids", path: "/search", params: vals("q", "Vaduz", "format", "json"), status: 200, ctype: jsonCT,
			check: func(t *testing.T, body []byte) {
				if !regexp.MustCompile(`^\[\{"place_id":\d+,`).Match(body) || !strings.Contains(string(body), `"osm_id":1155956`) {
					t.Errorf("body %.200s, want numeric place_id and osm_id", body)
				}
			}},
		{name: "search jsonv2 numeric ids", path: "/search", params: vals("q", "Vaduz", "format", "jsonv2"), status: 200, ctype: jsonCT, has: []string{`"osm_id":1155956`}},
		{name: "search.php numeric ids", path: "/search.php", params: vals("q", "Vaduz", "format", "json"), status: 200, ctype: jsonCT, has: []string{`"osm_id":1155956`}},
		{name: "v1 search string ids", path: "/v1/search", params: vals("q", "Vaduz", "format", "json"), status: 200, ctype: jsonCT, has: []string{`"osm_id":"1155956"`}},
		{name: "reverse json numeric ids", path: "/reverse", params: with(bakery, "format", "json"), status: 200, ctype: jsonCT, has: []string{`"osm_id":6522627624`}},
		{name: "reverse jsonv2 numeric ids", path: "/reverse", params: with(bakery, "format", "jsonv2"), status: 200, ctype: jsonCT, has: []string{`"osm_id":6522627624`}},
		{name: "v1 reverse string ids", path: "/v1/reverse", params: with(bakery, "format", "json"), status: 200, ctype: jsonCT, has: []string{`"osm_id":"6522627624"`}},
		// Formats: search defaults to jsonv2; lookup to xml, with every format.
		{name: "search default jsonv2", path: "/search", params: vals("q", "Vaduz"), status: 200, ctype: jsonCT, has: []string{`"category":"boundary"`}, lacks: []string{`"class"`}},
		{name: "v1 search default json", path: "/v1/search", params: vals("q", "Vaduz"), status: 200, ctype: jsonCT, has: []string{`"class":"boundary"`}},
		{name: "lookup default xml", path: "/lookup", params: vals("osm_ids", "R1155956"), status: 200, ctype: xmlCT, has: []string{"<searchresults ", `osm_id="1155956"`}},
		{name: "lookup geojson", path: "/lookup", params: vals("osm_ids", "R1155956", "format", "geojson"), status: 200, ctype: jsonCT, has: []string{`"FeatureCollection"`}},
		{name: "lookup jsonv2", path: "/lookup", params: vals("osm_ids", "R1155956", "format", "jsonv2"), status: 200, ctype: jsonCT, has: []string{`"category":"boundary"`}},
		{name: "lookup 4 ids", path: "/lookup", params: vals("osm_ids", "R1155956,N1,N2,N3", "format", "json"), status: 200, ctype: jsonCT},
		{name: "v1 lookup json only", path: "/v1/lookup", params: vals("osm_ids", "R1155956", "format", "xml"), status: 400, ctype: jsonCT, has: []string{`"parameter":"format"`}},
		{name: "v1 lookup 3 ids at most", path: "/v1/lookup", params: vals("osm_ids", "R1155956,N1,N2,N3"), status: 400, ctype: jsonCT, has: []string{`"parameter":"osm_ids"`}},
		// The .php aliases.
		{name: "reverse.php", path: "/reverse.php", params: with(bakery, "format", "jsonv2"), status: 200, ctype: jsonCT, has: []string{`"osm_id":6522627624`}},
		{name: "lookup.php", path: "/lookup.php", params: vals("osm_ids", "R1155956", "format", "json"), status: 200, ctype: jsonCT, has: []string{`"osm_id":1155956`}},
		{name: "details.php", path: "/details.php", params: vals("osmtype", "R", "osmid", "1155956"), status: 200, ctype: jsonCT, has: []string{`"osm_id":1155956`}},
		{name: "status.php", path: "/status.php", params: vals(), status: 200, ctype: textCT, has: []string{"OK"}},
		{name: "php alias keeps the dialect", path: "/reverse.php", params: vals("lat", "0", "lon", "0", "format", "json"), status: 200, has: []string{`{"error":"Unable to geocode"}`}},
		// Nominatim's error messages, in the format asked for, never JSONP.
		{name: "lookup too many ids", path: "/lookup", params: vals("osm_ids", strings.Join(many, ","), "format", "json"), status: 400, ctype: jsonCT,
			has: []string{`{"error":{"code":400,"message":"Too many object IDs."}}`}},
		{name: "lookup too many ids xml", path: "/lookup", params: vals("osm_ids", strings.Join(many, ",")), status: 400, ctype: xmlCT,
			has: []string{"<error><code>400</code><message>Too many object IDs.</message></error>"}},
		{name: "lookup too many ids geocodejson", path: "/lookup", params: vals("osm_ids", strings.Join(many, ","), "format", "geocodejson"), status: 400, ctype: jsonCT,
			has: []string{`"message":"Too many object IDs."`}},
		{name: "exclude error xml", path: "/search", params: vals("q", "Vaduz", "format", "xml", "exclude_place_ids", "abc"), status: 400, ctype: xmlCT,
			has: []string{"<message>Invalid exclude ID: abc</message>"}},
		{name: "unknown format is a text error", path: "/search", params: vals("q", "Vaduz", "format", "x45"), status: 400, ctype: textCT,
			has: []string{"ERROR 400: Parameter 'format' must be one of: jsonv2, json, xml, geojson, geocodejson"}},
		{name: "reverse missing lat", path: "/reverse", params: vals("lon", "9.5", "format", "json"), status: 400, ctype: jsonCT,
			has: []string{`"message":"Parameter 'lat' missing."`}},
		{name: "limit must be an integer", path: "/search", params: vals("q", "Vaduz", "limit", "10.0"), status: 400, ctype: jsonCT,
			has: []string{`"message":"Parameter 'limit' must be a number."`}},
		{name: "v1 limit as a whole float", path: "/v1/search", params: vals("q", "Vaduz", "limit", "10.0"), status: 200, ctype: jsonCT},
		// Reverse out of range: nothing found (200), in every format.
		{name: "reverse lat 91.3 json", path: "/reverse", params: vals("lat", "91.3", "lon", "0.4", "format", "json"), status: 200, ctype: jsonCT, has: []string{`{"error":"Unable to geocode"}`}},
		{name: "reverse lat -700 jsonv2", path: "/reverse", params: vals("lat", "-700", "lon", "0.4", "format", "jsonv2"), status: 200, ctype: jsonCT, has: []string{`{"error":"Unable to geocode"}`}},
		{name: "reverse lon 324.44 geojson", path: "/reverse", params: vals("lat", "0.2", "lon", "324.44", "format", "geojson"), status: 200, ctype: jsonCT, has: []string{`{"error":"Unable to geocode"}`}},
		{name: "reverse lon -180.4 geocodejson", path: "/reverse", params: vals("lat", "0.2", "lon", "-180.4", "format", "geocodejson"), status: 200, ctype: jsonCT, has: []string{`{"error":"Unable to geocode"}`}},
		{name: "reverse lat 91.3 xml", path: "/reverse", params: vals("lat", "91.3", "lon", "0.4"), status: 200, ctype: xmlCT, has: []string{"<reversegeocode ", "<error>Unable to geocode</error>"}},
		{name: "reverse nothing there xml", path: "/reverse", params: vals("lat", "0", "lon", "0"), status: 200, ctype: xmlCT, has: []string{"<error>Unable to geocode</error>"}},
		{name: "reverse lat Inf is a 400", path: "/reverse", params: vals("lat", "Inf", "lon", "5.6", "format", "json"), status: 400, ctype: jsonCT},
		{name: "v1 reverse out of range is a 400", path: "/v1/reverse", params: vals("lat", "91.3", "lon", "0.4", "format", "json"), status: 400, ctype: jsonCT, has: []string{`"parameter":"lat"`}},
		{name: "v1 reverse nothing there xml", path: "/v1/reverse", params: vals("lat", "0", "lon", "0"), status: 404, ctype: xmlCT, has: []string{"<error>Unable to geocode</error>"}},
		// exclude_place_ids with OSM ids.
		{name: "Malbun", path: "/search", params: vals("q", "Malbun", "format", "jsonv2"), status: 200, check: firstResult("osm_id", 347290636, true)},
		{name: "Malbun without N347290636", path: "/search", params: vals("q", "Malbun", "format", "jsonv2", "exclude_place_ids", "N347290636"), status: 200,
			check: func(t *testing.T, body []byte) {
				firstResult("osm_id", 347290636, false)(t, body)
				firstResult("category", "landuse", true)(t, body)
			}},
		{name: "v1 Malbun without n347290636", path: "/v1/search", params: vals("q", "Malbun", "exclude_place_ids", "n347290636"), status: 200, check: firstResult("osm_id", "347290636", false)},
		{name: "exclude ids written back", path: "/search", params: vals("q", "jghrleoxsbwjer", "format", "xml", "exclude_place_ids", "123,n456,W789"), status: 200, ctype: xmlCT,
			has: []string{`exclude_place_ids="123,N456,W789"`, "exclude_place_ids=123%2CN456%2CW789"}},
		{name: "blank exclude ids", path: "/search", params: vals("q", "jghrleoxsbwjer", "format", "xml", "exclude_place_ids", ","), status: 200, ctype: xmlCT,
			lacks: []string{`exclude_place_ids="`}},
		{name: "results excluded by OSM id in more_url", path: "/search", params: vals("q", "Vaduz", "format", "xml", "limit", "1"), status: 200, ctype: xmlCT,
			has: []string{`exclude_place_ids=R1155956&amp;`}},
		// The cap on limit: duplicates do not eat into it on Nominatim's paths.
		{name: "limit after dedupe", path: "/search", params: vals("q", "landstr", "limit", "4", "format", "json"), status: 200, check: resultCount("==", 4)},
		{name: "v1 limit before dedupe", path: "/v1/search", params: vals("q", "landstr", "limit", "4"), status: 200, check: resultCount("<", 4)},
		{name: "limit capped at 50", path: "/search", params: vals("q", "restaurant", "limit", "1000"), status: 200, check: resultCount("<=", 50)},
		// Structured search: countrycodes restricts country.
		{name: "structured country outside countrycodes", path: "/search", params: vals("countrycodes", "li", "country", "de", "format", "json"), status: 200, has: []string{"[]"}},
		{name: "structured country name outside countrycodes", path: "/search", params: vals("countrycodes", "li", "country", "Germany", "format", "json"), status: 200, has: []string{"[]"}},
		{name: "structured country inside countrycodes", path: "/search", params: vals("countrycodes", "li,de", "country", "Liechtenstein", "format", "json"), status: 200, check: resultCount(">", 0)},
		{name: "v1 structured country outside countrycodes", path: "/v1/search/structured", params: vals("countrycodes", "li", "country", "de"), status: 404, has: []string{`{"error":"Unable to geocode"}`}},
	}
	for _, cb := range []string{"1asd", "bar(foo)", "XXX['bad']", "foo; evil", "234"} {
		cases = append(cases, dialectCase{name: "bad callback " + cb, path: "/search", params: vals("q", "Tokyo", "format", "json", "json_callback", cb),
			status: 400, ctype: jsonCT, has: []string{`{"error":{"code":400,"message":"Invalid json_callback value"}}`}})
	}
	for _, tt := range [][2]string{{"abc", "abc"}, {"X123", "X123"}, {"N:100", "N:100"}, {"-123", "-123"}, {"123,abc,456", "abc"}} {
		cases = append(cases, dialectCase{name: "bad exclude " + tt[0], path: "/search", params: vals("q", "Tokyo", "format", "json", "exclude_place_ids", tt[0]),
			status: 400, ctype: jsonCT, has: []string{`{"error":{"code":400,"message":"Invalid exclude ID: ` + tt[1] + `"}}`}})
	}
	runDialectCases(t, cases)
}

// TestLocationIQNoResult: on /v1 (and LocationIQ's bare paths) a search
// operation that finds nothing answers 404 {"error":"Unable to geocode"},
// as reverse does; Nominatim's /search answers 200 [].
func TestLocationIQNoResult(t *testing.T) {
	runDialectCases(t, []dialectCase{
		{name: "v1 search", path: "/v1/search", params: vals("q", "xnznxvcx"), status: 404, ctype: "application/json", has: []string{`{"error":"Unable to geocode"}`}},
		{name: "v1 search jsonp", path: "/v1/search", params: vals("q", "xnznxvcx", "json_callback", "cb"), status: 404, has: []string{`cb({"error":"Unable to geocode"})`}},
		{name: "v1 search xml", path: "/v1/search", params: vals("q", "xnznxvcx", "format", "xml"), status: 404, ctype: "text/xml", has: []string{"<error>Unable to geocode</error>"}},
		{name: "v1 structured", path: "/v1/search/structured", params: vals("city", "xnznxvcx"), status: 404, has: []string{`{"error":"Unable to geocode"}`}},
		{name: "v1 postalcode", path: "/v1/search/postalcode", params: vals("postalcode", "00000"), status: 404, has: []string{`{"error":"Unable to geocode"}`}},
		{name: "bare structured", path: "/search/structured", params: vals("city", "xnznxvcx"), status: 404, has: []string{`{"error":"Unable to geocode"}`}},
		{name: "nominatim search", path: "/search", params: vals("q", "xnznxvcx", "format", "json"), status: 200, has: []string{"[]"}},
		{name: "v1 search found", path: "/v1/search", params: vals("q", "Vaduz"), status: 200, check: resultCount(">", 0)},
	})
}
