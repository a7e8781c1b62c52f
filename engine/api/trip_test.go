package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"
)

// Stops in and around Vaduz and Schaan (LI pack).
var tripStops = []string{"9.5209,47.1410", "9.5090,47.1650", "9.5300,47.1250", "9.5150,47.1550", "9.5400,47.1500"}

type tripJSON struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Waypoints []struct {
		Location      [2]float64 `json:"location"`
		Name          string     `json:"name"`
		Hint          string     `json:"hint"`
		Distance      float64    `json:"distance"`
		WaypointIndex int        `json:"waypoint_index"`
		TripsIndex    int        `json:"trips_index"`
	} `json:"waypoints"`
	Trips []struct {
		Distance   float64         `json:"distance"`
		Duration   float64         `json:"duration"`
		WeightName string          `json:"weight_name"`
		Geometry   json.RawMessage `json:"geometry"`
		Legs       []struct {
			Duration float64           `json:"duration"`
			Steps    []json.RawMessage `json:"steps"`
		} `json:"legs"`
	} `json:"trips"`
}

func TestTripEndpoint(t *testing.T) {
	s := liAPI(t)
	coords := strings.Join(tripStops, ";")
	many := strings.Repeat("9.52,47.14;", 25) + "9.52,47.14"
	tests := []struct {
		name       string
		path       string
		query      string
		wantStatus int
		wantCode   string
		legs       int
		first      int // waypoint_index of the first coordinate; -1: any
		last       int // waypoint_index of the last coordinate; -1: any
	}{
		{"default roundtrip", "/v1/optimize/driving/" + coords, "", 200, "Ok", 5, 0, -1},
		{"bare path", "/optimize/driving/" + coords, "", 200, "Ok", 5, 0, -1},
		{"osrm path", "/trip/v1/car/" + coords, "", 200, "Ok", 5, 0, -1},
		{"fixed ends", "/v1/optimize/driving/" + coords, "roundtrip=false&source=first&destination=last", 200, "Ok", 4, 0, 4},
		// As OSRM: a roundtrip with only destination=last starts (and ends) there.
		{"roundtrip fixed last", "/v1/optimize/driving/" + coords, "destination=last", 200, "Ok", 5, -1, 0},
		{"roundtrip fixed first", "/v1/optimize/driving/" + coords, "source=first&steps=true&geometries=geojson&overview=full&annotations=true", 200, "Ok", 5, 0, -1},
		{"walking", "/v1/optimize/walking/" + coords, "", 200, "Ok", 5, 0, -1},
		{"two stops", "/v1/optimize/driving/" + strings.Join(tripStops[:2], ";"), "", 200, "Ok", 2, 0, -1},
		{"oneway any", "/v1/optimize/driving/" + coords, "roundtrip=false", 400, "NotImplemented", 0, -1, -1},
		// Supported by OSRM since v5.27: the end, or the start, is free.
		{"oneway first only", "/v1/optimize/driving/" + coords, "roundtrip=false&source=first", 200, "Ok", 4, 0, -1},
		{"oneway first only, osrm path", "/trip/v1/car/" + coords, "roundtrip=false&source=first&destination=any", 200, "Ok", 4, 0, -1},
		{"oneway last only", "/v1/optimize/driving/" + coords, "roundtrip=false&destination=last", 200, "Ok", 4, -1, 4},
		{"oneway any, osrm path", "/trip/v1/car/" + coords, "roundtrip=false&source=any&destination=any", 400, "NotImplemented", 0, -1, -1},
		{"bad source", "/v1/optimize/driving/" + coords, "source=middle", 400, "InvalidQuery", 0, -1, -1},
		{"bad destination", "/v1/optimize/driving/" + coords, "destination=first", 400, "InvalidQuery", 0, -1, -1},
		{"bad roundtrip", "/v1/optimize/driving/" + coords, "roundtrip=1", 400, "InvalidQuery", 0, -1, -1},
		{"directions-only param", "/v1/optimize/driving/" + coords, "alternatives=true", 400, "InvalidQuery", 0, -1, -1},
		{"bad geometries", "/v1/optimize/driving/" + coords, "geometries=wkt", 400, "InvalidQuery", 0, -1, -1},
		{"one coordinate", "/v1/optimize/driving/9.52,47.14", "", 400, "InvalidOptions", 0, -1, -1},
		{"too many", "/v1/optimize/driving/" + many, "", 400, "TooBig", 0, -1, -1},
		{"bad profile", "/v1/optimize/flying/" + coords, "", 400, "InvalidUrl", 0, -1, -1},
		{"bad coordinates", "/v1/optimize/driving/9.52;47.14", "", 400, "InvalidUrl", 0, -1, -1},
		{"radius too small", "/v1/optimize/driving/9.5209,47.1410;0.1,0.1", "radiuses=5%3B5", 400, "NoSegment", 0, -1, -1},
		// Vaduz and Prattville (Alabama) are in one pack but not connected.
		{"not connected", "/v1/optimize/driving/9.5209,47.1410;9.5090,47.1650;-86.4597,32.4640", "", 400, "NoTrips", 0, -1, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			status, body := get(t, s, tc.path, q)
			if status != tc.wantStatus {
				t.Fatalf("GET %s?%s = %d, want %d: %s", tc.path, tc.query, status, tc.wantStatus, body)
			}
			var res tripJSON
			if err := json.Unmarshal(body, &res); err != nil {
				t.Fatalf("decode: %v: %s", err, body)
			}
			if res.Code != tc.wantCode {
				t.Fatalf("code = %q (%s), want %q", res.Code, res.Message, tc.wantCode)
			}
			if status != 200 {
				if res.Message == "" {
					t.Errorf("error without message: %s", body)
				}
				return
			}
			checkTrip(t, res, tc.legs, tc.first, tc.last)
			if want := weightNameOf(tc.path); res.Trips[0].WeightName != want {
				t.Errorf("weight_name %q, want %q", res.Trips[0].WeightName, want)
			}
		})
	}
}

// checkTrip verifies the optimize response's structure.
func checkTrip(t *testing.T, res tripJSON, legs int, first, last int) {
	t.Helper()
	if len(res.Trips) != 1 {
		t.Fatalf("%d trips, want 1", len(res.Trips))
	}
	tr := res.Trips[0]
	if len(tr.Legs) != legs {
		t.Errorf("%d legs, want %d", len(tr.Legs), legs)
	}
	if tr.Duration <= 0 || tr.Distance <= 0 {
		t.Errorf("trip weight_name %q duration %v distance %v", tr.WeightName, tr.Duration, tr.Distance)
	}
	var sum float64
	for _, l := range tr.Legs {
		sum += l.Duration
	}
	if d := sum - tr.Duration; d > 0.5 || d < -0.5 {
		t.Errorf("legs sum to %.1f s, trip duration %.1f s", sum, tr.Duration)
	}
	idx := make([]int, len(res.Waypoints))
	for i, w := range res.Waypoints {
		idx[i] = w.WaypointIndex
		if w.TripsIndex != 0 {
			t.Errorf("waypoint %d trips_index %d, want 0", i, w.TripsIndex)
		}
		if w.Hint == "" {
			t.Errorf("waypoint %d without hint", i)
		}
	}
	sorted := append([]int(nil), idx...)
	sort.Ints(sorted)
	for i, v := range sorted {
		if v != i {
			t.Fatalf("waypoint_index values %v are not a permutation", idx)
		}
	}
	n := len(res.Waypoints)
	if first >= 0 && res.Waypoints[0].WaypointIndex != first {
		t.Errorf("first coordinate visited at %d, want %d", res.Waypoints[0].WaypointIndex, first)
	}
	if last >= 0 && res.Waypoints[n-1].WaypointIndex != last {
		t.Errorf("last coordinate visited at %d, want %d", res.Waypoints[n-1].WaypointIndex, last)
	}
}

func TestTripOutputOptions(t *testing.T) {
	s := liAPI(t)
	coords := strings.Join(tripStops, ";")
	tests := []struct {
		query string
		check func(t *testing.T, res tripJSON, raw string)
	}{
		{"geometries=geojson", func(t *testing.T, res tripJSON, raw string) {
			if !strings.HasPrefix(string(res.Trips[0].Geometry), `{"`) {
				t.Errorf("geometry %s is not GeoJSON", res.Trips[0].Geometry)
			}
		}},
		{"overview=false", func(t *testing.T, res tripJSON, raw string) {
			if len(res.Trips[0].Geometry) != 0 {
				t.Errorf("overview=false still has geometry %s", res.Trips[0].Geometry)
			}
		}},
		{"steps=true", func(t *testing.T, res tripJSON, raw string) {
			for i, l := range res.Trips[0].Legs {
				if len(l.Steps) < 2 {
					t.Errorf("leg %d has %d steps, want depart and arrive at least", i, len(l.Steps))
				}
			}
		}},
		{"annotations=duration", func(t *testing.T, res tripJSON, raw string) {
			if !strings.Contains(raw, `"annotation":{"duration"`) {
				t.Errorf("no duration annotation in %.200s", raw)
			}
		}},
		{"skip_waypoints=true", func(t *testing.T, res tripJSON, raw string) {
			if len(res.Waypoints) != 0 {
				t.Errorf("skip_waypoints=true still returns %d waypoints", len(res.Waypoints))
			}
		}},
		{"generate_hints=false", func(t *testing.T, res tripJSON, raw string) {
			if strings.Contains(raw, `"hint"`) {
				t.Errorf("generate_hints=false still returns hints")
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			q, _ := url.ParseQuery(tc.query)
			status, body := get(t, s, "/v1/optimize/driving/"+coords, q)
			if status != 200 {
				t.Fatalf("status %d: %s", status, body)
			}
			var res tripJSON
			if err := json.Unmarshal(body, &res); err != nil {
				t.Fatal(err)
			}
			tc.check(t, res, string(body))
		})
	}
}

// TestTripVisitsInOrder checks that the legs follow waypoint_index: leg k
// starts where the waypoint with waypoint_index k lies.
func TestTripVisitsInOrder(t *testing.T) {
	s := liAPI(t)
	coords := strings.Join(tripStops, ";")
	status, body := get(t, s, "/v1/optimize/driving/"+coords, url.Values{"geometries": {"geojson"}, "steps": {"true"}})
	if status != 200 {
		t.Fatalf("status %d: %s", status, body)
	}
	var res struct {
		Waypoints []struct {
			Location      [2]float64 `json:"location"`
			WaypointIndex int        `json:"waypoint_index"`
		} `json:"waypoints"`
		Trips []struct {
			Legs []struct {
				Steps []struct {
					Maneuver struct {
						Location [2]float64 `json:"location"`
						Type     string     `json:"type"`
					} `json:"maneuver"`
				} `json:"steps"`
			} `json:"legs"`
		} `json:"trips"`
	}
	if err := json.Unmarshal(body, &res); err != nil {
		t.Fatal(err)
	}
	byPos := map[int][2]float64{}
	for _, w := range res.Waypoints {
		byPos[w.WaypointIndex] = w.Location
	}
	for k, l := range res.Trips[0].Legs {
		dep := l.Steps[0].Maneuver
		if dep.Type != "depart" {
			t.Fatalf("leg %d starts with %q", k, dep.Type)
		}
		want := byPos[k]
		if fmt.Sprintf("%.5f,%.5f", dep.Location[0], dep.Location[1]) != fmt.Sprintf("%.5f,%.5f", want[0], want[1]) {
			t.Errorf("leg %d departs at %v, want waypoint with waypoint_index %d at %v", k, dep.Location, k, want)
		}
	}
}

// weightNameOf is the weight_name of a routing path's profile, as OSRM's
// profiles name it (car.lua "routability", foot.lua "duration").
func weightNameOf(path string) string {
	if strings.Contains(path, "/walking/") || strings.Contains(path, "/foot/") {
		return "duration"
	}
	return "routability"
}
