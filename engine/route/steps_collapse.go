package route

// The collapse pass (steps.go's pass 6, OSRM's collapseTurnInstructions,
// engine/guidance/collapse_turns.cpp and collapse_scenario_detection.cpp):
// turns in quick succession that a driver makes as one become one step.

// maxCollapseDistance (meters) is OSRM's MAX_COLLAPSE_DISTANCE.
const maxCollapseDistance = 30.0

// nextTurn returns the index of the first step after k with a turn type
// or a waypoint (OSRM's findNextTurn).
func nextTurn(ss []rstep, k int) int {
	k++
	for k < len(ss)-1 && !ss[k].hasTurnType() && !ss[k].isWaypoint() {
		k++
	}
	return k
}

// prevTurn returns the index of the last such step before k (OSRM's
// findPreviousTurn).
func prevTurn(ss []rstep, k int) int {
	k--
	for k > 0 && !ss[k].hasTurnType() && !ss[k].isWaypoint() {
		k--
	}
	return k
}

func (s *rstep) is(t ttype) bool   { return s.ins.typ == t }
func (s *rstep) has(m dmod) bool   { return s.ins.mod == m }
func (s *rstep) allowedTurns() int { return countTrue(s.inters[0].entry) }
func (s *rstep) availableTurns() int {
	return len(s.inters[0].entry)
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// noIntermediary reports whether s passes no intersection of more than
// two roads after its maneuver.
func (s *rstep) noIntermediary() bool {
	for _, x := range s.inters[1:] {
		if len(x.entry) != 2 {
			return false
		}
	}
	return true
}

func (s *rstep) shortAndUndisturbed() bool {
	return s.dist <= maxCollapseDistance && s.noIntermediary()
}

// trafficLight reports whether s is a suppressed node of two roads, one
// way on (OSRM's isTrafficLightStep).
func (s *rstep) trafficLight() bool {
	return s.is(tSuppressed) && s.availableTurns() == 2 && s.allowedTurns() == 1
}

// sameSide reports whether two steps turn to the same side, straight
// counting as either.
func sameSide(a, b *rstep) bool {
	isLeft := func(s *rstep) bool { return s.has(mStraight) || s.ins.mod.left() }
	isRight := func(s *rstep) bool { return s.has(mStraight) || s.ins.mod.right() }
	return isLeft(a) && isLeft(b) || isRight(a) && isRight(b)
}

// noBadUTurn reports whether two steps in a row hold no u-turn, but one
// next to a new name (OSRM's noBadUTurnCombination).
func noBadUTurn(a, b *rstep) bool {
	has := a.has(mUTurn) || b.has(mUTurn)
	return !has || a.is(tNewName) && b.has(mUTurn) || b.is(tNewName) && a.has(mUTurn)
}

// sameMode reports whether two steps are in one mode; a removed step is
// in none (OSRM's inaccessible mode).
func sameMode(a, b *rstep) bool {
	return a.ferry == b.ferry && a.mode == b.mode && a.invalid() == b.invalid()
}

// precond2 and precond3 are OSRM's basicCollapsePreconditions.
func precond2(a, b *rstep) bool {
	return !a.ins.typ.isRoundabout() && !b.ins.typ.isRoundabout() && !a.isWaypoint() && !b.isWaypoint() &&
		sameMode(a, b) && noBadUTurn(a, b)
}

func precond3(a, b, c *rstep) bool {
	return !a.ins.typ.isRoundabout() && !b.ins.typ.isRoundabout() && !c.ins.typ.isRoundabout() &&
		sameMode(a, b) && sameMode(b, c) && !(!noBadUTurn(a, b) && !noBadUTurn(b, c))
}

// stepAngle returns the turn angle of a step's maneuver from its
// intersection's bearings.
func stepAngle(s *rstep) float64 {
	x := &s.inters[0]
	return angleBetween(reverseBearing(float64(x.bearings[x.in])), float64(x.bearings[x.out]))
}

func staggered(prior, entering, leaving *rstep) bool {
	if entering.ins.typ.entersRoundabout() || leaving.ins.typ.entersRoundabout() {
		return false
	}
	isRight := func(a float64) bool { return a > 45 && a < 135 }
	isLeft := func(a float64) bool { return a > 225 && a < 315 }
	ae, al := stepAngle(entering), stepAngle(leaving)
	lr := isLeft(ae) && isRight(al)
	rl := isRight(ae) && isLeft(al)
	modeChange := prior.ferry == leaving.ferry && entering.ferry != leaving.ferry
	entering0 := prior.ferry != entering.ferry
	return entering.dist < 3 && (lr || rl) && !modeChange && !entering0 && entering.noIntermediary()
}

// bearingsReversed reports whether leaving on out turns back from in
// (within 35°).
func bearingsReversed(in, out float64) bool {
	left := in + 360 - out
	if 0 <= out && out <= in {
		left = in - out
	}
	return angularDeviation(left, 180) <= 35
}

func isLinkRoadStep(pre, link, post *rstep) bool {
	return link.dist <= 2*maxCollapseDistance && link.name == "" && pre.name != "" && post.name != "" && link.noIntermediary()
}

func isUTurn(prior, entering, leaving *rstep) bool {
	if !precond3(prior, entering, leaving) {
		return false
	}
	if !entering.is(tTurn) && !entering.is(tContinue) && !entering.is(tEndOfRoad) {
		return false
	}
	ei, lo := &entering.inters[0], &leaving.inters[0]
	if !bearingsReversed(reverseBearing(float64(ei.bearings[ei.in])), float64(lo.bearings[lo.out])) {
		return false
	}
	if !haveSameName(prior, leaving) {
		return false
	}
	only := leaving.allowedTurns() == 1 && entering.noIntermediary()
	return entering.shortAndUndisturbed() || isLinkRoadStep(prior, entering, leaving) || only
}

func isNameChange(s *rstep) bool {
	return s.is(tNewName) || (s.is(tTurn) || s.is(tContinue)) && s.has(mStraight)
}

func nameOscillation(prior, entering, leaving *rstep) bool {
	if !precond3(prior, entering, leaving) {
		return false
	}
	enters := entering.is(tNewName) || entering.is(tTurn) && entering.has(mStraight)
	leaves := leaving.is(tNewName) || leaving.is(tSuppressed) && leaving.noSignage() || leaving.is(tTurn) && leaving.has(mStraight)
	if !enters || !leaves {
		return false
	}
	return prior.sameSignage(leaving) || haveSameName(prior, leaving)
}

func precededByNameChange(prior, entering, leaving *rstep) bool {
	if !precond3(prior, entering, leaving) {
		return false
	}
	return entering.shortAndUndisturbed() && isNameChange(entering) && leaving.hasTurnType() && !leaving.is(tSuppressed)
}

func precededBySuppressedDirection(entering, leaving *rstep) bool {
	if !precond2(entering, leaving) {
		return false
	}
	return entering.shortAndUndisturbed() && entering.allowedTurns() > 1 && entering.is(tSuppressed) && !entering.has(mStraight) &&
		leaving.hasTurnType() && !leaving.is(tSuppressed) && sameSide(entering, leaving)
}

func suppressedStraightBetweenTurns(entering, center, leaving *rstep) bool {
	if !precond3(entering, center, leaving) {
		return false
	}
	short := entering.dist < 0.8*maxCollapseDistance && center.dist < 0.8*maxCollapseDistance
	similar := entering.dist < 5 && center.dist < 5 ||
		min(entering.dist, center.dist)/max(entering.dist, center.dist) > 0.75
	types := center.is(tSuppressed) && center.has(mStraight) && (entering.is(tTurn) || entering.is(tContinue)) &&
		(leaving.is(tTurn) || leaving.is(tContinue) || leaving.is(tOnRamp))
	total := totalTurnAngle(entering, leaving)
	return short && similar && types && total > narrowTurnAngle && total < 360-narrowTurnAngle
}

func succeededByNameChange(entering, leaving *rstep) bool {
	if !precond2(entering, leaving) {
		return false
	}
	nameChange := isNameChange(leaving)
	maneuver := entering.hasTurnType() && !entering.is(tSuppressed)
	strong := leaving.is(tNewName) && leaving.has(mStraight) && entering.dist <= 1.5*maxCollapseDistance
	choiceless := leaving.is(tNewName) && leaving.allowedTurns() == 1 && entering.dist <= 1.5*maxCollapseDistance
	return (entering.shortAndUndisturbed() || strong || choiceless) && nameChange && maneuver
}

func succeededBySuppressedDirection(entering, leaving *rstep) bool {
	if !precond2(entering, leaving) {
		return false
	}
	return entering.shortAndUndisturbed() && leaving.is(tSuppressed) && !leaving.has(mStraight) &&
		entering.hasTurnType() && !entering.is(tSuppressed) && sameSide(entering, leaving)
}

func nameChangeAfterSuppressed(entering, leaving *rstep) bool {
	return precond2(entering, leaving) && entering.dist < 0.25*maxCollapseDistance && entering.is(tSuppressed) && leaving.is(tNewName)
}

func closeChoicelessAfterTurn(entering, leaving *rstep) bool {
	return precond2(entering, leaving) && entering.shortAndUndisturbed() && !entering.has(mStraight) &&
		leaving.allowedTurns() == 1 && !leaving.is(tSuppressed)
}

func doubleChoiceless(entering, leaving *rstep) bool {
	if !precond2(entering, leaving) {
		return false
	}
	double := leaving.allowedTurns() == 1 && len(entering.inters) == 2 && countTrue(entering.inters[1].entry) == 1
	return double && entering.dist < 1.5*maxCollapseDistance
}

func straightFollowedByChoiceless(entering, leaving *rstep) bool {
	return precond2(entering, leaving) && entering.dist <= 2*maxCollapseDistance && (entering.is(tContinue) || entering.is(tTurn)) &&
		entering.has(mStraight) && leaving.allowedTurns() == 1 && entering.noIntermediary()
}

// totalTurnAngle returns the angle from entry's way in to exit's way out
// (OSRM's totalTurnAngle).
func totalTurnAngle(entry, exit *rstep) float64 {
	if entry.pc > exit.pc {
		entry, exit = exit, entry
	}
	ex, en := &exit.inters[0], &entry.inters[0]
	if ex.out < 0 || ex.out >= len(ex.bearings) || en.in < 0 || en.in >= len(en.bearings) {
		return float64(en.bearings[max(en.out, 0)])
	}
	return angleBetween(reverseBearing(float64(en.bearings[en.in])), float64(ex.bearings[ex.out]))
}

// findTotalTurnAngle returns the angle of two turns taken as one (OSRM's
// findTotalTurnAngle): the total where they turn the same way or the
// first is short, else the first's.
func findTotalTurnAngle(entry, exit *rstep) float64 {
	if entry.pc > exit.pc {
		entry, exit = exit, entry
	}
	ex, en := &exit.inters[0], &entry.inters[0]
	exitAngle := angleBetween(reverseBearing(float64(ex.bearings[ex.in])), float64(ex.bearings[ex.out]))
	entryAngle := angleBetween(reverseBearing(float64(en.bearings[en.in])), float64(en.bearings[en.out]))
	total := angleBetween(reverseBearing(float64(en.bearings[en.in])), float64(ex.bearings[ex.out]))
	use := angularDeviation(total, 180) >= 0.5*narrowTurnAngle &&
		(entry.dist < maxCollapseDistance || entryAngle <= 185 && exitAngle <= 185 || entryAngle >= 175 && exitAngle >= 175)
	if use {
		return total
	}
	return entryAngle
}

// combine makes at one step with after, whose maneuver follows it
// (OSRM's combineRouteSteps): turn sets at's maneuver from the two,
// signage (when true) gives at after's names, lanes (when true) after's
// lanes; at then covers after.
func combine(at, after *rstep, turn func(at, after *rstep), signage, lanes bool) {
	turn(at, after)
	if signage {
		at.adaptSignage(after)
		at.rotaryName = after.rotaryName
	}
	if lanes {
		at.inters[0].lanes, at.inters[0].laneDesc = after.inters[0].lanes, after.inters[0].laneDesc
	}
	at.elongate(after)
	after.invalidate()
}

// suppressStep folds after into at unchanged.
func suppressStep(at, after *rstep) { combine(at, after, func(*rstep, *rstep) {}, false, false) }

// combinedTurnAngle gives at the direction of the two turns (OSRM's
// AdjustToCombinedTurnAngleStrategy).
func combinedTurnAngle(at, after *rstep) {
	if at.is(tFork) {
		return
	}
	at.ins.mod = direction(findTotalTurnAngle(at, after))
}

// combinedTurn gives at the type and direction of the two turns, prior
// being the step before at (OSRM's AdjustToCombinedTurnStrategy).
func combinedTurn(prior *rstep) func(at, after *rstep) {
	return func(at, after *rstep) {
		angle := findTotalTurnAngle(at, after)
		mod := direction(angle)
		if at.is(tFork) || at.is(tMerge) {
			mod = at.ins.mod
		}
		nonTurn := func(s *rstep) bool {
			return s.is(tNewName) || (s.is(tTurn) || s.is(tContinue)) && s.has(mStraight)
		}
		switch {
		case nonTurn(after) || nonTurn(at) || at.is(tSuppressed):
			switch {
			case at.is(tSuppressed):
				if mod == mStraight {
					at.ins.typ = tNewName
				} else if haveSameName(prior, after) {
					at.ins.typ = tContinue
				} else {
					at.ins.typ = tTurn
				}
			case at.is(tNewName) && after.is(tSuppressed) && mod != mStraight:
				at.ins.typ = tTurn
			case at.is(tContinue) && !haveSameName(prior, after):
				at.ins.typ = tTurn
			case at.is(tTurn) && !after.is(tSuppressed) && haveSameName(prior, after):
				at.ins.typ = tContinue
			}
		case after.is(tOnRamp):
			at.ins.typ = tOnRamp
		case at.is(tTurn) && after.is(tTurn) && haveSameName(prior, after):
			at.ins.typ = tContinue
		case at.is(tContinue) && after.is(tTurn) && !haveSameName(prior, after):
			at.ins.typ = tTurn
		}
		at.ins.mod = mod
	}
}

// staggeredTurn makes at go straight on (OSRM's StaggeredTurnStrategy).
func staggeredTurn(prior *rstep) func(at, after *rstep) {
	return func(at, after *rstep) {
		at.ins.mod = mStraight
		if haveSameName(prior, after) {
			at.ins.typ = tSuppressed
		} else {
			at.ins.typ = tNewName
		}
	}
}

// fixedInstruction sets at's instruction.
func fixedInstruction(i instr) func(at, after *rstep) {
	return func(at, _ *rstep) { at.ins = i }
}

// handleSliproad makes a sliproad step the turn it leads to (OSRM's
// handleSliproad).
func handleSliproad(ss []rstep, k int) {
	s := &ss[k]
	next := nextTurn(ss, k)
	for next < len(ss) && ss[next].trafficLight() {
		s.elongate(&ss[next])
		ss[next].invalidate()
		next = nextTurn(ss, next)
	}
	if ss[next].isWaypoint() {
		s.ins.typ = tTurn
		return
	}
	prev := prevTurn(ss, k)
	if haveSameName(&ss[prev], &ss[next]) {
		s.ins.typ = tContinue
	} else {
		s.ins.typ = tTurn
	}
	combine(s, &ss[next], combinedTurnAngle, true, true)
}

// collapseTurns merges the steps OSRM's collapseTurnInstructions merges.
func collapseTurns(ss []rstep) []rstep {
	if len(ss) <= 2 {
		return ss
	}
	for cur := 1; cur+1 < len(ss); cur++ {
		c := &ss[cur]
		if c.ins.typ.entersRoundabout() || c.ins.typ.staysOnRoundabout() {
			continue
		}
		if !c.hasTurnType() {
			continue
		}
		if c.is(tSliproad) {
			handleSliproad(ss, cur)
			continue
		}
		next := nextTurn(ss, cur)
		if ss[next].isWaypoint() {
			break
		}
		prev := prevTurn(ss, cur)
		n, p := &ss[next], &ss[prev]
		if !sameMode(c, n) {
			continue
		}
		switch {
		case staggered(p, c, n):
			combine(c, n, staggeredTurn(p), true, false)
		case isUTurn(p, c, n):
			combine(c, n, fixedInstruction(instr{tContinue, mUTurn}), true, false)
		case nameOscillation(p, c, n):
			suppressStep(c, n)
			suppressStep(p, c)
		case precededByNameChange(p, c, n) || precededBySuppressedDirection(c, n):
			combinedTurn(p)(n, c)
			suppressStep(p, c)
		case succeededByNameChange(c, n) || nameChangeAfterSuppressed(c, n) || succeededBySuppressedDirection(c, n) ||
			closeChoicelessAfterTurn(c, n):
			combine(c, n, combinedTurn(p), true, false)
		case straightFollowedByChoiceless(c, n):
			combine(c, n, combinedTurn(p), true, false)
		case suppressedStraightBetweenTurns(p, c, n):
			far := prevTurn(ss, prev)
			p.elongate(c)
			c.invalidate()
			combine(p, n, combinedTurn(&ss[far]), true, false)
		}
		nn := nextTurn(ss, cur)
		if nn < len(ss) && doubleChoiceless(c, &ss[nn]) {
			combine(c, &ss[nn], combinedTurn(p), true, false)
		}
		if !p.isWaypoint() {
			far := prevTurn(ss, prev)
			if isUTurn(&ss[far], p, c) {
				combine(p, c, fixedInstruction(instr{tContinue, mUTurn}), true, false)
			}
		}
	}
	return ss
}
