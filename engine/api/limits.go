package api

import "net/http"

// Limits bounds the size of routing requests, as osrm-routed's flags of
// the same names do: coordinates per directions (viaroute), table, trip and
// matching request, results of nearest, and alternatives. Past a limit the
// answer is OSRM's TooBig.
type Limits struct {
	ViaRoute     int `json:"max_viaroute_size,omitempty"`
	Table        int `json:"max_table_size,omitempty"`
	Trip         int `json:"max_trip_size,omitempty"`
	Matching     int `json:"max_matching_size,omitempty"`
	Nearest      int `json:"max_nearest_size,omitempty"`
	Alternatives int `json:"max_alternatives,omitempty"`
}

// The two dialects' defaults: the spec's (LocationIQ's cloud limits: 25
// coordinates) on /v1/... and the bare LocationIQ paths, osrm-routed's on
// OSRM's own paths (/route/v1, /table/v1, /trip/v1, /match/v1,
// /nearest/v1), so that stock OSRM clients work unchanged.
var (
	specLimits = Limits{ViaRoute: 25, Table: 25, Trip: 25, Matching: 25, Nearest: 100, Alternatives: 3}
	osrmLimits = Limits{ViaRoute: 500, Table: 100, Trip: 100, Matching: 100, Nearest: 100, Alternatives: 3}
)

// Over returns l with each set (> 0) field of o in place of l's.
func (l Limits) Over(o Limits) Limits {
	set := func(dst *int, v int) {
		if v > 0 {
			*dst = v
		}
	}
	set(&l.ViaRoute, o.ViaRoute)
	set(&l.Table, o.Table)
	set(&l.Trip, o.Trip)
	set(&l.Matching, o.Matching)
	set(&l.Nearest, o.Nearest)
	set(&l.Alternatives, o.Alternatives)
	return l
}

// limitsFor returns the limits of the request's dialect: Config.Limits
// (the flags) over the dialect's defaults.
func (s *Server) limitsFor(r *http.Request) Limits {
	if osrm, _ := r.Context().Value(osrmPathKey{}).(bool); osrm {
		return osrmLimits.Over(s.cfg.Limits)
	}
	return specLimits.Over(s.cfg.Limits)
}

type osrmPathKey struct{}
