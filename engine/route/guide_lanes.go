package route

import "sort"

// Turn lanes (OSRM's guidance/turn_lane_*): which lanes of the road
// arriving lead onto each road of an intersection, matched from the
// road's turn:lanes, or the turn:lanes before the intersection just
// behind (a traffic light, a divided road), or those of a road and its
// sliproad together.

// laneData is the lanes marked for one turn (OSRM's TurnLaneData): tag a
// single marking, lanes from..to counted from the right.
type laneData struct {
	tag      laneMask
	from, to uint8
}

// laneOrder are the markings in turn order from the right (OSRM's
// tag_by_modifier of TurnLaneData's order), u-turn last.
var laneOrder = [...]laneMask{laneSharpRight, laneRight, laneSlightRight, laneStraight, laneSlightLeft, laneLeft, laneSharpLeft, laneUTurn}

func laneOrderOf(m laneMask) int {
	for i, t := range laneOrder {
		if t == m {
			return i
		}
	}
	return len(laneOrder)
}

// laneLess orders lane data from the right (OSRM's TurnLaneData::operator<).
func laneLess(a, b laneData) bool {
	switch {
	case a.from != b.from:
		return a.from < b.from
	case a.to != b.to:
		return a.to < b.to
	case a.tag == b.tag:
		return false
	case a.tag == laneUTurn:
		return a.from == 0
	case b.tag == laneUTurn:
		return b.from != 0
	}
	return laneOrderOf(a.tag) < laneOrderOf(b.tag)
}

func sortLanes(ld []laneData) {
	sort.SliceStable(ld, func(i, j int) bool { return laneLess(ld[i], ld[j]) })
}

// laneDataOf turns a description (lanes left to right) into lane data;
// nil for one OSRM cannot use: turns crossing, a u-turn in the middle
// (OSRM's laneDataFromDescription).
func laneDataOf(desc []laneMask) []laneData {
	if len(desc) == 0 {
		return nil
	}
	type span struct{ from, to uint8 }
	m := map[laneMask]*span{}
	var order []laneMask
	n := uint8(len(desc))
	for i, full := range desc {
		lane := n - 1 - uint8(i)
		for shift := 0; shift < len(laneNames); shift++ {
			bit := laneMask(1) << shift
			if full&bit == bit {
				if s, ok := m[bit]; ok {
					s.from = lane
				} else {
					m[bit] = &span{lane, lane}
					order = append(order, bit)
				}
			}
		}
	}
	ld := make([]laneData, 0, len(m))
	for _, bit := range order {
		ld = append(ld, laneData{bit, m[bit].from, m[bit].to})
	}
	sortLanes(ld)
	for i := 1; i < len(ld); i++ {
		if i+1 < len(ld) && ld[i].tag&laneUTurn != 0 {
			return nil
		}
		if ld[i-1].to > ld[i].from {
			return nil
		}
	}
	return ld
}

// findTag returns the index of the first lane data with a marking of tag,
// len(ld) when none.
func findTag(tag laneMask, ld []laneData) int {
	for i, d := range ld {
		if tag&d.tag != 0 {
			return i
		}
	}
	return len(ld)
}

func hasTag(tag laneMask, ld []laneData) bool { return findTag(tag, ld) < len(ld) }

// laneModifier is the direction a marking stands for (OSRM's
// getMatchingModifier).
func laneModifier(tag laneMask) dmod {
	switch tag {
	case laneUTurn:
		return mUTurn
	case laneSharpRight:
		return mSharpRight
	case laneRight:
		return mRight
	case laneSlightRight:
		return mSlightRight
	case laneStraight, laneMergeToLeft, laneMergeToRight:
		return mStraight
	case laneSlightLeft:
		return mSlightLeft
	case laneLeft:
		return mLeft
	case laneSharpLeft:
		return mSharpLeft
	}
	return mUTurn
}

// validLaneMatch reports whether a lane marked tag may lead into a turn of
// instruction i (OSRM's isValidMatch).
func validLaneMatch(tag laneMask, i instr) bool {
	merge := i.typ == tMerge
	switch tag {
	case laneUTurn:
		return i.mod.left() || i.mod == mUTurn
	case laneSharpRight, laneRight, laneSlightRight:
		if merge {
			return i.mod.left()
		}
		return i.typ.leavesRoundabout() || i.mod.right()
	case laneStraight:
		return i.mod == mStraight || i.typ == tSuppressed || i.typ == tNewName || i.typ == tStayOnRoundabout ||
			i.typ.entersRoundabout() || (i.typ == tFork || i.typ == tContinue) && (i.mod == mSlightLeft || i.mod == mSlightRight)
	case laneSlightLeft, laneLeft, laneSharpLeft:
		if merge {
			return i.mod.right()
		}
		return i.typ == tStayOnRoundabout || i.mod.left()
	}
	return false
}

// laneQuality is how far a road's angle is from a marking's ideal angle
// (OSRM's getMatchingQuality).
func laneQuality(tag laneMask, r *iroad) float64 {
	ideal := [...]float64{0, 35, 90, 135, 180, 225, 270, 315}
	return angularDeviation(ideal[laneModifier(tag)], r.angle)
}

// bestLaneMatch returns the road lanes marked tag best lead into (OSRM's
// findBestMatch).
func bestLaneMatch(tag laneMask, rs []iroad) int {
	return bestLaneMatchFrom(tag, rs, 0)
}

func bestLaneMatchFrom(tag laneMask, rs []iroad, from int) int {
	better := func(a, b *iroad) bool {
		va, vb := validLaneMatch(tag, a.ins), validLaneMatch(tag, b.ins)
		if va != vb {
			return va
		}
		if a.entry != b.entry {
			return a.entry
		}
		return laneQuality(tag, a) < laneQuality(tag, b)
	}
	best := from
	for k := from + 1; k < len(rs); k++ {
		if better(&rs[k], &rs[best]) {
			best = k
		}
	}
	return best
}

// bestLaneMatchForReverse returns the road a u-turn lane leads into, next
// to the one its neighbouring lanes (marked neighbour) lead into (OSRM's
// findBestMatchForReverse).
func bestLaneMatchForReverse(neighbour laneMask, rs []iroad) int {
	n := bestLaneMatch(neighbour, rs)
	if n+1 == len(rs) {
		return 0
	}
	return bestLaneMatchFrom(laneUTurn, rs, n)
}

// canMatchTrivially reports whether the lanes lead, in order, into the
// enterable roads, each its best match (OSRM's canMatchTrivially).
func canMatchTrivially(rs []iroad, ld []laneData) bool {
	road, lane := 1, 0
	if len(ld) > 0 && ld[0].tag == laneUTurn && rs[0].entry {
		lane = 1
	}
	for ; road < len(rs) && lane < len(ld); road++ {
		if !rs[road].entry {
			continue
		}
		if !validLaneMatch(ld[lane].tag, rs[road].ins) || bestLaneMatch(ld[lane].tag, rs) != road {
			return false
		}
		lane++
	}
	return lane == len(ld) || lane+1 == len(ld) && ld[len(ld)-1].tag == laneUTurn
}

// matchLanesTrivially gives each enterable road its lanes, in order; a
// u-turn lane makes its road a u-turn (OSRM's triviallyMatchLanesToTurns).
func (t *turnCtx) matchLanesTrivially(ld []laneData, desc []laneMask) {
	g, rs := t.g, t.roads()
	road, lane := 1, 0
	match := func(r *iroad, d laneData) {
		r.lanes = laneTuple{lanesInTurn: d.to - d.from + 1, firstFromRight: d.from}
		r.laneDesc = desc
	}
	if len(ld) > 0 && ld[0].tag == laneUTurn {
		if !rs[0].entry {
			return
		}
		u := 0
		if g.reversed(rs[0].d) {
			if len(rs) <= 1 || !rs[1].entry || rs[1].ins.mod != mSharpRight {
				return
			}
			u, road = 1, 2
		}
		rs[u].ins = instr{tContinue, mUTurn}
		match(&rs[u], ld[len(ld)-1])
		lane = 1
	}
	for ; road < len(rs) && lane < len(ld); road++ {
		if rs[road].entry {
			match(&rs[road], ld[lane])
			lane++
		}
	}
	if lane+1 == len(ld) && ld[len(ld)-1].tag == laneUTurn {
		u := 0
		if g.reversed(rs[0].d) {
			if !rs[len(rs)-1].entry || rs[len(rs)-1].ins.mod != mSharpLeft {
				return
			}
			u = len(rs) - 1
		}
		rs[u].ins = instr{tContinue, mUTurn}
		match(&rs[u], ld[len(ld)-1])
	}
}

// simpleMatch matches lanes to turns where that is trivial (OSRM's
// simpleMatchTuplesToTurns).
func (t *turnCtx) simpleMatch(ld []laneData, desc []laneMask) {
	if len(ld) == 0 || !canMatchTrivially(t.roads(), ld) {
		return
	}
	t.matchLanesTrivially(ld, desc)
}

// numberOfTurns counts the enterable roads.
func numberOfTurns(rs []iroad) int {
	n := 0
	for _, r := range rs {
		if r.entry {
			n++
		}
	}
	return n
}

// isSimpleIntersection reports whether the lanes can be matched without
// looking at the next intersection (OSRM's isSimpleIntersection).
func (g *Graph) isSimpleIntersection(ld []laneData, rs []iroad) bool {
	if len(ld) == 0 {
		return false
	}
	if len(rs) == 2 {
		merges := 0
		for _, d := range ld {
			if d.tag&(laneMergeToLeft|laneMergeToRight) != 0 {
				merges++
			}
		}
		return merges+1 >= len(ld)
	}
	turns := numberOfTurns(rs)
	if turns < len(ld) && !rs[0].entry && ld[len(ld)-1].tag == laneUTurn {
		turns++
	}
	if turns+2 <= len(ld) {
		return false
	}
	if turns+1 == len(ld) && ld[0].tag != laneNone && ld[len(ld)-1].tag != laneNone {
		return false
	}
	if turns > len(ld) && !hasTag(laneNone, ld) {
		return false
	}
	if turns > len(ld) && rs[0].entry && !(hasTag(laneUTurn, ld) || ld[len(ld)-1].tag != laneLeft && ld[len(ld)-1].tag != laneSharpLeft) {
		return false
	}
	all, hasNone := true, false
	matched := map[int]bool{}
	for i, d := range ld {
		if d.tag == laneNone {
			hasNone = true
			continue
		}
		var best int
		switch {
		case d.tag != laneUTurn || len(ld) == 1:
			best = bestLaneMatch(d.tag, rs)
		case i+1 == len(ld):
			best = bestLaneMatchForReverse(ld[i-1].tag, rs)
		case i == 0:
			best = bestLaneMatchForReverse(ld[i+1].tag, rs)
		default:
			best = 0
		}
		all = all && !matched[best]
		matched[best] = true
		all = all && (rs[best].entry || (best == 0 || best+1 == len(rs)) && !g.reversed(rs[best].d))
		all = all && validLaneMatch(d.tag, rs[best].ins)
	}
	return all && (len(matched) == len(ld) || len(matched)+1 == len(ld) && hasNone)
}

// laneDescOf returns the turn lanes of the road d reaches its node by,
// left to right, and their string (0: none): the lanes of d or, where d
// has none, of the edges before it up to the last node (OSRM keeps, of
// the lanes of the ways it compresses into one edge, those nearest the
// intersection).
func (g *Graph) laneDescOf(d dedge) ([]laneMask, uint32) {
	for k := 0; k < 1000; k++ {
		if desc, s := g.edgeLaneDesc(d); s != 0 {
			return desc, s
		}
		r0, r1, ok := g.passThrough(g.dFrom(d))
		if !ok {
			break
		}
		// the edge before d: the other road of the junction, reversed
		if r0 == d {
			d = r1.rev()
		} else {
			d = r0.rev()
		}
	}
	return nil, 0
}

// edgeLaneDesc returns the turn lanes of travelling d itself.
func (g *Graph) edgeLaneDesc(d dedge) ([]laneMask, uint32) {
	k := g.extra(d.edge())
	if k < 0 {
		return nil, 0
	}
	s := g.xStr[k+1]
	if d.back() {
		s = g.xStr[k+2]
	}
	if g.str(s) == "" {
		return nil, 0
	}
	return parseTurnLanes(g.str(s)), s
}
