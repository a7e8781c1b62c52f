package route

import (
	"math"
	"slices"

	"waymark/engine/spill"
)

// transitions makes the allowed turns at every junction, straight into
// the graph's CSR arrays (g.tOff, g.tTo, g.tW): a first pass counts each
// arc's turns, a second makes them. A list per arc, copied into the
// arrays at the end, took 24 bytes an arc, an allocation each and the
// copy: with the junctions' incident edges (a list each, here in CSR
// form too) ~0.45 GB of LI ×200 walking's graph build, its peak. The
// arrays have room for the duplicates of viaWays, which add to their end.
func (b *builder) transitions() {
	g := b.g
	t := b.newTurnScan()
	n := len(g.aW)
	g.tOff = spill.Make[uint32](b.arena, n+1)
	for j := range g.nJunctions {
		t.at(j, nil, func(a, _, _ uint32) { g.tOff[a+1]++ })
	}
	for a := range n {
		g.tOff[a+1] += g.tOff[a]
	}
	total := int(g.tOff[n])
	room := total/256 + 1024
	g.tTo, g.tW = makeLen[uint32](b.arena, total, total+room), makeLen[uint32](b.arena, total, total+room)
	// Each arc's turns go from its offset on, which moves up to the
	// next arc's; the offsets are shifted back after.
	tp := b.net.Profile.turnParams()
	for j := range g.nJunctions {
		t.at(j, &tp, func(a, o, w uint32) {
			p := g.tOff[a]
			g.tTo[p], g.tW[p] = o, w
			g.tOff[a]++
		})
	}
	copy(g.tOff[1:], g.tOff[:n])
	g.tOff[0] = 0
}

// turnScan walks the junctions' turns (transitions).
type turnScan struct {
	b *builder
	// incOff, inc: the edges incident to each junction in CSR form, an
	// edge's index times two plus 1 where the junction is its end.
	incOff, inc []uint32
	junctionID  []int64
	ins, outs   []uint32
	allowed     []uint32
}

func (b *builder) newTurnScan() *turnScan {
	g := b.g
	t := &turnScan{b: b, incOff: spill.Make[uint32](b.arena, g.nJunctions+1)}
	open := func(e int) bool { return g.eArc[2*e] >= 0 || g.eArc[2*e+1] >= 0 } // else a segment another way keeps: no road here
	for e := range g.eFrom {
		if open(e) {
			t.incOff[g.eFrom[e]+1]++
			t.incOff[g.eTo[e]+1]++
		}
	}
	for j := range g.nJunctions {
		t.incOff[j+1] += t.incOff[j]
	}
	t.inc = spill.Make[uint32](b.arena, int(t.incOff[g.nJunctions]))
	next := spill.Make[uint32](b.arena, g.nJunctions)
	copy(next, t.incOff[:g.nJunctions])
	for e := range g.eFrom {
		if open(e) {
			t.inc[next[g.eFrom[e]]] = uint32(e) << 1
			next[g.eFrom[e]]++
			t.inc[next[g.eTo[e]]] = uint32(e)<<1 | 1
			next[g.eTo[e]]++
		}
	}
	t.junctionID = spill.Make[int64](b.arena, g.nJunctions)
	for k, j := range b.jnum {
		if j > 0 {
			t.junctionID[j-1] = b.js[k]
		}
	}
	// No step after this one looks junctions up by id.
	b.js, b.jnum = nil, nil
	return t
}

// at calls emit with every turn at junction j: the arc arriving, the arc
// leaving and, with tp, the turn's weight (deciseconds; without, 0). An
// arc's turns come one after the other, in the order of its junction's
// leaving arcs.
func (t *turnScan) at(j int, tp *turnParams, emit func(a, o, w uint32)) {
	b := t.b
	g, net := b.g, b.net
	ins, outs := t.ins[:0], t.outs[:0]
	inc := t.inc[t.incOff[j]:t.incOff[j+1]]
	for _, x := range inc {
		e, end := x>>1, x&1
		// an arc arrives at j: forward when j is the edge's end, backward when its start
		if end == 1 {
			if a := g.eArc[2*e]; a >= 0 {
				ins = append(ins, uint32(a))
			}
			if a := g.eArc[2*e+1]; a >= 0 {
				outs = append(outs, uint32(a))
			}
		} else {
			if a := g.eArc[2*e+1]; a >= 0 {
				ins = append(ins, uint32(a))
			}
			if a := g.eArc[2*e]; a >= 0 {
				outs = append(outs, uint32(a))
			}
		}
	}
	t.ins, t.outs = ins, outs
	id := t.junctionID[j]
	barrier := net.Barriers[id]
	turning := net.TurningPlaces[id]
	signal := net.Signals[id]
	roads := len(inc)
	ring := false
	for _, x := range inc {
		ring = ring || g.eFlags[x>>1]&(flagRoundabout|flagCircular) != 0
	}
	for _, a := range ins {
		ea, ba := arcEdge(g, a)
		restr := b.viaRestr[[2]int64{id, b.wayID[b.wayOf(ea)]}]
		allowed := t.allowed[:0]
		hasOther := false
		for _, o := range outs {
			eo, bo := arcEdge(g, o)
			uturn := eo == ea && bo != ba
			if barrier && !uturn {
				continue
			}
			if len(restr) > 0 && !restrictionAllows(restr, b.wayID[b.wayOf(eo)]) {
				continue
			}
			allowed = append(allowed, o)
			if !uturn {
				hasOther = true
			}
		}
		t.allowed = allowed
		if len(restr) > 0 && tp != nil {
			b.applied += len(restr)
		}
		inB := 0.0
		if tp != nil {
			inB = b.arriveBearing(ea, ba)
		}
		for _, o := range allowed {
			eo, bo := arcEdge(g, o)
			uturn := eo == ea && bo != ba
			if uturn && hasOther && !turning && !b.uturnLane(ea, ba) {
				continue
			}
			if ring && !uturn && b.ringCrossing(inc, ea, ba, eo, bo) {
				continue
			}
			if tp == nil {
				emit(a, o, 0)
				continue
			}
			angle := 180.0
			if !uturn {
				angle = turnAngle(inB, b.departBearing(eo, bo))
			}
			mode := (g.eFlags[ea]&flagFerry != 0) != (g.eFlags[eo]&flagFerry != 0)
			c := turnCost(*tp, angle, roads, uturn, signal, mode)
			w := uint32(math.Round(c * 10))
			if !g.arcRestricted(a) && g.arcRestricted(o) {
				w += restrictedPenalty
			}
			emit(a, o, w)
		}
	}
}

// uturnLane reports whether edge e, travelled in direction back, has a
// lane marked for turning round (turn:lanes reverse): a u-turn is allowed
// at its end whatever else goes on there (OSRM's isTurnAllowed).
func (b *builder) uturnLane(e uint32, back bool) bool {
	g := b.g
	k, ok := slices.BinarySearch(g.xEdge, e)
	if !ok {
		return false
	}
	s := g.xStr[3*k+1]
	if back {
		s = g.xStr[3*k+2]
	}
	for _, m := range parseTurnLanes(b.strs[s]) {
		if m&laneUTurn != 0 {
			return true
		}
	}
	return false
}

// ringCrossing reports whether turning from edge ea (arriving at the
// junction in direction ba) onto edge eo (leaving in direction bo) crosses
// the ring through the junction against its flow: the exit lies in the
// sector between the ring arriving and the road in (OSRM's isTurnAllowed,
// which keeps a road touching a roundabout from being left across it).
// inc are the junction's incident edges (edge<<1 | 1 at its end).
func (b *builder) ringCrossing(inc []uint32, ea uint32, ba bool, eo uint32, bo bool) bool {
	g := b.g
	leave := func(e uint32, back bool) float64 { return b.departBearing(e, back) }
	in := leave(ea, !ba)
	var from, to float64
	fromAngle, toAngle := 0.0, 0.0
	hasFrom, hasTo := false, false
	for _, x := range inc {
		e, back := x>>1, x&1 == 1
		if g.eFlags[e]&(flagRoundabout|flagCircular) == 0 {
			continue
		}
		l := leave(e, back)
		dir := uint32(0)
		if back {
			dir = 1
		}
		if g.eArc[2*e+dir] >= 0 {
			if a := angleBetween(in, l); a > toAngle {
				to, toAngle, hasTo = l, a, true
			}
		} else if a := angleBetween(reverseBearing(l), in); a > fromAngle {
			from, fromAngle, hasFrom = reverseBearing(l), a, true
		}
	}
	if !hasFrom || !hasTo {
		return false
	}
	ringAngle := angleBetween(from, to)
	inAngle := angleBetween(from, in)
	outAngle := angleBetween(from, leave(eo, bo))
	return inAngle < ringAngle && outAngle < inAngle || inAngle > ringAngle && outAngle > inAngle
}

// turns returns arc a's turns: the arcs they lead to and their weights.
func (g *Graph) turns(a uint32) (to, w []uint32) {
	return g.tTo[g.tOff[a]:g.tOff[a+1]], g.tW[g.tOff[a]:g.tOff[a+1]]
}
