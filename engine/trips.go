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
	"sort"

	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/engine/route/match"
	"waymark/engine/route/tour"
)

// Sentinel errors of Optimize and Match (engine/api maps them to OSRM codes).
var (
	// ErrNotImplemented: roundtrip=false without source=first and
	// destination=last (OSRM "NotImplemented").
	ErrNotImplemented = tour.ErrNotImplemented
	// ErrNoTrips: not every coordinate reaches every other (OSRM "NoTrips").
	ErrNoTrips = tour.ErrNoTrips
	// ErrNoMatch: the trace could not be matched (OSRM "NoMatch").
	ErrNoMatch = match.ErrNoMatch
)

// OptimizeRequest is an optimize (trip) query.
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
	WaypointIndex int `json:"waypoint_index"`
	TripsIndex    int `json:"trips_index"`
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

// Optimize orders the coordinates into the fastest trip it finds (exact
// below 10 stops, heuristic from 10; see engine/route/tour) on the
// many-to-many duration table of the pack's graph, and routes it with
// TourOptions (U-turns allowed at the stops, as OSRM's trip). Errors
// wrap ErrNotImplemented, ErrNoTrips, route.ErrNoSegment, route.ErrNoRoute
// or route.ErrInvalidValue.
func (e *Engine) Optimize(ctx context.Context, req OptimizeRequest) (*OptimizeResult, error) {
	if len(req.Coordinates) < 2 {
		return nil, fmt.Errorf("%w: at least two coordinates needed", route.ErrInvalidValue)
	}
	topt := tour.Options{Roundtrip: req.Roundtrip, FixedSource: req.FixedSource, FixedDestination: req.FixedDestination}
	if !tour.Supported(topt) {
		return nil, fmt.Errorf("optimize: roundtrip=false needs source=first and destination=last: %w", ErrNotImplemented)
	}
	plan, err := e.Plan(req.SnapRequest)
	if err != nil {
		return nil, err
	}
	g, snaps := plan.Graph, plan.Snaps
	t, err := g.Table(ctx, snaps, snaps, route.TableOptions{})
	if err != nil {
		return nil, fmt.Errorf("optimize: table: %w", err)
	}
	d := make([][]float64, len(snaps))
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
	trip, err := tour.Order(d, topt)
	if err != nil {
		return nil, fmt.Errorf("optimize: %w", err)
	}
	seq := make([]route.Snap, 0, len(snaps)+1)
	for _, i := range trip.Order {
		seq = append(seq, snaps[i])
	}
	if req.Roundtrip {
		seq = append(seq, snaps[trip.Order[0]])
	}
	routes, err := g.Route(ctx, seq, TourOptions(req.Output))
	if err != nil {
		return nil, fmt.Errorf("optimize: %w", err)
	}
	res := &OptimizeResult{Trips: routes[:1], Order: trip.Order, Waypoints: make([]TripWaypoint, len(snaps))}
	for pos, i := range trip.Order {
		res.Waypoints[i] = TripWaypoint{Waypoint: g.WaypointOf(snaps[i]), WaypointIndex: pos}
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
}

// MatchTracepoint is one input coordinate's fate in a matching response;
// nil in MatchResult.Tracepoints when it was not matched.
type MatchTracepoint struct {
	route.Waypoint
	// WaypointIndex is the index of the point among the leg ends of its
	// matching; nil for a matched point that is not a waypoint (only with
	// the waypoints parameter).
	WaypointIndex     *int `json:"waypoint_index"`
	MatchingsIndex    int  `json:"matchings_index"`
	AlternativesCount int  `json:"alternatives_count"`
}

// Matching is one matched sub-trace: a route plus its confidence in [0, 1].
type Matching struct {
	route.Route
	Confidence float64 `json:"confidence"`
}

// MatchResult is the answer of Match.
type MatchResult struct {
	Tracepoints []*MatchTracepoint // one per input coordinate
	Matchings   []Matching
}

// Matching parameters of the facade; the model's own are in engine/route/match.
const (
	// MaxCandidates is the number of nearest road edges kept per point
	// (each gives one state per allowed direction of travel).
	MaxCandidates = 8
	// JitterSigmas: a fix up to this many σ behind the previous one on the
	// same road and direction counts as standing still, not as a loop.
	JitterSigmas = 3.0
	// UTurnMeters is the cost, in meters of route, of turning around at a
	// GPS fix in a transition of the matcher.
	UTurnMeters = 60.0
	// UnlimitedRadius is the search radius in meters for radius "unlimited".
	UnlimitedRadius = 250.0
	// MaxMatchingRadius bounds a given radius (the GPS σ, meters), as
	// OSRM's --max-matching-radius: candidates are searched within a
	// multiple of it, and a radius of the whole pack (1e308) made every
	// road a candidate of every point (14 s of CPU for 25 points). The API
	// refuses larger radiuses with TooBig; Match clamps them.
	MaxMatchingRadius = 100.0
	// EstimateRadius is the search radius in meters used to estimate σ
	// when no radiuses are given.
	EstimateRadius = 90.0
	// EstimatedRadiusSigmas: with an estimated σ candidates are searched
	// within this many σ (more than OSRM's 3: the estimate runs low where
	// roads are dense, as the nearest road is not always the true one).
	EstimatedRadiusSigmas = 4.0
	// MinEstimatedSigma and MaxEstimatedSigma bound the estimated σ (meters).
	MinEstimatedSigma, MaxEstimatedSigma = match.DefaultSigma, 30.0
)

// MaxSpeed returns the fastest plausible travel of a profile in m/s,
// bounding matching transitions between timestamped fixes: 190 km/h
// driving, 30 km/h on foot (which covers running).
func MaxSpeed(p route.Profile) float64 {
	if p == route.Walking {
		return 8.5
	}
	return 53
}

// Match snaps a GPS trace onto the roads with the HMM matcher of
// engine/route/match and routes every sub-matching. Without radiuses the
// GPS σ is estimated from the trace as Newson & Krumm do (1.4826 × the
// median distance from the points to their nearest road, within
// [MinEstimatedSigma, MaxEstimatedSigma]) instead of OSRM's fixed 5 m, so
// noisy phone traces keep their candidates. Candidates are the nearest
// points of the MaxCandidates nearest edges within 3σ (EstimatedRadiusSigmas
// σ for an estimated σ), split into one state per direction of travel:
// turning around at a fix costs UTurnMeters, and a fix up to JitterSigmas·σ
// behind the previous one on the same road counts
// as standing still (routed as a zero-length leg). Transitions between
// timestamped fixes are bounded by MaxSpeed. With several packs the one
// matching the most points wins. Errors wrap route.ErrNoSegment (no point
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
		w := req.Waypoints
		if len(w) < 2 || w[0] != 0 || w[len(w)-1] != n-1 || !slices.IsSorted(w) {
			return nil, fmt.Errorf("%w: waypoints must start with 0, end with %d and increase", route.ErrInvalidValue, n-1)
		}
		for k := 1; k < len(w); k++ {
			if w[k] == w[k-1] {
				return nil, fmt.Errorf("%w: waypoints must be strictly increasing", route.ErrInvalidValue)
			}
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

	var best *matchAttempt
	var firstErr error
	for _, pk := range e.packs {
		g := pk.Graph(req.Profile)
		if g == nil {
			continue
		}
		at, err := matchOn(ctx, g, req, slices.Clone(pts), skip)
		if cerr := ctx.Err(); cerr != nil {
			return nil, fmt.Errorf("match: %w", cerr)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if best == nil || at.matched > best.matched {
			best = at
		}
	}
	if best == nil {
		if firstErr == nil {
			firstErr = fmt.Errorf("no pack has a %s graph: %w", req.Profile, route.ErrNoSegment)
		}
		return nil, firstErr
	}
	return best.assemble(ctx, req)
}

// matchAttempt is the matching of a trace on one pack's graph.
type matchAttempt struct {
	g       *route.Graph
	cands   [][]route.Snap // directed states per point
	twin    [][]int        // per state: the other direction's state or -1
	res     match.Result
	matched int
}

// matchOn finds candidates for every point on g and decodes the trace.
func matchOn(ctx context.Context, g *route.Graph, req MatchRequest, pts []match.Point, skip []bool) (*matchAttempt, error) {
	n := len(pts)
	at := &matchAttempt{g: g, cands: make([][]route.Snap, n), twin: make([][]int, n)}
	bearing := func(i int) *route.Bearing {
		if req.Bearings != nil {
			return req.Bearings[i]
		}
		return nil
	}
	if req.Radiuses == nil {
		sigma := estimateSigma(g, pts, skip, bearing)
		r := EstimatedRadiusSigmas * sigma
		for i := range pts {
			pts[i].Sigma = sigma
			if skip == nil || !skip[i] {
				at.cands[i] = g.Candidates(pts[i].Location, r, bearing(i))
			}
		}
	} else {
		for i := range pts {
			if skip != nil && skip[i] {
				continue
			}
			r := req.Radiuses[i]
			switch {
			case r < 0:
				pts[i].Sigma = match.DefaultSigma
				r = UnlimitedRadius
			default:
				pts[i].Sigma = math.Max(math.Min(r, MaxMatchingRadius), match.MinSigma)
				r = match.SearchRadius(pts[i].Sigma)
			}
			at.cands[i] = g.Candidates(pts[i].Location, r, bearing(i))
		}
	}
	found := false
	for i := range pts {
		if req.Hints != nil && req.Hints[i] != "" && (skip == nil || !skip[i]) {
			if s, ok := g.FromHint(req.Hints[i], pts[i].Location); ok && !hasEdge(at.cands[i], s.Edge) {
				at.cands[i] = append([]route.Snap{s}, at.cands[i]...)
			}
		}
		if len(at.cands[i]) > MaxCandidates {
			at.cands[i] = at.cands[i][:MaxCandidates]
		}
		at.cands[i], at.twin[i] = directed(at.cands[i])
		found = found || len(at.cands[i]) > 0
	}
	if !found {
		return nil, fmt.Errorf("%w: could not find a matching segment for any coordinate", route.ErrNoSegment)
	}
	mc := make([][]match.Candidate, n)
	for i, cs := range at.cands {
		mc[i] = make([]match.Candidate, len(cs))
		for k, s := range cs {
			mc[i][k] = match.Candidate{Location: s.Location, Distance: s.Distance, Twin: at.twin[i][k] + 1}
		}
	}
	dist := func(fp, tp int, fi, ti []int, maxDist float64, out []float64) {
		if ctx.Err() != nil {
			// Cut off (deadline, client gone): no transition is usable,
			// so the decoder ends quickly; the error is returned below.
			for i := range out {
				out[i] = math.Inf(1)
			}
			return
		}
		// Sources: the states asked for and their twins (turning around
		// at the fix), each searched once.
		cs, tw := at.cands[fp], at.twin[fp]
		row := map[int]int{}
		var srcIdx []int
		for _, k := range fi {
			for _, x := range []int{k, tw[k]} {
				if _, ok := row[x]; x >= 0 && !ok {
					row[x] = len(srcIdx)
					srcIdx = append(srcIdx, x)
				}
			}
		}
		to := pick(at.cands[tp], ti)
		m := g.Distances(pick(cs, srcIdx), to, maxDist)
		w := len(to)
		jitter := JitterSigmas * pts[tp].Sigma
		for i, k := range fi {
			for j := range to {
				d := m[row[k]][j]
				if t := tw[k]; t >= 0 {
					d = math.Min(d, m[row[t]][j]+UTurnMeters)
				}
				if b := behind(cs[k], to[j]); b > 0 && b <= jitter {
					d = b
				}
				out[i*w+j] = d
			}
		}
	}
	opt := match.Options{Timestamps: req.Timestamps != nil, MaxSpeed: MaxSpeed(req.Profile), SplitGaps: req.SplitGaps, Waypoints: req.Waypoints, Skip: skip}
	res, err := match.Match(pts, mc, dist, opt)
	if cerr := ctx.Err(); cerr != nil {
		return nil, fmt.Errorf("match: %w", cerr)
	}
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	at.res = res
	for _, m := range res.Matchings {
		at.matched += len(m.Points)
	}
	return at, nil
}

// sigmaSample is the number of points estimateSigma looks at.
const sigmaSample = 64

// estimateSigma estimates the GPS standard deviation of a trace as Newson
// & Krumm do: 1.4826 × the median distance from the points to their
// nearest road (within EstimateRadius), on up to sigmaSample points spread
// over the trace, bounded to [MinEstimatedSigma, MaxEstimatedSigma].
func estimateSigma(g *route.Graph, pts []match.Point, skip []bool, bearing func(int) *route.Bearing) float64 {
	step := max(1, len(pts)/sigmaSample)
	var near []float64
	for i := 0; i < len(pts); i += step {
		if skip != nil && skip[i] {
			continue
		}
		if cs := g.Candidates(pts[i].Location, EstimateRadius, bearing(i)); len(cs) > 0 {
			near = append(near, cs[0].Distance)
		}
	}
	if len(near) == 0 {
		return MinEstimatedSigma
	}
	sort.Float64s(near)
	return math.Max(MinEstimatedSigma, math.Min(MaxEstimatedSigma, 1.4826*near[len(near)/2]))
}

// pick returns the snaps at the given indices (cs itself when all, in order).
func pick(cs []route.Snap, idx []int) []route.Snap {
	same := len(idx) == len(cs)
	for k := 0; same && k < len(idx); k++ {
		same = idx[k] == k
	}
	if same {
		return cs
	}
	out := make([]route.Snap, len(idx))
	for k, i := range idx {
		out[k] = cs[i]
	}
	return out
}

// directed splits every candidate on a two-way road into one state per
// direction of travel (twins: twin[k] is the other direction's state, -1
// on one-way roads), so that turning around at a GPS fix costs UTurnMeters
// instead of being free: otherwise noisy traces wander into side streets
// and back.
func directed(cs []route.Snap) ([]route.Snap, []int) {
	out := make([]route.Snap, 0, 2*len(cs))
	twin := make([]int, 0, 2*len(cs))
	for _, s := range cs {
		if s.Forward && s.Backward {
			f, b := s, s
			f.Backward, b.Forward = false, false
			k := len(out)
			out = append(out, f, b)
			twin = append(twin, k+1, k)
			continue
		}
		out = append(out, s)
		twin = append(twin, -1)
	}
	return out, twin
}

// undirected returns the snap of a state with both directions restored
// (when it has a twin), for routing: the route itself decides how to
// leave a via point.
func undirected(s route.Snap, twin int) route.Snap {
	if twin >= 0 {
		s.Forward, s.Backward = true, true
	}
	return s
}

// behind returns how many meters t lies behind s when both are one-way
// states of the same edge in the same direction (0 otherwise): a fix that
// noise put slightly back while the vehicle stood or crawled.
func behind(s, t route.Snap) float64 {
	if s.Edge != t.Edge || s.Forward != t.Forward || s.Backward != t.Backward || s.Forward == s.Backward {
		return 0
	}
	if s.Forward {
		return math.Max(0, s.Offset-t.Offset)
	}
	return math.Max(0, t.Offset-s.Offset)
}

func hasEdge(cs []route.Snap, e uint32) bool {
	for _, c := range cs {
		if c.Edge == e {
			return true
		}
	}
	return false
}

// assemble routes every sub-matching and builds the response.
func (at *matchAttempt) assemble(ctx context.Context, req MatchRequest) (*MatchResult, error) {
	n := len(req.Coordinates)
	out := &MatchResult{Tracepoints: make([]*MatchTracepoint, n)}
	noU := false
	for mi, m := range at.res.Matchings {
		seq := make([]route.Snap, len(m.Points))
		path := make([]route.Snap, len(m.Points))
		var eff route.Snap // where the vehicle is taken to be
		for k, p := range m.Points {
			c := m.Candidates[k]
			seq[k] = at.cands[p][c]
			path[k] = undirected(seq[k], at.twin[p][c])
			if k > 0 && behind(eff, seq[k]) > 0 {
				// A small step back (see behind): route it as standing still.
				path[k] = path[k-1]
				continue
			}
			eff = seq[k]
		}
		var ends []int
		if req.Waypoints != nil {
			for k, p := range m.Points {
				if _, ok := slices.BinarySearch(req.Waypoints, p); ok {
					ends = append(ends, k)
				}
			}
		}
		routes, err := at.g.Route(ctx, path, route.RouteOptions{Output: req.Output, LegEnds: ends, ContinueStraight: &noU})
		if err != nil {
			return nil, fmt.Errorf("match: route of matching %d: %w", mi, err)
		}
		out.Matchings = append(out.Matchings, Matching{Route: routes[0], Confidence: math.Round(m.Confidence*1e6) / 1e6})
		wi := 0
		for k, p := range m.Points {
			tp := &MatchTracepoint{Waypoint: at.g.WaypointOf(undirected(seq[k], at.twin[p][m.Candidates[k]])), MatchingsIndex: mi, AlternativesCount: m.Alternatives[k]}
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
