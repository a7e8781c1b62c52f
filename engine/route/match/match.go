// Package match is the map matcher: it finds the roads a GPS trace was
// recorded on with a hidden Markov model (Newson & Krumm, "Hidden Markov Map
// Matching Through Noise and Sparseness", 2009) decoded by Viterbi.
//
// Its one job is Match: given the trace, the road candidates of every point
// and a function giving network distances between candidate sets, choose one
// candidate per point (or none for an outlier) and cut the trace into
// sub-matchings. It knows nothing about graphs: candidates come from the
// caller's snapping and distances from the caller's bounded many-to-many
// search, so it is tested on synthetic networks.
//
// Model and design choices (units: meters, seconds):
//   - States: the candidates of a point, i.e. projections on nearby road
//     edges within the search radius (SearchRadius: 3σ, as OSRM does). The
//     caller may split a candidate into one state per direction of travel
//     (engine.Match does, pricing a turn-around at a fix in DistanceFunc).
//   - Emission: Gaussian on the point→candidate distance,
//     log p = −½(d/σ)², σ the point's GPS standard deviation (OSRM's
//     radiuses parameter; DefaultSigma = 5 m, OSRM's default precision).
//   - Transition: exponential on |route distance − great-circle distance|
//     between consecutive points, log p = −|Δ|/β with β = Beta (tuned on the
//     synthetic traces of the engine's quality test), with one change: a
//     route shorter than the great-circle distance is free up to
//     ShortSlackSigmas·√(σ₁²+σ₂²), since noise mostly lengthens the distance
//     between fixes; without it dense noisy traces prefer spurious detours
//     into side streets whose length "explains" the noise.
//     Route distances for one step come from one bounded many-to-many call
//     (DistanceFunc) for all candidate pairs, never one route per pair. The
//     bound is 2·great-circle + 2·(search radii) + 150 m, and with
//     timestamps at most Options.MaxSpeed × elapsed time + the radii, so a
//     loop cannot "explain" a jittery fix. States scoring PruneLog below
//     their point's best are not extended.
//   - Outliers: when the transition into a point's best state costs more
//     than SuspectCost, the next point is reached both through it and directly
//     from the point before; if the direct way is better by more than
//     OutlierCost the point is dropped as an outlier (unmatched).
//   - Breakage: a point that no candidate of the previous point reaches is
//     skipped as an outlier (its tracepoint is unmatched); after
//     MaxBrokenPoints consecutive skips the sub-matching ends at the last
//     good point and a new one starts right after it. Points without
//     candidates are skipped likewise. With SplitGaps, a timestamp jump of
//     more than GapSeconds also starts a new sub-matching.
//   - Dense traces: a point within ThinSigmas·σ of the last point used is
//     left out of the Viterbi pass (Newson & Krumm's pre-filter: its
//     movement is below the noise, so it only adds spurious detours) and is
//     placed afterwards on the candidate that best fits the detour between
//     its matched neighbours (one small distance call each way).
//   - A sub-matching needs at least two points (as in OSRM); a lone matched
//     point is reported unmatched.
//   - Confidence of a sub-matching, in [0, 1]: the share of the points in
//     its span that were matched, times exp(−Σ|route − great-circle| /
//     Σ(great-circle + 4σ)) over its transitions: 1 when the matched route
//     is as long as the trace, lower as they disagree (4σ per step allows
//     for the GPS noise a trace's length carries).
//   - alternatives_count of a point: the number of its other candidates
//     whose Viterbi score is within AlternativeLogWindow of the chosen one.
package match

import (
	"errors"
	"fmt"
	"math"

	"github.com/paulmach/orb"
)

// Sentinel errors of Match.
var (
	// ErrNoMatch: no sub-matching of two or more points could be found, or
	// the requested waypoints could not all be matched in one sub-matching.
	ErrNoMatch = errors.New("match: no matching found")
	// ErrInput: inconsistent arguments (lengths, waypoint indices, times).
	ErrInput = errors.New("match: invalid input")
)

// Model constants; see the package comment.
const (
	// DefaultSigma is the GPS standard deviation in meters when the
	// caller gives none (OSRM's default GPS precision).
	DefaultSigma = 5.0
	// MinSigma bounds σ below, so a radius of 0 stays a usable model.
	MinSigma = 1.0
	// RadiusMultiplier: candidates are searched within this many σ.
	RadiusMultiplier = 3.0
	// Beta is the scale in meters of the transition distribution.
	Beta = 20.0
	// ShortSlackSigmas: a route shorter than the distance between two fixes
	// costs nothing up to this many times their combined σ (see transitions
	// in the package comment).
	ShortSlackSigmas = 2.0
	// PruneLog: states scoring this many log units below the best state
	// of their point are not extended (they cannot win in practice).
	PruneLog = 15.0
	// SuspectCost: a point whose cheapest transition costs more (log
	// units) is checked as a possible outlier (see skipBetter).
	SuspectCost = 2.0
	// OutlierCost is the log-probability price of declaring a point an
	// outlier and skipping it.
	OutlierCost = 4.0
	// GapSeconds: a larger jump between timestamps splits the trace when
	// SplitGaps is set.
	GapSeconds = 60
	// ThinSigmas: a point closer than this many σ to the previous point
	// used is left out of the HMM and placed on the result afterwards.
	ThinSigmas = 2.0
	// PlaceMaxDetourSigmas and PlaceMaxDetourMeters bound the detour a
	// thinned point may add to the matched path (see ThinSigmas).
	PlaceMaxDetourSigmas = 4.0
	PlaceMaxDetourMeters = 10.0
	// MaxBrokenPoints is the number of consecutive unreachable points
	// skipped as outliers before the trace is split.
	MaxBrokenPoints = 2
	// AlternativeLogWindow: candidates whose score is within this many
	// log units of the chosen one count as alternatives (ln 1000).
	AlternativeLogWindow = 6.9
)

// SearchRadius returns the candidate search radius in meters for a point
// of GPS standard deviation sigma (0 means DefaultSigma).
func SearchRadius(sigma float64) float64 {
	if sigma <= 0 {
		sigma = DefaultSigma
	}
	return RadiusMultiplier * math.Max(sigma, MinSigma)
}

// Point is one GPS observation.
type Point struct {
	Location orb.Point // [lon, lat]
	// Time in seconds since the UNIX epoch; read only when Options.Timestamps.
	Time int64
	// Sigma is the GPS standard deviation in meters; 0 means DefaultSigma.
	Sigma float64
}

// Candidate is a position on the road network a point may have been
// recorded on.
type Candidate struct {
	Location orb.Point // on the road, [lon, lat]
	Distance float64   // meters from the observed point to Location
	// Twin is 1 + the index of the candidate at the same road position
	// in the other direction of travel, 0 if none; alternatives_count
	// counts positions, not directions.
	Twin int
}

// DistanceFunc fills out, row-major (out[i*len(to)+j]), with the network
// distance in meters from candidate from[i] of point fromPoint to candidate
// to[j] of point toPoint (indices into those points' candidate lists as
// given to Match), +Inf when there is no route of at most maxDist meters.
// out is +Inf-filled on entry.
type DistanceFunc func(fromPoint, toPoint int, from, to []int, maxDist float64, out []float64)

// Options tune Match.
type Options struct {
	// Timestamps: Point.Time is set and increases (strictly or not).
	Timestamps bool
	// MaxSpeed in m/s bounds transitions between timestamped points
	// (0: no bound): a route longer than MaxSpeed × elapsed time plus the
	// search radii is impossible, so the point is skipped as an outlier.
	MaxSpeed float64
	// SplitGaps: start a new sub-matching when timestamps jump more than
	// GapSeconds (OSRM gaps=split). Impossible transitions always split.
	SplitGaps bool
	// Waypoints lists the trace indices that must be matched and end legs;
	// nil means every matched point. When set, all of them must be matched
	// in a single sub-matching, else ErrNoMatch (as OSRM).
	Waypoints []int
	// Skip marks points to leave out (e.g. removed by Tidy); nil keeps all.
	Skip []bool
}

// Matching is one matched sub-trace.
type Matching struct {
	// Points are the trace indices of the matched points, increasing.
	Points []int
	// Candidates[k] is the index of the chosen candidate of Points[k].
	Candidates []int
	// Alternatives[k] is the alternatives_count of Points[k].
	Alternatives []int
	// Confidence in [0, 1].
	Confidence float64
}

// Tracepoint says what became of one trace point.
type Tracepoint struct {
	Matched   bool
	Matching  int // index into Result.Matchings
	Index     int // position of the point in that matching's Points
	Candidate int // index into the point's candidates
}

// Result is the outcome of Match.
type Result struct {
	Matchings   []Matching
	Tracepoints []Tracepoint // one per trace point
}

// Match decodes the most likely candidate sequence of the trace. cands[i]
// are the candidates of points[i] (possibly none); dist gives network
// distances between the candidates of two points.
func Match(points []Point, cands [][]Candidate, dist DistanceFunc, opt Options) (Result, error) {
	n := len(points)
	if len(cands) != n {
		return Result{}, fmt.Errorf("%w: %d candidate lists for %d points", ErrInput, len(cands), n)
	}
	if opt.Skip != nil && len(opt.Skip) != n {
		return Result{}, fmt.Errorf("%w: %d skip flags for %d points", ErrInput, len(opt.Skip), n)
	}
	for k, w := range opt.Waypoints {
		if w < 0 || w >= n || (k > 0 && w <= opt.Waypoints[k-1]) {
			return Result{}, fmt.Errorf("%w: waypoints must be increasing indices below %d", ErrInput, n)
		}
	}
	m := newMatcher(points, cands, dist, opt)
	m.run()
	res := m.result()
	if len(res.Matchings) == 0 {
		return res, ErrNoMatch
	}
	if opt.Waypoints != nil {
		first := res.Tracepoints[opt.Waypoints[0]]
		for _, w := range opt.Waypoints {
			tp := res.Tracepoints[w]
			if !tp.Matched || tp.Matching != first.Matching || len(res.Matchings) > 1 {
				return res, fmt.Errorf("%w: waypoint %d cannot be matched in one sub-trace with the others", ErrNoMatch, w)
			}
		}
	}
	return res, nil
}
