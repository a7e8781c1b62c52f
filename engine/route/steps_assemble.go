package route

import (
	"math"
	"sort"

	"github.com/paulmach/orb"
)

// The assembly pass (steps.go's pass 1, OSRM's assembleSteps): depart, a
// step at every turn guidance gives an instruction (not NoTurn), arrive.

// assembleSteps returns the steps of a leg through pieces pcs and points
// pts, each with its length.
func (g *guide) assembleSteps(pcs []piece, pts []orb.Point) []rstep {
	ss := make([]rstep, 0, 8)
	first := pcs[0]
	d0 := mkDedge(first.edge, first.back)
	dep := g.newStep(0, d0, pts[0])
	dep.wp = wpDepart
	dep.ins = instr{tNoTurn, mUTurn}
	dep.after = int(math.Round(firstBearing(pts)))
	dep.inters = []ixn{{loc: pts[0], bearings: []int{dep.after}, entry: []bool{true}, in: -1, out: 0}}
	ss = append(ss, dep)
	for i := 1; i < len(pcs); i++ {
		if s, ok := g.turnStep(pcs, pts, i); ok {
			ss = append(ss, s)
		}
	}
	last := pcs[len(pcs)-1]
	arr := g.newStep(len(pcs), mkDedge(last.edge, last.back), pts[len(pts)-1])
	arr.wp = wpArrive
	arr.ins = instr{tNoTurn, mUTurn}
	arr.before = int(math.Round(lastBearing(pts)))
	arr.inters = []ixn{{loc: arr.loc, bearings: []int{int(reverseBearing(float64(arr.before)))}, entry: []bool{true}, in: 0, out: -1}}
	ss = append(ss, arr)
	for k := 0; k+1 < len(ss); k++ {
		a, z := stepSpan(pcs, len(pts), ss[k].pc, ss[k+1].pc)
		ss[k].dist = guideLength(pts[a : z+1])
	}
	return ss
}

// guideLength is the length guidance measures a step by: OSRM's (its
// cheap ruler on its coordinates), which its thresholds meet exactly on
// a grid. The steps report the route's own measure.
func guideLength(pts []orb.Point) float64 {
	d := 0.0
	for i := 1; i < len(pts); i++ {
		d += gDist(fixed(pts[i-1]), fixed(pts[i]))
	}
	return d
}

// firstBearing and lastBearing are the bearings of a leg's first and last
// segments (the first and last pair of distinct points).
func firstBearing(pts []orb.Point) float64 {
	for i := 1; i < len(pts); i++ {
		if pts[i] != pts[0] {
			return gBearing(pts[0], pts[i])
		}
	}
	return 0
}

func lastBearing(pts []orb.Point) float64 {
	n := len(pts)
	for i := n - 2; i >= 0; i-- {
		if pts[i] != pts[n-1] {
			return gBearing(pts[i], pts[n-1])
		}
	}
	return 0
}

// newStep starts a step at piece pc, on road d, at loc.
func (g *Graph) newStep(pc int, d dedge, loc orb.Point) rstep {
	e := d.edge()
	k := g.nameKeyOf(e)
	return rstep{pc: pc, name: g.str(k.name), ref: g.str(k.ref), dest: g.str(k.dest), exits: g.str(k.exits),
		ferry: g.ferry(d), mode: g.mode(e, d.back()), loc: loc, segregated: g.segregated(d)}
}

// turnStep returns the step at the junction between pieces i-1 and i, if
// the turn there has an instruction.
func (g *guide) turnStep(pcs []piece, pts []orb.Point, i int) (rstep, bool) {
	prev, cur := pcs[i-1], pcs[i]
	loc := pts[cur.startPt]
	in, out := mkDedge(prev.edge, prev.back), mkDedge(cur.edge, cur.back)
	if cur.via {
		// a silent waypoint: a step only where the route turns round
		if prev.edge != cur.edge || prev.back == cur.back {
			return rstep{}, false
		}
		s := g.newStep(i, out, loc)
		s.ins = instr{tContinue, mUTurn}
		b := lastBearing(pts[:cur.startPt+1])
		s.before, s.after = int(math.Round(b)), int(math.Round(reverseBearing(b)))
		s.inters = []ixn{{loc: loc, bearings: []int{s.after}, entry: []bool{true}, in: 0, out: 0}}
		return s, true
	}
	if _, _, ok := g.passThrough(g.dTo(in)); ok || g.silentPassage(in, out) {
		return rstep{}, false // no intersection to OSRM, or nothing to say
	}
	rs := g.turnRoads(in)
	k := -1
	for i := range rs {
		if rs[i].d == out {
			k = i
			break
		}
	}
	var ins instr
	if k < 0 {
		// not among the roads guidance sees (cannot happen on a route):
		// a plain turn
		ins = instr{tTurn, direction(angleBetween(reverseBearing(rs[0].bearing), g.departBearing(cur.edge, cur.back)))}
	} else {
		ins = rs[k].ins
		if ins.typ == tInvalid {
			ins = instr{tTurn, direction(rs[k].angle)}
		}
	}
	if ins.typ == tNoTurn {
		return rstep{}, false
	}
	s := g.newStep(i, out, loc)
	s.ins = ins
	pre := quantize(rs[0].bearing)
	post := pre
	if k >= 0 {
		post = quantize(rs[k].bearing)
	}
	s.before = int(reverseBearing(float64(pre)))
	s.after = post
	x := ixn{loc: loc}
	x.bearings, x.entry = bearingClass(rs)
	x.in, x.out = matchBearing(x.bearings, pre), matchBearing(x.bearings, post)
	if k >= 0 {
		x.lanes, x.laneDesc = rs[k].lanes, rs[k].laneDesc
	}
	s.inters = []ixn{x}
	return s, true
}

// silentPassage reports whether going from in onto out, at a junction of
// these two roads only, is certainly no step (NoTurn): the same name and
// classes, no ring, ferry, motorway or ramp about, no turning round. Such
// a junction needs no intersection view: the handlers give it NoTurn
// whatever its angle (OSRM's getInstructionForObvious for two roads).
func (g *guide) silentPassage(in, out dedge) bool {
	if in.edge() == out.edge() || g.degree(g.dTo(in)) != 2 {
		return false
	}
	ci, co := g.classOf(in), g.classOf(out)
	if g.isRing(in) || g.isRing(out) || g.ferry(in) || g.ferry(out) || g.modeChange(in, out) || ci.motorway || co.motorway || ci.link || co.link {
		return false
	}
	return g.classes(in) == g.classes(out) && !g.announced(g.nameOf(in), g.nameOf(out))
}

// bearingClass returns the bearings of an intersection's roads and
// whether each may be entered, by bearing: in steps of 15° where no two
// roads share one, else to the degree (OSRM's classifyIntersection).
func bearingClass(rs []iroad) ([]int, []bool) {
	idx := make([]int, len(rs))
	for k := range idx {
		idx[k] = k
	}
	sort.SliceStable(idx, func(a, b int) bool { return rs[idx[a]].bearing < rs[idx[b]].bearing })
	const step = 360.0 / 24
	discrete := func(b float64) int {
		s := b + 0.5*step
		if s >= 360 {
			s -= 360
		}
		return int(s / step)
	}
	ok := true
	if len(idx) > 1 {
		last := discrete(math.Round(rs[idx[len(idx)-1]].bearing))
		for _, k := range idx {
			d := discrete(math.Round(rs[k].bearing))
			if d == last {
				ok = false
				break
			}
			last = d
		}
	}
	bearings, entry := make([]int, len(idx)), make([]bool, len(idx))
	if ok {
		if len(idx) > 0 && discrete(rs[idx[len(idx)-1]].bearing) < discrete(rs[idx[0]].bearing) {
			idx = append([]int{idx[len(idx)-1]}, idx[:len(idx)-1]...)
		}
		for i, k := range idx {
			bearings[i] = int(math.Round(float64(discrete(math.Round(rs[k].bearing))) * step))
			entry[i] = rs[k].entry
		}
	} else {
		for i, k := range idx {
			bearings[i] = int(math.Round(rs[k].bearing))
			entry[i] = rs[k].entry
		}
	}
	return bearings, entry
}

// matchBearing returns the index of the bearing closest to b (OSRM's
// findMatchingBearing).
func matchBearing(bearings []int, b int) int {
	best := 0
	for i := 1; i < len(bearings); i++ {
		if angularDeviation(float64(bearings[i]), float64(b)) < angularDeviation(float64(bearings[best]), float64(b)) {
			best = i
		}
	}
	return best
}

// segregatedLength: a road inside a divided road's intersection is at
// most this long (meters).
const segregatedLength = 32.0

// segregated reports whether road d is inside the intersection of a
// divided road: short, one-way roads in and out of both its ends, none of
// them turning the other way (OSRM's findSegregatedNodes).
func (g *Graph) segregated(d dedge) bool {
	if g.reversed(d) || g.isRing(d) || g.roadLength(d) > segregatedLength {
		return false
	}
	u := g.dFrom(d)
	last, v := g.nodeEnd(d)
	if u == v {
		return false
	}
	closeTo := func(r dedge) orb.Point { return coordinateCloseToTurn(g.roadPoints(r, nil)) }
	// angle at junction j from road back (leaving j toward where the route
	// comes from) onto road on
	angle := func(j uint32, back, on dedge) float64 {
		return computeAngle(closeTo(back), g.junctionPointOf(j), closeTo(on))
	}
	straight := func(a float64) bool { return a > 150 && a < 210 }
	ignorable := func(r dedge) bool {
		c := g.classOf(r)
		return !g.reversed(r) && !g.reversed(r.rev()) || c.link || c.priority > prioSideResidential
	}
	others := func(j, not uint32) []dedge {
		var out []dedge
		seen := map[uint32]bool{}
		for _, r := range g.roadsAt(j, nil) {
			t := g.roadTarget(r)
			if t == not || seen[t] {
				continue
			}
			seen[t] = true
			out = append(out, r)
		}
		return out
	}
	var inTurns, outTurns [8]bool
	onewayIn := false
	for _, r := range others(u, v) {
		inEdge, _ := g.nodeEnd(r)
		if g.reversed(inEdge.rev()) {
			continue // no road into u along it
		}
		a := angle(u, r, d)
		inTurns[direction(a)] = true
		if ignorable(r.rev()) || straight(a) {
			continue
		}
		onewayIn = true
	}
	if !onewayIn {
		return false
	}
	onewayOut := false
	for _, r := range others(v, u) {
		if g.reversed(r) {
			continue
		}
		a := angle(v, last.rev(), r)
		outTurns[direction(a)] = true
		if ignorable(r) || straight(a) {
			continue
		}
		onewayOut = true
	}
	if !onewayOut {
		return false
	}
	left := func(t [8]bool) bool { return t[mLeft] || t[mSharpLeft] }
	right := func(t [8]bool) bool { return t[mRight] || t[mSharpRight] }
	return !(left(inTurns) && right(outTurns) || right(inTurns) && left(outTurns) || left(outTurns) && right(outTurns))
}
