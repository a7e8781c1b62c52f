package tourmodel

import (
	"context"
	"errors"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/testpacks"
)

var (
	vaduz   = orb.Point{9.5209, 47.1410}
	schaan  = orb.Point{9.5096, 47.1652}
	balzers = orb.Point{9.4965, 47.0664}
	monaco  = orb.Point{7.4246, 43.7384}
	// Zürich is outside the LI extract and its margin.
	zurich = orb.Point{8.5417, 47.3769}
	// The LI extract holds a few stray roads in Alabama (a mapping
	// accident): stops there snap, but no road joins them to Vaduz.
	alabama = orb.Point{-86.879813, 32.34277} // Dallas County 462
)

func openEngine(t *testing.T, packs ...string) *engine.Engine {
	t.Helper()
	var paths []string
	for _, p := range packs {
		paths = append(paths, testpacks.Path(t, p))
	}
	eng, err := engine.Open(paths...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

func tourAt(pts ...orb.Point) Tour {
	t := Tour{}
	for i, p := range pts {
		t.Stops = append(t.Stops, Stop{Name: string(rune('A' + i)), Point: p})
	}
	return t
}

func TestRouteHonestTotals(t *testing.T) {
	li := openEngine(t, "liechtenstein")
	mc := openEngine(t, "monaco")
	opts := engine.TourOptions(route.Output{Overview: route.OverviewFull})
	tests := []struct {
		name         string
		eng          *engine.Engine
		tour         Tour
		wantRoute    bool
		wantProblems map[int]string
		wantErr      error
	}{
		{"routable", li, tourAt(vaduz, schaan, balzers), true, nil, nil},
		{"one stop abroad", li, tourAt(vaduz, zurich, balzers), false, map[int]string{1: ReasonOutside}, ErrStops},
		// the "0 m · 0 s": the LI tour with only Monaco open (its
		// region deleted) snapped every stop to one Monaco road
		{"region deleted", mc, tourAt(vaduz, schaan), false, map[int]string{0: ReasonOutside, 1: ReasonOutside}, ErrStops},
		{"no region open", nil, tourAt(vaduz, schaan), false, map[int]string{0: ReasonOutside, 1: ReasonOutside}, ErrNoRegion},
		{"one stop, nothing to route", li, tourAt(vaduz), false, nil, nil},
		{"one stop cut off", li, tourAt(vaduz, alabama, schaan), false, map[int]string{1: ReasonUnconnected}, route.ErrNoRoute},
		{"one stop abroad alone", li, tourAt(monaco), false, map[int]string{0: ReasonOutside}, ErrStops},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Route(context.Background(), tt.eng, Request{Revision: 7, Tour: tt.tour}, opts)
			if res.Revision != 7 {
				t.Errorf("Revision = %d, want 7", res.Revision)
			}
			if res.Routed() != tt.wantRoute {
				t.Fatalf("routed = %v (%v), want %v", res.Routed(), res.Err, tt.wantRoute)
			}
			if res.Routed() && res.Routes[0].Distance < 1000 {
				t.Errorf("route of %.0f m, want kilometres", res.Routes[0].Distance)
			}
			if !errors.Is(res.Err, tt.wantErr) {
				t.Errorf("Err = %v, want %v", res.Err, tt.wantErr)
			}
			if len(res.Problems) != len(tt.wantProblems) {
				t.Fatalf("Problems = %+v, want %v", res.Problems, tt.wantProblems)
			}
			for i, want := range tt.wantProblems {
				if got := res.Problem(i); got != want {
					t.Errorf("Problem(%d) = %q, want %q", i, got, want)
				}
			}
		})
	}
}

func TestFitHoldsStopsAndRoute(t *testing.T) {
	li := openEngine(t, "liechtenstein")
	tour := tourAt(vaduz, balzers)
	res := Route(context.Background(), li, Request{Tour: tour}, engine.TourOptions(route.Output{Overview: route.OverviewFull}))
	if !res.Routed() {
		t.Fatal(res.Err)
	}
	b, ok := Fit(tour, res.Routes[0].Points)
	if !ok {
		t.Fatal("no bound for a tour with stops")
	}
	for _, p := range append(res.Routes[0].Points, vaduz, balzers) {
		if !b.Contains(p) {
			t.Fatalf("Fit %v leaves out %v", b, p)
		}
	}
	if _, ok := Fit(Tour{}, nil); ok {
		t.Error("Fit of an empty tour is ok")
	}
}

// Andorra's east end (Pas de la Casa side) is reached by car in the
// extract only through the Envalira toll tunnel.
var (
	andorraVella = orb.Point{1.5218, 42.5063}
	encamp       = orb.Point{1.5800, 42.5360}
	envaliraEast = orb.Point{1.7398, 42.5518}
)

// TestRouteSaysWhichLegAvoids: a tour avoiding toll roads whose last leg
// has a route only through the toll tunnel has no route, and its result
// names that leg; without the exclusion (or with a class the leg does not
// need) it is routed.
func TestRouteSaysWhichLegAvoids(t *testing.T) {
	eng := openEngine(t, "andorra")
	opts := engine.TourOptions(route.Output{Overview: route.OverviewFull})
	tour := tourAt(andorraVella, encamp, envaliraEast)
	for _, tt := range []struct {
		exclude route.Exclude
		profile route.Profile
		want    *Avoided
	}{
		{0, route.Driving, nil},
		{route.ExcludeMotorway | route.ExcludeFerry, route.Driving, nil},
		{route.ExcludeToll, route.Driving, &Avoided{From: 1, To: 2, Avoids: route.ExcludeToll}},
		{route.ExcludeToll | route.ExcludeFerry, route.Driving, &Avoided{From: 1, To: 2, Avoids: route.ExcludeToll | route.ExcludeFerry}},
	} {
		tr := tour.Clone()
		tr.Exclude, tr.Profile = tt.exclude, tt.profile
		res := Route(context.Background(), eng, Request{Revision: 1, Tour: tr}, opts)
		if tt.want == nil {
			if !res.Routed() || res.Avoided != nil {
				t.Errorf("exclude=%s: routed %v, avoided %+v, err %v; want a route", tt.exclude, res.Routed(), res.Avoided, res.Err)
			}
			continue
		}
		if res.Routed() || res.Avoided == nil || *res.Avoided != *tt.want || !errors.Is(res.Err, route.ErrNoRoute) || len(res.Problems) > 0 {
			t.Errorf("exclude=%s: routed %v, avoided %+v (want %+v), problems %v, err %v", tt.exclude, res.Routed(), res.Avoided, tt.want, res.Problems, res.Err)
		}
	}
	// The first leg is named as well.
	back := tourAt(envaliraEast, andorraVella)
	back.Exclude = route.ExcludeToll
	if res := Route(context.Background(), eng, Request{Revision: 1, Tour: back}, opts); res.Avoided == nil || *res.Avoided != (Avoided{From: 0, To: 1, Avoids: route.ExcludeToll}) {
		t.Errorf("east to Andorra la Vella avoiding tolls: avoided %+v, err %v", res.Avoided, res.Err)
	}
}
