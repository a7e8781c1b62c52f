package route

import (
	"math"
	"sort"
)

// Roundabouts (OSRM's RoundaboutHandler): entering, staying on (at each
// exit passed, which post-processing counts) and leaving one, told apart
// as a roundabout, a rotary (a large ring of its own name, or any
// junction=circular) or a roundabout turn (a small ring of at most four
// simple, well spread exits, which reads as an intersection).

// roundaboutType is what kind of ring a junction is on.
type roundaboutType uint8

const (
	rbNone roundaboutType = iota
	rbRoundabout
	rbRotary
	rbIntersection
)

// roundaboutFlags are what the route arriving at an intersection can do
// with a ring there (OSRM's RoundaboutFlags).
type roundaboutFlags struct {
	on, canEnter, canExitSeparately bool
}

func (t *turnCtx) roundaboutFlags() roundaboutFlags {
	g := t.g
	f := roundaboutFlags{on: g.isRing(t.in)}
	for _, r := range t.roads() {
		if g.reversed(r.d) || !r.entry {
			continue
		}
		if g.isRing(r.d) {
			f.canEnter = true
		} else if g.roadTarget(r.d) != t.from && !f.canEnter {
			f.canExitSeparately = true
		}
	}
	return f
}

// roadLength returns the length of the road d starts, to the next node.
func (g *Graph) roadLength(d dedge) float64 {
	start := g.dFrom(d)
	l := 0.0
	for k := 0; k < 1000; k++ {
		l += float64(g.eLen[d.edge()])
		t := g.dTo(d)
		if t == start {
			return l
		}
		r0, r1, ok := g.passThrough(t)
		if !ok {
			return l
		}
		if r0 == d.rev() {
			d = r1
		} else {
			d = r0
		}
	}
	return l
}

// roundaboutType walks the ring through junction j and tells what it is
// (OSRM's getRoundaboutType).
func (g *Graph) roundaboutType(j uint32) roundaboutType {
	var ring, circular bool
	var buf []dedge
	buf = g.roadsAt(j, buf)
	for _, d := range buf {
		ring = ring || g.isRoundabout(d)
		circular = circular || g.isCircular(d)
	}
	if ring == circular {
		return rbNone
	}
	var names []nameKey
	connected := map[nameKey]bool{}
	var nodes []uint32
	seen := map[uint32]bool{}
	length := 0.0
	last := j
	for !seen[last] {
		seen[last] = true
		buf = g.roadsAt(last, buf[:0])
		if len(buf) > 2 {
			nodes = append(nodes, last)
		}
		rings := 0
		for _, d := range buf {
			if g.isRing(d) {
				rings++
			}
		}
		if rings != 2 {
			return rbNone
		}
		next, found := dedge(0), false
		for _, d := range buf {
			if !g.reversed(d) && g.isCircular(d) == circular && g.isRoundabout(d) == ring {
				if found {
					return rbNone // a fork in the ring
				}
				n := g.nameOf(d)
				if !g.nameEmpty(d) {
					all := true
					for _, o := range names {
						if !g.announced(o, n) {
							all = false
							break
						}
					}
					if all {
						names = append(names, n)
					}
				}
				next, found = d, true
			} else if !g.isRing(d) {
				connected[g.nameOf(d)] = true
			}
		}
		if !found {
			return rbNone
		}
		length += g.roadLength(next)
		last = g.roadTarget(next)
		if last == j {
			break
		}
	}
	if len(nodes) == 0 {
		return rbNone
	}
	if len(nodes) == 1 && ring {
		return rbIntersection
	}
	radius := length / (2 * math.Pi)
	if len(names) == 1 && (circular || !connected[names[0]] && radius > maxRoundaboutRadius) {
		return rbRotary
	}
	if circular {
		return rbNone
	}
	if g.roundaboutIntersection(nodes) && radius < maxRoundaboutIsection {
		return rbIntersection
	}
	return rbRoundabout
}

// roundaboutIntersection reports whether a ring with exits at nodes can
// read as an intersection: at most four exits, each a single road, their
// bearings more than 40° apart (OSRM's qualifiesAsRoundaboutIntersection).
func (g *Graph) roundaboutIntersection(nodes []uint32) bool {
	if len(nodes) > 4 {
		return false
	}
	var bearings []float64
	var buf []dedge
	for _, n := range nodes {
		buf = g.roadsAt(n, buf[:0])
		if len(buf) > 3 {
			return false
		}
	}
	for _, n := range nodes {
		buf = g.roadsAt(n, buf[:0])
		lanes := uint8(0)
		for _, d := range buf {
			lanes = max(lanes, g.edgeLanes(d.edge()))
		}
		for _, d := range buf {
			if g.isRing(d) {
				continue
			}
			pts := g.roadHead(d, headLimit(g.classOf(d), lanes), nil)
			if len(pts) < 2 {
				pts = append(pts, pts[0])
			}
			rep := representativeCoordinate(pts, g.classOf(d), false, lanes, g.roadTarget(d) == n)
			bearings = append(bearings, gBearing(pts[0], rep))
			break
		}
	}
	sort.Float64s(bearings)
	for k := range bearings {
		if math.Abs(bearings[(k+1)%len(bearings)]-bearings[k]) <= narrowTurnAngle {
			return false
		}
	}
	return true
}

// roundaboutCanProcess reports whether the intersection is on or at a
// ring of a kind (OSRM's RoundaboutHandler::canProcess), and its type.
func (t *turnCtx) roundaboutCanProcess() (roundaboutType, roundaboutFlags, bool) {
	f := t.roundaboutFlags()
	if !f.on && !f.canEnter {
		return rbNone, f, false
	}
	typ := t.g.roundaboutType(t.v.j)
	return typ, f, typ != rbNone
}

// enterType, exitType, enterAndExitType, enterAtExitType give the turn
// types of a ring of type typ.
func enterType(typ roundaboutType) ttype {
	return [...]ttype{tInvalid, tEnterRoundabout, tEnterRotary, tEnterRoundaboutIntersection}[typ]
}

func exitType(typ roundaboutType) ttype {
	return [...]ttype{tInvalid, tExitRoundabout, tExitRotary, tExitRoundaboutIntersection}[typ]
}

func enterAndExitType(typ roundaboutType) ttype {
	return [...]ttype{tInvalid, tEnterAndExitRoundabout, tEnterAndExitRotary, tEnterAndExitRoundaboutIntersection}[typ]
}

func enterAtExitType(typ roundaboutType) ttype {
	return [...]ttype{tInvalid, tEnterRoundaboutAtExit, tEnterRotaryAtExit, tEnterRoundaboutIntersectionAtExit}[typ]
}

// roundaboutHandler assigns the turns of an intersection on or at a ring
// (OSRM's handleRoundabouts).
func (t *turnCtx) roundaboutHandler(typ roundaboutType, f roundaboutFlags) {
	g, rs := t.g, t.roads()
	j := t.v.j
	if f.on {
		var buf []dedge
		buf = g.roadsAt(j, buf)
		out := 0
		nonIgnorableExit := false
		for _, d := range buf {
			if !g.reversed(d) {
				out++
				if !g.isRing(d) && !g.classOf(d).lowPriority {
					nonIgnorableExit = true
				}
			}
		}
		for k := range rs {
			r := &rs[k]
			switch {
			case !g.isRing(r.d):
				r.ins = instr{exitType(typ), direction(r.angle)}
			case out == 1 && len(rs) == 2:
				r.ins = instr{tNoTurn, mUTurn}
			case out == 1:
				r.ins = instr{tSuppressed, direction(r.angle)}
			case g.classOf(r.d).lowPriority || nonIgnorableExit:
				r.ins = instr{tStayOnRoundabout, direction(r.angle)}
			default:
				r.ins = instr{tSuppressed, direction(r.angle)}
			}
		}
		return
	}
	crossing := false
	for k := range rs {
		r := &rs[k]
		if g.isRing(r.d) {
			crossing = !crossing
		}
		if !r.entry {
			continue
		}
		switch {
		case g.isRing(r.d) && f.canExitSeparately:
			r.ins = instr{enterAtExitType(typ), direction(r.angle)}
		case g.isRing(r.d):
			r.ins = instr{enterType(typ), direction(r.angle)}
		case angularDeviation(r.angle, straightAngle) < fuzzyAngleDifference && crossing:
			r.ins = t.obviousInstruction(len(rs), g.throughStreet(k, &t.v), r)
		default:
			r.ins = instr{enterAndExitType(typ), direction(r.angle)}
		}
	}
}
