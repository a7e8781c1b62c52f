package api_test

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/internal/osmfixture"
	"waymark/regions"
)

// excludeFixture: from x to y the motorway s–t is fastest, then the toll
// road s–a–b–t, then the ferry s–c–d–t, then the street s–e–f–t; the
// island z is reached only by the ferry y–w.
const excludeFixture = `
          a - - - - - - - - - - - - - - - - - - - - b
          |                                         |
x - - - - s - - - - - - - - - - - - - - - - - - - - t - - - - y - - - - w - - z
          |                                         |
          c - - - - - - - - - - - - - - - - - - - - d
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          |                                         |
          e - - - - - - - - - - - - - - - - - - - - f
`

var (
	exclSrvOnce sync.Once
	exclSrv     *httptest.Server
	exclSrvErr  error
	exclSrvEng  *engine.Engine
	exclSrvDir  string
	exclMap     = &osmfixture.Map{Map: excludeFixture, Ways: []osmfixture.Way{
		{Nodes: "xs", Tags: "highway=residential name=West"},
		{Nodes: "ty", Tags: "highway=residential name=East"},
		{Nodes: "st", Tags: "highway=motorway name=Motorway"},
		{Nodes: "sabt", Tags: "highway=primary toll=yes name=Tollroad"},
		{Nodes: "scdt", Tags: "route=ferry duration=00:01:00 name=Ferry"},
		{Nodes: "seft", Tags: "highway=residential name=Detour"},
		{Nodes: "yw", Tags: "route=ferry duration=00:01:00 name=Crossing"},
		{Nodes: "wz", Tags: "highway=residential name=Island"},
	}}
)

// exclServer serves the exclude fixture (built once per test binary, in a
// directory TestMain removes, as routeServer's).
func exclServer(t *testing.T) *httptest.Server {
	t.Helper()
	exclSrvOnce.Do(func() {
		dir, err := os.MkdirTemp("", "waymark-api-exclude-")
		if err != nil {
			exclSrvErr = err
			return
		}
		exclSrvDir = dir
		e, err := engine.Open(exclMap.BuildIn(t, dir, regions.RoadsStage()))
		if err != nil {
			exclSrvErr = err
			return
		}
		exclSrvEng = e
		s, err := api.New(e, api.Config{Tokens: []api.Token{{Key: "test"}}, Hosts: []string{"example.com"}})
		if err != nil {
			exclSrvErr = err
			return
		}
		exclSrv = httptest.NewServer(s)
	})
	if exclSrvErr != nil {
		t.Fatal(exclSrvErr)
	}
	return exclSrv
}

func closeExcludeServer() {
	if exclSrv != nil {
		exclSrv.Close()
	}
	if exclSrvEng != nil {
		exclSrvEng.Close()
	}
	if exclSrvDir != "" {
		os.RemoveAll(exclSrvDir)
	}
}

// getJSON GETs url with the key and decodes the JSON answer.
func getJSON(t *testing.T, url, key string) (int, map[string]any) {
	t.Helper()
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	resp, err := http.Get(url + sep + "key=" + key)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("GET %s: decode: %v", url, err)
	}
	return resp.StatusCode, body
}

// via returns which of the fixture's four ways from s to t a route takes
// (the names of its legs' summaries that are one of them, each once in
// a row).
func via(route map[string]any) string {
	var out []string
	for _, l := range route["legs"].([]any) {
		for _, n := range strings.Split(l.(map[string]any)["summary"].(string), ", ") {
			switch n {
			case "Motorway", "Tollroad", "Ferry", "Detour":
				if len(out) == 0 || out[len(out)-1] != n {
					out = append(out, n)
				}
			}
		}
	}
	return strings.Join(out, ",")
}

// TestExcludeRoutes: each exclusion takes the fastest route over the roads
// left (the motorway, then the toll road, the ferry, the street), on the
// OSRM paths and /v1, for route, table, trip, match and nearest; classes a
// profile cannot exclude and unknown ones are InvalidValue; an island
// reached only by ferry is NoRoute with exclude=ferry. Before exclude
// existed every exclude value was InvalidValue.
func TestExcludeRoutes(t *testing.T) {
	m := exclMap
	xy := routeCoords(m.Between('x', 's', 0.5), m.Between('t', 'y', 0.5))
	xz := routeCoords(m.Between('x', 's', 0.5), m.Between('w', 'z', 0.5))
	get := func(path string) (int, map[string]any) {
		t.Helper()
		return getJSON(t, exclServer(t).URL+path, "test")
	}
	for _, tt := range []struct {
		exclude, want string
	}{
		{"", "Motorway"},
		{"toll", "Motorway"},
		{"ferry", "Motorway"},
		{"motorway", "Tollroad"},
		{"motorway,ferry", "Tollroad"},
		{"toll,motorway", "Ferry"},
		{"motorway,toll,ferry", "Detour"},
	} {
		for _, path := range []string{"/route/v1/driving/", "/route/v1/car/", "/v1/directions/driving/"} {
			code, body := get(path + xy + "?exclude=" + tt.exclude)
			if code != 200 {
				t.Errorf("%s exclude=%s: %d %v", path, tt.exclude, code, body)
				continue
			}
			if got := via(body["routes"].([]any)[0].(map[string]any)); got != tt.want {
				t.Errorf("%s exclude=%s: route via %s, want %s", path, tt.exclude, got, tt.want)
			}
		}
	}
	// the table's durations grow with each class left out, as the routes'
	var last float64
	for _, x := range []string{"", "motorway", "motorway,toll", "motorway,toll,ferry"} {
		code, body := get("/table/v1/driving/" + xy + "?exclude=" + x)
		if code != 200 {
			t.Fatalf("table exclude=%s: %d %v", x, code, body)
		}
		d := body["durations"].([]any)[0].([]any)[1].(float64)
		if d <= last {
			t.Errorf("table exclude=%s: %v s, not more than %v", x, d, last)
		}
		_, rb := get("/route/v1/driving/" + xy + "?exclude=" + x)
		if rd := rb["routes"].([]any)[0].(map[string]any)["duration"].(float64); math.Abs(rd-d) > 0.15 {
			t.Errorf("exclude=%s: table %v s, route %v s", x, d, rd)
		}
		last = d
	}
	// walking and cycling may leave out ferries
	for _, prof := range []string{"foot", "walking", "bike", "cycling"} {
		if code, body := get("/route/v1/" + prof + "/" + xz); code != 200 {
			t.Errorf("%s to the island: %d %v", prof, code, body)
		}
		if code, body := get("/route/v1/" + prof + "/" + xz + "?exclude=ferry"); code != 400 || body["code"] != "NoRoute" {
			t.Errorf("%s to the island without ferries: %d %v, want NoRoute", prof, code, body)
		}
	}
	for _, path := range []string{
		"/route/v1/driving/" + xz + "?exclude=ferry",
		"/v1/directions/driving/" + xz + "?exclude=ferry,toll",
		"/v1/directions/cycling/" + xz + "?exclude=ferry",
		"/v1/directions/walking/" + xz + "?exclude=ferry",
	} {
		if code, body := get(path); code != 400 || body["code"] != "NoRoute" {
			t.Errorf("%s: %d %v, want NoRoute", path, code, body)
		}
	}
	if code, body := get("/trip/v1/driving/" + xz + "?exclude=ferry"); code != 400 || body["code"] != "NoTrips" {
		t.Errorf("trip to the island without ferries: %d %v, want NoTrips", code, body)
	}
	for _, path := range []string{
		"/route/v1/foot/" + xy + "?exclude=motorway",
		"/route/v1/bike/" + xy + "?exclude=toll",
		"/route/v1/driving/" + xy + "?exclude=tunnel",
		"/route/v1/driving/" + xy + "?exclude=motorway,motorway",
		"/route/v1/driving/" + xy + "?exclude=motorway,",
		"/table/v1/walking/" + xy + "?exclude=toll",
	} {
		if code, body := get(path); code != 400 || body["code"] != "InvalidValue" {
			t.Errorf("%s: %d %v, want InvalidValue", path, code, body)
		}
	}
	// nearest: a point on the motorway snaps onto another road
	onMotorway := routeCoords(m.Between('s', 't', 0.5))
	for _, tt := range []struct{ exclude, want string }{{"", "Motorway"}, {"motorway", "Tollroad"}} {
		code, body := get("/nearest/v1/driving/" + onMotorway + "?exclude=" + tt.exclude)
		if code != 200 {
			t.Fatalf("nearest exclude=%s: %d %v", tt.exclude, code, body)
		}
		if got := body["waypoints"].([]any)[0].(map[string]any)["name"]; got != tt.want {
			t.Errorf("nearest exclude=%s: on %v, want %s", tt.exclude, got, tt.want)
		}
	}
	// match and trip follow the exclusion too
	trace := routeCoords(m.Between('x', 's', 0.5), m.Between('s', 't', 0.5), m.Between('t', 'y', 0.5))
	for _, tt := range []struct{ exclude, want string }{{"", "Motorway"}, {"motorway", "Tollroad"}} {
		code, body := get("/match/v1/driving/" + trace + "?radiuses=50;50;50&exclude=" + tt.exclude)
		if code != 200 {
			t.Fatalf("match exclude=%s: %d %v", tt.exclude, code, body)
		}
		if got := via(body["matchings"].([]any)[0].(map[string]any)); got != tt.want {
			t.Errorf("match exclude=%s: via %s, want %s", tt.exclude, got, tt.want)
		}
	}
	code, body := get("/trip/v1/driving/" + xy + "?roundtrip=false&source=first&destination=last&exclude=motorway")
	if code != 200 {
		t.Fatalf("trip: %d %v", code, body)
	}
	if got := via(body["trips"].([]any)[0].(map[string]any)); got != "Tollroad" {
		t.Errorf("trip exclude=motorway: via %s, want Tollroad", got)
	}
}
