package route

import "github.com/paulmach/orb"

// Walking the graph from an intersection along a road, as OSRM's guidance
// looks ahead (extractor/intersection/node_based_graph_walker): a selector
// picks the road to go on with at each node, an accumulator collects what
// the walk passes and says when it has seen enough. A road is named by the
// directed edge that starts it at a node; it runs to the next node
// (nodeEnd).

// walkAccumulator collects a walk (OSRM's accumulators).
type walkAccumulator interface {
	// update is given each road walked, from the node it leaves.
	update(g *guide, d dedge)
	// terminate says whether the walk has seen enough.
	terminate() bool
}

// walkSelector picks the road to go on with at the node road d reaches,
// seen as v; ok is false to stop.
type walkSelector func(g *guide, d dedge, v view) (dedge, bool)

// traverse walks from road d on (OSRM's TraverseRoad). It returns the
// last road walked and whether the accumulator stopped the walk (rather
// than a dead end, a loop back to the start or the selector).
func (g *guide) traverse(d dedge, acc walkAccumulator, sel walkSelector) (dedge, bool) {
	stop := g.dFrom(d)
	for hop := 0; hop < 1000; hop++ {
		acc.update(g, d)
		last, target := g.nodeEnd(d)
		if target == stop {
			return d, false
		}
		next := g.connectedRoads(last, true)
		if len(next.roads) <= 1 {
			return d, false
		}
		nd, ok := sel(g, d, next)
		if !ok {
			return d, false
		}
		if acc.terminate() {
			return d, true
		}
		d = nd
	}
	return d, false
}

// skipDegreeTwo follows road d over nodes of two roads (traffic lights,
// changes of name) and returns the road that reaches the first node of
// more (OSRM's skipDegreeTwoNodes).
func (g *Graph) skipDegreeTwo(d dedge) dedge {
	start := g.dFrom(d)
	for k := 0; k < 1000; k++ {
		last, t := g.nodeEnd(d)
		if t == start || g.degree(t) != 2 {
			return d
		}
		var rs [2]dedge
		n := 0
		for _, r := range g.roadsAt(t, make([]dedge, 0, 2)) {
			if n < 2 {
				rs[n] = r
				n++
			}
		}
		if rs[0] == last.rev() {
			d = rs[1]
		} else {
			d = rs[0]
		}
	}
	return d
}

// roadTarget returns the node road d reaches.
func (g *Graph) roadTarget(d dedge) uint32 {
	_, t := g.nodeEnd(d)
	return t
}

// intersectionFinder finds the next intersection of more than two roads
// within hopLimit roads (OSRM's IntersectionFinderAccumulator).
type intersectionFinder struct {
	hops, hopLimit int
	via            dedge // the road reaching the intersection
	view           view
}

func (f *intersectionFinder) update(g *guide, d dedge) {
	f.hops++
	f.via = d
	last, _ := g.nodeEnd(d)
	f.view = g.connectedRoads(last, true)
}

func (f *intersectionFinder) terminate() bool {
	if len(f.view.roads) > 2 || f.hops == f.hopLimit {
		f.hops = 0
		return true
	}
	return false
}

// lengthLimitedCoordinates collects the points of the roads walked, up to
// maxLength meters (OSRM's LengthLimitedCoordinateAccumulator).
type lengthLimitedCoordinates struct {
	maxLength, length float64
	pts               []orb.Point
}

func (a *lengthLimitedCoordinates) update(g *guide, d dedge) {
	pts := g.roadPoints(d, nil)
	l := pathLength(pts)
	if l+a.length > a.maxLength {
		pts = trimToLength(pts, a.maxLength-a.length, nil)
	}
	a.pts = append(a.pts, pts...)
	a.length = min(a.length+l, a.maxLength)
}

func (a *lengthLimitedCoordinates) terminate() bool { return a.length >= a.maxLength }

// distanceToNext measures the roads walked until threshold meters (OSRM's
// DistanceToNextIntersectionAccumulator).
type distanceToNext struct {
	threshold, distance float64
	tooFar              bool
}

func (a *distanceToNext) update(g *guide, d dedge) {
	a.distance += pathLength(g.roadPoints(d, nil))
}

func (a *distanceToNext) terminate() bool {
	if a.distance > a.threshold {
		a.tooFar = true
		return true
	}
	return false
}

// skipObstacle goes on only over a node of two roads (OSRM's
// SkipObstacleRoadSelector).
func skipObstacle(_ *guide, _ dedge, v view) (dedge, bool) {
	if len(v.roads) == 2 {
		return v.roads[1].d, true
	}
	return 0, false
}

// selectByNameAndStraightness picks the straightest road, preferring the
// name name and, with entry, roads that may be entered (OSRM's
// SelectRoadByNameOnlyChoiceAndStraightness).
func selectByNameAndStraightness(name nameKey, entry bool) walkSelector {
	return func(g *guide, _ dedge, v view) (dedge, bool) {
		best, bestScore := -1, 0.0
		for k := 1; k < len(v.roads); k++ {
			r := &v.roads[k]
			s := angularDeviation(r.angle, straightAngle)
			if entry && !r.entry {
				s += 360
			}
			if g.nameKeyOf(r.d.edge()) != name {
				s += 180
			}
			if best < 0 || s < bestScore {
				best, bestScore = k, s
			}
		}
		if best < 0 || entry && !v.roads[best].entry {
			return 0, false
		}
		return v.roads[best].d, true
	}
}

// selectStraightmostByName follows the straightest road while it keeps
// the name name and heads within 40° of bearing (OSRM's
// SelectStraightmostRoadByNameAndOnlyChoice).
func selectStraightmostByName(name nameKey, bearing float64, entry, stopOnAmbiguous bool) walkSelector {
	return func(g *guide, _ dedge, v view) (dedge, bool) {
		if len(v.roads) == 1 {
			return 0, false
		}
		count := 0
		for _, r := range v.roads {
			if g.nameKeyOf(r.d.edge()) == name {
				count++
			}
		}
		if count > 2 {
			return 0, false
		}
		best, bestScore := -1, 0.0
		for k := 1; k < len(v.roads); k++ {
			r := &v.roads[k]
			s := angularDeviation(r.angle, straightAngle)
			if entry && !r.entry {
				s += 360
			}
			if g.nameKeyOf(r.d.edge()) != name {
				s += 180
			}
			if best < 0 || s < bestScore {
				best, bestScore = k, s
			}
		}
		m := &v.roads[best]
		if entry && !m.entry {
			return 0, false
		}
		if (len(v.roads) == 2 || v.closestTurn(straightAngle) == best) && angularDeviation(m.angle, straightAngle) < narrowTurnAngle &&
			angularDeviation(bearing, m.bearing) < narrowTurnAngle {
			return m.d, true
		}
		only := count <= 2 && g.nameKeyOf(m.d.edge()) == name && angularDeviation(m.angle, straightAngle) < 100
		if stopOnAmbiguous && angularDeviation(straightAngle, m.angle) > groupAngle {
			opp := v.closestTurn(reverseBearing(m.angle))
			if angularDeviation(m.angle, v.roads[opp].angle) > 180-fuzzyAngleDifference {
				return 0, false
			}
			if angularDeviation(v.roads[v.closestTurn(straightAngle)].angle, straightAngle) < fuzzyAngleDifference {
				return 0, false
			}
		}
		if only {
			return m.d, true
		}
		return 0, false
	}
}

// closestTurn returns the index of the road whose angle is closest to
// angle (the first of equals).
func (v view) closestTurn(angle float64) int {
	best := 0
	for k := 1; k < len(v.roads); k++ {
		if angularDeviation(v.roads[k].angle, angle) < angularDeviation(v.roads[best].angle, angle) {
			best = k
		}
	}
	return best
}

// closestTurnFiltered is closestTurn over the roads skip does not rule
// out, -1 when it rules out all.
func (v view) closestTurnFiltered(angle float64, skip func(*iroad) bool) int {
	best := -1
	for k := range v.roads {
		if skip(&v.roads[k]) {
			continue
		}
		if best < 0 || angularDeviation(v.roads[k].angle, angle) < angularDeviation(v.roads[best].angle, angle) {
			best = k
		}
	}
	return best
}

// closestBearing returns the index of the road whose perceived bearing is
// closest to b.
func (v view) closestBearing(b float64) int {
	best := 0
	for k := 1; k < len(v.roads); k++ {
		if angularDeviation(v.roads[k].bearing, b) < angularDeviation(v.roads[best].bearing, b) {
			best = k
		}
	}
	return best
}

// deadEnd reports whether no road but the way back may be entered.
func (v view) deadEnd() bool {
	for _, r := range v.roads[1:] {
		if r.entry {
			return false
		}
	}
	return true
}

// enterable counts the roads that may be entered.
func (v view) enterable() int {
	n := 0
	for _, r := range v.roads {
		if r.entry {
			n++
		}
	}
	return n
}
