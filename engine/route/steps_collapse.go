package route

import "math"

// The collapse pass (steps.go's pass 2), after OSRM's
// collapseTurnInstructions (engine/guidance/collapse_turns.cpp,
// collapse_scenario_detection.cpp): of its scenarios, name oscillations
// and a maneuver followed closely by a change of name. Its staggered
// intersections, u-turns over short links, sliproads and the scenarios
// on suppressed directions are not reproduced.

// maxCollapseDistance (meters) is OSRM's MAX_COLLAPSE_DISTANCE: steps this
// short may merge with the next.
const maxCollapseDistance = 30.0

// isRoundabout reports whether t enters, exits or turns at a roundabout.
func (t ManeuverType) isRoundabout() bool {
	switch t {
	case Roundabout, Rotary, ExitRoundabout, ExitRotary, RoundaboutTurn:
		return true
	}
	return false
}

// nextTurn returns the index of the first draft after k that is not noTurn
// (OSRM's findNextTurn: a suppressed junction counts); the arrival at the
// latest.
func nextTurn(ds []draft, k int) int {
	k++
	for k < len(ds)-1 && ds[k].typ() == noTurn {
		k++
	}
	return k
}

// prevTurn returns the index of the last draft before k that is not
// noTurn (OSRM's findPreviousTurn); the departure at the earliest.
func prevTurn(ds []draft, k int) int {
	k--
	for k > 0 && ds[k].typ() == noTurn {
		k--
	}
	return k
}

// collapseTurns merges steps OSRM's collapseTurnInstructions merges, on the
// assembled drafts (silent ones in place):
//   - name oscillations (isNameOszillation): on road X, a name change onto
//     Y, then one back onto X (or onto no name at a junction passed
//     without a step), whatever their lengths: both go, the route stays on
//     X;
//   - a maneuver followed closely by a change of name
//     (maneuverSucceededByNameChange): the maneuver takes the name (and
//     the combined direction, combineTurn) and the name change goes.
//
// A merged draft becomes noTurn, which foldSilent folds into the step
// before.
func collapseTurns(ds []draft) []draft {
	for cur := 1; cur+1 < len(ds); cur++ {
		c := &ds[cur]
		if c.typ() == noTurn || c.typ().isRoundabout() {
			continue
		}
		next := nextTurn(ds, cur)
		if ds[next].typ() == Arrive {
			break
		}
		if c.step.Mode != ds[next].step.Mode {
			continue
		}
		prev := prevTurn(ds, cur)
		switch n := &ds[next]; {
		case isNameOscillation(&ds[prev], c, n):
			c.step.Maneuver.Type, n.step.Maneuver.Type = noTurn, noTurn
		case succeededByNameChange(c, n, spanLength(ds, cur, next)):
			combineTurn(&ds[prev].step, c, n, spanLength(ds, cur, next))
			n.step.Maneuver.Type = noTurn
		}
	}
	return ds
}

// spanLength returns the meters from draft k to draft next (over the
// noTurn drafts between, which OSRM's graph does not have).
func spanLength(ds []draft, k, next int) float64 {
	d := 0.0
	for ; k < next; k++ {
		d += ds[k].dist
	}
	return d
}

// isNameOscillation reports whether entering and leaving, the steps after
// prior, change the name and change it back (OSRM's isNameOszillation):
// entering a new name or a straight turn, leaving one too or a junction
// passed without a step onto no name, and leaving on prior's road.
func isNameOscillation(prior, entering, leaving *draft) bool {
	if !collapsible(prior, entering, leaving) {
		return false
	}
	unnamed := func(s *Step) bool { return s.Name == "" && s.Ref == "" }
	if !isNameChange(entering) || !isNameChange(leaving) && !(leaving.typ() == suppressed && unnamed(&leaving.step)) {
		return false
	}
	p, l := &prior.step, &leaving.step
	return p.Name == l.Name && p.Ref == l.Ref && p.Destinations == l.Destinations || haveSameName(p, l)
}

// isNameChange reports whether d changes the road's name only: a new name,
// or a straight turn or continue.
func isNameChange(d *draft) bool {
	m := d.step.Maneuver
	return m.Type == NewName || (m.Type == Turn || m.Type == Continue) && m.Modifier == Straight
}

// succeededByNameChange reports whether maneuver c, dist meters long, is
// followed by a change of name next close enough to be one maneuver
// (OSRM's maneuverSucceededByNameChange): c is at most
// maxCollapseDistance long and passes no other road, or next is a
// straight new name, or one at a junction with no other way on, within
// 1.5 times that.
func succeededByNameChange(c, next *draft, dist float64) bool {
	if !collapsible(c, next) || c.typ() == suppressed || c.typ() == Depart {
		return false
	}
	short := dist <= maxCollapseDistance && undisturbed(c)
	near := dist <= 1.5*maxCollapseDistance && next.typ() == NewName &&
		(next.step.Maneuver.Modifier == Straight || allowedTurns(next) == 1)
	return (short || near) && isNameChange(next)
}

// undisturbed reports whether a step passes no junction with another road
// after its maneuver (OSRM's noIntermediaryIntersections).
func undisturbed(d *draft) bool {
	for _, x := range d.inter[min(1, len(d.inter)):] {
		if len(x.Entry) != 2 {
			return false
		}
	}
	return true
}

// allowedTurns counts the roads a step's maneuver may take (OSRM's
// numberOfAllowedTurns).
func allowedTurns(d *draft) int {
	n := 0
	if len(d.inter) > 0 {
		for _, e := range d.inter[0].Entry {
			if e {
				n++
			}
		}
	}
	return n
}

// combineTurn makes maneuver c, dist meters long, the one maneuver of c
// and the change of name next after it, prior being the step before c:
// c takes next's names and the combined direction, and its type follows
// what the two together do (OSRM's combineRouteSteps with
// AdjustToCombinedTurnStrategy and TransferSignageStrategy).
func combineTurn(prior *Step, c, next *draft, dist float64) {
	m, nm := &c.step.Maneuver, next.step.Maneuver
	mod := modifierOf(combinedAngle(m, &nm, dist))
	switch m.Type {
	case Fork, Merge, OnRamp, OffRamp:
		// their direction is the branch's, whatever comes after
		mod = m.Modifier
	}
	// next changes the name only: a turn back onto prior's road continues
	// it, a continue onto another road turns
	same := haveSameName(prior, &next.step)
	switch {
	case m.Type == Continue && !same:
		m.Type = Turn
	case m.Type == Turn && same:
		m.Type = Continue
	}
	m.Modifier = mod
	c.step.Name, c.step.Ref, c.step.Destinations = next.step.Name, next.step.Ref, next.step.Destinations
}

// combinedAngle returns the turn angle of maneuver a followed, dist meters
// later, by b (OSRM's findTotalTurnAngle): from a's way in to b's way out
// when they turn the same way or a is short, but not when that turns
// round; else a's own angle.
func combinedAngle(a, b *Maneuver, dist float64) float64 {
	entry := turnAngle(float64(a.BearingBefore), float64(a.BearingAfter))
	exit := turnAngle(float64(b.BearingBefore), float64(b.BearingAfter))
	total := turnAngle(float64(a.BearingBefore), float64(b.BearingAfter))
	switch {
	case math.Abs(total) > 180-0.5*40: // near a u-turn (NARROW_TURN_ANGLE)
		return entry
	case dist < maxCollapseDistance, entry >= -5 && exit >= -5, entry <= 5 && exit <= 5:
		return total
	}
	return entry
}

// collapsible reports whether steps in a row may be merged at all (OSRM's
// basicCollapsePreconditions): none at a roundabout or the arrival, all
// in one mode, and no u-turn but one next to a name change.
func collapsible(ds ...*draft) bool {
	for _, d := range ds {
		if d.typ().isRoundabout() || d.typ() == Arrive || d.step.Mode != ds[0].step.Mode {
			return false
		}
	}
	for k := 1; k < len(ds); k++ {
		if !badUTurn(ds[k-1], ds[k]) {
			return true
		}
	}
	return len(ds) < 2
}

// badUTurn reports whether a u-turn in a and b, two steps in a row, stops
// them being merged: unless it comes right before or after a name change
// (OSRM's noBadUTurnCombination, negated).
func badUTurn(a, b *draft) bool {
	ua, ub := a.step.Maneuver.Modifier == UTurn, b.step.Maneuver.Modifier == UTurn
	return (ua || ub) && !(a.typ() == NewName && ub) && !(ua && b.typ() == NewName)
}
