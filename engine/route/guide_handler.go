package route

import "math"

// What every intersection handler of guidance shares (OSRM's
// IntersectionHandler): the basic type of a turn, the instruction for an
// obvious one, forks, and finding the obvious road at an intersection.

// road data as guidance reads it

func (g *Graph) classOf(d dedge) roadClass { return g.classOfEdge(d.edge()) }
func (g *Graph) nameOf(d dedge) nameKey    { return g.nameKeyOf(d.edge()) }

// modeChange reports whether the travel mode changes from road a to b
// (OSRM's travel_mode: a ferry, and for bikes a train or pushing).
func (g *Graph) modeChange(a, b dedge) bool {
	return g.mode(a.edge(), a.back()) != g.mode(b.edge(), b.back())
}

func (g *Graph) ferry(d dedge) bool { return g.eFlags[d.edge()]&flagFerry != 0 }
func (g *Graph) isRing(d dedge) bool {
	return g.eFlags[d.edge()]&(flagRoundabout|flagCircular) != 0
}
func (g *Graph) isRoundabout(d dedge) bool { return g.eFlags[d.edge()]&flagRoundabout != 0 }
func (g *Graph) isCircular(d dedge) bool   { return g.eFlags[d.edge()]&flagCircular != 0 }
func (g *Graph) reversed(d dedge) bool     { return g.dArc(d) < 0 }
func (g *Graph) nameEmpty(d dedge) bool    { return g.str(g.eName[d.edge()]) == "" }

// classes returns the classes of travelling d (car.lua's: toll,
// motorway, ferry, restricted, tunnel) as bits.
func (g *Graph) classes(d dedge) uint8 {
	e := d.edge()
	var c uint8
	if g.eFlags[e]&flagToll != 0 {
		c |= 1
	}
	if cl := Class(g.eClass[e]); cl == ClassMotorway || cl == ClassMotorwayLink {
		c |= 2
	}
	if g.eFlags[e]&flagFerry != 0 {
		c |= 4
	}
	if g.dRestricted(d) {
		c |= 8
	}
	if g.eFlags[e]&flagTunnel != 0 {
		c |= 16
	}
	return c
}

// turnCtx is an intersection being given its turns: the view from the
// road arriving (in) and the node that road comes from.
type turnCtx struct {
	g    *guide
	in   dedge
	from uint32
	v    view
	// the obvious road found (obviousAt), valid while the roads' angles
	// are those it was found on (mirrorView's round trip changes their
	// last bits, as OSRM's does)
	obviousK     int
	obviousOK    bool
	obviousKnown bool
}

func (t *turnCtx) roads() []iroad { return t.v.roads }

// basicType returns the plain type of a turn onto road (OSRM's
// findBasicTurnType): onto a ramp, continuing on the same name, or a turn.
func (t *turnCtx) basicType(r *iroad) ttype {
	g := t.g
	if !g.classOf(t.in).isRamp() && g.classOf(r.d).isRamp() {
		return tOnRamp
	}
	in, out := g.nameOf(t.in), g.nameOf(r.d)
	if !g.nameEmpty(t.in) && !g.nameEmpty(r.d) && !g.announced(in, out) {
		return tContinue
	}
	return tTurn
}

// sameClasses reports whether road has the classes of the road in.
func (t *turnCtx) sameClasses(r *iroad) bool { return t.g.classes(t.in) == t.g.classes(r.d) }

// obviousInstruction returns the instruction for taking road where it is
// the obvious way on at an intersection of n roads (OSRM's
// getInstructionForObvious); through: road is a through street.
func (t *turnCtx) obviousInstruction(n int, through bool, r *iroad) instr {
	g := t.g
	typ := t.basicType(r)
	if typ == tOnRamp {
		return instr{tOnRamp, direction(r.angle)}
	}
	if angularDeviation(r.angle, 0) < 0.01 {
		return instr{tContinue, mUTurn}
	}
	notify := g.modeChange(t.in, r.d)
	if typ == tTurn {
		if g.announced(g.nameOf(t.in), g.nameOf(r.d)) {
			if !through {
				if notify {
					return instr{tNotification, direction(r.angle)}
				}
				return instr{tNewName, direction(r.angle)}
			}
			inC, outC := g.classOf(t.in), g.classOf(r.d)
			switch {
			case outC.isMotorway():
				if r.angle > straightAngle {
					return instr{tMerge, mSlightRight}
				}
				return instr{tMerge, mSlightLeft}
			case inC.isRamp() && outC.isRamp():
				if notify {
					return instr{tNotification, direction(r.angle)}
				}
				return instr{tSuppressed, direction(r.angle)}
			}
			dist := gDist(g.junctionPointOf(g.dTo(t.in)), g.junctionPointOf(g.roadTarget(r.d)))
			if angularDeviation(r.angle, straightAngle) < narrowTurnAngle && dist > 2*maxCollapseDistance {
				return instr{tTurn, mStraight}
			}
			return instr{tTurn, direction(r.angle)}
		}
		if notify {
			return instr{tNotification, direction(r.angle)}
		}
		if n == 2 && t.sameClasses(r) {
			return instr{tNoTurn, direction(r.angle)}
		}
		return instr{tSuppressed, direction(r.angle)}
	}
	if notify {
		return instr{tNotification, direction(r.angle)}
	}
	if n > 2 || !t.sameClasses(r) {
		return instr{tSuppressed, direction(r.angle)}
	}
	return instr{tNoTurn, direction(r.angle)}
}

// requiresAnnouncement reports whether going from the road in onto road
// changes anything announced: flags, direction, names or classes (OSRM's
// detail::requiresAnnouncement).
func (t *turnCtx) requiresAnnouncement(r *iroad) bool {
	g := t.g
	if g.reversed(t.in) != g.reversed(r.d) {
		return true
	}
	const fl = flagRoundabout | flagCircular | flagNoEnds
	ei, eo := t.in.edge(), r.d.edge()
	if g.eFlags[ei]&fl != g.eFlags[eo]&fl || g.dRestricted(t.in) != g.dRestricted(r.d) ||
		!g.classOf(t.in).same(g.classOf(r.d)) || g.reversed(t.in.rev()) != g.reversed(r.d.rev()) {
		return true
	}
	return g.nameOf(t.in) != g.nameOf(r.d) || g.classes(t.in) != g.classes(r.d) || g.modeChange(t.in, r.d)
}

// suppressedOrNotify is Suppressed, or Notification where road changes
// the mode.
func (t *turnCtx) suppressedOrNotify(r *iroad) ttype {
	if t.g.modeChange(t.in, r.d) {
		return tNotification
	}
	return tSuppressed
}

// assignFork gives the two roads of a fork their instructions (OSRM's
// assignFork): a straight one continues, a low priority one is a turn.
func (t *turnCtx) assignFork(left, right *iroad) {
	g := t.g
	lowL, lowR := g.classOf(left.d).lowPriority, g.classOf(right.d).lowPriority
	supL, supR := t.suppressedOrNotify(left), t.suppressedOrNotify(right)
	if angularDeviation(left.angle, straightAngle) < maxNoTurnDeviation && angularDeviation(right.angle, straightAngle) > fuzzyAngleDifference {
		if t.requiresAnnouncement(left) {
			switch {
			case lowR && !lowL:
				left.ins = t.obviousInstruction(3, false, left)
				right.ins = instr{t.basicType(right), mSlightRight}
			case lowL && !lowR:
				left.ins = instr{t.basicType(left), mSlightLeft}
				right.ins = instr{t.basicType(right), mSlightRight}
			default:
				left.ins, right.ins = instr{tFork, mSlightLeft}, instr{tFork, mSlightRight}
			}
		} else {
			left.ins = instr{supL, mStraight}
			right.ins = instr{t.basicType(right), mSlightRight}
		}
	} else if angularDeviation(right.angle, straightAngle) < maxNoTurnDeviation && angularDeviation(left.angle, straightAngle) > fuzzyAngleDifference {
		if t.requiresAnnouncement(right) {
			switch {
			case lowL && !lowR:
				left.ins = instr{t.basicType(left), mSlightLeft}
				right.ins = t.obviousInstruction(3, false, right)
			case lowR && !lowL:
				left.ins = instr{t.basicType(left), mSlightLeft}
				right.ins = instr{t.basicType(right), mSlightRight}
			default:
				right.ins, left.ins = instr{tFork, mSlightRight}, instr{tFork, mSlightLeft}
			}
		} else {
			right.ins = instr{supR, mStraight}
			left.ins = instr{t.basicType(left), mSlightLeft}
		}
	}
	// OSRM then assigns both sides once more, whatever was decided above
	switch {
	case lowR && !lowL:
		left.ins = instr{supL, mSlightLeft}
	case lowL && !lowR:
		left.ins = instr{tTurn, mSlightLeft}
	default:
		left.ins = instr{tFork, mSlightLeft}
	}
	switch {
	case lowL && !lowR:
		right.ins = instr{supR, mSlightRight}
	case lowR && !lowL:
		right.ins = instr{tTurn, mSlightRight}
	default:
		right.ins = instr{tFork, mSlightRight}
	}
}

// assignFork3 gives a fork of three roads its instructions.
func (t *turnCtx) assignFork3(left, center, right *iroad) {
	switch {
	case left.entry && center.entry && right.entry:
		left.ins = instr{tFork, mSlightLeft}
		if angularDeviation(center.angle, 180) < maxNoTurnDeviation {
			if t.requiresAnnouncement(center) {
				center.ins = instr{tFork, mStraight}
			} else {
				center.ins = instr{t.suppressedOrNotify(center), mStraight}
			}
		} else {
			center.ins = instr{tFork, mStraight}
		}
		right.ins = instr{tFork, mSlightRight}
	case left.entry:
		switch {
		case right.entry:
			t.assignFork(left, right)
		case center.entry:
			t.assignFork(left, center)
		default:
			left.ins = instr{t.basicType(left), direction(left.angle)}
		}
	case right.entry:
		if center.entry {
			t.assignFork(center, right)
		} else {
			right.ins = instr{t.basicType(right), direction(right.angle)}
		}
	case center.entry:
		center.ins = instr{t.basicType(center), direction(center.angle)}
	}
}

// assignTrivial gives roads[begin:end] their basic type and direction.
func (t *turnCtx) assignTrivial(begin, end int) {
	rs := t.roads()
	for k := begin; k < end; k++ {
		if rs[k].entry {
			rs[k].ins = instr{t.basicType(&rs[k]), direction(rs[k].angle)}
		}
	}
}

// nextIntersection returns the next intersection of more than two roads
// along road d, over nodes of two roads (OSRM's getNextIntersection).
func (g *guide) nextIntersection(d dedge) (view, bool) {
	via := g.skipDegreeTwo(d)
	last, _ := g.nodeEnd(via)
	v := g.connectedRoads(last, false)
	if len(v.roads) <= 2 {
		return v, false
	}
	return v, true
}

// sameName reports whether two roads carry the same, non-empty name
// (OSRM's isSameName).
func (g *guide) sameName(a, b dedge) bool {
	return !g.nameEmpty(a) && !g.nameEmpty(b) && !g.announced(g.nameOf(a), g.nameOf(b))
}

// throughStreet reports whether road k of v goes on straight across the
// intersection as a road of the same name and class (OSRM's
// isThroughStreet).
func (g *guide) throughStreet(k int, v *view) bool {
	at := &v.roads[k]
	name := g.nameOf(at.d)
	if name.empty() {
		return false
	}
	for i := 1; i < len(v.roads); i++ {
		if i == k {
			continue
		}
		r := &v.roads[i]
		straight := angularDeviation(r.angle, at.angle) > straightAngle-fuzzyAngleDifference
		if straight && g.identicalNames(name, g.nameOf(r.d)) && g.classOf(at.d).same(g.classOf(r.d)) {
			return true
		}
	}
	return false
}

// roadHasLowerClass reports whether compare is of a lower category than
// the roads from and to, with fewer lanes, or their link (OSRM's
// roadHasLowerClass).
func roadHasLowerClass(from, to, compare roadClass) bool {
	reduced := compare.lanes > 0 && int(compare.lanes)+1 < int(from.lanes)
	if strictlyLess(compare, from) && strictlyLess(compare, to) && reduced {
		return true
	}
	return isLinkTo(compare, from) && isLinkTo(compare, to)
}

// distinctNarrow reports whether no other road looks as likely as the
// narrow turn onto road c (OSRM's IsDistinctNarrowTurn).
func (t *turnCtx) distinctNarrow(c int) bool {
	g, rs := t.g, t.roads()
	cand := &rs[c]
	via, cd := g.classOf(t.in), g.classOf(cand.d)
	viaName, candName := g.nameOf(t.in), g.nameOf(cand.d)
	candDev := angularDeviation(cand.angle, straightAngle)
	noNameChangeToCand := !g.announced(viaName, candName)
	similar := func(r *iroad) bool {
		if r.d == cand.d {
			return false
		}
		if candDev < narrowTurnAngle && !r.entry {
			return false
		}
		compDev := angularDeviation(r.angle, straightAngle)
		comp := g.classOf(r.d)
		compName := g.nameOf(r.d)
		laneFork := comp.lanes > 0 && cd.lanes == comp.lanes && int(via.lanes) == int(cd.lanes)+int(comp.lanes) &&
			angularDeviation(cand.angle, r.angle) < groupAngle
		distinct := compDev > distinctionRatio*candDev && math.Abs(compDev-candDev) > fuzzyAngleDifference/2
		slightlyDistinct := compDev > 0.7*distinctionRatio*candDev
		if !g.dRestricted(t.in) && !g.dRestricted(cand.d) && g.dRestricted(r.d) && distinct {
			return false
		}
		inRing, candRing, compRing := g.isRoundabout(t.in), g.isRoundabout(cand.d), g.isRoundabout(r.d)
		if inRing == candRing && inRing != compRing && candDev < compDev {
			return false
		}
		nameChangesToComp := g.announced(viaName, compName)
		if (noNameChangeToCand || nameChangesToComp) && !laneFork && distinct {
			return false
		}
		opp := &rs[t.v.closestBearing(reverseBearing(r.bearing))]
		fourOrMore := len(rs) >= 4
		noNameChangeFromOpp := !g.announced(g.nameOf(opp.d), compName)
		oppAngle := angularDeviation(r.angle, opp.angle)
		oppDistinct := noNameChangeFromOpp || oppAngle > straightAngle-narrowTurnAngle
		if fourOrMore && oppDistinct && distinct {
			return false
		}
		if fourOrMore && noNameChangeToCand && nameChangesToComp && slightlyDistinct && noNameChangeFromOpp &&
			oppAngle > straightAngle-fuzzyAngleDifference {
			return false
		}
		if !fourOrMore && noNameChangeToCand && nameChangesToComp && distinct && !laneFork && oppAngle > straightAngle-groupAngle {
			return false
		}
		if via.priority > prioSecondary && distinct {
			return false
		}
		if cd.lanes > 0 && cd.lanes == via.lanes && candDev < fuzzyAngleDifference && distinct {
			return false
		}
		samePrio := via.priority == cd.priority
		compLower := cd.priority < comp.priority
		compHigher := int(cd.priority) > int(comp.priority)+4
		if samePrio && compLower && noNameChangeToCand && slightlyDistinct {
			return false
		}
		if samePrio && compHigher && noNameChangeToCand && slightlyDistinct {
			return false
		}
		if roadHasLowerClass(via, cd, comp) {
			return false
		}
		if samePrio && via.group() < comp.group() && g.announced(candName, compName) && nameChangesToComp {
			return false
		}
		if samePrio && comp.link {
			return false
		}
		return true
	}
	for k := 1; k < len(rs); k++ {
		if similar(&rs[k]) {
			return false
		}
	}
	return true
}

// distinctWide reports whether no other road looks as likely as the wide
// turn onto road c, allowed or not (OSRM's IsDistinctWideTurn).
func (t *turnCtx) distinctWide(c int) bool {
	g, rs := t.g, t.roads()
	cand := &rs[c]
	via, cd := g.classOf(t.in), g.classOf(cand.d)
	candDev := angularDeviation(cand.angle, straightAngle)
	similar := func(r *iroad) bool {
		if r.d == cand.d {
			return false
		}
		comp := g.classOf(r.d)
		compDev := angularDeviation(r.angle, straightAngle)
		if direction(r.angle) != mStraight && roadHasLowerClass(via, cd, comp) {
			return false
		}
		if compDev > distinctionRatio*candDev {
			return false
		}
		if angularDeviation(rs[0].initial, rs[0].bearing) > fuzzyAngleDifference {
			viaInitial := reverseBearing(rs[0].initial)
			candInitial := angularDeviation(angleBetween(viaInitial, cand.initial), straightAngle)
			roadInitial := angularDeviation(angleBetween(viaInitial, r.initial), straightAngle)
			toCand := angleBetween(reverseBearing(r.initial), cand.initial)
			if direction(toCand) != mStraight && roadInitial > distinctionRatio*candInitial {
				return false
			}
		}
		return true
	}
	for k := 1; k < len(rs); k++ {
		if similar(&rs[k]) {
			return false
		}
	}
	return true
}

// distinct reports whether road c is distinctly the most likely (OSRM's
// IsDistinctTurn).
func (t *turnCtx) distinct(c int) bool {
	if angularDeviation(t.roads()[c].angle, straightAngle) < groupAngle {
		return t.distinctNarrow(c)
	}
	return t.distinctWide(c)
}

// obvious returns the index of the road that is the obvious way on, if
// one is (OSRM's findObviousTurn), found once.
func (t *turnCtx) obvious() (int, bool) {
	if !t.obviousKnown {
		t.obviousK, t.obviousOK = t.findObvious()
		t.obviousKnown = true
	}
	return t.obviousK, t.obviousOK
}

func (t *turnCtx) findObvious() (int, bool) {
	g, rs := t.g, t.roads()
	if len(rs) == 1 {
		return 0, false
	}
	if len(rs) == 2 {
		return 1, true
	}
	via := g.classOf(t.in)
	viaName := g.nameOf(t.in)
	viaEmpty := viaName.empty()
	valid := func(k int) (int, bool) {
		if g.isRoundabout(t.in) != g.isRoundabout(rs[k].d) || k == 0 {
			return 0, false
		}
		return k, true
	}
	continues := t.v.closestTurnFiltered(straightAngle, func(r *iroad) bool {
		if !r.entry {
			return true
		}
		if viaEmpty && !via.lowPriority {
			return true
		}
		rc := g.classOf(r.d)
		rEmpty := g.nameOf(r.d).empty()
		if rEmpty && !rc.lowPriority {
			return true
		}
		if viaEmpty != rEmpty {
			return true
		}
		if strictlyLess(rc, via) || isLinkTo(rc, via) {
			return true
		}
		return g.announced(viaName, g.nameOf(r.d))
	})
	if continues >= 0 && t.distinct(continues) {
		return valid(continues)
	}
	higher := t.v.closestTurnFiltered(straightAngle, func(r *iroad) bool {
		if !r.entry {
			return true
		}
		rc := g.classOf(r.d)
		return strictlyLess(rc, via) || isLinkTo(rc, via)
	})
	if higher >= 0 && t.distinct(higher) {
		return valid(higher)
	}
	straightest := t.v.closestTurnFiltered(straightAngle, func(r *iroad) bool { return !r.entry })
	if straightest < 0 {
		return 0, false
	}
	nonSharp := 0
	for _, r := range rs {
		if angularDeviation(r.angle, straightAngle) <= 90 {
			nonSharp++
		}
	}
	sv := &rs[straightest]
	onlyNonSharp := angularDeviation(sv.angle, straightAngle) <= 90 && nonSharp == 1
	if straightest != higher && (angularDeviation(straightAngle, sv.angle) <= groupAngle || onlyNonSharp) &&
		!g.classOf(sv.d).lowPriority && t.distinct(straightest) {
		return valid(straightest)
	}
	if g.classOf(sv.d).isMotorway() && angularDeviation(sv.angle, straightAngle) <= groupAngle && t.v.enterable() == 1 {
		return valid(straightest)
	}
	allSame := true
	for _, r := range rs {
		n := g.nameOf(r.d)
		if n.empty() || n != viaName {
			allSame = false
			break
		}
	}
	if len(rs) == 3 && allSame && t.v.enterable() == 1 &&
		(angularDeviation(rs[1].angle, 90) > narrowTurnAngle || angularDeviation(rs[2].angle, 270) > narrowTurnAngle) {
		return valid(straightest)
	}
	return 0, false
}
