package api

import (
	"html"
	"net/http"
	"strconv"
	"strings"

	"waymark/engine/api/osrm"
)

// Dialects. One implementation answers three: /v1/... (and LocationIQ's
// bare paths) speak LocationIQ, as the spec says; Nominatim's own bare
// paths (/search, /reverse, /lookup, /details, /status, and their legacy
// .php aliases) speak Nominatim, so that its clients and tests work
// unchanged; OSRM's paths (/route/v1/..., /table/v1/...) speak OSRM. The
// switch is made here, at the edge:
//
//   - booleans: LocationIQ takes 0 or 1 (anything else is a 400 naming the
//     parameter); Nominatim reads "0" as false and any other value as
//     true ("yes", "no", "-1" and "nan" included — its own tests
//     "truthy value … for addressdetails" rely on that);
//   - ids: place_id and osm_id are strings in LocationIQ's json search
//     and reverse records (spec 2.1), numbers in Nominatim's;
//   - formats: Nominatim's search defaults to jsonv2 and its lookup to xml
//     with every search format; LocationIQ's search defaults to json and
//     its lookup is json only (spec 4.5);
//   - error bodies: LocationIQ {"error": msg, "parameter": p} (400) or
//     {"error": msg}, JSONP-wrapped when a valid callback is given;
//     Nominatim's in the format asked for (format_error of its v1 API):
//     {"error": {"code": status, "message": msg}} for the JSON formats,
//     <error><code/><message/></error> for xml, "ERROR 400: msg" as text
//     otherwise (an unknown format, /status), never JSONP-wrapped; with
//     Nominatim's own messages where its tests state them ("Invalid
//     exclude ID: abc", "Invalid json_callback value", "Too many object
//     IDs.");
//   - nothing found: LocationIQ answers 404 {"error": "Unable to geocode"}
//     for the search operations and reverse; Nominatim 200 with [] for
//     search and 200 with {"error": "Unable to geocode"} (xml: an error
//     element) for reverse, also for coordinates out of range;
//   - limits: Nominatim takes up to 50 ids a lookup (LOOKUP_MAX_COUNT),
//     LocationIQ 3 (spec 8); Nominatim refuses more than one polygon_*
//     output with a 400 (POLYGON_OUTPUT_MAX_TYPES);
//   - unknown paths: OSRM's {"code": "InvalidUrl" | "InvalidService" |
//     "InvalidVersion", "message": ...} (400) for paths of OSRM's services
//     and LocationIQ's routing paths, LocationIQ's {"error": ...} (404)
//     under /v1, Nominatim's error object (404) elsewhere.

// nominatimPaths are the route patterns that speak Nominatim.
var nominatimPaths = map[string]bool{"/search": true, "/reverse": true, "/lookup": true, "/details": true, "/status": true}

// nominatimEndpoint returns the Nominatim endpoint a request came in on
// ("/search" for GET /search and /search.php), "" when it came in on
// another dialect's path.
func nominatimEndpoint(r *http.Request) string {
	p := r.Pattern
	if i := strings.IndexByte(p, ' '); i >= 0 { // "GET /search"
		p = p[i+1:]
	}
	p = strings.TrimSuffix(p, ".php")
	if nominatimPaths[p] {
		return p
	}
	return ""
}

// isNominatim reports whether the request came in on a Nominatim path.
func isNominatim(r *http.Request) bool { return nominatimEndpoint(r) != "" }

// nominatimDefaultFormat is each Nominatim endpoint's format when none is
// given (its v1 server glue).
var nominatimDefaultFormat = map[string]string{
	"/search": "jsonv2", "/reverse": "xml", "/lookup": "xml", "/details": "json", "/status": "text",
}

// nominatimErrorFormat is the form of a Nominatim error answer: "xml" or
// "json" when the request asked for a format of that kind the endpoint
// offers, "text" otherwise (Nominatim sets the content type from the
// format only once the format is accepted).
func nominatimErrorFormat(r *http.Request) string {
	ep := nominatimEndpoint(r)
	f := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("format")))
	if f == "" {
		f = nominatimDefaultFormat[ep]
	}
	switch ep {
	case "/status":
		if f == "json" {
			return "json"
		}
		return "text"
	case "/details":
		if f == "json" {
			return "json"
		}
		return "text"
	}
	switch f {
	case "json", "jsonv2", "geojson", "geocodejson":
		return "json"
	case "xml", "xmlv1.1":
		return "xml"
	}
	return "text"
}

// writeNominatimError writes Nominatim's error answer (format_error): in
// the request's format, never JSONP-wrapped.
func writeNominatimError(w http.ResponseWriter, r *http.Request, status int, msg string) {
	switch nominatimErrorFormat(r) {
	case "json":
		writeJSON(w, "", status, nominatimError(status, msg))
	case "xml":
		writeXMLBody(w, status, `<?xml version="1.0" encoding="UTF-8" ?>`+"\n<error><code>"+
			strconv.Itoa(status)+"</code><message>"+html.EscapeString(msg)+"</message></error>")
	default:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(status)
		w.Write([]byte("ERROR " + strconv.Itoa(status) + ": " + msg))
	}
}

// nominatimError is Nominatim's JSON error body.
func nominatimError(status int, msg string) map[string]any {
	return map[string]any{"error": map[string]any{"code": status, "message": msg}}
}

// osrmServices are the services of osrm-routed's URLs
// (/{service}/v{version}/{profile}/{query}).
var osrmServices = map[string]bool{"route": true, "table": true, "nearest": true, "trip": true, "match": true, "tile": true}

// locationIQRouting are the first segments of LocationIQ's routing paths.
var locationIQRouting = map[string]bool{"directions": true, "optimize": true, "matching": true, "matrix": true, "nearest": true}

// unknownPath answers a path no endpoint serves, in the dialect its
// prefix belongs to.
func unknownPath(w http.ResponseWriter, r *http.Request) {
	path := r.URL.EscapedPath()
	first, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	switch {
	case osrmServices[first]:
		uri := path
		if r.URL.RawQuery != "" {
			uri += "?" + r.URL.RawQuery
		}
		code, msg := osrmURLError(uri)
		osrm.WriteStatus(w, http.StatusBadRequest, code, msg)
	case first == "v1" || locationIQRouting[first]:
		if second, _, _ := strings.Cut(rest, "/"); locationIQRouting[first] || locationIQRouting[second] {
			osrm.WriteStatus(w, http.StatusBadRequest, "InvalidUrl", "Unknown path: "+r.URL.Path+"; routing paths are /v1/{service}/{profile}/{coordinates}")
			return
		}
		writeJSON(w, "", http.StatusNotFound, map[string]string{"error": "Unknown path: " + r.URL.Path})
	default:
		writeJSON(w, "", http.StatusNotFound, nominatimError(http.StatusNotFound, "Unknown path: "+r.URL.Path))
	}
}

// osrmURLError is osrm-routed's answer to a URL of one of its services
// that no endpoint here serves: InvalidUrl with the position where its
// grammar '/' service '/' 'v' version '/' profile '/' query fails (and 3
// characters of context either side), or, for a well-formed URL,
// InvalidVersion / InvalidService.
func osrmURLError(uri string) (code, msg string) {
	isIdent := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_.~:-", c) >= 0
	}
	isQuery := func(c byte) bool { return isIdent(c) || strings.IndexByte("[]{}@?|\\`^=,;:&().-", c) >= 0 }
	isHex := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
	i := 0
	fail := func() (string, string) {
		lo, hi := max(0, i-3), min(len(uri), i+3)
		return "InvalidUrl", "URL string malformed close to position " + strconv.Itoa(i) + ": \"" + uri[lo:hi] + "\""
	}
	lit := func(c byte) bool {
		if i < len(uri) && uri[i] == c {
			i++
			return true
		}
		return false
	}
	span := func(ok func(byte) bool) string {
		start := i
		for i < len(uri) && ok(uri[i]) {
			i++
		}
		return uri[start:i]
	}
	if !lit('/') {
		return fail()
	}
	service := span(isIdent)
	if service == "" || !lit('/') || !lit('v') {
		return fail()
	}
	version := span(func(c byte) bool { return c >= '0' && c <= '9' })
	if version == "" || !lit('/') || span(isIdent) == "" || !lit('/') {
		return fail()
	}
	start := i
	for i < len(uri) {
		switch {
		case uri[i] == '%' && i+2 < len(uri) && isHex(uri[i+1]) && isHex(uri[i+2]):
			i += 3
		case isQuery(uri[i]):
			i++
		default:
			return fail()
		}
	}
	if i == start {
		return fail()
	}
	if v, err := strconv.Atoi(version); !osrmServices[service] || service == "tile" {
		return "InvalidService", "Service " + service + " not found!"
	} else if err != nil || v != 1 {
		return "InvalidVersion", "Service " + service + " not found!"
	}
	return "InvalidUrl", "URL string malformed close to position " + strconv.Itoa(len(uri)) + ": \"" + uri[max(0, len(uri)-3):] + "\""
}
