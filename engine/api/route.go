package api

import (
	"math"
	"net/http"
	"strconv"

	"waymark/engine"
	"waymark/engine/api/gate"
	"waymark/engine/api/osrm"
	"waymark/engine/route"
)

// Routing endpoints: directions, matrix and nearest, under the spec paths
// (/v1/directions/{profile}/{coordinates}, /matrix/…, /nearest/…, with or
// without /v1) and the plain OSRM v5 paths (/route/v1/…, /table/v1/…,
// /nearest/v1/…). Profiles driving/car and walking/foot are accepted on
// both. Responses and errors are OSRM v5's ("code": "Ok" on success).

// routeEndpoints lists the routing endpoints.
func (s *Server) routeEndpoints() []endpoint {
	return []endpoint{
		{Pattern: "/directions/{profile}/{coordinates}", Group: "routing", OSRM: true, Handler: s.handleDirections},
		{Pattern: "/route/v1/{profile}/{coordinates}", Group: "routing", OSRM: true, NoV1: true, Handler: s.handleDirections},
		{Pattern: "/matrix/{profile}/{coordinates}", Group: "routing", OSRM: true, Handler: s.handleMatrix},
		{Pattern: "/table/v1/{profile}/{coordinates}", Group: "routing", OSRM: true, NoV1: true, Handler: s.handleMatrix},
		{Pattern: "/nearest/{profile}/{coordinates}", Group: "routing", OSRM: true, Handler: s.handleNearest},
		{Pattern: "/nearest/v1/{profile}/{coordinates}", Group: "routing", OSRM: true, NoV1: true, Handler: s.handleNearest},
	}
}

var directionsParams = []string{"alternatives", "steps", "annotations", "geometries", "overview", "continue_straight", "waypoints"}

func (s *Server) handleDirections(w http.ResponseWriter, r *http.Request) {
	lim := s.limitsFor(r)
	p, oe := osrm.Parse(r, directionsParams, 2, lim.ViaRoute)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	out, geoms, oe := p.Output()
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	opt := route.RouteOptions{Output: out}
	switch v := p.Get("alternatives"); v {
	case "", "false":
	case "true":
		opt.Alternatives = 1
	default:
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			osrm.WriteError(w, p.Malformed("alternatives", "needs true, false or a number, got %q", v))
			return
		}
		if n > lim.Alternatives {
			osrm.WriteError(w, osrm.Errf("TooBig", "Requested number of alternatives is higher than current maximum (%d)", lim.Alternatives))
			return
		}
		opt.Alternatives = n
	}
	switch v := p.Get("continue_straight"); v {
	case "", "default":
	case "true", "false":
		b := v == "true"
		opt.ContinueStraight = &b
	default:
		osrm.WriteError(w, p.Malformed("continue_straight", "needs default, true or false, got %q", v))
		return
	}
	ends, oe := p.LegEnds(len(p.Coordinates))
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	opt.LegEnds = ends
	if !gate.Admit(w, r, gate.DirectionsCost(p.Coordinates, ends, opt, geoms)) {
		return
	}
	res, err := s.engine(r).Directions(r.Context(), engine.DirectionsRequest{SnapRequest: p.SnapRequest(), Options: opt})
	if err != nil {
		osrm.WriteRouteError(w, err, "NoRoute")
		return
	}
	wps := res.Waypoints
	if ends != nil {
		// only leg ends are waypoints of the response
		sel := make([]route.Waypoint, len(ends))
		for i, k := range ends {
			sel[i] = wps[k]
		}
		wps = sel
	}
	s.writeStream(w, r, func(js *osrm.Stream) {
		js.Raw(`{"code":"Ok","routes":`)
		js.Routes(res.Routes, geoms)
		if !p.SkipWaypts {
			js.Waypoints("waypoints", wps, p.NoHints)
		}
		js.Raw("}")
	})
}

// Bounds of the matrix's numeric options, so that the cells stay finite
// and do not all round to 0 at the answer's 0.1 (OSRM only asks for > 0:
// scale_factor=1e308 made +Inf and a 500, 1e-308 zeroed every duration).
// scale_factor: from 1e-3 (a 50-second cell still shows 0.1 s; no speed
// model means a thousandth) to 1e6 (a year-long cell stays a plain
// number). fallback_speed: from 1e-6 m/s (a 10,000 km gap takes 1e13 s,
// finite) to 1000 m/s, 3600 km/h (a 50 m gap still shows 0.1 s; nothing
// on roads goes faster).
const (
	minScale         = 1e-3
	maxScale         = 1e6
	minFallbackSpeed = 1e-6 // m/s
	maxFallbackSpeed = 1e3  // m/s
)

// orAll is the length of an index list, n for an absent one (all).
func orAll(k, n int) int {
	if k == 0 {
		return n
	}
	return k
}

var matrixParams = []string{"sources", "destinations", "annotations", "fallback_speed", "fallback_coordinate", "scale_factor"}

func (s *Server) handleMatrix(w http.ResponseWriter, r *http.Request) {
	lim := s.limitsFor(r)
	p, oe := osrm.Parse(r, matrixParams, 1, lim.Table)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	n := len(p.Coordinates)
	src, oe := p.Indexes("sources", n, true)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	dst, oe := p.Indexes("destinations", n, true)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	// As OSRM: sources may repeat an index, but the table may hold at most
	// as many cells as the coordinate limit allows (its square), so a long
	// list of repeats cannot make the work and memory grow without bound.
	if ns, nd := orAll(len(src), n), orAll(len(dst), n); ns*nd > lim.Table*lim.Table {
		osrm.WriteError(w, osrm.Errf("TooBig", "Too many table coordinates: %d sources × %d destinations is over %d cells",
			ns, nd, lim.Table*lim.Table))
		return
	}
	wantDur, wantDist := true, false
	if p.Has("annotations") {
		wantDur, wantDist = false, false
		switch p.Get("annotations") {
		case "duration":
			wantDur = true
		case "distance":
			wantDist = true
		case "duration,distance", "distance,duration":
			wantDur, wantDist = true, true
		default:
			osrm.WriteError(w, p.Malformed("annotations", "needs duration, distance or duration,distance, got %q", p.Get("annotations")))
			return
		}
	}
	fallback := 0.0
	if p.Has("fallback_speed") {
		f, err := strconv.ParseFloat(p.Get("fallback_speed"), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			osrm.WriteError(w, p.Malformed("fallback_speed", "needs a number, got %q", p.Get("fallback_speed")))
			return
		}
		if f < minFallbackSpeed || f > maxFallbackSpeed {
			osrm.WriteError(w, osrm.Errf("InvalidValue", "fallback_speed must be between %g and %g m/s", minFallbackSpeed, maxFallbackSpeed))
			return
		}
		fallback = f
	}
	snapped := false
	switch v := p.Get("fallback_coordinate"); v {
	case "", "input":
	case "snapped":
		snapped = true
	default:
		osrm.WriteError(w, p.Malformed("fallback_coordinate", "needs input or snapped, got %q", v))
		return
	}
	scale := 1.0
	if p.Has("scale_factor") {
		f, err := strconv.ParseFloat(p.Get("scale_factor"), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			osrm.WriteError(w, p.Malformed("scale_factor", "needs a number, got %q", p.Get("scale_factor")))
			return
		}
		if f < minScale || f > maxScale {
			osrm.WriteError(w, osrm.Errf("InvalidValue", "scale_factor must be between %g and %g", minScale, maxScale))
			return
		}
		scale = f
	}
	if !gate.Admit(w, r, gate.TableCost(len(p.Coordinates), orAll(len(src), n), orAll(len(dst), n), wantDist)) {
		return
	}
	res, err := s.engine(r).Table(r.Context(), engine.TableRequest{SnapRequest: p.SnapRequest(), Sources: src, Destinations: dst,
		Distances: wantDist, FallbackSpeed: fallback, FallbackSnapped: snapped, Scale: scale})
	if err != nil {
		osrm.WriteRouteError(w, err, "NoTable")
		return
	}
	s.writeStream(w, r, func(js *osrm.Stream) {
		js.Raw(`{"code":"Ok"`)
		if wantDur {
			js.Table("durations", res.Durations)
		}
		if wantDist {
			js.Table("distances", res.Distances)
		}
		if !p.SkipWaypts {
			js.Waypoints("sources", res.Sources, p.NoHints)
			js.Waypoints("destinations", res.Destinations, p.NoHints)
		}
		if len(res.Fallback) > 0 {
			js.Key(true, "fallback_speed_cells")
			js.Raw("[")
			for i, c := range res.Fallback {
				js.Sep(i)
				js.Raw("[")
				js.Int(int64(c[0]))
				js.Raw(",")
				js.Int(int64(c[1]))
				js.Raw("]")
			}
			js.Raw("]")
		}
		js.Raw("}")
	})
}

func (s *Server) handleNearest(w http.ResponseWriter, r *http.Request) {
	p, oe := osrm.Parse(r, []string{"number"}, 1, 1)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	n := 1
	if p.Has("number") {
		v, err := strconv.Atoi(p.Get("number"))
		if err != nil {
			osrm.WriteError(w, p.Malformed("number", "needs an integer, got %q", p.Get("number")))
			return
		}
		if max := s.limitsFor(r).Nearest; v < 1 || v > max {
			osrm.WriteError(w, osrm.Errf("InvalidOptions", "Number of results must be between 1 and %d", max))
			return
		}
		n = v
	}
	req := engine.NearestRequest{Profile: p.Profile, Coordinate: p.Coordinates[0], Number: n, Exclude: p.Exclude}
	if p.Bearings != nil {
		req.Bearing = p.Bearings[0]
	}
	if p.Radiuses != nil {
		req.Radius = p.Radiuses[0]
	}
	if p.Hints != nil {
		req.Hint = p.Hints[0]
	}
	if p.Curb != nil && p.Curb[0] {
		osrm.WriteError(w, osrm.Errf("InvalidValue", "approaches=curb has no meaning for nearest (no direction of travel)"))
		return
	}
	wps, err := s.engine(r).Nearest(r.Context(), req)
	if err != nil {
		osrm.WriteRouteError(w, err, "NoSegment")
		return
	}
	s.writeStream(w, r, func(js *osrm.Stream) {
		js.Raw(`{"code":"Ok","waypoints":`)
		if wps == nil {
			js.Raw("null")
		} else {
			js.WaypointList(wps, p.NoHints)
		}
		js.Raw("}")
	})
}
