package route

// ManeuverType is the kind of a step's maneuver; String gives its OSRM v5
// name ("turn", "new name", ...).
type ManeuverType uint8

// Maneuver types (steps.go says when each is used).
const (
	Depart ManeuverType = iota
	Arrive
	Turn
	NewName
	Continue
	Merge
	OnRamp
	OffRamp
	Fork
	EndOfRoad
	Roundabout
	Rotary
	ExitRoundabout
	ExitRotary
	// Types of OSRM's vocabulary this engine does not emit (clients such
	// as the window's instructions still word them), but Notification: a
	// change of mode, onto or off a ferry.
	RoundaboutTurn
	Notification
	UseLane
)

var maneuverNames = [...]string{
	Depart: "depart", Arrive: "arrive", Turn: "turn", NewName: "new name", Continue: "continue",
	Merge: "merge", OnRamp: "on ramp", OffRamp: "off ramp", Fork: "fork", EndOfRoad: "end of road",
	Roundabout: "roundabout", Rotary: "rotary", ExitRoundabout: "exit roundabout", ExitRotary: "exit rotary",
	RoundaboutTurn: "roundabout turn", Notification: "notification", UseLane: "use lane",
}

// String returns OSRM's name of t.
func (t ManeuverType) String() string {
	if int(t) < len(maneuverNames) {
		return maneuverNames[t]
	}
	return "turn"
}

// Modifier is the direction of a maneuver; String gives its OSRM v5 name
// ("slight left", ...), "" for NoModifier.
type Modifier uint8

// Maneuver modifiers.
const (
	NoModifier Modifier = iota
	UTurn
	SharpRight
	Right
	SlightRight
	Straight
	SlightLeft
	Left
	SharpLeft
)

var modifierNames = [...]string{
	NoModifier: "", UTurn: "uturn", SharpRight: "sharp right", Right: "right", SlightRight: "slight right",
	Straight: "straight", SlightLeft: "slight left", Left: "left", SharpLeft: "sharp left",
}

// String returns OSRM's name of m ("" for NoModifier).
func (m Modifier) String() string {
	if int(m) < len(modifierNames) {
		return modifierNames[m]
	}
	return ""
}

// slight, plain and sharp return the modifier of that strength to the left
// or right.
func slight(left bool) Modifier { return pick(left, SlightLeft, SlightRight) }
func plain(left bool) Modifier  { return pick(left, Left, Right) }
func sharp(left bool) Modifier  { return pick(left, SharpLeft, SharpRight) }

func pick(left bool, l, r Modifier) Modifier {
	if left {
		return l
	}
	return r
}
