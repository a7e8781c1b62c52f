package api

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"

	"waymark/engine"
	"waymark/engine/api/gate"
	"waymark/engine/api/osrm"
)

// Matching endpoints: /matching/{profile}/{coordinates} (with or without
// /v1) and OSRM's /match/v1/{profile}/{coordinates}.
//
// Parameters: the common routing options, timestamps (UNIX seconds,
// non-decreasing unless tidy=true), radiuses (the GPS standard deviation
// of each fix in meters, OSRM's meaning for matching; "unlimited" searches
// wide with the default σ; when absent σ is estimated from the trace, see
// engine.Match), gaps (split|ignore, default split), tidy (true|false),
// waypoints (indices that end legs, first and last included), steps,
// annotations, geometries, overview. approaches=curb is not supported for
// matching (InvalidOptions). The response is OSRM's: tracepoints (null for
// unmatched fixes) and matchings with confidence; NoSegment when no fix is
// near a road, NoMatch when nothing could be matched.

// matchEndpoints lists the matching endpoints.
func (s *Server) matchEndpoints() []endpoint {
	return []endpoint{
		{Pattern: "/matching/{profile}/{coordinates}", Group: "routing", OSRM: true, Handler: s.handleMatch},
		{Pattern: "/match/v1/{profile}/{coordinates}", Group: "routing", OSRM: true, NoV1: true, Handler: s.handleMatch},
	}
}

var matchParams = []string{"timestamps", "gaps", "tidy", "waypoints", "steps", "annotations", "geometries", "overview"}

// parseMatchRequest reads the matching-specific options into req, and the
// encoding of the answer's geometries.
func parseMatchRequest(p *osrm.Params) (engine.MatchRequest, osrm.Geometries, *osrm.Error) {
	n := len(p.Coordinates)
	req := engine.MatchRequest{Profile: p.Profile, Coordinates: p.Coordinates, Bearings: p.Bearings, Hints: p.Hints, SplitGaps: true, Exclude: p.Exclude}
	for _, c := range p.Curb {
		if c {
			return req, 0, osrm.Errf("InvalidOptions", "approaches=curb is not supported by the matching service")
		}
	}
	rs, oe := p.List("radiuses", n)
	if oe != nil {
		return req, 0, oe
	}
	if rs != nil {
		req.Radiuses = make([]float64, n)
		for i, v := range rs {
			switch v {
			case "":
				// default σ
			case "unlimited":
				req.Radiuses[i] = -1
			default:
				f, err := strconv.ParseFloat(v, 64)
				if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
					return req, 0, osrm.Errf("InvalidOptions", "Radiuses must be >= 0 or unlimited, got %q", v)
				}
				if f > engine.MaxMatchingRadius {
					return req, 0, osrm.Errf("TooBig", "Radius %g is over the maximum of %g m for map matching", f, engine.MaxMatchingRadius)
				}
				req.Radiuses[i] = math.Max(f, 1e-9)
			}
		}
	}
	ts, oe := p.List("timestamps", n)
	if oe != nil {
		return req, 0, oe
	}
	if ts != nil {
		req.Timestamps = make([]int64, n)
		for i, v := range ts {
			t, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil || t < 0 {
				return req, 0, p.Malformed("timestamps", "needs ;-separated non-negative integers (UNIX seconds), got %q", v)
			}
			req.Timestamps[i] = t
		}
	}
	switch v := p.Get("gaps"); v {
	case "", "split":
	case "ignore":
		req.SplitGaps = false
	default:
		return req, 0, p.Malformed("gaps", "needs split or ignore, got %q", v)
	}
	if req.Tidy, oe = p.Bool("tidy", false); oe != nil {
		return req, 0, oe
	}
	if !req.Tidy && req.Timestamps != nil {
		for i := 1; i < n; i++ {
			if req.Timestamps[i] < req.Timestamps[i-1] {
				return req, 0, osrm.Errf("InvalidValue", "Timestamps need to be monotonically increasing.")
			}
		}
	}
	ends, oe := p.LegEnds(n)
	if oe != nil {
		return req, 0, oe
	}
	req.Waypoints = ends
	var geoms osrm.Geometries
	if req.Output, geoms, oe = p.Output(); oe != nil {
		return req, 0, oe
	}
	return req, geoms, nil
}

func (s *Server) handleMatch(w http.ResponseWriter, r *http.Request) {
	p, oe := osrm.Parse(r, matchParams, 2, s.limitsFor(r).Matching)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	req, geoms, oe := parseMatchRequest(p)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	if !gate.Admit(w, r, gate.MatchCost(req.Coordinates, req.Output, geoms)) {
		return
	}
	res, err := s.engine(r).Match(r.Context(), req)
	switch {
	case errors.Is(err, engine.ErrNoMatch) && req.Waypoints != nil:
		osrm.WriteError(w, osrm.Errf("NoMatch", "Could not match the trace with the given waypoints."))
		return
	case err != nil:
		osrm.WriteRouteError(w, err, "NoMatch")
		return
	}
	s.writeStream(w, r, func(js *osrm.Stream) {
		js.Raw(`{"code":"Ok","matchings":`)
		js.Matchings(res.Matchings, geoms)
		if !p.SkipWaypts {
			js.Tracepoints(res.Tracepoints, p.NoHints)
		}
		js.Raw("}")
	})
}
