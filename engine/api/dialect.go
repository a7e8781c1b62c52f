package api

import (
	"net/http"
	"strings"
)

// Dialects. One implementation answers both: /v1/... (and LocationIQ's
// bare paths) speak LocationIQ, as the spec says; Nominatim's own bare
// paths (/search, /reverse, /lookup, /details, /status) speak Nominatim,
// so that its clients and tests work unchanged. The switch is made here,
// at the edge, in three places only:
//
//   - booleans: LocationIQ takes 0 or 1 (anything else is a 400 naming the
//     parameter); Nominatim reads "0" as false and any other value as
//     true ("yes", "no", "-1" and "nan" included — its own tests
//     "truthy value … for addressdetails" rely on that);
//   - error bodies: LocationIQ {"error": msg, "parameter": p} (400) or
//     {"error": msg}; Nominatim {"error": {"code": status, "message": msg}},
//     JSONP-wrapped when a callback is given;
//   - reverse with nothing found: LocationIQ 404 {"error": "Unable to
//     geocode"}, Nominatim 200 with the same body;
//   - Nominatim also refuses more than one polygon_* output with a 400.

// nominatimPaths are the route patterns that speak Nominatim.
var nominatimPaths = map[string]bool{"/search": true, "/reverse": true, "/lookup": true, "/details": true, "/status": true}

// isNominatim reports whether the request came in on a Nominatim path.
func isNominatim(r *http.Request) bool {
	p := r.Pattern
	if i := strings.IndexByte(p, ' '); i >= 0 { // "GET /search"
		p = p[i+1:]
	}
	return nominatimPaths[p]
}

// nominatimError is Nominatim's error body.
func nominatimError(status int, msg string) map[string]any {
	return map[string]any{"error": map[string]any{"code": status, "message": msg}}
}
