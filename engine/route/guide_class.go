package route

// Road classification as guidance weighs roads (OSRM's RoadClassification
// from profiles/lib/guidance.lua's set_classification), and the angles
// and factors guidance decides with (OSRM's guidance constants).

const (
	straightAngle         = 180.0
	orthogonalAngle       = 90.0
	maxNoTurnDeviation    = 3.0  // a turn this close to straight stays straight
	narrowTurnAngle       = 40.0 // roads closer than this are nearly indistinguishable
	groupAngle            = 60.0
	fuzzyAngleDifference  = 25.0 // straight enough, as the only narrow turn
	distinctionRatio      = 2.0
	priorityDistinction   = 1.75 // PRIORITY_DISTINCTION_FACTOR
	mergableAngle         = 95.0 // MERGABLE_ANGLE_DIFFERENCE
	maxRoundaboutRadius   = 15.0 // a named ring larger than this is a rotary
	maxRoundaboutIsection = 15.0 // MAX_ROUNDABOUT_INTERSECTION_RADIUS
	increasesByForty      = 1.4
	maxSliproadThreshold  = 250.0
)

// Road priorities (OSRM's RoadPriorityClass): lower is more important.
const (
	prioMotorway        uint8 = 0
	prioMotorwayLink    uint8 = 1
	prioTrunk           uint8 = 2
	prioTrunkLink       uint8 = 3
	prioPrimary         uint8 = 4
	prioPrimaryLink     uint8 = 5
	prioSecondary       uint8 = 6
	prioSecondaryLink   uint8 = 7
	prioTertiary        uint8 = 8
	prioTertiaryLink    uint8 = 9
	prioMainResidential uint8 = 10
	prioSideResidential uint8 = 11
	prioAlley           uint8 = 12
	prioParking         uint8 = 13
	prioLinkRoad        uint8 = 14
	prioUnclassified    uint8 = 15
	prioBikePath        uint8 = 16
	prioFootPath        uint8 = 18
	prioConnectivity    uint8 = 31
)

// roadClass is a road's classification for guidance.
type roadClass struct {
	motorway    bool  // motorway or trunk, ramps included (separate carriageways)
	link        bool  // a *_link
	lowPriority bool  // may be ignored: not a road for through traffic
	priority    uint8 // prio*
	lanes       uint8 // 0: not tagged
}

// classPriority maps our classes to OSRM's priorities (service roads of
// every kind are alleys, as guidance.lua).
var classPriority = [...]uint8{
	ClassOther: prioConnectivity, ClassMotorway: prioMotorway, ClassMotorwayLink: prioMotorwayLink,
	ClassTrunk: prioTrunk, ClassTrunkLink: prioTrunkLink, ClassPrimary: prioPrimary, ClassPrimaryLink: prioPrimaryLink,
	ClassSecondary: prioSecondary, ClassSecondaryLink: prioSecondaryLink, ClassTertiary: prioTertiary,
	ClassTertiaryLink: prioTertiaryLink, ClassUnclassified: prioUnclassified, ClassResidential: prioMainResidential,
	ClassLivingStreet: prioSideResidential, ClassService: prioAlley, ClassTrack: prioBikePath, ClassPath: prioBikePath,
	ClassFootway: prioFootPath, ClassPedestrian: prioFootPath, ClassSteps: prioFootPath, ClassFerry: prioConnectivity,
}

// classOfEdge returns edge e's classification.
func (g *Graph) classOfEdge(e uint32) roadClass {
	c := Class(g.eClass[e])
	rc := roadClass{lanes: g.edgeLanes(e), priority: prioConnectivity}
	if int(c) < len(classPriority) {
		rc.priority = classPriority[c]
	}
	switch c {
	case ClassMotorway, ClassMotorwayLink, ClassTrunk, ClassTrunkLink:
		rc.motorway = true
	}
	rc.link = c.IsLink()
	switch c {
	case ClassMotorway, ClassMotorwayLink, ClassTrunk, ClassTrunkLink, ClassPrimary, ClassPrimaryLink,
		ClassSecondary, ClassSecondaryLink, ClassTertiary, ClassTertiaryLink, ClassUnclassified,
		ClassResidential, ClassLivingStreet:
	default:
		rc.lowPriority = true
	}
	return rc
}

func (c roadClass) isMotorway() bool { return c.motorway && !c.link }
func (c roadClass) isRamp() bool     { return c.motorway && c.link }

// same reports whether two classifications are equal as OSRM compares
// them (lanes aside).
func (c roadClass) same(o roadClass) bool {
	return c.motorway == o.motorway && c.link == o.link && c.lowPriority == o.lowPriority && c.priority == o.priority
}

// roadGroups are the priorities' groups of similar roads (OSRM's
// getRoadGroup, whose table puts foot paths, priority 18, in the last
// group: kept).
var roadGroups = [32]uint8{0, 0, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}

func (c roadClass) group() uint8 { return roadGroups[c.priority&31] }

// strictlyLess reports whether c is a road of a lower general category
// than o (OSRM's strictlyLess).
func strictlyLess(c, o roadClass) bool {
	switch {
	case !c.lowPriority && o.lowPriority:
		return false
	case c.lowPriority && !o.lowPriority:
		return true
	}
	return c.group() > o.group()
}

// isLinkTo reports whether link is the link class of road (OSRM's
// isLinkTo).
func isLinkTo(link, road roadClass) bool {
	if !link.link || road.link {
		return false
	}
	switch link.priority {
	case prioMotorwayLink:
		return road.priority == prioMotorway
	case prioTrunkLink:
		return road.priority == prioTrunk
	case prioPrimaryLink:
		return road.priority == prioPrimary
	case prioSecondaryLink:
		return road.priority == prioSecondary
	case prioTertiaryLink:
		return road.priority == prioTertiary
	}
	return false
}

// obviousByRoadClass reports whether candidate is obvious beside compare
// by class alone, coming from in (OSRM's obviousByRoadClass).
func obviousByRoadClass(in, candidate, compare roadClass) bool {
	highPriority := priorityDistinction*float64(candidate.priority) < float64(compare.priority)
	return highPriority && in.same(candidate) ||
		!candidate.lowPriority && !in.lowPriority && compare.lowPriority
}

// canBeSeenAsFork reports whether two roads' priorities are close enough
// for a fork (OSRM's canBeSeenAsFork).
func canBeSeenAsFork(a, b roadClass) bool {
	d := int(a.priority) - int(b.priority)
	return d >= -1 && d <= 1
}
