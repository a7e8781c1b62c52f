package route

// The handler of ordinary intersections (OSRM's TurnHandler): the obvious
// way on, forks, the end of a road (a T-junction), and the left and right
// turns of an intersection told apart when their angles alone would say
// the same.

// turnHandler assigns the turns of t's intersection.
func (t *turnCtx) turnHandler() {
	rs := t.roads()
	if len(rs) == 1 {
		return
	}
	if rs[0].entry {
		rs[0].ins = instr{t.basicType(&rs[0]), mUTurn}
	}
	switch len(rs) {
	case 2:
		rs[1].ins = t.obviousInstruction(2, false, &rs[1])
	case 3:
		t.threeWay()
	default:
		t.complex()
	}
}

// outermostForkCandidate reports whether road a is the outermost of a
// fork, b being its neighbour outward (OSRM's isOutermostForkCandidate).
func outermostForkCandidate(a, b *iroad) bool {
	if angularDeviation(b.angle, straightAngle) > narrowTurnAngle {
		return angularDeviation(a.angle, b.angle) > narrowTurnAngle || angularDeviation(a.angle, straightAngle) > groupAngle
	}
	return false
}

// isEndOfRoad reports whether the roads right and left leave at about
// 90° to either side of straight on (a T-junction).
func isEndOfRoad(right, left *iroad) bool {
	return angularDeviation(right.angle, 90) < narrowTurnAngle && angularDeviation(left.angle, 270) < narrowTurnAngle &&
		angularDeviation(right.angle, left.angle) > 2*narrowTurnAngle
}

// fork is a range of roads of an intersection, right to left.
type fork struct{ right, left int }

func (f fork) size() int { return f.left - f.right + 1 }

// forkByGeometry finds roads leaving close to straight on and close to
// each other, two or three (OSRM's findForkCandidatesByGeometry).
func (t *turnCtx) forkByGeometry() (fork, bool) {
	rs := t.roads()
	if len(rs) < 3 {
		return fork{}, false
	}
	s := t.v.closestTurn(straightAngle)
	if angularDeviation(rs[s].angle, straightAngle) > narrowTurnAngle {
		return fork{}, false
	}
	// rightmost candidate: walk right from the straightest
	right := -1
	for k := s; k >= 1; k-- {
		if k-1 >= 0 && outermostForkCandidate(&rs[k], &rs[k-1]) {
			right = k
			break
		}
	}
	if right < 0 {
		right = 0 // all are candidates: the last
	}
	left := -1
	for k := s; k+1 < len(rs); k++ {
		if outermostForkCandidate(&rs[k], &rs[k+1]) {
			left = k
			break
		}
	}
	if left < 0 {
		left = len(rs) - 1
	}
	if right < left && left-right < 3 {
		return fork{right, left}, true
	}
	return fork{}, false
}

// obviousOfTwo reports whether road is obvious beside other (OSRM's
// isObviousOfTwo).
func (t *turnCtx) obviousOfTwo(r, o *iroad) bool {
	g := t.g
	via, rc, oc := g.classOf(t.in), g.classOf(r.d), g.classOf(o.d)
	if obviousByRoadClass(via, rc, oc) {
		return true
	}
	if obviousByRoadClass(via, oc, rc) {
		return false
	}
	perfect := angularDeviation(r.angle, straightAngle) < 1e-12
	if !g.nameEmpty(t.in) && perfect && !g.announced(g.nameOf(t.in), g.nameOf(r.d)) {
		return true
	}
	od, rd := angularDeviation(o.angle, straightAngle), angularDeviation(r.angle, straightAngle)
	return od/rd > increasesByForty && angularDeviation(od, rd) > fuzzyAngleDifference
}

// forkHasObvious reports whether a road of the fork is obvious beside its
// neighbour.
func (t *turnCtx) forkHasObvious(f fork) bool {
	rs := t.roads()
	for k := f.right; k < f.left; k++ {
		if t.obviousOfTwo(&rs[k], &rs[k+1]) || t.obviousOfTwo(&rs[k+1], &rs[k]) {
			return true
		}
	}
	return false
}

// forkCompatible reports whether the roads of a fork may fork: all links
// or none (as the rightmost), and none obvious by class (OSRM's
// isCompatibleByRoadClass).
func (t *turnCtx) forkCompatible(f fork) bool {
	g, rs := t.g, t.roads()
	via := g.classOf(rs[0].d)
	rightLink := g.classOf(rs[f.right].d).link
	for k := f.right + 1; k <= f.left; k++ {
		if g.classOf(rs[k].d).link != rightLink {
			return false
		}
	}
	for a := f.right; a <= f.left; a++ {
		for b := f.right; b <= f.left; b++ {
			if rs[a].d != rs[b].d && obviousByRoadClass(via, g.classOf(rs[a].d), g.classOf(rs[b].d)) {
				return false
			}
		}
	}
	return true
}

// findFork returns the fork at the intersection, if there is one (OSRM's
// findFork).
func (t *turnCtx) findFork() (fork, bool) {
	f, ok := t.forkByGeometry()
	if !ok || f.right == 0 {
		return f, false
	}
	g, rs := t.g, t.roads()
	next := f.left + 1
	if next == len(rs) {
		next = 0
	}
	sepLeft := angularDeviation(rs[f.left].angle, rs[next].angle) >= groupAngle
	sepRight := angularDeviation(rs[f.right].angle, rs[f.right-1].angle) >= groupAngle
	if !sepLeft || !sepRight || t.forkHasObvious(f) || !t.forkCompatible(f) {
		return f, false
	}
	for k := f.right; k <= f.left; k++ {
		if !rs[k].entry || g.modeChange(rs[k].d, t.in) {
			return f, false
		}
	}
	return f, true
}

// threeWay assigns the turns of an intersection of three roads (OSRM's
// handleThreeWayTurn).
func (t *turnCtx) threeWay() {
	g, rs := t.g, t.roads()
	ob, hasOb := t.obvious()
	allLinks := true
	for _, r := range rs {
		if !g.classOf(r.d).link {
			allLinks = false
		}
	}
	f, isFork := t.findFork()
	switch {
	case isFork && (allLinks || !hasOb):
		t.assignFork(&rs[f.left], &rs[f.right])
	case isEndOfRoad(&rs[1], &rs[2]) && !hasOb:
		for k, m := range [2]dmod{mRight, mLeft} {
			r := &rs[k+1]
			if !r.entry {
				continue
			}
			if t.basicType(r) != tOnRamp {
				r.ins = instr{tEndOfRoad, m}
			} else {
				r.ins = instr{tOnRamp, m}
			}
		}
	case hasOb:
		d1, d2 := direction(rs[1].angle), direction(rs[2].angle)
		if ob == 1 {
			rs[1].ins = t.obviousInstruction(3, g.throughStreet(1, &t.v), &rs[1])
			second := d2
			if d1 == d2 && d2 == mStraight {
				second = mSlightLeft
			}
			rs[2].ins = instr{t.basicType(&rs[2]), second}
		} else {
			rs[2].ins = t.obviousInstruction(3, g.throughStreet(2, &t.v), &rs[2])
			first := d1
			if d1 == d2 && d1 == mStraight {
				first = mSlightRight
			}
			rs[1].ins = instr{t.basicType(&rs[1]), first}
		}
	default:
		rs[1].ins = instr{t.basicType(&rs[1]), direction(rs[1].angle)}
		rs[2].ins = instr{t.basicType(&rs[2]), direction(rs[2].angle)}
	}
}

// complex assigns the turns of an intersection of four roads or more
// (OSRM's handleComplexTurn).
func (t *turnCtx) complex() {
	g, rs := t.g, t.roads()
	ob, hasOb := t.obvious()
	f, isFork := t.findFork()
	s := t.v.closestTurn(straightAngle)
	sDev := angularDeviation(rs[s].angle, straightAngle)
	switch {
	case hasOb:
		rs[ob].ins = t.obviousInstruction(len(rs), g.throughStreet(ob, &t.v), &rs[ob])
		t.assignLeftTurns(ob)
		t.assignRightTurns(ob)
	case isFork:
		if f.size() == 2 {
			l, r := &rs[f.left], &rs[f.right]
			lc, rc := g.classOf(l.d), g.classOf(r.d)
			switch {
			case canBeSeenAsFork(lc, rc):
				t.assignFork(l, r)
			case lc.priority > rc.priority:
				r.ins = t.obviousInstruction(len(rs), false, r)
				l.ins = instr{t.basicType(l), mSlightLeft}
			default:
				l.ins = t.obviousInstruction(len(rs), false, l)
				r.ins = instr{t.basicType(r), mSlightRight}
			}
		} else {
			t.assignFork3(&rs[f.left], &rs[f.right+1], &rs[f.right])
		}
		t.assignLeftTurns(f.left)
		t.assignRightTurns(f.right)
	case sDev < fuzzyAngleDifference && !rs[s].entry:
		t.assignLeftTurns(s)
		t.assignRightTurns(s)
	case rs[s].angle > 180:
		t.assignLeftTurns(s - 1)
		t.assignRightTurns(s)
	case rs[s].angle < 180:
		t.assignLeftTurns(s)
		t.assignRightTurns(s + 1)
	default:
		t.assignTrivial(1, len(rs))
	}
}

// mirrorView makes left turns right turns and back: angles mirrored, the
// roads after the u-turn in reverse order (OSRM's assignLeftTurns' trick).
func (t *turnCtx) mirrorView() {
	t.obviousKnown = false
	rs := t.roads()
	for k := range rs {
		if angularDeviation(rs[k].angle, 0) > 1e-12 {
			rs[k].angle = 360 - rs[k].angle
			rs[k].ins.mod = rs[k].ins.mod.mirror()
		}
	}
	for l, r := 1, len(rs)-1; l < r; l, r = l+1, r-1 {
		rs[l], rs[r] = rs[r], rs[l]
	}
}

// assignLeftTurns assigns the turns left of road from (exclusive).
func (t *turnCtx) assignLeftTurns(from int) {
	t.mirrorView()
	t.assignRightTurns(len(t.roads()) - from)
	t.mirrorView()
}

// assignRightTurns assigns the turns right of road upTo (exclusive), at
// most three (OSRM's assignRightTurns).
func (t *turnCtx) assignRightTurns(upTo int) {
	rs := t.roads()
	valid := 0
	for k := 1; k < upTo; k++ {
		if rs[k].entry {
			valid++
		}
	}
	if upTo <= 1 || valid == 0 {
		return
	}
	switch upTo {
	case 2:
		t.assignTrivial(1, upTo)
	case 3:
		if direction(rs[1].angle) == direction(rs[2].angle) {
			t.distinctConflict(&rs[2], &rs[1])
		} else {
			t.assignTrivial(1, upTo)
		}
	case 4:
		d1, d2, d3 := direction(rs[1].angle), direction(rs[2].angle), direction(rs[3].angle)
		n := 0
		for k := 1; k <= 3; k++ {
			if rs[k].entry {
				n++
			}
		}
		switch {
		case d1 != d2 && d2 != d3:
			t.assignTrivial(1, upTo)
		case n <= 2:
			switch {
			case !rs[3].entry:
				t.distinctConflict(&rs[2], &rs[1])
			case !rs[1].entry:
				t.distinctConflict(&rs[3], &rs[2])
			default:
				t.distinctConflict(&rs[3], &rs[1])
			}
		case angularDeviation(rs[1].angle, rs[2].angle) >= narrowTurnAngle && angularDeviation(rs[2].angle, rs[3].angle) >= narrowTurnAngle:
			rs[1].ins = instr{t.basicType(&rs[1]), mSharpRight}
			rs[2].ins = instr{t.basicType(&rs[2]), mRight}
			rs[3].ins = instr{t.basicType(&rs[3]), mSlightRight}
		case d1 == d2 && d2 == d3 || d1 == d2 && angularDeviation(rs[2].angle, rs[3].angle) < groupAngle ||
			d2 == d3 && angularDeviation(rs[1].angle, rs[2].angle) < groupAngle:
			t.assignTrivial(1, upTo)
		case d1 == d2 && angularDeviation(rs[2].angle, rs[3].angle) >= groupAngle ||
			d2 == d3 && angularDeviation(rs[1].angle, rs[2].angle) >= groupAngle:
			if angularDeviation(rs[2].angle, rs[3].angle) >= groupAngle {
				t.distinctConflict(&rs[2], &rs[1])
				rs[3].ins = instr{t.basicType(&rs[3]), d3}
			} else {
				rs[1].ins = instr{t.basicType(&rs[1]), d1}
				t.distinctConflict(&rs[3], &rs[2])
			}
		default:
			t.assignTrivial(1, upTo)
		}
	default:
		t.assignTrivial(1, upTo)
	}
}

// distinctConflict tells apart two turns to the same side whose angles
// give the same direction (OSRM's handleDistinctConflict).
func (t *turnCtx) distinctConflict(left, right *iroad) {
	g := t.g
	if !left.entry || !right.entry || left.angle == right.angle {
		if left.entry {
			left.ins = instr{t.basicType(left), direction(left.angle)}
		}
		if right.entry {
			right.ins = instr{t.basicType(right), direction(right.angle)}
		}
		return
	}
	dl, dr := direction(left.angle), direction(right.angle)
	if dl == mStraight || dl == mSlightLeft || dr == mSlightRight {
		if g.classOf(left.d).priority > g.classOf(right.d).priority {
			right.ins = t.obviousInstruction(4, false, right)
			left.ins = instr{t.basicType(left), mSlightLeft}
		} else {
			left.ins = t.obviousInstruction(4, false, left)
			right.ins = instr{t.basicType(right), mSlightRight}
		}
		return
	}
	lt, rt := t.basicType(left), t.basicType(right)
	set := func(lm, rm dmod) { left.ins, right.ins = instr{lt, lm}, instr{rt, rm} }
	switch {
	case angularDeviation(left.angle, 90) < maxNoTurnDeviation:
		set(mRight, mSharpRight)
	case angularDeviation(right.angle, 90) < maxNoTurnDeviation:
		set(mSlightRight, mRight)
	case angularDeviation(left.angle, 270) < maxNoTurnDeviation:
		set(mLeft, mSlightLeft)
	case angularDeviation(right.angle, 270) < maxNoTurnDeviation:
		set(mSharpLeft, mLeft)
	case dl == mSharpLeft:
		set(mSharpLeft, mLeft)
	case dr == mSharpRight:
		set(mRight, mSharpRight)
	case dl <= 180:
		// OSRM compares the modifier with 180 here: always true
		if angularDeviation(left.angle, 85) >= angularDeviation(right.angle, 85) {
			set(mSlightRight, mRight)
		} else {
			set(mRight, mSharpRight)
		}
	}
}
