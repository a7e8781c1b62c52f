package route

import (
	"math"

	"github.com/paulmach/orb"
)

// Intersections as guidance sees them (OSRM's intersection analysis,
// extractor/intersection): the roads at a junction with the bearing a
// driver perceives them at (the representative coordinate,
// guide_coords.go), whether the route arriving on a road may enter each,
// and the turn angle onto each (OSRM's circle: 180 straight on).
//
// OSRM works on a node-based graph in which a junction of two compatible
// roads (the same names, class, flags, directions) is no node: its
// geometry is part of one longer edge. Our graph keeps such junctions
// (where two ways join), so guidance passes over them: a road at an
// intersection runs until the next junction that is a node to OSRM
// (nodeEnd, roadPoints), and a route passing one gets no instruction.

// dedge is a directed edge: an edge index times two, plus one when
// travelled against its node order (the indexing of eArc).
type dedge uint32

func mkDedge(e uint32, back bool) dedge {
	if back {
		return dedge(e<<1 | 1)
	}
	return dedge(e << 1)
}

func (d dedge) edge() uint32 { return uint32(d) >> 1 }
func (d dedge) back() bool   { return d&1 == 1 }
func (d dedge) rev() dedge   { return d ^ 1 }

// dFrom and dTo return the junctions d leaves and reaches.
func (g *Graph) dFrom(d dedge) uint32 {
	if d.back() {
		return g.eTo[d.edge()]
	}
	return g.eFrom[d.edge()]
}

func (g *Graph) dTo(d dedge) uint32 {
	if d.back() {
		return g.eFrom[d.edge()]
	}
	return g.eTo[d.edge()]
}

// dArc returns the arc travelling d, -1 when d is closed.
func (g *Graph) dArc(d dedge) int32 { return g.eArc[d] }

// dead reports whether edge e is closed both ways: a segment another way
// keeps, no road at its junctions.
func (g *Graph) dead(e uint32) bool { return g.eArc[2*e] < 0 && g.eArc[2*e+1] < 0 }

// roadsAt appends the directed edges leaving junction j along its roads.
func (g *Graph) roadsAt(j uint32, dst []dedge) []dedge {
	for k := g.jOff[j]; k < g.jOff[j+1]; k++ {
		x := g.jEdge[k]
		if e := x >> 1; !g.dead(e) {
			dst = append(dst, mkDedge(e, x&1 == 1))
		}
	}
	return dst
}

// degree returns the number of roads at junction j.
func (g *Graph) degree(j uint32) int {
	n := 0
	for k := g.jOff[j]; k < g.jOff[j+1]; k++ {
		if !g.dead(g.jEdge[k] >> 1) {
			n++
		}
	}
	return n
}

// dRestricted reports whether travelling d is open to local traffic only.
func (g *Graph) dRestricted(d dedge) bool {
	f := g.eFlags[d.edge()]
	if d.back() {
		return f&flagRestrictedBackward != 0
	}
	return f&flagRestrictedForward != 0
}

// compatible reports whether travelling a then b is one edge to OSRM
// (its graph compressor): the same names, class, flags and classes, and
// the same directions open.
func (g *Graph) compatible(a, b dedge) bool {
	ea, eb := a.edge(), b.edge()
	if ea == eb {
		return false
	}
	if g.eName[ea] != g.eName[eb] || g.eRef[ea] != g.eRef[eb] || g.eDest[ea] != g.eDest[eb] ||
		g.eClass[ea] != g.eClass[eb] || g.edgeExits(ea) != g.edgeExits(eb) {
		return false
	}
	const same = flagRoundabout | flagFerry | flagNoEnds | flagCircular | flagTunnel | flagToll
	if g.eFlags[ea]&same != g.eFlags[eb]&same {
		return false
	}
	return (g.dArc(a) >= 0) == (g.dArc(b) >= 0) && (g.dArc(a.rev()) >= 0) == (g.dArc(b.rev()) >= 0) &&
		g.dRestricted(a) == g.dRestricted(b) && g.dRestricted(a.rev()) == g.dRestricted(b.rev())
}

// passThrough reports whether junction j is no node to OSRM: two
// compatible roads meet there. It returns the roads leaving it.
func (g *Graph) passThrough(j uint32) (dedge, dedge, bool) {
	var r [2]dedge
	n := 0
	for k := g.jOff[j]; k < g.jOff[j+1]; k++ {
		x := g.jEdge[k]
		if e := x >> 1; !g.dead(e) {
			if n == 2 {
				return 0, 0, false
			}
			r[n] = mkDedge(e, x&1 == 1)
			n++
		}
	}
	if n != 2 || !g.compatible(r[0].rev(), r[1]) {
		return 0, 0, false
	}
	return r[0], r[1], true
}

// nodeEnd follows d over the junctions that are no nodes to OSRM and
// returns the last directed edge and the node it reaches.
func (g *Graph) nodeEnd(d dedge) (dedge, uint32) {
	start := g.dFrom(d)
	for k := 0; k < 1000; k++ {
		t := g.dTo(d)
		if t == start {
			return d, t
		}
		r0, r1, ok := g.passThrough(t)
		if !ok {
			return d, t
		}
		if r0 == d.rev() {
			d = r1
		} else {
			d = r0
		}
	}
	return d, g.dTo(d)
}

// roadPointsLimit is how far along a road guidance reads its points:
// farther than any length it compares (meters).
const roadPointsLimit = 300.0

// roadPoints appends the points of the road d starts, from its start on,
// over the junctions that are no nodes, to the next node or a little over
// roadPointsLimit meters; repeated points are dropped.
func (g *Graph) roadPoints(d dedge, dst []orb.Point) []orb.Point {
	start := g.dFrom(d)
	acc := 0.0
	for k := 0; k < 1000; k++ {
		pts := g.edgePoints(d.edge())
		n := len(pts)
		for i := 0; i < n; i++ {
			p := pts[i]
			if d.back() {
				p = pts[n-1-i]
			}
			p = fixed(p)
			if l := len(dst); l > 0 {
				if dst[l-1] == p {
					continue
				}
				acc += gDist(dst[l-1], p)
			}
			dst = append(dst, p)
		}
		t := g.dTo(d)
		if t == start || acc > roadPointsLimit {
			return dst
		}
		r0, r1, ok := g.passThrough(t)
		if !ok {
			return dst
		}
		if r0 == d.rev() {
			d = r1
		} else {
			d = r0
		}
	}
	return dst
}

// roadHead appends the points of the road d starts as roadPoints does, but
// only up to the first point more than limit meters along it (and at
// least three points, where the road has them): all that a measure of
// the road's first limit meters sees of it.
func (g *Graph) roadHead(d dedge, limit float64, dst []orb.Point) []orb.Point {
	start := g.dFrom(d)
	first := len(dst)
	acc := 0.0
	for k := 0; k < 1000; k++ {
		pts := g.edgePoints(d.edge())
		n := len(pts)
		for i := 0; i < n; i++ {
			p := pts[i]
			if d.back() {
				p = pts[n-1-i]
			}
			p = fixed(p)
			if l := len(dst); l > first {
				if dst[l-1] == p {
					continue
				}
				acc += gDist(dst[l-1], p)
			}
			dst = append(dst, p)
			if acc > limit && len(dst)-first >= 3 {
				return dst
			}
		}
		t := g.dTo(d)
		if t == start || acc > roadPointsLimit {
			return dst
		}
		r0, r1, ok := g.passThrough(t)
		if !ok {
			return dst
		}
		if r0 == d.rev() {
			d = r1
		} else {
			d = r0
		}
	}
	return dst
}

// headLimit is how far measureRoads looks along a road of class rc at an
// intersection whose widest road has lanes lanes: as far as its
// representative coordinate looks, and past pruningDistance.
func headLimit(rc roadClass, lanes uint8) float64 {
	nl := float64(lanes)
	if lanes == 0 {
		nl = assumedLanes
	}
	return math.Max(pruningDistance, lookaheadFar+offsetCorrection(rc)*nl*laneWidth) + 1
}

// fixed rounds p to OSRM's precision (1e-6 degrees): guidance decides on
// thresholds its angles meet exactly on a grid, where the rounding of
// OSRM's coordinates tips the scale.
func fixed(p orb.Point) orb.Point {
	return orb.Point{math.Round(p[0]*1e6) / 1e6, math.Round(p[1]*1e6) / 1e6}
}

// allowed reports whether the route may turn from arc a onto arc o.
func (g *Graph) allowed(a, o uint32) bool {
	for t := g.tOff[a]; t < g.tOff[a+1]; t++ {
		if g.origArc(g.tTo[t]) == o {
			return true
		}
	}
	return false
}

// ttype is a turn type as OSRM's guidance has them (TurnType), in its
// order; the silent ones never reach a finished step.
type ttype uint8

const (
	tInvalid ttype = iota
	tNewName
	tContinue
	tTurn
	tMerge
	tOnRamp
	tOffRamp
	tFork
	tEndOfRoad
	tNotification
	tEnterRoundabout
	tEnterAndExitRoundabout
	tEnterRotary
	tEnterAndExitRotary
	tEnterRoundaboutIntersection
	tEnterAndExitRoundaboutIntersection
	tUseLane
	tNoTurn
	tSuppressed
	tEnterRoundaboutAtExit
	tExitRoundabout
	tEnterRotaryAtExit
	tExitRotary
	tEnterRoundaboutIntersectionAtExit
	tExitRoundaboutIntersection
	tStayOnRoundabout
	tSliproad
)

// dmod is a direction modifier in OSRM's order (DirectionModifier): the
// API's Modifier is one more.
type dmod uint8

const (
	mUTurn dmod = iota
	mSharpRight
	mRight
	mSlightRight
	mStraight
	mSlightLeft
	mLeft
	mSharpLeft
)

// instr is a turn instruction.
type instr struct {
	typ ttype
	mod dmod
}

// direction returns the modifier of a turn angle (OSRM's
// getTurnDirection).
func direction(angle float64) dmod {
	switch {
	case angle > 0 && angle < 60:
		return mSharpRight
	case angle >= 60 && angle < 140:
		return mRight
	case angle >= 140 && angle < 160:
		return mSlightRight
	case angle >= 160 && angle <= 200:
		return mStraight
	case angle > 200 && angle <= 220:
		return mSlightLeft
	case angle > 220 && angle <= 300:
		return mLeft
	case angle > 300 && angle < 360:
		return mSharpLeft
	}
	return mUTurn
}

// mirror swaps left and right.
func (m dmod) mirror() dmod {
	return [...]dmod{mUTurn, mSharpLeft, mLeft, mSlightLeft, mStraight, mSlightRight, mRight, mSharpRight}[m]
}

func (m dmod) left() bool  { return m == mSharpLeft || m == mLeft || m == mSlightLeft }
func (m dmod) right() bool { return m == mSharpRight || m == mRight || m == mSlightRight }

// iroad is one road of an intersection.
type iroad struct {
	d        dedge   // the directed edge leaving the intersection along it
	initial  float64 // bearing of its first 2 m
	bearing  float64 // perceived bearing
	length   float64 // meters to the next node (at most roadPointsLimit and a bit)
	entry    bool    // the route arriving may take it
	angle    float64 // turn angle onto it
	ins      instr
	lanes    laneTuple // the lanes of the turn onto it
	laneDesc []laneMask
}

// view is an intersection seen from the road a route arrives on: [0] is
// the road back (u-turn), the others from sharp right to sharp left.
type view struct {
	j     uint32
	in    dedge // the directed edge arriving
	roads []iroad
}

// clone returns v with a copy of its roads, for a caller to change.
func (v view) clone() view {
	v.roads = append([]iroad(nil), v.roads...)
	return v
}

// measureRoads returns the roads leaving junction j with their bearings,
// by perceived bearing (OSRM's getIntersectionOutgoingGeometries), and buf
// (scratch for the roads' points) grown; close
// takes the first point a meter away as representative (the graph
// walkers' views, and a junction of two roads).
func (g *Graph) measureRoads(j uint32, close bool, buf []orb.Point) ([]iroad, []orb.Point) {
	var stack [8]dedge
	ds := g.roadsAt(j, stack[:0])
	lanes := uint8(0)
	for _, d := range ds {
		lanes = max(lanes, g.edgeLanes(d.edge()))
	}
	out := make([]iroad, 0, len(ds))
	for _, d := range ds {
		e := d.edge()
		rc := g.classOfEdge(e)
		near := close || len(ds) <= 2 // the bearing of the first meters
		limit := pruningDistance + 1
		if !near {
			limit = headLimit(rc, lanes)
		}
		pts := g.roadHead(d, limit, buf[:0])
		if len(pts) < 2 {
			pts = append(pts, pts[0])
		}
		buf = pts
		r := iroad{d: d, length: pathLength(pts)}
		r.initial = gBearing(pts[0], coordinateAtLength(2, pts))
		var rep orb.Point
		if near {
			rep = coordinateCloseToTurn(pts)
		} else {
			_, target := g.nodeEnd(d)
			ring := g.eFlags[e]&(flagRoundabout|flagCircular) != 0
			rep = representativeCoordinate(pts, rc, ring, lanes, target == j)
		}
		r.bearing = gBearing(pts[0], rep)
		out = append(out, r)
	}
	// by bearing, stably (insertion: a handful of roads)
	for k := 1; k < len(out); k++ {
		for i := k; i > 0 && out[i].bearing < out[i-1].bearing; i-- {
			out[i], out[i-1] = out[i-1], out[i]
		}
	}
	return out, buf
}

// connectedRoads returns the intersection at the end of in as the route
// arriving on in sees it (OSRM's getConnectedRoads: no merging of the
// carriageways of divided roads), made once: the caller must not change
// its roads.
func (g *guide) connectedRoads(in dedge, close bool) view {
	k := viewKey{in, close}
	if v, ok := g.views[k]; ok {
		return v
	}
	v := g.toView(in, g.geometries(g.dTo(in), close), nil)
	g.views[k] = v
	return v
}

// toView orders the roads of junction j, reached by in, as seen from in:
// each road's turn angle and whether it may be entered; the road back
// first, merged roads (the other carriageway of a divided road) left out
// but where they may be entered (OSRM's convertToIntersectionView).
func (g *Graph) toView(in dedge, geoms []iroad, merged map[dedge]bool) view {
	j := g.dTo(in)
	back := in.rev()
	var inBearing, inInitial float64
	for _, r := range geoms {
		if r.d == back {
			inBearing, inInitial = reverseBearing(r.bearing), reverseBearing(r.initial)
		}
	}
	inArc := g.dArc(in)
	var stack [16]pre
	list := stack[:0]
	var uturn iroad
	hasUTurn := false
	allowedUTurns := 0
	isUTurn := func(a float64) bool { return math.Abs(a) < 1e-12 }
	for _, r := range geoms {
		if inArc >= 0 {
			if o := g.dArc(r.d); o >= 0 {
				r.entry = g.allowed(g.origArc(uint32(inArc)), uint32(o))
			}
		}
		angle := math.Mod(math.Round(angleBetween(inBearing, r.bearing)*1e8)/1e8, 360)
		initial := angleBetween(inInitial, r.initial)
		if r.entry && (angle < 15 && initial > 180 || angle > 345 && initial < 180) {
			angle, initial = 0, 0
		}
		r.angle = angle
		if r.d == back {
			uturn, hasUTurn = r, true
			continue
		}
		if r.entry || !merged[r.d] && !isUTurn(angle) {
			if isUTurn(angle) {
				allowedUTurns++
			}
			adj := initial
			switch {
			case isUTurn(initial):
				adj = 0
				if angle > 180 {
					adj = 360
				}
			case angle > 270 && initial < 90 || angle < 90 && initial > 270:
				adj = angle
			}
			list = append(list, pre{r, adj})
		}
	}
	if !hasUTurn {
		// a loop back to the junction itself: its other end is the way back
		uturn = iroad{d: back}
	}
	uturn.angle = 0
	if uturn.entry || allowedUTurns == 0 {
		list = prepend(list, pre{uturn, 0})
	}
	// stably by adjusted angle, then angle (insertion: a handful of roads)
	less := func(a, b *pre) bool {
		if a.adj != b.adj {
			return a.adj < b.adj
		}
		return a.r.angle < b.r.angle
	}
	for k := 1; k < len(list); k++ {
		for i := k; i > 0 && less(&list[i], &list[i-1]); i-- {
			list[i], list[i-1] = list[i-1], list[i]
		}
	}
	for k := 1; k < len(list); k++ {
		if list[k].r.angle < list[k-1].r.angle {
			adj := math.Min(0.5, restrictAngle(360-list[k-1].r.angle)/2)
			list[k].r.angle = restrictAngle(list[k-1].r.angle + adj)
		}
	}
	none := true
	for _, p := range list {
		if isUTurn(p.r.angle) {
			none = false
			break
		}
	}
	if none {
		list = prepend(list, pre{uturn, 0})
	}
	v := view{j: j, in: in, roads: make([]iroad, len(list))}
	for k, p := range list {
		v.roads[k] = p.r
	}
	return v
}

// pre is a road of toView with the angle it is ordered by.
type pre struct {
	r   iroad
	adj float64
}

// prepend inserts p before list's first.
func prepend(list []pre, p pre) []pre {
	list = append(list, pre{})
	copy(list[1:], list)
	list[0] = p
	return list
}
