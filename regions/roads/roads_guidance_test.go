package roads_test

import (
	"context"
	"errors"
	"math"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/osmfixture"
	"waymark/regions/roads"
)

// roundaboutMap: a ring 1→2→3→4→1 (counter-clockwise, right-hand
// traffic) with arms S (south), E, N and W.
const roundaboutMap = `
        N
        |
        |
        3
W - - 4   2 - - E
        1
        |
        |
        S
`

func roundabout(ringTags string) *osmfixture.Map {
	return &osmfixture.Map{Map: roundaboutMap, Ways: []osmfixture.Way{
		{Nodes: "12341", Tags: "highway=primary junction=roundabout " + ringTags},
		{Nodes: "S1", Tags: "highway=primary name=South~Road"},
		{Nodes: "2E", Tags: "highway=primary name=East~Road ref=B~2"},
		{Nodes: "3N", Tags: "highway=primary name=North~Road"},
		{Nodes: "4W", Tags: "highway=primary name=West~Road"},
	}}
}

func TestRoadsRoundaboutExits(t *testing.T) {
	tests := []struct {
		name     string
		ring     string
		to       [2]byte
		wantType string
		wantExit int
		wantName string
	}{
		{"first exit", "", [2]byte{'2', 'E'}, "roundabout", 1, "East Road"},
		{"second exit", "", [2]byte{'3', 'N'}, "roundabout", 2, "North Road"},
		{"third exit", "", [2]byte{'4', 'W'}, "roundabout", 3, "West Road"},
		{"named ring is a rotary", "name=Place~Ronde", [2]byte{'3', 'N'}, "rotary", 2, "North Road"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := roundabout(tc.ring)
			e := openFixture(t, m)
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving,
				Coordinates: []orb.Point{m.Between('S', '1', 0.5), m.Between(tc.to[0], tc.to[1], 0.5)}}}
			req.Options.Steps = true
			res, err := e.Directions(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			steps := res.Routes[0].Legs[0].Steps
			var types []string
			for _, s := range steps {
				types = append(types, s.Maneuver.Type.String())
			}
			if len(steps) != 4 || steps[0].Maneuver.Type != route.Depart || steps[3].Maneuver.Type != route.Arrive {
				t.Fatalf("step types = %v, want depart, %s, exit %s, arrive", types, tc.wantType, tc.wantType)
			}
			rb, exit := steps[1], steps[2]
			if rb.Maneuver.Type.String() != tc.wantType || rb.Maneuver.Exit != tc.wantExit || rb.Name != tc.wantName {
				t.Errorf("roundabout step = %s exit %d onto %q, want %s exit %d onto %q", rb.Maneuver.Type, rb.Maneuver.Exit, rb.Name, tc.wantType, tc.wantExit, tc.wantName)
			}
			if exit.Maneuver.Type.String() != "exit "+tc.wantType || exit.Maneuver.Exit != tc.wantExit {
				t.Errorf("exit step = %s exit %d, want exit %s exit %d", exit.Maneuver.Type, exit.Maneuver.Exit, tc.wantType, tc.wantExit)
			}
			if tc.wantType == "rotary" && rb.RotaryName != "Place Ronde" {
				t.Errorf("rotary_name = %q, want Place Ronde", rb.RotaryName)
			}
			for i, s := range steps {
				if len(s.Intersections) == 0 {
					t.Errorf("step %d (%s) has no intersections", i, s.Maneuver.Type)
				}
			}
		})
	}
}

func TestRoadsContinueStraightAndLegs(t *testing.T) {
	m := grid(nil, nil)
	e := openFixture(t, m)
	a, v, b := m.Between('g', 'h', 0.5), m.Between('h', 'i', 0.5), m.Between('g', 'h', 0.25)
	yes, no := true, false
	dist := func(profile route.Profile, cs *bool, ends []int) (float64, int, int) {
		t.Helper()
		req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: profile, Coordinates: []orb.Point{a, v, b}}}
		req.Options.ContinueStraight = cs
		req.Options.LegEnds = ends
		res, err := e.Directions(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return res.Routes[0].Distance, len(res.Routes[0].Legs), len(res.Waypoints)
	}
	straight, legs, _ := dist(route.Driving, &yes, nil)
	turn, _, _ := dist(route.Driving, &no, nil)
	def, _, _ := dist(route.Driving, nil, nil)
	walkDef, _, _ := dist(route.Walking, nil, nil)
	if straight < turn+150 {
		t.Errorf("continue_straight=true: %.0f m, false: %.0f m; want true to go round the block", straight, turn)
	}
	if math.Abs(turn-180) > 10 {
		t.Errorf("continue_straight=false: %.0f m, want ≈180 (turn at the via point)", turn)
	}
	if def != straight {
		t.Errorf("driving default = %.0f m, want continue_straight=true's %.0f", def, straight)
	}
	if walkDef != turn {
		t.Errorf("walking default = %.0f m, want continue_straight=false's %.0f", walkDef, turn)
	}
	if legs != 2 {
		t.Errorf("legs = %d, want 2", legs)
	}
	_, legs, _ = dist(route.Driving, &no, []int{0, 2})
	if legs != 1 {
		t.Errorf("waypoints=0;2: legs = %d, want 1", legs)
	}
}

func TestRoadsNearestFilters(t *testing.T) {
	m := grid(nil, nil)
	e := openFixture(t, m)
	// 5 m north of the middle of d–e (an east–west street)
	p := m.Between('d', 'e', 0.5)
	p[1] += 5.0 / 111320
	tests := []struct {
		name    string
		bearing *route.Bearing
		radius  float64
		wantOn  [2]byte // expected edge ends, 0 for error
		maxDist float64
	}{
		{"nearest", nil, 0, [2]byte{'d', 'e'}, 6},
		{"bearing east", &route.Bearing{Value: 90, Range: 20}, 0, [2]byte{'d', 'e'}, 6},
		{"bearing west", &route.Bearing{Value: 270, Range: 20}, 0, [2]byte{'d', 'e'}, 6},
		{"bearing north skips the street", &route.Bearing{Value: 0, Range: 20}, 0, [2]byte{}, 60},
		{"radius too small", nil, 2, [2]byte{}, 0},
		{"radius large enough", nil, 10, [2]byte{'d', 'e'}, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wps, err := e.Nearest(context.Background(), engine.NearestRequest{Profile: route.Driving, Coordinate: p, Bearing: tc.bearing, Radius: tc.radius, Number: 1})
			if tc.maxDist == 0 {
				if !errors.Is(err, route.ErrNoSegment) {
					t.Fatalf("Nearest error = %v, want ErrNoSegment", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			w := wps[0]
			if w.Distance > tc.maxDist {
				t.Errorf("distance = %.1f, want <= %.0f", w.Distance, tc.maxDist)
			}
			if tc.wantOn[0] != 0 && w.Name != "W2" {
				t.Errorf("snapped onto %q, want W2 (d–e)", w.Name)
			}
			if tc.wantOn[0] == 0 && w.Name == "W2" {
				t.Errorf("snapped onto W2 despite the bearing filter")
			}
			if len(w.Nodes) != 2 {
				t.Errorf("nodes = %v, want the segment's two OSM node ids", w.Nodes)
			}
		})
	}
}

func TestRoadsTableMatchesDirections(t *testing.T) {
	m := grid(map[int]string{8: "oneway=yes", 3: "oneway=-1"}, map[byte]string{'e': "highway=traffic_signals"},
		osmfixture.Relation{Tags: "type=restriction restriction=no_left_turn", Members: "from:w9 via:n:e to:w2"})
	e := openFixture(t, m)
	seed := int64(7)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	ends := [][2]byte{{'a', 'b'}, {'b', 'c'}, {'d', 'e'}, {'e', 'f'}, {'g', 'h'}, {'h', 'i'}, {'a', 'd'}, {'x', 'e'}, {'e', 'h'}, {'f', 'i'}}
	var pts []orb.Point
	for i := 0; i < 12; i++ {
		s := ends[rng.Intn(len(ends))]
		pts = append(pts, m.Between(s[0], s[1], 0.05+0.9*rng.Float64()))
	}
	for _, prof := range route.Profiles {
		tab, err := e.Table(context.Background(), engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts}, Distances: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := range pts {
			for j := range pts {
				res, err := e.Directions(context.Background(), engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: []orb.Point{pts[i], pts[j]}}})
				if err != nil {
					t.Fatalf("seed %d %s %d→%d: %v", seed, prof, i, j, err)
				}
				if d := res.Routes[0].Duration; math.Abs(d-tab.Durations[i][j]) > 0.1 {
					t.Errorf("seed %d %s: table[%d][%d] = %.1f s, directions %.1f s", seed, prof, i, j, tab.Durations[i][j], d)
				}
				if d := res.Routes[0].Distance; math.Abs(d-tab.Distances[i][j]) > 1 {
					t.Errorf("seed %d %s: distances[%d][%d] = %.1f m, directions %.1f m", seed, prof, i, j, tab.Distances[i][j], d)
				}
			}
		}
	}
}

// rampMap: motorway a→g, an exit ramp b→d, a primary road d–f–e and an
// entry ramp f→c, joining the motorway at a shallow angle (as OSRM's
// guidance wants a merge: within 60° of straight on).
const rampMap = `
a - - - - b - - - - - - - - - - - - - - - - c - - - - g
           \                              /
            d - - f - - - - - - - - - - - - - - e
`

func TestRoadsRampManeuvers(t *testing.T) {
	m := &osmfixture.Map{Map: rampMap, Ways: []osmfixture.Way{
		{Nodes: "abcg", Tags: "highway=motorway name=A1 ref=A~1"},
		{Nodes: "bd", Tags: "highway=motorway_link oneway=yes"},
		{Nodes: "dfe", Tags: "highway=primary name=Main"},
		{Nodes: "fc", Tags: "highway=motorway_link oneway=yes"},
	}}
	e := openFixture(t, m)
	tests := []struct {
		name     string
		from, to orb.Point
		want     []string
	}{
		{"exit", m.Between('a', 'b', 0.5), m.Between('f', 'e', 0.5), []string{"depart", "off ramp", "arrive"}},
		{"entry", m.Between('d', 'f', 0.3), m.Between('c', 'g', 0.5), []string{"depart", "on ramp", "merge", "arrive"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// the motorway is a one-way stub here: snap to it anyway
			req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: route.Driving, Coordinates: []orb.Point{tc.from, tc.to}, AnyComponent: true}}
			req.Options.Steps = true
			res, err := e.Directions(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range res.Routes[0].Legs[0].Steps {
				got = append(got, s.Maneuver.Type.String())
			}
			k := 0
			for _, typ := range got {
				if k < len(tc.want) && typ == tc.want[k] {
					k++
				}
			}
			if k != len(tc.want) {
				t.Errorf("step types %v, want the sequence %v among them (%.0f m, %q, waypoints %+v)", got, tc.want, res.Routes[0].Distance, res.Routes[0].Legs[0].Summary, res.Waypoints)
			}
		})
	}
}

// TestRoadsPackChoice: with two packs open, each request is answered by
// the pack whose network its coordinates snap to.
func TestRoadsPackChoice(t *testing.T) {
	m1 := grid(nil, nil)
	m2 := grid(map[int]string{0: "name=Far~Street"}, nil)
	m2.Origin = orb.Point{7.42, 43.73}
	e, err := engine.Open(m1.Build(t, roads.RoadsStage()), m2.Build(t, roads.RoadsStage()))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i, m := range []*osmfixture.Map{m1, m2} {
		plan, err := e.Plan(engine.SnapRequest{Profile: route.Walking, Coordinates: []orb.Point{m.Between('a', 'b', 0.5), m.Between('h', 'i', 0.5)}})
		if err != nil {
			t.Fatal(err)
		}
		if plan.Pack != e.Packs()[i] || plan.Snaps[0].Distance > 1 {
			t.Errorf("map %d: planned on pack %s with snap distance %.0f m", i, plan.Pack.Path, plan.Snaps[0].Distance)
		}
	}
}
