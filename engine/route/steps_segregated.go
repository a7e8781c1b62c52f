package route

// Divided roads in steps (steps.go's pass 3, OSRM's
// collapseSegregatedTurnInstructions): a route crossing a divided road's
// intersection turns twice, onto the short road between the carriageways
// and off it; the two turns become one.

// collapseSegregated merges each step onto a road inside a divided
// road's intersection with the step after it.
func collapseSegregated(ss []rstep) []rstep {
	if ss[0].hasTurnType() || ss[len(ss)-1].hasTurnType() || !ss[0].isWaypoint() || !ss[len(ss)-1].isWaypoint() || len(ss) <= 2 {
		return ss
	}
	cur, next, last := 1, 2, len(ss)-1
	for next != last {
		prev := prevTurn(ss, cur)
		c, n := &ss[cur], &ss[next]
		switch {
		case c.segregated && n.segregated:
			combine(c, n, func(at, after *rstep) {
				if at.is(tEndOfRoad) || after.is(tEndOfRoad) {
					at.ins.typ = tEndOfRoad
				}
			}, true, true)
			next++
		case c.segregated && !n.segregated && !c.ins.typ.isRoundabout() && !n.ins.typ.isRoundabout():
			ci, no := &c.inters[0], &n.inters[0]
			if bearingsReversed(reverseBearing(float64(ci.bearings[ci.in])), float64(no.bearings[no.out])) {
				combine(c, n, fixedInstruction(instr{tContinue, mUTurn}), true, false)
			} else {
				combine(c, n, segregatedTurn(&ss[prev]), true, false)
			}
			c.segregated = false
			next++
		default:
			cur = next
			next++
		}
	}
	return removeNoTurns(ss)
}

// isWiderStraight reports whether angle is straight on in a wide sense.
func isWiderStraight(angle float64) bool { return angle >= 125 && angle <= 235 }

// straightestIntersectingTurn returns the angle of the turn closest to
// straight on of the roads a step's maneuver does not take.
func straightestIntersectingTurn(s *rstep) float64 {
	x := &s.inters[0]
	in := reverseBearing(float64(x.bearings[x.in]))
	best, bestDelta := 360.0, 360.0
	for i, b := range x.bearings {
		if i == x.in || i == x.out || !x.entry[i] {
			continue
		}
		t := angleBetween(in, float64(b))
		if d := angularDeviation(t, straightAngle); d < bestDelta {
			best, bestDelta = t, d
		}
	}
	return best
}

// hasStraightestTurn reports whether a step's maneuver is the straightest
// way on at its intersection (OSRM's hasStraightestTurn).
func hasStraightestTurn(s *rstep) bool {
	x := &s.inters[0]
	path := angleBetween(reverseBearing(float64(x.bearings[x.in])), float64(x.bearings[x.out]))
	if !isWiderStraight(path) {
		return false
	}
	other := straightestIntersectingTurn(s)
	if angularDeviation(path, other) > 10 {
		return angularDeviation(path, straightAngle) <= angularDeviation(other, straightAngle)
	}
	return true
}

// segregatedTurn is the instruction of two turns through a divided road's
// intersection, prior being the step before (OSRM's
// SegregatedTurnStrategy).
func segregatedTurn(prior *rstep) func(at, after *rstep) {
	return func(at, after *rstep) {
		update := true
		angle := angleBetween(float64(at.before), float64(after.after))
		dir := direction(angle)
		straightStep := func(s *rstep) bool {
			return (s.is(tNewName) || s.is(tContinue) || s.is(tSuppressed) || s.is(tTurn)) &&
				(s.has(mStraight) || s.has(mSlightLeft) || s.has(mSlightRight))
		}
		turnStep := func(s *rstep) bool {
			return s.is(tTurn) || s.is(tContinue) || s.is(tNewName) || s.is(tSuppressed)
		}
		sameOrNew := func() ttype {
			if haveSameName(prior, after) {
				return tSuppressed
			}
			return tNewName
		}
		switch {
		case at.is(tEndOfRoad) || after.is(tEndOfRoad):
			at.ins.typ = tEndOfRoad
		case at.is(tFork):
			update = false
		case dir == mStraight && straightStep(after):
			at.ins.typ = sameOrNew()
		case isWiderStraight(angle) && len(at.inters) == 1 && hasStraightestTurn(at) && hasStraightestTurn(after):
			at.ins.typ = sameOrNew()
			at.ins.mod = mStraight
			update = false
		case dir != mStraight && turnStep(after):
			at.ins.typ = tTurn
		default:
			at.ins.typ = after.ins.typ
		}
		if update {
			at.ins.mod = dir
		}
	}
}
