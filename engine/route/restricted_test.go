package route

import (
	"context"
	"math"
	"testing"

	"github.com/paulmach/orb"
)

// restrictedNetwork is a main road a-b-c-d (east, ~100 m a cell) whose
// middle b-c is destination-only, and a bypass b-e-f-c north of it
// (~300 m, against ~100 m): through traffic goes round, traffic to or from b-c uses it.
//
//	e---f
//	|   |
//	a---b===c---d
func restrictedNetwork() *Network {
	pt := func(x, y float64) orb.Point { return orb.Point{9.5 + x*0.0013, 47.1 + y*0.0009} }
	way := func(id int64, nodes []int64, pts ...orb.Point) testWay {
		return testWay{NetWay{ID: id, Forward: 50, Backward: 50, Class: ClassResidential}, nodes, pts, ""}
	}
	a, b, c, d, e, f := pt(0, 0), pt(1, 0), pt(2, 0), pt(3, 0), pt(1, 1), pt(2, 1)
	bc := way(2, []int64{2, 3}, b, c)
	bc.RestrictedForward, bc.RestrictedBackward = true, true
	return networkOf(&Network{Profile: Driving},
		way(1, []int64{1, 2}, a, b), bc, way(3, []int64{3, 4}, c, d), way(4, []int64{2, 5, 6, 3}, b, e, f, c),
	)
}

// TestRestrictedRoads: a route passes a destination-only road only to go
// there or leave it, and every duration it reports (route, steps, table)
// is the true one, without the penalty that keeps through traffic out.
func TestRestrictedRoads(t *testing.T) {
	g, _, err := Build(context.Background(), restrictedNetwork(), nil)
	if err != nil {
		t.Fatal(err)
	}
	at := func(x float64) Snap {
		s, err := g.Snap(orb.Point{9.5 + x*0.0013, 47.1}, SnapOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s[0]
	}
	tests := []struct {
		name       string
		from, to   float64 // cells east of a, on the main road
		minM, maxM float64 // the route's length, meters
	}{
		{"through traffic goes round", 0.5, 2.5, 350, 450},
		{"to the destination-only road", 0.5, 1.5, 90, 110},
		{"from the destination-only road", 1.5, 2.5, 90, 110},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, d := at(tt.from), at(tt.to)
			routes, err := g.Route(context.Background(), []Snap{s, d}, RouteOptions{Output: Output{Steps: true}})
			if err != nil {
				t.Fatal(err)
			}
			r := routes[0]
			if r.Distance < tt.minM || r.Distance > tt.maxM {
				t.Errorf("distance = %.1f m, want in [%.0f, %.0f]", r.Distance, tt.minM, tt.maxM)
			}
			// 50 km/h and a few seconds of turns: no penalty in the duration
			if want := r.Distance / (50 / 3.6); r.Duration < want || r.Duration > want+30 || r.Weight != r.Duration {
				t.Errorf("duration %.1f s, weight %.1f, want %.1f s plus turns, weight = duration", r.Duration, r.Weight, want)
			}
			steps := 0.0
			for _, st := range r.Legs[0].Steps {
				steps += st.Duration
			}
			if math.Abs(steps-r.Duration) > 0.01 {
				t.Errorf("steps' durations sum to %.1f s, route %.1f s", steps, r.Duration)
			}
			tab, err := g.Table(context.Background(), []Snap{s}, []Snap{d}, TableOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := tab.Durations[0][0]; math.Abs(got-r.Duration) > 0.05 {
				t.Errorf("table duration %.1f s, route %.1f s", got, r.Duration)
			}
		})
	}
}

// TestNoEndsSnap: a route neither starts nor ends on a way marked NoEnds (a
// private service road) however near, unless any road will do
// (AnyComponent, OSRM's snapping=any).
func TestNoEndsSnap(t *testing.T) {
	net := restrictedNetwork()
	net.Ways[1].NoEnds = true // b-c
	g, _, err := Build(context.Background(), net, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := orb.Point{9.5 + 1.5*0.0013, 47.1 + 0.0001} // 11 m north of b-c, ~50 m from the rest
	for _, tt := range []struct {
		name   string
		any    bool
		wantBC bool
	}{
		{"routing snaps past it", false, false},
		{"snapping=any takes it", true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := g.Snap(p, SnapOptions{AnyComponent: tt.any})
			if err != nil {
				t.Fatal(err)
			}
			e := s[0].Edge
			onBC := g.nodes[g.eGeom[e]] == 2 && g.nodes[g.eGeom[e+1]-1] == 3 && g.eGeom[e+1]-g.eGeom[e] == 2
			if onBC != tt.wantBC {
				t.Errorf("snapped onto b-c: %v, want %v (%.1f m away)", onBC, tt.wantBC, s[0].Distance)
			}
		})
	}
}
