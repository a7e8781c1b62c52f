package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/engine/route/polyline"
	"waymark/internal/osmfixture"
	"waymark/regions"
)

// routeFixture: a street grid plus a separate two-node island (y–z) and a
// dead end (c–k) with a no_u_turn at k.
const routeFixture = `
a - - - b - - - c - - - k
|       |       |
|       |       |
d - - - e - - - f
|       |       |
|       |       |           y - z
g - - - h - - - i
`

func routeFixtureMap() *osmfixture.Map {
	m := &osmfixture.Map{Map: routeFixture}
	for i, w := range []string{"ab", "bc", "de", "ef", "gh", "hi", "ad", "dg", "be", "eh", "cf", "fi", "yz", "ck"} {
		m.Ways = append(m.Ways, osmfixture.Way{Nodes: w, Tags: fmt.Sprintf("highway=residential name=Street~%d", i)})
	}
	m.Relations = []osmfixture.Relation{{Tags: "type=restriction restriction=no_u_turn", Members: "from:w13 via:n:k to:w13"}}
	return m
}

var (
	routeSrvOnce sync.Once
	routeSrv     *httptest.Server
	routeSrvEng  *engine.Engine
	routeSrvDir  string
	routeSrvMap  = routeFixtureMap()
	routeSrvErr  error
)

func routeServer(t *testing.T) *httptest.Server {
	t.Helper()
	routeSrvOnce.Do(func() {
		// The server outlives the subtest that starts it, and its engine
		// writes images beside the pack in the background: the pack lives
		// in a directory of the test binary's, removed by TestMain.
		dir, err := os.MkdirTemp("", "waymark-api-route-")
		if err != nil {
			routeSrvErr = err
			return
		}
		routeSrvDir = dir
		e, err := engine.Open(routeSrvMap.BuildIn(t, dir, regions.RoadsStage()))
		if err != nil {
			routeSrvErr = err
			return
		}
		routeSrvEng = e
		s, err := api.New(e, api.Config{Tokens: []api.Token{{Key: "test"}}, Hosts: []string{"example.com"}})
		if err != nil {
			routeSrvErr = err
			return
		}
		routeSrv = httptest.NewServer(s)
	})
	if routeSrvErr != nil {
		t.Fatal(routeSrvErr)
	}
	return routeSrv
}

// closeRouteServer stops the shared route server, closes its engine (which
// waits for its background writers) and removes its pack's directory.
func closeRouteServer() {
	if routeSrv != nil {
		routeSrv.Close()
	}
	if routeSrvEng != nil {
		routeSrvEng.Close()
	}
	if routeSrvDir != "" {
		os.RemoveAll(routeSrvDir)
	}
}

func routeCoords(ps ...orb.Point) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, fmt.Sprintf("%.7f,%.7f", p[0], p[1]))
	}
	return strings.Join(parts, ";")
}

func routeGet(t *testing.T, path string) (int, map[string]any) {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	resp, err := http.Get(routeServer(t).URL + path + sep + "key=test")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("GET %s: decode: %v", path, err)
	}
	return resp.StatusCode, body
}

func TestRouteAPIErrors(t *testing.T) {
	m := routeSrvMap
	ok := routeCoords(m.Between('a', 'b', 0.5), m.Between('h', 'i', 0.5))
	var many []orb.Point
	for i := 0; i < 26; i++ {
		many = append(many, m.Between('a', 'b', float64(i)/30))
	}
	tests := []struct {
		name, path, code string
	}{
		{"bad profile", "/v1/directions/horse/" + ok, "InvalidUrl"},
		{"garbage coordinates", "/v1/directions/driving/1,2;x,y", "InvalidUrl"},
		{"one number", "/v1/directions/driving/1;2,3", "InvalidUrl"},
		{"bad polyline", "/v1/directions/driving/polyline(" + "~~~" + ")", "InvalidUrl"},
		{"latitude out of range", "/v1/directions/driving/9.5,47.1;9.5,95", "InvalidValue"},
		{"one coordinate", "/v1/directions/driving/9.5,47.1", "InvalidOptions"},
		{"too many", "/v1/directions/driving/" + routeCoords(many...), "TooBig"},
		{"unknown parameter", "/v1/directions/driving/" + ok + "?foo=bar", "InvalidQuery"},
		{"bad steps", "/v1/directions/driving/" + ok + "?steps=yes", "InvalidQuery"},
		{"bad geometries", "/v1/directions/driving/" + ok + "?geometries=wkt", "InvalidQuery"},
		{"bad overview", "/v1/directions/driving/" + ok + "?overview=some", "InvalidQuery"},
		{"bad annotations", "/v1/directions/driving/" + ok + "?annotations=colour", "InvalidQuery"},
		{"bearings count", "/v1/directions/driving/" + ok + "?bearings=90,10", "InvalidOptions"},
		{"bearing range", "/v1/directions/driving/" + ok + "?bearings=400,10;", "InvalidOptions"},
		{"bearing syntax", "/v1/directions/driving/" + ok + "?bearings=ab;", "InvalidQuery"},
		{"radiuses count", "/v1/directions/driving/" + ok + "?radiuses=5", "InvalidOptions"},
		{"negative radius", "/v1/directions/driving/" + ok + "?radiuses=-1;5", "InvalidOptions"},
		{"waypoints without last", "/v1/directions/driving/" + ok + "?waypoints=0", "InvalidValue"},
		{"waypoint out of range", "/v1/directions/driving/" + ok + "?waypoints=0;5", "InvalidOptions"},
		{"too many alternatives", "/v1/directions/driving/" + ok + "?alternatives=9", "TooBig"},
		{"exclude unknown class", "/v1/directions/driving/" + ok + "?exclude=tunnel", "InvalidValue"},
		{"exclude a class walking lacks", "/v1/directions/walking/" + ok + "?exclude=toll", "InvalidValue"},
		{"no segment", "/v1/directions/driving/" + routeCoords(m.Between('a', 'b', 0.5), orb.Point{9.6, 47.2}) + "?radiuses=unlimited;50", "NoSegment"},
		{"no route", "/v1/directions/driving/" + routeCoords(m.Between('c', 'k', 0.5), m.Between('a', 'b', 0.5)) + "?bearings=90,20;&continue_straight=true&snapping=any", "NoRoute"},
		{"nearest two coordinates", "/v1/nearest/driving/" + ok, "InvalidOptions"},
		{"nearest number", "/v1/nearest/driving/9.5,47.1?number=101", "InvalidOptions"},
		{"matrix sources range", "/v1/matrix/driving/" + ok + "?sources=0;2", "InvalidOptions"},
		{"matrix annotations", "/v1/matrix/driving/" + ok + "?annotations=speed", "InvalidQuery"},
		{"matrix fallback speed", "/v1/matrix/driving/" + ok + "?fallback_speed=0", "InvalidValue"},
		{"matrix scale factor overflowing to +Inf", "/v1/matrix/driving/" + ok + "?scale_factor=1e308", "InvalidValue"},
		{"matrix fallback speed underflowing to +Inf", "/v1/matrix/driving/" + ok + "?fallback_speed=1e-320&annotations=duration", "InvalidValue"},
		{"matrix sources repeated past the table limit", "/v1/matrix/driving/" + ok + "?sources=" + strings.Repeat("0;", 700) + "0&destinations=" + strings.Repeat("1;", 700) + "1", "TooBig"},
		{"osrm path unknown param", "/route/v1/car/" + ok + "?number=3", "InvalidQuery"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := routeGet(t, tc.path)
			if status != http.StatusBadRequest || body["code"] != tc.code {
				t.Errorf("GET %s = %d %v, want 400 %s", tc.path, status, body, tc.code)
			}
			if msg, _ := body["message"].(string); msg == "" {
				t.Errorf("GET %s: empty message", tc.path)
			}
		})
	}
	t.Run("no token", func(t *testing.T) {
		resp, err := http.Get(routeServer(t).URL + "/v1/directions/driving/" + ok)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("status = %d, want 401", resp.StatusCode)
		}
	})
}

func TestRouteAPIDirections(t *testing.T) {
	m := routeSrvMap
	pts := []orb.Point{m.Between('a', 'b', 0.5), m.Between('e', 'f', 0.5), m.Between('h', 'i', 0.5)}
	paths := []string{
		"/v1/directions/driving/" + routeCoords(pts...),
		"/directions/car/" + routeCoords(pts...),
		"/route/v1/driving/" + routeCoords(pts...) + ".json",
		"/v1/directions/driving/" + url.PathEscape("polyline("+polyline.Encode(pts, 5)+")"),
		"/v1/directions/driving/" + url.PathEscape("polyline6("+polyline.Encode(pts, 6)+")"),
	}
	var first float64
	for i, p := range paths {
		status, body := routeGet(t, p+"?steps=true&annotations=true&overview=full&geometries=polyline6")
		if status != 200 || body["code"] != "Ok" {
			t.Fatalf("GET %s = %d %v", p, status, body)
		}
		r := body["routes"].([]any)[0].(map[string]any)
		if i == 0 {
			first = r["distance"].(float64)
		} else if d := r["distance"].(float64); d < first-1 || d > first+1 {
			t.Errorf("GET %s: distance %.1f, want %.1f as with plain coordinates", p, d, first)
		}
		if got := len(body["waypoints"].([]any)); got != 3 {
			t.Errorf("waypoints = %d, want 3", got)
		}
		legs := r["legs"].([]any)
		if len(legs) != 2 {
			t.Fatalf("legs = %d, want 2", len(legs))
		}
		geom, err := polyline.Decode(r["geometry"].(string), 6)
		if err != nil || len(geom) < 2 {
			t.Fatalf("geometry: %v (%d points)", err, len(geom))
		}
		for _, l := range legs {
			leg := l.(map[string]any)
			ann := leg["annotation"].(map[string]any)
			nd, ds := len(ann["nodes"].([]any)), len(ann["distance"].([]any))
			if nd != ds+1 || len(ann["duration"].([]any)) != ds || len(ann["speed"].([]any)) != ds {
				t.Errorf("annotation lengths nodes %d distance %d", nd, ds)
			}
			checkOSRMSteps(t, leg["steps"].([]any))
		}
	}
	// waypoints=0;2 makes one leg; the via point is not a response waypoint
	_, body := routeGet(t, "/v1/directions/walking/"+routeCoords(pts...)+"?waypoints=0;2&overview=false")
	r := body["routes"].([]any)[0].(map[string]any)
	if len(r["legs"].([]any)) != 1 || len(body["waypoints"].([]any)) != 2 || r["geometry"] != nil {
		t.Errorf("waypoints=0;2: legs %d waypoints %d geometry %v", len(r["legs"].([]any)), len(body["waypoints"].([]any)), r["geometry"])
	}
	// hints round trip: the hint of a response waypoint snaps to the same place
	_, body = routeGet(t, "/v1/directions/driving/"+routeCoords(pts[0], pts[2]))
	wps := body["waypoints"].([]any)
	h0, h1 := wps[0].(map[string]any)["hint"].(string), wps[1].(map[string]any)["hint"].(string)
	_, body2 := routeGet(t, "/v1/directions/driving/"+routeCoords(pts[0], pts[2])+"?hints="+h0+";"+h1)
	if d1, d2 := body["routes"].([]any)[0].(map[string]any)["distance"], body2["routes"].([]any)[0].(map[string]any)["distance"]; d1 != d2 {
		t.Errorf("with hints distance %v, without %v", d2, d1)
	}
	_, body3 := routeGet(t, "/v1/directions/driving/"+routeCoords(pts[0], pts[2])+"?hints=AAAA;"+h1+"&generate_hints=false")
	if body3["code"] != "Ok" || body3["waypoints"].([]any)[0].(map[string]any)["hint"] != nil {
		t.Errorf("bad hint / generate_hints=false: %v", body3)
	}
	// geojson geometry
	_, body = routeGet(t, "/v1/directions/driving/"+routeCoords(pts[0], pts[2])+"?geometries=geojson&alternatives=2")
	g := body["routes"].([]any)[0].(map[string]any)["geometry"].(map[string]any)
	if g["type"] != "LineString" || len(g["coordinates"].([]any)) < 2 {
		t.Errorf("geojson geometry = %v", g)
	}
}

var osrmStepTypes = map[string]bool{"depart": true, "arrive": true, "turn": true, "new name": true, "continue": true,
	"merge": true, "on ramp": true, "off ramp": true, "fork": true, "end of road": true, "roundabout": true,
	"rotary": true, "exit roundabout": true, "exit rotary": true, "notification": true, "roundabout turn": true}
var osrmModifiers = map[string]bool{"uturn": true, "sharp right": true, "right": true, "slight right": true,
	"straight": true, "slight left": true, "left": true, "sharp left": true}

// checkOSRMSteps checks what osrm-text-instructions relies on.
func checkOSRMSteps(t *testing.T, steps []any) {
	t.Helper()
	if len(steps) < 2 {
		t.Fatalf("%d steps, want depart and arrive at least", len(steps))
	}
	for i, s := range steps {
		st := s.(map[string]any)
		man := st["maneuver"].(map[string]any)
		typ, _ := man["type"].(string)
		if !osrmStepTypes[typ] {
			t.Errorf("step %d: type %q", i, typ)
		}
		if mod, ok := man["modifier"]; ok && !osrmModifiers[mod.(string)] {
			t.Errorf("step %d: modifier %q", i, mod)
		}
		if (i == 0) != (typ == "depart") || (i == len(steps)-1) != (typ == "arrive") {
			t.Errorf("step %d: type %q out of place", i, typ)
		}
		if strings.Contains(typ, "roundabout") || strings.Contains(typ, "rotary") {
			if man["exit"] == nil {
				t.Errorf("step %d: %s without exit", i, typ)
			}
		}
		if len(st["intersections"].([]any)) == 0 {
			t.Errorf("step %d: no intersections", i)
		}
		for _, k := range []string{"distance", "duration", "weight", "name", "mode", "driving_side", "geometry"} {
			if _, ok := st[k]; !ok {
				t.Errorf("step %d: missing %s", i, k)
			}
		}
		if st["driving_side"] != "right" {
			t.Errorf("step %d: driving_side %v", i, st["driving_side"])
		}
	}
}

func TestRouteAPIMatrixAndNearest(t *testing.T) {
	m := routeSrvMap
	island := m.Between('y', 'z', 0.5)
	pts := []orb.Point{m.Between('a', 'b', 0.5), m.Between('e', 'f', 0.5), island}
	status, body := routeGet(t, "/v1/matrix/driving/"+routeCoords(pts...)+"?annotations=duration,distance&radiuses=unlimited;unlimited;5&fallback_speed=10")
	if status != 200 {
		t.Fatalf("matrix: %d %v", status, body)
	}
	durs := body["durations"].([]any)
	if len(durs) != 3 || len(body["distances"].([]any)) != 3 || len(body["sources"].([]any)) != 3 {
		t.Fatalf("matrix shape: %v", body)
	}
	cells := body["fallback_speed_cells"].([]any)
	if len(cells) != 4 { // (0,2) (1,2) (2,0) (2,1)
		t.Errorf("fallback_speed_cells = %v, want the 4 island pairs", cells)
	}
	if durs[0].([]any)[2] == nil {
		t.Errorf("fallback duration missing")
	}
	// without fallback: null cells, durations only by default
	_, body = routeGet(t, "/table/v1/car/"+routeCoords(pts...)+"?radiuses=unlimited;unlimited;5&sources=0;1&destinations=2")
	if d := body["durations"].([]any); len(d) != 2 || d[0].([]any)[0] != nil || body["distances"] != nil {
		t.Errorf("no-fallback matrix = %v", body)
	}
	// scale_factor doubles durations; skip_waypoints drops sources/destinations;
	// fallback_coordinate=snapped measures from the snapped island point
	_, plain := routeGet(t, "/v1/matrix/driving/"+routeCoords(pts[:2]...))
	_, scaled := routeGet(t, "/v1/matrix/driving/"+routeCoords(pts[:2]...)+"?scale_factor=2&skip_waypoints=true")
	d1 := plain["durations"].([]any)[0].([]any)[1].(float64)
	d2 := scaled["durations"].([]any)[0].([]any)[1].(float64)
	if d2 < 2*d1-0.2 || d2 > 2*d1+0.2 || scaled["sources"] != nil {
		t.Errorf("scale_factor=2: %.1f vs %.1f; sources %v", d2, d1, scaled["sources"])
	}
	_, snapped := routeGet(t, "/v1/matrix/driving/"+routeCoords(pts...)+"?annotations=distance&radiuses=unlimited;unlimited;5&fallback_speed=10&fallback_coordinate=snapped")
	if snapped["durations"] != nil || snapped["distances"].([]any)[0].([]any)[2] == nil {
		t.Errorf("annotations=distance with snapped fallback: %v", snapped)
	}
	// approaches=curb is accepted
	if status, body := routeGet(t, "/v1/directions/driving/"+routeCoords(pts[:2]...)+"?approaches=curb;curb"); status != 200 {
		t.Errorf("approaches=curb: %d %v", status, body)
	}
	// nearest
	status, body = routeGet(t, "/v1/nearest/walking/"+routeCoords(m.Between('d', 'e', 0.5))+"?number=3")
	if status != 200 {
		t.Fatalf("nearest: %d %v", status, body)
	}
	wps := body["waypoints"].([]any)
	if len(wps) != 3 {
		t.Errorf("nearest number=3 gave %d", len(wps))
	}
	w0 := wps[0].(map[string]any)
	if w0["distance"].(float64) > 1 || len(w0["nodes"].([]any)) != 2 || w0["name"] != "Street 2" {
		t.Errorf("nearest[0] = %v", w0)
	}
	status, body = routeGet(t, "/nearest/v1/foot/"+routeCoords(m.Between('d', 'e', 0.5)))
	if status != 200 || len(body["waypoints"].([]any)) != 1 {
		t.Errorf("OSRM nearest: %d %v", status, body)
	}
}

// TestRouteAPIConcurrent runs requests in parallel (meaningful under -race).
func TestRouteAPIConcurrent(t *testing.T) {
	m := routeSrvMap
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			p := routeCoords(m.Between('a', 'b', float64(i)/10), m.Between('h', 'i', 0.5))
			for _, path := range []string{"/v1/directions/driving/" + p + "?steps=true&", "/v1/matrix/walking/" + p + "?", "/v1/nearest/driving/" + routeCoords(m.Between('a', 'b', 0.3)) + "?"} {
				resp, err := http.Get(routeServer(t).URL + path + "key=test")
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				if resp.StatusCode != 200 {
					t.Errorf("GET %s: %d", path, resp.StatusCode)
				}
			}
		}(i)
	}
	wg.Wait()
}

// TestWeightName: routes name their weight as OSRM's profiles do:
// "routability" by car (car.lua), "duration" on foot (foot.lua), on every
// routing path.
func TestWeightName(t *testing.T) {
	m := routeSrvMap
	coords := routeCoords(m.Between('a', 'b', 0.5), m.Between('e', 'f', 0.5))
	for _, tt := range []struct{ path, want string }{
		{"/route/v1/driving/", "routability"}, {"/route/v1/car/", "routability"}, {"/v1/directions/driving/", "routability"},
		{"/route/v1/foot/", "duration"}, {"/v1/directions/walking/", "duration"},
	} {
		status, body := routeGet(t, tt.path+coords)
		if status != 200 {
			t.Fatalf("GET %s = %d %v", tt.path, status, body)
		}
		if got := body["routes"].([]any)[0].(map[string]any)["weight_name"]; got != tt.want {
			t.Errorf("GET %s: weight_name %v, want %s", tt.path, got, tt.want)
		}
	}
}
