package route

// The collapse pass (steps.go's pass 2), after OSRM's
// collapseTurnInstructions (engine/guidance/collapse_turns.cpp,
// collapse_scenario_detection.cpp), and the verbosity pass (pass 4), after
// its suppressShortNameSegments (verbosity_reduction.cpp).

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
// assembled drafts (silent ones in place): of its scenarios, name
// oscillations (isNameOszillation): on road X, a name change onto Y, then
// one back onto X (or onto no name at a junction passed without a step),
// whatever their lengths: both go, the route stays on X. A merged draft
// becomes noTurn, which foldSilent folds into the step before.
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
		if prev := prevTurn(ds, cur); isNameOscillation(&ds[prev], c, &ds[next]) {
			c.step.Maneuver.Type, ds[next].step.Maneuver.Type = noTurn, noTurn
		}
	}
	return ds
}

// isNameOscillation reports whether entering and leaving, the steps after
// prior, change the name and change it back (OSRM's isNameOszillation):
// entering a new name or a straight turn, leaving one too or a junction
// passed without a step onto no name, and leaving on prior's road.
func isNameOscillation(prior, entering, leaving *draft) bool {
	if !collapsible(prior, entering, leaving) {
		return false
	}
	nameChange := func(d *draft) bool {
		m := d.step.Maneuver
		return m.Type == NewName || m.Type == Turn && m.Modifier == Straight
	}
	unnamed := func(s *Step) bool { return s.Name == "" && s.Ref == "" }
	if !nameChange(entering) || !nameChange(leaving) && !(leaving.typ() == suppressed && unnamed(&leaving.step)) {
		return false
	}
	p, l := &prior.step, &leaving.step
	return p.Name == l.Name && p.Ref == l.Ref && p.Destinations == l.Destinations || haveSameName(p, l)
}

// collapsible reports whether three steps in a row may be merged at all
// (OSRM's basicCollapsePreconditions): none at a roundabout, all in one
// mode, and no u-turn but one next to a name change.
func collapsible(a, b, c *draft) bool {
	for _, d := range []*draft{a, b, c} {
		if d.typ().isRoundabout() || d.step.Mode != a.step.Mode {
			return false
		}
	}
	return !badUTurn(a, b) || !badUTurn(b, c)
}

// badUTurn reports whether a u-turn in a and b, two steps in a row, stops
// them being merged: unless it comes right before or after a name change
// (OSRM's noBadUTurnCombination, negated).
func badUTurn(a, b *draft) bool {
	ua, ub := a.step.Maneuver.Modifier == UTurn, b.step.Maneuver.Modifier == UTurn
	return (ua || ub) && !(a.typ() == NewName && ub) && !(ua && b.typ() == NewName)
}

// nameSegmentCutoff (meters) is OSRM's NAME_SEGMENT_CUTOFF_LENGTH: a name
// the route keeps for less is not announced.
const nameSegmentCutoff = 105.0

// haveSameName reports whether two steps are on the same road as OSRM's
// haveSameName sees it: both named (or with a ref), and no change of name
// announced between them (nameAnnounced).
func haveSameName(a, b *Step) bool {
	if a.Name == "" && a.Ref == "" || b.Name == "" && b.Ref == "" {
		return false
	}
	return a.Name == b.Name && a.Ref == b.Ref || !nameAnnounced(a.Name, a.Ref, b.Name, b.Ref)
}

// suppressShortNameChanges drops a "new name" step that announces the name
// of the last step kept before it, or a name the route keeps for less than
// nameSegmentCutoff, in the same mode (OSRM's suppressShortNameSegments):
// the step before goes on over it. A notification (a change of mode) and
// every other maneuver stay. It works on folded drafts; the arrival keeps
// its own name.
func suppressShortNameChanges(ds []draft) []draft {
	prev := 0
	for cur := 1; cur < len(ds) && ds[cur].typ() != Arrive; cur++ {
		c := &ds[cur]
		if c.typ() == NewName && c.step.Mode == ds[prev].step.Mode &&
			(haveSameName(&ds[prev].step, &c.step) || c.dist < nameSegmentCutoff) {
			c.step.Maneuver.Type = noTurn
			continue
		}
		prev = cur
	}
	return foldSilent(ds)
}
