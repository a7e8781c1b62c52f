package osrm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/engine/route/polyline"
)

// OSRM request parsing, shared by every routing endpoint (directions,
// matrix, nearest here; optimize and matching reuse it).
//
// Parameter grammar follows OSRM v5: a query parameter that is not part of
// the service's grammar makes the query unparsable, so it is rejected with
// InvalidQuery ("Query string malformed close to position N: unknown
// parameter 'x'"), except key (the access token). Malformed values are
// InvalidQuery; well-formed values that do not fit (count mismatches,
// ranges, waypoints) are InvalidOptions / InvalidValue as OSRM answers;
// a malformed coordinates path segment is InvalidUrl. Every OSRM option is
// implemented; exclude takes OSRM car.lua's classes motorway, toll and
// ferry in any combination (ferry only for walking and cycling: another
// class is InvalidValue "Exclude flag combination is not supported", as
// OSRM answers for a class its profile lacks).

// Error is an OSRM v5 error: HTTP 400 with {"code", "message"}.
type Error struct {
	Code, Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

func Errf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WriteError writes e (HTTP 400).
func WriteError(w http.ResponseWriter, e *Error) {
	WriteStatus(w, http.StatusBadRequest, e.Code, e.Message)
}

// osrmMessages are the messages of the OSRM codes the routing handlers
// answer errors with (osrm-routed's wording).
// WriteStatus writes an OSRM v5 error body {"code": code, "message": msg}
// with the given HTTP status.
func WriteStatus(w http.ResponseWriter, status int, code, msg string) {
	b, _ := json.Marshal(map[string]string{"code": code, "message": msg}) // a map of strings always encodes
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b)
}

var osrmMessages = map[string]string{
	"NoRoute":        "No route found between points",
	"NoTable":        "No table found",
	"NoTrips":        "No trip visiting all destinations possible.",
	"NoMatch":        "Could not match the trace.",
	"NoSegment":      "Could not find a matching segment for any coordinate",
	"NotImplemented": "This request is not supported",
}

// routeErrors are the engine errors that have an OSRM code of their own,
// tried in order after the errors WriteRouteError handles itself.
var routeErrors = []struct {
	err  error
	code string
}{
	{engine.ErrNoMatch, "NoMatch"},
	{engine.ErrNotImplemented, "NotImplemented"},
	{engine.ErrNoTrips, "NoTrips"},
	{route.ErrNoRoute, "NoRoute"},
}

// WriteRouteError maps an engine/route error to its OSRM body, the one
// table of the routing handlers: a parameter error as parsed, NoSegment
// (naming the coordinate when known), InvalidValue with the engine's
// explanation, NoRoute naming the regions of an engine.DisjointError
// and NoSegment saying a coordinate lies outside the installed regions,
// the codes of routeErrors, 503 past the deadline; anything
// else is logged and answered with the endpoint's fallback code and its
// standard message, never the error's text. All but 503 are HTTP 400 as
// in osrm-routed.
func WriteRouteError(w http.ResponseWriter, err error, fallback string) {
	var oe *Error
	var de *engine.DisjointError
	switch {
	case errors.As(err, &oe):
		WriteError(w, oe)
	case errors.Is(err, engine.ErrOutsideRegions):
		var se *engine.SnapError
		if errors.As(err, &se) {
			WriteError(w, Errf("NoSegment", "Could not find a matching segment for coordinate %d: it is outside the installed regions", se.Index))
		} else {
			WriteError(w, Errf("NoSegment", "Could not find a matching segment: a coordinate is outside the installed regions"))
		}
	case errors.Is(err, route.ErrNoSegment):
		var se *engine.SnapError
		if errors.As(err, &se) {
			WriteError(w, Errf("NoSegment", "Could not find a matching segment for coordinate %d", se.Index))
		} else {
			WriteError(w, Errf("NoSegment", "Could not find a matching segment for any coordinate"))
		}
	case errors.As(err, &de):
		// names both regions, so that the user knows what joins them
		WriteError(w, Errf("NoRoute", "%s", de.Error()))
	case errors.Is(err, route.ErrInvalidValue):
		WriteError(w, Errf("InvalidValue", "%s", err.Error()))
	case errors.Is(err, context.DeadlineExceeded):
		WriteStatus(w, http.StatusServiceUnavailable, "Timeout", "The request took longer than the server's deadline; ask for less (fewer coordinates, smaller radiuses)")
	case errors.Is(err, context.Canceled):
		WriteStatus(w, http.StatusServiceUnavailable, "Cancelled", "The request was cancelled")
	default:
		for _, re := range routeErrors {
			if errors.Is(err, re.err) {
				WriteError(w, Errf(re.code, "%s", osrmMessages[re.code]))
				return
			}
		}
		log.Printf("api: routing: %v", err)
		WriteError(w, Errf(fallback, "%s", osrmMessages[fallback]))
	}
}

// Params is a parsed routing request: path parts plus the query.
type Params struct {
	Profile     route.Profile
	Coordinates []orb.Point
	Bearings    []*route.Bearing
	Radiuses    []float64
	Hints       []string
	Curb        []bool // approaches=curb per coordinate
	AnySnap     bool   // snapping=any
	NoHints     bool   // generate_hints=false
	SkipWaypts  bool   // skip_waypoints=true
	// Exclude: exclude=motorway,toll,ferry (OSRM's classes; ferry for
	// every profile, motorway and toll for driving)
	Exclude route.Exclude
	q       url.Values
	raw     string
}

// Has reports whether the query carries name.
func (p *Params) Has(name string) bool { _, ok := p.q[name]; return ok }

// Get returns the last value of name ("" when absent).
func (p *Params) Get(name string) string {
	v := p.q[name]
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

// Malformed is the InvalidQuery error for parameter name.
func (p *Params) Malformed(name, format string, args ...any) *Error {
	pos := strings.Index(p.raw, name+"=")
	if pos < 0 {
		pos = 0
	}
	return Errf("InvalidQuery", "Query string malformed close to position %d: parameter '%s' %s", pos, name, fmt.Sprintf(format, args...))
}

// commonParams are the options of every OSRM service.
var commonParams = []string{"bearings", "radiuses", "hints", "approaches", "exclude", "snapping", "generate_hints", "skip_waypoints"}

// Parse parses the {profile} and {coordinates} path values and the
// query of a routing request. service lists the service's own options
// (beyond the common ones). maxCoords is the coordinate limit (TooBig
// beyond); minCoords the minimum (InvalidOptions below).
func Parse(r *http.Request, service []string, minCoords, maxCoords int) (*Params, *Error) {
	q, oe := rawQuery(r.URL.RawQuery)
	if oe != nil {
		return nil, oe
	}
	p := &Params{q: q, raw: r.URL.RawQuery}
	allowed := map[string]bool{"key": true}
	for _, k := range commonParams {
		allowed[k] = true
	}
	for _, k := range service {
		allowed[k] = true
	}
	keys := make([]string, 0, len(p.q))
	for k := range p.q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !allowed[k] {
			return nil, p.Malformed(k, "is unknown")
		}
	}
	prof, err := route.ParseProfile(r.PathValue("profile"))
	if err != nil {
		return nil, Errf("InvalidUrl", "Unknown profile '%s': use driving (car), walking (foot) or cycling (bike, bicycle)", r.PathValue("profile"))
	}
	p.Profile = prof
	coords, oe := parseCoordinates(r.PathValue("coordinates"))
	if oe != nil {
		return nil, oe
	}
	if minCoords == maxCoords && len(coords) != minCoords {
		return nil, Errf("InvalidOptions", "Number of coordinates needs to be exactly %d", minCoords)
	}
	if len(coords) > maxCoords {
		return nil, Errf("TooBig", "Number of entries %d is higher than current maximum (%d)", len(coords), maxCoords)
	}
	if len(coords) < minCoords {
		if minCoords == maxCoords {
			return nil, Errf("InvalidOptions", "Number of coordinates needs to be exactly %d", minCoords)
		}
		return nil, Errf("InvalidOptions", "Number of coordinates needs to be at least %d", minCoords)
	}
	p.Coordinates = coords
	n := len(coords)
	if oe := p.parseCommon(n); oe != nil {
		return nil, oe
	}
	return p, nil
}

// rawQuery parses a query string splitting on & only: OSRM lists are
// ;-separated and sent unescaped, which net/url's parser rejects.
func rawQuery(raw string) (url.Values, *Error) {
	v := url.Values{}
	pos := 0
	for _, kv := range strings.Split(raw, "&") {
		if kv == "" {
			pos++
			continue
		}
		k, val, _ := strings.Cut(kv, "=")
		k1, err1 := url.QueryUnescape(k)
		v1, err2 := url.QueryUnescape(val)
		if err1 != nil || err2 != nil {
			return nil, Errf("InvalidQuery", "Query string malformed close to position %d: bad escape", pos)
		}
		v[k1] = append(v[k1], v1)
		pos += len(kv) + 1
	}
	return v, nil
}

// List splits a ;-separated option; it checks the count against n.
func (p *Params) List(name string, n int) ([]string, *Error) {
	if !p.Has(name) {
		return nil, nil
	}
	parts := strings.Split(p.Get(name), ";")
	if len(parts) != n {
		return nil, Errf("InvalidOptions", "Number of %s (%d) does not match number of coordinates (%d)", name, len(parts), n)
	}
	return parts, nil
}

func (p *Params) parseCommon(n int) *Error {
	bs, oe := p.List("bearings", n)
	if oe != nil {
		return oe
	}
	if bs != nil {
		p.Bearings = make([]*route.Bearing, n)
		for i, b := range bs {
			if b == "" {
				continue
			}
			f := strings.Split(b, ",")
			if len(f) != 2 {
				return p.Malformed("bearings", "needs value,range pairs, got %q", b)
			}
			v, err1 := strconv.Atoi(f[0])
			rg, err2 := strconv.Atoi(f[1])
			if err1 != nil || err2 != nil {
				return p.Malformed("bearings", "needs integer value,range pairs, got %q", b)
			}
			if v < 0 || v > 360 || rg < 0 || rg > 180 {
				return Errf("InvalidOptions", "Bearings need to be in range 0..360 (value) and 0..180 (range), got %q", b)
			}
			p.Bearings[i] = &route.Bearing{Value: float64(v), Range: float64(rg)}
		}
	}
	rs, oe := p.List("radiuses", n)
	if oe != nil {
		return oe
	}
	if rs != nil {
		p.Radiuses = make([]float64, n)
		for i, s := range rs {
			if s == "" || s == "unlimited" {
				continue
			}
			f, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return p.Malformed("radiuses", "needs numbers or unlimited, got %q", s)
			}
			if f < 0 {
				return Errf("InvalidOptions", "Radiuses must be >= 0 or unlimited, got %q", s)
			}
			if f == 0 {
				f = 1e-9 // zero radius: only an exact hit snaps
			}
			p.Radiuses[i] = f
		}
	}
	hs, oe := p.List("hints", n)
	if oe != nil {
		return oe
	}
	p.Hints = hs
	as, oe := p.List("approaches", n)
	if oe != nil {
		return oe
	}
	if as != nil {
		p.Curb = make([]bool, n)
		for i, a := range as {
			switch a {
			case "", "unrestricted":
			case "curb":
				p.Curb[i] = true
			default:
				return p.Malformed("approaches", "needs curb or unrestricted, got %q", a)
			}
		}
	}
	x, err := route.ParseExclude(p.Get("exclude"))
	if err != nil {
		// as OSRM, which parses any class names and refuses those its
		// profile lacks
		return Errf("InvalidValue", "Exclude flag combination is not supported: exclude takes motorway, toll and ferry, comma-separated (%v).", err)
	}
	if bad := x &^ p.Profile.Excludable(); bad != 0 {
		return Errf("InvalidValue", "Exclude flag combination is not supported: %s routes cannot exclude %s.", p.Profile, bad)
	}
	p.Exclude = x
	switch p.Get("snapping") {
	case "", "default":
	case "any":
		p.AnySnap = true
	default:
		return p.Malformed("snapping", "needs default or any")
	}
	gh := true
	if gh, oe = p.Bool("generate_hints", true); oe != nil {
		return oe
	}
	p.NoHints = !gh
	if p.SkipWaypts, oe = p.Bool("skip_waypoints", false); oe != nil {
		return oe
	}
	return nil
}

// Bool parses a true/false option.
func (p *Params) Bool(name string, def bool) (bool, *Error) {
	if !p.Has(name) {
		return def, nil
	}
	switch p.Get(name) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return def, p.Malformed(name, "needs true or false, got %q", p.Get(name))
}

// Output parses steps, annotations and overview (directions, optimize,
// matching), and geometries, the encoding of the answer.
func (p *Params) Output() (route.Output, Geometries, *Error) {
	var o route.Output
	var g Geometries
	var err *Error
	if o.Steps, err = p.Bool("steps", false); err != nil {
		return o, g, err
	}
	if p.Has("annotations") {
		switch v := p.Get("annotations"); v {
		case "true":
			o.Annotations = route.AnnotateAll
		case "false":
		default:
			for _, a := range strings.Split(v, ",") {
				bit, ok := map[string]route.Annotations{"nodes": route.AnnotateNodes, "distance": route.AnnotateDistance,
					"duration": route.AnnotateDuration, "datasources": route.AnnotateDatasources,
					"weight": route.AnnotateWeight, "speed": route.AnnotateSpeed}[a]
				if !ok {
					return o, g, p.Malformed("annotations", "needs true, false or a list of nodes, distance, duration, datasources, weight, speed; got %q", a)
				}
				o.Annotations |= bit
			}
		}
	}
	switch p.Get("geometries") {
	case "", "polyline":
		g = Polyline
	case "polyline6":
		g = Polyline6
	case "geojson":
		g = GeoJSON
	default:
		return o, g, p.Malformed("geometries", "needs polyline, polyline6 or geojson")
	}
	switch p.Get("overview") {
	case "", "simplified":
		o.Overview = route.OverviewSimplified
	case "full":
		o.Overview = route.OverviewFull
	case "false":
		o.Overview = route.OverviewFalse
	default:
		return o, g, p.Malformed("overview", "needs simplified, full or false")
	}
	return o, g, nil
}

// Indexes parses a ;-separated index list (waypoints, sources,
// destinations), each in [0, n). "all" (when allowAll) gives nil.
func (p *Params) Indexes(name string, n int, allowAll bool) ([]int, *Error) {
	if !p.Has(name) {
		return nil, nil
	}
	v := p.Get(name)
	if allowAll && v == "all" {
		return nil, nil
	}
	parts := strings.Split(v, ";")
	out := make([]int, len(parts))
	for i, s := range parts {
		k, err := strconv.Atoi(s)
		if err != nil {
			return nil, p.Malformed(name, "needs ;-separated integers, got %q", s)
		}
		if k < 0 || k >= n {
			return nil, Errf("InvalidOptions", "Index %d in %s is out of range 0..%d", k, name, n-1)
		}
		out[i] = k
	}
	return out, nil
}

// parseCoordinates parses "lon,lat;lon,lat…", "polyline(…)" or
// "polyline6(…)" (an optional ".json" suffix is dropped, as OSRM's
// format suffix). Malformed text is InvalidUrl; values out of range are
// InvalidValue.
func parseCoordinates(s string) ([]orb.Point, *Error) {
	s = strings.TrimSuffix(s, ".json")
	if s == "" {
		return nil, Errf("InvalidUrl", "URL string malformed close to position 0: no coordinates")
	}
	for _, pf := range []struct {
		prefix    string
		precision int
	}{{"polyline6(", 6}, {"polyline(", 5}} {
		if strings.HasPrefix(s, pf.prefix) {
			if !strings.HasSuffix(s, ")") {
				return nil, Errf("InvalidUrl", "URL string malformed close to position %d: missing ')'", len(s))
			}
			pts, err := polyline.Decode(s[len(pf.prefix):len(s)-1], pf.precision)
			if err != nil {
				return nil, Errf("InvalidUrl", "URL string malformed close to position %d: invalid polyline", len(pf.prefix))
			}
			if len(pts) == 0 {
				return nil, Errf("InvalidUrl", "URL string malformed close to position %d: empty polyline", len(pf.prefix))
			}
			return pts, nil
		}
	}
	var pts []orb.Point
	pos := 0
	for _, pair := range strings.Split(s, ";") {
		f := strings.Split(pair, ",")
		if len(f) != 2 {
			return nil, Errf("InvalidUrl", "URL string malformed close to position %d: expected longitude,latitude", pos)
		}
		lon, err1 := strconv.ParseFloat(f[0], 64)
		lat, err2 := strconv.ParseFloat(f[1], 64)
		if err1 != nil || err2 != nil || strings.ContainsAny(pair, " +") {
			return nil, Errf("InvalidUrl", "URL string malformed close to position %d: expected numbers", pos)
		}
		if math.IsNaN(lon) || math.IsNaN(lat) || lon < -180 || lon > 180 || lat < -90 || lat > 90 {
			return nil, Errf("InvalidValue", "Invalid coordinate value.")
		}
		pts = append(pts, orb.Point{lon, lat})
		pos += len(pair) + 1
	}
	return pts, nil
}

// SnapRequest converts parsed parameters into the engine's snap request.
func (p *Params) SnapRequest() engine.SnapRequest {
	return engine.SnapRequest{Profile: p.Profile, Coordinates: p.Coordinates, Bearings: p.Bearings,
		Radiuses: p.Radiuses, Hints: p.Hints, Curb: p.Curb, AnyComponent: p.AnySnap, Exclude: p.Exclude}
}

// LegEnds parses the waypoints parameter (nil when absent) for n
// coordinates and checks it with route.CheckLegEnds, in OSRM's words.
func (p *Params) LegEnds(n int) ([]int, *Error) {
	ends, oe := p.Indexes("waypoints", n, false)
	if oe != nil || ends == nil {
		return nil, oe
	}
	switch err := route.CheckLegEnds(ends, n); {
	case errors.Is(err, route.ErrLegEndsOpen):
		return nil, Errf("InvalidValue", "First and last coordinates must be specified in waypoints.")
	case err != nil:
		return nil, Errf("InvalidValue", "Waypoints must be supplied in increasing order")
	}
	return ends, nil
}
