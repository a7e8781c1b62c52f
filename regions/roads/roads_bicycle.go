package roads

import (
	"math"

	"github.com/paulmach/osm"

	"waymark/engine/route"
)

// The cycling profile follows OSRM's bicycle.lua (checked against its
// features/bicycle scenarios, testdata/osrm/bicycle_*.feature):
//
//	speeds (km/h): 15 on cycleways and every road from primary down to
//	service and living streets, track 12, path 13; a way of another
//	highway value 15 where bicycle/vehicle/access says yes, permissive or
//	designated; parking lots 10; platforms and piers 4; ferries 5 unless a
//	duration is tagged; movable bridges 5; a railway a bike may ride on
//	(bicycle=yes…) 10, as a train. Surfaces cap the speed (gravel 6,
//	cobblestone 7, sett 9, mud and sand 3…), so does a lower maxspeed, and
//	21 km/h caps everything.
//	access: bicycle, vehicle, access (with :forward/:backward); no,
//	private, agricultural, forestry, delivery and use_sidepath close a
//	direction; a road whose cycleway is mapped separately
//	(cycleway[:both|:left|:right]=separate) is left to it unless
//	bicycle=yes/permissive/designated/destination. Motorways and trunk
//	roads have no bicycle speed: closed unless tagged open.
//	oneway: oneway:bicycle first, then oneway and the implied ones
//	(roundabouts, motorways); cycleway=opposite*, cycleway:left/right
//	lanes and tracks open the way against the traffic (contraflow).
//	pushing: where riding is not allowed but walking is (footways,
//	pedestrian streets, steps at 2 km/h, piers, against a oneway street,
//	bicycle=dismount, foot=yes) the bike is pushed at 4 km/h, mode
//	"pushing bike" (route.NetWay.PushForward); foot=no forbids it.
//
// Differences from bicycle.lua: its mode-change penalty (30 s of weight
// when leaving the saddle) and its cyclability weight (off by default) are
// not modelled; the width and cargo-bike options (off by default) are
// not either.

// Bicycle speeds (bicycle.lua's tables).
const (
	bikeSpeed        = 15.0
	bikePushSpeed    = 4.0
	bikeMaxSpeed     = 21.0
	bikeTrainSpeed   = 10.0
	bikeFerrySpeed   = 5.0
	bikeBridgeSpeed  = 5.0
	bikeParkingSpeed = 10.0
)

var bikeSpeeds = map[string]float64{
	"cycleway": bikeSpeed, "primary": bikeSpeed, "primary_link": bikeSpeed,
	"secondary": bikeSpeed, "secondary_link": bikeSpeed, "tertiary": bikeSpeed,
	"tertiary_link": bikeSpeed, "residential": bikeSpeed, "unclassified": bikeSpeed,
	"living_street": bikeSpeed, "service": bikeSpeed, "track": 12, "path": 13,
}

// bikePedestrianSpeeds: where a bike is pushed (pedestrian_speeds).
var bikePedestrianSpeeds = map[string]float64{"footway": bikePushSpeed, "pedestrian": bikePushSpeed, "steps": 2}

var bikeRailways = map[string]bool{"train": true, "railway": true, "subway": true, "light_rail": true, "monorail": true, "tram": true}

var bikeSurfaceSpeeds = map[string]float64{
	"asphalt": bikeSpeed, "chipseal": bikeSpeed, "concrete": bikeSpeed, "concrete_lanes": bikeSpeed,
	"wood": 10, "metal": 10, "cobblestone:flattened": 10, "paving_stones": 10, "compacted": 10,
	"cobblestone": 7, "unpaved": 6, "fine_gravel": 10, "gravel": 6, "pebblestone": 6,
	"grass_paver": 6, "ground": 10, "dirt": 8, "earth": 6, "laterite": 5, "grass": 6,
	"mud": 3, "sand": 3, "woodchips": 3, "sett": 9,
}

var bikeAccessHierarchy = []string{"bicycle", "vehicle", "access"}

var bikeAccessBlacklist = map[string]bool{
	"no": true, "private": true, "agricultural": true, "forestry": true, "delivery": true, "use_sidepath": true,
}
var bikeAccessWhitelist = map[string]bool{"yes": true, "permissive": true, "designated": true}

var bikeCyclewayTags = map[string]bool{"track": true, "lane": true, "share_busway": true, "sharrow": true, "shared": true, "shared_lane": true}
var bikeOppositeCyclewayTags = map[string]bool{"opposite": true, "opposite_lane": true, "opposite_track": true}

// bikeMode is how one direction of a way is travelled.
type bikeMode uint8

const (
	bikeClosed bikeMode = iota
	bikeRiding
	bikePushing
	bikeFerry
	bikeTrain
)

// bikeDir is one direction's mode and speed (km/h; -1: none set, as
// bicycle.lua's default).
type bikeDir struct {
	mode  bikeMode
	speed float64
}

// bikeResult is bikeWay's answer: per direction the speed and whether
// the bike is pushed.
type bikeResult struct {
	fwd, bwd     float64
	class        route.Class
	ferry        bool
	pushF, pushB bool
	train        bool
}

// bikeAccessValue resolves a ;-separated list to its most permissive
// entry (lib/access.lua's resolve_access with bicycle.lua's lists).
func bikeAccessValue(v string) string {
	return resolveAccess(v, func(part string) int {
		switch {
		case bikeAccessWhitelist[part]:
			return 2
		case bikeAccessBlacklist[part]:
			return 0
		}
		return 1
	})
}

func yesValue(v string) bool { return v == "yes" || v == "1" || v == "true" }
func noValue(v string) bool  { return v == "no" || v == "0" || v == "false" }

// bikeWay applies bicycle.lua's way rules (process_way: blocked ways,
// bicycle tags, separate cycleways, surface, speed cap) to a way's tags.
// length is the way's length in meters (for ferry durations).
func bikeWay(tags osm.Tags, length float64) (r bikeResult) {
	hw := tags.Find("highway")
	if hw == "construction" || hw == "proposed" || tags.Find("railway") == "construction" {
		return
	}
	if c := tags.Find("construction"); c != "" && c != "no" && c != "widening" && c != "minor" {
		return
	}
	if tags.Find("impassable") == "yes" || tags.Find("status") == "impassable" || tags.Find("motorroad") == "yes" {
		return
	}
	if tags.Find("proposed") != "" && hw == "" {
		return
	}
	route_, manMade, railway := tags.Find("route"), tags.Find("man_made"), tags.Find("railway")
	amenity, pt, bridge := tags.Find("amenity"), tags.Find("public_transport"), tags.Find("bridge")
	if hw == "" && route_ == "" && railway == "" && amenity == "" && manMade == "" && pt == "" && bridge == "" {
		return
	}
	access := bikeAccessValue(accessOf(tags, bikeAccessHierarchy))
	fa, ba := dirAccess(tags, bikeAccessHierarchy)
	fa, ba = bikeAccessValue(fa), bikeAccessValue(ba)
	if bikeAccessBlacklist[access] || fa != "" && ba != "" && bikeAccessBlacklist[fa] && bikeAccessBlacklist[ba] {
		return
	}
	f, b := bikeDir{bikeRiding, -1}, bikeDir{bikeRiding, -1}
	duration := 0.0
	set := func(m bikeMode, s float64) { f, b = bikeDir{m, s}, bikeDir{m, s} }
	// speed_handler
	pushable := false
	switch {
	case bridge == "movable":
		hw = bridge
		if d := parseDuration(tags.Find("duration")); d > 0 {
			duration = math.Max(d, 1)
		}
		set(bikeRiding, bikeBridgeSpeed)
		pushable = true
	case route_ == "ferry":
		set(bikeFerry, bikeFerrySpeed)
		if d := parseDuration(tags.Find("duration")); d > 0 {
			duration = math.Max(d, 1)
		}
	case railway == "platform" || pt == "platform":
		set(bikeRiding, bikePushSpeed)
		pushable = true
	case bikeRailways[railway] && bikeAccessWhitelist[access]:
		set(bikeTrain, bikeTrainSpeed)
	case amenity == "parking" || amenity == "parking_entrance":
		set(bikeRiding, bikeParkingSpeed)
		pushable = true
	case bikeSpeeds[hw] > 0:
		set(bikeRiding, bikeSpeeds[hw])
		pushable = true
	case bikeAccessWhitelist[access]:
		set(bikeRiding, bikeSpeed)
		pushable = true
	}
	// oneway_handler
	junction := tags.Find("junction")
	implied := junction == "roundabout" || junction == "circular" || hw == "motorway"
	reverse := false
	ob, ow := tags.Find("oneway:bicycle"), tags.Find("oneway")
	switch {
	case yesValue(ob):
		b.mode = bikeClosed
	case noValue(ob):
	case ob == "-1":
		f.mode, reverse = bikeClosed, true
	case yesValue(ow):
		b.mode = bikeClosed
	case noValue(ow):
	case ow == "-1":
		f.mode, reverse = bikeClosed, true
	case implied:
		b.mode = bikeClosed
	}
	// cycleway_handler
	cw := tags.Find("cycleway")
	if cw == "" {
		cw = tags.Find("cycleway:both")
	}
	cl, cr := tags.Find("cycleway:left"), tags.Find("cycleway:right")
	var cwF, cwB bool
	if f.mode != bikeClosed && b.mode != bikeClosed && !implied {
		cwF = bikeCyclewayTags[cw] || bikeCyclewayTags[cr] || bikeOppositeCyclewayTags[cl]
		cwB = bikeCyclewayTags[cw] || bikeCyclewayTags[cl] || bikeOppositeCyclewayTags[cr]
	} else {
		twoway := bikeOppositeCyclewayTags[cw] || bikeOppositeCyclewayTags[cr] || bikeOppositeCyclewayTags[cl]
		opposite := bikeOppositeCyclewayTags[cl] || bikeOppositeCyclewayTags[cr]
		oneway := bikeCyclewayTags[cw] || bikeCyclewayTags[cr] || bikeCyclewayTags[cl]
		switch {
		case twoway:
			cwF, cwB = true, true
		case opposite:
			cwB, cwF = !reverse, reverse
		case oneway:
			cwF, cwB = !reverse, reverse
		}
	}
	if cwB {
		b = bikeDir{bikeRiding, bikeSpeed}
	}
	if cwF {
		f = bikeDir{bikeRiding, bikeSpeed}
	}
	// bike_push_handler
	foot := tags.Find("foot")
	if (f.mode == bikeClosed || b.mode == bikeClosed || f.speed == -1 || b.speed == -1) && foot != "no" {
		pf, pb := -1.0, -1.0
		switch {
		case bikePedestrianSpeeds[hw] > 0:
			pf, pb = bikePedestrianSpeeds[hw], bikePedestrianSpeeds[hw]
		case manMade == "pier":
			pf, pb = bikePushSpeed, bikePushSpeed
		case foot != "yes" && tags.Find("foot:forward") == "yes":
			pf = bikePushSpeed
		case foot != "yes" && tags.Find("foot:backward") == "yes":
			pb = bikePushSpeed
		case foot == "yes" || pushable:
			pf = bikePushSpeed
			if !implied {
				pb = bikePushSpeed
			}
		}
		if pf > 0 && (f.mode == bikeClosed || f.speed == -1) {
			f = bikeDir{bikePushing, pf}
		}
		if pb > 0 && (b.mode == bikeClosed || b.speed == -1) {
			b = bikeDir{bikePushing, pb}
		}
	}
	if tags.Find("bicycle") == "dismount" {
		f, b = bikeDir{bikePushing, bikePushSpeed}, bikeDir{bikePushing, bikePushSpeed}
	}
	// maxspeed limit
	limit := func(d *bikeDir, key string) {
		m := parseMaxspeed(tags.Find(key))
		if m <= 0 {
			m = parseMaxspeed(tags.Find("maxspeed"))
		}
		if m > 0 && d.speed > 0 {
			d.speed = math.Min(d.speed, m)
		}
	}
	limit(&f, "maxspeed:forward")
	limit(&b, "maxspeed:backward")
	for _, d := range []*bikeDir{&f, &b} {
		if d.speed <= 0 && duration <= 0 {
			d.mode = bikeClosed
		}
	}
	if bikeAccessBlacklist[fa] {
		f = bikeDir{}
	}
	if bikeAccessBlacklist[ba] {
		b = bikeDir{}
	}
	// handle_cycleway_separate
	if cw == "separate" || tags.Find("cycleway:both") == "separate" || cl == "separate" || cr == "separate" {
		switch tags.Find("bicycle") {
		case "yes", "permissive", "designated", "destination":
		default:
			return bikeResult{}
		}
	}
	// surface, vehicle_speed_cap
	if s, ok := bikeSurfaceSpeeds[tags.Find("surface")]; ok {
		f.speed, b.speed = math.Min(f.speed, s), math.Min(b.speed, s)
	}
	f.speed, b.speed = math.Min(f.speed, bikeMaxSpeed), math.Min(b.speed, bikeMaxSpeed)
	if f.mode == bikeClosed && b.mode == bikeClosed {
		return bikeResult{}
	}
	// a tagged duration sets the speed from the way's length
	if duration > 0 && length > 0 {
		s := math.Max(1, length/duration*3.6)
		for _, d := range []*bikeDir{&f, &b} {
			if d.mode != bikeClosed {
				d.speed = s
			}
		}
	}
	r.class = classOf[hw]
	switch {
	case f.mode == bikeFerry || b.mode == bikeFerry:
		r.class, r.ferry = route.ClassFerry, true
	case f.mode == bikeTrain || b.mode == bikeTrain:
		r.class, r.train = route.ClassTrain, true
	case hw == "cycleway":
		r.class = route.ClassCycleway
	case r.class == route.ClassOther:
		r.class = route.ClassPath
	}
	if f.mode != bikeClosed && f.speed > 0 {
		r.fwd, r.pushF = f.speed, f.mode == bikePushing
	}
	if b.mode != bikeClosed && b.speed > 0 {
		r.bwd, r.pushB = b.speed, b.mode == bikePushing
	}
	return r
}

// bikeBlocks reports whether a tagged node stops a bike (bicycle.lua's
// process_node): a blacklisted access value (except on a crossing), else
// a wall, fence (not an audible one) or barrier=yes.
func bikeBlocks(tags osm.Tags) bool {
	if a := accessOf(tags, bikeAccessHierarchy); a != "" {
		return bikeAccessBlacklist[a] && tags.Find("highway") != "crossing"
	}
	b := tags.Find("barrier")
	return footBarrierBlacklist[b] && !(b == "fence" && passableBarrier(tags, b))
}
