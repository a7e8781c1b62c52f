package route

import (
	"math"
	"sort"

	"github.com/paulmach/orb"
)

// The assembly pass (steps.go's pass 1): one draft step at depart, one at
// each junction of the leg and one at arrive, as OSRM's assembleSteps makes
// one step per turn instruction, silent ones included.

// road is one road at a junction as guidance sees it.
type road struct {
	bearing float64
	edge    uint32
	atEnd   bool // the junction is the edge's end (leaving it goes backward)
	entry   bool // enterable from the arriving arc
}

// junctionRoads lists the roads at the junction where arc a ends, with
// their leaving bearings and whether the route may enter them from a.
func (g *Graph) junctionRoads(a uint32, j uint32, dst []road) []road {
	dst = dst[:0]
	for k := g.jOff[j]; k < g.jOff[j+1]; k++ {
		x := g.jEdge[k]
		e, atEnd := x>>1, x&1 == 1
		if g.eArc[2*e] < 0 && g.eArc[2*e+1] < 0 {
			continue // no road to anyone: a segment another way keeps
		}
		r := road{bearing: g.departBearing(e, atEnd), edge: e, atEnd: atEnd}
		arc := g.eArc[2*e]
		if atEnd {
			arc = g.eArc[2*e+1]
		}
		if arc >= 0 {
			for t := g.tOff[a]; t < g.tOff[a+1]; t++ {
				if g.origArc(g.tTo[t]) == uint32(arc) {
					r.entry = true
					break
				}
			}
		}
		dst = append(dst, r)
	}
	return dst
}

func intBearing(b float64) int {
	r := int(math.Round(b)) % 360
	if r < 0 {
		r += 360
	}
	return r
}

// intersectionAt builds the intersection object at junction j reached by
// arc in and left by arc out.
func (g *Graph) intersectionAt(loc orb.Point, in, out uint32, roads []road) Intersection {
	ie, _ := arcEdge(g, g.origArc(in))
	oe, ob := arcEdge(g, g.origArc(out))
	type rb struct {
		b           int
		entry       bool
		isIn, isOut bool
	}
	list := make([]rb, 0, len(roads))
	inDone, outDone := false, false
	for _, r := range roads {
		x := rb{b: intBearing(r.bearing), entry: r.entry}
		if !inDone && r.edge == ie {
			// the road we arrive on: leaving the junction along it goes back
			x.isIn, inDone = true, true
		} else if !outDone && r.edge == oe && r.atEnd == ob {
			x.isOut, outDone = true, true
		}
		list = append(list, x)
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].b < list[j].b })
	is := Intersection{Location: loc, Bearings: make([]int, len(list)), Entry: make([]bool, len(list))}
	for i, x := range list {
		is.Bearings[i], is.Entry[i] = x.b, x.entry
		if x.isIn {
			v := i
			is.In = &v
		}
		if x.isOut {
			v := i
			is.Out = &v
			is.Entry[i] = true
		}
	}
	if is.Out == nil && ie == oe { // u-turn: out is the road we came in on
		for i, x := range list {
			if x.isIn {
				v := i
				is.Out = &v
				is.Entry[i] = true
			}
		}
	}
	return is
}

// stepBuilder assembles the draft steps of one leg.
type stepBuilder struct {
	g      *Graph
	pcs    []piece
	pts    []orb.Point
	drafts []draft
	roads  []road // scratch: the roads at the current junction
	// rbStep is the index in drafts of the open roundabout step (-1 for
	// none); exits counts the exits passed on it.
	rbStep, exits int
}

// assembleSteps returns the drafts of a leg through pieces pcs and points
// pts arriving at snap t: depart, one per junction (silent where the route
// passes it without an instruction; none at a via point unless it turns
// round there; a roundabout's ring junctions are intersections of its
// entry step), arrive; each with its length.
func (g *Graph) assembleSteps(pcs []piece, pts []orb.Point, t Snap) []draft {
	// at most one draft per junction, depart and arrive
	b := &stepBuilder{g: g, pcs: pcs, pts: pts, rbStep: -1, drafts: make([]draft, 0, len(pcs)+1)}
	b.depart()
	for i := 1; i < len(pcs); i++ {
		b.junction(i)
	}
	b.arrive(t)
	ds := b.drafts
	for k := 0; k+1 < len(ds); k++ {
		a, z := stepSpan(pcs, len(pts), ds[k].pc, ds[k+1].pc)
		ds[k].dist = lineLength(pts[a : z+1])
	}
	return ds
}

// newStep starts a draft at piece pc.
func (b *stepBuilder) newStep(pc int, typ ManeuverType, mod Modifier, before, after float64, loc orb.Point) *draft {
	g, e := b.g, b.pcs[pc].edge
	b.drafts = append(b.drafts, draft{pc: pc, step: Step{
		Name: g.str(g.eName[e]), Ref: g.str(g.eRef[e]), Destinations: g.str(g.eDest[e]),
		Mode: g.mode(e, b.pcs[pc].back), DrivingSide: "right",
		Maneuver: Maneuver{Location: loc, BearingBefore: intBearing(before), BearingAfter: intBearing(after), Type: typ, Modifier: mod},
	}})
	return &b.drafts[len(b.drafts)-1]
}

func (b *stepBuilder) depart() {
	departB := bearingAlong(b.pts, b.pcs[0].startPt, true)
	d := b.newStep(0, Depart, NoModifier, 0, departB, b.pts[0])
	out0 := 0
	d.inter = []Intersection{{Location: b.pts[0], Bearings: []int{intBearing(departB)}, Entry: []bool{true}, Out: &out0}}
}

// junction handles the junction between pieces i-1 and i: a new draft, or
// one more intersection of the open roundabout step.
func (b *stepBuilder) junction(i int) {
	g := b.g
	prev, cur := b.pcs[i-1], b.pcs[i]
	loc := b.pts[cur.startPt]
	inB := g.arriveBearing(prev.edge, prev.back)
	outB := g.departBearing(cur.edge, cur.back)
	angle := turnAngle(inB, outB)
	uturn := prev.edge == cur.edge && prev.back != cur.back
	if cur.via {
		if uturn {
			b.newStep(i, Continue, UTurn, inB, outB, loc)
		}
		return
	}
	j := g.arcEnd(g.origArc(prev.arc))
	b.roads = g.junctionRoads(g.origArc(prev.arc), j, b.roads)
	inter := g.intersectionAt(loc, prev.arc, cur.arc, b.roads)
	jn := junction{angle: angle, roads: len(b.roads)}
	for _, r := range b.roads {
		if (r.edge == cur.edge && r.atEnd == cur.back) || r.edge == prev.edge {
			continue
		}
		a := turnAngle(inB, r.bearing)
		if !r.entry {
			if math.Abs(a) <= 90 {
				jn.closedAhead++
			}
			jn.closed = append(jn.closed, a)
			continue
		}
		jn.addOther(a)
	}
	prevRB, curRB := g.eFlags[prev.edge]&flagRoundabout != 0, g.eFlags[cur.edge]&flagRoundabout != 0
	switch {
	case !prevRB && curRB:
		b.exits = 0
		d := b.newStep(i, Roundabout, modifierOf(angle), inB, outB, loc)
		if r, one := g.ringRadius(g.origArc(cur.arc)); g.str(g.eName[cur.edge]) != "" && one && r > rotaryRadius {
			d.step.Maneuver.Type = Rotary
			d.step.RotaryName = g.str(g.eName[cur.edge])
		}
		d.inter = []Intersection{inter}
		b.rbStep = len(b.drafts) - 1
		return
	case prevRB && curRB:
		if jn.others > 0 {
			b.exits++
		}
		last := &b.drafts[len(b.drafts)-1]
		last.inter = append(last.inter, inter)
		return
	case prevRB && !curRB:
		b.exitRoundabout(i, angle, inB, outB, loc, inter)
		return
	}
	if uturn {
		d := b.newStep(i, Continue, UTurn, inB, outB, loc)
		d.inter = []Intersection{inter}
		return
	}
	jn.from, jn.to = Class(g.eClass[prev.edge]), Class(g.eClass[cur.edge])
	jn.sameName = !nameAnnounced(g.str(g.eName[prev.edge]), g.str(g.eRef[prev.edge]), g.str(g.eName[cur.edge]), g.str(g.eRef[cur.edge]))
	jn.unnamed = g.eName[cur.edge] == 0 && g.eRef[cur.edge] == 0
	jn.modeChange = (g.eFlags[prev.edge]&flagFerry != 0) != (g.eFlags[cur.edge]&flagFerry != 0)
	typ, mod := jn.maneuver()
	if typ == suppressed && jn.roads == 2 {
		// only the road in and the road out: OSRM has no intersection
		// here to speak of (NoTurn)
		typ = noTurn
	}
	d := b.newStep(i, typ, mod, inB, outB, loc)
	d.inter = []Intersection{inter}
}

// exitRoundabout leaves the open roundabout at piece i: the exit step, and
// the roundabout step completed with the exit's number, name and
// direction.
func (b *stepBuilder) exitRoundabout(i int, angle, inB, outB float64, loc orb.Point, inter Intersection) {
	g, cur := b.g, b.pcs[i]
	b.exits++
	typ := ExitRoundabout
	if b.rbStep >= 0 {
		rm := &b.drafts[b.rbStep].step
		rm.Maneuver.Exit = b.exits
		// name the roundabout step after the exit road; its modifier is
		// the exit's direction relative to the approach
		rm.Name, rm.Ref = g.str(g.eName[cur.edge]), g.str(g.eRef[cur.edge])
		rm.Maneuver.Modifier = modifierOf(turnAngle(float64(rm.Maneuver.BearingBefore), outB))
		if rm.Maneuver.Modifier == UTurn {
			rm.Maneuver.Modifier = SharpLeft
		}
		if rm.Maneuver.Type == Rotary {
			typ = ExitRotary
		}
	}
	d := b.newStep(i, typ, modifierOf(angle), inB, outB, loc)
	d.step.Maneuver.Exit = b.exits
	d.inter = []Intersection{inter}
	b.rbStep = -1
}

// arrive adds the arrival draft at snap t.
func (b *stepBuilder) arrive(t Snap) {
	g, pts := b.g, b.pts
	last := b.pcs[len(b.pcs)-1]
	arriveB := bearingAlong(pts, len(pts)-1, false)
	d := draft{pc: len(b.pcs), step: Step{
		Name: g.str(g.eName[last.edge]), Ref: g.str(g.eRef[last.edge]), Mode: g.mode(last.edge, last.back), DrivingSide: "right",
		Maneuver: Maneuver{Location: pts[len(pts)-1], BearingBefore: intBearing(arriveB), Type: Arrive, Modifier: sideOf(pts, t)},
	}}
	in0 := 0
	d.inter = []Intersection{{Location: pts[len(pts)-1], Bearings: []int{intBearing(arriveB + 180)}, Entry: []bool{true}, In: &in0}}
	b.drafts = append(b.drafts, d)
}

// rotaryRadius (meters) separates roundabouts from rotaries (OSRM's
// MAX_ROUNDABOUT_RADIUS).
const rotaryRadius = 15.0

// ringRadius estimates the radius of the roundabout entered by arc a from
// the ring's perimeter, walking the ring's arcs until it closes, and tells
// whether all of the ring's edges carry the same name (a rotary's).
func (g *Graph) ringRadius(a uint32) (radius float64, oneName bool) {
	start := g.arcStart(a)
	per := 0.0
	cur := a
	e0, _ := arcEdge(g, a)
	oneName = true
	for k := 0; k < 64; k++ {
		e, _ := arcEdge(g, cur)
		per += float64(g.eLen[e])
		oneName = oneName && g.eName[e] == g.eName[e0]
		if g.arcEnd(cur) == start {
			return per / (2 * math.Pi), oneName
		}
		next := int64(-1)
		for t := g.tOff[cur]; t < g.tOff[cur+1]; t++ {
			b := g.origArc(g.tTo[t])
			if eb, _ := arcEdge(g, b); g.eFlags[eb]&flagRoundabout != 0 && eb != e {
				next = int64(b)
				break
			}
		}
		if next < 0 {
			break
		}
		cur = uint32(next)
	}
	return per / (2 * math.Pi), oneName
}
