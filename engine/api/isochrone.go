package api

import (
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/api/gate"
	"waymark/engine/api/osrm"
	"waymark/engine/route"
)

// The isochrone endpoint, after the Mapbox isochrone API:
//
//	GET /v1/isochrone/{profile}/{lon},{lat}?contours_minutes=5,10,15
//
// with contours_minutes (at most 60) or contours_meters (at most
// 100,000), one to four, ascending; contours_colors (hex without #, 3 or
// 6 digits, one a contour; default Mapbox-like colors); polygons (true:
// Polygon/MultiPolygon with holes; false, the default as Mapbox's: each
// contour's rings as a LineString/MultiLineString); denoise (0 to 1,
// default 1: only the largest polygon of a contour; 0.5 drops those under
// half its area); generalize (meters of Douglas-Peucker tolerance; 0:
// the grid's outline; absent, as Mapbox chooses one: a grid cell,
// route.AutoGeneralize); exclude and the other common OSRM
// parameters (radiuses for the origin's snap, skip_waypoints,
// generate_hints). The profile is driving, walking or cycling (and their
// OSRM names). The answer is a GeoJSON FeatureCollection, one feature a
// contour, the largest first (so that a map draws the smaller above it),
// with properties contour (minutes or meters, as asked), metric ("time"
// or "distance"), color ("#rrggbb"), opacity, and for polygons fill,
// fill-opacity, fillColor, fillOpacity (Mapbox's names); plus the
// snapped origin as "waypoints" (a foreign member). Errors are the
// routing endpoints' OSRM bodies, naming the parameter; a contour's work
// goes through the gate's admission like the other routing requests.

// isochroneEndpoints lists the isochrone endpoint.
func (s *Server) isochroneEndpoints() []endpoint {
	return []endpoint{
		{Pattern: "/isochrone/{profile}/{coordinates}", Group: "routing", OSRM: true, Handler: s.handleIsochrone},
	}
}

var isochroneParams = []string{"contours_minutes", "contours_meters", "contours_colors", "polygons", "denoise", "generalize"}

// defaultIsoColors are the contours' colors when none are given, the
// smallest contour's first.
var defaultIsoColors = []string{"6706ce", "04e813", "4286f4", "ff9f00"}

// isoOpacity is every contour's opacity (Mapbox's 0.33).
const isoOpacity = 0.33

// isoRequest is a parsed isochrone query.
type isoRequest struct {
	opt      route.IsochroneOptions
	colors   []string // "#rrggbb", one a contour
	polygons bool
}

func (s *Server) handleIsochrone(w http.ResponseWriter, r *http.Request) {
	p, oe := osrm.Parse(r, isochroneParams, 1, 1)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	q, oe := parseIsochrone(p)
	if oe != nil {
		osrm.WriteError(w, oe)
		return
	}
	if !gate.Admit(w, r, gate.IsochroneCost(p.Profile, q.opt)) {
		return
	}
	req := engine.IsochroneRequest{Profile: p.Profile, Coordinate: p.Coordinates[0], Options: q.opt}
	if p.Radiuses != nil {
		req.Radius = p.Radiuses[0]
	}
	res, err := s.engine(r).Isochrone(r.Context(), req)
	if err != nil {
		osrm.WriteRouteError(w, err, "NoSegment")
		return
	}
	s.writeStream(w, r, func(js *osrm.Stream) {
		js.Raw(`{"type":"FeatureCollection","features":[`)
		for k := range res.Contours {
			i := len(res.Contours) - 1 - k
			js.Sep(k)
			isoFeature(js, &res.Contours[i], q, q.colors[i])
		}
		js.Raw("]")
		if !p.SkipWaypts {
			js.Waypoints("waypoints", []route.Waypoint{res.Waypoint}, p.NoHints)
		}
		js.Raw("}")
	})
}

// parseIsochrone reads the contours, their colors and their shape.
func parseIsochrone(p *osrm.Params) (isoRequest, *osrm.Error) {
	q := isoRequest{opt: route.IsochroneOptions{Exclude: p.Exclude}}
	name, scale, top := "contours_minutes", 60.0, 60.0
	switch {
	case p.Has("contours_minutes") && p.Has("contours_meters"):
		return q, osrm.Errf("InvalidOptions", "Give contours_minutes or contours_meters, not both")
	case p.Has("contours_meters"):
		name, scale, top, q.opt.ByDistance = "contours_meters", 1, 100000, true
	case !p.Has("contours_minutes"):
		return q, osrm.Errf("InvalidOptions", "contours_minutes or contours_meters is required")
	}
	parts := strings.Split(p.Get(name), ",")
	if len(parts) > route.MaxContours {
		return q, osrm.Errf("InvalidValue", "%s: at most %d contours, got %d", name, route.MaxContours, len(parts))
	}
	for _, s := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return q, p.Malformed(name, "needs numbers, comma-separated, got %q", s)
		}
		if v <= 0 || v > top {
			return q, osrm.Errf("InvalidValue", "%s: %v is out of range (0, %v]", name, v, top)
		}
		if n := len(q.opt.Limits); n > 0 && v*scale <= q.opt.Limits[n-1] {
			return q, osrm.Errf("InvalidValue", "%s: contours must ascend, got %v after %v", name, v, q.opt.Limits[n-1]/scale)
		}
		q.opt.Limits = append(q.opt.Limits, v*scale)
	}
	colors := defaultIsoColors[:len(q.opt.Limits)]
	if p.Has("contours_colors") {
		colors = strings.Split(p.Get("contours_colors"), ",")
		if len(colors) != len(q.opt.Limits) {
			return q, osrm.Errf("InvalidValue", "contours_colors: %d colors for %d contours", len(colors), len(q.opt.Limits))
		}
	}
	for _, c := range colors {
		hex, ok := hexColor(c)
		if !ok {
			return q, p.Malformed("contours_colors", "needs hex colors without #, got %q", c)
		}
		q.colors = append(q.colors, hex)
	}
	var oe *osrm.Error
	if q.polygons, oe = p.Bool("polygons", false); oe != nil {
		return q, oe
	}
	if q.opt.Denoise, oe = floatParam(p, "denoise", 1, 0, 1); oe != nil {
		return q, oe
	}
	if q.opt.Generalize, oe = floatParam(p, "generalize", route.AutoGeneralize, 0, route.MaxGeneralize); oe != nil {
		return q, oe
	}
	return q, nil
}

// hexColor returns "#rrggbb" for rgb or rrggbb hex digits.
func hexColor(c string) (string, bool) {
	if len(c) != 3 && len(c) != 6 {
		return "", false
	}
	if _, err := strconv.ParseUint(c, 16, 32); err != nil {
		return "", false
	}
	c = strings.ToLower(c)
	if len(c) == 3 {
		c = string([]byte{c[0], c[0], c[1], c[1], c[2], c[2]})
	}
	return "#" + c, true
}

// floatParam reads an optional number within [lo, hi].
func floatParam(p *osrm.Params, name string, def, lo, hi float64) (float64, *osrm.Error) {
	if !p.Has(name) {
		return def, nil
	}
	v, err := strconv.ParseFloat(p.Get(name), 64)
	if err != nil || math.IsNaN(v) {
		return 0, p.Malformed(name, "needs a number, got %q", p.Get(name))
	}
	if v < lo || v > hi {
		return 0, osrm.Errf("InvalidValue", "%s: %v is out of range [%v, %v]", name, v, lo, hi)
	}
	return v, nil
}

// isoFeature writes one contour as a GeoJSON feature.
func isoFeature(s *osrm.Stream, c *route.Contour, q isoRequest, color string) {
	s.Raw(`{"type":"Feature","properties":{"contour":`)
	if q.opt.ByDistance {
		s.Float(c.Limit)
		s.Raw(`,"metric":"distance"`)
	} else {
		s.Float(c.Limit / 60)
		s.Raw(`,"metric":"time"`)
	}
	s.Key(true, "color")
	s.Str(color)
	s.Key(true, "opacity")
	s.Float(isoOpacity)
	if q.polygons {
		s.Key(true, "fill")
		s.Str(color)
		s.Key(true, "fill-opacity")
		s.Float(isoOpacity)
		s.Key(true, "fillColor")
		s.Str(color)
		s.Key(true, "fillOpacity")
		s.Float(isoOpacity)
	}
	s.Raw(`},"geometry":`)
	contourGeometry(s, c.Polygons, q.polygons)
	s.Raw("}")
}

// contourGeometry writes a contour's polygons as a Polygon or a
// MultiPolygon, or with lines their rings as a LineString or a
// MultiLineString (an empty MultiPolygon or MultiLineString when none
// is left: the origin's road reaches nowhere within the contour).
func contourGeometry(s *osrm.Stream, ps []orb.Polygon, polygons bool) {
	ring := func(r orb.Ring) {
		s.Raw("[")
		for i, p := range r {
			s.Sep(i)
			s.Location(p)
		}
		s.Raw("]")
	}
	rings := func(p orb.Polygon) {
		s.Raw("[")
		for i, r := range p {
			s.Sep(i)
			ring(r)
		}
		s.Raw("]")
	}
	switch {
	case polygons && len(ps) == 1:
		s.Raw(`{"type":"Polygon","coordinates":`)
		rings(ps[0])
	case polygons:
		s.Raw(`{"type":"MultiPolygon","coordinates":[`)
		for i, p := range ps {
			s.Sep(i)
			rings(p)
		}
		s.Raw("]")
	case len(ps) == 1 && len(ps[0]) == 1:
		s.Raw(`{"type":"LineString","coordinates":`)
		ring(ps[0][0])
	default:
		s.Raw(`{"type":"MultiLineString","coordinates":[`)
		n := 0
		for _, p := range ps {
			for _, r := range p {
				s.Sep(n)
				ring(r)
				n++
			}
		}
		s.Raw("]")
	}
	s.Raw("}")
}
