package route

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Unit tests of the guidance passes (steps.go) on hand-built drafts.

// dr is a hand-built draft: "type[ modifier] name[/ref]" as in
// "turn left Main" (a name "-" is none), its length in meters and the
// number of intersections it passes.
func dr(spec string, dist float64, inters int) draft {
	f := strings.Fields(spec)
	var d draft
	types := map[string]ManeuverType{"suppressed": suppressed, "noturn": noTurn, "newname": NewName, "endofroad": EndOfRoad}
	for t := Depart; t <= UseLane; t++ {
		types[strings.ReplaceAll(t.String(), " ", "")] = t
	}
	typ, ok := types[f[0]]
	if !ok {
		panic("dr: unknown type " + f[0])
	}
	d.step.Maneuver.Type = typ
	f = f[1:]
	mods := map[string]Modifier{"uturn": UTurn, "right": Right, "left": Left, "straight": Straight, "slightright": SlightRight, "slightleft": SlightLeft, "sharpright": SharpRight, "sharpleft": SharpLeft}
	if len(f) > 1 {
		if m, ok := mods[f[0]]; ok {
			d.step.Maneuver.Modifier = m
			f = f[1:]
		}
	}
	if len(f) > 0 && f[0] != "-" {
		d.step.Name, d.step.Ref, _ = strings.Cut(f[0], "/")
	}
	d.step.Mode = "driving"
	if strings.HasSuffix(d.step.Name, "~ferry") {
		d.step.Name, d.step.Mode = strings.TrimSuffix(d.step.Name, "~ferry"), "ferry"
	}
	d.dist = dist
	for k := 0; k < inters; k++ {
		in, out := 0, 1
		x := Intersection{Bearings: []int{0, 180}, Entry: []bool{true, true}, In: &in, Out: &out}
		switch {
		case k == 0 && typ == Depart:
			out = 0
			x.Bearings, x.Entry, x.In = []int{180}, []bool{true}, nil
		case k == 0 && typ == Arrive:
			x.Bearings, x.Entry, x.Out = []int{0}, []bool{true}, nil
		}
		d.inter = append(d.inter, x)
	}
	return d
}

// legOf numbers the drafts' first pieces in order, as a leg's.
func legOf(ds ...draft) []draft {
	for k := range ds {
		ds[k].pc = k
	}
	return ds
}

// describe writes drafts as "type modifier name dist/intersections".
func describe(ds []draft) []string {
	var out []string
	for _, d := range ds {
		m := d.step.Maneuver
		s := m.Type.String()
		switch m.Type {
		case suppressed:
			s = "suppressed"
		case noTurn:
			s = "noturn"
		}
		if m.Modifier != NoModifier {
			s += " " + m.Modifier.String()
		}
		name := d.step.Name
		if d.step.Ref != "" {
			name += "/" + d.step.Ref
		}
		if name == "" {
			name = "-"
		}
		out = append(out, fmt.Sprintf("%s %s %g/%d", s, name, d.dist, len(d.inter)))
	}
	return out
}

func TestFoldSilent(t *testing.T) {
	tests := []struct {
		name string
		in   []draft
		want []string
	}{
		{"suppressed and noTurn join the step before",
			legOf(dr("depart A", 10, 1), dr("suppressed A", 20, 1), dr("turn left B", 30, 1), dr("noturn B", 5, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 30/2", "turn left B 35/2", "arrive B 0/1"}},
		{"a run of silent drafts",
			legOf(dr("depart A", 1, 1), dr("suppressed A", 2, 1), dr("suppressed A", 3, 1), dr("noturn A", 4, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 10/4", "arrive A 0/1"}},
		{"nothing silent",
			legOf(dr("depart A", 10, 1), dr("turn right B", 20, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 10/1", "turn right B 20/1", "arrive B 0/1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describe(foldSilent(tt.in)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("foldSilent = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPlainEndOfRoad(t *testing.T) {
	tests := []struct {
		name string
		in   []draft
		want []string
	}{
		{"after a step passing no other intersection: a turn",
			legOf(dr("depart A", 50, 1), dr("endofroad left B", 20, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 50/1", "turn left B 20/1", "arrive B 0/1"}},
		{"onto the same name: continue",
			legOf(dr("depart A", 50, 1), dr("endofroad right A", 20, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 50/1", "continue right A 20/1", "arrive A 0/1"}},
		{"after a step passing another intersection: stays",
			legOf(dr("depart A", 50, 2), dr("endofroad left B", 20, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 50/2", "end of road left B 20/1", "arrive B 0/1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plainEndOfRoad(tt.in)
			if got := describe(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("plainEndOfRoad = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTrimShortEnds(t *testing.T) {
	tests := []struct {
		name    string
		in      []draft
		want    []string
		firstPc int // the first draft's first piece after trimming
	}{
		{"a first step of 0.5 m: the next departs from the leg's start",
			legOf(dr("depart A", 0.5, 1), dr("turn right B", 40, 2), dr("arrive B", 0, 1)),
			[]string{"depart B 40.5/2", "arrive B 0/1"}, 0},
		{"a step of 1 m before the arrival: the arrival keeps the road before",
			legOf(dr("depart A", 40, 1), dr("turn right B", 1, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 41/1", "arrive A 0/1"}, 0},
		{"both ends",
			legOf(dr("depart A", 0, 1), dr("turn right B", 30, 1), dr("turn left C", 0.2, 1), dr("arrive C", 0, 1)),
			[]string{"depart B 30.2/1", "arrive B 0/1"}, 0},
		{"a leg of depart and arrive stays",
			legOf(dr("depart A", 0.5, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 0.5/1", "arrive A 0/1"}, 0},
		{"longer ends stay",
			legOf(dr("depart A", 1.5, 1), dr("turn right B", 30, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 1.5/1", "turn right B 30/1", "arrive B 0/1"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := trimShortEnds(tt.in)
			if d := describe(got); !reflect.DeepEqual(d, tt.want) {
				t.Errorf("trimShortEnds = %q, want %q", d, tt.want)
			}
			if got[0].pc != tt.firstPc {
				t.Errorf("first piece = %d, want %d", got[0].pc, tt.firstPc)
			}
			x := got[0].inter[0]
			if len(x.Bearings) != 1 || x.In != nil || x.Out == nil || *x.Out != 0 {
				t.Errorf("departure intersection = %+v, want one bearing, out 0, no in", x)
			}
		})
	}
}

func TestSuppressShortNameChanges(t *testing.T) {
	tests := []struct {
		name string
		in   []draft
		want []string
	}{
		{"a name kept for less than 105 m goes",
			legOf(dr("depart A", 200, 1), dr("newname straight B", 100, 1), dr("turn left C", 300, 1), dr("arrive C", 0, 1)),
			[]string{"depart A 300/2", "turn left C 300/1", "arrive C 0/1"}},
		{"a name kept for 105 m or more stays",
			legOf(dr("depart A", 200, 1), dr("newname straight B", 105, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 200/1", "new name straight B 105/1", "arrive B 0/1"}},
		{"short name changes in a row: each measured on its own, the arrival keeps its name",
			legOf(dr("depart ab", 100, 1), dr("newname right bc", 100, 1), dr("newname left cd", 100, 1), dr("arrive cd", 0, 1)),
			[]string{"depart ab 300/3", "arrive cd 0/1"}},
		{"a long name change back to the name kept goes",
			legOf(dr("depart Main", 200, 1), dr("newname straight Side", 50, 1), dr("newname straight Main", 500, 1), dr("arrive Main", 0, 1)),
			[]string{"depart Main 750/3", "arrive Main 0/1"}},
		{"a direction suffix is the same name",
			legOf(dr("depart High~Street~W", 200, 1), dr("turn left Other", 300, 1), dr("newname straight Other~E", 400, 1), dr("arrive Other~E", 0, 1)),
			[]string{"depart High Street W 200/1", "turn left Other 700/2", "arrive Other E 0/1"}},
		{"after a kept name change, names compare with it",
			legOf(dr("depart A", 200, 1), dr("newname straight B", 300, 1), dr("newname straight A", 300, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 200/1", "new name straight B 300/1", "new name straight A 300/1", "arrive A 0/1"}},
		{"other maneuvers stay however short",
			legOf(dr("depart A", 200, 1), dr("turn right B", 20, 1), dr("fork slightleft C", 30, 1), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "turn right B 20/1", "fork slight left C 30/1", "arrive C 0/1"}},
		{"a notification (onto a ferry) stays",
			legOf(dr("depart A", 200, 1), dr("notification right F~ferry", 50, 1), dr("notification left A", 50, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 200/1", "notification right F 50/1", "notification left A 50/1", "arrive A 0/1"}},
		{"unnamed roads are never the same name",
			legOf(dr("depart -", 200, 1), dr("newname straight B", 300, 1), dr("newname straight -", 300, 1), dr("arrive -", 0, 1)),
			[]string{"depart - 200/1", "new name straight B 300/1", "new name straight - 300/1", "arrive - 0/1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k := range tt.in {
				tt.in[k].step.Name = strings.ReplaceAll(tt.in[k].step.Name, "~", " ")
			}
			if got := describe(suppressShortNameChanges(tt.in)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("suppressShortNameChanges = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCollapseTurns(t *testing.T) {
	tests := []struct {
		name string
		in   []draft
		want []string // after foldSilent
	}{
		{"a name oscillation goes, however long",
			legOf(dr("depart Connector", 200, 1), dr("newname left Sidewalk", 200, 1), dr("newname left Connector", 200, 1), dr("arrive Connector", 0, 1)),
			[]string{"depart Connector 600/3", "arrive Connector 0/1"}},
		{"straight turns count as name changes",
			legOf(dr("depart A", 200, 1), dr("turn straight B", 200, 1), dr("newname straight A", 200, 1), dr("turn right C", 50, 1), dr("arrive C", 0, 1)),
			[]string{"depart A 600/3", "turn right C 50/1", "arrive C 0/1"}},
		{"back onto no name at a suppressed junction, both unnamed",
			legOf(dr("depart -", 200, 1), dr("newname straight B", 200, 1), dr("suppressed -", 200, 1), dr("turn left C", 50, 1), dr("arrive C", 0, 1)),
			[]string{"depart - 600/3", "turn left C 50/1", "arrive C 0/1"}},
		{"noTurn junctions in between are skipped",
			legOf(dr("depart A", 200, 1), dr("noturn A", 10, 1), dr("newname right B", 200, 1), dr("noturn B", 10, 1), dr("newname left A", 200, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 620/5", "arrive A 0/1"}},
		{"a suppressed junction in between stops it",
			legOf(dr("depart A", 200, 1), dr("newname right B", 200, 1), dr("suppressed B", 10, 1), dr("newname left A", 200, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 200/1", "new name right B 210/2", "new name left A 200/1", "arrive A 0/1"}},
		{"onto a third name stays",
			legOf(dr("depart A", 200, 1), dr("newname right B", 200, 1), dr("newname left C", 200, 1), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "new name right B 200/1", "new name left C 200/1", "arrive C 0/1"}},
		{"a real turn between stays",
			legOf(dr("depart A", 200, 1), dr("turn right B", 200, 1), dr("newname left A", 200, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 200/1", "turn right B 200/1", "new name left A 200/1", "arrive A 0/1"}},
		{"a change of mode stays",
			legOf(dr("depart A", 200, 1), dr("newname right B~ferry", 200, 1), dr("newname left A", 200, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 200/1", "new name right B 200/1", "new name left A 200/1", "arrive A 0/1"}},
		{"the last name change before the arrival stays (OSRM stops at a waypoint)",
			legOf(dr("depart A", 200, 1), dr("newname right B", 200, 1), dr("arrive B", 0, 1)),
			[]string{"depart A 200/1", "new name right B 200/1", "arrive B 0/1"}},
		{"roundabouts are left alone",
			legOf(dr("depart A", 200, 1), dr("roundabout right A", 50, 3), dr("exitroundabout right B", 10, 1), dr("newname straight A", 200, 1), dr("arrive A", 0, 1)),
			[]string{"depart A 200/1", "roundabout right A 50/3", "exit roundabout right B 10/1", "new name straight A 200/1", "arrive A 0/1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describe(foldSilent(collapseTurns(tt.in))); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("collapseTurns = %q, want %q", got, tt.want)
			}
		})
	}
}

// bearings sets a hand-built draft's maneuver bearings, degrees.
func bearings(d draft, before, after int) draft {
	d.step.Maneuver.BearingBefore, d.step.Maneuver.BearingAfter = before, after
	return d
}

// crossing makes the last intersection of a hand-built draft one of three
// enterable roads.
func crossing(d draft) draft {
	x := &d.inter[len(d.inter)-1]
	x.Bearings, x.Entry = []int{0, 90, 180}, []bool{true, true, true}
	return d
}

func TestCollapseManeuverBeforeNameChange(t *testing.T) {
	tests := []struct {
		name string
		in   []draft
		want []string // after foldSilent
	}{
		{"a turn followed 20 m later by a new name takes the name",
			legOf(dr("depart A", 200, 1), bearings(dr("turn right B", 20, 1), 90, 180), bearings(dr("newname straight C", 300, 1), 180, 180), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "turn right C 320/2", "arrive C 0/1"}},
		{"a straight new name within 45 m",
			legOf(dr("depart A", 200, 1), bearings(dr("turn right B", 40, 1), 90, 180), bearings(dr("newname straight C", 300, 1), 180, 185), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "turn right C 340/2", "arrive C 0/1"}},
		{"a bending new name 40 m on stays",
			legOf(dr("depart A", 200, 1), bearings(dr("turn right B", 40, 1), 90, 180), bearings(dr("newname slightright C", 300, 1), 180, 210), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "turn right B 40/1", "new name slight right C 300/1", "arrive C 0/1"}},
		{"a short step passing another road stays",
			legOf(dr("depart A", 200, 1), bearings(crossing(dr("turn right B", 20, 2)), 90, 180), bearings(dr("newname slightright C", 300, 1), 180, 210), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "turn right B 20/2", "new name slight right C 300/1", "arrive C 0/1"}},
		{"back onto the road before: continue",
			legOf(dr("depart A", 200, 1), bearings(dr("turn right B", 10, 1), 90, 180), bearings(dr("newname left A", 300, 1), 180, 90), dr("arrive A", 0, 1)),
			[]string{"depart A 200/1", "continue straight A 310/2", "arrive A 0/1"}},
		{"a fork keeps its direction",
			legOf(dr("depart A", 200, 1), bearings(dr("fork slightleft B", 20, 1), 90, 70), bearings(dr("newname right C", 300, 1), 70, 160), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "fork slight left C 320/2", "arrive C 0/1"}},
		{"not the departure",
			legOf(dr("depart A", 10, 1), bearings(dr("newname straight B", 300, 1), 90, 90), dr("arrive B", 0, 1)),
			[]string{"depart A 10/1", "new name straight B 300/1", "arrive B 0/1"}},
		{"noTurn junctions between count in the length",
			legOf(dr("depart A", 200, 1), bearings(dr("turn right B", 20, 1), 90, 180), dr("noturn B", 20, 1), bearings(dr("newname slightright C", 300, 1), 180, 200), dr("arrive C", 0, 1)),
			[]string{"depart A 200/1", "turn right B 40/2", "new name slight right C 300/1", "arrive C 0/1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describe(foldSilent(collapseTurns(tt.in))); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("collapseTurns = %q, want %q", got, tt.want)
			}
		})
	}
}
