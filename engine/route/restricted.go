package route

// Roads open only to local traffic (OSRM's restricted: access=destination,
// hov=designated...) are usable at a route's ends but not passed through
// while another way exists: Build adds restrictedPenalty to the weight of
// every transition from an arc open to all onto a restricted arc (OSRM
// sets such a turn's weight to its maximum, 3276.7 s, and keeps its
// duration). Weights are then a duration plus a multiple of the penalty,
// which is larger than any route's duration, so durationOf takes the
// duration back out: routes, steps, annotations and tables report true
// durations, and a route's weight is its duration (named as OSRM's
// profiles name theirs: Profile.WeightName).
// Unlike OSRM's, the penalty is no mere hour: a route passes through a
// restricted road only where it cannot go round it at all.

// restrictedPenalty (deciseconds) is the weight of entering a restricted
// arc from an open one: 10^6 s, some 11.6 days, above any route's duration.
const restrictedPenalty = 10_000_000

// durationOf returns the duration in a weight (deciseconds): the weight
// less its restricted entries' penalties.
func durationOf(w int64) int64 { return w % restrictedPenalty }

// arcRestricted reports whether arc a is open only to local traffic.
func (g *Graph) arcRestricted(a uint32) bool {
	e, back := arcEdge(g, a)
	if back {
		return g.eFlags[e]&flagRestrictedBackward != 0
	}
	return g.eFlags[e]&flagRestrictedForward != 0
}
