package route

import (
	"math"
)

// Sliproads (OSRM's SliproadHandler): a short road cutting the corner of
// an intersection just ahead (b-d below) is no turn of its own; the turn
// it leads to, at d, is the one to announce, at b.
//
//	a ... b .... c .
//	      `      .
//	        `    .
//	          `  .
//	             d

// sliproadThreshold scales the largest sliproad by the road's class
// (OSRM's scaledThresholdByRoadClass).
func sliproadThreshold(max float64, c roadClass) float64 {
	f := 0.1
	switch c.priority {
	case prioMotorway:
		f = 1.0
	case prioTrunk, prioPrimary:
		f = 0.8
	case prioSecondary:
		f = 0.6
	case prioTertiary:
		f = 0.5
	case prioMainResidential:
		f = 0.4
	case prioSideResidential, prioMotorwayLink, prioTrunkLink, prioPrimaryLink, prioSecondaryLink, prioTertiaryLink, prioLinkRoad:
		f = 0.3
	}
	return max * f
}

// sliproadObvious returns the obvious road, counting a fork of a road and
// a sliproad as obvious (OSRM's getObviousIndexWithSliproads).
func (t *turnCtx) sliproadObvious() (int, bool) {
	if k, ok := t.obvious(); ok {
		return k, true
	}
	rs := t.roads()
	if len(rs) != 3 || rs[1].ins.typ != tFork || rs[2].ins.typ != tFork {
		return 0, false
	}
	g, at := t.g, t.v.j
	first, ok1 := g.nextIntersection(rs[1].d)
	second, ok2 := g.nextIntersection(rs[len(rs)-1].d)
	if !ok1 || !ok2 || first.deadEnd() || second.deadEnd() {
		return 0, false
	}
	if canBeTargetOfSliproad(first) && at != second.j {
		return 2, true
	}
	if canBeTargetOfSliproad(second) && at != first.j {
		return 1, true
	}
	return 0, false
}

// canBeTargetOfSliproad reports whether v is where a sliproad ends: three
// roads, one way on.
func canBeTargetOfSliproad(v view) bool {
	rs := v.roads
	return len(rs) == 3 && !rs[0].entry && !(rs[1].entry && rs[2].entry)
}

// sliproadHandler marks sliproads at t's intersection (OSRM's
// SliproadHandler).
func (t *turnCtx) sliproadHandler() {
	g, rs := t.g, t.roads()
	if len(rs) <= 2 {
		return
	}
	at := t.v.j
	ob, ok := t.sliproadObvious()
	if !ok {
		return
	}
	main := &rs[ob]
	if !g.roadContinues(t.in, main.d) {
		return
	}
	potentialLink := func(r *iroad) bool {
		if !r.entry || r.ins.typ.isRoundabout() {
			return false
		}
		narrow := angularDeviation(r.angle, straightAngle) <= 2*narrowTurnAngle
		sameAngle := angularDeviation(main.angle, r.angle) <= 1e-12
		return narrow && !sameAngle && !g.isRoundabout(r.d)
	}
	any := false
	for k := range rs {
		if potentialLink(&rs[k]) {
			any = true
			break
		}
	}
	if !any {
		return
	}
	tooFar := &distanceToNext{threshold: sliproadThreshold(maxSliproadThreshold, g.classOf(main.d))}
	g.traverse(main.d, tooFar, skipObstacle)
	if tooFar.tooFar {
		return
	}
	mainX, ok := g.nextIntersection(main.d)
	if !ok || mainX.deadEnd() || at == mainX.j {
		return
	}
	var targetNames []nameKey
	for _, r := range mainX.roads {
		targetNames = append(targetNames, g.nameOf(r.d))
	}
	found := false
	for k := 1; k < len(rs); k++ {
		left, right := (ob-1)%len(rs), (ob+1)%len(rs)
		if ob-1 < 0 {
			left = -1 // C++'s unsigned wrap: no road
		}
		if k != left && k != right {
			continue
		}
		sr := &rs[k]
		isRight, isLeft := k < ob, k > ob
		var crossing *iroad
		if isLeft {
			crossing = &mainX.roads[len(mainX.roads)-1]
		} else {
			crossing = &mainX.roads[min(1, len(mainX.roads)-1)]
		}
		if g.reversed(crossing.d) || g.classOf(sr.d).lowPriority || g.reversed(sr.d) || !potentialLink(sr) {
			continue
		}
		finder := &intersectionFinder{hopLimit: 10}
		g.traverse(sr.d, finder, skipObstacle)
		srEdge := finder.via
		target := finder.view
		if len(target.roads) == 0 || target.deadEnd() {
			continue
		}
		firstValid := -1
		for i := range target.roads {
			if target.roads[i].entry {
				firstValid = i
				break
			}
		}
		if firstValid < 0 || g.modeChange(t.in, sr.d) || g.modeChange(target.roads[firstValid].d, sr.d) {
			continue
		}
		if len(target.roads) < 3 || len(target.roads) > 4 {
			continue
		}
		srTarget := g.roadTarget(srEdge)
		if at == mainX.j || at == srTarget || mainX.j == srTarget {
			continue
		}
		if len(target.roads) == 4 {
			if len(mainX.roads) < 3 || srTarget != g.roadTarget(crossing.d) {
				continue
			}
			idx := 2
			if isLeft {
				idx = len(mainX.roads) - 2
			}
			nextNode := g.roadTarget(mainX.roads[idx].d)
			common := false
			for _, r := range target.roads {
				if g.roadTarget(r.d) == nextNode {
					if m := direction(r.angle); m == mSharpRight || m == mSharpLeft {
						common = true
						break
					}
				}
			}
			if !common {
				continue
			}
		}
		through := false
		for i := range target.roads {
			if target.roads[i].d == srEdge {
				through = g.throughStreet(i, &target)
				break
			}
		}
		if through {
			continue
		}
		// the turn off the sliproad is obvious and narrow, onto no ring
		tc := &turnCtx{g: g, in: srEdge, v: target}
		tc.in, _ = g.nodeEnd(srEdge)
		onto, ok := tc.obvious()
		if !ok || angularDeviation(target.roads[onto].angle, straightAngle) > 2*narrowTurnAngle || g.isRoundabout(target.roads[onto].d) {
			continue
		}
		// the sliproad hugs the corner
		// OSRM takes the sliproad's last road from the intersection
		pts := g.roadPoints(srEdge, nil)
		pts[0] = g.junctionPointOf(at)
		if len(pts) < 2 {
			continue
		}
		start, end := pts[0], pts[len(pts)-1]
		inner := pts[1 : len(pts)-1]
		snuggles := true
		dev := 0.0
		if isRight {
			for _, p := range inner {
				if isCCW(start, p, end) {
					snuggles = false
				}
			}
			dev = angularDeviation(mainX.roads[min(1, len(mainX.roads)-1)].angle, straightAngle)
		} else if isLeft {
			for _, p := range inner {
				if !isCCW(start, p, end) {
					snuggles = false
				}
			}
			dev = angularDeviation(mainX.roads[len(mainX.roads)-1].angle, straightAngle)
		}
		atPt, mainPt := g.junctionPointOf(at), g.junctionPointOf(mainX.j)
		if gDist(atPt, mainPt) >= 3 {
			if !snuggles {
				continue
			}
			if dev > 180-40 && !g.classOf(sr.d).link {
				continue
			}
		}
		area := math.Pow(sliproadThreshold(maxSliproadThreshold, g.classOf(sr.d)), 2)
		if !validSliproadArea(area, atPt, mainPt, g.junctionPointOf(srTarget)) {
			continue
		}
		mainName := g.nameOf(main.d)
		srName := g.nameOf(sr.d)
		for _, cand := range target.roads {
			candName := g.nameOf(cand.d)
			mismatch := true
			for _, n := range targetNames {
				if !g.announced(n, candName) {
					mismatch = false
					break
				}
			}
			if mismatch {
				continue
			}
			if !g.classOf(sr.d).link && !g.nameEmptyKey(srName) && !g.nameEmptyKey(mainName) && !g.nameEmptyKey(candName) &&
				g.announced(mainName, srName) && g.announced(srName, candName) {
				continue
			}
			if g.classOf(sr.d).link && g.classOf(cand.d).link {
				continue
			}
			candTarget := g.roadTarget(cand.d)
			if candTarget == mainX.j || candTarget == g.roadTarget(crossing.d) &&
				angleBetween(cand.bearing, crossing.bearing) < fuzzyAngleDifference &&
				(direction(cand.angle) == mSharpRight || direction(cand.angle) == mSharpLeft) {
				sr.ins.typ = tSliproad
				found = true
				break
			}
			last, _ := g.nodeEnd(cand.d)
			skip := g.connectedRoads(last, false)
			if len(skip.roads) == 2 && g.roadTarget(skip.roads[1].d) == mainX.j {
				sr.ins.typ = tSliproad
				found = true
				break
			}
		}
	}
	if found && main.ins.typ == tFork {
		switch {
		case g.sameName(t.in, main.d):
			if angularDeviation(main.angle, straightAngle) < 5 {
				main.ins.typ = tSuppressed
			} else {
				main.ins.typ = tContinue
			}
			main.ins.mod = direction(main.angle)
		case !g.nameEmpty(main.d):
			main.ins = instr{tNewName, direction(main.angle)}
		default:
			main.ins.typ = tSuppressed
		}
	}
}

// roadContinues reports whether next goes on as road current: the same
// class, mode and a name (OSRM's roadContinues).
func (g *Graph) roadContinues(current, next dedge) bool {
	cn, nn := g.nameOf(current), g.nameOf(next)
	return g.classOf(current).same(g.classOf(next)) && !g.modeChange(current, next) &&
		!cn.empty() && !nn.empty() && !g.announced(cn, nn)
}

// validSliproadArea reports whether the triangle of the sliproad is
// neither tiny nor larger than limit (OSRM's isValidSliproadArea).
func validSliproadArea(limit float64, a, b, c [2]float64) bool {
	area := gDist(a, b) * gDist(b, c) / 2
	return area >= 3 && area <= limit
}

// isRoundabout reports whether t is a type of a ring (OSRM's
// hasRoundaboutType).
func (t ttype) isRoundabout() bool {
	switch t {
	case tEnterRoundabout, tEnterAndExitRoundabout, tEnterRotary, tEnterAndExitRotary, tEnterRoundaboutIntersection,
		tEnterAndExitRoundaboutIntersection, tEnterRoundaboutAtExit, tExitRoundabout, tEnterRotaryAtExit, tExitRotary,
		tEnterRoundaboutIntersectionAtExit, tExitRoundaboutIntersection, tStayOnRoundabout:
		return true
	}
	return false
}
