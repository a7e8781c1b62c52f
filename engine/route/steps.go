package route

import (
	"math"
	"sort"

	"github.com/paulmach/orb"
)

// Guidance: a step starts at depart, at every junction where the route
// needs an instruction, and at arrive. The rules, simplified from OSRM's
// guidance and kept to what osrm-text-instructions understands:
//   - entering a roundabout: "roundabout" ("rotary" when the ring is named
//     and larger than rotaryRadius, as OSRM; rotary_name set), exit = number of exits passed (exits are ring
//     junctions with an enterable non-ring road), modifier = direction of
//     the exit relative to the approach; leaving it: "exit roundabout" /
//     "exit rotary" with the same exit number.
//   - turning around (u-turn at a dead end, barrier or via point):
//     "continue" with modifier "uturn".
//   - onto a *_link from a motorway/trunk: "off ramp"; onto a link from
//     another road: "on ramp"; from a link onto a motorway/trunk: "merge".
//   - at a junction with no other enterable road: "new name" when the
//     name or ref changes, else nothing.
//   - with other choices: staying on the same name nearly straight: nothing;
//     same name but bending: "continue"; two enterable roads within 45° of
//     straight and none clearly straight: "fork"; the road ends (nothing
//     within 35° of straight, a road on the other side): "end of road";
//     otherwise "turn" ("new name" when nearly straight).
// Modifiers from the turn angle: straight < 15°, slight < 45°, plain < 135°
// (right/left), sharp < 170°, uturn beyond.

func modifierOf(angle float64) Modifier {
	a, left := math.Abs(angle), angle < 0
	switch {
	case a < 15:
		return Straight
	case a < 45:
		return slight(left)
	case a < 135:
		return plain(left)
	case a < 170:
		return sharp(left)
	}
	return UTurn
}

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

func ptJSON(p orb.Point) [2]float64 { return [2]float64{round1e(p[0], 6), round1e(p[1], 6)} }

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
	is := Intersection{Location: ptJSON(loc), Bearings: make([]int, len(list)), Entry: make([]bool, len(list))}
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

// noManeuver marks a junction where the route goes on without a step.
const noManeuver = ManeuverType(255)

// steps builds the OSRM steps of a leg.
func (g *Graph) steps(pcs []piece, pts []orb.Point, s, t Snap) []Step {
	mode := func(e uint32) string {
		if g.eFlags[e]&flagFerry != 0 {
			return "ferry"
		}
		if g.profile == Walking {
			return "walking"
		}
		return "driving"
	}
	type mark struct {
		pc    int // first piece of the step
		step  Step
		inter []Intersection
	}
	var marks []mark
	newStep := func(pc int, typ ManeuverType, mod Modifier, before, after float64, loc orb.Point) *mark {
		e := pcs[pc].edge
		m := mark{pc: pc, step: Step{
			Name: g.str(g.eName[e]), Ref: g.str(g.eRef[e]), Destinations: g.str(g.eDest[e]),
			Mode: mode(e), DrivingSide: "right",
			Maneuver: Maneuver{Location: ptJSON(loc), BearingBefore: intBearing(before), BearingAfter: intBearing(after), Type: typ, Modifier: mod},
		}}
		marks = append(marks, m)
		return &marks[len(marks)-1]
	}
	// depart
	first := pcs[0]
	departB := bearingAlong(pts, first.startPt, true)
	dm := newStep(0, Depart, NoModifier, 0, departB, pts[0])
	out0 := 0
	dm.inter = []Intersection{{Location: ptJSON(pts[0]), Bearings: []int{intBearing(departB)}, Entry: []bool{true}, Out: &out0}}

	var roads []road
	rbStep := -1 // index in marks of the open roundabout step
	exits := 0
	for i := 1; i < len(pcs); i++ {
		prev, cur := pcs[i-1], pcs[i]
		loc := pts[cur.startPt]
		inB := g.arriveBearing(prev.edge, prev.back)
		outB := g.departBearing(cur.edge, cur.back)
		angle := turnAngle(inB, outB)
		uturn := prev.edge == cur.edge && prev.back != cur.back
		if cur.via {
			if uturn {
				newStep(i, Continue, UTurn, inB, outB, loc)
			}
			continue
		}
		j := g.arcEnd(g.origArc(prev.arc))
		roads = g.junctionRoads(g.origArc(prev.arc), j, roads)
		inter := g.intersectionAt(loc, prev.arc, cur.arc, roads)
		prevRB, curRB := g.eFlags[prev.edge]&flagRoundabout != 0, g.eFlags[cur.edge]&flagRoundabout != 0
		others := 0   // enterable roads other than the chosen one and the way back
		straight := 0 // enterable roads other than the chosen within 35° of straight
		var otherAngles []float64
		for _, r := range roads {
			if !r.entry || (r.edge == cur.edge && r.atEnd == cur.back) || (r.edge == prev.edge) {
				continue
			}
			others++
			a := turnAngle(inB, r.bearing)
			otherAngles = append(otherAngles, a)
			if math.Abs(a) < 35 {
				straight++
			}
		}
		attach := func() { marks[len(marks)-1].inter = append(marks[len(marks)-1].inter, inter) }
		switch {
		case !prevRB && curRB:
			exits = 0
			typ := Roundabout
			m := newStep(i, typ, modifierOf(angle), inB, outB, loc)
			if name := g.str(g.eName[cur.edge]); name != "" && g.ringRadius(g.origArc(cur.arc)) > rotaryRadius {
				m.step.Maneuver.Type = Rotary
				m.step.RotaryName = name
			}
			m.inter = []Intersection{inter}
			rbStep = len(marks) - 1
			continue
		case prevRB && curRB:
			if others > 0 {
				exits++
			}
			attach()
			continue
		case prevRB && !curRB:
			exits++
			typ := ExitRoundabout
			if rbStep >= 0 {
				rm := &marks[rbStep]
				rm.step.Maneuver.Exit = exits
				// name the roundabout step after the exit road; its modifier is
				// the exit's direction relative to the approach
				rm.step.Name, rm.step.Ref = g.str(g.eName[cur.edge]), g.str(g.eRef[cur.edge])
				rm.step.Maneuver.Modifier = modifierOf(turnAngle(float64(rm.step.Maneuver.BearingBefore), outB))
				if rm.step.Maneuver.Modifier == UTurn {
					rm.step.Maneuver.Modifier = SharpLeft
				}
				if rm.step.Maneuver.Type == Rotary {
					typ = ExitRotary
				}
			}
			m := newStep(i, typ, modifierOf(angle), inB, outB, loc)
			m.step.Maneuver.Exit = exits
			m.inter = []Intersection{inter}
			rbStep = -1
			continue
		}
		if uturn {
			m := newStep(i, Continue, UTurn, inB, outB, loc)
			m.inter = []Intersection{inter}
			continue
		}
		pc, cc := Class(g.eClass[prev.edge]), Class(g.eClass[cur.edge])
		sameName := g.eName[prev.edge] == g.eName[cur.edge] && g.eRef[prev.edge] == g.eRef[cur.edge]
		if sameName && g.eName[cur.edge] == 0 && g.eRef[cur.edge] == 0 {
			// unnamed to unnamed: the same road only when it is the straightest way on
			sameName = !hasStraighter(angle, otherAngles) && math.Abs(angle) < 35
		}
		modeChange := (g.eFlags[prev.edge]&flagFerry != 0) != (g.eFlags[cur.edge]&flagFerry != 0)
		mod := modifierOf(angle)
		typ := noManeuver
		switch {
		case modeChange:
			typ = NewName
		case cc.IsLink() && !pc.IsLink():
			if pc.IsHighway() {
				typ = OffRamp
			} else {
				typ = OnRamp
			}
		case pc.IsLink() && cc.IsHighway() && !cc.IsLink():
			typ = Merge
		case pc.IsLink() && cc.IsLink():
			if others > 0 && math.Abs(angle) < 45 && straight > 0 {
				typ = Fork
			}
		case others == 0:
			if !sameName {
				typ = NewName
				if math.Abs(angle) >= 45 {
					typ = Turn
				}
			}
		case sameName && math.Abs(angle) < 35:
			// staying on the road
		case sameName:
			typ = Continue
		case math.Abs(angle) < 45 && straight > 0 && !hasStraighter(angle, otherAngles):
			typ = Fork
		case math.Abs(angle) >= 45 && math.Abs(angle) <= 135 && straight == 0 && len(roads) == 3 && oppositeSide(angle, otherAngles):
			typ = EndOfRoad
		default:
			typ = Turn
			if math.Abs(angle) < 15 {
				typ = NewName
			}
		}
		if typ == noManeuver {
			attach()
			continue
		}
		if typ == Fork || typ == Merge || typ == OnRamp || typ == OffRamp {
			if mod == Straight {
				if angle < 0 || (typ == Fork && forkLeft(angle, otherAngles)) {
					mod = SlightLeft
				} else {
					mod = SlightRight
				}
			}
		}
		if typ == EndOfRoad {
			if angle < 0 {
				mod = Left
			} else {
				mod = Right
			}
		}
		m := newStep(i, typ, mod, inB, outB, loc)
		m.inter = []Intersection{inter}
	}
	// arrive
	last := pcs[len(pcs)-1]
	_ = last
	arriveB := bearingAlong(pts, len(pts)-1, false)
	am := mark{pc: len(pcs), step: Step{
		Name: g.str(g.eName[last.edge]), Ref: g.str(g.eRef[last.edge]), Mode: mode(last.edge), DrivingSide: "right",
		Maneuver: Maneuver{Location: ptJSON(pts[len(pts)-1]), BearingBefore: intBearing(arriveB), Type: Arrive, Modifier: sideOf(pts, t)},
	}}
	in0 := 0
	am.inter = []Intersection{{Location: ptJSON(pts[len(pts)-1]), Bearings: []int{intBearing(arriveB + 180)}, Entry: []bool{true}, In: &in0}}
	marks = append(marks, am)

	// distances, durations and geometry per step
	steps := make([]Step, len(marks))
	for k := range marks {
		m := marks[k]
		st := m.step
		st.Intersections = m.inter
		if k == len(marks)-1 {
			p := pts[len(pts)-1]
			st.Geometry = orb.LineString{p, p}
			steps[k] = st
			continue
		}
		endPc := marks[k+1].pc
		var w int64
		var d float64
		for i := m.pc; i < endPc; i++ {
			w += pcs[i].w
			d += pcs[i].to - pcs[i].from
		}
		a := pcs[m.pc].startPt
		if m.pc == 0 {
			a = 0
		}
		b := len(pts) - 1
		if endPc < len(pcs) {
			b = pcs[endPc].startPt
		}
		if b < a {
			b = a
		}
		seg := pts[a : b+1]
		if len(seg) == 1 {
			seg = []orb.Point{seg[0], seg[0]}
		}
		geoD := 0.0
		for i := 1; i < len(seg); i++ {
			geoD += haversine(seg[i-1], seg[i])
		}
		st.Distance = round1e(geoD, 1)
		st.Duration = float64(w) / 10
		st.Weight = float64(w) / 10
		st.Geometry = orb.LineString(seg)
		_ = d
		steps[k] = st
	}
	return steps
}

// bearingAlong is the bearing of the route at point i: leaving it (after)
// or arriving at it (before), measured over ~lookBearing meters.
func bearingAlong(pts []orb.Point, i int, after bool) float64 {
	if after {
		if i >= len(pts)-1 {
			i = max(0, len(pts)-2)
		}
		return startBearing(pts[i:])
	}
	if i < 1 {
		i = min(1, len(pts)-1)
	}
	return endBearing(pts[:i+1])
}

// sideOf tells on which side of the road the destination lies, from the
// input coordinate relative to the last road segment (NoModifier when on
// it).
func sideOf(pts []orb.Point, t Snap) Modifier {
	if t.Distance < 1 || len(pts) < 2 {
		return NoModifier
	}
	b := bearingAlong(pts, len(pts)-1, false)
	a := turnAngle(b, bearing(t.Location, t.Input))
	switch {
	case math.Abs(a) < 20 || math.Abs(a) > 160:
		return Straight
	case a > 0:
		return Right
	}
	return Left
}

func hasStraighter(angle float64, others []float64) bool {
	for _, a := range others {
		if math.Abs(a) < 10 && math.Abs(angle) > 20 {
			return true
		}
	}
	return false
}

func oppositeSide(angle float64, others []float64) bool {
	for _, a := range others {
		if (a < 0) != (angle < 0) && math.Abs(a) >= 45 {
			return true
		}
	}
	return false
}

// forkLeft reports whether the chosen branch is the left one of a fork.
func forkLeft(angle float64, others []float64) bool {
	for _, a := range others {
		if math.Abs(a) < 45 && a > angle {
			return true
		}
	}
	return false
}

// rotaryRadius (meters) separates roundabouts from rotaries (OSRM's
// MAX_ROUNDABOUT_RADIUS).
const rotaryRadius = 15.0

// ringRadius estimates the radius of the roundabout entered by arc a from
// the ring's perimeter, walking the ring's arcs until it closes.
func (g *Graph) ringRadius(a uint32) float64 {
	start := g.arcStart(a)
	per := 0.0
	cur := a
	for k := 0; k < 64; k++ {
		e, _ := arcEdge(g, cur)
		per += float64(g.eLen[e])
		if g.arcEnd(cur) == start {
			return per / (2 * math.Pi)
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
	return per / (2 * math.Pi)
}
