package osrm

// The OSRM v5 JSON of routing results: engine/route answers with domain
// types (typed maneuvers, orb geometries, unrounded numbers) and these
// functions write them as a stream (Stream, stream.go), object by object,
// as geocoding's records are encoded here from geocode.Place. Numbers are
// rounded as OSRM's JSON rounds them: meters, seconds and weights to 0.1,
// coordinates and a waypoint's distance to 6 decimals. Fields are written
// in OSRM's order, optional ones left out as OSRM leaves them out.

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/engine/route/polyline"
)

// Geometries is the encoding of route and step geometries (geometries=).
type Geometries uint8

const (
	Polyline Geometries = iota
	Polyline6
	GeoJSON
)

func round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// geometry writes a geometry in encoding g (null when ls is nil:
// overview=false).
func (s *Stream) geometry(g Geometries, ls orb.LineString) {
	switch {
	case ls == nil:
		s.Raw("null")
	case g == GeoJSON:
		s.Raw(`{"coordinates":[`)
		for i, p := range ls {
			s.Sep(i)
			s.Location(p)
		}
		s.Raw(`],"type":"LineString"}`)
	case g == Polyline6:
		s.Str(polyline.Encode(ls, 6))
	default:
		s.Str(polyline.Encode(ls, 5))
	}
}

// Location writes [lon, lat] rounded to 6 decimals.
func (s *Stream) Location(p orb.Point) {
	s.buf = append(s.buf, '[')
	s.Float(round6(p[0]))
	s.buf = append(s.buf, ',')
	s.Float(round6(p[1]))
	s.buf = append(s.buf, ']')
}

// waypointFields writes the fields of OSRM's waypoint object (hint left
// out when empty or noHints; nodes when the waypoint has them).
func (s *Stream) waypointFields(w *route.Waypoint, noHints bool) {
	if w.Hint != "" && !noHints {
		s.Key(false, "hint")
		s.Str(w.Hint)
		s.Raw(",")
	}
	s.Key(false, "distance")
	s.Float(round6(w.Distance))
	s.Key(true, "name")
	s.Str(w.Name)
	s.Key(true, "location")
	s.Location(w.Location)
	if len(w.Nodes) > 0 {
		s.Key(true, "nodes")
		ints(s, w.Nodes)
	}
}

// Waypoints writes `,"name":[...]` for a waypoint list; nothing for an
// empty one (skip_waypoints=true), as OSRM leaves it out.
func (s *Stream) Waypoints(name string, wps []route.Waypoint, noHints bool) {
	if len(wps) == 0 {
		return
	}
	s.Key(true, name)
	s.WaypointList(wps, noHints)
}

// WaypointList writes a list of waypoints.
func (s *Stream) WaypointList(wps []route.Waypoint, noHints bool) {
	s.Raw("[")
	for i := range wps {
		s.Sep(i)
		s.Raw("{")
		s.waypointFields(&wps[i], noHints)
		s.Raw("}")
	}
	s.Raw("]")
}

// Routes writes a list of routes with geometries in encoding g.
func (s *Stream) Routes(rs []route.Route, g Geometries) {
	s.Raw("[")
	for i := range rs {
		s.Sep(i)
		s.Raw("{")
		s.routeFields(&rs[i], g)
		s.Raw("}")
	}
	s.Raw("]")
}

// routeFields writes the fields of OSRM's route object.
func (s *Stream) routeFields(r *route.Route, g Geometries) {
	s.Key(false, "distance")
	s.Float(round1(r.Distance))
	s.Key(true, "duration")
	s.Float(round1(r.Duration))
	s.Key(true, "weight")
	s.Float(round1(r.Weight))
	s.Key(true, "weight_name")
	s.Str(r.WeightName)
	if r.Geometry != nil {
		s.Key(true, "geometry")
		s.geometry(g, r.Geometry)
	}
	s.Key(true, "legs")
	s.Raw("[")
	for i := range r.Legs {
		s.Sep(i)
		s.leg(&r.Legs[i], g)
	}
	s.Raw("]")
}

func (s *Stream) leg(l *route.Leg, g Geometries) {
	s.Raw("{")
	s.Key(false, "distance")
	s.Float(round1(l.Distance))
	s.Key(true, "duration")
	s.Float(round1(l.Duration))
	s.Key(true, "weight")
	s.Float(round1(l.Weight))
	s.Key(true, "summary")
	s.Str(l.Summary)
	s.Key(true, "steps")
	s.Raw("[")
	for i := range l.Steps {
		s.Sep(i)
		s.step(&l.Steps[i], g)
	}
	s.Raw("]")
	if a := l.Annotation; a != nil {
		s.Key(true, "annotation")
		s.annotation(a)
	}
	s.Raw("}")
}

// annotation writes OSRM's annotation object: each list left out when
// empty.
func (s *Stream) annotation(a *route.Annotation) {
	s.Raw("{")
	comma := false
	list := func(name string, vs []float64) {
		if len(vs) > 0 {
			s.Key(comma, name)
			s.Floats(vs, round1)
			comma = true
		}
	}
	if len(a.Nodes) > 0 {
		s.Key(comma, "nodes")
		ints(s, a.Nodes)
		comma = true
	}
	list("distance", a.Distance)
	list("duration", a.Duration)
	if len(a.Datasources) > 0 {
		s.Key(comma, "datasources")
		ints(s, a.Datasources)
		comma = true
	}
	list("weight", a.Weight)
	list("speed", a.Speed)
	if a.Metadata != nil {
		s.Key(comma, "metadata")
		s.Raw(`{"datasource_names":`)
		s.strs(a.Metadata.DatasourceNames)
		s.Raw("}")
	}
	s.Raw("}")
}

// strs writes a list of strings (null for a nil slice).
func (s *Stream) strs(vs []string) {
	if vs == nil {
		s.Raw("null")
		return
	}
	s.Raw("[")
	for i, v := range vs {
		s.Sep(i)
		s.Str(v)
	}
	s.Raw("]")
}

// step writes OSRM's step object: ref, destinations and rotary_name left
// out when empty.
func (s *Stream) step(st *route.Step, g Geometries) {
	s.Raw("{")
	s.Key(false, "distance")
	s.Float(round1(st.Distance))
	s.Key(true, "duration")
	s.Float(round1(st.Duration))
	s.Key(true, "weight")
	s.Float(round1(st.Weight))
	s.Key(true, "name")
	s.Str(st.Name)
	for _, f := range [...]struct{ name, v string }{{"ref", st.Ref}, {"destinations", st.Destinations}, {"rotary_name", st.RotaryName}} {
		if f.v != "" {
			s.Key(true, f.name)
			s.Str(f.v)
		}
	}
	s.Key(true, "mode")
	s.Str(st.Mode)
	s.Key(true, "driving_side")
	s.Str(st.DrivingSide)
	s.Key(true, "geometry")
	s.geometry(g, st.Geometry)
	s.Key(true, "maneuver")
	s.maneuver(&st.Maneuver)
	s.Key(true, "intersections")
	if st.Intersections == nil {
		s.Raw("null")
	} else {
		s.Raw("[")
		for i := range st.Intersections {
			s.Sep(i)
			s.intersection(&st.Intersections[i])
		}
		s.Raw("]")
	}
	s.Raw("}")
}

// maneuver writes OSRM's maneuver object: modifier and exit left out when
// none.
func (s *Stream) maneuver(m *route.Maneuver) {
	s.Raw(`{"location":`)
	s.Location(m.Location)
	s.Key(true, "bearing_before")
	s.Int(int64(m.BearingBefore))
	s.Key(true, "bearing_after")
	s.Int(int64(m.BearingAfter))
	s.Key(true, "type")
	s.Str(m.Type.String())
	if mod := m.Modifier.String(); mod != "" {
		s.Key(true, "modifier")
		s.Str(mod)
	}
	if m.Exit != 0 {
		s.Key(true, "exit")
		s.Int(int64(m.Exit))
	}
	s.Raw("}")
}

// intersection writes OSRM's intersection object: in and out left out
// when none.
func (s *Stream) intersection(x *route.Intersection) {
	s.Raw(`{"location":`)
	s.Location(x.Location)
	s.Key(true, "bearings")
	ints(s, x.Bearings)
	s.Key(true, "entry")
	if x.Entry == nil {
		s.Raw("null")
	} else {
		s.Raw("[")
		for i, e := range x.Entry {
			s.Sep(i)
			s.Bool(e)
		}
		s.Raw("]")
	}
	if x.In != nil {
		s.Key(true, "in")
		s.Int(int64(*x.In))
	}
	if x.Out != nil {
		s.Key(true, "out")
		s.Int(int64(*x.Out))
	}
	s.Raw("}")
}

// TripWaypoints writes `,"waypoints":[...]` for an optimize answer: each
// waypoint with its waypoint_index and trips_index.
func (s *Stream) TripWaypoints(wps []engine.TripWaypoint, noHints bool) {
	if len(wps) == 0 {
		return
	}
	s.Key(true, "waypoints")
	s.Raw("[")
	for i := range wps {
		s.Sep(i)
		s.Raw("{")
		s.waypointFields(&wps[i].Waypoint, noHints)
		s.Key(true, "waypoint_index")
		s.Int(int64(wps[i].WaypointIndex))
		s.Key(true, "trips_index")
		s.Int(int64(wps[i].TripsIndex))
		s.Raw("}")
	}
	s.Raw("]")
}

// Matchings writes a matching answer's routes, each with its confidence.
func (s *Stream) Matchings(ms []engine.Matching, g Geometries) {
	s.Raw("[")
	for i := range ms {
		s.Sep(i)
		s.Raw("{")
		s.routeFields(&ms[i].Route, g)
		s.Key(true, "confidence")
		s.Float(ms[i].Confidence)
		s.Raw("}")
	}
	s.Raw("]")
}

// Tracepoints writes `,"tracepoints":[...]` (null for a point not
// matched).
func (s *Stream) Tracepoints(tps []*engine.MatchTracepoint, noHints bool) {
	if len(tps) == 0 {
		return
	}
	s.Key(true, "tracepoints")
	s.Raw("[")
	for i, tp := range tps {
		s.Sep(i)
		if tp == nil {
			s.Raw("null")
			continue
		}
		s.Raw("{")
		s.waypointFields(&tp.Waypoint, noHints)
		s.Key(true, "waypoint_index")
		if tp.WaypointIndex == nil {
			s.Raw("null")
		} else {
			s.Int(int64(*tp.WaypointIndex))
		}
		s.Key(true, "matchings_index")
		s.Int(int64(tp.MatchingsIndex))
		s.Key(true, "alternatives_count")
		s.Int(int64(tp.AlternativesCount))
		s.Raw("}")
	}
	s.Raw("]")
}

// Table writes `,"name":[[...]]`: cells rounded to 0.1 (seconds or
// meters), null for a cell without a route; nothing for a nil table.
func (s *Stream) Table(name string, m [][]float64) {
	if len(m) == 0 {
		return
	}
	s.Key(true, name)
	s.Raw("[")
	for i, row := range m {
		s.Sep(i)
		s.Raw("[")
		for j, v := range row {
			s.Sep(j)
			if math.IsNaN(v) {
				s.Raw("null")
			} else {
				s.Float(round1(v))
			}
		}
		s.Raw("]")
	}
	s.Raw("]")
}
