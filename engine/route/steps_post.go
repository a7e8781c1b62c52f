package route

import "github.com/paulmach/orb"

// Post-processing passes of steps.go (OSRM's engine/guidance/
// post_processing.cpp and verbosity_reduction.cpp).

// applyOverrides gives the step at a maneuver relation's via node the
// relation's type and direction where the route takes the relation's
// path (OSRM's applyOverrides).
func (g *Graph) applyOverrides(ss []rstep, pcs []piece) {
	if len(g.moVia) == 0 {
		return
	}
	for p := range pcs {
		for _, o := range g.overridesFrom(g.origArc(pcs[p].arc)) {
			if p+len(o.arcs) > len(pcs) {
				continue
			}
			match := true
			for k, a := range o.arcs {
				if g.origArc(pcs[p+k].arc) != a || k > 0 && pcs[p+k].via {
					match = false
					break
				}
			}
			if !match {
				continue
			}
			// the step at the via node, along the path
			for k := p + 1; k < p+len(o.arcs); k++ {
				j := g.arcStart(g.origArc(pcs[k].arc))
				if j != o.via {
					continue
				}
				for s := range ss {
					if ss[s].pc != k || ss[s].isWaypoint() {
						continue
					}
					if o.typ != keepInstruction {
						ss[s].ins.typ = overrideType(o.typ)
					}
					if o.mod != keepInstruction {
						ss[s].ins.mod = dmod(Modifier(o.mod) - 1)
					}
				}
			}
		}
	}
}

// overrideType maps a maneuver relation's type (a ManeuverType) to the
// turn type it gives.
func overrideType(t uint8) ttype {
	switch {
	case t == overrideSuppress:
		return tSuppressed
	case ManeuverType(t) == Continue:
		return tContinue
	case ManeuverType(t) == Fork:
		return tFork
	}
	return tTurn
}

// trimShortSegments drops a first step of at most a meter (the route
// starts on a node, on a road it only touches there): the next departs;
// and a step of at most a meter before the arrival: it arrives, on the
// road before (OSRM's trimShortSegments). Lengths stay with the steps
// next to them.
func trimShortSegments(ss []rstep, pcs []piece, pts []orb.Point) []rstep {
	if len(ss) < 2 || len(pts) <= 2 {
		return ss
	}
	if ss[0].dist <= 1 && len(ss) > 2 {
		next := &ss[1]
		next.dist += ss[0].dist
		next.pc = ss[0].pc
		next.wp = wpDepart
		next.before = 0
		next.ins = instr{tNoTurn, mUTurn}
		x := &next.inters[0]
		b := next.after
		if x.out >= 0 && x.out < len(x.bearings) {
			b = x.bearings[x.out]
		}
		x.lanes, x.laneDesc = laneTuple{}, nil
		x.bearings, x.entry, x.in, x.out = []int{b}, []bool{true}, -1, 0
		ss = ss[1:]
	}
	if n := len(ss); n > 2 && ss[n-2].dist <= 1 {
		s := &ss[n-2]
		s.wp = wpArrive
		s.ins = instr{tNoTurn, mUTurn}
		s.after = 0
		s.pc = ss[n-1].pc
		x := &s.inters[len(s.inters)-1]
		s.inters[0].lanes, s.inters[0].laneDesc = laneTuple{}, nil
		b := 0
		if x.in >= 0 && x.in < len(x.bearings) {
			b = x.bearings[x.in]
		}
		x.bearings, x.entry, x.out, x.in = []int{b}, []bool{true}, -1, 0
		ss[n-3].dist += s.dist
		s.dist = 0
		ss = ss[:n-1]
		prev := &ss[n-3]
		s = &ss[n-2]
		s.adaptSignage(prev)
		s.ferry, s.mode = prev.ferry, prev.mode
	}
	return ss
}

// buildIntersections folds suppressed steps into the step before, whose
// intersections they join, and makes an end of road after a step that
// passed no other intersection a plain turn (continue on the same name):
// the T-junction then says nothing the turn does not (OSRM's
// buildIntersections, MIN_END_OF_ROAD_INTERSECTIONS).
func buildIntersections(ss []rstep) []rstep {
	last := 0
	for k := range ss {
		s := &ss[k]
		switch {
		case s.ins.typ == tSuppressed:
			ss[last].elongate(s)
			s.invalidate()
		case !s.ins.typ.isSilent():
			if s.ins.typ == tEndOfRoad && k > 0 {
				prev := &ss[last]
				if len(prev.inters) < 2 {
					same := !(s.name == "" && s.ref == "") && !stepAnnounced(prev, s)
					if same {
						s.ins.typ = tContinue
					} else {
						s.ins.typ = tTurn
					}
				}
			}
			last = k
		}
	}
	return removeNoTurns(ss)
}

// isSilent reports whether t is no instruction of its own (OSRM's
// isSilent).
func (t ttype) isSilent() bool { return t == tNoTurn || t == tSuppressed || t == tStayOnRoundabout }

// stepAnnounced reports whether going from step a's road onto step b's is
// a change of name worth a step, as post-processing sees it (no suffixes:
// OSRM's engine has no suffix table).
func stepAnnounced(a, b *rstep) bool {
	return nameAnnounced(signage{a.name, a.ref, a.exits}, signage{b.name, b.ref, b.exits}, false)
}

// haveSameName reports whether two steps are on the same road: both
// named (or with a ref), the same signage or no change announced (OSRM's
// haveSameName).
func haveSameName(a, b *rstep) bool {
	if a.name == "" && a.ref == "" || b.name == "" && b.ref == "" {
		return false
	}
	return a.sameSignage(b) || !stepAnnounced(a, b)
}

// nameSegmentCutoff (meters) is OSRM's NAME_SEGMENT_CUTOFF_LENGTH: a name
// the route keeps for less is not announced.
const nameSegmentCutoff = 105.0

// suppressShortNameSegments drops a new name (without lanes) that
// announces the name the route is on, or a name kept, over silent steps,
// for less than nameSegmentCutoff (OSRM's suppressShortNameSegments).
func suppressShortNameSegments(ss []rstep) []rstep {
	if len(ss) == 0 {
		return ss
	}
	extendable := func(s *rstep) bool {
		return !s.isWaypoint() && (!s.hasTurnType() || s.ins.typ == tSuppressed)
	}
	prev := 0
	for cur := 1; cur < len(ss) && !ss[cur].isWaypoint(); cur++ {
		c := &ss[cur]
		if c.ins.typ == tNewName && c.inters[0].lanes.lanesInTurn == 0 && ss[prev].ferry == c.ferry {
			if haveSameName(&ss[prev], c) {
				ss[prev].elongate(c)
				c.invalidate()
				continue
			}
			at := cur
			dist := c.dist
			for cur+1 < len(ss) && extendable(&ss[cur+1]) && dist < nameSegmentCutoff {
				cur++
				dist += ss[cur].dist
			}
			if dist < nameSegmentCutoff {
				ss[prev].elongate(&ss[cur])
				ss[cur].invalidate()
			} else {
				prev = at
			}
			continue
		}
		prev = cur
	}
	return removeNoTurns(ss)
}
