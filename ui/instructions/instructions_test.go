package instructions

import (
	"testing"

	"waymark/engine/route"
)

func step(typ, mod string, exit int, name, ref string) route.Step {
	return route.Step{Name: name, Ref: ref, Maneuver: route.Maneuver{Type: maneuver(typ), Modifier: modifier(mod), Exit: exit}}
}

// maneuver returns the maneuver type of OSRM name typ, or one this
// engine does not know.
func maneuver(typ string) route.ManeuverType {
	for m := route.ManeuverType(0); m < 64; m++ {
		if m.String() == typ {
			return m
		}
	}
	return 200
}

// modifier returns the modifier of OSRM name mod.
func modifier(mod string) route.Modifier {
	for m := route.Modifier(0); m < 64; m++ {
		if m.String() == mod {
			return m
		}
	}
	panic("unknown modifier " + mod)
}

func TestText(t *testing.T) {
	last := Position{Leg: 0, Legs: 1}
	tests := []struct {
		name string
		s    route.Step
		pos  Position
		want string
	}{
		{"turn left", step("turn", "left", 0, "Landstrasse", ""), last, "Turn left onto Landstrasse"},
		{"turn sharp right unnamed", step("turn", "sharp right", 0, "", ""), last, "Turn sharp right"},
		{"uturn", step("turn", "uturn", 0, "Aeulestrasse", ""), last, "Make a U-turn onto Aeulestrasse"},
		{"straight", step("turn", "straight", 0, "Städtle", ""), last, "Go straight onto Städtle"},
		{"name and ref", step("turn", "slight right", 0, "Zollstrasse", "28"), last, "Turn slight right onto Zollstrasse (28)"},
		{"ref only", step("turn", "left", 0, "", "A13"), last, "Turn left onto A13"},
		{"depart north", route.Step{Name: "Landstrasse", Maneuver: route.Maneuver{Type: route.Depart, BearingAfter: 2}}, last, "Head north on Landstrasse"},
		{"depart southwest unnamed", route.Step{Maneuver: route.Maneuver{Type: route.Depart, BearingAfter: 225}}, last, "Head southwest"},
		{"arrive", step("arrive", "", 0, "", ""), last, "You have arrived at your destination"},
		{"arrive left", step("arrive", "left", 0, "", ""), last, "You have arrived at your destination, on the left"},
		{"arrive via", step("arrive", "right", 0, "", ""), Position{Leg: 0, Legs: 3}, "You have arrived at stop 2, on the right"},
		{"new name", step("new name", "straight", 0, "Austrasse", ""), last, "Continue onto Austrasse"},
		{"continue left", step("continue", "left", 0, "Feldkircher Strasse", ""), last, "Continue left onto Feldkircher Strasse"},
		{"merge", step("merge", "slight left", 0, "A13", ""), last, "Merge left onto A13"},
		{"on ramp", step("on ramp", "right", 0, "A13", ""), last, "Take the ramp on the right onto A13"},
		{"off ramp", step("off ramp", "slight right", 0, "", ""), last, "Take the exit on the right"},
		{"fork", step("fork", "slight left", 0, "Essanestrasse", ""), last, "Keep left at the fork onto Essanestrasse"},
		{"fork straight", step("fork", "straight", 0, "", ""), last, "Keep straight at the fork"},
		{"end of road", step("end of road", "right", 0, "Landstrasse", ""), last, "Turn right at the end of the road onto Landstrasse"},
		{"roundabout", step("roundabout", "right", 2, "Zollstrasse", ""), last, "Enter the roundabout and take the 2nd exit onto Zollstrasse"},
		{"roundabout 3rd", step("roundabout", "", 3, "", ""), last, "Enter the roundabout and take the 3rd exit"},
		{"rotary named", route.Step{Name: "Kirchstrasse", RotaryName: "Kreisel Schaan", Maneuver: route.Maneuver{Type: route.Rotary, Exit: 1}}, last, "Enter Kreisel Schaan and take the 1st exit onto Kirchstrasse"},
		{"roundabout turn", step("roundabout turn", "left", 0, "Bahnstrasse", ""), last, "At the roundabout, turn left onto Bahnstrasse"},
		{"exit roundabout", step("exit roundabout", "", 0, "Bahnstrasse", ""), last, "Exit the roundabout onto Bahnstrasse"},
		{"unknown type", step("teleport", "left", 0, "X", ""), last, "Turn left onto X"},
		{"towards", route.Step{Destinations: "Vaduz", Maneuver: route.Maneuver{Type: route.OffRamp, Modifier: route.Right}}, last, "Take the exit on the right towards Vaduz"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.s, tt.pos); got != tt.want {
				t.Errorf("Text(%+v) = %q, want %q", tt.s.Maneuver, got, tt.want)
			}
		})
	}
}

func TestMode(t *testing.T) {
	tests := []struct {
		mode string
		p    route.Profile
		want string
	}{
		{"cycling", route.Cycling, ""},
		{"", route.Cycling, ""},
		{"pushing bike", route.Cycling, "pushing bike"},
		{"train", route.Cycling, "by train"},
		{"ferry", route.Cycling, "by ferry"},
		{"ferry", route.Driving, "by ferry"},
		{"driving", route.Driving, ""},
		{"walking", route.Walking, ""},
	}
	for _, tt := range tests {
		if got := Mode(route.Step{Mode: tt.mode}, tt.p); got != tt.want {
			t.Errorf("Mode(%q, %s) = %q, want %q", tt.mode, tt.p, got, tt.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{1, "1st"}, {2, "2nd"}, {3, "3rd"}, {4, "4th"}, {11, "11th"}, {12, "12th"}, {13, "13th"}, {21, "21st"}, {22, "22nd"}, {111, "111th"}}
	for _, tt := range tests {
		if got := ordinal(tt.n); got != tt.want {
			t.Errorf("ordinal(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestDistanceDuration(t *testing.T) {
	dist := []struct {
		m    float64
		want string
	}{{0, "0 m"}, {42, "40 m"}, {349, "350 m"}, {999, "1.0 km"}, {1234, "1.2 km"}, {12345, "12 km"}, {-1, "–"}}
	for _, tt := range dist {
		if got := Distance(tt.m); got != tt.want {
			t.Errorf("Distance(%v) = %q, want %q", tt.m, got, tt.want)
		}
	}
	dur := []struct {
		s    float64
		want string
	}{{0, "0 s"}, {45, "45 s"}, {90, "2 min"}, {3599, "1 h 00 min"}, {3900, "1 h 05 min"}, {7200, "2 h 00 min"}}
	for _, tt := range dur {
		if got := Duration(tt.s); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func BenchmarkText(b *testing.B) {
	steps := []route.Step{
		step("turn", "left", 0, "Landstrasse", ""),
		step("roundabout", "right", 2, "Zollstrasse", "28"),
		{Name: "Landstrasse", Maneuver: route.Maneuver{Type: route.Depart, BearingAfter: 90}},
		step("arrive", "right", 0, "", ""),
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Text(steps[i%len(steps)], Position{Leg: 0, Legs: 2})
	}
}
