package match

import (
	"context"
	"fmt"
	"math"
	"sort"

	"waymark/engine/route"
)

// graph.go is the graph side of the model: candidates from a route.Graph,
// the GPS σ estimate, one state per direction of travel with the cost of
// turning around, and the distances between states from the graph's
// bounded many-to-many search.

// Parameters of the graph side of the model (OnGraph).
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
	// MaxRadius bounds a given radius (the GPS σ, meters), as
	// OSRM's --max-matching-radius: candidates are searched within a
	// multiple of it, and a radius of the whole pack (1e308) made every
	// road a candidate of every point (14 s of CPU for 25 points). The API
	// refuses larger radiuses with TooBig; OnGraph clamps them.
	MaxRadius = 100.0
	// EstimateRadius is the search radius in meters used to estimate σ
	// when no radiuses are given.
	EstimateRadius = 90.0
	// EstimatedRadiusSigmas: with an estimated σ candidates are searched
	// within this many σ (more than OSRM's 3: the estimate runs low where
	// roads are dense, as the nearest road is not always the true one).
	EstimatedRadiusSigmas = 4.0
	// MinEstimatedSigma and MaxEstimatedSigma bound the estimated σ (meters).
	MinEstimatedSigma, MaxEstimatedSigma = DefaultSigma, 30.0
)

// MaxSpeed returns the fastest plausible travel of a profile in m/s,
// bounding matching transitions between timestamped fixes: 190 km/h
// driving, 30 km/h on foot (which covers running), 40 km/h by bike
// (bicycle.lua's max_speed_for_map_matching).
func MaxSpeed(p route.Profile) float64 {
	switch p {
	case route.Walking:
		return 8.5
	case route.Cycling:
		return 40 / 3.6
	}
	return 53
}

// Trace is a GPS trace to match on a graph (OnGraph).
type Trace struct {
	Profile route.Profile
	// Points hold the locations and, with Timestamps, the times; OnGraph
	// sets their σ.
	Points []Point
	// Bearings, Radiuses and Hints are nil or one per point: Radiuses are
	// GPS σ in meters (negative: unlimited; nil: σ estimated from the
	// trace), Hints add their road position to a point's candidates.
	Bearings   []*route.Bearing
	Radiuses   []float64
	Hints      []string
	Timestamps bool
	SplitGaps  bool
	Waypoints  []int
	// Skip marks points left out (Tidy), or nil.
	Skip []bool
	// Exclude: the matched roads and the routes between them are of no
	// class in it (route.Exclude).
	Exclude route.Exclude
}

// GraphMatch is the matching of a trace on one graph.
type GraphMatch struct {
	Graph *route.Graph
	// Result is the decoded trace; Matched counts its matched points.
	Result  Result
	Matched int
	cands   [][]route.Snap // directed states per point
	twin    [][]int        // per state: the other direction's state or -1
}

// OnGraph matches a trace on g: candidates are the nearest points of the
// MaxCandidates nearest edges within 3σ (EstimatedRadiusSigmas σ for an
// estimated σ: Newson & Krumm's 1.4826 × the median distance to the
// nearest road, within [MinEstimatedSigma, MaxEstimatedSigma]), split into
// one state per direction of travel: turning around at a fix costs
// UTurnMeters, and a fix up to JitterSigmas·σ behind the previous one on
// the same road and direction counts as standing still. Transitions
// between timestamped fixes are bounded by MaxSpeed. Errors wrap
// route.ErrNoSegment when no point is near a road.
func OnGraph(ctx context.Context, g *route.Graph, tr Trace) (*GraphMatch, error) {
	if err := g.CheckExclude(tr.Exclude); err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	pts, skip := tr.Points, tr.Skip
	n := len(pts)
	at := &GraphMatch{Graph: g, cands: make([][]route.Snap, n), twin: make([][]int, n)}
	bearing := func(i int) *route.Bearing {
		if tr.Bearings != nil {
			return tr.Bearings[i]
		}
		return nil
	}
	if tr.Radiuses == nil {
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
			r := tr.Radiuses[i]
			switch {
			case r < 0:
				pts[i].Sigma = DefaultSigma
				r = UnlimitedRadius
			default:
				pts[i].Sigma = math.Max(math.Min(r, MaxRadius), MinSigma)
				r = SearchRadius(pts[i].Sigma)
			}
			at.cands[i] = g.Candidates(pts[i].Location, r, bearing(i))
		}
	}
	found := false
	for i := range pts {
		if tr.Hints != nil && tr.Hints[i] != "" && (skip == nil || !skip[i]) {
			if s, ok := g.FromHint(tr.Hints[i], pts[i].Location); ok && !hasEdge(at.cands[i], s.Edge) {
				at.cands[i] = append([]route.Snap{s}, at.cands[i]...)
			}
		}
		if tr.Exclude != 0 {
			kept := at.cands[i][:0]
			for _, s := range at.cands[i] {
				if !g.Excluded(s, tr.Exclude) {
					kept = append(kept, s)
				}
			}
			at.cands[i] = kept
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
	mc := make([][]Candidate, n)
	for i, cs := range at.cands {
		mc[i] = make([]Candidate, len(cs))
		for k, s := range cs {
			mc[i][k] = Candidate{Location: s.Location, Distance: s.Distance, Twin: at.twin[i][k] + 1}
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
		m := g.Distances(pick(cs, srcIdx), to, maxDist, tr.Exclude)
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
	opt := Options{Timestamps: tr.Timestamps, MaxSpeed: MaxSpeed(tr.Profile), SplitGaps: tr.SplitGaps, Waypoints: tr.Waypoints, Skip: skip}
	res, err := Match(pts, mc, dist, opt)
	if cerr := ctx.Err(); cerr != nil {
		return nil, fmt.Errorf("match: %w", cerr)
	}
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	at.Result = res
	for _, m := range res.Matchings {
		at.Matched += len(m.Points)
	}
	return at, nil
}

// Path returns the road positions of sub-matching mi: snapped, one per
// matched point (both directions of travel restored), and route, the
// positions to route through, where a small step back (see behind) is
// routed as standing still.
func (at *GraphMatch) Path(mi int) (snapped, route_ []route.Snap) {
	m := at.Result.Matchings[mi]
	snapped = make([]route.Snap, len(m.Points))
	route_ = make([]route.Snap, len(m.Points))
	var eff route.Snap // where the vehicle is taken to be
	for k, p := range m.Points {
		c := m.Candidates[k]
		seq := at.cands[p][c]
		snapped[k] = undirected(seq, at.twin[p][c])
		route_[k] = snapped[k]
		if k > 0 && behind(eff, seq) > 0 {
			route_[k] = route_[k-1]
			continue
		}
		eff = seq
	}
	return snapped, route_
}

// sigmaSample is the number of points estimateSigma looks at.
const sigmaSample = 64

// estimateSigma estimates the GPS standard deviation of a trace as Newson
// & Krumm do: 1.4826 × the median distance from the points to their
// nearest road (within EstimateRadius), on up to sigmaSample points spread
// over the trace, bounded to [MinEstimatedSigma, MaxEstimatedSigma].
func estimateSigma(g *route.Graph, pts []Point, skip []bool, bearing func(int) *route.Bearing) float64 {
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
