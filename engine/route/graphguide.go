package route

import (
	"errors"
	"slices"
	"sort"
)

// What the graph keeps for guidance beyond an edge's name, ref,
// destination, class and flags (format V6): the number of lanes of every
// edge (eLanes, one byte an edge), the exits (junction:ref) and turn lanes
// of the few edges that have any (xEdge ascending, three string indexes an
// edge in xStr), and the maneuver relations resolved into the arcs a
// route takes through them (mo*). Graphs of older packs have none of it:
// their lanes read 0, their edges no exits or turn lanes.

// edgeLanes returns the number of lanes of edge e (0: not tagged).
func (g *Graph) edgeLanes(e uint32) uint8 {
	if int(e) < len(g.eLanes) {
		return g.eLanes[e]
	}
	return 0
}

// extra returns the index in xStr of edge e's exits and turn lanes, or -1.
func (g *Graph) extra(e uint32) int {
	k, ok := slices.BinarySearch(g.xEdge, e)
	if !ok {
		return -1
	}
	return 3 * k
}

// edgeExits returns the exit numbers (junction:ref) of edge e.
func (g *Graph) edgeExits(e uint32) string {
	if k := g.extra(e); k >= 0 {
		return g.str(g.xStr[k])
	}
	return ""
}

// turnLanes returns the turn:lanes of edge e in the given direction.
func (g *Graph) turnLanes(e uint32, back bool) string {
	if k := g.extra(e); k >= 0 {
		if back {
			return g.str(g.xStr[k+2])
		}
		return g.str(g.xStr[k+1])
	}
	return ""
}

// keepInstruction marks a maneuver relation that leaves a step's type or
// modifier as guidance makes it; overrideSuppress is the type of one
// that suppresses the step (the other types are ManeuverTypes).
const (
	keepInstruction  = 0xff
	overrideSuppress = 0xfe
)

// maneuverOverride is a resolved maneuver relation.
type maneuverOverride struct {
	arcs []uint32 // the arcs a route takes through it, in order
	via  uint32   // the junction of its step
	typ  uint8    // ManeuverType or keepInstruction
	mod  uint8    // Modifier or keepInstruction
}

// overridesFrom returns the maneuver relations whose arcs start with arc a.
func (g *Graph) overridesFrom(a uint32) []maneuverOverride {
	n := len(g.moVia)
	i := sort.Search(n, func(i int) bool { return g.moArcs[g.moOff[i]] >= a })
	var out []maneuverOverride
	for ; i < n && g.moArcs[g.moOff[i]] == a; i++ {
		t := g.moTurn[i]
		out = append(out, maneuverOverride{arcs: g.moArcs[g.moOff[i]:g.moOff[i+1]], via: g.moVia[i], typ: uint8(t >> 8), mod: uint8(t)})
	}
	return out
}

// writeGuidance writes the guidance arrays (V6).
func (g *Graph) writeGuidance(w *varWriter) {
	w.u8s(g.eLanes)
	w.u32s(g.xEdge, true)
	w.u32s(g.xStr, false)
	off := g.moOff
	if len(off) == 0 {
		off = []uint32{0}
	}
	w.u32s(off, true)
	w.u32s(g.moArcs, false)
	w.u32s(g.moVia, false)
	w.u32s(g.moTurn, false)
}

// readGuidance reads what writeGuidance wrote.
func (g *Graph) readGuidance(r *varReader) {
	g.eLanes = r.u8s()
	g.xEdge = r.u32s(true)
	g.xStr = r.u32s(false)
	g.moOff = r.u32s(true)
	g.moArcs = r.u32s(false)
	g.moVia = r.u32s(false)
	g.moTurn = r.u32s(false)
}

// errGuidance is validateGuidance's complaint.
var errGuidance = errors.New("guidance arrays")

// validateGuidance checks the guidance arrays' lengths and indexes (none
// at all is a graph of an older pack).
func (g *Graph) validateGuidance() error {
	E, A := len(g.eFrom), len(g.aEdge)
	if len(g.eLanes) == 0 && len(g.xEdge) == 0 && len(g.moOff) == 0 {
		return nil
	}
	if len(g.eLanes) != E || len(g.xStr) != 3*len(g.xEdge) || len(g.moOff) != len(g.moVia)+1 || len(g.moTurn) != len(g.moVia) {
		return errGuidance
	}
	for i, e := range g.xEdge {
		if int(e) >= E || i > 0 && e <= g.xEdge[i-1] {
			return errGuidance
		}
	}
	for _, s := range g.xStr {
		if int(s) >= len(g.strs) {
			return errGuidance
		}
	}
	if err := checkCSR(g.moOff, len(g.moArcs), A, g.moArcs); err != nil {
		return errGuidance
	}
	for i, j := range g.moVia {
		if int(j) >= g.nJunctions || g.moOff[i+1] < g.moOff[i]+2 {
			return errGuidance
		}
	}
	return nil
}

// guidance keeps what guidance reads of way w for its edge e: its lanes
// (at least as many as its turn lanes mark, as OSRM counts them) and its
// exits and turn lanes, if any.
func (b *builder) guidance(e uint32, w *NetWay) {
	g := b.g
	lanes := int(w.Lanes)
	if w.Guidance != 0 {
		gt := b.net.GuidanceOf(w)
		lanes = max(lanes, len(parseTurnLanes(gt.TurnLanesForward))+len(parseTurnLanes(gt.TurnLanesBackward)))
		g.xEdge = append(g.xEdge, e)
		g.xStr = append(g.xStr, b.str(gt.Exits), b.str(gt.TurnLanesForward), b.str(gt.TurnLanesBackward))
	}
	g.eLanes = append(g.eLanes, uint8(min(lanes, 255)))
}

// maneuvers resolves the network's maneuver relations into the arcs a
// route takes through them: from the from way onto the via ways or the to
// way at the via node, along the via ways, onto the to way (OSRM's
// maneuver overrides). A relation whose members are not routable or do
// not meet end to end is dropped, as OSRM drops it.
func (b *builder) maneuvers() {
	g, net := b.g, b.net
	type resolved struct {
		arcs []uint32
		via  uint32
		turn uint32
	}
	var list []resolved
	for _, m := range net.Maneuvers {
		fw, ok1 := b.wayIndex(m.From)
		tw, ok2 := b.wayIndex(m.To)
		via, ok3 := b.junctionOf(m.ViaNode)
		if !ok1 || !ok2 || !ok3 {
			continue
		}
		x, chain := via, []uint32(nil)
		if len(m.ViaWays) > 0 {
			var ok bool
			if chain, x, ok = b.chain(fw, m.ViaWays); !ok {
				continue
			}
		}
		end := x
		if len(chain) > 0 {
			end = g.arcEnd(chain[len(chain)-1])
		}
		turn := uint32(maneuverTypeOf(m.Maneuver))<<8 | uint32(maneuverModifierOf(m.Maneuver, m.Direction))
		for _, f := range b.wayArcs(fw, x, true) {
			for _, t := range b.wayArcs(tw, end, false) {
				arcs := append(append([]uint32{f}, chain...), t)
				list = append(list, resolved{arcs, via, turn})
			}
		}
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].arcs[0] < list[j].arcs[0] })
	g.moOff = []uint32{0}
	for _, r := range list {
		g.moArcs = append(g.moArcs, r.arcs...)
		g.moOff = append(g.moOff, uint32(len(g.moArcs)))
		g.moVia = append(g.moVia, r.via)
		g.moTurn = append(g.moTurn, r.turn)
	}
}

// wayArcs returns the arcs of way index wi that end at junction j
// (arriving) or start there (leaving).
func (b *builder) wayArcs(wi int32, j uint32, arriving bool) []uint32 {
	g := b.g
	var out []uint32
	for e := range b.wayEdges(wi) {
		for dir := uint32(0); dir < 2; dir++ {
			a := g.eArc[2*e+dir]
			if a < 0 {
				continue
			}
			if arriving && g.arcEnd(uint32(a)) == j || !arriving && g.arcStart(uint32(a)) == j {
				out = append(out, uint32(a))
			}
		}
	}
	return out
}

// junctionOf returns the junction of OSM node id, if it is one.
func (b *builder) junctionOf(id int64) (uint32, bool) {
	k, ok := slices.BinarySearch(b.js, id)
	if !ok || b.jnum[k] == 0 {
		return 0, false
	}
	return b.jnum[k] - 1, true
}

// maneuverTypeOf reads a maneuver relation's maneuver tag (OSRM's
// PrepareManeuverOverrides): the type it gives the step, or
// keepInstruction.
func maneuverTypeOf(v string) uint8 {
	switch v {
	case "uturn", "turn":
		return uint8(Turn)
	case "continue":
		return uint8(Continue)
	case "fork":
		return uint8(Fork)
	case "suppress":
		return overrideSuppress
	}
	return keepInstruction
}

// maneuverModifierOf reads a maneuver relation's direction tag (and a
// maneuver uturn): the modifier it gives the step, or keepInstruction.
func maneuverModifierOf(maneuver, direction string) uint8 {
	switch direction {
	case "left":
		return uint8(Left)
	case "slight_left":
		return uint8(SlightLeft)
	case "sharp_left":
		return uint8(SharpLeft)
	case "sharp_right":
		return uint8(SharpRight)
	case "slight_right":
		return uint8(SlightRight)
	case "right":
		return uint8(Right)
	case "straight":
		return uint8(Straight)
	}
	if maneuver == "uturn" {
		return uint8(UTurn)
	}
	return keepInstruction
}
