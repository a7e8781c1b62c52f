package roads

import (
	"strconv"
	"strings"

	"github.com/paulmach/osm"

	"waymark/engine/route"
	"waymark/regions/extract"
)

// The tags guidance reads, as OSRM's way handlers read them (profiles/lib/
// way_handlers.lua, guidance.lua, destination.lua): the exit numbers
// (junction:ref), the destinations of a one-way road (destination,
// destination:ref, destination:street, each per direction), the number of
// lanes (lanes, else lanes:forward plus lanes:backward) and, for cars, the
// turn lanes of each direction (turn:lanes, with vehicle:lanes and the
// lanes of buses and taxis taken out). Ways keep them as strings (a few
// bytes a way: most have none) and the graph keeps them per edge.

// guidanceTags sets what guidance reads of tags on nw, whose speeds say
// which directions are open; its strings are net's (Intern,
// AddGuidance), never parts of tags (a way's tag values share one allocation).
func guidanceTags(p route.Profile, net *route.Network, tags osm.Tags, nw *route.NetWay) {
	fwdOneway, bwdOneway := nw.Forward > 0 && nw.Backward <= 0, nw.Backward > 0 && nw.Forward <= 0
	if fwdOneway || bwdOneway {
		nw.Destination = net.Intern(listOf(destinationOf(tags, fwdOneway), ","))
	}
	nw.Lanes = laneCount(tags)
	var gt route.WayGuidance
	gt.Exits = listOf(tags.Find("junction:ref"), ";")
	if p == route.Driving {
		gt.TurnLanesForward, gt.TurnLanesBackward = turnLanes(tags, fwdOneway, bwdOneway)
		// car.lua's classes: tunnel, toll (either direction)
		t := tags.Find("tunnel")
		gt.Tunnel = t != "" && t != "no"
		gt.Toll = tags.Find("toll") == "yes" || tags.Find("toll:forward") == "yes" || tags.Find("toll:backward") == "yes"
	}
	nw.Guidance = net.AddGuidance(gt) // copies of the strings, each set once
}

// listOf writes a list separated by sep with one space after each
// separator (OSRM's canonicalizeStringList: "a;b;  c" is "a; b; c").
func listOf(s, sep string) string {
	if s == "" {
		return ""
	}
	s = strings.ReplaceAll(s, sep, sep+" ")
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// directional returns key:forward (key:backward) or key, with ";" written
// ", " (destination.lua's get_directional_tag).
func directional(tags osm.Tags, forward bool, key string) string {
	dir := ":backward"
	if forward {
		dir = ":forward"
	}
	v := tags.Find(key + dir)
	if v == "" {
		v = tags.Find(key)
	}
	return strings.ReplaceAll(v, ";", ", ")
}

// destinationOf is a one-way road's destination sign, "A 59: Düsseldorf,
// Köln" (destination:ref: destination), or either alone, or the street.
func destinationOf(tags osm.Tags, forward bool) string {
	ref, dest := directional(tags, forward, "destination:ref"), directional(tags, forward, "destination")
	switch {
	case ref != "" && dest != "":
		return ref + ": " + dest
	case ref != "":
		return ref
	case dest != "":
		return dest
	}
	return directional(tags, forward, "destination:street")
}

// positive reads a whole positive number, 0 if it is not one.
func positive(s string) int {
	n, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || n <= 0 || n != float64(int(n)) {
		return 0
	}
	return int(n)
}

// laneCount is the road's number of lanes (guidance.lua's classification:
// lanes, else lanes:forward plus lanes:backward), at most 255.
func laneCount(tags osm.Tags) uint8 {
	n := 0
	if v := tags.Find("lanes"); v != "" {
		n = positive(v)
	} else {
		n = positive(tags.Find("lanes:forward")) + positive(tags.Find("lanes:backward"))
	}
	return uint8(min(n, 255))
}

// forwardBackward returns key:forward and key:backward, the plain key
// filling in what is missing for the open directions (tags.lua's
// get_forward_backward_by_key).
func forwardBackward(tags osm.Tags, key string, fwdOneway, bwdOneway bool) (string, string) {
	fwd, bwd := tags.Find(key+":forward"), tags.Find(key+":backward")
	if fwd == "" || bwd == "" {
		common := tags.Find(key)
		switch {
		case fwdOneway:
			fwd = cmpOr(fwd, common)
		case bwdOneway:
			bwd = cmpOr(bwd, common)
		default:
			fwd, bwd = cmpOr(fwd, common), cmpOr(bwd, common)
		}
	}
	return fwd, bwd
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// psvLanes returns the lanes of buses and taxis per direction
// (guidance.lua's get_psv_counts).
func psvLanes(tags osm.Tags, fwdOneway, bwdOneway bool) (int, int) {
	var fwd, bwd string
	for _, k := range []string{"lanes:psv", "lanes:taxi", "lanes:share_taxi", "lanes:minibus", "lanes:bus"} {
		f, b := forwardBackward(tags, k, fwdOneway, bwdOneway)
		fwd, bwd = cmpOr(fwd, f), cmpOr(bwd, b)
	}
	return positive(fwd), positive(bwd)
}

// turnLanes returns the turn lanes of each direction (guidance.lua's
// get_turn_lanes): vehicle:lanes keeps the lanes cars may use, else the
// empty lanes of buses and taxis on the left (right) are dropped.
func turnLanes(tags osm.Tags, fwdOneway, bwdOneway bool) (string, string) {
	psvF, psvB := psvLanes(tags, fwdOneway, bwdOneway)
	tlF, tlB := forwardBackward(tags, "turn:lanes", fwdOneway, bwdOneway)
	vlF, vlB := forwardBackward(tags, "vehicle:lanes", fwdOneway, bwdOneway)
	process := func(lanes, vehicle string, left, right int) string {
		switch {
		case lanes == "":
			return ""
		case vehicle != "":
			return applyAccessTokens(lanes, vehicle)
		case left != 0 || right != 0:
			return trimLaneString(lanes, left, right)
		}
		return lanes
	}
	// backward lanes swap the psv counts
	return process(tlF, vlF, psvB, psvF), process(tlB, vlB, psvF, psvB)
}

// trimLaneString drops left empty lanes at the start and right at the
// end of a turn:lanes value (OSRM's trimLaneString): the bus lanes.
func trimLaneString(s string, left, right int) string {
	if left > 0 && left < len(s) && strings.Trim(s[:left], "|") == "" {
		s = s[left:]
	}
	if right > 0 && right < len(s) && strings.Trim(s[len(s)-right:], "|") == "" {
		s = s[:len(s)-right]
	}
	return s
}

// applyAccessTokens keeps the lanes of s whose vehicle:lanes token is
// "yes" (OSRM's applyAccessTokens); s stays as it is when the counts
// differ.
func applyAccessTokens(s, access string) string {
	lanes, tokens := strings.Split(s, "|"), strings.Split(access, "|")
	if len(lanes) != len(tokens) {
		return s
	}
	var kept []string
	for i, l := range lanes {
		if tokens[i] == "yes" {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "|")
}

// maneuverOf reads a type=maneuver (or manoeuvre) relation (OSRM's
// ManeuverOverrideRelationParser): one from way, one to way, one via
// node and any via ways, in order; ok is false for other relations and
// for one without those members.
func maneuverOf(r *extract.Relation) (route.ManeuverRelation, bool) {
	var m route.ManeuverRelation
	if t := r.Tags.Find("type"); t != "maneuver" && t != "manoeuvre" {
		return m, false
	}
	m.Maneuver = r.Tags.Find("maneuver")
	if r.Tags.FindTag("manoeuvre") != nil {
		m.Maneuver = r.Tags.Find("manoeuvre")
	}
	m.Direction = r.Tags.Find("direction")
	valid := true
	for _, mb := range r.Members {
		switch {
		case mb.Type == osm.TypeNode && mb.Role == "via":
			valid = valid && m.ViaNode == 0
			m.ViaNode = mb.Ref
		case mb.Type != osm.TypeWay:
		case mb.Role == "from":
			valid = valid && m.From == 0
			m.From = mb.Ref
		case mb.Role == "to":
			valid = valid && m.To == 0
			m.To = mb.Ref
		case mb.Role == "via":
			m.ViaWays = append(m.ViaWays, mb.Ref)
		}
	}
	return m, valid && m.From != 0 && m.To != 0 && m.ViaNode != 0
}
