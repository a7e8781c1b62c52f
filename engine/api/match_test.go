package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geo"

	"waymark/engine"
	"waymark/engine/api"
	"waymark/engine/route"
)

// matchTrace returns n fixes every ~step meters along a driving route
// through Vaduz, shifted 6 m east (GPS-like offset), and their timestamps
// 10 s apart, as URL path and query values.
func matchTrace(t *testing.T, s *api.Server, n int, step float64) (coords string, ts []string) {
	t.Helper()
	res, err := s.Engine().Directions(context.Background(), engine.DirectionsRequest{
		SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: []orb.Point{{9.5090, 47.1650}, {9.5300, 47.1250}}},
		Options:     route.RouteOptions{Output: route.Output{Overview: route.OverviewFull}},
	})
	if err != nil {
		t.Fatal(err)
	}
	line := res.Routes[0].Points
	var pts []orb.Point
	next := 0.0
	acc := 0.0
	for i := 1; i < len(line) && len(pts) < n; i++ {
		seg := geo.Distance(line[i-1], line[i])
		for next <= acc+seg && len(pts) < n {
			f := (next - acc) / seg
			p := orb.Point{line[i-1][0] + f*(line[i][0]-line[i-1][0]), line[i-1][1] + f*(line[i][1]-line[i-1][1])}
			p[0] += 6 / (111319.49 * math.Cos(p[1]*math.Pi/180))
			pts = append(pts, p)
			next += step
		}
		acc += seg
	}
	if len(pts) < n {
		t.Fatalf("route too short for %d fixes", n)
	}
	parts := make([]string, n)
	ts = make([]string, n)
	for i, p := range pts {
		parts[i] = fmt.Sprintf("%.6f,%.6f", p[0], p[1])
		ts[i] = fmt.Sprint(1_700_000_000 + 10*i)
	}
	return strings.Join(parts, ";"), ts
}

type matchJSON struct {
	Code        string `json:"code"`
	Message     string `json:"message"`
	Tracepoints []*struct {
		Location          [2]float64 `json:"location"`
		Name              string     `json:"name"`
		Hint              string     `json:"hint"`
		Distance          float64    `json:"distance"`
		WaypointIndex     *int       `json:"waypoint_index"`
		MatchingsIndex    int        `json:"matchings_index"`
		AlternativesCount int        `json:"alternatives_count"`
	} `json:"tracepoints"`
	Matchings []struct {
		Confidence float64         `json:"confidence"`
		Distance   float64         `json:"distance"`
		Duration   float64         `json:"duration"`
		Weight     float64         `json:"weight"`
		WeightName string          `json:"weight_name"`
		Geometry   json.RawMessage `json:"geometry"`
		Legs       []struct {
			Distance float64           `json:"distance"`
			Steps    []json.RawMessage `json:"steps"`
		} `json:"legs"`
	} `json:"matchings"`
}

func TestMatchEndpoint(t *testing.T) {
	s := liAPI(t)
	const n = 12
	coords, ts := matchTrace(t, s, n, 120)
	tsq := strings.Join(ts, ";")
	rev := append([]string(nil), ts...)
	rev[3], rev[4] = rev[4], rev[3]
	gap := append([]string(nil), ts...)
	for i := 6; i < n; i++ {
		gap[i] = fmt.Sprint(1_700_000_000 + 10*i + 600)
	}
	many := strings.Repeat("9.52,47.14;", 25) + "9.52,47.14"
	tests := []struct {
		name       string
		path       string
		query      url.Values
		wantStatus int
		wantCode   string
		matchings  int
		legs       int // legs of matching 0 (0: one per matched pair)
	}{
		{"plain", "/v1/matching/driving/" + coords, url.Values{}, 200, "Ok", 1, 0},
		{"bare path", "/matching/driving/" + coords, url.Values{}, 200, "Ok", 1, 0},
		{"osrm path", "/match/v1/car/" + coords, url.Values{}, 200, "Ok", 1, 0},
		{"timestamps", "/v1/matching/driving/" + coords, url.Values{"timestamps": {tsq}}, 200, "Ok", 1, 0},
		{"radiuses", "/v1/matching/driving/" + coords, url.Values{"radiuses": {strings.Repeat("10;", n-1) + "unlimited"}}, 200, "Ok", 1, 0},
		{"waypoints", "/v1/matching/driving/" + coords, url.Values{"waypoints": {fmt.Sprintf("0;5;%d", n-1)}}, 200, "Ok", 1, 2},
		{"gap split", "/v1/matching/driving/" + coords, url.Values{"timestamps": {strings.Join(gap, ";")}}, 200, "Ok", 2, 0},
		{"gap ignore", "/v1/matching/driving/" + coords, url.Values{"timestamps": {strings.Join(gap, ";")}, "gaps": {"ignore"}}, 200, "Ok", 1, 0},
		{"tidy reorders", "/v1/matching/driving/" + coords, url.Values{"timestamps": {strings.Join(rev, ";")}, "tidy": {"true"}}, 200, "Ok", 1, 0},
		{"output options", "/v1/matching/walking/" + coords, url.Values{"steps": {"true"}, "annotations": {"distance,speed"}, "geometries": {"polyline6"}, "overview": {"full"}}, 200, "Ok", 1, 0},
		{"not monotonic", "/v1/matching/driving/" + coords, url.Values{"timestamps": {strings.Join(rev, ";")}}, 400, "InvalidValue", 0, 0},
		{"timestamps count", "/v1/matching/driving/" + coords, url.Values{"timestamps": {"1;2"}}, 400, "InvalidOptions", 0, 0},
		{"timestamps malformed", "/v1/matching/driving/" + coords, url.Values{"timestamps": {strings.Repeat("x;", n-1) + "1"}}, 400, "InvalidQuery", 0, 0},
		{"bad gaps", "/v1/matching/driving/" + coords, url.Values{"gaps": {"sometimes"}}, 400, "InvalidQuery", 0, 0},
		{"bad tidy", "/v1/matching/driving/" + coords, url.Values{"tidy": {"yes"}}, 400, "InvalidQuery", 0, 0},
		{"waypoints without last", "/v1/matching/driving/" + coords, url.Values{"waypoints": {"0;5"}}, 400, "InvalidValue", 0, 0},
		{"waypoints out of range", "/v1/matching/driving/" + coords, url.Values{"waypoints": {"0;99"}}, 400, "InvalidOptions", 0, 0},
		{"bad radius", "/v1/matching/driving/" + coords, url.Values{"radiuses": {strings.Repeat("-3;", n-1) + "5"}}, 400, "InvalidOptions", 0, 0},
		// A radius of the whole pack made every road a candidate (14 s of CPU).
		{"huge radius", "/v1/matching/driving/" + coords, url.Values{"radiuses": {strings.Repeat("1e308;", n-1) + "5"}}, 400, "TooBig", 0, 0},
		{"largest radius", "/v1/matching/driving/" + coords, url.Values{"radiuses": {strings.Repeat("10;", n-1) + "100"}}, 200, "Ok", 1, 0},
		{"curb", "/v1/matching/driving/" + coords, url.Values{"approaches": {strings.Repeat("curb;", n-1) + "curb"}}, 400, "InvalidOptions", 0, 0},
		{"optimize-only param", "/v1/matching/driving/" + coords, url.Values{"roundtrip": {"true"}}, 400, "InvalidQuery", 0, 0},
		{"one coordinate", "/v1/matching/driving/9.52,47.14", url.Values{}, 400, "InvalidOptions", 0, 0},
		{"too many", "/v1/matching/driving/" + many, url.Values{}, 400, "TooBig", 0, 0},
		{"off road", "/v1/matching/driving/0.1,0.1;0.1001,0.1001", url.Values{}, 400, "NoSegment", 0, 0},
		// Each fix alone in its own region: no sub-trace of two points.
		{"no match", "/v1/matching/driving/9.5209,47.1410;-86.4597,32.4640", url.Values{"radiuses": {"30;30"}}, 400, "NoMatch", 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := get(t, s, tc.path, tc.query)
			if status != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", status, tc.wantStatus, body)
			}
			var res matchJSON
			if err := json.Unmarshal(body, &res); err != nil {
				t.Fatalf("decode: %v: %s", err, body)
			}
			if res.Code != tc.wantCode {
				t.Fatalf("code %q (%s), want %q", res.Code, res.Message, tc.wantCode)
			}
			if status != 200 {
				return
			}
			checkMatch(t, res, strings.Count(tc.path[strings.LastIndex(tc.path, "/")+1:], ";")+1, tc.matchings, tc.legs)
			for k, m := range res.Matchings {
				if want := weightNameOf(tc.path); m.WeightName != want {
					t.Errorf("matching %d weight_name %q, want %q", k, m.WeightName, want)
				}
			}
		})
	}
}

// checkMatch verifies the matching response's structure.
func checkMatch(t *testing.T, res matchJSON, n, matchings, legs int) {
	t.Helper()
	if len(res.Tracepoints) != n {
		t.Fatalf("%d tracepoints, want %d", len(res.Tracepoints), n)
	}
	if len(res.Matchings) != matchings {
		t.Fatalf("%d matchings, want %d", len(res.Matchings), matchings)
	}
	perMatching := make([]int, len(res.Matchings))
	matched := 0
	for i, tp := range res.Tracepoints {
		if tp == nil {
			continue
		}
		matched++
		if tp.MatchingsIndex < 0 || tp.MatchingsIndex >= len(res.Matchings) {
			t.Fatalf("tracepoint %d matchings_index %d out of range", i, tp.MatchingsIndex)
		}
		if tp.WaypointIndex != nil {
			if *tp.WaypointIndex != perMatching[tp.MatchingsIndex] {
				t.Errorf("tracepoint %d waypoint_index %d, want %d", i, *tp.WaypointIndex, perMatching[tp.MatchingsIndex])
			}
			perMatching[tp.MatchingsIndex]++
		}
		if tp.Distance < 0 || tp.Distance > 50 || tp.AlternativesCount < 0 {
			t.Errorf("tracepoint %d distance %v alternatives %d", i, tp.Distance, tp.AlternativesCount)
		}
	}
	if matched < n*3/4 {
		t.Errorf("only %d of %d fixes matched", matched, n)
	}
	for k, m := range res.Matchings {
		if m.Confidence < 0 || m.Confidence > 1 {
			t.Errorf("matching %d confidence %v", k, m.Confidence)
		}
		if m.Distance <= 0 {
			t.Errorf("matching %d weight_name %q distance %v", k, m.WeightName, m.Distance)
		}
		want := perMatching[k] - 1
		if k == 0 && legs > 0 {
			want = legs
		}
		if len(m.Legs) != want {
			t.Errorf("matching %d has %d legs, want %d", k, len(m.Legs), want)
		}
	}
}

// FuzzMatchQuery sends arbitrary query strings to the matching and optimize
// endpoints: the answer is always 200 or an OSRM-style 400, never a panic
// or 500. Seeds are the table cases' queries.
func FuzzMatchQuery(f *testing.F) {
	for _, q := range []string{
		"", "timestamps=1;2;3", "gaps=ignore&tidy=true", "waypoints=0;2", "radiuses=5;unlimited;0",
		"bearings=0,90;;180,20", "steps=true&annotations=distance,speed&geometries=geojson&overview=full",
		"roundtrip=false&source=first&destination=last", "source=any&destination=last", "hints=;;",
		"timestamps=3;2;1&tidy=true", "radiuses=-1;2;3", "waypoints=0;0;2", "gaps=", "tidy=1",
	} {
		f.Add(q)
	}
	coords := "9.5209,47.1410;9.5215,47.1420;9.5230,47.1432"
	f.Fuzz(func(t *testing.T, raw string) {
		s := liAPI(t)
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		for _, path := range []string{"/v1/matching/driving/" + coords, "/v1/optimize/driving/" + coords} {
			status, body := get(t, s, path, q)
			if status != 200 && status != 400 {
				t.Fatalf("GET %s?%s = %d: %s", path, raw, status, body)
			}
			var res struct{ Code, Message string }
			if err := json.Unmarshal(body, &res); err != nil || res.Code == "" {
				t.Fatalf("GET %s?%s: body %s is not an OSRM answer", path, raw, body)
			}
			if status == 400 && res.Message == "" {
				t.Fatalf("GET %s?%s: 400 without message", path, raw)
			}
		}
	})
}
