package route

// The lane handler's scenarios (OSRM's TurnLaneHandler): which lanes
// an intersection's turns get, from its own turn:lanes, those of the
// intersection just behind, or a road and its sliproad together; and the
// "none" markings matched to the turns left over (guide_lanes.go has the
// lane data and the matching).

// turnLaneScenario is what the lane handler makes of an intersection.
type turnLaneScenario uint8

const (
	lanesNone turnLaneScenario = iota
	lanesSimple
	lanesPartitionLocal
	lanesSimplePrevious
	lanesPartitionPrevious
	lanesSliproad
	lanesMerge
	lanesInvalid
	lanesUnknown
)

// assignTurnLanes gives the roads of t's intersection the lanes leading
// into them (OSRM's TurnLaneHandler::assignTurnLanes).
func (t *turnCtx) assignTurnLanes() {
	if len(t.roads()) == 1 || len(t.g.xEdge) == 0 {
		return
	}
	if _, id := t.g.laneDescOf(t.in); id == 0 && !t.g.lanesAt(t.from) {
		// no lanes here nor on the roads of the intersection behind:
		// nothing to match (OSRM's scenarios all need some)
		return
	}
	sc := t.deduceLanes()
	switch sc.scenario {
	case lanesSimple, lanesPartitionLocal:
		ld := handleNoneValue(sc.ld, t.roads())
		t.simpleMatch(ld, sc.desc)
	case lanesSimplePrevious, lanesPartitionPrevious:
		ld := handleNoneValue(sc.prevLd, t.roads())
		t.simpleMatch(ld, sc.prevDesc)
	case lanesSliproad:
		t.sliproadLanes(sc)
	}
}

// laneScenario is what deduceLanes found.
type laneScenario struct {
	scenario         turnLaneScenario
	ld               []laneData
	desc             []laneMask
	descID           uint32
	prevLd           []laneData
	prevDesc         []laneMask
	prevIntersection *turnCtx
}

// deduceLanes finds the lane scenario of t's intersection (OSRM's
// deduceScenario).
func (t *turnCtx) deduceLanes() laneScenario {
	g, rs := t.g, t.roads()
	var sc laneScenario
	if g.isRoundabout(t.in) {
		return sc
	}
	for _, r := range rs {
		if r.ins.typ.isRoundabout() {
			return sc
		}
	}
	if len(rs) == 1 {
		return sc
	}
	sc.desc, sc.descID = g.laneDescOf(t.in)
	sc.ld = laneDataOf(sc.desc)
	if len(rs) == 2 && sc.descID != 0 {
		_, out := g.laneDescOf(rs[1].d.lastOf(g.Graph))
		if out == sc.descID && angularDeviation(rs[1].angle, straightAngle) < fuzzyAngleDifference {
			return laneScenario{}
		}
	}
	if sc.descID != 0 && len(sc.ld) == 0 {
		sc.scenario = lanesInvalid
		return sc
	}
	if sc.descID != 0 && len(sc.ld) == 1 && sc.ld[0].tag == laneNone {
		return laneScenario{}
	}
	prev, prevIn, ok := g.previousIntersection(t)
	if ok {
		sc.prevDesc, _ = g.laneDescOf(prevIn)
		sc.prevLd = laneDataOf(sc.prevDesc)
		pt := g.analyse(prevIn, prev.clone())
		sc.prevIntersection = pt
		prs := pt.roads()
		for k := range prs {
			r := &prs[k]
			if r.ins.typ != tSliproad {
				continue
			}
			if r.d == t.in.firstOf(g.Graph) {
				sc.scenario = lanesSliproad
				return sc
			}
			var closest *iroad
			switch {
			case k+1 == len(prs):
				closest = &prs[k-1]
			case k == 1:
				closest = &prs[k+1]
			case angularDeviation(r.angle, prs[k-1].angle) < angularDeviation(r.angle, prs[k+1].angle):
				closest = &prs[k-1]
			default:
				closest = &prs[k+1]
			}
			if closest.d == t.in.firstOf(g.Graph) {
				sc.scenario = lanesSliproad
				return sc
			}
		}
	}
	possible := numberOfTurns(rs)
	if hasTag(laneMergeToLeft|laneMergeToRight, sc.ld) {
		sc.scenario = lanesMerge
		return sc
	}
	if rs[0].entry && !hasTag(laneNone|laneLeft|laneSharpLeft|laneUTurn, sc.ld) && len(sc.ld)+1 == possible {
		sc.scenario = lanesInvalid
		return sc
	}
	uturnCount := 0
	if !hasTag(laneUTurn, sc.ld) && rs[0].entry {
		uturnCount = 1
	}
	if len(sc.ld) > 0 && canMatchTrivially(rs, sc.ld) && len(sc.ld) != uturnCount+possible && rs[0].entry && !hasTag(laneNone, sc.ld) {
		last := sc.ld[len(sc.ld)-1]
		sc.ld = append(sc.ld, laneData{laneUTurn, last.to, last.to})
	}
	if g.isSimpleIntersection(sc.ld, rs) {
		sc.scenario = lanesSimple
		return sc
	}
	if len(sc.ld) > 0 {
		if len(sc.ld) >= possible {
			first, _ := t.partitionLanes(t.v.j, sc.ld)
			sc.ld = first
			if len(sc.ld) == possible && g.isSimpleIntersection(sc.ld, rs) {
				sc.scenario = lanesPartitionLocal
				return sc
			}
		}
		sc.scenario = lanesUnknown
		return sc
	}
	if sc.descID != 0 {
		sc.scenario = lanesUnknown
		return sc
	}
	if !ok || len(sc.prevLd) == 0 {
		return sc
	}
	if hasTag(laneMergeToLeft|laneMergeToRight, sc.prevLd) {
		sc.scenario = lanesMerge
		return sc
	}
	if g.isSimpleIntersection(sc.prevLd, rs) && len(sc.prevIntersection.roads()) == 2 {
		sc.scenario = lanesSimplePrevious
		return sc
	}
	if len(sc.prevLd) >= numberOfTurns(sc.prevIntersection.roads()) && len(sc.prevIntersection.roads()) != 2 {
		_, second := sc.prevIntersection.partitionLanes(sc.prevIntersection.v.j, sc.prevLd)
		sortLanes(second)
		sc.prevLd = second
		if len(sc.prevLd) == possible && g.isSimpleIntersection(sc.prevLd, rs) {
			sc.scenario = lanesPartitionPrevious
			return sc
		}
	}
	sc.scenario = lanesUnknown
	return sc
}

// lanesAt reports whether a road at junction j has turn lanes, in either
// direction, on any of its edges up to the next node.
func (g *Graph) lanesAt(j uint32) bool {
	for k := g.jOff[j]; k < g.jOff[j+1]; k++ {
		x := g.jEdge[k]
		d := mkDedge(x>>1, x&1 == 1)
		for i := 0; i < 1000; i++ {
			if _, s := g.edgeLaneDesc(d); s != 0 {
				return true
			}
			if _, s := g.edgeLaneDesc(d.rev()); s != 0 {
				return true
			}
			r0, r1, ok := g.passThrough(g.dTo(d))
			if !ok || g.dTo(d) == j {
				break
			}
			if r0 == d.rev() {
				d = r1
			} else {
				d = r0
			}
		}
	}
	return false
}

// firstOf returns the first directed edge of the road d ends: the road as
// its node sees it (our roads at a node are named by their first edge).
func (d dedge) firstOf(g *Graph) dedge {
	last, _ := g.nodeEnd(d.rev())
	return last.rev()
}

// previousIntersection finds the intersection just behind t's, within
// 30 m, and the road from it to t's (OSRM's findPreviousIntersection).
func (g *guide) previousIntersection(t *turnCtx) (view, dedge, bool) {
	via := t.in.firstOf(g.Graph) // the road from the node before, as it leaves it
	if pathLength(g.roadPoints(via, nil)) > 30 {
		return view{}, 0, false
	}
	rs := t.roads()
	uturn := rs[0].d
	if g.roadTarget(uturn) != t.from {
		return view{}, 0, false
	}
	last, _ := g.nodeEnd(uturn)
	atV := g.connectedRoads(last, true)
	s := atV.closestTurn(straightAngle)
	if angularDeviation(atV.roads[s].angle, straightAngle) > groupAngle {
		return view{}, 0, false
	}
	lastS, _ := g.nodeEnd(atV.roads[s].d)
	atU := g.connectedRoads(lastS, true)
	prevVia := atU.roads[0].d // leaving u toward v
	if g.roadTarget(prevVia) != t.from || g.reversed(prevVia) {
		return view{}, 0, false
	}
	lastP, _ := g.nodeEnd(prevVia)
	pv := g.connectedRoads(lastP, false)
	found := false
	for _, r := range pv.roads {
		if r.d == via {
			found = true
			break
		}
	}
	if !found {
		return view{}, 0, false
	}
	return pv, lastP, true
}

// partitionLanes splits the lanes of a divided road's intersection into
// those for turns here and those for the turns at the intersection
// straight ahead (OSRM's partitionLaneData); at is t's node.
func (t *turnCtx) partitionLanes(at uint32, ld []laneData) ([]laneData, []laneData) {
	g, rs := t.g, t.roads()
	s := t.v.closestTurn(straightAngle)
	if !rs[s].entry {
		return ld, nil
	}
	last, _ := g.nodeEnd(rs[s].d)
	next := g.analyse(last, g.connectedRoads(last, false).clone())
	nrs := next.roads()
	first, second := make([]bool, len(ld)), make([]bool, len(ld))
	straightIdx := len(ld)
	for i := range ld {
		if ld[i].tag&(laneNone|laneUTurn) != 0 {
			continue
		}
		best := bestLaneMatch(ld[i].tag, rs)
		if rs[best].entry && validLaneMatch(ld[i].tag, rs[best].ins) {
			first[i] = true
			if best == s {
				straightIdx = i
			}
		}
		bestNext := bestLaneMatch(ld[i].tag, nrs)
		if nrs[bestNext].entry && validLaneMatch(ld[i].tag, nrs[bestNext].ins) {
			if !first[i] || ld[i].tag == laneStraight || laneQuality(ld[i].tag, &rs[best]) > laneQuality(ld[i].tag, &nrs[bestNext]) {
				if ld[i].tag != laneStraight {
					first[i] = false
				}
				second[i] = true
			}
		}
		if !first[i] && !second[i] {
			return ld, nil
		}
	}
	none := findTag(laneNone, ld)
	if straightIdx == len(ld) && none != len(ld) {
		straightIdx = none
	}
	if none != len(ld) {
		if countTrue(first) <= numberOfTurns(rs) {
			first[none] = true
		}
		if countTrue(second) <= numberOfTurns(nrs) {
			second[none] = true
		}
	}
	augment := func(d *laneData) {
		for i := range ld {
			if second[i] {
				d.from = min(ld[i].from, d.from)
				d.to = max(ld[i].to, d.to)
			}
		}
	}
	data := append([]laneData(nil), ld...)
	var fst, snd []laneData
	for i := range data {
		if second[i] {
			snd = append(snd, data[i])
		}
		if i == straightIdx {
			augment(&data[straightIdx])
		}
		if first[i] {
			fst = append(fst, data[i])
		}
	}
	if straightIdx == len(ld) && numberOfTurns(nrs) > 0 && countTrue(second) == numberOfTurns(nrs) {
		d := laneData{laneStraight, 255, 0}
		augment(&d)
		fst = append(fst, d)
		sortLanes(fst)
	}
	return fst, snd
}

// sliproadLanes matches the lanes of a sliproad and its main road,
// described together (OSRM's handleSliproadTurn).
func (t *turnCtx) sliproadLanes(sc laneScenario) {
	g := t.g
	prs := sc.prevIntersection.roads()
	k := 0
	for k < len(prs) && prs[k].ins.typ != tSliproad {
		k++
	}
	if k == len(prs) {
		return
	}
	sr := &prs[k]
	var main *iroad
	switch {
	case k+1 == len(prs):
		main = &prs[k-1]
	case k == 1:
		main = &prs[k+1]
	case angularDeviation(sr.angle, prs[k-1].angle) < angularDeviation(sr.angle, prs[k+1].angle):
		main = &prs[k-1]
	default:
		main = &prs[k+1]
	}
	mainDesc, mainID := g.laneDescOf(main.d.lastOf(g.Graph))
	srDesc, srID := g.laneDescOf(sr.d.lastOf(g.Graph))
	if mainID == 0 || srID == 0 {
		return
	}
	ld := append([]laneData(nil), sc.ld...)
	var combined []laneMask
	if main.angle > sr.angle {
		combined = append(append(combined, mainDesc...), srDesc...)
		if mainID == sc.descID {
			for i := range ld {
				ld[i].from += uint8(len(srDesc))
				ld[i].to += uint8(len(srDesc))
			}
		}
	} else {
		combined = append(append(combined, srDesc...), mainDesc...)
		if srID == sc.descID {
			for i := range ld {
				ld[i].from += uint8(len(mainDesc))
				ld[i].to += uint8(len(mainDesc))
			}
		}
	}
	t.simpleMatch(ld, combined)
}

// lastOf returns the last directed edge of the road d starts: where it
// reaches its node.
func (d dedge) lastOf(g *Graph) dedge {
	last, _ := g.nodeEnd(d)
	return last
}

// handleNoneValue resolves lanes marked none at a simple intersection
// (OSRM's handleNoneValueAtSimpleTurn).
func handleNoneValue(ld []laneData, rs []iroad) []laneData {
	if len(rs) == 0 || len(ld) == 0 || !hasTag(laneNone, ld) {
		return ld
	}
	ld = append([]laneData(nil), ld...)
	conns := numberOfTurns(rs)
	if rs[0].entry && ld[len(ld)-1].tag != laneUTurn {
		conns--
	}
	none := findTag(laneNone, ld)
	switch {
	case conns > len(ld):
		ld = augmentMultiple(none, conns, ld, rs)
	case conns < len(ld):
		if conns+1 != len(ld) {
			return ld
		}
		ld = mergeNoneTag(none, ld)
	default:
		ld = renameNone(none, ld, rs)
	}
	sortLanes(ld)
	return ld
}

// laneByModifier are the markings of the directions, in dmod order.
var laneByModifier = [...]laneMask{laneUTurn, laneSharpRight, laneRight, laneSlightRight, laneStraight, laneSlightLeft, laneLeft, laneSharpLeft}

func augmentMultiple(none, conns int, ld []laneData, rs []iroad) []laneData {
	first, end := 0, 0
	switch {
	case none == 0:
		count := 0
		for i := 1; i < len(rs); i++ {
			if rs[i].entry {
				count++
			}
			if count > conns-len(ld) {
				first, end = 1, i+1
				break
			}
		}
	case none+1 == len(ld):
		count := 0
		for i := len(rs) - 1; i > 0; i-- {
			if rs[i].entry {
				count++
			}
			if count > conns-len(ld) {
				first, end = i, len(rs)
				break
			}
		}
	default:
		begin, count := 1, 0
		for i := 1; i < len(rs); i++ {
			if rs[i].entry {
				count++
			}
			if count >= none {
				begin = i + 1
				break
			}
		}
		count = 0
		for i := begin; i < len(rs); i++ {
			if rs[i].entry {
				count++
			}
			if count > conns-len(ld) {
				first, end = begin, i+1
				break
			}
		}
	}
	allowed := 0
	for i := first; i < end; i++ {
		if rs[i].entry {
			allowed++
		}
	}
	nd := ld[none]
	if allowed > 1 && nd.to-nd.from >= 1 {
		straight := -1
		for i := first; i < end; i++ {
			if rs[i].ins.mod == mStraight {
				straight = i
				break
			}
		}
		if straight >= 0 {
			for i := first; i < straight; i++ {
				ld = append(ld, laneData{laneByModifier[rs[i].ins.mod], nd.from, nd.from})
			}
			ld = append(ld, laneData{laneByModifier[rs[straight].ins.mod], nd.from, nd.to})
			for i := straight + 1; i < end; i++ {
				ld = append(ld, laneData{laneByModifier[rs[i].ins.mod], nd.to, nd.to})
			}
			ld = append(ld[:none], ld[none+1:]...)
		}
		return ld
	}
	for i := first; i < end; i++ {
		if rs[i].entry {
			ld = append(ld, laneData{laneByModifier[rs[i].ins.mod], nd.from, nd.to})
		}
	}
	return append(ld[:none], ld[none+1:]...)
}

func mergeNoneTag(none int, ld []laneData) []laneData {
	switch {
	case none == 0:
		ld[1].from = ld[0].from
		return ld[1:]
	case none+1 == len(ld):
		ld[none-1].to = ld[none].to
		return ld[:none]
	case ld[none].to-ld[none].from <= 1:
		ld[none-1].to = ld[none].from
		ld[none+1].from = ld[none].to
		return append(ld[:none], ld[none+1:]...)
	}
	return ld
}

func renameNone(none int, ld []laneData, rs []iroad) []laneData {
	var right, through, left bool
	for _, r := range rs {
		if !r.entry {
			continue
		}
		m := r.ins.mod
		right = right || m.right()
		through = through || m == mStraight
		left = left || m.left()
	}
	switch {
	case none == 0:
		if right && (len(ld) == 1 || ld[1].tag != laneSharpRight && ld[1].tag != laneRight) {
			ld[0].tag = laneRight
			if len(ld) > 1 && ld[1].tag == laneStraight {
				ld[1].from = ld[0].from
				ld[0].to = ld[0].from
			}
		} else if through && (len(ld) == 1 || ld[1].tag != laneStraight) {
			ld[0].tag = laneStraight
		}
	case none+1 == len(ld):
		if left && ld[none-1].tag != laneSharpLeft && ld[none-1].tag != laneLeft {
			ld[none].tag = laneLeft
			if ld[none-1].tag == laneStraight {
				ld[none-1].to = ld[none].to
				ld[none].from = ld[none].to
			}
		} else if through && ld[none-1].tag != laneStraight {
			ld[none].tag = laneStraight
		}
	default:
		l, r := ld[none+1].tag, ld[none-1].tag
		if (l == laneLeft || l == laneSlightLeft || l == laneSharpLeft) && (r == laneRight || r == laneSlightRight || r == laneSharpRight) {
			ld[none].tag = laneStraight
		}
	}
	return ld
}
