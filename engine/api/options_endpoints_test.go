package api_test

import (
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// endpointCase is one geocoding endpoint with a query that finds a place
// in Vaduz on the LI pack.
type endpointCase struct {
	name, path string
	base       url.Values
	search     bool // accepts matchquality and normalizeimportance
	source     bool // accepts source
}

func geocodingEndpoints() []endpointCase {
	return []endpointCase{
		{"search", "/v1/search", vals("q", "Kunstmuseum Liechtenstein", "addressdetails", "1", "format", "json"), true, true},
		{"structured", "/v1/search/structured", vals("street", "Städtle 32", "city", "Vaduz", "addressdetails", "1", "format", "json"), true, true},
		{"postalcode", "/v1/search/postalcode", vals("postalcode", "9490", "addressdetails", "1", "format", "json"), true, true},
		{"reverse", "/v1/reverse", vals("lat", "47.13950", "lon", "9.52210", "format", "json"), false, true},
		{"lookup", "/v1/lookup", vals("osm_ids", "W28712148", "format", "json"), false, false},
	}
}

// firstRecord decodes a JSON body holding a record or an array of them.
func firstRecord(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("body %s: %v", body, err)
	}
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			t.Fatalf("empty result %s", body)
		}
		return x[0].(map[string]any)
	case map[string]any:
		return x
	}
	t.Fatalf("unexpected body %s", body)
	return nil
}

func with(base url.Values, kv ...string) url.Values {
	v := url.Values{}
	for k, vs := range base {
		v[k] = append([]string(nil), vs...)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

func TestOutputOptionsOnEndpoints(t *testing.T) {
	s := liAPI(t)
	type option struct {
		param, value string
		check        func(t *testing.T, rec map[string]any)
	}
	address := func(t *testing.T, rec map[string]any) map[string]any {
		a, ok := rec["address"].(map[string]any)
		if !ok {
			t.Fatalf("no address in %v", rec)
		}
		return a
	}
	options := []option{
		{"normalizeaddress", "1", func(t *testing.T, rec map[string]any) {
			for k := range address(t, rec) {
				if !normalizedKeys[k] {
					t.Errorf("normalizeaddress=1 gave key %q", k)
				}
			}
		}},
		{"normalizeaddress", "0", nil},
		{"normalizecity", "1", func(t *testing.T, rec map[string]any) {
			if address(t, rec)["city"] == nil {
				t.Errorf("normalizecity=1: no city in %v", address(t, rec))
			}
		}},
		{"normalizecity", "0", nil},
		{"statecode", "1", func(t *testing.T, rec map[string]any) {
			if sc, _ := address(t, rec)["state_code"].(string); !strings.HasPrefix(sc, "LI-") {
				t.Errorf("statecode=1: state_code %q in %v", sc, address(t, rec))
			}
		}},
		{"statecode", "0", func(t *testing.T, rec map[string]any) {
			if address(t, rec)["state_code"] != nil {
				t.Errorf("statecode=0 gave state_code")
			}
		}},
		{"postaladdress", "1", func(t *testing.T, rec map[string]any) {
			if pa, _ := rec["postaladdress"].(string); !strings.Contains(pa, "Vaduz") {
				t.Errorf("postaladdress = %v", rec["postaladdress"])
			}
		}},
		{"postaladdress", "0", func(t *testing.T, rec map[string]any) {
			if rec["postaladdress"] != nil {
				t.Errorf("postaladdress=0 gave %v", rec["postaladdress"])
			}
		}},
	}
	for _, ep := range geocodingEndpoints() {
		all := options
		if ep.search {
			all = append(all,
				option{"matchquality", "1", func(t *testing.T, rec map[string]any) {
					mq, _ := rec["matchquality"].(map[string]any)
					code, _ := mq["matchcode"].(string)
					typ, _ := mq["matchtype"].(string)
					level, _ := mq["matchlevel"].(string)
					if !strings.Contains("exact fallback approximate", code) || code == "" ||
						!strings.Contains("point centroid interpolated", typ) || typ == "" || level == "" {
						t.Errorf("matchquality = %v", rec["matchquality"])
					}
				}},
				option{"matchquality", "0", func(t *testing.T, rec map[string]any) {
					if rec["matchquality"] != nil {
						t.Errorf("matchquality=0 gave %v", rec["matchquality"])
					}
				}},
				option{"normalizeimportance", "1", func(t *testing.T, rec map[string]any) {
					if v, ok := rec["importance"].(float64); !ok || v < 0 || v > 1 {
						t.Errorf("importance = %v", rec["importance"])
					}
				}},
				option{"normalizeimportance", "0", nil},
			)
		}
		if ep.source {
			all = append(all, option{"source", "nom", nil})
		}
		for _, o := range all {
			t.Run(ep.name+"/"+o.param+"="+o.value, func(t *testing.T) {
				status, body := get(t, s, ep.path, with(ep.base, o.param, o.value))
				if status != http.StatusOK {
					t.Fatalf("%s %s=%s: %d %s", ep.path, o.param, o.value, status, body)
				}
				if o.check != nil {
					o.check(t, firstRecord(t, body))
				}
			})
		}
		bad := [][2]string{
			{"normalizeaddress", "2"}, {"normalizecity", "x"}, {"statecode", "-1"}, {"postaladdress", "yes"},
		}
		if ep.search {
			bad = append(bad, [2]string{"matchquality", "2"}, [2]string{"normalizeimportance", "x"})
		}
		if ep.source {
			bad = append(bad, [2]string{"source", "osm"}, [2]string{"source", "google"})
		}
		for _, b := range bad {
			t.Run(ep.name+"/bad "+b[0]+"="+b[1], func(t *testing.T) {
				status, body := get(t, s, ep.path, with(ep.base, b[0], b[1]))
				var e map[string]string
				json.Unmarshal(body, &e)
				if status != http.StatusBadRequest || e["parameter"] != b[0] {
					t.Errorf("%s %s=%s = %d %s, want 400 naming %s", ep.path, b[0], b[1], status, body, b[0])
				}
			})
		}
	}
}

func TestFormatsOnEndpoints(t *testing.T) {
	s := liAPI(t)
	tests := []struct {
		path   string
		base   url.Values
		format string
		status int
		xml    bool
	}{
		{"/v1/reverse", vals("lat", "47.1395", "lon", "9.5221"), "", 200, true}, // default xml
		{"/v1/reverse", vals("lat", "47.1395", "lon", "9.5221"), "xml", 200, true},
		{"/v1/reverse", vals("lat", "47.1395", "lon", "9.5221"), "xmlv1.1", 200, true},
		{"/v1/reverse", vals("lat", "47.1395", "lon", "9.5221"), "json", 200, false},
		{"/v1/reverse", vals("lat", "47.1395", "lon", "9.5221"), "html", 400, false},
		{"/v1/lookup", vals("osm_ids", "W28712148"), "", 200, false},
		{"/v1/lookup", vals("osm_ids", "W28712148"), "json", 200, false},
		{"/v1/lookup", vals("osm_ids", "W28712148"), "xmlv1.1", 400, false},
		{"/v1/search", vals("q", "Vaduz"), "json", 200, false},
		{"/v1/search", vals("q", "Vaduz"), "xml", 200, true},
		{"/v1/search", vals("q", "Vaduz"), "xmlv1.1", 400, false},
		{"/v1/search/structured", vals("city", "Vaduz"), "xml", 200, true},
		{"/v1/search/structured", vals("city", "Vaduz"), "csv", 400, false},
		{"/v1/search/postalcode", vals("postalcode", "9490"), "json", 200, false},
		{"/v1/search/postalcode", vals("postalcode", "9490"), "pdf", 400, false},
	}
	for _, tc := range tests {
		params := tc.base
		if tc.format != "" {
			params = with(tc.base, "format", tc.format)
		}
		status, body := get(t, s, tc.path, params)
		if status != tc.status {
			t.Errorf("%s format=%q = %d %.200s, want %d", tc.path, tc.format, status, body, tc.status)
			continue
		}
		if status == 400 {
			var e map[string]string
			json.Unmarshal(body, &e)
			if e["parameter"] != "format" {
				t.Errorf("%s format=%q: 400 names %q", tc.path, tc.format, e["parameter"])
			}
			continue
		}
		var v any
		if tc.xml {
			if err := xml.Unmarshal(body, new(struct{ XMLName xml.Name })); err != nil {
				t.Errorf("%s format=%q: bad XML %v", tc.path, tc.format, err)
			}
		} else if err := json.Unmarshal(body, &v); err != nil {
			t.Errorf("%s format=%q: bad JSON %v", tc.path, tc.format, err)
		}
	}
}

func TestReverseOceans(t *testing.T) {
	s := liAPI(t)
	rhine := vals("lat", "47.1476660197518", "lon", "9.50180583684315", "format", "json")
	tests := []struct {
		name   string
		params url.Values
		status int
		water  bool
	}{
		{"oceans in the Rhine", with(rhine, "oceans", "1"), 200, true},
		{"oceans off", with(rhine, "oceans", "0"), 200, false},
		{"default off", rhine, 200, false},
		{"oceans on land", vals("lat", "47.1395", "lon", "9.5221", "format", "json", "oceans", "1"), 200, false},
		{"bad oceans", with(rhine, "oceans", "2"), 400, false},
	}
	for _, tc := range tests {
		status, body := get(t, s, "/v1/reverse", tc.params)
		if status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.status)
			continue
		}
		if status != 200 {
			var e map[string]string
			json.Unmarshal(body, &e)
			if e["parameter"] != "oceans" {
				t.Errorf("%s: 400 names %q", tc.name, e["parameter"])
			}
			continue
		}
		addr, _ := firstRecord(t, body)["address"].(map[string]any)
		if got := len(addr) == 2 && addr["name"] == "Rhein" && addr["river"] == "Rhein"; got != tc.water {
			t.Errorf("%s: address %v, want water only = %v", tc.name, addr, tc.water)
		}
	}
}
