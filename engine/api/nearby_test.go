package api_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"sync"
	"testing"
)

type nearbyJSON struct {
	PlaceID     string            `json:"place_id"`
	OSMType     string            `json:"osm_type"`
	OSMID       string            `json:"osm_id"`
	Lat         string            `json:"lat"`
	Lon         string            `json:"lon"`
	Class       string            `json:"class"`
	Type        string            `json:"type"`
	TagType     string            `json:"tag_type"`
	Name        string            `json:"name"`
	DisplayName string            `json:"display_name"`
	Address     map[string]string `json:"address"`
	BoundingBox []string          `json:"boundingbox"`
	Distance    *int64            `json:"distance"`
}

// Vaduz, Städtle (the centre, many POIs around).
const vaduzLat, vaduzLon = "47.1393", "9.5226"

func TestNearbyParameters(t *testing.T) {
	s := liAPI(t)
	at := func(kv ...string) url.Values {
		return vals(append([]string{"lat", vaduzLat, "lon", vaduzLon}, kv...)...)
	}
	tests := []struct {
		name   string
		params url.Values
		status int
		radius int64
		check  func(t *testing.T, res []nearbyJSON)
	}{
		{"defaults", at(), 200, 100, nil},
		{"radius 1 km", at("radius", "1000"), 200, 1000, func(t *testing.T, res []nearbyJSON) {
			if len(res) != 10 {
				t.Errorf("%d results, want the default limit 10", len(res))
			}
		}},
		{"limit 50", at("radius", "5000", "limit", "50"), 200, 5000, func(t *testing.T, res []nearbyJSON) {
			if len(res) != 50 {
				t.Errorf("%d results, want 50", len(res))
			}
		}},
		{"limit 1", at("radius", "5000", "limit", "1"), 200, 5000, func(t *testing.T, res []nearbyJSON) {
			if len(res) != 1 {
				t.Errorf("%d results, want 1", len(res))
			}
		}},
		{"radius max", at("radius", "500000", "limit", "5"), 200, 500000, nil},
		{"tag word restaurant", at("radius", "3000", "tag", "restaurant"), 200, 3000, func(t *testing.T, res []nearbyJSON) {
			for _, p := range res {
				if p.Class != "amenity" || p.Type != "restaurant" || p.TagType != "restaurant" {
					t.Errorf("tag=restaurant gave %s:%s tag_type %q", p.Class, p.Type, p.TagType)
				}
			}
		}},
		{"tag pair", at("radius", "3000", "tag", "amenity:*"), 200, 3000, func(t *testing.T, res []nearbyJSON) {
			for _, p := range res {
				if p.Class != "amenity" {
					t.Errorf("tag=amenity:* gave %s:%s", p.Class, p.Type)
				}
			}
		}},
		{"tag all minus amenity", at("radius", "1000", "tag", "all,!amenity:*"), 200, 1000, func(t *testing.T, res []nearbyJSON) {
			for _, p := range res {
				if p.Class == "amenity" {
					t.Errorf("all,!amenity:* gave %s:%s", p.Class, p.Type)
				}
			}
		}},
		{"tag two words", at("radius", "10000", "tag", "hotel,bank"), 200, 10000, func(t *testing.T, res []nearbyJSON) {
			for _, p := range res {
				if p.TagType != "hotel" && p.TagType != "bank" {
					t.Errorf("hotel,bank gave %s:%s tag_type %q", p.Class, p.Type, p.TagType)
				}
			}
		}},
		{"dedupe", at("radius", "2000", "dedupe", "1"), 200, 2000, nil},
		{"nothing in range", vals("lat", "0", "lon", "0"), 404, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := get(t, s, "/v1/nearby", tc.params)
			if status != tc.status {
				t.Fatalf("GET nearby %v = %d %s, want %d", tc.params, status, body, tc.status)
			}
			if status != 200 {
				return
			}
			var res []nearbyJSON
			if err := json.Unmarshal(body, &res); err != nil || len(res) == 0 {
				t.Fatalf("body %s: %v", body, err)
			}
			last := int64(-1)
			for _, p := range res {
				if p.Distance == nil || *p.Distance > tc.radius || *p.Distance < last {
					t.Fatalf("distance %v not sorted within %d m: %s", p.Distance, tc.radius, body)
				}
				last = *p.Distance
				if p.PlaceID == "" || p.Lat == "" || p.Lon == "" || p.Class == "" || p.TagType == "" ||
					p.DisplayName == "" || len(p.BoundingBox) != 4 || p.Address == nil {
					t.Errorf("incomplete record %+v", p)
				}
			}
			if tc.check != nil {
				tc.check(t, res)
			}
		})
	}
}

func TestNearbyBadValues(t *testing.T) {
	s := liAPI(t)
	tests := []struct {
		param  string
		params url.Values
	}{
		{"lat", vals("lon", vaduzLon)},
		{"lon", vals("lat", vaduzLat)},
		{"lat", vals("lat", "91", "lon", vaduzLon)},
		{"lon", vals("lat", vaduzLat, "lon", "x")},
		{"radius", vals("lat", vaduzLat, "lon", vaduzLon, "radius", "0")},
		{"radius", vals("lat", vaduzLat, "lon", vaduzLon, "radius", "500001")},
		{"radius", vals("lat", vaduzLat, "lon", vaduzLon, "radius", "1.5")},
		{"tag", vals("lat", vaduzLat, "lon", vaduzLon, "tag", "restaurants")},
		{"tag", vals("lat", vaduzLat, "lon", vaduzLon, "tag", "!all")},
		{"limit", vals("lat", vaduzLat, "lon", vaduzLon, "limit", "51")},
		{"limit", vals("lat", vaduzLat, "lon", vaduzLon, "limit", "0")},
		{"dedupe", vals("lat", vaduzLat, "lon", vaduzLon, "dedupe", "2")},
		{"json_callback", vals("lat", vaduzLat, "lon", vaduzLon, "json_callback", "a b")},
		{"format", vals("lat", vaduzLat, "lon", vaduzLon, "format", "xml")},
	}
	for _, tc := range tests {
		t.Run(tc.param+" "+tc.params.Encode(), func(t *testing.T) {
			status, body := get(t, s, "/v1/nearby", tc.params)
			var e map[string]string
			json.Unmarshal(body, &e)
			if status != http.StatusBadRequest || e["parameter"] != tc.param {
				t.Errorf("GET nearby %v = %d %s, want 400 naming %s", tc.params, status, body, tc.param)
			}
		})
	}
}

// TestPlacesConcurrent serves autocomplete and nearby requests from several
// goroutines at once (run with -race).
func TestPlacesConcurrent(t *testing.T) {
	s := liAPI(t)
	reqs := []struct {
		path   string
		params url.Values
	}{
		{"/v1/autocomplete", vals("q", "Vad")},
		{"/v1/autocomplete", vals("q", "Triesneberg")},
		{"/v1/autocomplete", vals("q", "S", "viewbox", "9.50,47.12,9.54,47.15", "importancesort", "0")},
		{"/v1/nearby", vals("lat", vaduzLat, "lon", vaduzLon, "radius", "1000")},
		{"/v1/nearby", vals("lat", vaduzLat, "lon", vaduzLon, "radius", "5000", "tag", "restaurant")},
	}
	want := make([]string, len(reqs))
	for i, r := range reqs {
		_, b := get(t, s, r.path, r.params)
		want[i] = string(b)
	}
	var wg sync.WaitGroup
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				k := (g + i) % len(reqs)
				params := url.Values{}
				for key, v := range reqs[k].params {
					params[key] = v
				}
				status, b := get(t, s, reqs[k].path, params)
				if status != 200 || string(b) != want[k] {
					t.Errorf("concurrent %s %v = %d, differs from the sequential answer", reqs[k].path, params, status)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}
