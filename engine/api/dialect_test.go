package api_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDialects: the bare Nominatim paths answer as Nominatim, /v1 as
// LocationIQ (the spec), from one implementation.
func TestDialects(t *testing.T) {
	s := liAPI(t)
	at := vals("lat", "47.14122383117541", "lon", "9.52169457133437", "format", "json")
	type want struct {
		code    int
		address bool   // the answer has an address object
		body    string // a substring of the body
	}
	tests := []struct {
		name   string
		path   string
		params map[string][]string
		want   want
	}{
		// Booleans: Nominatim reads "0" as false and anything else as
		// true; LocationIQ takes 0 or 1 only.
		{"nominatim 1", "/reverse", with(at, "addressdetails", "1"), want{200, true, ""}},
		{"nominatim 0", "/reverse", with(at, "addressdetails", "0"), want{200, false, ""}},
		{"nominatim true", "/reverse", with(at, "addressdetails", "true"), want{200, true, ""}},
		{"nominatim yes", "/reverse", with(at, "addressdetails", "yes"), want{200, true, ""}},
		{"nominatim no (truthy, as Nominatim)", "/reverse", with(at, "addressdetails", "no"), want{200, true, ""}},
		{"nominatim nan (truthy)", "/reverse", with(at, "addressdetails", "nan"), want{200, true, ""}},
		{"v1 1", "/v1/reverse", with(at, "addressdetails", "1"), want{200, true, ""}},
		{"v1 0", "/v1/reverse", with(at, "addressdetails", "0"), want{200, false, ""}},
		{"v1 true", "/v1/reverse", with(at, "addressdetails", "true"), want{200, true, ""}},
		{"v1 yes is a 400", "/v1/reverse", with(at, "addressdetails", "yes"), want{400, false, `"parameter":"addressdetails"`}},
		// Error bodies.
		{"nominatim error body", "/reverse", vals("lat", "abc", "lon", "9.5", "format", "json"), want{400, false, `{"error":{"code":400,"message":"Parameter 'lat' must be a number."}}`}},
		{"v1 error body", "/v1/reverse", vals("lat", "91", "lon", "9.5"), want{400, false, `"parameter":"lat"`}},
		{"nominatim error never JSONP", "/search", vals("q", "", "json_callback", "cb"), want{400, false, `{"error":{"code":400,`}},
		{"v1 JSONP error", "/v1/search", vals("q", "", "json_callback", "cb"), want{400, false, `cb({"error":`}},
		// Reverse with nothing there.
		{"nominatim nothing there", "/reverse", vals("lat", "0", "lon", "0", "format", "json"), want{200, false, `{"error":"Unable to geocode"}`}},
		{"v1 nothing there", "/v1/reverse", vals("lat", "0", "lon", "0", "format", "json"), want{404, false, `{"error":"Unable to geocode"}`}},
		// One geometry output at a time on Nominatim's paths.
		{"nominatim two polygons", "/search", vals("q", "Vaduz", "polygon_geojson", "1", "polygon_kml", "1"), want{400, false, "Too many polygon output options"}},
		{"nominatim one polygon", "/search", vals("q", "Vaduz", "polygon_geojson", "1"), want{200, false, `"geojson"`}},
		// exclude_place_ids, with a 400 for bad ids.
		{"nominatim bad exclude", "/search", vals("q", "Vaduz", "exclude_place_ids", "1,abc"), want{400, false, `{"error":{"code":400,"message":"Invalid exclude ID: abc"}}`}},
		{"v1 bad exclude", "/v1/search", vals("q", "Vaduz", "exclude_place_ids", "1,abc"), want{400, false, `"parameter":"exclude_place_ids"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := get(t, s, tt.path, tt.params)
			if code != tt.want.code || !strings.Contains(string(body), tt.want.body) ||
				strings.HasPrefix(tt.want.body, "{") && !strings.HasPrefix(string(body), "{") {
				t.Fatalf("GET %s %v = %d %.200s, want %d containing %s", tt.path, tt.params, code, body, tt.want.code, tt.want.body)
			}
			if code == 200 && tt.want.body == "" {
				var p map[string]any
				json.Unmarshal(body, &p)
				if _, has := p["address"]; has != tt.want.address {
					t.Errorf("GET %s %v: address present %v, want %v", tt.path, tt.params, has, tt.want.address)
				}
			}
		})
	}
}

// TestEntrances: entrances=1 lists a building's tagged entrance nodes
// (Nominatim 5's reverse/v1_params scenario "Reverse with entrances" on
// the LI extract), null for a place without any, and nothing unless asked.
func TestEntrances(t *testing.T) {
	s := liAPI(t)
	at := vals("lat", "47.24942041089678", "lon", "9.52854573737568", "zoom", "18", "format", "json")
	for _, path := range []string{"/reverse", "/v1/reverse"} {
		for _, format := range []string{"json", "jsonv2"} {
			q := with(at, "format", format, "entrances", "1")
			code, body := get(t, s, path, q)
			var res struct {
				Entrances []struct {
					OSMID    int64 `json:"osm_id"`
					Type     string
					Lat, Lon string
				}
			}
			if err := json.Unmarshal(body, &res); err != nil || code != 200 || len(res.Entrances) == 0 {
				t.Fatalf("GET %s %v = %d %.300s, want entrances", path, q, code, body)
			}
			e := res.Entrances[0]
			if e.OSMID != 6580031131 || e.Type != "yes" || e.Lat != "47.2489382" || e.Lon != "9.5284033" {
				t.Errorf("GET %s %v: entrance 0 = %+v, want 6580031131 yes 47.2489382 9.5284033", path, q, e)
			}
		}
	}
	_, body := get(t, s, "/reverse", at)
	if strings.Contains(string(body), "entrances") {
		t.Errorf("reverse without entrances=1 lists them: %.200s", body)
	}
	_, body = get(t, s, "/search", vals("q", "Vaduz", "limit", "1", "entrances", "1"))
	if !strings.Contains(string(body), `"entrances":null`) {
		t.Errorf("search for a town with entrances=1 = %.300s, want \"entrances\":null", body)
	}
}
