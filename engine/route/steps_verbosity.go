package route

// The verbosity pass (steps.go's pass 4), after OSRM's
// suppressShortNameSegments (engine/guidance/verbosity_reduction.cpp).

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
