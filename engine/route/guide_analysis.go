package route

// Turn analysis (OSRM's TurnAnalysis::AssignTurnTypes): the instruction
// for every road of an intersection, from the road a route arrives on.
// Handlers run in OSRM's order: ferries and trains say nothing, rings,
// else the basic types refined by the driveway, motorway or general
// handler, then sliproads; ramps off a motorway are off ramps. OSRM runs
// this for every turn when it builds its graph; here it runs for the
// turns of a route, when its steps are made.

// assignTurns returns the intersection at the end of in with its roads'
// instructions and lanes (OSRM's annotateTurns for one turn).
func (g *guide) assignTurns(in dedge) *turnCtx {
	t := g.analyse(in, g.turnView(in))
	t.assignTurnLanes()
	return t
}

// analyse returns intersection v, reached by in, with its roads'
// instructions (OSRM's AssignTurnTypes).
func (g *guide) analyse(in dedge, v view) *turnCtx {
	t := &turnCtx{g: g, in: in, from: g.roadTarget(in.rev()), v: v}
	rs := t.roads()
	for k := range rs {
		rs[k].ins = instr{tInvalid, mUTurn}
	}
	if t.suppressModeCanProcess() {
		for k := range rs {
			rs[k].ins.typ = tNoTurn
		}
		return t
	}
	if typ, f, ok := t.roundaboutCanProcess(); ok {
		t.roundaboutHandler(typ, f)
	} else {
		t.setTurnTypes()
		switch {
		case t.drivewayCanProcess():
			t.drivewayHandler()
		case t.motorwayCanProcess():
			t.motorwayHandler()
		default:
			t.turnHandler()
		}
	}
	if len(rs) > 2 {
		t.sliproadHandler()
	}
	if g.classOf(in).isMotorway() {
		for k := range rs {
			if rs[k].ins.typ == tOnRamp {
				rs[k].ins.typ = tOffRamp
			}
		}
	}
	return t
}

// setTurnTypes gives every enterable road a plain turn (a u-turn back to
// where the route came from).
func (t *turnCtx) setTurnTypes() {
	rs := t.roads()
	for k := range rs {
		r := &rs[k]
		if !r.entry {
			continue
		}
		if t.g.roadTarget(r.d) == t.from {
			r.ins = instr{tContinue, mUTurn}
		} else {
			r.ins = instr{tTurn, direction(r.angle)}
		}
	}
}

// suppressModeCanProcess reports whether the route arrives on a ferry
// where every road is one: nothing to say (OSRM's SuppressModeHandler).
func (t *turnCtx) suppressModeCanProcess() bool {
	g := t.g
	if !g.ferry(t.in) {
		return false
	}
	for _, r := range t.roads() {
		if !g.ferry(r.d) {
			return false
		}
	}
	return true
}

// drivewayCanProcess reports whether the road goes on past driveways
// only: two roads of normal priority, the rest low (OSRM's
// DrivewayHandler).
func (t *turnCtx) drivewayCanProcess() bool {
	g, rs := t.g, t.roads()
	if len(rs) <= 2 || g.classOf(rs[0].d).lowPriority {
		return false
	}
	low := 0
	for _, r := range rs {
		if g.classOf(r.d).lowPriority {
			low++
		}
	}
	return low+2 == len(rs)
}

// drivewayHandler makes going on past driveways no turn, or a new name.
func (t *turnCtx) drivewayHandler() {
	g, rs := t.g, t.roads()
	k := 1
	for k < len(rs) && g.classOf(rs[k].d).lowPriority {
		k++
	}
	if k == len(rs) || rs[k].ins == (instr{tInvalid, mUTurn}) {
		return
	}
	if g.sameName(t.in, rs[k].d) {
		rs[k].ins.typ = tNoTurn
	} else {
		rs[k].ins.typ = tNewName
	}
	if rs[k].ins.mod == mStraight {
		for i := 1; i < k; i++ {
			if rs[i].ins.mod == mStraight {
				rs[i].ins.mod = mSlightRight
			}
		}
		for i := k + 1; i < len(rs); i++ {
			if rs[i].ins.mod == mStraight {
				rs[i].ins.mod = mSlightLeft
			}
		}
	}
}
