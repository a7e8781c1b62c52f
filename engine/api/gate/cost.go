package gate

import (
	"math"
	"math/bits"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/api/osrm"
	"waymark/engine/route"
	"waymark/engine/sphere"
)

// Cost estimates. Before a routing request's work starts, its cost is
// estimated from its parameters alone: coordinates and the straight-line
// length between them, steps, overview, alternatives, annotations,
// geometries, matrix cells, trace points. The gate (gate.go) sends the
// heavy ones — estimated over heavyWork of CPU or heavyBytes of memory —
// through its turns and holds their memory within its budget.
//
// The rates are measured on the LI pack (a shared 2-core machine) and
// rounded up: a route's search costs about searchWork per direction, its
// answer grows with the road length (the straight line times detour) at
// the rates below. A matrix counts one full search per source and
// destination, which is what a region larger than LI costs; so a 25×25
// matrix (2.7 ms on LI) is heavy and a 5×5 one is not, nor a 2-point
// route with steps, alternatives and the full overview. The estimates
// are for admission, not billing: the answers' sizes within a factor of
// a few of the truth (cost_test.go compares them with real answers), the
// work within one of ten, and the soft memory limit of serve covers what
// they miss.

const (
	heavyWork  = 10 * time.Millisecond
	heavyBytes = 4 << 20

	searchWork = 200 * time.Microsecond // one CH search, one direction
	cellWork   = 10 * time.Microsecond  // a matrix cell past its searches
	tourWork   = 5 * time.Microsecond   // an optimize's local search, per pair of stops
	matchWork  = 2 * time.Millisecond   // a trace point's candidates and transitions

	// per km of road
	pathKmWork       = 5 * time.Microsecond
	stepsKmWork      = 200 * time.Microsecond
	annotationKmWork = 120 * time.Microsecond
	overviewKmWork   = 40 * time.Microsecond
	matchKmWork      = 2 * time.Millisecond

	detour = 1.3 // road length over the straight line

	// answer bytes
	legBytes         = 230 // a leg without steps
	waypointBytes    = 250 // with its hint
	stepsKmBytes     = 1700
	annotationKmByte = 230 // per kind asked for
	polylineKmBytes  = 115 // full overview, polyline
	geoJSONKmBytes   = 500 // full overview, GeoJSON
	cellBytes        = 24  // a table cell: its float and its JSON
	// MemFactor is the memory of the work and its answer over the
	// answer's bytes (the engine's route with its steps, geometries and
	// intersections, the pieces it is assembled from).
	MemFactor = 4
	minBytes  = 16 << 10
)

// Cost is what a request is estimated to take.
type Cost struct {
	Work  time.Duration // CPU time on one core
	Bytes int64         // memory at its peak: the work and its answer
}

// Heavy reports whether the request goes through the gate's turns.
func (c Cost) Heavy() bool { return c.Work >= heavyWork || c.Bytes >= heavyBytes }

// pathKm is the road length in km along the coordinates, estimated as
// the straight line times detour.
func pathKm(pts []orb.Point) float64 {
	m := 0.0
	for i := 1; i < len(pts); i++ {
		m += sphere.Distance(pts[i-1], pts[i])
	}
	return m / 1000 * detour
}

// tourKm is the length in km of a tour through pts, estimated by the
// Beardwood–Halton–Hammersley law (0.7124·√(n·area) for points spread
// over an area) plus the box's diagonal, times detour.
func tourKm(pts []orb.Point) float64 {
	if len(pts) < 2 {
		return 0
	}
	b := orb.MultiPoint(pts).Bound()
	w := sphere.Distance(orb.Point{b.Min[0], b.Min[1]}, orb.Point{b.Max[0], b.Min[1]}) / 1000
	h := sphere.Distance(orb.Point{b.Min[0], b.Min[1]}, orb.Point{b.Min[0], b.Max[1]}) / 1000
	return (0.7124*math.Sqrt(float64(len(pts))*w*h) + math.Hypot(w, h)) * detour
}

// outputCost is the cost of answering routes of km road km in legs legs
// with output o (steps, annotations, overview) in encoding g.
func outputCost(km float64, legs int, o route.Output, g osrm.Geometries) Cost {
	work := float64(pathKmWork) * km
	size := float64(legBytes * legs)
	kmBytes := 0.0
	geomBytes := float64(polylineKmBytes)
	if g == osrm.GeoJSON {
		geomBytes = geoJSONKmBytes
	}
	if o.Steps {
		work += float64(stepsKmWork) * km
		kmBytes += stepsKmBytes + geomBytes - polylineKmBytes
	}
	if n := bits.OnesCount8(uint8(o.Annotations)); n > 0 {
		work += float64(annotationKmWork) * km
		kmBytes += float64(annotationKmByte * n)
	}
	switch o.Overview {
	case route.OverviewFull:
		work += float64(overviewKmWork) * km
		kmBytes += geomBytes
	case route.OverviewSimplified:
		work += float64(overviewKmWork) * km
		kmBytes += geomBytes / 10
	}
	size += kmBytes * km
	return Cost{Work: time.Duration(work), Bytes: int64(size)}
}

// memory turns answer bytes into the memory of the request.
func memory(answer int64) int64 { return max(minBytes, answer*MemFactor) }

// DirectionsCost estimates a directions request: its legs (between the
// leg ends, all coordinates when ends is nil), the road along them, the
// output, and alternatives (two coordinates only, as the engine computes
// them).
func DirectionsCost(pts []orb.Point, ends []int, opt route.RouteOptions, g osrm.Geometries) Cost {
	legs := len(pts) - 1
	if ends != nil {
		legs = len(ends) - 1
	}
	km := pathKm(pts)
	c := outputCost(km, legs, opt.Output, g)
	c.Work += time.Duration(2*(len(pts)-1)) * searchWork
	answer := c.Bytes + int64(waypointBytes*(legs+1))
	if opt.Alternatives > 0 && len(pts) == 2 {
		// the search for alternatives, and about half of those asked
		// for found, each assembled as the route is
		k := opt.Alternatives
		c.Work += time.Duration(4*k)*searchWork + c.Work*time.Duration(k)/2
		answer += c.Bytes * int64(k) / 2
	}
	c.Bytes = memory(answer)
	return c
}

// TableCost estimates a matrix of sources × destinations over n
// coordinates.
func TableCost(n, sources, destinations int, distances bool) Cost {
	cells := int64(sources * destinations)
	work := time.Duration(sources+destinations)*searchWork + time.Duration(cells)*cellWork
	answer := cells*cellBytes + int64(waypointBytes*n)
	if distances {
		answer += cells * cellBytes
	}
	return Cost{Work: work, Bytes: memory(answer)}
}

// TripCost estimates an optimize request: the table between the stops,
// the tour's local search, and the answer's route along the tour.
func TripCost(pts []orb.Point, o route.Output, g osrm.Geometries) Cost {
	n := len(pts)
	c := outputCost(tourKm(pts), n, o, g)
	t := TableCost(n, n, n, true)
	c.Work += t.Work + time.Duration(n*n)*tourWork
	c.Bytes = max(t.Bytes, memory(c.Bytes+int64(waypointBytes*n)))
	return c
}

// MatchCost estimates a matching request: each trace point's candidates
// and transitions, the road along the trace, and the answer.
func MatchCost(pts []orb.Point, o route.Output, g osrm.Geometries) Cost {
	km := pathKm(pts)
	c := outputCost(km, len(pts)-1, o, g)
	c.Work += time.Duration(len(pts))*matchWork + time.Duration(km*float64(matchKmWork))
	c.Bytes = memory(c.Bytes + int64(waypointBytes*len(pts)))
	return c
}

// IsochroneCost estimates an isochrone: the reach of its largest contour
// (a circle of the limit at isoSpeed, or of the distance), the Dijkstra
// over the roads within it at isoKm2Work a square km, and the grid the
// engine draws it on (route.IsochroneOptions: cells of 20 m or more,
// about 150,000 over a large reach, at isoCellWork to draw, fill and
// trace and isoCellBytes each). Measured on LI (thread CPU, a loaded
// machine): a 15-minute drive 23 ms (heavy), a 5-minute walk 3 ms.
func IsochroneCost(prof route.Profile, opt route.IsochroneOptions) Cost {
	if len(opt.Limits) == 0 {
		return Cost{}
	}
	r := opt.Limits[len(opt.Limits)-1] // meters
	if !opt.ByDistance {
		r *= isoSpeed[prof]
	}
	km2 := math.Pi * r * r / 1e6
	side := 2*r + 2*route.IsochroneAccess // the grid's margins
	cells := min(isoMaxCells, side*side/(20*20))
	work := time.Duration(km2*float64(isoKm2Work)) + time.Duration(cells*float64(isoCellWork)*(1+0.1*float64(len(opt.Limits))))
	return Cost{Work: work, Bytes: memory(int64(cells * isoCellBytes / MemFactor))}
}

// isoSpeed is a profile's fastest average speed over an isochrone's
// reach (m/s): a bound, so that the estimate errs heavy.
var isoSpeed = map[route.Profile]float64{route.Driving: 25, route.Cycling: 6, route.Walking: 1.5}

const (
	isoKm2Work   = 2 * time.Microsecond // the Dijkstra's arcs in a square km of LI's roads
	isoCellWork  = 60 * time.Nanosecond // a grid cell's marks, fill and trace
	isoMaxCells  = 200000               // the engine's grid over a large reach, margins included
	isoCellBytes = 8                    // a cell's key, fill distance, in-flag and corner flags
)
