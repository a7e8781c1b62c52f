package route

// mode returns the OSRM travel mode of edge e in one direction (back:
// against its node order): "ferry" on a ferry (and a car's shuttle
// train, as car.lua), "train" on a railway a bike is carried on,
// "pushing bike" where a bike is pushed, else the profile's own
// ("driving", "walking", "cycling").
func (g *Graph) mode(e uint32, back bool) string {
	f := g.eFlags[e]
	switch {
	case f&flagFerry != 0:
		return "ferry"
	case Class(g.eClass[e]) == ClassTrain:
		return "train"
	case g.pushed(e, back):
		return "pushing bike"
	}
	return g.profile.String()
}

// pushed reports whether a bike is pushed along edge e in one direction
// (back: against its node order; ePush).
func (g *Graph) pushed(e uint32, back bool) bool {
	if g.ePush == nil {
		return false
	}
	bit := uint8(1)
	if back {
		bit = 2
	}
	return g.ePush[e]&bit != 0
}

// noStart reports whether no route starts or ends on edge e (OSRM's
// is_startpoint): ferries, trains and NetWay.NoEnds ways.
func (g *Graph) noStart(e uint32) bool {
	return g.eFlags[e]&(flagFerry|flagNoEnds) != 0 || Class(g.eClass[e]) == ClassTrain
}
