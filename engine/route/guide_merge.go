package route

import (
	"math"

	"github.com/paulmach/orb"
)

// The carriageways of a divided road meet an intersection as two roads,
// one in and one out; guidance sees them as one road, at the bearing
// between them (OSRM's MergableRoadDetector and getIntersectionGeometries).
// A road short enough to reach another intersection whose carriageways
// merge turns as if toward their merged bearing.

// mergeable reports whether roads l and r of junction j (adjacent, by
// bearing) are the two carriageways of one road (OSRM's CanMergeRoad).
func (g *guide) mergeable(j uint32, l, r *iroad) bool {
	if angularDeviation(l.bearing, r.bearing) > mergableAngle {
		return false
	}
	lOut, rOut := g.dArc(l.d) >= 0, g.dArc(r.d) >= 0
	if lOut == rOut || !g.mergeSupported(l.d, r.d) {
		return false
	}
	if g.roadTarget(l.d) == j || g.roadTarget(r.d) == j {
		return false
	}
	if g.trafficLoop(j, l.d) || g.trafficLoop(j, r.d) {
		return false
	}
	if g.trafficIsland(j, l.d, r.d) {
		return true
	}
	if g.linkRoad(j, l.d) || g.linkRoad(j, r.d) {
		return false
	}
	if g.narrowTriangle(j, l, r) {
		return true
	}
	return g.sameDirection(j, l, r) && !g.circularShape(j, l, r)
}

// distinctFrom reports whether two adjacent roads are clearly different
// roads: apart by more than the mergeable angle or differently named
// (OSRM's IsDistinctFrom).
func (g *guide) distinctFrom(l, r *iroad) bool {
	if angularDeviation(l.bearing, r.bearing) > mergableAngle {
		return true
	}
	return !g.identicalNames(g.nameKeyOf(l.d.edge()), g.nameKeyOf(r.d.edge()))
}

// mergeSupported reports whether two roads could be one: neither a
// roundabout, the same mode, names and class (OSRM's
// EdgeDataSupportsMerge).
func (g *guide) mergeSupported(a, b dedge) bool {
	ea, eb := a.edge(), b.edge()
	if g.eFlags[ea]&flagRoundabout != 0 || g.eFlags[eb]&flagRoundabout != 0 {
		return false
	}
	if g.eFlags[ea]&flagFerry != g.eFlags[eb]&flagFerry {
		return false
	}
	if !g.identicalNames(g.nameKeyOf(ea), g.nameKeyOf(eb)) {
		return false
	}
	return g.classOfEdge(ea).same(g.classOfEdge(eb))
}

// pairMergeable reports whether roads k and k+1 of the geometries of
// junction j merge: distinct from their other neighbours and mergeable
// (OSRM's isRoadsPairMergeable).
func (g *guide) pairMergeable(j uint32, roads []iroad, k int) bool {
	n := len(roads)
	ll, l, r, rr := &roads[(k+n-1)%n], &roads[k], &roads[(k+1)%n], &roads[(k+2)%n]
	return g.distinctFrom(ll, l) && g.mergeable(j, l, r) && g.distinctFrom(r, rr)
}

// trafficLoop reports whether road d comes back to j over nodes of two
// roads (OSRM's IsTrafficLoop).
func (g *Graph) trafficLoop(j uint32, d dedge) bool {
	return g.roadTarget(g.skipDegreeTwo(d)) == j
}

// trafficIsland reports whether roads l and r of j meet again within
// 15 m (30 m where both ends split), all roads there of one name: a
// traffic island (OSRM's IsTrafficIsland).
func (g *guide) trafficIsland(j uint32, l, r dedge) bool {
	lc, rc := g.roadTarget(g.skipDegreeTwo(l)), g.roadTarget(g.skipDegreeTwo(r))
	if lc != rc || lc == j {
		return false
	}
	sameNameThree := func(n uint32) bool {
		rs := g.roadsAt(n, nil)
		if len(rs) != 3 {
			return false
		}
		want := g.nameKeyOf(rs[0].edge())
		for _, d := range rs {
			got := g.nameKeyOf(d.edge())
			if g.str(want.name) == "" && g.str(got.name) == "" {
				return false
			}
			if g.announced(want, got) && g.announced(got, want) {
				return false
			}
		}
		return true
	}
	in, out := sameNameThree(j), sameNameThree(lc)
	if !in && !out {
		return false
	}
	dist := gDist(g.junctionPointOf(j), g.junctionPointOf(lc))
	if in && out {
		return dist < 30
	}
	return dist < 15
}

// junctionPointOf returns the location of junction j.
func (g *Graph) junctionPointOf(j uint32) orb.Point {
	x := g.jEdge[g.jOff[j]]
	pts := g.edgePoints(x >> 1)
	if x&1 == 1 {
		return fixed(pts[len(pts)-1])
	}
	return fixed(pts[0])
}

// linkRoad reports whether road d of j only links to a road crossing it
// at its next intersection, which goes on the same way both sides (OSRM's
// IsLinkRoad).
func (g *guide) linkRoad(j uint32, d dedge) bool {
	via := g.skipDegreeTwo(d)
	last, _ := g.nodeEnd(via)
	next := g.connectedRoads(last, false)
	name := g.nameKeyOf(d.edge())
	k := next.closestTurnFiltered(straightAngle, func(r *iroad) bool {
		rn := g.nameKeyOf(r.d.edge())
		if g.str(name.name) == "" || g.str(rn.name) == "" {
			return true
		}
		return g.announced(name, rn) || g.announced(rn, name)
	})
	if k < 0 {
		return false
	}
	along := &next.roads[k]
	opp := &next.roads[next.closestTurn(restrictAngle(along.angle+straightAngle))]
	if g.roadTarget(opp.d) == g.dFrom(via) {
		return false
	}
	if angularDeviation(angularDeviation(along.angle, straightAngle), angularDeviation(opp.angle, 0)) < fuzzyAngleDifference {
		return false
	}
	return angularDeviation(opp.angle, along.angle) >= straightAngle-fuzzyAngleDifference &&
		(g.dArc(along.d) >= 0) == (g.dArc(opp.d) >= 0) && g.mergeSupported(along.d, opp.d)
}

// narrowTriangle reports whether roads l and r of j end at the corners of
// a narrow triangle whose third side joins them within the roads' width
// (OSRM's IsNarrowTriangle).
func (g *guide) narrowTriangle(j uint32, l, r *iroad) bool {
	const hops = 5
	sel := selectStraightmostByName(g.nameKeyOf(l.d.edge()), l.bearing, false, false)
	left := &intersectionFinder{hopLimit: hops}
	g.traverse(l.d, left, sel)
	if left.view.roads == nil {
		return false
	}
	if angularDeviation(left.view.roads[left.view.closestTurn(orthogonalAngle)].angle, orthogonalAngle) > narrowTurnAngle {
		g.traverse(left.view.roads[left.view.closestTurn(straightAngle)].d, left, sel)
	}
	leftCorner := g.roadTarget(left.via)
	if gDist(g.junctionPointOf(j), g.junctionPointOf(leftCorner)) > 80 {
		return false
	}
	right := &intersectionFinder{hopLimit: hops}
	g.traverse(r.d, right, sel)
	if right.view.roads == nil {
		return false
	}
	if angularDeviation(right.view.roads[right.view.closestTurn(270)].angle, 270) > narrowTurnAngle {
		g.traverse(right.view.roads[right.view.closestTurn(straightAngle)].d, right, sel)
	}
	connector := &left.view.roads[left.view.closestTurn(orthogonalAngle)]
	if angularDeviation(connector.angle, orthogonalAngle) > narrowTurnAngle {
		return false
	}
	lanes := func(d dedge) float64 { return float64(max(g.edgeLanes(d.edge()), 1)) }
	width := (lanes(l.d) + lanes(r.d)) * laneWidth
	rightCorner := g.roadTarget(right.via)
	if gDist(g.junctionPointOf(leftCorner), g.junctionPointOf(rightCorner)) > width+10 {
		return false
	}
	connect := &intersectionFinder{hopLimit: hops}
	g.traverse(connector.d, connect, sel)
	return g.roadTarget(connect.via) == rightCorner
}

// distanceToExtract is how far the carriageways are followed (meters).
const distanceToExtract = 120.0

// coordinatesAlong returns the points of road d and those after it along
// its name, up to distanceToExtract meters, and their length.
func (g *guide) coordinatesAlong(d dedge, bearing float64, stopOnAmbiguous bool) ([]orb.Point, float64) {
	acc := &lengthLimitedCoordinates{maxLength: distanceToExtract}
	g.traverse(d, acc, selectStraightmostByName(g.nameKeyOf(d.edge()), bearing, false, stopOnAmbiguous))
	return acc.pts, acc.length
}

// circularShape reports whether roads l and r of j close into a ring
// round enough to be one (OSRM's IsCircularShape).
func (g *guide) circularShape(j uint32, l, r *iroad) bool {
	lp, ll := g.coordinatesAlong(l.d, l.bearing, false)
	rp, _ := g.coordinatesAlong(r.d, l.bearing, false)
	if len(lp) == 0 || len(rp) == 0 {
		return false
	}
	if lp[len(lp)-1] == rp[len(rp)-1] && lp[0] == lp[len(lp)-1] {
		ratio := math.Abs(polygonArea(lp)) / (ll * ll)
		return ratio >= 0.85/(4*math.Pi)
	}
	return false
}

// sameDirection reports whether roads l and r of j run side by side for
// more than 40 m, at most the roads' width and 12 m apart (OSRM's
// HaveSameDirection).
func (g *guide) sameDirection(j uint32, l, r *iroad) bool {
	if angularDeviation(l.bearing, r.bearing) > mergableAngle {
		return false
	}
	lp, ll := g.coordinatesAlong(l.d, l.bearing, true)
	if ll <= 40 {
		return false
	}
	rp, rl := g.coordinatesAlong(r.d, l.bearing, true)
	if rl <= 40 {
		return false
	}
	meet := lp[len(lp)-1] == rp[len(rp)-1]
	lp = sampleCoordinates(lp, distanceToExtract, 5, nil)
	rp = sampleCoordinates(rp, distanceToExtract, 5, nil)
	if len(lp) < 3 || len(rp) < 3 {
		return false
	}
	if !meet {
		lp, rp = lp[len(lp)/3:], rp[len(rp)/3:]
	}
	if len(lp) < 2 || len(rp) < 2 || !areParallel(lp, rp) {
		return false
	}
	dist := math.Min(closestDistance(lp[len(lp)/2], rp), closestDistance(rp[len(rp)/2], lp))
	lanes := func(d dedge) float64 { return float64(max(g.edgeLanes(d.edge()), 1)) }
	return dist <= 0.5*(lanes(l.d)+lanes(r.d))*laneWidth+12
}

// mayMerge reports whether road d of junction j could merge with another
// road there (one leaves, the other does not; the same names and class),
// before their bearings are known: most junctions have no such pair.
func (g *guide) mayMerge(j uint32, d dedge) bool {
	out := g.dArc(d) >= 0
	for k := g.jOff[j]; k < g.jOff[j+1]; k++ {
		x := g.jEdge[k]
		e := x >> 1
		r := mkDedge(e, x&1 == 1)
		if g.dead(e) || r == d {
			continue
		}
		if (g.dArc(r) >= 0) != out && g.mergeSupported(d, r) {
			return true
		}
	}
	return false
}

// angleBisector returns the bearing halfway between bearings a and b.
func angleBisector(a, b float64) float64 {
	a, b = a*math.Pi/180, b*math.Pi/180
	avg := 180 * math.Atan2(math.Sin(a)+math.Sin(b), math.Cos(a)+math.Cos(b)) / math.Pi
	return math.Mod(avg+360, 360)
}

// mergedBearing returns the bearing of merged roads l and r of a
// junction (ok false: leave the bearings as they are), as OSRM's
// findMergedBearing.
func (g *Graph) mergedBearing(roads []iroad, l, r int, neighbour bool) (bool, float64) {
	lhs, rhs := &roads[l], &roads[r]
	entry := lhs
	if g.dArc(lhs.d) < 0 {
		entry = rhs
	}
	opposite := reverseBearing(roads[closestBearingIn(roads, reverseBearing(entry.bearing))].bearing)
	merged := angleBisector(rhs.bearing, lhs.bearing)
	if angularDeviation(angleBetween(opposite, entry.bearing), straightAngle) < maxNoTurnDeviation {
		return false, entry.bearing
	}
	if neighbour {
		tl, tr, tn := angleBetween(opposite, lhs.bearing), angleBetween(opposite, rhs.bearing), angleBetween(opposite, merged)
		if angularDeviation(tl, straightAngle) < angularDeviation(tn, straightAngle) ||
			angularDeviation(tr, straightAngle) < angularDeviation(tn, straightAngle) {
			return false, opposite
		}
	}
	return true, merged
}

// closestBearingIn returns the index of the road whose bearing is closest
// to b.
func closestBearingIn(roads []iroad, b float64) int {
	best := 0
	for k := 1; k < len(roads); k++ {
		if angularDeviation(roads[k].bearing, b) < angularDeviation(roads[best].bearing, b) {
			best = k
		}
	}
	return best
}

// pruningDistance: a road this short (meters) turns toward the merged
// bearing of carriageways merging at its other end.
const pruningDistance = 30.0

// mergeCarriageways returns the roads of junction j with the
// carriageways of divided roads merged: both at their bisector, and the
// set of those that only arrive (left out of views), as OSRM's
// getIntersectionGeometries.
func (g *guide) mergeCarriageways(j uint32) ([]iroad, map[dedge]bool) {
	roads := append([]iroad(nil), g.geometries(j, false)...)
	n := len(roads)
	var mergedIdx []bool
	var merged map[dedge]bool
	if n >= 3 {
		for k := 0; k < n; k++ {
			if !g.pairMergeable(j, roads, k) {
				continue
			}
			next := (k + 1) % n
			if mergedIdx == nil {
				mergedIdx, merged = make([]bool, n), map[dedge]bool{}
			}
			mergedIdx[k], mergedIdx[next] = true, true
			_, b := g.mergedBearing(roads, k, next, false)
			roads[k].bearing, roads[k].initial = b, b
			roads[next].bearing, roads[next].initial = b, b
			if g.dArc(roads[k].d) < 0 {
				merged[roads[k].d] = true
			} else {
				merged[roads[next].d] = true
			}
		}
	}
	if n >= 2 {
		for k := range roads {
			r := &roads[k]
			if mergedIdx != nil && mergedIdx[k] || r.length > pruningDistance {
				continue
			}
			last, nb := g.nodeEnd(r.d)
			if !g.mayMerge(nb, last.rev()) {
				continue
			}
			ng := g.geometries(nb, false)
			m := len(ng)
			if m <= 1 {
				continue
			}
			cur := -1
			for i := range ng {
				if ng[i].d == last.rev() {
					cur = i
				}
			}
			if cur < 0 {
				continue
			}
			prev, next := (cur+m-1)%m, (cur+1)%m
			switch {
			case g.pairMergeable(nb, ng, prev):
				if ok, b := g.mergedBearing(ng, prev, cur, true); ok {
					off := angularDeviation(b, ng[cur].bearing)
					r.bearing = math.Mod(r.bearing+360-off, 360)
					r.initial = r.bearing
				}
			case g.pairMergeable(nb, ng, cur):
				if ok, b := g.mergedBearing(ng, cur, next, true); ok {
					off := angularDeviation(b, ng[cur].bearing)
					r.bearing = math.Mod(r.bearing+off, 360)
					r.initial = r.bearing
				}
			}
		}
	}
	return roads, merged
}

// turnView returns the intersection at the end of in as guidance assigns
// its turns: divided roads merged (OSRM's annotateTurns' views).
func (g *guide) turnView(in dedge) view {
	roads, merged := g.mergedGeometries(g.dTo(in))
	return g.toView(in, roads, merged)
}
