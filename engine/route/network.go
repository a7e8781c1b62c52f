package route

import (
	"strings"

	"github.com/paulmach/orb"
)

// Class is a road class, as far as routing and guidance need it.
type Class uint8

// Road classes.
const (
	ClassOther Class = iota
	ClassMotorway
	ClassMotorwayLink
	ClassTrunk
	ClassTrunkLink
	ClassPrimary
	ClassPrimaryLink
	ClassSecondary
	ClassSecondaryLink
	ClassTertiary
	ClassTertiaryLink
	ClassUnclassified
	ClassResidential
	ClassLivingStreet
	ClassService
	ClassTrack
	ClassPath
	ClassFootway
	ClassPedestrian
	ClassSteps
	ClassFerry
	ClassCycleway
	// ClassTrain: a railway a bike is carried on (bicycle.lua's train
	// mode) or a car shuttle train (a ferry to car.lua, not one to
	// exclude=ferry)
	ClassTrain
)

// IsLink reports whether c is a *_link ramp class.
func (c Class) IsLink() bool {
	return c == ClassMotorwayLink || c == ClassTrunkLink || c == ClassPrimaryLink ||
		c == ClassSecondaryLink || c == ClassTertiaryLink
}

// IsHighway reports whether c is a motorway or trunk (where ramps lead).
func (c Class) IsHighway() bool { return c == ClassMotorway || c == ClassTrunk }

// importance ranks classes for leg summaries and forks (higher is more important).
func (c Class) importance() int {
	switch c {
	case ClassMotorway:
		return 10
	case ClassTrunk:
		return 9
	case ClassPrimary:
		return 8
	case ClassSecondary:
		return 7
	case ClassTertiary:
		return 6
	case ClassMotorwayLink, ClassTrunkLink, ClassPrimaryLink, ClassSecondaryLink, ClassTertiaryLink:
		return 5
	case ClassUnclassified, ClassResidential:
		return 4
	case ClassLivingStreet, ClassService:
		return 3
	}
	return 2
}

// Network is one profile's routable network as the importer extracts it
// from OpenStreetMap; Build turns it into a Graph. The importer (regions)
// owns every tag decision; this package only sees speeds and flags.
type Network struct {
	Profile Profile
	// Ways are the routable ways, in the order they were added (AddWay).
	// A network told to (SpillTo) writes them to a file as they are
	// added and reads them mapped, read-only, once Finish has been
	// called: until then Ways is empty.
	Ways []NetWay
	// WayNodes holds the OSM node ids of the ways, a list a way in the
	// order of Ways (AddWay adds both): packed, so that the network does
	// not hold a []int64 a way (LI ×16d walking: ~3 bytes a reference
	// where they took ~7, and 24 bytes a way of slice header).
	WayNodes NodeLists
	// Barriers holds the OSM ids of nodes that cannot be passed (only a
	// u-turn is possible there).
	Barriers map[int64]bool
	// Signals holds the OSM ids of nodes with traffic signals.
	Signals map[int64]bool
	// TurningPlaces holds the OSM ids of nodes where a u-turn is allowed
	// though other roads go on (turning circles and loops, mini
	// roundabouts: OSRM's Obstacle::Type::Turning). Elsewhere a u-turn is
	// allowed only where nothing else is. Unlike OSRM's, a turning place
	// inside a single way does not split it: a u-turn there needs a
	// junction (most are one: mini roundabouts where roads meet, turning
	// circles at dead ends), and a junction more changes the hierarchy
	// for little (in LI it cost the golden route its alternative).
	TurningPlaces map[int64]bool
	// Restrictions are turn restrictions (driving only).
	Restrictions []Restriction
	// Maneuvers are the maneuvers mapped as type=maneuver relations: the
	// instruction a turn is to be given whatever guidance makes of it.
	Maneuvers []ManeuverRelation
	// WayPoints, when not nil, returns the coordinates of the nodes of
	// way i: an importer reads them from its own store as the graph is
	// built, so that the network never holds every way's (16 bytes a
	// node: on LI ×64 ~55 MB of the roads stage's peak). Without it the
	// coordinates are those given to AddWay.
	WayPoints func(i int) []orb.Point
	// points are AddWay's coordinates by way (nil: none given).
	points [][]orb.Point
	// strs holds the ways' names, refs and destinations, each once
	// (Intern); strIdx finds them while ways are added.
	strs   []string
	strIdx map[string]Str
	// guides holds the ways' guidance tags, each once (AddGuidance; 0 is
	// none); guideIdx finds them while ways are added.
	guides   []WayGuidance
	guideIdx map[WayGuidance]uint32
	// ways, when not nil, takes the ways as they are added (SpillTo):
	// wayBuf holds those not yet written, nWays counts them all.
	ways   *waysFile
	wayBuf []NetWay
	nWays  int
}

// Str is the number of one of a network's strings (Network.Intern); 0
// is "". A NetWay holds three, 12 bytes where three strings took 48:
// 40 bytes a way less with the fields packed (LI ×400 walking, 3.0 M
// ways: ~120 MB of the roads stage's peak).
type Str uint32

// Intern returns the number of s in the network's strings, adding a
// copy of it the first time (an importer's s may share its allocation
// with every tag value of its way).
func (net *Network) Intern(s string) Str {
	if s == "" {
		return 0
	}
	if i, ok := net.strIdx[s]; ok {
		return i
	}
	if net.strIdx == nil {
		net.strs, net.strIdx = []string{""}, map[string]Str{}
	}
	i := Str(len(net.strs))
	s = strings.Clone(s)
	net.strs = append(net.strs, s)
	net.strIdx[s] = i
	return i
}

// Text returns the string numbered i (Intern).
func (net *Network) Text(i Str) string {
	if i == 0 {
		return ""
	}
	return net.strs[i]
}

// AddWay appends way w, its node ids and their coordinates (nil when
// WayPoints gives them).
func (net *Network) AddWay(w NetWay, nodes []int64, pts []orb.Point) {
	if pts != nil && net.points == nil {
		net.points = make([][]orb.Point, net.wayCount(), max(net.wayCount(), cap(net.Ways)))
	}
	if net.ways != nil {
		net.addToFile(w)
	} else {
		net.Ways = append(net.Ways, w)
	}
	net.WayNodes.Add(nodes)
	if net.points != nil {
		net.points = append(net.points, pts)
	}
}

// hasPoints reports whether way i, of n nodes, has a coordinate for
// every node (AddWay's), or WayPoints gives them.
func (net *Network) hasPoints(i, n int) bool {
	return net.WayPoints != nil || i < len(net.points) && len(net.points[i]) == n
}

// wayPoints returns the coordinates of way i's nodes.
func (net *Network) wayPoints(i int) []orb.Point {
	if net.WayPoints != nil {
		return net.WayPoints(i)
	}
	if i < len(net.points) {
		return net.points[i]
	}
	return nil
}

// NetWay is a routable way. It holds no pointers (its strings and
// guidance tags are numbers of the network's), so that an array of ways
// may be a file's mapping (Network.SpillTo): 56 bytes, 51 of fields.
type NetWay struct {
	ID int64
	// Forward and Backward are the speeds in km/h along and against the
	// node order; 0 closes that direction.
	Forward, Backward float64
	// Name, Ref and Destination (a one-way road's destination sign, "A
	// 1: Vaduz") are numbers of the network's strings (Network.Intern).
	Name, Ref, Destination Str
	// Guidance is the number of the way's rarer guidance tags in the
	// network's (Network.AddGuidance, Network.GuidanceOf), 0 when it has
	// none.
	Guidance uint32
	// Lanes is the number of lanes (0: not tagged).
	Lanes      uint8
	Class      Class
	Roundabout bool // junction=roundabout
	Circular   bool // junction=circular: a roundabout without its traffic rules
	Ferry      bool
	// PushForward and PushBackward mark a direction where a bike is
	// pushed, not ridden (bicycle.lua's pushing bike mode: its speed is
	// a walking one; steps say so).
	PushForward, PushBackward bool
	// RestrictedForward and RestrictedBackward mark a direction open only
	// to local traffic (OSRM's restricted: access=destination,
	// hov=designated...): a route enters it from an open road only at its
	// end or where there is no other way (restricted.go).
	RestrictedForward, RestrictedBackward bool
	// NoEnds keeps routes from starting or ending on the way (OSRM's
	// is_startpoint false: a private service road) unless the request
	// snaps to any road (SnapRequest.AnyComponent); ferries never are
	// ends either.
	NoEnds bool
}

// WayGuidance is what guidance reads of a way beyond its names: its
// junction:ref (Exits, exit numbers, "; "-separated), the turn:lanes of
// each direction as OSM writes them ("left|through;right") and whether it
// is a tunnel or a toll road.
type WayGuidance struct {
	Exits                               string
	TurnLanesForward, TurnLanesBackward string
	// Tunnel and Toll: tunnel and toll roads are classes of their own
	// to guidance, as to OSRM's car profile.
	Tunnel, Toll bool
}

// AddGuidance returns the number of g in the network's guidance tags,
// adding a copy of it (of its strings) the first time; 0 for a way with
// none (the zero WayGuidance). Ways with the same tags share a number.
func (net *Network) AddGuidance(g WayGuidance) uint32 {
	if g == (WayGuidance{}) {
		return 0
	}
	if i, ok := net.guideIdx[g]; ok {
		return i
	}
	if net.guideIdx == nil {
		net.guides, net.guideIdx = []WayGuidance{{}}, map[WayGuidance]uint32{}
	}
	g.Exits, g.TurnLanesForward, g.TurnLanesBackward = strings.Clone(g.Exits), strings.Clone(g.TurnLanesForward), strings.Clone(g.TurnLanesBackward)
	i := uint32(len(net.guides))
	net.guides = append(net.guides, g)
	net.guideIdx[g] = i
	return i
}

// GuidanceOf returns way w's guidance tags (NetWay.Guidance): the zero
// WayGuidance when it has none.
func (net *Network) GuidanceOf(w *NetWay) WayGuidance {
	if w.Guidance == 0 {
		return WayGuidance{}
	}
	return net.guides[w.Guidance]
}

// Restriction is a turn restriction: from way From over ViaNode (or along
// ViaWays, in order) into way To. Only turns an only_* restriction (every
// other continuation is forbidden); otherwise the turn itself is forbidden.
type Restriction struct {
	From    int64
	ViaNode int64
	ViaWays []int64
	To      int64
	Only    bool
}

// ManeuverRelation is a type=maneuver relation: from way From over
// ViaNode (and along ViaWays, in order) into way To, the step at ViaNode
// is given by its maneuver and direction tags (OSRM's maneuver
// overrides: maneuver turn, continue, fork, uturn or suppress; direction
// left, slight_left, sharp_right, straight...; an empty or unknown value
// keeps what guidance makes of it).
type ManeuverRelation struct {
	From                int64
	ViaNode             int64
	ViaWays             []int64
	To                  int64
	Maneuver, Direction string
}

type turnParams struct {
	turnPenalty, turnBias, uturn, signal float64
	sigmoid                              bool // car: angle-dependent turn cost at intersections
	// quadratic: bicycle.lua's cost of every turn, (angle/90)² times
	// turnPenalty, divided by turnBias to the right, times it to the left
	quadratic bool
}

func (p Profile) turnParams() turnParams {
	switch p {
	case Walking:
		return turnParams{uturn: 2, signal: 2}
	case Cycling:
		return turnParams{turnPenalty: 6, turnBias: 1.4, uturn: 20, signal: 2, quadratic: true}
	}
	return turnParams{turnPenalty: 7.5, turnBias: 1.075, uturn: 20, signal: 2, sigmoid: true}
}
