package api_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"waymark/engine/api"
	"waymark/internal/rusage"
)

// limitsServer serves the LI engine with the given limits.
func limitsServer(t *testing.T, lim api.Limits) *api.Server {
	t.Helper()
	s, err := api.New(liAPI(t).Engine(), api.Config{Tokens: []api.Token{{Key: testKey}}, Hosts: []string{"example.com"}, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func osrmGet(t *testing.T, s *api.Server, path string) (int, string) {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", path+sep+"key="+testKey, nil))
	var res struct{ Code string }
	json.Unmarshal(rec.Body.Bytes(), &res)
	return rec.Code, res.Code
}

// TestLimitsPerDialect: /v1 has the spec's limits and OSRM's paths
// osrm-routed's defaults; configured limits apply to both, with TooBig
// past them and success below.
func TestLimitsPerDialect(t *testing.T) {
	def := limitsServer(t, api.Limits{})
	custom := limitsServer(t, api.Limits{Table: 30, ViaRoute: 40, Trip: 12, Matching: 50, Alternatives: 1})
	tests := []struct {
		name string
		s    *api.Server
		path string
		want string
	}{
		{"v1 matrix 26 (spec: 25)", def, "/v1/matrix/driving/" + liCoords(1, 26), "TooBig"},
		{"osrm table 26 (osrm: 100)", def, "/table/v1/car/" + liCoords(1, 26), "Ok"},
		{"osrm table 101", def, "/table/v1/car/" + liCoords(1, 101), "TooBig"},
		{"v1 directions 26", def, "/v1/directions/driving/" + liCoords(2, 26), "TooBig"},
		{"osrm route 100 (osrm: 500)", def, "/route/v1/car/" + liCoords(2, 100), "Ok"},
		{"osrm trip 30 (osrm: 100)", def, "/trip/v1/car/" + liCoords(3, 30), "Ok"},
		{"osrm trip 100, open with a free end", def, "/trip/v1/car/" + liCoords(3, 100) + "?roundtrip=false&source=first", "Ok"},
		{"osrm trip 101", def, "/trip/v1/car/" + liCoords(3, 101), "TooBig"},
		{"v1 optimize 26 (spec: 25)", def, "/v1/optimize/driving/" + liCoords(3, 26), "TooBig"},
		{"v1 alternatives 4 (3)", def, "/v1/directions/driving/" + liCoords(4, 2) + "?alternatives=4", "TooBig"},
		{"configured matrix 30 on v1", custom, "/v1/matrix/driving/" + liCoords(1, 30), "Ok"},
		{"configured matrix 31 on osrm", custom, "/table/v1/car/" + liCoords(1, 31), "TooBig"},
		{"configured route 41", custom, "/route/v1/car/" + liCoords(2, 41), "TooBig"},
		{"configured trip 12", custom, "/v1/optimize/driving/" + liCoords(3, 12), "Ok"},
		{"configured trip 13", custom, "/trip/v1/car/" + liCoords(3, 13), "TooBig"},
		{"configured alternatives 2", custom, "/route/v1/car/" + liCoords(4, 2) + "?alternatives=2", "TooBig"},
		{"configured cells 30x30 with repeats past", custom, "/v1/matrix/driving/" + liCoords(5, 2) + "?sources=" + strings.TrimSuffix(strings.Repeat("0;", 31), ";") + "&destinations=" + strings.TrimSuffix(strings.Repeat("1;", 30), ";"), "TooBig"},
	}
	for _, tt := range tests {
		_, code := osrmGet(t, tt.s, tt.path)
		if code != tt.want {
			t.Errorf("%s: code %q, want %q", tt.name, code, tt.want)
		}
	}
}

// TestMatchLongTrace: with the matching limit raised, a 5,000-point GPS
// track (one fix a second along a long LI drive) is matched over the API,
// in time linear in the points (it is also timed against 1,000 points).
func TestMatchLongTrace(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("matches a long trace against a time bound (the race detector makes it ~10× slower)")
	}
	s := limitsServer(t, api.Limits{Matching: 5000})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/directions/driving/9.5005,47.0600;9.5400,47.2300?geometries=geojson&overview=full&key="+testKey, nil))
	var route struct {
		Routes []struct {
			Geometry struct{ Coordinates [][2]float64 }
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &route); err != nil || len(route.Routes) == 0 {
		t.Fatalf("directions for the trace: %v %s", err, rec.Body.String()[:min(200, rec.Body.Len())])
	}
	line := route.Routes[0].Geometry.Coordinates
	trace := func(n int) (string, string) {
		pts := resample(line, n)
		cs, ts := make([]string, n), make([]string, n)
		for i, p := range pts {
			cs[i] = fmt.Sprintf("%.6f,%.6f", p[0], p[1])
			ts[i] = fmt.Sprint(1_700_000_000 + i)
		}
		return strings.Join(cs, ";"), strings.Join(ts, ";")
	}
	// Each size's cost is the least of three runs' CPU time (the
	// process's: matching works on several goroutines; wall time where
	// it is not measured): on a loaded machine a request can wait for a
	// core longer than it works, and wall times gave 5,000 points 4–16×
	// the time of 1,000 at a load of 6–19 on 2 cores, ~5× when idle.
	took := map[int]time.Duration{}
	for _, n := range []int{1000, 5000} {
		cs, ts := trace(n)
		var rec *httptest.ResponseRecorder
		for range 3 {
			start, cpu := time.Now(), rusage.CPU()
			rec = httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/matching/driving/"+cs+"?timestamps="+ts+"&key="+testKey, nil))
			d := time.Since(start)
			if c := rusage.CPU(); cpu > 0 && c > cpu {
				d = c - cpu
			}
			if took[n] == 0 || d < took[n] {
				took[n] = d
			}
		}
		var res struct {
			Code        string
			Tracepoints []*struct{ Distance float64 }
		}
		json.Unmarshal(rec.Body.Bytes(), &res)
		matched := 0
		for _, tp := range res.Tracepoints {
			if tp != nil {
				matched++
			}
		}
		if rec.Code != 200 || res.Code != "Ok" || matched < n*95/100 {
			t.Fatalf("matching %d points = %d %s with %d matched, want Ok with ≥ 95%%", n, rec.Code, res.Code, matched)
		}
	}
	t.Logf("1,000 points in %v, 5,000 in %v (CPU, least of three)", took[1000], took[5000])
	if ratio := took[5000].Seconds() / took[1000].Seconds(); ratio > 10 {
		t.Errorf("5,000 points took %.1f× the time of 1,000, want about 5× (linear)", ratio)
	}
}

// resample returns n points evenly spaced (in degrees) along line.
func resample(line [][2]float64, n int) [][2]float64 {
	total := 0.0
	for i := 1; i < len(line); i++ {
		total += math.Hypot(line[i][0]-line[i-1][0], line[i][1]-line[i-1][1])
	}
	out := make([][2]float64, 0, n)
	step := total / float64(n-1)
	seg, acc := 1, 0.0
	for k := 0; k < n; k++ {
		want := float64(k) * step
		for seg < len(line)-1 && acc+math.Hypot(line[seg][0]-line[seg-1][0], line[seg][1]-line[seg-1][1]) < want {
			acc += math.Hypot(line[seg][0]-line[seg-1][0], line[seg][1]-line[seg-1][1])
			seg++
		}
		a, b := line[seg-1], line[seg]
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		f := 0.0
		if l > 0 {
			f = math.Min(1, (want-acc)/l)
		}
		out = append(out, [2]float64{a[0] + f*(b[0]-a[0]), a[1] + f*(b[1]-a[1])})
	}
	return out
}
