package route

import (
	"math"

	"github.com/paulmach/orb"
)

// Guidance: the steps of a leg, as OSRM makes them. OSRM decides the
// instruction of every turn when it builds its graph (its turn analysis:
// guide_*.go here, run for the turns a route takes) and then, for a
// route, assembles one step per turn that is not silent and post-
// processes them (engine/guidance, route_api.hpp), in this order:
//
//  1. assemble (steps_assemble.go): depart, a step at every turn whose
//     instruction is not NoTurn (suppressed turns and turns staying on a
//     roundabout included, to be counted and folded), arrive; each step
//     named after the road it starts on, with its intersection (bearings,
//     entries, lanes);
//  2. maneuver relations override the type and direction of their step
//     (applyOverrides);
//  3. the two turns through a divided road's intersection become one
//     (collapseSegregated, steps_segregated.go);
//  4. a first or last step of at most a meter goes (trimShortSegments);
//  5. roundabouts (steps_roundabout.go): the entry step takes the exit
//     number, the exit's name and, for a roundabout turn, the total
//     direction; the steps in between fold into it;
//  6. collapse (steps_collapse.go): turns in quick succession become one
//     (staggered intersections, u-turns, name oscillations, a maneuver
//     next to a change of name, sliproads...);
//  7. lanes: short steps in a row keep to the lanes the next needs
//     (anticipateLaneChange, steps_lanes.go);
//  8. suppressed steps fold into the step before, and an end of road
//     after a step that passed no other intersection becomes a turn
//     (buildIntersections);
//  9. a new name kept for a short stretch only, or announcing the name
//     the route is on, goes (suppressShortNameSegments);
//  10. the arrival's side of the road (assignRelativeLocations), then
//     each step's distance, duration, weight and geometry.

// waypointType marks the depart and arrive steps.
type waypointType uint8

const (
	wpNone waypointType = iota
	wpArrive
	wpDepart
)

// ixn is an intersection a step passes (OSRM's IntermediateIntersection).
type ixn struct {
	loc      orb.Point
	bearings []int
	entry    []bool
	in, out  int // -1: none
	lanes    laneTuple
	laneDesc []laneMask
}

// rstep is a step in the making (OSRM's RouteStep).
type rstep struct {
	pc         int  // the first piece it covers (it ends where the next step begins)
	segregated bool // it starts on a road inside a divided road's intersection
	name, ref  string
	dest       string
	exits      string
	rotaryName string
	dist       float64 // meters
	ferry      bool    // its mode
	mode       string  // its travel mode (Graph.mode: pushing bike, train...)
	loc        orb.Point
	before     int // bearing before the maneuver
	after      int // bearing after it
	ins        instr
	wp         waypointType
	exit       int
	inters     []ixn
	removed    bool // invalidated, to be removed
}

// hasTurnType reports whether s has an instruction (not NoTurn).
func (s *rstep) hasTurnType() bool { return s.ins.typ != tNoTurn }

// isWaypoint reports whether s departs or arrives.
func (s *rstep) isWaypoint() bool { return s.wp != wpNone }

// invalidate empties s, to be removed (OSRM's Invalidate): it keeps its
// place in the leg (pc), for the steps around it to be ordered.
func (s *rstep) invalidate() {
	*s = rstep{pc: s.pc, ins: instr{tNoTurn, mUTurn}, inters: []ixn{{in: -1, out: -1}}, removed: true}
}

// invalid reports whether s was invalidated.
func (s *rstep) invalid() bool { return s.removed }

// elongate makes s cover the step after it too (OSRM's ElongateBy).
func (s *rstep) elongate(next *rstep) {
	s.dist += next.dist
	s.inters = append(s.inters, next.inters...)
}

// adaptSignage gives s the names of o (OSRM's AdaptStepSignage).
func (s *rstep) adaptSignage(o *rstep) {
	s.name, s.ref, s.dest, s.exits = o.name, o.ref, o.dest, o.exits
}

// sameSignage reports whether s and o have the same signage (OSRM
// compares name ids; the strings, which a graph interns, compare steps
// of several graphs too).
func (s *rstep) sameSignage(o *rstep) bool {
	return s.name == o.name && s.ref == o.ref && s.dest == o.dest && s.exits == o.exits
}

// noSignage reports whether s names nothing at all.
func (s *rstep) noSignage() bool { return s.name == "" && s.ref == "" && s.dest == "" && s.exits == "" }

// removeNoTurns drops the steps that are no step any more: NoTurn and no
// waypoint (OSRM's removeNoTurnInstructions).
func removeNoTurns(ss []rstep) []rstep {
	out := ss[:0]
	for _, s := range ss {
		if s.ins.typ == tNoTurn && s.wp == wpNone {
			continue
		}
		out = append(out, s)
	}
	return out
}

// steps builds the OSRM steps of a leg through its pieces and points,
// arriving at snap t.
func (g *Graph) steps(pcs []piece, pts []orb.Point, t Snap) []Step {
	return finishSteps(g.legSteps(pcs, pts), pcs, pts, t, g.profile)
}

// legSteps runs the passes that read the graph on a leg's pieces and
// points (1 and 2: assembly, maneuver relations); an Atlas assembles a
// leg across graphs from each graph's (atlas_join.go).
func (g *Graph) legSteps(pcs []piece, pts []orb.Point) []rstep {
	ss := newGuide(g, len(pcs)).assembleSteps(pcs, pts)
	g.applyOverrides(ss, pcs)
	return ss
}

// finishSteps runs passes 3 to 10 on a leg's assembled steps, arriving
// at snap t, for profile p. They compare the steps' names as strings,
// not as one graph's string ids, so that steps from several graphs mix.
func finishSteps(ss []rstep, pcs []piece, pts []orb.Point, t Snap, p Profile) []Step {
	ss = collapseSegregated(ss)
	ss = trimShortSegments(ss, pcs, pts)
	ss = handleRoundabouts(ss)
	ss = collapseTurns(ss)
	ss = anticipateLaneChange(ss)
	ss = buildIntersections(ss)
	ss = suppressShortNameSegments(ss)
	ss[len(ss)-1].ins.mod = arriveSide(pts, t)
	return measureSteps(ss, pcs, pts, p)
}

// stepSpan returns the indexes in the leg's points of the first and last
// point of a step starting at piece pc and ending where piece endPc starts
// (endPc == len(pcs): at the leg's end).
func stepSpan(pcs []piece, nPts, pc, endPc int) (a, z int) {
	a = 0
	if pc > 0 && pc < len(pcs) {
		a = pcs[pc].startPt
	}
	if pc >= len(pcs) {
		a = nPts - 1
	}
	z = nPts - 1
	if endPc < len(pcs) {
		z = pcs[endPc].startPt
	}
	return a, max(z, a)
}

// lineLength returns the length of pts in meters.
func lineLength(pts []orb.Point) float64 {
	d := 0.0
	for i := 1; i < len(pts); i++ {
		d += haversine(pts[i-1], pts[i])
	}
	return d
}

// measureSteps turns the steps into the leg's: each one's distance (along
// its geometry), duration, weight, geometry, maneuver and intersections.
// The last step is the arrival.
func measureSteps(ss []rstep, pcs []piece, pts []orb.Point, p Profile) []Step {
	mode := p.String()
	steps := make([]Step, len(ss))
	for k := range ss {
		s := &ss[k]
		st := Step{Name: s.name, Ref: s.ref, Destinations: s.dest, Exits: s.exits, RotaryName: s.rotaryName,
			Mode: mode, DrivingSide: "right", Maneuver: s.maneuver(), Intersections: s.intersections()}
		if s.mode != "" {
			st.Mode = s.mode
		}
		if s.ferry {
			st.Mode = "ferry"
		}
		if k == len(ss)-1 {
			p := pts[len(pts)-1]
			st.Geometry = orb.LineString{p, p}
			steps[k] = st
			continue
		}
		pc, endPc := s.pc, ss[k+1].pc
		var w int64
		for i := pc; i < endPc; i++ {
			w += pcs[i].w
		}
		a, z := stepSpan(pcs, len(pts), pc, endPc)
		seg := pts[a : z+1]
		if len(seg) == 1 {
			seg = []orb.Point{seg[0], seg[0]}
		}
		st.Distance = lineLength(seg)
		st.Duration = float64(w) / 10
		st.Weight = float64(w) / 10
		st.Geometry = orb.LineString(seg)
		steps[k] = st
	}
	return steps
}

// maneuver returns the API's maneuver of s.
func (s *rstep) maneuver() Maneuver {
	m := Maneuver{Location: s.loc, BearingBefore: s.before, BearingAfter: s.after, Exit: s.exit}
	switch s.wp {
	case wpDepart:
		m.Type = Depart
	case wpArrive:
		m.Type = Arrive
	default:
		m.Type = s.ins.typ.maneuverType()
	}
	if s.wp == wpNone || s.ins.mod != mUTurn {
		m.Modifier = Modifier(s.ins.mod + 1)
	}
	return m
}

// intersections returns the API's intersections of s.
func (s *rstep) intersections() []Intersection {
	out := make([]Intersection, len(s.inters))
	for i, x := range s.inters {
		is := Intersection{Location: x.loc, Bearings: x.bearings, Entry: x.entry}
		if x.in >= 0 {
			v := x.in
			is.In = &v
		}
		if x.out >= 0 {
			v := x.out
			is.Out = &v
		}
		if x.lanes.lanesInTurn > 0 {
			n := len(x.laneDesc)
			is.Lanes = make([]Lane, n)
			for l, m := range x.laneDesc {
				fromRight := n - 1 - l
				valid := fromRight >= int(x.lanes.firstFromRight) && fromRight < int(x.lanes.firstFromRight)+int(x.lanes.lanesInTurn)
				is.Lanes[l] = Lane{Indications: m.indications(), Valid: valid}
			}
		}
		out[i] = is
	}
	return out
}

// maneuverType returns the API's name of turn type t (OSRM's
// instructionTypeToString).
func (t ttype) maneuverType() ManeuverType {
	switch t {
	case tNewName:
		return NewName
	case tContinue:
		return Continue
	case tMerge:
		return Merge
	case tOnRamp:
		return OnRamp
	case tOffRamp:
		return OffRamp
	case tFork:
		return Fork
	case tEndOfRoad:
		return EndOfRoad
	case tNotification:
		return Notification
	case tEnterRoundabout, tEnterRoundaboutAtExit:
		return Roundabout
	case tEnterAndExitRoundabout, tExitRoundabout, tExitRoundaboutIntersection:
		return ExitRoundabout
	case tEnterRotary, tEnterRotaryAtExit:
		return Rotary
	case tEnterAndExitRotary, tExitRotary:
		return ExitRotary
	case tEnterRoundaboutIntersection, tEnterAndExitRoundaboutIntersection, tEnterRoundaboutIntersectionAtExit:
		return RoundaboutTurn
	case tUseLane:
		return UseLane
	}
	return Turn
}

// arriveSide tells on which side of the road the destination lies, from
// the input coordinate relative to the last road segment (OSRM's
// assignRelativeLocations: within 5 to 300 m of the road, else none).
func arriveSide(pts []orb.Point, t Snap) dmod {
	n := len(pts)
	d := gDist(t.Input, pts[n-1])
	if n < 2 || d < 5 || d > 300 {
		return mUTurn
	}
	a := computeAngle(pts[n-2], pts[n-1], t.Input)
	switch {
	case a < 135:
		return mRight
	case a <= 225:
		return mStraight
	}
	return mLeft
}

// quantize rounds a bearing down to OSRM's stored precision (TurnBearing:
// 256 steps) and to whole degrees, as OSRM's steps read it.
func quantize(b float64) int {
	const scale = 360.0 / 256.0
	return int(math.Floor(b/scale) * scale)
}
