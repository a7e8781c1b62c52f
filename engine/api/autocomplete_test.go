package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geo"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/internal/testpacks"
)

const testKey = "test-token"

var (
	liOnce   sync.Once
	liServer *api.Server
	liErr    error
)

// liAPI returns a server over the LI pack (built once per test binary).
func liAPI(t *testing.T) *api.Server {
	t.Helper()
	path := testpacks.Path(t, "liechtenstein")
	liOnce.Do(func() {
		var eng *engine.Engine
		eng, liErr = engine.Open(path)
		if liErr != nil {
			return
		}
		liServer, liErr = api.New(eng, api.Config{Tokens: []api.Token{{Key: testKey}}, Hosts: []string{"example.com"}})
	})
	if liErr != nil {
		t.Fatal(liErr)
	}
	return liServer
}

// get performs a request with the test token and returns status and body.
func get(t *testing.T, s *api.Server, path string, params url.Values) (int, []byte) {
	t.Helper()
	params.Set("key", testKey)
	req := httptest.NewRequest("GET", path+"?"+params.Encode(), nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// getFull is get with the answer's Content-Type.
func getFull(t *testing.T, s *api.Server, path string, params url.Values) (int, string, []byte) {
	t.Helper()
	params.Set("key", testKey)
	req := httptest.NewRequest("GET", path+"?"+params.Encode(), nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes()
}

type predictionJSON struct {
	PlaceID        string            `json:"place_id"`
	OSMID          string            `json:"osm_id"`
	OSMType        string            `json:"osm_type"`
	Licence        string            `json:"licence"`
	Lat            string            `json:"lat"`
	Lon            string            `json:"lon"`
	BoundingBox    []string          `json:"boundingbox"`
	Class          string            `json:"class"`
	Type           string            `json:"type"`
	DisplayName    string            `json:"display_name"`
	DisplayPlace   string            `json:"display_place"`
	DisplayAddress string            `json:"display_address"`
	Address        map[string]string `json:"address"`
}

func (p predictionJSON) point(t *testing.T) orb.Point {
	var lat, lon float64
	if err := json.Unmarshal([]byte(p.Lat), &lat); err != nil {
		t.Fatalf("lat %q: %v", p.Lat, err)
	}
	if err := json.Unmarshal([]byte(p.Lon), &lon); err != nil {
		t.Fatalf("lon %q: %v", p.Lon, err)
	}
	return orb.Point{lon, lat}
}

func vals(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

var normalizedKeys = map[string]bool{
	"name": true, "house_number": true, "road": true, "neighbourhood": true, "suburb": true, "island": true,
	"city": true, "county": true, "state": true, "state_code": true, "postcode": true, "country": true, "country_code": true,
}

func TestAutocompleteParameters(t *testing.T) {
	s := liAPI(t)
	vaduzBox := orb.Bound{Min: orb.Point{9.50, 47.12}, Max: orb.Point{9.54, 47.15}}
	tests := []struct {
		name   string
		params url.Values
		status int
		check  func(t *testing.T, res []predictionJSON)
	}{
		{"whole word", vals("q", "Vaduz"), 200, func(t *testing.T, res []predictionJSON) {
			if res[0].DisplayPlace != "Vaduz" || res[0].Address["country_code"] != "li" {
				t.Errorf("first = %+v, want Vaduz in li", res[0])
			}
		}},
		{"prefix while typing", vals("q", "Vad"), 200, func(t *testing.T, res []predictionJSON) {
			if res[0].DisplayPlace != "Vaduz" {
				t.Errorf("first = %q, want Vaduz", res[0].DisplayPlace)
			}
		}},
		{"substring", vals("q", "iesenber "), 200, func(t *testing.T, res []predictionJSON) {
			if !anyPlace(res, "Triesenberg") {
				t.Errorf("no Triesenberg in %v", places(res))
			}
		}},
		{"typo", vals("q", "Triesneberg"), 200, func(t *testing.T, res []predictionJSON) {
			if res[0].DisplayPlace != "Triesenberg" {
				t.Errorf("first = %q, want Triesenberg", res[0].DisplayPlace)
			}
		}},
		{"record fields", vals("q", "Schaan"), 200, func(t *testing.T, res []predictionJSON) {
			p := res[0]
			if p.PlaceID == "" || p.OSMID == "" || p.OSMType == "" || !strings.Contains(p.Licence, "OpenStreetMap") ||
				len(p.BoundingBox) != 4 || p.Class == "" || p.Type == "" || p.DisplayName == "" ||
				p.DisplayPlace == "" || p.Address["name"] != p.DisplayPlace {
				t.Errorf("incomplete record %+v", p)
			}
			if strings.HasPrefix(p.DisplayAddress, p.DisplayPlace) {
				t.Errorf("display_address %q repeats the name", p.DisplayAddress)
			}
			for k := range p.Address {
				if !normalizedKeys[k] {
					t.Errorf("address key %q not of spec 2.5", k)
				}
			}
		}},
		{"limit 1", vals("q", "S", "limit", "1"), 200, wantCount(1, 1)},
		{"limit 20", vals("q", "S", "limit", "20"), 200, wantCount(20, 20)},
		{"default limit 10", vals("q", "S"), 200, wantCount(10, 10)},
		{"countrycodes us", vals("q", "Prattville", "countrycodes", "us"), 200, func(t *testing.T, res []predictionJSON) {
			for _, p := range res {
				if p.Address["country_code"] != "us" {
					t.Errorf("%q in %q", p.DisplayName, p.Address["country_code"])
				}
			}
		}},
		{"countrycodes excludes", vals("q", "Prattville", "countrycodes", "li,ch"), 404, nil},
		{"tag class:type", vals("q", "Va", "tag", "place:town"), 200, func(t *testing.T, res []predictionJSON) {
			for _, p := range res {
				if p.Class != "place" && p.Class != "boundary" {
					t.Errorf("tag place:town gave %s:%s %q", p.Class, p.Type, p.DisplayName)
				}
			}
		}},
		{"tag wildcard", vals("q", "S", "tag", "highway:*"), 200, allClass("highway")},
		{"tag exclusion", vals("q", "S", "tag", "!highway:*", "limit", "20"), 200, noClass("highway")},
		{"tag combination", vals("q", "S", "tag", "amenity:*,!amenity:restaurant", "limit", "20"), 200, func(t *testing.T, res []predictionJSON) {
			for _, p := range res {
				if p.Class != "amenity" || p.Type == "restaurant" {
					t.Errorf("got %s:%s", p.Class, p.Type)
				}
			}
		}},
		{"layers road", vals("q", "S", "layers", "road"), 200, allClass("highway")},
		{"layers case and spaces", vals("q", "S", "layers", " ROAD , planet"), 200, allClass("highway")},
		{"layers city", vals("q", "V", "layers", "city"), 200, func(t *testing.T, res []predictionJSON) {
			if !anyPlace(res, "Vaduz") {
				t.Errorf("no Vaduz in %v", places(res))
			}
			for _, p := range res {
				if p.Class == "highway" || p.Class == "amenity" {
					t.Errorf("layers=city gave %s:%s", p.Class, p.Type)
				}
			}
		}},
		{"layers postcode only", vals("q", "949", "layers", "postcode"), 200, func(t *testing.T, res []predictionJSON) {
			for _, p := range res {
				if p.Type != "postcode" && p.Type != "postal_code" {
					t.Errorf("layers=postcode gave %s:%s", p.Class, p.Type)
				}
			}
		}},
		{"layers postcode ignored with tag", vals("q", "Va", "layers", "postcode", "tag", "place:*"), 200, nil},
		{"viewbox bounded", vals("q", "S", "viewbox", "9.50,47.12,9.54,47.15", "bounded", "1", "limit", "20"), 200, func(t *testing.T, res []predictionJSON) {
			for _, p := range res {
				if !vaduzBox.Pad(1e-6).Contains(p.point(t)) {
					t.Errorf("%q at %v outside the viewbox", p.DisplayName, p.point(t))
				}
			}
		}},
		{"viewbox corners reversed", vals("q", "S", "viewbox", "9.54,47.15,9.50,47.12", "bounded", "1"), 200, nil},
		{"importancesort 0 sorts by distance", vals("q", "S", "viewbox", "9.50,47.12,9.54,47.15", "importancesort", "0", "limit", "20"), 200, func(t *testing.T, res []predictionJSON) {
			c := vaduzBox.Center()
			last := -1.0
			for _, p := range res {
				d := geo.DistanceHaversine(c, p.point(t))
				if d+1 < last {
					t.Errorf("%q at %.0f m after one at %.0f m", p.DisplayName, d, last)
				}
				last = d
			}
		}},
		{"importancesort 1", vals("q", "S", "importancesort", "1"), 200, nil},
		{"accept-language de", vals("q", "Vaduz", "accept-language", "de"), 200, nil},
		{"accept-language native", vals("q", "Vaduz", "accept-language", "native"), 200, nil},
		{"accept-language uk", vals("q", "Vaduz", "accept-language", "uk"), 200, nil},
		{"normalizecity", vals("q", "Vaduz", "normalizecity", "1"), 200, func(t *testing.T, res []predictionJSON) {
			for _, p := range res {
				if p.Address["city"] == "" && p.Type != "country" && p.Class != "boundary" {
					t.Logf("no city for %q: %v", p.DisplayName, p.Address)
				}
			}
		}},
		{"statecode", vals("q", "Vaduz", "statecode", "1"), 200, func(t *testing.T, res []predictionJSON) {
			if got := res[0].Address["state_code"]; got != "LI-11" {
				t.Errorf("state_code = %q, want LI-11 (%v)", got, res[0].Address)
			}
		}},
		{"dedupe", vals("q", "Landstrasse", "dedupe", "1", "limit", "20"), 200, func(t *testing.T, res []predictionJSON) {
			seen := map[string]bool{}
			for _, p := range res {
				k := p.Class + p.Type + p.DisplayName
				if seen[k] {
					t.Errorf("duplicate %q", p.DisplayName)
				}
				seen[k] = true
			}
		}},
		{"dedupe 0", vals("q", "Landstrasse", "dedupe", "0"), 200, nil},
		{"nothing found", vals("q", "Qxzwvyk"), 404, nil},
		{"missing q", vals(), 400, nil},
		{"empty q", vals("q", " "), 400, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := get(t, s, "/v1/autocomplete", tc.params)
			if status != tc.status {
				t.Fatalf("GET autocomplete %v = %d %s, want %d", tc.params, status, body, tc.status)
			}
			if status != 200 || tc.check == nil {
				return
			}
			var res []predictionJSON
			if err := json.Unmarshal(body, &res); err != nil || len(res) == 0 {
				t.Fatalf("body %s: %v", body, err)
			}
			tc.check(t, res)
		})
	}
}

func TestAutocompleteBadValues(t *testing.T) {
	s := liAPI(t)
	tests := []struct {
		param, value string
		extra        []string
	}{
		{"q", "", nil},
		{"limit", "0", nil}, {"limit", "21", nil}, {"limit", "x", nil},
		{"tag", "place", nil}, {"tag", "place:", nil}, {"tag", ",", nil},
		{"countrycodes", "xyz", nil},
		{"viewbox", "1,2,3", nil}, {"viewbox", "9.5,47.1,9.5,47.2", nil},
		{"bounded", "2", []string{"viewbox", "9.50,47.12,9.54,47.15"}}, {"bounded", "1", nil},
		{"importancesort", "2", nil},
		{"dedupe", "3", nil},
		{"normalizecity", "5", nil},
		{"statecode", "a", nil},
		{"accept-language", "ja", nil},
		{"json_callback", "1bad(", nil},
		{"format", "xml", nil},
	}
	for _, tc := range tests {
		t.Run(tc.param+"="+tc.value, func(t *testing.T) {
			v := vals(append([]string{"q", "Vaduz", tc.param, tc.value}, tc.extra...)...)
			status, body := get(t, s, "/v1/autocomplete", v)
			var e map[string]string
			json.Unmarshal(body, &e)
			if status != http.StatusBadRequest || e["parameter"] != tc.param {
				t.Errorf("GET autocomplete %s=%q = %d %s, want 400 naming %s", tc.param, tc.value, status, body, tc.param)
			}
		})
	}
}

func TestAutocompleteJSONP(t *testing.T) {
	s := liAPI(t)
	status, body := get(t, s, "/autocomplete", vals("q", "Vaduz", "json_callback", "cb"))
	if status != 200 || !strings.HasPrefix(string(body), "cb([") || !strings.HasSuffix(string(body), "])") {
		t.Errorf("JSONP = %d %.60s", status, body)
	}
}

// TestAutocompleteTyping types real names letter by letter, as a user of
// the window would: every prefix of three letters or more must answer 200,
// and the full name must be among the predictions.
func TestAutocompleteTyping(t *testing.T) {
	s := liAPI(t)
	for _, name := range []string{"Vaduz", "Triesenberg", "Schaan", "Balzers", "Prattville", "Landstrasse", "Kirchstrasse"} {
		for i := 3; i <= len(name); i++ {
			status, body := get(t, s, "/v1/autocomplete", vals("q", name[:i]))
			if status != 200 {
				t.Fatalf("typing %q: %d %s", name[:i], status, body)
			}
			if i == len(name) {
				var res []predictionJSON
				json.Unmarshal(body, &res)
				if !anyPlace(res, name) {
					t.Errorf("typing %q: %v lacks it", name, places(res))
				}
			}
		}
	}
}

func places(res []predictionJSON) []string {
	var out []string
	for _, p := range res {
		out = append(out, p.DisplayPlace)
	}
	return out
}

func anyPlace(res []predictionJSON, name string) bool {
	for _, p := range res {
		if p.DisplayPlace == name {
			return true
		}
	}
	return false
}

func wantCount(lo, hi int) func(*testing.T, []predictionJSON) {
	return func(t *testing.T, res []predictionJSON) {
		if len(res) < lo || len(res) > hi {
			t.Errorf("%d results, want %d..%d", len(res), lo, hi)
		}
	}
}

func allClass(class string) func(*testing.T, []predictionJSON) {
	return func(t *testing.T, res []predictionJSON) {
		for _, p := range res {
			if p.Class != class {
				t.Errorf("got %s:%s %q, want class %s", p.Class, p.Type, p.DisplayName, class)
			}
		}
	}
}

func noClass(class string) func(*testing.T, []predictionJSON) {
	return func(t *testing.T, res []predictionJSON) {
		for _, p := range res {
			if p.Class == class {
				t.Errorf("got %s:%s %q", p.Class, p.Type, p.DisplayName)
			}
		}
	}
}
