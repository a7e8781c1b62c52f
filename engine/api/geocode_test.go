package api_test

import (
	"encoding/json"
	"encoding/xml"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// placeJSON is a json-format search/reverse record.
type placeJSON struct {
	PlaceID     any               `json:"place_id"`
	Licence     string            `json:"licence"`
	OSMType     string            `json:"osm_type"`
	OSMID       any               `json:"osm_id"`
	Lat         string            `json:"lat"`
	Lon         string            `json:"lon"`
	Class       string            `json:"class"`
	Category    string            `json:"category"`
	Type        string            `json:"type"`
	PlaceRank   int               `json:"place_rank"`
	DisplayName string            `json:"display_name"`
	Address     map[string]string `json:"address"`
	BoundingBox []string          `json:"boundingbox"`
	ExtraTags   map[string]string `json:"extratags"`
	NameDetails map[string]string `json:"namedetails"`
	GeoJSON     json.RawMessage   `json:"geojson"`
	GeoText     string            `json:"geotext"`
	Distance    *float64          `json:"distance"`
}

// vals (autocomplete_test.go) builds url.Values from key, value pairs.

func decodeList(t *testing.T, body []byte) []placeJSON {
	t.Helper()
	var out []placeJSON
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return out
}

func TestSearchLI(t *testing.T) {
	s := liAPI(t)
	tests := []struct {
		name   string
		path   string
		params url.Values
		check  func(t *testing.T, res []placeJSON)
	}{
		{"Vaduz is the town", "/v1/search", vals("q", "Vaduz", "addressdetails", "1"), func(t *testing.T, res []placeJSON) {
			if res[0].Address["town"] != "Vaduz" || res[0].Address["country_code"] != "li" {
				t.Errorf("first = %+v, want town Vaduz in li", res[0])
			}
			if _, ok := res[0].PlaceID.(string); !ok {
				t.Errorf("place_id = %#v, want a string", res[0].PlaceID)
			}
			if res[0].Licence != "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright" { // Nominatim's OSM_ATTRIBUTION
				t.Errorf("licence = %q", res[0].Licence)
			}
		}},
		{"street number, town", "/search", vals("q", "Austrasse 11, Vaduz", "addressdetails", "1"), func(t *testing.T, res []placeJSON) {
			if res[0].Address["house_number"] != "11" || res[0].Address["road"] != "Austrasse" {
				t.Errorf("first address = %v, want Austrasse 11", res[0].Address)
			}
		}},
		{"interpolated number", "/search", vals("q", "Grosssteg 1023, Triesenberg", "addressdetails", "1"), func(t *testing.T, res []placeJSON) {
			if res[0].Address["house_number"] != "1023" || res[0].OSMType != "way" {
				t.Errorf("first = %+v, want interpolated 1023 on a way", res[0])
			}
		}},
		{"place with hierarchy", "/search", vals("q", "Triesenberg, Liechtenstein", "format", "jsonv2"), func(t *testing.T, res []placeJSON) {
			if !strings.HasPrefix(res[0].DisplayName, "Triesenberg,") || res[0].Category != "boundary" {
				t.Errorf("first = %+v, want the Triesenberg boundary", res[0])
			}
		}},
		{"postcode search", "/search/postalcode", vals("postalcode", "9490"), func(t *testing.T, res []placeJSON) {
			if !strings.Contains(res[0].DisplayName, "Vaduz") {
				t.Errorf("display_name = %q, want Vaduz in it", res[0].DisplayName)
			}
		}},
		{"structured street city", "/search/structured", vals("street", "Austrasse 11", "city", "Vaduz", "addressdetails", "1"), func(t *testing.T, res []placeJSON) {
			if res[0].Address["house_number"] != "11" {
				t.Errorf("address = %v, want house 11", res[0].Address)
			}
		}},
		{"structured fields on /search", "/search", vals("city", "Vaduz"), func(t *testing.T, res []placeJSON) {
			if res[0].Category != "boundary" { // jsonv2, Nominatim's default
				t.Errorf("first = %+v, want the town", res[0])
			}
		}},
		{"category in town", "/search", vals("q", "restaurants in Vaduz", "addressdetails", "1"), func(t *testing.T, res []placeJSON) {
			for _, r := range res {
				if r.Type != "restaurant" || r.Address["town"] != "Vaduz" {
					t.Errorf("result %s/%s in %v, want restaurants in Vaduz", r.Class, r.Type, r.Address)
				}
			}
		}},
		{"key value near coordinate", "/search", vals("q", "[leisure=firepit]   47.150° N 9.5340493° E"), func(t *testing.T, res []placeJSON) {
			if res[0].Type != "firepit" {
				t.Errorf("first = %+v, want a firepit", res[0])
			}
		}},
		{"countrycodes filter", "/search", vals("q", "Ans Trail", "countrycodes", "li", "addressdetails", "1"), func(t *testing.T, res []placeJSON) {
			for _, r := range res {
				if r.Address["country_code"] != "li" {
					t.Errorf("country_code = %q, want li", r.Address["country_code"])
				}
			}
		}},
		{"limit", "/search", vals("q", "landstr", "limit", "4", "dedupe", "0"), func(t *testing.T, res []placeJSON) {
			if len(res) != 4 {
				t.Errorf("got %d results, want 4", len(res))
			}
		}},
		{"extratags namedetails polygon", "/v1/search", vals("q", "Vaduz", "extratags", "1", "namedetails", "1", "polygon_geojson", "1", "polygon_text", "1", "polygon_threshold", "0.001"), func(t *testing.T, res []placeJSON) {
			r := res[0]
			if r.ExtraTags["wikidata"] == "" || r.NameDetails["name"] != "Vaduz" || len(r.GeoJSON) == 0 || !strings.HasPrefix(r.GeoText, "POLYGON") && !strings.HasPrefix(r.GeoText, "MULTIPOLYGON") {
				t.Errorf("first = %+v, want extratags, namedetails, geojson, geotext", r)
			}
		}},
		{"bounded viewbox", "/search", vals("q", "bar", "bounded", "1", "viewbox", "9.49712,47.17122,9.52605,47.16242"), func(t *testing.T, res []placeJSON) {
			for _, r := range res {
				lat, lon := parseFloat(t, r.Lat), parseFloat(t, r.Lon)
				if lat < 47.16242 || lat > 47.17122 || lon < 9.49712 || lon > 9.52605 {
					t.Errorf("%s at %s,%s: outside the bounded viewbox", r.DisplayName, r.Lat, r.Lon)
				}
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := get(t, s, tc.path, tc.params)
			if code != 200 {
				t.Fatalf("GET %s %v = %d %s, want 200", tc.path, tc.params, code, body)
			}
			res := decodeList(t, body)
			if len(res) == 0 {
				t.Fatalf("GET %s %v: no results", tc.path, tc.params)
			}
			tc.check(t, res)
		})
	}
}

func TestSearchErrors(t *testing.T) {
	s := liAPI(t)
	tests := []struct {
		name      string
		path      string
		params    url.Values
		wantParam string
	}{
		{"no query", "/v1/search", vals(), "q"},
		{"empty query", "/v1/search", vals("q", ""), "q"},
		{"q with structured", "/v1/search", vals("q", "Vaduz", "city", "Vaduz"), "q"},
		{"structured with q", "/v1/search/structured", vals("q", "Vaduz", "city", "Vaduz"), "q"},
		{"structured empty", "/v1/search/structured", vals(), "street"},
		{"postalcode missing", "/v1/search/postalcode", vals(), "postalcode"},
		{"bad limit", "/v1/search", vals("q", "Vaduz", "limit", "ABC"), "limit"},
		{"bad format", "/v1/search", vals("q", "Vaduz", "format", "html"), "format"},
		{"bad callback", "/v1/search", vals("q", "Vaduz", "json_callback", "<script>"), "json_callback"},
		{"bad threshold", "/v1/search", vals("q", "Vaduz", "polygon_threshold", "1x"), "polygon_threshold"},
		{"bad exclude", "/v1/search", vals("q", "Vaduz", "exclude_place_ids", "1,abc"), "exclude_place_ids"},
		{"bad featureType", "/v1/search", vals("q", "Vaduz", "featureType", "planet"), "featureType"},
		{"bad layer", "/v1/search", vals("q", "Vaduz", "layer", "moon"), "layer"},
		{"bad viewbox", "/v1/search", vals("q", "Vaduz", "viewbox", "1,2,3"), "viewbox"},
		{"bad addressdetails", "/v1/search", vals("q", "Vaduz", "addressdetails", "x"), "addressdetails"},
		{"reverse missing lon", "/v1/reverse", vals("lat", "47.1"), "lon"},
		{"reverse bad lat", "/v1/reverse", vals("lat", "91", "lon", "9.5"), "lat"},
		{"reverse bad zoom", "/v1/reverse", vals("lat", "47.1", "lon", "9.5", "zoom", "x"), "zoom"},
		{"lookup missing ids", "/v1/lookup", vals(), "osm_ids"},
		{"lookup too many", "/v1/lookup", vals("osm_ids", "N1,N2,N3,N4"), "osm_ids"},
		{"q too long", "/v1/search", vals("q", strings.Repeat("Vaduz ", 200)), "q"},
		// Each structured field has q's cap, and so have all of them
		// together (a 90 kB city took 37 s).
		{"structured city too long", "/v1/search/structured", vals("city", strings.Repeat("Vaduz ", 15000)), "city"},
		{"structured fields too long together", "/v1/search/structured", vals("street", strings.Repeat("a", 600), "city", strings.Repeat("b", 600)), "street"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := get(t, s, tc.path, tc.params)
			var e struct{ Error, Parameter string }
			json.Unmarshal(body, &e)
			if code != 400 || e.Parameter != tc.wantParam || e.Error == "" {
				t.Errorf("GET %s %v = %d %s, want 400 naming %s", tc.path, tc.params, code, body, tc.wantParam)
			}
		})
	}
}

func TestReverseLI(t *testing.T) {
	s := liAPI(t)
	// A house in Vaduz (Nominatim's test point).
	tests := []struct {
		zoom  string
		check func(p placeJSON) bool
		want  string
	}{
		{"18", func(p placeJSON) bool { return p.Address["house_number"] != "" || p.PlaceRank == 30 }, "a building/address"},
		{"16", func(p placeJSON) bool { return p.Class == "highway" && p.Address["road"] != "" }, "a street"},
		{"10", func(p placeJSON) bool { return p.Address["town"] == "Vaduz" && p.PlaceRank <= 16 }, "the town"},
		{"3", func(p placeJSON) bool { return p.DisplayName == "Liechtenstein" }, "the country"},
	}
	for _, tc := range tests {
		t.Run("zoom "+tc.zoom, func(t *testing.T) {
			code, body := get(t, s, "/reverse", vals("lat", "47.1395013150014", "lon", "9.522098077031046", "zoom", tc.zoom, "format", "json"))
			var p placeJSON
			if err := json.Unmarshal(body, &p); code != 200 || err != nil {
				t.Fatalf("reverse = %d %s", code, body)
			}
			if !tc.check(p) {
				t.Errorf("zoom %s: got %s/%s %q %v, want %s", tc.zoom, p.Class, p.Type, p.DisplayName, p.Address, tc.want)
			}
		})
	}
	t.Run("nothing there", func(t *testing.T) {
		code, body := get(t, s, "/v1/reverse", vals("lat", "0", "lon", "0", "format", "json"))
		if code != 404 || !strings.Contains(string(body), `"error":"Unable to geocode"`) {
			t.Errorf("reverse 0,0 = %d %s, want 404 Unable to geocode", code, body)
		}
	})
	t.Run("showdistance", func(t *testing.T) {
		_, body := get(t, s, "/reverse", vals("lat", "47.1395", "lon", "9.5221", "format", "json", "showdistance", "1"))
		var p placeJSON
		json.Unmarshal(body, &p)
		if p.Distance == nil || *p.Distance < 0 || *p.Distance > 600 {
			t.Errorf("distance = %v, want meters within reach", p.Distance)
		}
	})
	t.Run("xml default", func(t *testing.T) {
		code, body := get(t, s, "/reverse", vals("lat", "47.1395", "lon", "9.5221"))
		var doc struct {
			XMLName xml.Name `xml:"reversegeocode"`
			Result  struct {
				PlaceID string `xml:"place_id,attr"`
				Text    string `xml:",chardata"`
			} `xml:"result"`
			Parts struct {
				Country string `xml:"country"`
			} `xml:"addressparts"`
		}
		if err := xml.Unmarshal(body, &doc); code != 200 || err != nil {
			t.Fatalf("reverse xml = %d %v %s", code, err, body)
		}
		if doc.Result.PlaceID == "" || doc.Parts.Country != "Liechtenstein" || doc.Result.Text == "" {
			t.Errorf("reverse xml = %+v", doc)
		}
	})
}

func TestLookupLI(t *testing.T) {
	s := liAPI(t)
	code, body := get(t, s, "/lookup", vals("osm_ids", "R1155956,X99,,N0,W999999999999", "format", "json"))
	if code != 200 {
		t.Fatalf("lookup = %d %s", code, body)
	}
	res := decodeList(t, body)
	if len(res) != 1 || res[0].OSMType != "relation" || res[0].Address["country_code"] != "li" {
		t.Fatalf("lookup R1155956 = %s, want Vaduz with address", body)
	}
	if _, ok := res[0].PlaceID.(float64); !ok {
		t.Errorf("lookup place_id = %#v, want a JSON number", res[0].PlaceID)
	}
	if id, _ := res[0].OSMID.(float64); id != 1155956 {
		t.Errorf("lookup osm_id = %#v, want 1155956", res[0].OSMID)
	}
}

func TestSearchFormats(t *testing.T) {
	s := liAPI(t)
	t.Run("xml parses", func(t *testing.T) {
		code, body := get(t, s, "/search", vals("q", "Vaduz", "format", "xml", "addressdetails", "1"))
		var doc struct {
			XMLName     xml.Name `xml:"searchresults"`
			QueryString string   `xml:"querystring,attr"`
			Polygon     string   `xml:"polygon,attr"`
			MoreURL     string   `xml:"more_url,attr"`
			Places      []struct {
				PlaceID     string `xml:"place_id,attr"`
				BoundingBox string `xml:"boundingbox,attr"`
				DisplayName string `xml:"display_name,attr"`
				Class       string `xml:"class,attr"`
				CountryCode string `xml:"country_code"`
			} `xml:"place"`
		}
		if err := xml.Unmarshal(body, &doc); code != 200 || err != nil {
			t.Fatalf("xml = %d %v %s", code, err, body)
		}
		if doc.QueryString != "Vaduz" || doc.Polygon != "false" || len(doc.Places) == 0 ||
			doc.Places[0].CountryCode != "li" || len(strings.Split(doc.Places[0].BoundingBox, ",")) != 4 {
			t.Errorf("xml = %+v", doc)
		}
		if strings.Contains(doc.MoreURL, testKey) {
			t.Errorf("more_url %q leaks the key", doc.MoreURL)
		}
	})
	t.Run("jsonp wraps", func(t *testing.T) {
		code, body := get(t, s, "/search", vals("q", "Vaduz", "json_callback", "cb_1"))
		if code != 200 || !strings.HasPrefix(string(body), "cb_1([") || !strings.HasSuffix(string(body), "])") {
			t.Errorf("jsonp = %d %.80s", code, body)
		}
	})
	t.Run("geojson", func(t *testing.T) {
		_, body := get(t, s, "/search", vals("q", "Vaduz", "format", "geojson"))
		var fc struct {
			Type     string
			Features []struct {
				Properties map[string]any
				BBox       []float64
				Geometry   struct{ Type string }
			}
		}
		if err := json.Unmarshal(body, &fc); err != nil || fc.Type != "FeatureCollection" || len(fc.Features) == 0 ||
			fc.Features[0].Geometry.Type == "" || len(fc.Features[0].BBox) != 4 {
			t.Errorf("geojson = %v %s", err, body)
		}
	})
	t.Run("geocodejson", func(t *testing.T) {
		_, body := get(t, s, "/search", vals("q", "Vaduz", "format", "geocodejson", "addressdetails", "1"))
		var fc struct {
			Geocoding struct{ Version, Query string }
			Features  []struct {
				Properties struct {
					Geocoding map[string]any
				}
			}
		}
		if err := json.Unmarshal(body, &fc); err != nil || fc.Geocoding.Version != "0.1.0" || len(fc.Features) == 0 ||
			fc.Features[0].Properties.Geocoding["type"] != "city" {
			t.Errorf("geocodejson = %v %s", err, body)
		}
	})
	t.Run("exclude_place_ids", func(t *testing.T) {
		_, body := get(t, s, "/v1/search", vals("q", "Vaduz"))
		first := decodeList(t, body)[0]
		id, _ := first.PlaceID.(string)
		if id == "" {
			t.Fatalf("v1 place_id %#v, want a string", first.PlaceID)
		}
		_, body = get(t, s, "/v1/search", vals("q", "Vaduz", "exclude_place_ids", id))
		for _, r := range decodeList(t, body) {
			if r.PlaceID == first.PlaceID {
				t.Errorf("excluded place %v returned", r.PlaceID)
			}
		}
	})
	t.Run("empty result", func(t *testing.T) {
		code, body := get(t, s, "/search", vals("q", "xnznxvcx"))
		if code != 200 || string(body) != "[]" {
			t.Errorf("no match = %d %s, want 200 []", code, body)
		}
	})
}

func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("ParseFloat(%q): %v", s, err)
	}
	return f
}
