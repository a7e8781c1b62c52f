package api_test

import (
	"fmt"
	"net/url"
	"sync"
	"testing"
)

// FuzzGeocodeParams sends arbitrary query text, viewbox, accept-language,
// limit and coordinates to the geocoding endpoints: every answer must be
// 200, 400 or 404 (never a 500 or a panic).
func FuzzGeocodeParams(f *testing.F) {
	seeds := [][5]string{
		{"Vaduz", "9.4,47.0,9.6,47.2", "de-CH,de;q=0.9", "5", "47.14,9.52"},
		{"Austrasse 11, Vaduz", "", "en", "50", "0,0"},
		{"[amenity=restaurant] Vaduz", "1,2,3", "xx;q=2", "abc", "91,0"},
		{"bars near 47.150° N 9.534° E", "9.5,47.1,9.5,47.1", "", "-1", "47.1,181"},
		{"sporry, N 47 15 7 W 9 61 26", "a,b,c,d", "native", "1000", "x,y"},
		{"\"'{}()*:^-", "180,90,-180,-90", "*", "0", "-90,-180"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4])
	}
	f.Fuzz(func(t *testing.T, q, viewbox, lang, limit, latlon string) {
		s := liAPI(t)
		lat, lon := latlon, latlon
		for i := 0; i < len(latlon); i++ {
			if latlon[i] == ',' {
				lat, lon = latlon[:i], latlon[i+1:]
				break
			}
		}
		reqs := []struct {
			path   string
			params url.Values
		}{
			{"/search", vals("q", q, "viewbox", viewbox, "accept-language", lang, "limit", limit, "addressdetails", "1")},
			{"/search", vals("q", q, "viewbox", viewbox, "bounded", "1", "format", "xml")},
			{"/search/structured", vals("street", q, "city", lang, "format", "geocodejson")},
			{"/reverse", vals("lat", lat, "lon", lon, "zoom", limit, "format", "jsonv2")},
			{"/lookup", vals("osm_ids", q)},
		}
		for _, r := range reqs {
			code, body := get(t, s, r.path, r.params)
			if code != 200 && code != 400 && code != 404 {
				t.Fatalf("GET %s %v = %d %s", r.path, r.params, code, body)
			}
		}
	})
}

// TestGeocodeConcurrent runs searches, reverses and lookups in parallel
// (run it with -race).
func TestGeocodeConcurrent(t *testing.T) {
	s := liAPI(t)
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			reqs := []struct {
				path   string
				params url.Values
			}{
				{"/search", vals("q", []string{"Vaduz", "Austrasse 11, Vaduz", "restaurants in Schaan", "9490"}[i%4], "addressdetails", "1")},
				{"/reverse", vals("lat", fmt.Sprint(47.06+float64(i)*0.01), "lon", "9.52", "format", "json")},
				{"/lookup", vals("osm_ids", "R1155956,N6522627624")},
			}
			for _, r := range reqs {
				if code, body := get(t, s, r.path, r.params); code != 200 {
					errs <- fmt.Sprintf("GET %s %v = %d %s", r.path, r.params, code, body)
				}
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
