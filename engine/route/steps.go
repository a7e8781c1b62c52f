package route

import (
	"math"
	"sort"

	"github.com/paulmach/orb"
)

// Guidance: a step starts at depart, at every junction where the route
// needs an instruction, and at arrive. The rules, simplified from OSRM's
// guidance and kept to what osrm-text-instructions understands:
//   - entering a roundabout: "roundabout" ("rotary" when the whole ring
//     has one name and is larger than rotaryRadius, as OSRM; rotary_name set), exit = number of exits passed (exits are ring
//     junctions with an enterable non-ring road), modifier = direction of
//     the exit relative to the approach; leaving it: "exit roundabout" /
//     "exit rotary" with the same exit number.
//   - turning around (u-turn at a dead end, barrier or via point):
//     "continue" with modifier "uturn".
//   - onto a *_link from a motorway/trunk: "off ramp"; onto a link from
//     another road: "on ramp"; from a link onto a motorway/trunk: "merge".
//   - at a junction with no other enterable road: "new name" when the
//     name or ref changes (as OSRM compares them: nameAnnounced) (a "turn" when it bends 45° or more and other
//     roads meet there, closed to the route), else nothing.
//   - with other choices: staying on the same name nearly straight: nothing;
//     same name but bending: "continue"; two enterable roads within 45° of
//     straight and none clearly straight: "fork"; the road ends (nothing
//     within 35° of straight, a road on the other side): "end of road",
//     but a plain "turn" right after a step that passed no other
//     intersection (OSRM's post-processing); otherwise "turn" ("new name"
//     when nearly straight).
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

// Steps are built in passes over the pieces of a leg, as OSRM's guidance
// assembles, post-processes and then measures its steps: stepBuilder.depart
// and then .junction for each junction (which classifies it: junction.go,
// maneuver) make the marks where steps begin, the roundabout entry step is
// completed when its exit is reached (exit number, name, direction), and
// .arrive and .finish close the list and give each step its distance,
// duration and geometry.

// stepBuilder collects the steps of one leg.
type stepBuilder struct {
	g     *Graph
	pcs   []piece
	pts   []orb.Point
	marks []mark
	roads []road // scratch: the roads at the current junction
	// rbStep is the index in marks of the open roundabout step (-1 for
	// none); exits counts the exits passed on it.
	rbStep, exits int
}

// mark is a step in the making: its first piece and its intersections.
type mark struct {
	pc    int
	step  Step
	inter []Intersection
}

// steps builds the OSRM steps of a leg.
func (g *Graph) steps(pcs []piece, pts []orb.Point, s, t Snap) []Step {
	b := &stepBuilder{g: g, pcs: pcs, pts: pts, rbStep: -1}
	b.depart()
	for i := 1; i < len(pcs); i++ {
		b.junction(i)
	}
	b.arrive(t)
	return b.finish()
}

func (b *stepBuilder) mode(e uint32) string {
	switch {
	case b.g.eFlags[e]&flagFerry != 0:
		return "ferry"
	case b.g.profile == Walking:
		return "walking"
	}
	return "driving"
}

// newStep starts a step at piece pc.
func (b *stepBuilder) newStep(pc int, typ ManeuverType, mod Modifier, before, after float64, loc orb.Point) *mark {
	g, e := b.g, b.pcs[pc].edge
	b.marks = append(b.marks, mark{pc: pc, step: Step{
		Name: g.str(g.eName[e]), Ref: g.str(g.eRef[e]), Destinations: g.str(g.eDest[e]),
		Mode: b.mode(e), DrivingSide: "right",
		Maneuver: Maneuver{Location: loc, BearingBefore: intBearing(before), BearingAfter: intBearing(after), Type: typ, Modifier: mod},
	}})
	return &b.marks[len(b.marks)-1]
}

func (b *stepBuilder) depart() {
	departB := bearingAlong(b.pts, b.pcs[0].startPt, true)
	m := b.newStep(0, Depart, NoModifier, 0, departB, b.pts[0])
	out0 := 0
	m.inter = []Intersection{{Location: b.pts[0], Bearings: []int{intBearing(departB)}, Entry: []bool{true}, Out: &out0}}
}

// junction handles the junction between pieces i-1 and i: a new step, or
// one more intersection of the current step.
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
		if !r.entry || (r.edge == cur.edge && r.atEnd == cur.back) || (r.edge == prev.edge) {
			continue
		}
		jn.addOther(turnAngle(inB, r.bearing))
	}
	prevRB, curRB := g.eFlags[prev.edge]&flagRoundabout != 0, g.eFlags[cur.edge]&flagRoundabout != 0
	switch {
	case !prevRB && curRB:
		b.exits = 0
		m := b.newStep(i, Roundabout, modifierOf(angle), inB, outB, loc)
		if r, one := g.ringRadius(g.origArc(cur.arc)); g.str(g.eName[cur.edge]) != "" && one && r > rotaryRadius {
			name := g.str(g.eName[cur.edge])
			m.step.Maneuver.Type = Rotary
			m.step.RotaryName = name
		}
		m.inter = []Intersection{inter}
		b.rbStep = len(b.marks) - 1
		return
	case prevRB && curRB:
		if jn.others > 0 {
			b.exits++
		}
		b.attach(inter)
		return
	case prevRB && !curRB:
		b.exitRoundabout(i, angle, inB, outB, loc, inter)
		return
	}
	if uturn {
		m := b.newStep(i, Continue, UTurn, inB, outB, loc)
		m.inter = []Intersection{inter}
		return
	}
	jn.from, jn.to = Class(g.eClass[prev.edge]), Class(g.eClass[cur.edge])
	jn.sameName = !nameAnnounced(g.str(g.eName[prev.edge]), g.str(g.eRef[prev.edge]), g.str(g.eName[cur.edge]), g.str(g.eRef[cur.edge]))
	jn.unnamed = g.eName[cur.edge] == 0 && g.eRef[cur.edge] == 0
	jn.modeChange = (g.eFlags[prev.edge]&flagFerry != 0) != (g.eFlags[cur.edge]&flagFerry != 0)
	typ, mod := jn.maneuver()
	if typ == noManeuver {
		b.attach(inter)
		return
	}
	m := b.newStep(i, typ, mod, inB, outB, loc)
	m.inter = []Intersection{inter}
}

// attach adds an intersection the route passes without a step to the
// current step.
func (b *stepBuilder) attach(inter Intersection) {
	m := &b.marks[len(b.marks)-1]
	m.inter = append(m.inter, inter)
}

// exitRoundabout leaves the open roundabout at piece i: the exit step, and
// the roundabout step completed with the exit's number, name and
// direction.
func (b *stepBuilder) exitRoundabout(i int, angle, inB, outB float64, loc orb.Point, inter Intersection) {
	g, cur := b.g, b.pcs[i]
	b.exits++
	typ := ExitRoundabout
	if b.rbStep >= 0 {
		rm := &b.marks[b.rbStep]
		rm.step.Maneuver.Exit = b.exits
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
	m := b.newStep(i, typ, modifierOf(angle), inB, outB, loc)
	m.step.Maneuver.Exit = b.exits
	m.inter = []Intersection{inter}
	b.rbStep = -1
}

// arrive adds the arrival step at snap t.
func (b *stepBuilder) arrive(t Snap) {
	g, pts := b.g, b.pts
	last := b.pcs[len(b.pcs)-1]
	arriveB := bearingAlong(pts, len(pts)-1, false)
	am := mark{pc: len(b.pcs), step: Step{
		Name: g.str(g.eName[last.edge]), Ref: g.str(g.eRef[last.edge]), Mode: b.mode(last.edge), DrivingSide: "right",
		Maneuver: Maneuver{Location: pts[len(pts)-1], BearingBefore: intBearing(arriveB), Type: Arrive, Modifier: sideOf(pts, t)},
	}}
	in0 := 0
	am.inter = []Intersection{{Location: pts[len(pts)-1], Bearings: []int{intBearing(arriveB + 180)}, Entry: []bool{true}, In: &in0}}
	b.marks = append(b.marks, am)
}

// finish gives each step its distance (along its geometry), duration,
// weight and geometry, and its intersections.
func (b *stepBuilder) finish() []Step {
	pcs, pts := b.pcs, b.pts
	steps := make([]Step, len(b.marks))
	for k := range b.marks {
		m := b.marks[k]
		st := m.step
		st.Intersections = m.inter
		if k == len(b.marks)-1 {
			p := pts[len(pts)-1]
			st.Geometry = orb.LineString{p, p}
			steps[k] = st
			continue
		}
		endPc := b.marks[k+1].pc
		var w int64
		for i := m.pc; i < endPc; i++ {
			w += pcs[i].w
		}
		a := pcs[m.pc].startPt
		if m.pc == 0 {
			a = 0
		}
		z := len(pts) - 1
		if endPc < len(pcs) {
			z = pcs[endPc].startPt
		}
		z = max(z, a)
		seg := pts[a : z+1]
		if len(seg) == 1 {
			seg = []orb.Point{seg[0], seg[0]}
		}
		geoD := 0.0
		for i := 1; i < len(seg); i++ {
			geoD += haversine(seg[i-1], seg[i])
		}
		st.Distance = geoD
		st.Duration = float64(w) / 10
		st.Weight = float64(w) / 10
		st.Geometry = orb.LineString(seg)
		steps[k] = st
	}
	steps = trimShortSteps(steps)
	plainEndOfRoad(steps)
	return steps
}

// trimShortSteps drops a first step, or a step before the arrival, of at
// most 1 m: a route that starts or ends on a node, on a road it only
// touches there (OSRM's trimShortSegments). The next step then departs; the
// arrival takes the name and mode of the step before. Distances, durations
// and geometry move to the neighbouring step, so the sums stay the leg's.
func trimShortSteps(steps []Step) []Step {
	if len(steps) > 2 && steps[0].Distance <= 1 {
		first, next := steps[0], &steps[1]
		next.Distance += first.Distance
		next.Duration += first.Duration
		next.Weight += first.Weight
		next.Geometry = joinLines(first.Geometry, next.Geometry)
		next.Maneuver.Type, next.Maneuver.Modifier, next.Maneuver.BearingBefore, next.Maneuver.Exit = Depart, NoModifier, 0, 0
		if len(next.Intersections) > 0 {
			x := &next.Intersections[0]
			b := next.Maneuver.BearingAfter
			if x.Out != nil && *x.Out < len(x.Bearings) {
				b = x.Bearings[*x.Out]
			}
			out0 := 0
			x.Bearings, x.Entry, x.In, x.Out = []int{b}, []bool{true}, nil, &out0
		}
		steps = steps[1:]
	}
	if n := len(steps); n > 2 && steps[n-2].Distance <= 1 {
		short, prev, arr := steps[n-2], &steps[n-3], steps[n-1]
		prev.Distance += short.Distance
		prev.Duration += short.Duration
		prev.Weight += short.Weight
		prev.Geometry = joinLines(prev.Geometry, short.Geometry)
		arr.Name, arr.Ref, arr.Destinations, arr.Mode = prev.Name, prev.Ref, prev.Destinations, prev.Mode
		steps = append(steps[:n-2], arr)
	}
	return steps
}

// joinLines returns a followed by b (whose first point is a's last),
// without repeating a point.
func joinLines(a, b orb.LineString) orb.LineString {
	out := make(orb.LineString, 0, len(a)+len(b))
	for _, l := range []orb.LineString{a, b} {
		for _, p := range l {
			if len(out) == 0 || out[len(out)-1] != p {
				out = append(out, p)
			}
		}
	}
	if len(out) == 1 {
		out = append(out, out[0])
	}
	return out
}

// plainEndOfRoad turns an "end of road" right after a step that passed no
// other intersection into a plain "turn" ("continue" on the same name):
// the T-junction then says nothing the turn does not (OSRM's post-processing,
// MIN_END_OF_ROAD_INTERSECTIONS).
func plainEndOfRoad(steps []Step) {
	for k := 1; k < len(steps); k++ {
		st, prev := &steps[k], &steps[k-1]
		if st.Maneuver.Type != EndOfRoad || len(prev.Intersections) >= 2 {
			continue
		}
		st.Maneuver.Type = Turn
		if (st.Name != "" || st.Ref != "") && st.Name == prev.Name && st.Ref == prev.Ref {
			st.Maneuver.Type = Continue
		}
	}
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
