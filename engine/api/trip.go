package api

import (
	"net/http"

	"waymark/engine"
	"waymark/engine/api/gate"
	"waymark/engine/api/osrm"
)

// Optimize (OSRM trip) endpoints: /optimize/{profile}/{coordinates} (with
// or without /v1) and OSRM's /trip/v1/{profile}/{coordinates}.
//
// Parameters: the common routing options (bearings, radiuses, hints,
// approaches, snapping, generate_hints, skip_waypoints), roundtrip
// (true|false, default true), source (any|first, default any), destination
// (any|last, default any), steps, annotations, geometries, overview. As in
// OSRM (since v5.27), roundtrip=false needs source=first or
// destination=last: with source=first only the trip ends wherever is
// fastest, with destination=last only it starts wherever is fastest, and
// roundtrip=false&source=any&destination=any gives NotImplemented. A
// roundtrip with only destination=last starts and ends at the last
// coordinate, as OSRM's does. A trip that cannot visit every coordinate
// gives NoTrips. The response is OSRM's: waypoints in input order with
// waypoint_index (position in the trip) and trips_index, and one trip whose
// legs follow the visiting order.

// tripEndpoints lists the optimize endpoints.
func (s *Server) tripEndpoints() []endpoint {
	return []endpoint{
		{Pattern: "/optimize/{profile}/{coordinates}", Group: "routing", OSRM: true, Handler: s.handleTrip},
		{Pattern: "/trip/v1/{profile}/{coordinates}", Group: "routing", OSRM: true, NoV1: true, Handler: s.handleTrip},
	}
}

var tripParams = []string{"roundtrip", "source", "destination", "steps", "annotations", "geometries", "overview"}

// parseTripOptions reads roundtrip, source and destination.
func parseTripOptions(p *osrm.Params) (roundtrip, first, last bool, oe *osrm.Error) {
	if roundtrip, oe = p.Bool("roundtrip", true); oe != nil {
		return
	}
	switch v := p.Get("source"); v {
	case "", "any":
	case "first":
		first = true
	default:
		return false, false, false, p.Malformed("source", "needs any or first, got %q", v)
	}
	switch v := p.Get("destination"); v {
	case "", "any":
	case "last":
		last = true
	default:
		return false, false, false, p.Malformed("destination", "needs any or last, got %q", v)
	}
	if !roundtrip && !first && !last {
		return false, false, false, osrm.Errf("NotImplemented", "This request is not supported: roundtrip=false needs source=first or destination=last")
	}
	return roundtrip, first, last, nil
}

func (s *Server) handleTrip(w http.ResponseWriter, r *http.Request) {
	p, oe := osrm.Parse(r, tripParams, 2, s.limitsFor(r).Trip)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	out, geoms, oe := p.Output()
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	roundtrip, first, last, oe := parseTripOptions(p)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	if !gate.Admit(w, r, gate.TripCost(p.Coordinates, out, geoms)) {
		return
	}
	res, err := s.engine(r).Optimize(r.Context(), engine.OptimizeRequest{SnapRequest: p.SnapRequest(),
		Roundtrip: roundtrip, FixedSource: first, FixedDestination: last, Output: out})
	if err != nil {
		osrm.WriteRouteError(w, err, "NoTrips")
		return
	}
	s.writeStream(w, r, func(js *osrm.Stream) {
		js.Raw(`{"code":"Ok","trips":`)
		js.Routes(res.Trips, geoms)
		if !p.SkipWaypts {
			js.TripWaypoints(res.Waypoints, p.NoHints)
		}
		js.Raw("}")
	})
}
