package roads

import (
	"math"
	"strconv"
	"strings"

	"github.com/paulmach/osm"

	"waymark/engine/route"
	"waymark/regions/extract"
)

// Speed tables (km/h), after OSRM's car.lua and foot.lua so durations
// compare with OSRM's:
//
//	driving: motorway 90, motorway_link 45, trunk 85, trunk_link 40,
//	primary 65, primary_link 30, secondary 55, secondary_link 25,
//	tertiary 40, tertiary_link 20, unclassified 25, residential 25,
//	living_street 10, service 15 (service=alley/parking/parking_aisle/
//	driveway/drive-through: 5), winter_road 20, ice_road 15, ferries 5
//	unless a duration is tagged; another highway value that
//	motorcar/motor_vehicle/vehicle opens (a runway, a track) 10.
//	A maxspeed (maxspeed:advisory, maxspeed[:forward|:backward],
//	source:maxspeed, maxspeed:type; km/h, "mph", "none" = 140, zone values
//	like CH:urban, DE:rural, AT:motorway) replaces the class speed with
//	80 % of the posted limit, capped at maxspeedCap × the class speed.
//	Surface, tracktype and smoothness cap the result (car.lua tables).
//	walking: 5 km/h on every way pedestrians may use (footway, path,
//	pedestrian, steps, track, living_street, residential, service,
//	unclassified, tertiary…primary and links, platforms, piers, parking
//	lots (amenity=parking, parking_entrance); not highway=road or a
//	motorroad, as foot.lua; an area=yes way is walked along its outline,
//	as foot.lua does, where cars avoid it);
//	trunk, motorway, cycleway and bridleway only with foot=yes/designated/
//	permissive; rough surfaces slower (gravel 4, mud/sand 2.5); ferries 5.
//
// footAmenities are the amenity values foot.lua walks (its speeds table).
var footAmenities = map[string]bool{"parking": true, "parking_entrance": true}

var carSpeeds = map[string]float64{
	"motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40,
	"primary": 65, "primary_link": 30, "secondary": 55, "secondary_link": 25,
	"tertiary": 40, "tertiary_link": 20, "unclassified": 25, "residential": 25,
	"living_street": 10, "service": 15, "winter_road": 20, "ice_road": 15,
}

// carDefaultSpeed is the speed of a way whose highway value has no car
// speed but whose car access is given and allowed (car.lua's
// default_speed): a runway or a footway tagged motor_vehicle=yes.
const carDefaultSpeed = 10

var carServiceSpeeds = map[string]float64{
	"alley": 5, "parking": 5, "parking_aisle": 5, "driveway": 5, "drive-through": 5, "drive-thru": 5,
}

var carSurfaceSpeeds = map[string]float64{
	"cement": 80, "compacted": 80, "fine_gravel": 80,
	"paving_stones": 60, "metal": 60, "bricks": 60,
	"grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40, "unpaved": 40,
	"ground": 40, "dirt": 40, "pebblestone": 40, "tartan": 40,
	"cobblestone": 30, "clay": 30,
	"earth": 20, "stone": 20, "rocky": 20, "sand": 20,
	"mud": 10,
}

var carTracktypeSpeeds = map[string]float64{"grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20}

var carSmoothnessSpeeds = map[string]float64{
	"intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5,
}

var footSurfaceSpeeds = map[string]float64{
	"fine_gravel": 4, "gravel": 4, "pebblestone": 4, "mud": 2.5, "sand": 2.5,
}

// maxspeedCap bounds a tagged maxspeed to this factor of the class speed, so
// a wrong tag (maxspeed=500 on a residential street) cannot make a
// shortcut of it. It is generous: rural Swiss unclassified roads are
// legitimately tagged 80 (64 km/h against the class 25).
const maxspeedCap = 3.0

// walkingSpeed is the pedestrian speed in km/h.
const walkingSpeed = 5.0

var footWays = map[string]bool{
	"footway": true, "path": true, "pedestrian": true, "steps": true, "track": true,
	"living_street": true, "residential": true, "service": true, "unclassified": true,
	"tertiary": true, "tertiary_link": true, "secondary": true, "secondary_link": true,
	"primary": true, "primary_link": true, "platform": true, "pier": true,
}

// maxspeed zone values (lowercase) from car.lua; 0 means "no limit known".
var maxspeedTable = map[string]float64{
	"at:rural": 100, "at:trunk": 100, "be:motorway": 120, "be-bru:rural": 70, "be-bru:urban": 30,
	"be-vlg:rural": 70, "by:urban": 60, "by:motorway": 110, "ch:rural": 80, "ch:trunk": 100,
	"ch:motorway": 120, "cz:trunk": 0, "cz:motorway": 0, "de:living_street": 7, "de:rural": 100,
	"de:motorway": 0, "dk:rural": 80, "fr:rural": 80, "gb:nsl_single": 60 * 1.609, "gb:nsl_dual": 70 * 1.609,
	"gb:motorway": 70 * 1.609, "nl:rural": 80, "nl:trunk": 100, "no:rural": 80, "no:motorway": 110,
	"pl:rural": 100, "ro:trunk": 100, "ru:living_street": 20, "ru:urban": 60, "ru:motorway": 110,
	"uk:nsl_single": 60 * 1.609, "uk:nsl_dual": 70 * 1.609, "uk:motorway": 70 * 1.609,
	"za:urban": 60, "za:rural": 100, "none": 140,
}

var maxspeedDefault = map[string]float64{"urban": 50, "rural": 90, "trunk": 110, "motorway": 130}

// parseMaxspeed returns a maxspeed value in km/h (0 when unknown).
func parseMaxspeed(v string) float64 {
	v = strings.TrimSpace(strings.ToLower(v))
	if v == "" {
		return 0
	}
	mph := false
	num := v
	switch {
	case strings.HasSuffix(v, "mph"):
		mph, num = true, strings.TrimSpace(strings.TrimSuffix(v, "mph"))
	case strings.HasSuffix(v, "km/h"):
		num = strings.TrimSpace(strings.TrimSuffix(v, "km/h"))
	case strings.HasSuffix(v, "kmh"):
		num = strings.TrimSpace(strings.TrimSuffix(v, "kmh"))
	case strings.HasSuffix(v, "kph"):
		num = strings.TrimSpace(strings.TrimSuffix(v, "kph"))
	}
	if f, err := strconv.ParseFloat(num, 64); err == nil {
		if f <= 0 || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0
		}
		if mph {
			return f * 1.609344
		}
		return f
	}
	if s, ok := maxspeedTable[v]; ok {
		return s
	}
	if i := strings.IndexByte(v, ':'); i > 0 {
		return maxspeedDefault[v[i+1:]]
	}
	return 0
}

// accessOf returns the most specific access value of tags along hierarchy.
func accessOf(tags osm.Tags, hierarchy []string) string {
	for _, k := range hierarchy {
		if v := tags.Find(k); v != "" {
			return v
		}
	}
	return ""
}

// carAccessHierarchy: the vehicle keys, most specific first, then access.
var carAccessHierarchy = []string{"motorcar", "motor_vehicle", "vehicle", "access"}
var footAccessHierarchy = []string{"foot", "access"}

// Access values (car.lua's and foot.lua's lists). Driving: a value of
// carAccessBlacklist closes a way's direction; the restricted values
// (private, delivery, destination, customers, permit, residents,
// unknown) and hov=designated stay open to a route's ends only, as OSRM's
// penalty on entering them from an open road keeps them (carRestricted;
// the penalty is in the routing weight only, so durations stay true:
// route/restricted.go): a route passes through private land only where
// there is no other way. A private service road is no route's end
// (carNoEnds). Walking blocks no, private, agricultural, forestry,
// delivery.
var carAccessBlacklist = map[string]bool{
	"no": true, "agricultural": true, "forestry": true, "emergency": true, "psv": true, "taxi": true,
	"share_taxi": true, "minibus": true, "bus": true, "foot": true, "emergency_vehicle": true,
	"restricted": true, "military": true, "official": true,
}

// carAccessRestricted are OSRM's restricted values: usable at a route's
// ends, not passed through (route.NetWay.RestrictedForward).
var carAccessRestricted = map[string]bool{
	"private": true, "delivery": true, "destination": true, "customers": true,
	"permit": true, "residents": true, "unknown": true,
}
var carAccessWhitelist = map[string]bool{
	"yes": true, "motorcar": true, "motor_vehicle": true, "vehicle": true,
	"permissive": true, "designated": true, "hov": true,
}
var footAccessBlacklist = map[string]bool{
	"no": true, "private": true, "agricultural": true, "forestry": true, "delivery": true, "use_sidepath": true,
}
var accessWhitelist = map[string]bool{"yes": true, "permissive": true, "designated": true, "destination": true, "foot": true}

// carAccess returns a way's car access along and against its node order,
// as car.lua finds it: for each key of hierarchy, key:forward and
// key:backward before key, the first value found in each direction; a
// list of values ("agricultural;forestry") resolves to its most
// permissive entry (carAccessValue).
func carAccess(tags osm.Tags, hierarchy []string) (fwd, bwd string) {
	fwd, bwd = dirAccess(tags, hierarchy)
	return carAccessValue(fwd), carAccessValue(bwd)
}

// dirAccess returns a way's access along and against its node order: for
// each key of hierarchy, key:forward and key:backward before key, the
// first value found in each direction (lib/tags.lua's
// get_forward_backward_by_set).
func dirAccess(tags osm.Tags, hierarchy []string) (fwd, bwd string) {
	for _, k := range hierarchy {
		if fwd == "" {
			fwd = tags.Find(k + ":forward")
		}
		if bwd == "" {
			bwd = tags.Find(k + ":backward")
		}
		if fwd == "" || bwd == "" {
			common := tags.Find(k)
			if fwd == "" {
				fwd = common
			}
			if bwd == "" {
				bwd = common
			}
		}
		if fwd != "" && bwd != "" {
			break
		}
	}
	return fwd, bwd
}

// carRestricted reports whether a way's directions are open to cars only
// for local traffic, as car.lua's restricted flags: a restricted access
// value (destination, permit, residents, unknown; private, delivery and
// customers close a way here), or hov=designated (car.lua avoids
// hov_lanes).
func carRestricted(tags osm.Tags) (fwd, bwd bool) {
	fa, ba := carAccess(tags, carAccessHierarchy)
	hov := tags.Find("hov") == "designated"
	return hov || carAccessRestricted[fa], hov || carAccessRestricted[ba]
}

// carNoEnds reports whether routes may not start or end on a way, as
// car.lua's startpoint handler: a service road whose access (forward) is
// private (service_access_tag_blacklist).
func carNoEnds(tags osm.Tags) bool {
	fa, _ := carAccess(tags, carAccessHierarchy)
	return tags.Find("highway") == "service" && fa == "private"
}

// carAccessValue resolves a ;-separated access value to its entry of the
// highest class: whitelisted, then restricted, then blacklisted, then any
// other (lib/access.lua's resolve_access).
func carAccessValue(v string) string {
	return resolveAccess(v, func(part string) int {
		switch {
		case carAccessWhitelist[part]:
			return 3
		case carAccessRestricted[part]:
			return 2
		case carAccessBlacklist[part]:
			return 1
		}
		return 0
	})
}

// resolveAccess resolves a ;-separated access value to its entry of the
// highest class (the first of equals; lib/access.lua's resolve_access).
func resolveAccess(v string, class func(string) int) string {
	if !strings.Contains(v, ";") {
		return v
	}
	best, bestClass := v, -1
	for _, part := range strings.Split(v, ";") {
		part = strings.TrimSpace(part)
		if c := class(part); c > bestClass {
			best, bestClass = part, c
		}
	}
	return best
}

var carBarrierWhitelist = map[string]bool{
	"cattle_grid": true, "border_control": true, "toll_booth": true, "sally_port": true, "gate": true,
	"lift_gate": true, "no": true, "entrance": true, "height_restrictor": true, "arch": true,
}
var footBarrierBlacklist = map[string]bool{"yes": true, "wall": true, "fence": true}

// blocks reports whether a tagged node cannot be passed in profile p.
func blocks(p route.Profile, n *extract.Node) bool {
	tags := n.Tags
	if p == route.Cycling {
		return bikeBlocks(tags)
	}
	if p == route.Driving {
		if a := carAccessValue(accessOf(tags, carAccessHierarchy)); a != "" {
			if carAccessBlacklist[a] && !carAccessRestricted[a] {
				return true
			}
			if carAccessWhitelist[a] || carAccessRestricted[a] || accessWhitelist[a] {
				return false
			}
		}
		b := tags.Find("barrier")
		return b != "" && !carBarrierWhitelist[b] && !passableBarrier(tags, b) || b == "height_restrictor" && tooLow(tags.Find("maxheight"))
	}
	if a := accessOf(tags, footAccessHierarchy); a != "" {
		if footAccessBlacklist[a] {
			return true
		}
		if accessWhitelist[a] {
			return false
		}
	}
	b := tags.Find("barrier")
	return footBarrierBlacklist[b] && !passableBarrier(tags, b)
}

// passableBarrier reports the barriers car.lua lets through whatever their
// type: a rising bollard, a lowered or flush kerb, a kerb tagged as a
// crossing, a virtual (audible) livestock fence.
func passableBarrier(tags osm.Tags, barrier string) bool {
	switch barrier {
	case "bollard":
		return tags.Find("bollard") == "rising"
	case "kerb":
		k := tags.Find("kerb")
		return k == "lowered" || k == "flush" || tags.Find("highway") == "crossing"
	case "fence":
		s := tags.Find("sensory")
		return s == "audible" || s == "audio"
	}
	return false
}

var classOf = map[string]route.Class{
	"motorway": route.ClassMotorway, "motorway_link": route.ClassMotorwayLink,
	"trunk": route.ClassTrunk, "trunk_link": route.ClassTrunkLink,
	"primary": route.ClassPrimary, "primary_link": route.ClassPrimaryLink,
	"secondary": route.ClassSecondary, "secondary_link": route.ClassSecondaryLink,
	"tertiary": route.ClassTertiary, "tertiary_link": route.ClassTertiaryLink,
	"unclassified": route.ClassUnclassified, "residential": route.ClassResidential,
	"living_street": route.ClassLivingStreet, "service": route.ClassService,
	"track": route.ClassTrack, "path": route.ClassPath, "footway": route.ClassFootway,
	"pedestrian": route.ClassPedestrian, "steps": route.ClassSteps,
}

// wayProfile decides whether w is routable in profile p and at which
// speeds (km/h) along and against its node order; 0 closes a direction.
// length is the way's length in meters (for ferry durations).
func wayProfile(p route.Profile, tags osm.Tags, length float64) (fwd, bwd float64, class route.Class, ferry bool) {
	if p == route.Cycling {
		r := bikeWay(tags, length)
		return r.fwd, r.bwd, r.class, r.ferry
	}
	hw := tags.Find("highway")
	if tags.Find("area") == "yes" && p == route.Driving {
		// car.lua avoids areas; foot.lua walks an area's outline (a
		// square, a pedestrian zone, a parking lot) like any way
		return 0, 0, 0, false
	}
	for _, k := range []string{"construction", "proposed"} {
		if hw == k {
			return 0, 0, 0, false
		}
	}
	if tags.Find("impassable") == "yes" || tags.Find("status") == "impassable" || tags.Find("smoothness") == "impassable" {
		return 0, 0, 0, false
	}
	// a shuttle train carries cars as a ferry does (car.lua's route_speeds)
	rt := tags.Find("route")
	isFerry := rt == "ferry" || rt == "shuttle_train" && p == route.Driving
	class = classOf[hw]
	if p == route.Driving {
		return carWay(tags, hw, class, isFerry, length)
	}
	return footWay(tags, hw, class, isFerry, length)
}

func carWay(tags osm.Tags, hw string, class route.Class, isFerry bool, length float64) (fwd, bwd float64, cl route.Class, ferry bool) {
	base, ok := carSpeeds[hw]
	if isFerry {
		// a ferry keeps the class of its highway tag, if it has one (OSRM's
		// guidance classifies by it)
		ok, base = true, 5
		if class == route.ClassOther {
			class = route.ClassFerry
		}
		if tags.Find("route") == "shuttle_train" {
			base = 10
		}
	}
	fwdAccess, bwdAccess := carAccess(tags, carAccessHierarchy)
	fwdOpen, bwdOpen := !carAccessBlacklist[fwdAccess], !carAccessBlacklist[bwdAccess]
	if !ok {
		// Another highway value (not steps): open where a vehicle's
		// access tag allows cars, at the default speed, as car.lua's
		// speed handler; a restricted value (destination…) only counts on
		// a road. Unlike car.lua, a plain access=yes does not open a path
		// or footway to cars: on those it speaks of who may walk or ride.
		fwdAccess, bwdAccess = carAccess(tags, carAccessHierarchy[:3])
		if hw == "" || hw == "steps" || (fwdAccess == "" && bwdAccess == "") {
			return
		}
		base, ok = carDefaultSpeed, true
		fwdOpen = fwdOpen && fwdAccess != "" && !carAccessRestricted[fwdAccess]
		bwdOpen = bwdOpen && bwdAccess != "" && !carAccessRestricted[bwdAccess]
	}
	if !fwdOpen && !bwdOpen {
		return
	}
	if c := tags.Find("construction"); c != "" && c != "no" && c != "widening" && c != "minor" {
		return // under construction (car.lua's construction whitelist)
	}
	if tooSmall(tags) {
		return
	}
	if tags.Find("service") == "emergency_access" {
		return
	}
	if s, ok := carServiceSpeeds[tags.Find("service")]; ok && hw == "service" {
		base = s
	}
	speed := func(dirKey string) float64 {
		s := base
		if isFerry {
			if d := parseDuration(tags.Find("duration")); d > 0 && length > 0 {
				return math.Max(1, length/d*3.6)
			}
			return s
		}
		ms := 0.0
		for _, k := range []string{"maxspeed:advisory", dirKey, "maxspeed", "source:maxspeed", "maxspeed:type"} {
			if k == "" {
				continue
			}
			if v := parseMaxspeed(tags.Find(k)); v > 0 {
				ms = v
				break
			}
		}
		if ms > 0 {
			s = math.Min(ms*0.8, base*maxspeedCap)
		}
		if v, ok := carSurfaceSpeeds[tags.Find("surface")]; ok {
			s = math.Min(s, v)
		}
		if v, ok := carTracktypeSpeeds[tags.Find("tracktype")]; ok {
			s = math.Min(s, v)
		}
		if v, ok := carSmoothnessSpeeds[tags.Find("smoothness")]; ok {
			s = math.Min(s, v)
		}
		return s
	}
	fwd, bwd = speed("maxspeed:forward"), speed("maxspeed:backward")
	if !fwdOpen {
		fwd = 0
	}
	if !bwdOpen {
		bwd = 0
	}
	oneway := ""
	for _, k := range []string{"oneway:motorcar", "oneway:motor_vehicle", "oneway:vehicle", "oneway"} {
		if v := tags.Find(k); v != "" {
			oneway = v
			break
		}
	}
	junction := tags.Find("junction")
	switch oneway {
	case "yes", "1", "true":
		bwd = 0
	case "-1", "reverse":
		fwd = 0
	case "reversible":
		return 0, 0, class, false // direction changes with the time of day
	case "no", "0", "false":
	default: // none, or alternating: one direction at a time (a single lane with lights)
		if hw == "motorway" || junction == "roundabout" || junction == "circular" {
			bwd = 0
		}
	}
	return fwd, bwd, class, isFerry
}

func footWay(tags osm.Tags, hw string, class route.Class, isFerry bool, length float64) (fwd, bwd float64, cl route.Class, ferry bool) {
	fa, ba := dirAccess(tags, footAccessHierarchy)
	if footAccessBlacklist[fa] && footAccessBlacklist[ba] {
		return
	}
	if tags.Find("foot") == "" && separateSidewalk(tags) {
		return // pedestrians walk the sidewalk mapped beside it (foot.lua)
	}
	if tags.Find("motorroad") == "yes" {
		return // motor vehicles only
	}
	walkable := footWays[hw] || tags.Find("railway") == "platform" || tags.Find("public_transport") == "platform" ||
		tags.Find("man_made") == "pier" || footAmenities[tags.Find("amenity")]
	if isFerry {
		walkable = true
		if class == route.ClassOther {
			class = route.ClassFerry
		}
	}
	// per direction: not blacklisted, and a way for walkers or one with
	// explicit foot or general access (trunk, motorway, cycleway,
	// bridleway…)
	fwdOK := !footAccessBlacklist[fa] && (walkable || hw != "" && accessWhitelist[fa])
	bwdOK := !footAccessBlacklist[ba] && (walkable || hw != "" && accessWhitelist[ba])
	if !fwdOK && !bwdOK {
		return
	}
	s := walkingSpeed
	if isFerry {
		if d := parseDuration(tags.Find("duration")); d > 0 && length > 0 {
			s = math.Max(1, length/d*3.6)
		}
	} else if v, ok := footSurfaceSpeeds[tags.Find("surface")]; ok {
		s = v
	}
	if class == route.ClassOther {
		class = route.ClassFootway
	}
	fwd, bwd = s, s
	if !fwdOK {
		fwd = 0
	}
	if !bwdOK {
		bwd = 0
	}
	switch tags.Find("oneway:foot") {
	case "yes", "1", "true":
		bwd = 0
	case "-1":
		fwd = 0
	}
	return fwd, bwd, class, isFerry
}

// separateSidewalk reports a road whose sidewalk is mapped as a way of its
// own (sidewalk, sidewalk:both, :left or :right = separate).
func separateSidewalk(tags osm.Tags) bool {
	for _, k := range []string{"sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"} {
		if tags.Find(k) == "separate" {
			return true
		}
	}
	return false
}
