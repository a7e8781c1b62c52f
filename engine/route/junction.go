package route

import "math"

// Silent maneuver types: a junction the route passes without an
// instruction. Their drafts fold into the step before (steps_post.go); no
// finished step has one.
const (
	// suppressed is a junction with other roads (OSRM's Suppressed).
	suppressed ManeuverType = 254 + iota
	// noTurn is a junction of only the road in and the road out, where
	// nothing changes that is announced (OSRM's NoTurn: its graph has no
	// intersection there).
	noTurn
)

// junction is what guidance knows of the route's way through a junction
// off roundabouts: the turn it makes and the other roads it could take.
type junction struct {
	angle       float64   // turn angle, degrees, negative to the left
	otherAngles []float64 // turn angles of the other enterable roads (not the way back)
	others      int       // how many there are
	straight    int       // how many of them within 35° of straight on
	roads       int       // roads at the junction, the way in included
	closedAhead int       // other roads, closed to the route, within 90° of straight on
	closed      []float64 // turn angles of the other roads closed to the route
	from, to    Class     // the roads' classes, in and out
	sameName    bool      // the same name and ref in and out
	unnamed     bool      // the road out has neither name nor ref
	modeChange  bool      // onto or off a ferry
}

// addOther records another enterable road, at turn angle a.
func (j *junction) addOther(a float64) {
	j.others++
	j.otherAngles = append(j.otherAngles, a)
	if math.Abs(a) < 35 {
		j.straight++
	}
}

// maneuver classifies the junction (the rules in steps.go's doc): the type
// and modifier of its step, or suppressed where the route goes on without
// one.
func (j *junction) maneuver() (ManeuverType, Modifier) {
	a := math.Abs(j.angle)
	same := j.sameName
	if same && j.unnamed {
		// unnamed to unnamed: the same road only when it is the straightest way on
		same = !hasStraighter(j.angle, j.otherAngles) && a < 35
	}
	typ := suppressed
	switch {
	case j.modeChange:
		// onto or off a ferry, whatever the names (OSRM's
		// getInstructionForObvious: needs_notification)
		typ = Notification
	case j.to.IsLink() && !j.from.IsLink():
		typ = OnRamp
		if j.from.IsHighway() {
			typ = OffRamp
		}
	case j.from.IsLink() && j.to.IsHighway() && !j.to.IsLink():
		typ = Merge
	case j.from.IsLink() && j.to.IsLink():
		if j.others > 0 && a < 45 && j.straight > 0 {
			typ = Fork
		}
	case j.others == 0:
		if !same {
			// the only way on is obvious, a name change, when no other
			// road meets the junction, or it bends at most 60° (OSRM's
			// GROUP_ANGLE), or no closed road leaves within 90° of
			// straight on either (findObviousTurn); else a turn
			typ = NewName
			if a > 60 && j.closedAhead > 0 {
				typ = Turn
			}
		}
	case same && (a < 35 || j.obviousBend()):
		// staying on the road
	case same:
		typ = Continue
	case a < 45 && j.straight > 0 && !hasStraighter(j.angle, j.otherAngles):
		typ = Fork
	case a >= 45 && a <= 135 && j.straight == 0 && j.roads == 3 && oppositeSide(j.angle, j.otherAngles):
		typ = EndOfRoad
	default:
		typ = Turn
		if a < 15 {
			typ = NewName
		}
	}
	mod := modifierOf(j.angle)
	switch typ {
	case Fork, Merge, OnRamp, OffRamp:
		if mod == Straight {
			mod = SlightRight
			if j.angle < 0 || (typ == Fork && forkLeft(j.angle, j.otherAngles)) {
				mod = SlightLeft
			}
		}
	case EndOfRoad:
		mod = plain(j.angle < 0)
	}
	return typ, mod
}

// obviousBend reports whether staying on the road, bending by the turn
// angle, is obvious: every other road, enterable or not (closed ones from
// a bend of 40°), leaves at more than twice the angle and 12.5° more
// (OSRM's findObviousTurn for a continuing road: IsDistinctTurn,
// DISTINCTION_RATIO).
func (j *junction) obviousBend() bool {
	a := math.Abs(j.angle)
	distinct := func(b float64) bool { return math.Abs(b) > 2*a && math.Abs(b)-a > 12.5 }
	for _, b := range j.otherAngles {
		if !distinct(b) {
			return false
		}
	}
	for _, b := range j.closed {
		if a >= 40 && !distinct(b) {
			return false
		}
	}
	return a < 90
}

// hasStraighter reports whether another road goes on clearly straighter
// (within 10°) than a turn of angle degrees of more than 20°.
func hasStraighter(angle float64, others []float64) bool {
	for _, a := range others {
		if math.Abs(a) < 10 && math.Abs(angle) > 20 {
			return true
		}
	}
	return false
}

// oppositeSide reports whether another road leaves at 45° or more on the
// other side than the turn.
func oppositeSide(angle float64, others []float64) bool {
	for _, a := range others {
		if (a < 0) != (angle < 0) && math.Abs(a) >= 45 {
			return true
		}
	}
	return false
}

// forkLeft reports whether the chosen branch is the left one of a fork.
func forkLeft(angle float64, others []float64) bool {
	for _, a := range others {
		if math.Abs(a) < 45 && a > angle {
			return true
		}
	}
	return false
}
