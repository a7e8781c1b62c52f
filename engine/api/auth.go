package api

import (
	"fmt"
	"math"
	"net/http"
	"strings"
)

// Access: who a request is served as, and the CORS headers of its answer.
//
//   - A valid key (the key parameter, or an "Authorization: Bearer"
//     header) is served as its token: the token's groups and rate.
//   - No key at all: a 401, unless Config.Open is set (serve -open, the
//     window's "Open (no key)"); then the request is served as an
//     anonymous client with every group, at the default Rate per client
//     address, as nominatim and osrm-routed serve everybody.
//   - A wrong key: a 401, open or not (a program sending a key expects it
//     to count). Wrong keys are counted per client address
//     (failedKeyBurst, refilled at failedKeyRate a second); past them
//     that address's wrong-key attempts get 429 until the bucket refills.
//     Only the wrong-key attempts are refused: a valid key from the same
//     address is always served, so one misconfigured local program does
//     not lock every other local program out. A missing key guesses
//     nothing and is not counted.
//   - CORS: every answer to an allowed origin (Config.Origins) carries
//     Access-Control-Allow-Origin, errors (400, 401, 403, 404, 429, 5xx)
//     included, so a web page can read why it was refused; Retry-After is
//     exposed to it. An OPTIONS preflight on any path is answered 204 with
//     the methods and request headers a page may use (and, when asked,
//     Private Network Access for a public page calling this server).

// preflightMaxAge is how long a browser may cache a preflight (seconds),
// as Nominatim's CORS middleware says.
const preflightMaxAge = "86400"

// caller is who a request is served as.
type caller struct {
	tok  Token
	anon bool // no key, on an open server: rate-limited per client address
}

// authorize returns who r is served as, or the status and message of its
// refusal (401 wrong or missing key, 429 too many wrong keys from its
// address, with the seconds to wait).
func (s *Server) authorize(r *http.Request) (c caller, status int, msg string, retry int) {
	key := tokenOf(r)
	if key == "" && s.cfg.Open {
		return caller{tok: Token{Key: clientAddr(r)}, anon: true}, 0, "", 0
	}
	if tok, ok := s.cfg.lookup(key); ok {
		return caller{tok: tok}, 0, "", 0
	}
	if key != "" {
		if wait, ok := s.guards.keyFailed(r); !ok {
			return caller{}, http.StatusTooManyRequests, "Too many wrong keys from this address", max(1, int(math.Ceil(wait.Seconds())))
		}
	}
	return caller{}, http.StatusUnauthorized, "Invalid key", 0
}

// limiterFor returns the rate limiter of a caller: the tokens' one, or
// the anonymous callers' one (keyed by client address).
func (s *Server) limiterFor(c caller) *limiter {
	if c.anon {
		return s.anon
	}
	return s.limits
}

// cors sets the CORS headers of an answer to an allowed origin.
func (g *guards) cors(w http.ResponseWriter, r *http.Request) {
	o := r.Header.Get("Origin")
	if len(g.origins) == 0 {
		return
	}
	w.Header().Add("Vary", "Origin")
	if o == "" {
		return
	}
	allow := ""
	for _, a := range g.origins {
		if a == "*" {
			allow = "*"
			break
		}
		if a == o {
			allow = o
		}
	}
	if allow == "" {
		return
	}
	w.Header().Set("Access-Control-Allow-Origin", allow)
	w.Header().Set("Access-Control-Expose-Headers", "Retry-After")
}

// preflight answers a CORS preflight (OPTIONS) on any path: 204, with the
// methods and headers allowed when the origin is (cors has run).
func preflight(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Allow", "GET, HEAD, OPTIONS")
	if h.Get("Access-Control-Allow-Origin") != "" {
		h.Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Requested-With")
		h.Set("Access-Control-Max-Age", preflightMaxAge)
		if r.Header.Get("Access-Control-Request-Private-Network") == "true" {
			// Private Network Access: a page on a public site asking
			// for this loopback server, its origin allowed.
			h.Set("Access-Control-Allow-Private-Network", "true")
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// validateOrigins checks the configured CORS origins: "*", "null" (the
// origin of pages opened from files) or scheme://host[:port], no path.
func validateOrigins(origins []string) error {
	for _, o := range origins {
		if o == "*" || o == "null" {
			continue
		}
		scheme, rest, ok := strings.Cut(o, "://")
		if !ok || (scheme != "http" && scheme != "https") || rest == "" || strings.ContainsAny(rest, "/?#") {
			return fmt.Errorf("api: config: origin %q: want * or scheme://host[:port] (as a browser sends it, no path)", o)
		}
	}
	return nil
}
