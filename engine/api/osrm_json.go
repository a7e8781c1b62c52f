package api

// The OSRM v5 JSON of routing results: engine/route answers with domain
// types (typed maneuvers, orb geometries, unrounded numbers) and these
// functions write them as a stream (jsonstream.go), object by object,
// as geocoding's records are encoded here from geocode.Place. Numbers are
// rounded as OSRM's JSON rounds them: meters, seconds and weights to 0.1,
// coordinates and a waypoint's distance to 6 decimals. Fields are written
// in OSRM's order, optional ones left out as OSRM leaves them out.

import (
	"math"
	"waymark/engine/route/polyline"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
)

// geometries is the encoding of route and step geometries (geometries=).
type geometries uint8

const (
	geomPolyline geometries = iota
	geomPolyline6
	geoJSON
)

func round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// geometry writes a geometry in encoding g (null when ls is nil:
// overview=false).
func (s *jsonStream) geometry(g geometries, ls orb.LineString) {
	switch {
	case ls == nil:
		s.raw("null")
	case g == geoJSON:
		s.raw(`{"coordinates":[`)
		for i, p := range ls {
			s.sep(i)
			s.location(p)
		}
		s.raw(`],"type":"LineString"}`)
	case g == geomPolyline6:
		s.str(polyline.Encode(ls, 6))
	default:
		s.str(polyline.Encode(ls, 5))
	}
}

// location writes [lon, lat] rounded to 6 decimals.
func (s *jsonStream) location(p orb.Point) {
	s.buf = append(s.buf, '[')
	s.float(round6(p[0]))
	s.buf = append(s.buf, ',')
	s.float(round6(p[1]))
	s.buf = append(s.buf, ']')
}

// waypointFields writes the fields of OSRM's waypoint object (hint left
// out when empty or noHints; nodes when the waypoint has them).
func (s *jsonStream) waypointFields(w *route.Waypoint, noHints bool) {
	if w.Hint != "" && !noHints {
		s.key(false, "hint")
		s.str(w.Hint)
		s.raw(",")
	}
	s.key(false, "distance")
	s.float(round6(w.Distance))
	s.key(true, "name")
	s.str(w.Name)
	s.key(true, "location")
	s.location(w.Location)
	if len(w.Nodes) > 0 {
		s.key(true, "nodes")
		ints(s, w.Nodes)
	}
}

// waypoints writes `,"name":[...]` for a waypoint list; nothing for an
// empty one (skip_waypoints=true), as OSRM leaves it out.
func (s *jsonStream) waypoints(name string, wps []route.Waypoint, noHints bool) {
	if len(wps) == 0 {
		return
	}
	s.key(true, name)
	s.waypointList(wps, noHints)
}

// waypointList writes a list of waypoints.
func (s *jsonStream) waypointList(wps []route.Waypoint, noHints bool) {
	s.raw("[")
	for i := range wps {
		s.sep(i)
		s.raw("{")
		s.waypointFields(&wps[i], noHints)
		s.raw("}")
	}
	s.raw("]")
}

// routes writes a list of routes with geometries in encoding g.
func (s *jsonStream) routes(rs []route.Route, g geometries) {
	s.raw("[")
	for i := range rs {
		s.sep(i)
		s.raw("{")
		s.routeFields(&rs[i], g)
		s.raw("}")
	}
	s.raw("]")
}

// routeFields writes the fields of OSRM's route object.
func (s *jsonStream) routeFields(r *route.Route, g geometries) {
	s.key(false, "distance")
	s.float(round1(r.Distance))
	s.key(true, "duration")
	s.float(round1(r.Duration))
	s.key(true, "weight")
	s.float(round1(r.Weight))
	s.key(true, "weight_name")
	s.str(r.WeightName)
	if r.Geometry != nil {
		s.key(true, "geometry")
		s.geometry(g, r.Geometry)
	}
	s.key(true, "legs")
	s.raw("[")
	for i := range r.Legs {
		s.sep(i)
		s.leg(&r.Legs[i], g)
	}
	s.raw("]")
}

func (s *jsonStream) leg(l *route.Leg, g geometries) {
	s.raw("{")
	s.key(false, "distance")
	s.float(round1(l.Distance))
	s.key(true, "duration")
	s.float(round1(l.Duration))
	s.key(true, "weight")
	s.float(round1(l.Weight))
	s.key(true, "summary")
	s.str(l.Summary)
	s.key(true, "steps")
	s.raw("[")
	for i := range l.Steps {
		s.sep(i)
		s.step(&l.Steps[i], g)
	}
	s.raw("]")
	if a := l.Annotation; a != nil {
		s.key(true, "annotation")
		s.annotation(a)
	}
	s.raw("}")
}

// annotation writes OSRM's annotation object: each list left out when
// empty.
func (s *jsonStream) annotation(a *route.Annotation) {
	s.raw("{")
	comma := false
	list := func(name string, vs []float64) {
		if len(vs) > 0 {
			s.key(comma, name)
			s.floats(vs, round1)
			comma = true
		}
	}
	if len(a.Nodes) > 0 {
		s.key(comma, "nodes")
		ints(s, a.Nodes)
		comma = true
	}
	list("distance", a.Distance)
	list("duration", a.Duration)
	if len(a.Datasources) > 0 {
		s.key(comma, "datasources")
		ints(s, a.Datasources)
		comma = true
	}
	list("weight", a.Weight)
	list("speed", a.Speed)
	if a.Metadata != nil {
		s.key(comma, "metadata")
		s.raw(`{"datasource_names":`)
		s.strs(a.Metadata.DatasourceNames)
		s.raw("}")
	}
	s.raw("}")
}

// strs writes a list of strings (null for a nil slice).
func (s *jsonStream) strs(vs []string) {
	if vs == nil {
		s.raw("null")
		return
	}
	s.raw("[")
	for i, v := range vs {
		s.sep(i)
		s.str(v)
	}
	s.raw("]")
}

// step writes OSRM's step object: ref, destinations and rotary_name left
// out when empty.
func (s *jsonStream) step(st *route.Step, g geometries) {
	s.raw("{")
	s.key(false, "distance")
	s.float(round1(st.Distance))
	s.key(true, "duration")
	s.float(round1(st.Duration))
	s.key(true, "weight")
	s.float(round1(st.Weight))
	s.key(true, "name")
	s.str(st.Name)
	for _, f := range [...]struct{ name, v string }{{"ref", st.Ref}, {"destinations", st.Destinations}, {"rotary_name", st.RotaryName}} {
		if f.v != "" {
			s.key(true, f.name)
			s.str(f.v)
		}
	}
	s.key(true, "mode")
	s.str(st.Mode)
	s.key(true, "driving_side")
	s.str(st.DrivingSide)
	s.key(true, "geometry")
	s.geometry(g, st.Geometry)
	s.key(true, "maneuver")
	s.maneuver(&st.Maneuver)
	s.key(true, "intersections")
	if st.Intersections == nil {
		s.raw("null")
	} else {
		s.raw("[")
		for i := range st.Intersections {
			s.sep(i)
			s.intersection(&st.Intersections[i])
		}
		s.raw("]")
	}
	s.raw("}")
}

// maneuver writes OSRM's maneuver object: modifier and exit left out when
// none.
func (s *jsonStream) maneuver(m *route.Maneuver) {
	s.raw(`{"location":`)
	s.location(m.Location)
	s.key(true, "bearing_before")
	s.int(int64(m.BearingBefore))
	s.key(true, "bearing_after")
	s.int(int64(m.BearingAfter))
	s.key(true, "type")
	s.str(m.Type.String())
	if mod := m.Modifier.String(); mod != "" {
		s.key(true, "modifier")
		s.str(mod)
	}
	if m.Exit != 0 {
		s.key(true, "exit")
		s.int(int64(m.Exit))
	}
	s.raw("}")
}

// intersection writes OSRM's intersection object: in and out left out
// when none.
func (s *jsonStream) intersection(x *route.Intersection) {
	s.raw(`{"location":`)
	s.location(x.Location)
	s.key(true, "bearings")
	ints(s, x.Bearings)
	s.key(true, "entry")
	if x.Entry == nil {
		s.raw("null")
	} else {
		s.raw("[")
		for i, e := range x.Entry {
			s.sep(i)
			s.bool(e)
		}
		s.raw("]")
	}
	if x.In != nil {
		s.key(true, "in")
		s.int(int64(*x.In))
	}
	if x.Out != nil {
		s.key(true, "out")
		s.int(int64(*x.Out))
	}
	s.raw("}")
}

// tripWaypoints writes `,"waypoints":[...]` for an optimize answer: each
// waypoint with its waypoint_index and trips_index.
func (s *jsonStream) tripWaypoints(wps []engine.TripWaypoint, noHints bool) {
	if len(wps) == 0 {
		return
	}
	s.key(true, "waypoints")
	s.raw("[")
	for i := range wps {
		s.sep(i)
		s.raw("{")
		s.waypointFields(&wps[i].Waypoint, noHints)
		s.key(true, "waypoint_index")
		s.int(int64(wps[i].WaypointIndex))
		s.key(true, "trips_index")
		s.int(int64(wps[i].TripsIndex))
		s.raw("}")
	}
	s.raw("]")
}

// matchings writes a matching answer's routes, each with its confidence.
func (s *jsonStream) matchings(ms []engine.Matching, g geometries) {
	s.raw("[")
	for i := range ms {
		s.sep(i)
		s.raw("{")
		s.routeFields(&ms[i].Route, g)
		s.key(true, "confidence")
		s.float(ms[i].Confidence)
		s.raw("}")
	}
	s.raw("]")
}

// tracepoints writes `,"tracepoints":[...]` (null for a point not
// matched).
func (s *jsonStream) tracepoints(tps []*engine.MatchTracepoint, noHints bool) {
	if len(tps) == 0 {
		return
	}
	s.key(true, "tracepoints")
	s.raw("[")
	for i, tp := range tps {
		s.sep(i)
		if tp == nil {
			s.raw("null")
			continue
		}
		s.raw("{")
		s.waypointFields(&tp.Waypoint, noHints)
		s.key(true, "waypoint_index")
		if tp.WaypointIndex == nil {
			s.raw("null")
		} else {
			s.int(int64(*tp.WaypointIndex))
		}
		s.key(true, "matchings_index")
		s.int(int64(tp.MatchingsIndex))
		s.key(true, "alternatives_count")
		s.int(int64(tp.AlternativesCount))
		s.raw("}")
	}
	s.raw("]")
}

// table writes `,"name":[[...]]`: cells rounded to 0.1 (seconds or
// meters), null for a cell without a route; nothing for a nil table.
func (s *jsonStream) table(name string, m [][]float64) {
	if len(m) == 0 {
		return
	}
	s.key(true, name)
	s.raw("[")
	for i, row := range m {
		s.sep(i)
		s.raw("[")
		for j, v := range row {
			s.sep(j)
			if math.IsNaN(v) {
				s.raw("null")
			} else {
				s.float(round1(v))
			}
		}
		s.raw("]")
	}
	s.raw("]")
}
