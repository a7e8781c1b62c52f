package api_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// TestGolden compares whole responses on the LI pack with the files in
// testdata/golden (go test -run TestGolden -update rewrites them): OSRM
// routes with steps and annotations, isochrones (polygons with holes,
// lines), a Nominatim record and a LocationIQ search. Waypoint hints, which carry the pack's random build id, are left
// out of the comparison.
func TestGolden(t *testing.T) {
	s := liAPI(t)
	tests := []struct {
		name, path string
		params     url.Values
	}{
		{"osrm_route_driving", "/route/v1/driving/9.5209,47.1410;9.5100,47.1660",
			url.Values{"steps": {"true"}, "overview": {"full"}, "annotations": {"true"}}},
		{"osrm_route_walking", "/route/v1/foot/9.5215,47.1405;9.5300,47.1380",
			url.Values{"steps": {"true"}, "geometries": {"geojson"}}},
		{"osrm_route_alternatives", "/route/v1/driving/9.5600,47.2300;9.5050,47.1300",
			url.Values{"alternatives": {"2"}, "geometries": {"polyline6"}, "overview": {"simplified"}, "annotations": {"nodes,speed,datasources"}}},
		{"osrm_route_via", "/route/v1/driving/9.5209,47.1410;9.5230,47.1500;9.5096,47.1664",
			url.Values{"steps": {"true"}, "waypoints": {"0;2"}, "overview": {"false"}}},
		{"osrm_trip", "/trip/v1/car/9.5209,47.1410;9.5096,47.1664;9.5200,47.1500",
			url.Values{"steps": {"true"}, "annotations": {"duration,distance"}}},
		{"osrm_match", "/match/v1/driving/9.5209,47.1410;9.5215,47.1420;9.5230,47.1432",
			url.Values{"steps": {"true"}, "overview": {"full"}, "annotations": {"true"}}},
		{"osrm_nearest", "/nearest/v1/car/9.5209,47.1410", url.Values{"number": {"3"}}},
		{"locationiq_directions", "/v1/directions/walking/9.5215,47.1405;9.5300,47.1380",
			url.Values{"steps": {"true"}, "geometries": {"geojson"}}},
		{"osrm_table", "/table/v1/driving/9.5209,47.1410;9.5100,47.1660;9.4950,47.0600",
			url.Values{"annotations": {"duration,distance"}}},
		{"v1_isochrone_polygons", "/v1/isochrone/driving/9.5209,47.1410",
			url.Values{"contours_minutes": {"2,4"}, "polygons": {"true"}, "denoise": {"0"}, "generalize": {"30"}, "contours_colors": {"ff0000,0000ff"}}},
		{"v1_isochrone_lines", "/v1/isochrone/cycling/9.5209,47.1410",
			url.Values{"contours_meters": {"1500"}, "generalize": {"50"}}},
		{"nominatim_search", "/search", url.Values{"q": {"Städtle 32, Vaduz"}, "format": {"jsonv2"}, "addressdetails": {"1"}, "extratags": {"1"}}},
		{"nominatim_reverse", "/reverse", url.Values{"lat": {"47.1390"}, "lon": {"9.5225"}, "format": {"jsonv2"}}},
		{"locationiq_search", "/v1/search", url.Values{"q": {"Kunstmuseum Liechtenstein"}, "format": {"json"}, "normalizeaddress": {"1"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := get(t, s, tc.path, tc.params)
			if code != 200 {
				t.Fatalf("GET %s %v = %d %s", tc.path, tc.params, code, body)
			}
			var v any
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatalf("GET %s: %v", tc.path, err)
			}
			got, _ := json.MarshalIndent(scrubHints(v), "", "  ")
			got = append(got, '\n')
			file := filepath.Join("testdata", "golden", tc.name+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (go test -run TestGolden -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("GET %s %v differs from %s (go test -run TestGolden -update rewrites it):\n%s", tc.path, tc.params, file, firstDiff(got, want))
			}
		})
	}
}

// scrubHints drops "hint" values, which depend on the pack's build id.
func scrubHints(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "hint" {
				x[k] = "…"
				continue
			}
			x[k] = scrubHints(e)
		}
	case []any:
		for i, e := range x {
			x[i] = scrubHints(e)
		}
	}
	return v
}

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b []byte
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if !bytes.Equal(a, b) {
			return "line " + strconv.Itoa(i+1) + ":\n  got  " + string(a) + "\n  want " + string(b)
		}
	}
	return ""
}
