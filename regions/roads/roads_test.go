package roads_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/internal/osmfixture"
	"waymark/regions/roads"
)

// gridMap is a 3×3 street grid (80 m × 60 m blocks); x splits b–e.
//
//	a - - - b - - - c
//	|       x       |
//	|       |       |
//	d - - - e - - - f
//	|       |       |
//	|       |       |
//	g - - - h - - - i
const gridMap = `
a - - - b - - - c
|       x       |
|       |       |
d - - - e - - - f
|       |       |
|       |       |
g - - - h - - - i
`

// gridWays: index → nodes. Way 8 is b-x-e.
var gridWays = []string{"ab", "bc", "de", "ef", "gh", "hi", "ad", "dg", "bxe", "eh", "cf", "fi"}

func grid(extra map[int]string, nodeTags map[byte]string, rels ...osmfixture.Relation) *osmfixture.Map {
	m := &osmfixture.Map{Map: gridMap, NodeTags: nodeTags, Relations: rels}
	for i, n := range gridWays {
		m.Ways = append(m.Ways, osmfixture.Way{Nodes: n, Tags: fmt.Sprintf("highway=residential name=W%d %s", i, extra[i])})
	}
	return m
}

func openFixture(t *testing.T, m *osmfixture.Map) *engine.Engine {
	t.Helper()
	e, err := engine.Open(m.Build(t, roads.RoadsStage()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

type routeCase struct {
	name     string
	profile  route.Profile
	from, to orb.Point
	bearing  *route.Bearing // on from
	min, max float64        // wanted distance range in meters (max 0: no upper bound)
	noRoute  bool
}

func checkRoutes(t *testing.T, e *engine.Engine, cases []routeCase) {
	t.Helper()
	for _, c := range cases {
		req := engine.DirectionsRequest{SnapRequest: engine.SnapRequest{Profile: c.profile, Coordinates: []orb.Point{c.from, c.to}}}
		if c.bearing != nil {
			req.Bearings = []*route.Bearing{c.bearing, nil}
		}
		req.Options.Steps = true
		res, err := e.Directions(context.Background(), req)
		if c.noRoute {
			if !errors.Is(err, route.ErrNoRoute) {
				t.Errorf("%s: Directions error = %v, want ErrNoRoute", c.name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Directions: %v", c.name, err)
			continue
		}
		d := res.Routes[0].Distance
		if d < c.min || (c.max > 0 && d > c.max) {
			t.Errorf("%s: distance = %.1f m, want in [%.0f, %.0f]", c.name, d, c.min, c.max)
		}
	}
}

// From 0.9 of a→b to 0.9 of d→e the direct way is b→x→e (≈76 m); around
// the block it is ≥ 200 m.
func blockCases(m *osmfixture.Map, name string, carOpen, footOpen bool) []routeCase {
	from, to := m.Between('a', 'b', 0.9), m.Between('d', 'e', 0.9)
	mk := func(p route.Profile, open bool) routeCase {
		c := routeCase{name: name + "/" + p.String(), profile: p, from: from, to: to}
		if open {
			c.max = 100
		} else {
			c.min = 150
		}
		return c
	}
	return []routeCase{mk(route.Driving, carOpen), mk(route.Walking, footOpen)}
}

func TestRoadsAccessAndBarriers(t *testing.T) {
	tests := []struct {
		name              string
		way8              string
		xTags             string
		carOpen, footOpen bool
	}{
		{"open", "", "", true, true},
		{"access=no", "access=no", "", false, false},
		{"motor_vehicle=no", "motor_vehicle=no", "", false, true},
		{"access=private", "access=private", "", false, false},
		{"access=destination: not passed through by cars", "access=destination", "", false, true},
		{"access=agricultural", "access=agricultural", "", false, false},
		{"access=no foot=yes", "access=no foot=yes", "", false, true},
		{"footway", "highway=footway", "", false, true},
		{"bollard", "", "barrier=bollard", false, true},
		{"gate", "", "barrier=gate", true, true},
		{"lift_gate", "", "barrier=lift_gate", true, true},
		{"wall", "", "barrier=wall", false, false},
		{"gate access=no", "", "barrier=gate access=no", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := grid(map[int]string{8: tc.way8}, map[byte]string{'x': tc.xTags})
			if strings.HasPrefix(tc.way8, "highway=") {
				m.Ways[8].Tags = "name=W8 " + tc.way8
			}
			checkRoutes(t, openFixture(t, m), blockCases(m, tc.name, tc.carOpen, tc.footOpen))
		})
	}
}

func TestRoadsOneway(t *testing.T) {
	tests := []struct {
		name     string
		tags     string
		profile  route.Profile
		forward  bool // b→e allowed
		backward bool
	}{
		{"two-way", "", route.Driving, true, true},
		{"oneway=yes", "oneway=yes", route.Driving, true, false},
		{"oneway=-1", "oneway=-1", route.Driving, false, true},
		{"oneway=no on motorway", "highway=motorway oneway=no", route.Driving, true, true},
		{"motorway implies oneway", "highway=motorway", route.Driving, true, false},
		{"walking ignores oneway", "oneway=yes", route.Walking, true, true},
		{"oneway:foot", "oneway:foot=yes", route.Walking, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := grid(map[int]string{8: tc.tags}, nil)
			if strings.HasPrefix(tc.tags, "highway=") {
				m.Ways[8].Tags = "name=W8 " + tc.tags
			}
			e := openFixture(t, m)
			down := routeCase{name: "b→e", profile: tc.profile, from: m.Between('x', 'e', 0.2), to: m.Between('x', 'e', 0.8)}
			up := routeCase{name: "e→b", profile: tc.profile, from: m.Between('x', 'e', 0.8), to: m.Between('x', 'e', 0.2)}
			for _, c := range []struct {
				rc *routeCase
				ok bool
			}{{&down, tc.forward}, {&up, tc.backward}} {
				if c.ok {
					c.rc.max = 40
				} else {
					c.rc.min = 150
				}
			}
			checkRoutes(t, e, []routeCase{down, up})
		})
	}
}

func TestRoadsTurnRestrictions(t *testing.T) {
	// Ways: 2 = d-e (west arm of e), 3 = e-f (east), 8 = b-x-e (north),
	// 9 = e-h (south). From the south arm going north into e:
	// left → W2, right → W3, straight → W8.
	m0 := grid(nil, nil)
	from := m0.Between('h', 'e', 0.5)
	left, right, straight := m0.Between('e', 'd', 0.5), m0.Between('e', 'f', 0.5), m0.Between('e', 'x', 0.5)
	north := &route.Bearing{Value: 0, Range: 30}
	tests := []struct {
		name, restriction, to string
		forbidden, allowed    []orb.Point
	}{
		{"none", "", "", nil, []orb.Point{left, right, straight}},
		{"no_left_turn", "no_left_turn", "w2", []orb.Point{left}, []orb.Point{right, straight}},
		{"no_right_turn", "no_right_turn", "w3", []orb.Point{right}, []orb.Point{left, straight}},
		{"no_straight_on", "no_straight_on", "w8", []orb.Point{straight}, []orb.Point{left, right}},
		{"only_left_turn", "only_left_turn", "w2", []orb.Point{right, straight}, []orb.Point{left}},
		{"only_right_turn", "only_right_turn", "w3", []orb.Point{left, straight}, []orb.Point{right}},
		{"only_straight_on", "only_straight_on", "w8", []orb.Point{left, right}, []orb.Point{straight}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rels []osmfixture.Relation
			if tc.restriction != "" {
				rels = append(rels, osmfixture.Relation{Tags: "type=restriction restriction=" + tc.restriction, Members: "from:w9 via:n:e to:" + tc.to})
			}
			e := openFixture(t, grid(nil, nil, rels...))
			var cases []routeCase
			for _, p := range tc.forbidden {
				cases = append(cases, routeCase{name: tc.name + " forbidden", from: from, to: p, bearing: north, min: 150})
			}
			for _, p := range tc.allowed {
				cases = append(cases, routeCase{name: tc.name + " allowed", from: from, to: p, bearing: north, max: 100})
			}
			checkRoutes(t, e, cases)
		})
	}
	t.Run("except=motorcar", func(t *testing.T) {
		e := openFixture(t, grid(nil, nil, osmfixture.Relation{Tags: "type=restriction restriction=no_left_turn except=motorcar", Members: "from:w9 via:n:e to:w2"}))
		checkRoutes(t, e, []routeCase{{name: "except", from: from, to: left, bearing: north, max: 100}})
	})
	t.Run("walking ignores restrictions", func(t *testing.T) {
		e := openFixture(t, grid(nil, nil, osmfixture.Relation{Tags: "type=restriction restriction=no_left_turn", Members: "from:w9 via:n:e to:w2"}))
		checkRoutes(t, e, []routeCase{{name: "walk", profile: route.Walking, from: from, to: left, max: 100}})
	})
	t.Run("via way", func(t *testing.T) {
		// g→h (W4), then h→e (W9), then e→d (W2) is forbidden; coming
		// from i (W5) the same h→e→d is allowed.
		m := grid(nil, nil, osmfixture.Relation{Tags: "type=restriction restriction=no_left_turn", Members: "from:w4 via:w9 to:w2"})
		e := openFixture(t, m)
		east, west := &route.Bearing{Value: 90, Range: 30}, &route.Bearing{Value: 270, Range: 30}
		checkRoutes(t, e, []routeCase{
			{name: "from g", from: m.Between('g', 'h', 0.9), to: left, bearing: east, min: 150},
			{name: "from i", from: m.Between('i', 'h', 0.9), to: left, bearing: west, max: 120},
			{name: "from g straight on", from: m.Between('g', 'h', 0.9), to: straight, bearing: east, max: 120},
			{name: "from g onto the via way", from: m.Between('g', 'h', 0.9), to: m.Between('h', 'e', 0.5), bearing: east, max: 50},
		})
	})
}

const lineMap = `
a - - - b - - - c
`

func TestRoadsUTurns(t *testing.T) {
	t.Run("at a dead end", func(t *testing.T) {
		m := &osmfixture.Map{Map: lineMap, Ways: []osmfixture.Way{{Nodes: "ab", Tags: "highway=residential"}, {Nodes: "bc", Tags: "highway=residential"}}}
		e := openFixture(t, m)
		checkRoutes(t, e, []routeCase{{name: "dead end", from: m.Between('b', 'c', 0.5), to: m.Between('a', 'b', 0.5),
			bearing: &route.Bearing{Value: 90, Range: 20}, min: 150, max: 170}})
	})
	t.Run("not at an intersection", func(t *testing.T) {
		m := grid(nil, nil)
		e := openFixture(t, m)
		checkRoutes(t, e, []routeCase{{name: "around the block", from: m.Between('x', 'e', 0.5), to: m.Between('x', 'e', 0.2),
			bearing: &route.Bearing{Value: 180, Range: 20}, min: 200}})
	})
	t.Run("no_u_turn at a dead end", func(t *testing.T) {
		m := &osmfixture.Map{Map: lineMap, Ways: []osmfixture.Way{{Nodes: "ab", Tags: "highway=residential"}, {Nodes: "bc", Tags: "highway=residential"}},
			Relations: []osmfixture.Relation{{Tags: "type=restriction restriction=no_u_turn", Members: "from:w1 via:n:c to:w1"}}}
		e := openFixture(t, m)
		checkRoutes(t, e, []routeCase{{name: "trapped", from: m.Between('b', 'c', 0.5), to: m.Between('a', 'b', 0.5),
			bearing: &route.Bearing{Value: 90, Range: 20}, noRoute: true}})
	})
}
