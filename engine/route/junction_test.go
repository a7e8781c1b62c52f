package route

import "testing"

// TestJunctionManeuver checks the guidance rules junction by junction
// (steps.go's doc): the maneuver and modifier for a turn angle, the other
// roads and the classes and names in and out.
func TestJunctionManeuver(t *testing.T) {
	res, prim := ClassResidential, ClassPrimary
	tests := []struct {
		name   string
		j      junction
		others []float64 // turn angles of the other enterable roads
		typ    ManeuverType
		mod    Modifier
	}{
		{"same road straight on through a crossing", junction{angle: 3, roads: 4, from: res, to: res, sameName: true}, []float64{-90, 90}, suppressed, Straight},
		{"same road bending at a junction", junction{angle: 60, roads: 3, from: res, to: res, sameName: true}, []float64{-20}, Continue, Right},
		{"same road bending 59°, the other road leaving at 121° (OSRM: obvious)", junction{angle: 59, roads: 3, from: res, to: res, sameName: true}, []float64{-121}, suppressed, Right},
		{"same road bending 45°, another road at 80°", junction{angle: 45, roads: 3, from: res, to: res, sameName: true}, []float64{-80}, Continue, Right},
		{"same road bending 50°, a closed road at 70°", junction{angle: 50, roads: 4, from: res, to: res, sameName: true, closed: []float64{-70}}, []float64{-150}, Continue, Right},
		{"same road bending 38°, a closed road at 50° (OSRM: closed roads count from 40°)", junction{angle: 38, roads: 4, from: res, to: res, sameName: true, closed: []float64{-50}}, []float64{-150}, suppressed, Right},
		{"no other road, new name", junction{angle: 10, roads: 2, from: res, to: res}, nil, NewName, Straight},
		{"no other road, sharp bend onto a new name (OSRM: new name)", junction{angle: -100, roads: 2, from: res, to: res}, nil, NewName, Left},
		{"no enterable other road, sharp bend onto a new name, a closed road ahead", junction{angle: -100, roads: 3, closedAhead: 1, from: res, to: res}, nil, Turn, Left},
		{"no enterable other road, bend of 45° onto a new name, a closed road ahead (OSRM: obvious)", junction{angle: 45, roads: 3, closedAhead: 1, from: res, to: res}, nil, NewName, Right},
		{"no enterable other road, sharp bend onto a new name, the closed road behind (OSRM: obvious)", junction{angle: -100, roads: 3, from: res, to: res}, nil, NewName, Left},
		{"no other road, same name", junction{angle: 80, roads: 2, from: res, to: res, sameName: true}, nil, suppressed, Right},
		{"turn left at a crossing", junction{angle: -88, roads: 4, from: prim, to: res}, []float64{2, 91}, Turn, Left},
		{"slight right onto another name", junction{angle: 30, roads: 4, from: prim, to: res}, []float64{-3, -90}, Turn, SlightRight},
		{"straight onto another name", junction{angle: 5, roads: 4, from: prim, to: res}, []float64{-90, 90}, NewName, Straight},
		{"fork, the right branch", junction{angle: 20, roads: 3, from: prim, to: res}, []float64{-20}, Fork, SlightRight},
		{"fork, straight branch left of the other", junction{angle: 5, roads: 3, from: prim, to: res}, []float64{25}, Fork, SlightLeft},
		{"end of road, right", junction{angle: 90, roads: 3, from: res, to: prim}, []float64{-90}, EndOfRoad, Right},
		{"end of road, left", junction{angle: -85, roads: 3, from: res, to: prim}, []float64{95}, EndOfRoad, Left},
		{"off ramp from a motorway", junction{angle: 12, roads: 3, from: ClassMotorway, to: ClassMotorwayLink}, []float64{-2}, OffRamp, SlightRight},
		{"on ramp from a primary", junction{angle: -40, roads: 4, from: prim, to: ClassPrimaryLink}, []float64{0, 90}, OnRamp, SlightLeft},
		{"merge from a link", junction{angle: -8, roads: 3, from: ClassMotorwayLink, to: ClassMotorway}, []float64{}, Merge, SlightLeft},
		{"links forking", junction{angle: 15, roads: 3, from: ClassMotorwayLink, to: ClassMotorwayLink}, []float64{-15}, Fork, SlightRight},
		{"onto a ferry", junction{angle: 50, roads: 3, from: res, to: ClassFerry, sameName: true, modeChange: true}, []float64{-90}, Notification, Right},
		{"off a ferry onto another name", junction{angle: -60, roads: 2, from: ClassFerry, to: res, modeChange: true}, nil, Notification, Left},
		{"unnamed to unnamed, the straightest way", junction{angle: 5, roads: 3, from: res, to: res, sameName: true, unnamed: true}, []float64{80}, suppressed, Straight},
		{"unnamed to unnamed, not the straightest way", junction{angle: 25, roads: 3, from: res, to: res, sameName: true, unnamed: true}, []float64{2}, Turn, SlightRight},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := tt.j
			for _, a := range tt.others {
				j.addOther(a)
			}
			typ, mod := j.maneuver()
			if typ != tt.typ || (typ != suppressed && mod != tt.mod) {
				t.Errorf("maneuver() = %v %v, want %v %v", typ, mod, tt.typ, tt.mod)
			}
		})
	}
}
