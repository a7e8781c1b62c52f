// Package instructions turns OSRM v5 route steps (maneuver type, modifier,
// roundabout exit, road name and ref) into English turn-by-turn sentences
// such as "Turn left onto Landstrasse", and formats distances and durations
// for people ("350 m", "1 h 05 min").
//
// Design choices: the wording follows the OSRM text-instructions v5 English
// set (the phrasing users of OSRM-based apps know), slightly shortened; an
// unknown maneuver type falls back to the wording of "turn" as
// OSRM's clients do, so a newer engine never leaves a step without text.
// The package imports no GUI code and is tested on its own.
package instructions

import (
	"fmt"
	"math"
	"strings"

	"waymark/engine/route"
)

// Position tells which arrival a step is: the final one or a via stop.
type Position struct {
	Leg  int // index of the step's leg
	Legs int // number of legs of the route
}

// Text returns the instruction of step s ("Turn left onto Landstrasse").
func Text(s route.Step, pos Position) string {
	m := s.Maneuver
	way := wayName(s)
	onto := ""
	switch {
	case strings.HasPrefix(way, "towards "):
		onto = " " + way
	case way != "":
		onto = " onto " + way
	}
	mod := m.Modifier
	switch m.Type {
	case route.Depart:
		dir := compass(m.BearingAfter)
		if way != "" {
			return fmt.Sprintf("Head %s on %s", dir, way)
		}
		return "Head " + dir
	case route.Arrive:
		what := "your destination"
		if pos.Legs > 1 && pos.Leg < pos.Legs-1 {
			what = fmt.Sprintf("stop %d", pos.Leg+2)
		}
		side := ""
		if s := sideOf(mod); s != "" {
			side = ", on the " + s
		}
		return "You have arrived at " + what + side
	case route.NewName:
		if way == "" {
			return "Continue"
		}
		return "Continue onto " + way
	case route.Continue:
		switch mod {
		case route.UTurn:
			return "Make a U-turn" + onto
		case route.NoModifier, route.Straight:
			return "Continue straight" + onto
		}
		return "Continue " + mod.String() + onto
	case route.Merge:
		if side := sideOf(mod); side != "" {
			return "Merge " + side + onto
		}
		return "Merge" + onto
	case route.OnRamp:
		if side := sideOf(mod); side != "" {
			return "Take the ramp on the " + side + onto
		}
		return "Take the ramp" + onto
	case route.OffRamp:
		if side := sideOf(mod); side != "" {
			return "Take the exit on the " + side + onto
		}
		return "Take the exit" + onto
	case route.Fork:
		switch side := sideOf(mod); side {
		case "":
			return "Keep straight at the fork" + onto
		default:
			return "Keep " + side + " at the fork" + onto
		}
	case route.EndOfRoad:
		if mod == route.UTurn {
			return "Make a U-turn at the end of the road" + onto
		}
		return "Turn " + orDefault(mod.String(), "straight") + " at the end of the road" + onto
	case route.Roundabout, route.Rotary:
		what := "the roundabout"
		if m.Type == route.Rotary && s.RotaryName != "" {
			what = s.RotaryName
		}
		if m.Exit > 0 {
			return fmt.Sprintf("Enter %s and take the %s exit%s", what, ordinal(m.Exit), onto)
		}
		return "Enter " + what + onto
	case route.RoundaboutTurn:
		if mod == route.NoModifier || mod == route.Straight {
			return "At the roundabout, continue straight" + onto
		}
		return "At the roundabout, turn " + mod.String() + onto
	case route.ExitRoundabout, route.ExitRotary:
		return "Exit the roundabout" + onto
	case route.Notification, route.UseLane:
		if mod == route.NoModifier || mod == route.Straight {
			return "Continue straight" + onto
		}
		return "Continue " + mod.String() + onto
	}
	// "turn" and unknown types.
	switch mod {
	case route.UTurn:
		return "Make a U-turn" + onto
	case route.Straight, route.NoModifier:
		return "Go straight" + onto
	}
	return "Turn " + mod.String() + onto
}

// Mode says how step s travels when that is not the profile's own way
// ("pushing bike", "by train", "by ferry"); "" otherwise.
func Mode(s route.Step, p route.Profile) string {
	switch s.Mode {
	case "", p.String():
		return ""
	case "train", "ferry":
		return "by " + s.Mode
	}
	return s.Mode
}

// wayName is "Name (ref)", the name or the ref alone, or "towards X" for an
// unnamed road with destination signs.
func wayName(s route.Step) string {
	name, ref := strings.TrimSpace(s.Name), strings.TrimSpace(s.Ref)
	switch {
	case name != "" && ref != "" && !strings.Contains(name, ref):
		return name + " (" + ref + ")"
	case name != "":
		return name
	case ref != "":
		return ref
	case s.Destinations != "":
		return "towards " + s.Destinations
	}
	return ""
}

// sideOf is "left" or "right" for a modifier to that side, else "".
func sideOf(mod route.Modifier) string {
	switch mod {
	case route.Left, route.SlightLeft, route.SharpLeft:
		return "left"
	case route.Right, route.SlightRight, route.SharpRight:
		return "right"
	}
	return ""
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// compass names a bearing (degrees clockwise from north) with one of the
// eight compass directions.
func compass(bearing int) string {
	dirs := [...]string{"north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"}
	b := ((bearing % 360) + 360) % 360
	return dirs[int(math.Round(float64(b)/45))%8]
}

// ordinal returns "1st", "2nd", "3rd", "4th", … "11th", "21st".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Distance formats meters for people: "80 m", "350 m", "1.2 km", "12 km".
func Distance(m float64) string {
	switch {
	case math.IsNaN(m) || m < 0:
		return "–"
	case m < 100:
		return fmt.Sprintf("%.0f m", math.Round(m/5)*5)
	case m < 950:
		return fmt.Sprintf("%.0f m", math.Round(m/10)*10)
	case m < 10000:
		return fmt.Sprintf("%.1f km", m/1000)
	}
	return fmt.Sprintf("%.0f km", m/1000)
}

// Duration formats seconds for people: "45 s", "12 min", "1 h 05 min".
func Duration(s float64) string {
	switch {
	case math.IsNaN(s) || s < 0:
		return "–"
	case s < 60:
		return fmt.Sprintf("%.0f s", s)
	}
	min := int(math.Round(s / 60))
	if min < 60 {
		return fmt.Sprintf("%d min", min)
	}
	return fmt.Sprintf("%d h %02d min", min/60, min%60)
}
