package api

// The OSRM v5 JSON of routing results: engine/route answers with domain
// types (typed maneuvers, orb geometries, unrounded numbers) and these
// types encode them, as geocoding's records are encoded here from
// geocode.Place. Numbers are rounded as OSRM's JSON rounds them: meters,
// seconds and weights to 0.1, coordinates and a waypoint's distance to 6
// decimals.

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
)

// geometries is the encoding of route and step geometries (geometries=).
type geometries uint8

const (
	polyline geometries = iota
	polyline6
	geoJSON
)

// encode renders a geometry (nil when ls is nil: overview=false).
func (g geometries) encode(ls orb.LineString) any {
	if ls == nil {
		return nil
	}
	switch g {
	case polyline6:
		return route.EncodePolyline(ls, 6)
	case geoJSON:
		coords := make([][2]float64, len(ls))
		for i, p := range ls {
			coords[i] = [2]float64{round6(p[0]), round6(p[1])}
		}
		return map[string]any{"type": "LineString", "coordinates": coords}
	}
	return route.EncodePolyline(ls, 5)
}

func round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// loc6 is a location rounded to 6 decimals.
func loc6(p orb.Point) [2]float64 { return [2]float64{round6(p[0]), round6(p[1])} }

// round1s rounds the values of an annotation (nil stays nil: omitted).
func round1s(v []float64) []float64 {
	if v == nil {
		return nil
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = round1(x)
	}
	return out
}

type osrmWaypoint struct {
	Hint     string     `json:"hint,omitempty"`
	Distance float64    `json:"distance"`
	Name     string     `json:"name"`
	Location [2]float64 `json:"location"`
	Nodes    []int64    `json:"nodes,omitempty"`
}

func newWaypoint(w route.Waypoint) osrmWaypoint {
	return osrmWaypoint{Hint: w.Hint, Distance: round6(w.Distance), Name: w.Name, Location: loc6(w.Location), Nodes: w.Nodes}
}

// osrmWaypoints encodes a waypoint list (nil stays nil: omitted).
func osrmWaypoints(wps []route.Waypoint) []osrmWaypoint {
	if wps == nil {
		return nil
	}
	out := make([]osrmWaypoint, len(wps))
	for i, w := range wps {
		out[i] = newWaypoint(w)
	}
	return out
}

type osrmRoute struct {
	Distance   float64   `json:"distance"`
	Duration   float64   `json:"duration"`
	Weight     float64   `json:"weight"`
	WeightName string    `json:"weight_name"`
	Geometry   any       `json:"geometry,omitempty"`
	Legs       []osrmLeg `json:"legs"`
}

type osrmLeg struct {
	Distance   float64         `json:"distance"`
	Duration   float64         `json:"duration"`
	Weight     float64         `json:"weight"`
	Summary    string          `json:"summary"`
	Steps      []osrmStep      `json:"steps"`
	Annotation *osrmAnnotation `json:"annotation,omitempty"`
}

type osrmAnnotation struct {
	Nodes       []int64                 `json:"nodes,omitempty"`
	Distance    []float64               `json:"distance,omitempty"`
	Duration    []float64               `json:"duration,omitempty"`
	Datasources []int                   `json:"datasources,omitempty"`
	Weight      []float64               `json:"weight,omitempty"`
	Speed       []float64               `json:"speed,omitempty"`
	Metadata    *osrmAnnotationMetadata `json:"metadata,omitempty"`
}

type osrmAnnotationMetadata struct {
	DatasourceNames []string `json:"datasource_names"`
}

type osrmStep struct {
	Distance      float64            `json:"distance"`
	Duration      float64            `json:"duration"`
	Weight        float64            `json:"weight"`
	Name          string             `json:"name"`
	Ref           string             `json:"ref,omitempty"`
	Destinations  string             `json:"destinations,omitempty"`
	RotaryName    string             `json:"rotary_name,omitempty"`
	Mode          string             `json:"mode"`
	DrivingSide   string             `json:"driving_side"`
	Geometry      any                `json:"geometry"`
	Maneuver      osrmManeuver       `json:"maneuver"`
	Intersections []osrmIntersection `json:"intersections"`
}

type osrmManeuver struct {
	Location      [2]float64 `json:"location"`
	BearingBefore int        `json:"bearing_before"`
	BearingAfter  int        `json:"bearing_after"`
	Type          string     `json:"type"`
	Modifier      string     `json:"modifier,omitempty"`
	Exit          int        `json:"exit,omitempty"`
}

type osrmIntersection struct {
	Location [2]float64 `json:"location"`
	Bearings []int      `json:"bearings"`
	Entry    []bool     `json:"entry"`
	In       *int       `json:"in,omitempty"`
	Out      *int       `json:"out,omitempty"`
}

// osrmRoutes encodes routes with geometries in encoding g.
func osrmRoutes(rs []route.Route, g geometries) []osrmRoute {
	out := make([]osrmRoute, len(rs))
	for i := range rs {
		out[i] = newRoute(&rs[i], g)
	}
	return out
}

func newRoute(r *route.Route, g geometries) osrmRoute {
	o := osrmRoute{Distance: round1(r.Distance), Duration: round1(r.Duration), Weight: round1(r.Weight), WeightName: r.WeightName,
		Geometry: g.encode(r.Geometry), Legs: make([]osrmLeg, len(r.Legs))}
	for i := range r.Legs {
		o.Legs[i] = newLeg(&r.Legs[i], g)
	}
	return o
}

func newLeg(l *route.Leg, g geometries) osrmLeg {
	o := osrmLeg{Distance: round1(l.Distance), Duration: round1(l.Duration), Weight: round1(l.Weight), Summary: l.Summary,
		Steps: make([]osrmStep, len(l.Steps))}
	for i := range l.Steps {
		o.Steps[i] = newStep(&l.Steps[i], g)
	}
	if a := l.Annotation; a != nil {
		o.Annotation = &osrmAnnotation{Nodes: a.Nodes, Distance: round1s(a.Distance), Duration: round1s(a.Duration),
			Datasources: a.Datasources, Weight: round1s(a.Weight), Speed: round1s(a.Speed)}
		if a.Metadata != nil {
			o.Annotation.Metadata = &osrmAnnotationMetadata{DatasourceNames: a.Metadata.DatasourceNames}
		}
	}
	return o
}

func newStep(s *route.Step, g geometries) osrmStep {
	m := s.Maneuver
	o := osrmStep{Distance: round1(s.Distance), Duration: round1(s.Duration), Weight: round1(s.Weight), Name: s.Name, Ref: s.Ref,
		Destinations: s.Destinations, RotaryName: s.RotaryName, Mode: s.Mode, DrivingSide: s.DrivingSide,
		Geometry: g.encode(s.Geometry),
		Maneuver: osrmManeuver{Location: loc6(m.Location), BearingBefore: m.BearingBefore, BearingAfter: m.BearingAfter,
			Type: m.Type.String(), Modifier: m.Modifier.String(), Exit: m.Exit}}
	if s.Intersections != nil {
		o.Intersections = make([]osrmIntersection, len(s.Intersections))
		for i, x := range s.Intersections {
			o.Intersections[i] = osrmIntersection{Location: loc6(x.Location), Bearings: x.Bearings, Entry: x.Entry, In: x.In, Out: x.Out}
		}
	}
	return o
}

type osrmTripWaypoint struct {
	osrmWaypoint
	WaypointIndex int `json:"waypoint_index"`
	TripsIndex    int `json:"trips_index"`
}

func osrmTripWaypoints(wps []engine.TripWaypoint, noHints bool) []osrmTripWaypoint {
	out := make([]osrmTripWaypoint, len(wps))
	for i, w := range wps {
		out[i] = osrmTripWaypoint{newWaypoint(w.Waypoint), w.WaypointIndex, w.TripsIndex}
		if noHints {
			out[i].Hint = ""
		}
	}
	return out
}

type osrmMatching struct {
	osrmRoute
	Confidence float64 `json:"confidence"`
}

type osrmTracepoint struct {
	osrmWaypoint
	WaypointIndex     *int `json:"waypoint_index"`
	MatchingsIndex    int  `json:"matchings_index"`
	AlternativesCount int  `json:"alternatives_count"`
}

func osrmMatchings(ms []engine.Matching, g geometries) []osrmMatching {
	out := make([]osrmMatching, len(ms))
	for i := range ms {
		out[i] = osrmMatching{newRoute(&ms[i].Route, g), ms[i].Confidence}
	}
	return out
}

// osrmTracepoints encodes tracepoints (nil for a point not matched).
func osrmTracepoints(tps []*engine.MatchTracepoint, noHints bool) []*osrmTracepoint {
	out := make([]*osrmTracepoint, len(tps))
	for i, tp := range tps {
		if tp == nil {
			continue
		}
		out[i] = &osrmTracepoint{newWaypoint(tp.Waypoint), tp.WaypointIndex, tp.MatchingsIndex, tp.AlternativesCount}
		if noHints {
			out[i].Hint = ""
		}
	}
	return out
}
