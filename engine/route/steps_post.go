package route

// The post-processing pass (steps.go's pass 3), after OSRM's
// buildIntersections and trimShortSegments (engine/guidance/
// post_processing.cpp).

// isSilent reports whether t is a junction passed without an instruction:
// its draft folds into the step before.
func (t ManeuverType) isSilent() bool { return t == suppressed || t == noTurn }

// absorb makes d cover the draft after it, next, too (OSRM's ElongateBy):
// next's length and intersections join d's. The caller drops next.
func (d *draft) absorb(next *draft) {
	d.dist += next.dist
	d.inter = append(d.inter, next.inter...)
}

// foldSilent folds every silent draft into the step before it, whose
// intersections it joins (OSRM's buildIntersections), in place; the first
// draft (depart) always stays.
func foldSilent(ds []draft) []draft {
	if len(ds) == 0 {
		return ds
	}
	out := ds[:1]
	for k := 1; k < len(ds); k++ {
		if ds[k].typ().isSilent() {
			out[len(out)-1].absorb(&ds[k])
			continue
		}
		out = append(out, ds[k])
	}
	return out
}

// plainEndOfRoad turns an "end of road" right after a step that passed no
// other intersection into a plain "turn" ("continue" onto the same name
// and ref): the T-junction then says nothing the turn does not (OSRM's buildIntersections, MIN_END_OF_ROAD_INTERSECTIONS). It
// works on folded drafts.
func plainEndOfRoad(ds []draft) {
	for k := 1; k < len(ds); k++ {
		st, prev := &ds[k].step, &ds[k-1]
		if st.Maneuver.Type != EndOfRoad || len(prev.inter) >= 2 {
			continue
		}
		st.Maneuver.Type = Turn
		if (st.Name != "" || st.Ref != "") && st.Name == prev.step.Name && st.Ref == prev.step.Ref {
			st.Maneuver.Type = Continue
		}
	}
}

// trimShortEnds drops a first step, or a step before the arrival, of at
// most 1 m: a route that starts or ends on a node, on a road it only
// touches there (OSRM's trimShortSegments). The next step then departs
// (from the leg's start); the arrival takes the name and mode of the step
// before. Lengths move to the neighbouring step, so the sums stay the
// leg's. It works on folded drafts.
func trimShortEnds(ds []draft) []draft {
	if len(ds) > 2 && ds[0].dist <= 1 {
		first, next := &ds[0], &ds[1]
		next.dist += first.dist
		next.pc = first.pc
		m := &next.step.Maneuver
		m.Type, m.Modifier, m.BearingBefore, m.Exit = Depart, NoModifier, 0, 0
		if len(next.inter) > 0 {
			x := &next.inter[0]
			b := m.BearingAfter
			if x.Out != nil && *x.Out < len(x.Bearings) {
				b = x.Bearings[*x.Out]
			}
			out0 := 0
			x.Bearings, x.Entry, x.In, x.Out = []int{b}, []bool{true}, nil, &out0
		}
		ds = ds[1:]
	}
	if n := len(ds); n > 2 && ds[n-2].dist <= 1 {
		prev, arr := &ds[n-3], ds[n-1]
		prev.dist += ds[n-2].dist
		arr.step.Name, arr.step.Ref, arr.step.Destinations, arr.step.Mode = prev.step.Name, prev.step.Ref, prev.step.Destinations, prev.step.Mode
		ds = append(ds[:n-2], arr)
	}
	return ds
}
