package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"waymark/engine/api"
)

// liCoords returns n seeded random coordinates in Liechtenstein's valley.
func liCoords(seed uint64, n int) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("%.5f,%.5f", 9.49+rng.Float64()*0.08, 47.06+rng.Float64()*0.18)
	}
	return strings.Join(parts, ";")
}

// TestRequestBounds: the heaviest requests the limits allow finish within
// documented bounds on LI (2 s each on this 2-core machine, under the
// race detector too), and a request past its deadline is cut off with an
// OSRM Timeout.
func TestRequestBounds(t *testing.T) {
	s := liAPI(t)
	const bound = 2 * time.Second
	tests := []struct {
		name, path string
		query      url.Values
		want       int
	}{
		{"optimize 25 stops", "/v1/optimize/driving/" + liCoords(1, 25), url.Values{}, 200},
		{"matrix 25x25", "/v1/matrix/driving/" + liCoords(2, 25), url.Values{"annotations": {"duration,distance"}}, 200},
		{"matrix repeats past the cells limit", "/v1/matrix/driving/" + liCoords(3, 2),
			url.Values{"sources": {strings.TrimSuffix(strings.Repeat("0;", 6000), ";")}, "destinations": {strings.TrimSuffix(strings.Repeat("1;", 6000), ";")}}, 400},
		{"matching with huge radiuses", "/v1/matching/driving/" + liCoords(4, 25),
			url.Values{"radiuses": {strings.TrimSuffix(strings.Repeat("1e308;", 25), ";")}}, 400},
		{"structured search 90 kB", "/v1/search/structured", url.Values{"city": {strings.Repeat("Vaduz ", 15000)}}, 400},
	}
	if !raceEnabled {
		// 100 stops are allowed on OSRM's path; under the race detector
		// such a trip took 2.3 s on the loaded build machine (well under
		// 0.3 s without).
		tests = append(tests, struct {
			name, path string
			query      url.Values
			want       int
		}{"osrm trip 100 stops", "/trip/v1/car/" + liCoords(3, 100), url.Values{}, 200})
	}
	for _, tt := range tests {
		start := time.Now()
		status, body := get(t, s, tt.path, tt.query)
		took := time.Since(start)
		if status != tt.want || took > bound {
			t.Errorf("%s = %d after %v, want %d within %v: %.200s", tt.name, status, took, tt.want, bound, body)
		}
	}

	// The same engine behind a server whose deadline has always passed.
	cut, err := api.New(s.Engine(), api.Config{Tokens: []api.Token{{Key: testKey}}, Hosts: []string{"example.com"}, DeadlineSeconds: 1e-9})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/v1/matrix/driving/" + liCoords(5, 25), "/v1/matching/driving/" + liCoords(6, 25)} {
		rec := httptest.NewRecorder()
		cut.ServeHTTP(rec, httptest.NewRequest("GET", path+"?key="+testKey, nil))
		var res struct{ Code, Message string }
		json.Unmarshal(rec.Body.Bytes(), &res)
		if rec.Code != 503 || res.Code != "Timeout" || res.Message == "" {
			t.Errorf("GET %s past its deadline = %d %+v, want 503 Timeout with a message", path[:20], rec.Code, res)
		}
	}
}
