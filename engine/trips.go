package engine

// The optimize (OSRM trip) and matching services of the facade. The
// algorithms live in engine/route/tour (ordering on a duration table) and
// engine/route/match (HMM map matching); this file feeds them from a pack's
// road graph and assembles OSRM v5 responses with route.Graph.Route.

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/engine/route/match"
	"waymark/engine/route/tour"
)

// Sentinel errors of Optimize and Match (engine/api maps them to OSRM codes).
var (
	// ErrNotImplemented: an open trip with neither end fixed
	// (Roundtrip, FixedSource and FixedDestination all false; OSRM
	// "NotImplemented").
	ErrNotImplemented = tour.ErrNotImplemented
	// ErrNoTrips: not every coordinate reaches every other (OSRM "NoTrips").
	ErrNoTrips = tour.ErrNoTrips
	// ErrNoMatch: the trace could not be matched (OSRM "NoMatch").
	ErrNoMatch = match.ErrNoMatch
)

// OptimizeRequest is an optimize (trip) query. The constraints combine as
// in OSRM's trip service (v5.27 and later):
//
//	Roundtrip  FixedSource  FixedDestination  the trip
//	true       any          false             a cycle through every stop, back to its start;
//	                                          listed from coordinate 0
//	true       false        true              a cycle, listed from (and back to) the last coordinate
//	true       true         true              as OSRM: the open path 0→…→last is optimized and
//	                                          the leg back to 0 appended
//	false      true         true              from coordinate 0 to the last coordinate
//	false      true         false             from coordinate 0, ending at whichever stop makes
//	                                          the trip fastest (the end is free)
//	false      false        true              to the last coordinate, starting wherever is fastest
//	false      false        false             ErrNotImplemented (as OSRM)
type OptimizeRequest struct {
	SnapRequest
	// Roundtrip returns to the first stop (OSRM default true).
	Roundtrip bool
	// FixedSource: source=first; FixedDestination: destination=last.
	FixedSource, FixedDestination bool
	Output                        route.Output
}

// TripWaypoint is a waypoint of an optimize response, in input order:
// WaypointIndex is its position in the trip, TripsIndex the trip holding it
// (always 0: every stop must be connected, so there is one trip).
type TripWaypoint struct {
	route.Waypoint
	WaypointIndex int
	TripsIndex    int
}

// OptimizeResult is the answer of Optimize.
type OptimizeResult struct {
	Waypoints []TripWaypoint // input order
	Trips     []route.Route  // one trip, legs in visiting order
	// Order lists input indices in visiting order (for the window's tour panel).
	Order []int
}

// TourOptions are the route options of a tour through stops: U-turns are
// allowed at the stops (continue_straight=false), the model under which
// Optimize orders them (its table leaves every stop in either direction)
// and OSRM's trip service routes a trip; a driver turns at a delivery
// stop rather than driving on around the block. The window's tour uses
// them too, so its legs and totals match the optimized order's.
func TourOptions(out route.Output) route.RouteOptions {
	uTurns := false
	return route.RouteOptions{Output: out, ContinueStraight: &uTurns}
}

// Optimize orders the coordinates into the fastest trip it finds under
// the request's constraints (see OptimizeRequest) on the many-to-many
// duration table of the pack's graph, and routes it with TourOptions
// (U-turns allowed at the stops, as OSRM's trip). The ordering is exact up
// to tour.ExactUpTo stops and a deterministic heuristic above (see
// engine/route/tour: on 100-stop LI tours within 1% of a long search, in a
// few milliseconds). OptimizeResult.Order lists the input indices in
// visiting order. Errors wrap ErrNotImplemented, ErrNoTrips,
// route.ErrNoSegment, route.ErrNoRoute or route.ErrInvalidValue.
func (e *Engine) Optimize(ctx context.Context, req OptimizeRequest) (*OptimizeResult, error) {
	if len(req.Coordinates) < 2 {
		return nil, fmt.Errorf("%w: at least two coordinates needed", route.ErrInvalidValue)
	}
	topt := tour.Options{Roundtrip: req.Roundtrip, FixedSource: req.FixedSource, FixedDestination: req.FixedDestination}
	if !tour.Supported(topt) {
		return nil, fmt.Errorf("optimize: roundtrip=false needs source=first or destination=last: %w", ErrNotImplemented)
	}
	plan, err := e.Plan(req.SnapRequest)
	if err != nil {
		return nil, err
	}
	stops := plan.Stops
	var t *route.Table
	if plan.Single() {
		t, err = plan.Graph.Table(ctx, plan.Snaps, plan.Snaps, route.TableOptions{Exclude: req.Exclude})
	} else {
		t, err = plan.Atlas.Table(ctx, stops, stops, route.TableOptions{Exclude: req.Exclude})
	}
	if err != nil {
		return nil, fmt.Errorf("optimize: table: %w", err)
	}
	d := make([][]float64, len(stops))
	for i, row := range t.Durations {
		d[i] = make([]float64, len(row))
		for j, v := range row {
			switch {
			case i == j:
				d[i][j] = 0
			case math.IsNaN(v) || math.IsInf(v, 0):
				d[i][j] = math.Inf(1)
			default:
				d[i][j] = v
			}
		}
	}
	trip, err := tour.Order(ctx, d, topt)
	if err != nil {
		return nil, fmt.Errorf("optimize: %w", err)
	}
	seq := make([]route.Stop, 0, len(stops)+1)
	for _, i := range trip.Order {
		seq = append(seq, stops[i])
	}
	if req.Roundtrip {
		seq = append(seq, stops[trip.Order[0]])
	}
	var routes []route.Route
	ropt := TourOptions(req.Output)
	ropt.Exclude = req.Exclude
	if plan.Single() {
		routes, err = plan.Graph.Route(ctx, stopSnaps(seq), ropt)
	} else {
		routes, err = plan.Atlas.Route(ctx, seq, ropt)
	}
	if err != nil {
		return nil, fmt.Errorf("optimize: %w", err)
	}
	res := &OptimizeResult{Trips: routes[:1], Order: trip.Order, Waypoints: make([]TripWaypoint, len(stops))}
	for pos, i := range trip.Order {
		res.Waypoints[i] = TripWaypoint{Waypoint: plan.WaypointOf(i), WaypointIndex: pos}
	}
	return res, nil
}

// MatchRequest is a matching query.
type MatchRequest struct {
	Profile     route.Profile
	Coordinates []orb.Point
	// Bearings: nil or one per coordinate (nil entry: none).
	Bearings []*route.Bearing
	// Radiuses: nil or one per coordinate, the GPS standard deviation in
	// meters (OSRM's meaning for matching): candidates are searched within
	// 3× it. Negative means unlimited: candidates within UnlimitedRadius
	// with the default σ. Without radiuses σ is estimated from the trace
	// (see Match).
	Radiuses []float64
	// Hints: nil or one per coordinate; a valid hint adds its road position
	// to the coordinate's candidates.
	Hints []string
	// Timestamps: nil or one per coordinate, seconds since the UNIX epoch,
	// non-decreasing unless Tidy.
	Timestamps []int64
	// SplitGaps: gaps=split (OSRM default) rather than ignore.
	SplitGaps bool
	// Tidy: drop points too close together or out of time order first.
	Tidy bool
	// Waypoints: nil or increasing coordinate indices, first and last
	// included, that end legs; the others become via points.
	Waypoints []int
	Output    route.Output
	// Exclude: the matched roads and the routes between them use no
	// road of these classes (route.Exclude).
	Exclude route.Exclude
}

// MatchTracepoint is one input coordinate's fate in a matching response;
// nil in MatchResult.Tracepoints when it was not matched.
type MatchTracepoint struct {
	route.Waypoint
	// WaypointIndex is the index of the point among the leg ends of its
	// matching; nil for a matched point that is not a waypoint (only with
	// the waypoints parameter).
	WaypointIndex     *int
	MatchingsIndex    int
	AlternativesCount int
}

// Matching is one matched sub-trace: a route plus its confidence in [0, 1].
type Matching struct {
	route.Route
	Confidence float64
}

// MatchResult is the answer of Match.
type MatchResult struct {
	Tracepoints []*MatchTracepoint // one per input coordinate
	Matchings   []Matching
}

// MaxMatchingRadius bounds a given matching radius (see match.MaxRadius).
const MaxMatchingRadius = match.MaxRadius

// Match snaps a GPS trace onto the roads with the HMM matcher of
// engine/route/match (match.OnGraph: candidates, σ estimate, states per
// direction of travel) and routes every sub-matching; a fix counted as
// standing still is routed as a zero-length leg. With several packs, the
// trace is matched in each pack covering one of its points and the one
// matching the most points wins (a trace is not matched across packs);
// a point beyond the engine's reach of every pack's roads is
// ErrOutsideRegions. Errors wrap route.ErrNoSegment (no point
// near any road), ErrNoMatch or route.ErrInvalidValue.
func (e *Engine) Match(ctx context.Context, req MatchRequest) (*MatchResult, error) {
	n := len(req.Coordinates)
	if n < 2 {
		return nil, fmt.Errorf("%w: at least two coordinates needed", route.ErrInvalidValue)
	}
	for name, l := range map[string]int{"bearings": len(req.Bearings), "radiuses": len(req.Radiuses),
		"hints": len(req.Hints), "timestamps": len(req.Timestamps)} {
		if l != 0 && l != n {
			return nil, fmt.Errorf("%w: %d %s for %d coordinates", route.ErrInvalidValue, l, name, n)
		}
	}
	if req.Waypoints != nil {
		if err := route.CheckLegEnds(req.Waypoints, n); err != nil {
			return nil, err
		}
	}
	pts := make([]match.Point, n)
	for i, c := range req.Coordinates {
		pts[i].Location = c
		if req.Timestamps != nil {
			pts[i].Time = req.Timestamps[i]
		}
	}
	var skip []bool
	if req.Tidy {
		skip = match.Tidy(pts, req.Timestamps != nil, req.Waypoints)
	} else if req.Timestamps != nil {
		for i := 1; i < n; i++ {
			if req.Timestamps[i] < req.Timestamps[i-1] {
				return nil, fmt.Errorf("%w: timestamps need to be monotonically increasing", route.ErrInvalidValue)
			}
		}
	}

	packs, err := e.tracePacks(req.Coordinates)
	if err != nil {
		return nil, err
	}
	var best *match.GraphMatch
	var firstErr error
	for _, k := range packs {
		g := e.packs[k].Graph(req.Profile)
		if g == nil {
			continue
		}
		at, err := match.OnGraph(ctx, g, match.Trace{Profile: req.Profile, Points: slices.Clone(pts),
			Bearings: req.Bearings, Radiuses: req.Radiuses, Hints: req.Hints, Timestamps: req.Timestamps != nil,
			SplitGaps: req.SplitGaps, Waypoints: req.Waypoints, Skip: skip, Exclude: req.Exclude})
		if cerr := ctx.Err(); cerr != nil {
			return nil, fmt.Errorf("match: %w", cerr)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if best == nil || at.Matched > best.Matched {
			best = at
		}
	}
	if best == nil {
		if firstErr == nil {
			firstErr = fmt.Errorf("no pack has a %s graph: %w", req.Profile, route.ErrNoSegment)
		}
		return nil, firstErr
	}
	return assembleMatch(ctx, best, req)
}

// tracePacks returns the packs covering a point of the trace, in pack
// order, or ErrOutsideRegions for the first point none comes within
// reach of.
func (e *Engine) tracePacks(pts []orb.Point) ([]int, error) {
	cov := e.coverage()
	in := make([]bool, len(e.packs))
	for i, p := range pts {
		ks := e.packsOf(cov, p)
		if len(ks) == 0 {
			return nil, e.outsideError(i, p)
		}
		for _, k := range ks {
			in[k] = true
		}
	}
	var out []int
	for k, ok := range in {
		if ok {
			out = append(out, k)
		}
	}
	return out, nil
}

// assembleMatch routes every sub-matching and builds the response.
func assembleMatch(ctx context.Context, at *match.GraphMatch, req MatchRequest) (*MatchResult, error) {
	n := len(req.Coordinates)
	out := &MatchResult{Tracepoints: make([]*MatchTracepoint, n)}
	noU := false
	for mi, m := range at.Result.Matchings {
		snapped, path := at.Path(mi)
		var ends []int
		if req.Waypoints != nil {
			for k, p := range m.Points {
				if _, ok := slices.BinarySearch(req.Waypoints, p); ok {
					ends = append(ends, k)
				}
			}
		}
		routes, err := at.Graph.Route(ctx, path, route.RouteOptions{Output: req.Output, LegEnds: ends, ContinueStraight: &noU, Exclude: req.Exclude})
		if err != nil {
			return nil, fmt.Errorf("match: route of matching %d: %w", mi, err)
		}
		out.Matchings = append(out.Matchings, Matching{Route: routes[0], Confidence: math.Round(m.Confidence*1e6) / 1e6})
		wi := 0
		for k, p := range m.Points {
			tp := &MatchTracepoint{Waypoint: at.Graph.WaypointOf(snapped[k]), MatchingsIndex: mi, AlternativesCount: m.Alternatives[k]}
			if ends == nil || (wi < len(ends) && ends[wi] == k) {
				idx := k
				if ends != nil {
					idx = wi
					wi++
				}
				tp.WaypointIndex = &idx
			}
			out.Tracepoints[p] = tp
		}
	}
	return out, nil
}
