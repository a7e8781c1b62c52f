package route

// Motorways and their ramps (OSRM's MotorwayHandler): leaving a motorway
// (off ramps, forks of motorways), and coming from a ramp (merging onto a
// motorway, forks of ramps).

// isRampOrLink reports whether d is a ramp, or any link when coming from
// a motorway (OSRM's isRampClass).
func (g *Graph) isRampOrLink(d dedge, fromMotorway bool) bool {
	c := g.classOf(d)
	return c.isRamp() || fromMotorway && c.link
}

// motorwayCanProcess reports whether only motorways and ramps meet, none
// turning off by more than 60° (OSRM's MotorwayHandler::canProcess).
func (t *turnCtx) motorwayCanProcess() bool {
	g := t.g
	from := g.classOf(t.in).isMotorway()
	hasMotorway, hasNormal := false, false
	for _, r := range t.roads() {
		switch {
		case r.entry && angularDeviation(r.angle, straightAngle) > 60:
			return false
		case g.classOf(r.d).isMotorway():
			if r.entry {
				hasMotorway = true
			}
		case !g.isRampOrLink(r.d, from):
			hasNormal = true
		}
	}
	return !hasNormal && (hasMotorway || from)
}

// motorwayHandler assigns the turns of a motorway intersection.
func (t *turnCtx) motorwayHandler() {
	if t.g.classOf(t.in).isMotorway() {
		t.fromMotorway()
		for k := range t.roads() {
			if r := &t.roads()[k]; r.ins.typ == tOnRamp {
				r.ins.typ = tOffRamp
			}
		}
		return
	}
	t.fromRamp()
}

// fromMotorway assigns the turns leaving a motorway.
func (t *turnCtx) fromMotorway() {
	g, rs := t.g, t.roads()
	inName := g.nameOf(t.in)
	continueAngle := rs[0].angle
	for _, r := range rs {
		if !r.entry {
			continue
		}
		out := g.nameOf(r.d)
		if r.angle != 0 && !inName.empty() && !out.empty() && !g.announced(inName, out) && g.classOf(r.d).isMotorway() {
			continueAngle = r.angle
			break
		}
	}
	if continueAngle == rs[0].angle {
		best := 180.0
		for _, r := range rs {
			if g.classOf(r.d).isMotorway() && angularDeviation(r.angle, straightAngle) < best {
				best = angularDeviation(r.angle, straightAngle)
				continueAngle = r.angle
			}
		}
	}
	if continueAngle == rs[0].angle {
		switch {
		case len(rs) == 2:
			rs[1].ins = instr{tNoTurn, direction(rs[1].angle)}
		case len(rs) == 3:
			switch {
			case rs[1].entry && rs[2].entry:
				t.assignFork(&rs[2], &rs[1])
			case rs[1].entry:
				rs[1].ins = instr{tNoTurn, direction(rs[1].angle)}
			default:
				rs[2].ins = instr{tNoTurn, direction(rs[2].angle)}
			}
		case len(rs) == 4 && g.classOf(rs[1].d).same(g.classOf(rs[2].d)) && g.classOf(rs[2].d).same(g.classOf(rs[3].d)):
			t.assignFork3(&rs[3], &rs[2], &rs[1])
		case t.v.enterable() > 0:
			t.motorwayFallback()
		}
		return
	}
	valid, motorways := 0, 0
	for _, r := range rs {
		if r.entry {
			valid++
			if g.classOf(r.d).isMotorway() {
				motorways++
			}
		}
	}
	switch {
	case motorways == 0:
		for k := range rs {
			if rs[k].entry {
				rs[k].ins = instr{tSuppressed, direction(rs[k].angle)}
			}
		}
	case motorways == 1 || motorways != valid:
		if len(rs) == 2 {
			rs[1].ins = t.obviousInstruction(len(rs), g.throughStreet(1, &t.v), &rs[1])
			return
		}
		for k := range rs {
			r := &rs[k]
			if !r.entry {
				continue
			}
			typ := tTurn
			if g.isRampOrLink(r.d, true) {
				typ = tOffRamp
			}
			switch {
			case r.angle == continueAngle:
				r.ins = t.obviousInstruction(len(rs), g.throughStreet(1, &t.v), r)
			case r.angle < continueAngle:
				m := mSlightRight
				if r.angle < 145 {
					m = mRight
				}
				r.ins = instr{typ, m}
			default:
				m := mSlightLeft
				if r.angle > 215 {
					m = mLeft
				}
				r.ins = instr{typ, m}
			}
		}
	case motorways == 2:
		var idx []int
		for k := range rs {
			if rs[k].entry && g.classOf(rs[k].d).isMotorway() {
				idx = append(idx, k)
			}
		}
		t.assignFork(&rs[idx[1]], &rs[idx[0]])
	case motorways == 3:
		var idx []int
		for k := range rs {
			if rs[k].entry && g.classOf(rs[k].d).isMotorway() {
				idx = append(idx, k)
			}
		}
		t.assignFork3(&rs[idx[2]], &rs[idx[1]], &rs[idx[0]])
	default:
		t.motorwayFallback()
	}
}

// nameEmptyKey reports whether signage k has no name.
func (g *Graph) nameEmptyKey(k nameKey) bool { return g.str(k.name) == "" }

// fromRamp assigns the turns at the end of a ramp.
func (t *turnCtx) fromRamp() {
	g, rs := t.g, t.roads()
	valid := t.v.enterable()
	switch {
	case len(rs) == 2 && valid == 1:
		rs[1].ins = t.obviousInstruction(len(rs), g.throughStreet(1, &t.v), &rs[1])
	case len(rs) == 3:
		n1, n2 := g.nameOf(rs[1].d), g.nameOf(rs[2].d)
		same := !g.announced(n2, n1)
		if valid == 1 {
			bothNamed := !g.nameEmptyKey(n1) && !g.nameEmptyKey(n2)
			if rs[1].entry {
				if g.classOf(rs[1].d).isMotorway() && bothNamed && same {
					if angularDeviation(rs[1].angle, straightAngle) < 2*narrowTurnAngle {
						rs[1].ins = instr{tMerge, mSlightLeft}
					} else {
						rs[1].ins = instr{tMerge, direction(rs[1].angle)}
					}
				} else {
					rs[1].ins = t.obviousInstruction(len(rs), g.throughStreet(1, &t.v), &rs[1])
				}
			} else if rs[2].entry {
				if g.classOf(rs[2].d).isMotorway() && bothNamed && same {
					if angularDeviation(rs[2].angle, straightAngle) < 2*narrowTurnAngle {
						rs[2].ins = instr{tMerge, mSlightRight}
					} else {
						rs[2].ins = instr{tMerge, direction(rs[2].angle)}
					}
				} else {
					rs[2].ins = t.obviousInstruction(len(rs), g.throughStreet(2, &t.v), &rs[2])
				}
			}
			return
		}
		m1, m2 := g.classOf(rs[1].d).isMotorway(), g.classOf(rs[2].d).isMotorway()
		switch {
		case m1 && m2:
			t.assignFork(&rs[2], &rs[1])
		case m1:
			rs[1].ins = instr{tTurn, mSlightRight}
			rs[2].ins = instr{tContinue, mSlightLeft}
		default:
			t.assignFork(&rs[2], &rs[1])
		}
	case len(rs) == 4:
		passed := false
		for k := range rs {
			r := &rs[k]
			switch {
			case !r.entry && g.classOf(r.d).isMotorway():
				passed = true
			case g.classOf(r.d).isMotorway():
				if passed {
					r.ins = instr{tMerge, mSlightRight}
				} else {
					r.ins = instr{tMerge, mSlightLeft}
				}
			default:
				r.ins = instr{tOffRamp, direction(r.angle)}
			}
		}
	default:
		t.motorwayFallback()
	}
}

// motorwayFallback merges onto motorways and turns slightly onto the
// rest (OSRM's MotorwayHandler::fallback).
func (t *turnCtx) motorwayFallback() {
	g, rs := t.g, t.roads()
	for k := range rs {
		r := &rs[k]
		if !r.entry {
			continue
		}
		if g.classOf(r.d).isMotorway() {
			if r.angle < straightAngle {
				r.ins = instr{tMerge, mSlightLeft}
			} else {
				r.ins = instr{tMerge, mSlightRight}
			}
			continue
		}
		switch {
		case angularDeviation(r.angle, straightAngle) < fuzzyAngleDifference:
			r.ins = instr{tTurn, mStraight}
		case r.angle > straightAngle:
			r.ins = instr{tTurn, mSlightLeft}
		default:
			r.ins = instr{tTurn, mSlightRight}
		}
	}
}
