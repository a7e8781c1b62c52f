package api

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/api/gate"
	"waymark/engine/api/osrm"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

// liPoints returns n seeded random points in Liechtenstein's valley.
func liPoints(rng *rand.Rand, n int) []orb.Point {
	ps := make([]orb.Point, n)
	for i := range ps {
		ps[i] = orb.Point{9.49 + rng.Float64()*0.08, 47.06 + rng.Float64()*0.18}
	}
	return ps
}

// TestCostClasses: which requests are heavy. The light ones are what an
// interactive client asks (a route with steps and alternatives, a small
// matrix or tour); the heavy ones grow with their size.
func TestCostClasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	two, ten, p25, p500 := liPoints(rng, 2), liPoints(rng, 10), liPoints(rng, 25), liPoints(rng, 500)
	full := route.Output{Steps: true, Annotations: route.AnnotateAll, Overview: route.OverviewFull}
	tests := []struct {
		name  string
		c     gate.Cost
		heavy bool
	}{
		{"2-point route", gate.DirectionsCost(two, nil, route.RouteOptions{}, osrm.Polyline), false},
		{"2-point route, steps, annotations, full overview, 3 alternatives",
			gate.DirectionsCost(two, nil, route.RouteOptions{Output: full, Alternatives: 3}, osrm.GeoJSON), false},
		{"10-point route", gate.DirectionsCost(ten, nil, route.RouteOptions{}, osrm.Polyline), false},
		{"10-point route with steps", gate.DirectionsCost(ten, nil, route.RouteOptions{Output: route.Output{Steps: true}}, osrm.Polyline), true},
		{"25-point route without overview", gate.DirectionsCost(p25, nil, route.RouteOptions{Output: route.Output{Overview: route.OverviewFalse}}, osrm.Polyline), true},
		{"500-point route without overview", gate.DirectionsCost(p500, nil, route.RouteOptions{Output: route.Output{Overview: route.OverviewFalse}}, osrm.Polyline), true},
		{"500-point route, steps, full overview", gate.DirectionsCost(p500, nil, route.RouteOptions{Output: full}, osrm.Polyline), true},
		{"5×5 matrix", gate.TableCost(5, 5, 5, true), false},
		{"25×25 matrix", gate.TableCost(25, 25, 25, false), true},
		{"1×100 matrix", gate.TableCost(100, 1, 100, false), true},
		{"5-stop optimize", gate.TripCost(liPoints(rng, 5), route.Output{}, osrm.Polyline), false},
		{"25-stop optimize", gate.TripCost(p25, route.Output{}, osrm.Polyline), true},
		{"10-point matching", gate.MatchCost(ten, route.Output{}, osrm.Polyline), true},
		{"5-minute walking isochrone", gate.IsochroneCost(route.Walking, route.IsochroneOptions{Limits: []float64{300}}), false},
		{"2 km cycling isochrone", gate.IsochroneCost(route.Cycling, route.IsochroneOptions{Limits: []float64{2000}, ByDistance: true}), false},
		{"15-minute driving isochrone", gate.IsochroneCost(route.Driving, route.IsochroneOptions{Limits: []float64{900}}), true},
		{"60-minute cycling isochrone, 4 contours", gate.IsochroneCost(route.Cycling, route.IsochroneOptions{Limits: []float64{900, 1800, 2700, 3600}}), true},
	}
	for _, tt := range tests {
		if got := tt.c.Heavy(); got != tt.heavy {
			t.Errorf("%s: estimated %v of work, %d kB: heavy = %v, want %v", tt.name, tt.c.Work, tt.c.Bytes>>10, got, tt.heavy)
		}
	}
	if c := gate.DirectionsCost(p500, nil, route.RouteOptions{Output: full}, osrm.Polyline); c.Bytes < 16<<20 {
		t.Errorf("500-point route with everything: estimated %d MB, want the tens of MB it takes", c.Bytes>>20)
	}
}

// countingWriter is a ResponseWriter that keeps only the answer's size.
type countingWriter struct {
	h      http.Header
	status int
	n      int64
}

func (w *countingWriter) Header() http.Header         { return w.h }
func (w *countingWriter) WriteHeader(code int)        { w.status = code }
func (w *countingWriter) Write(b []byte) (int, error) { w.n += int64(len(b)); return len(b), nil }

// TestCostEstimatesFollowAnswers: on LI, the estimated answer of
// seeded random routing requests of every kind is within 4× of the real
// one (either way) wherever the answer is large enough to matter (64 kB).
func TestCostEstimatesFollowAnswers(t *testing.T) {
	eng, err := engine.Open(testpacks.Path(t, "liechtenstein"))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	s, err := newServer(eng, Config{Tokens: []Token{{Key: "k"}}, Hosts: []string{"example.com"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	const seed = 38
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	opts := []string{"steps=true", "steps=true&overview=full", "annotations=true&overview=false", "steps=true&geometries=geojson",
		"overview=full&geometries=polyline6", "steps=true&annotations=duration,distance&overview=full"}
	checked := 0
	for i := range 24 {
		svc := []string{"route", "route", "trip", "table"}[i%4]
		n := []int{10, 25, 60}[rng.IntN(3)]
		pts := liPoints(rng, n)
		q := opts[rng.IntN(len(opts))]
		if svc == "table" {
			q = "annotations=duration,distance"
		}
		coords := make([]string, n)
		for j, p := range pts {
			coords[j] = fmt.Sprintf("%.5f,%.5f", p[0], p[1])
		}
		path := fmt.Sprintf("/%s/v1/driving/%s?key=k&%s", svc, strings.Join(coords, ";"), q)
		req := httptest.NewRequest("GET", path, nil)
		p, oe := osrm.Parse(withPath(req, coords), append(append(append([]string{}, directionsParams...), tripParams...), matrixParams...), 1, 1000)
		if oe != nil {
			t.Fatal(oe)
		}
		out, g, _ := p.Output()
		var est int64
		switch svc {
		case "route":
			est = gate.DirectionsCost(pts, nil, route.RouteOptions{Output: out}, g).Bytes / gate.MemFactor
		case "trip":
			est = gate.TripCost(pts, out, g).Bytes / gate.MemFactor
		case "table":
			est = gate.TableCost(n, n, n, true).Bytes / gate.MemFactor
		}
		w := &countingWriter{h: http.Header{}}
		s.ServeHTTP(w, req)
		if w.status != http.StatusOK {
			continue // no trip through every point, say
		}
		if w.n < 64<<10 {
			continue
		}
		checked++
		if r := float64(w.n) / float64(est); r > 4 || r < 0.25 {
			t.Errorf("%s %d points %s: answer %d kB, estimated %d kB (×%.2f), want within 4× (seed %d)", svc, n, q, w.n>>10, est>>10, r, seed)
		}
	}
	t.Logf("%d answers compared", checked)
	if checked < 10 {
		t.Errorf("only %d of 24 answers were large enough to compare", checked)
	}
}

// withPath sets the path values the mux would set for a routing request.
func withPath(r *http.Request, coords []string) *http.Request {
	r.SetPathValue("profile", "driving")
	r.SetPathValue("coordinates", strings.Join(coords, ";"))
	return r
}
