package route

import (
	"math"

	"github.com/paulmach/orb"
)

// Guidance: a step starts at depart, at every junction where the route
// needs an instruction, and at arrive. The rules, simplified from OSRM's
// guidance and kept to what osrm-text-instructions understands:
//   - entering a roundabout: "roundabout" ("rotary" when the whole ring
//     has one name and is larger than rotaryRadius, as OSRM; rotary_name
//     set), exit = number of exits passed (exits are ring junctions with an
//     enterable non-ring road), modifier = direction of the exit relative
//     to the approach; leaving it: "exit roundabout" / "exit rotary" with
//     the same exit number.
//   - onto or off a ferry: "notification", whatever the names.
//   - turning around (u-turn at a dead end, barrier or via point):
//     "continue" with modifier "uturn".
//   - onto a *_link from a motorway/trunk: "off ramp"; onto a link from
//     another road: "on ramp"; from a link onto a motorway/trunk: "merge".
//   - at a junction with no other enterable road: "new name" when the
//     name or ref changes (as OSRM compares them: nameAnnounced) (a "turn"
//     when it bends more than 60° and a road closed to the route leaves
//     within 90° of straight on), else nothing.
//   - with other choices: staying on the same name nearly straight, or
//     bending where every other road leaves at more than twice the angle
//     (OSRM's obvious continuation): nothing; same name but bending:
//     "continue"; two enterable roads within 45° of straight and none
//     clearly straight: "fork"; the road ends (nothing within 35° of
//     straight, a road on the other side): "end of road", but a plain
//     "turn" right after a step that passed no other intersection (OSRM's
//     post-processing); otherwise "turn" ("new name" when nearly
//     straight).
// Modifiers from the turn angle: straight < 15°, slight < 45°, plain < 135°
// (right/left), sharp < 170°, uturn beyond.
//
// Steps are built in passes, as OSRM's guidance assembles, post-processes
// and collapses its steps (engine/api/route_api.hpp):
//  1. assemble (steps_assemble.go): one draft step at depart, at every
//     junction (classified by junction.maneuver; a junction passed without
//     an instruction makes a silent draft, suppressed or noTurn) and at
//     arrive; a roundabout's ring junctions go straight into its entry
//     step, whose exit number, name and direction are set at its exit (as
//     OSRM's handleRoundabouts, which runs before any collapsing);
//  2. collapse (steps_collapse.go): combinations of steps OSRM's
//     collapseTurnInstructions merges (name oscillations, a maneuver
//     followed closely by a change of name), on the drafts with their
//     silent steps still in place;
//  3. post-process (steps_post.go): silent drafts fold into the step before
//     (buildIntersections), "end of road" right after a step that passed no
//     other intersection becomes a plain turn, and a first or last step of
//     at most 1 m is trimmed (trimShortSegments; unlike OSRM after folding,
//     so a start just before a junction passed without a step is kept);
//  4. reduce verbosity (steps_verbosity.go): a name announced for a short
//     stretch only, or announcing the name the route is already on, goes
//     (suppressShortNameSegments);
//  5. measure: each step's distance, duration, weight and geometry.

// draft is a step in the making: the step's maneuver, names and mode, the
// intersections it passes, the first piece of the leg it covers (it ends
// where the next draft begins) and its length in meters.
type draft struct {
	step  Step
	inter []Intersection
	pc    int
	dist  float64
}

// typ returns the draft's maneuver type.
func (d *draft) typ() ManeuverType { return d.step.Maneuver.Type }

// steps builds the OSRM steps of a leg through its pieces and points,
// arriving at snap t.
func (g *Graph) steps(pcs []piece, pts []orb.Point, t Snap) []Step {
	return finishSteps(g.assembleSteps(pcs, pts, t), pcs, pts)
}

// finishSteps runs passes 2 to 5 on a leg's assembled drafts (an Atlas
// assembles a leg across graphs from each graph's drafts: atlas_join.go).
func finishSteps(ds []draft, pcs []piece, pts []orb.Point) []Step {
	ds = collapseTurns(ds)
	ds = foldSilent(ds)
	plainEndOfRoad(ds)
	ds = trimShortEnds(ds)
	ds = suppressShortNameChanges(ds)
	return measureSteps(ds, pcs, pts)
}

// stepSpan returns the indexes in the leg's points of the first and last
// point of a step starting at piece pc and ending where piece endPc starts
// (endPc == len(pcs): at the leg's end).
func stepSpan(pcs []piece, nPts, pc, endPc int) (a, z int) {
	a = pcs[pc].startPt
	if pc == 0 {
		a = 0
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

// measureSteps gives each draft its distance (along its geometry),
// duration, weight, geometry and intersections: the leg's steps. The last
// draft is the arrival.
func measureSteps(ds []draft, pcs []piece, pts []orb.Point) []Step {
	steps := make([]Step, len(ds))
	for k := range ds {
		st := ds[k].step
		st.Intersections = ds[k].inter
		if k == len(ds)-1 {
			p := pts[len(pts)-1]
			st.Geometry = orb.LineString{p, p}
			steps[k] = st
			continue
		}
		pc, endPc := ds[k].pc, ds[k+1].pc
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
