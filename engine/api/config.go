package api

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// endpoint groups a token may be allowed to use. "*" (or an empty list)
// allows all of them.
var knownGroups = map[string]bool{
	"search": true, "reverse": true, "lookup": true, "autocomplete": true, "nearby": true,
	"routing": true, "status": true, "*": true,
}

// Token is one access token and what it may do.
type Token struct {
	Key string `json:"key"`
	// Groups lists the endpoint groups the token may use: search (search,
	// structured, postal code), reverse, lookup, autocomplete, nearby,
	// routing (directions, optimize, matching, matrix, nearest), status.
	// Empty or ["*"] allows all.
	Groups []string `json:"groups,omitempty"`
	// Rate and Burst override the server's default limit for this token.
	Rate  float64 `json:"rate,omitempty"`  // requests per second
	Burst int     `json:"burst,omitempty"` // bucket size
}

func (t Token) allows(group string) bool {
	if len(t.Groups) == 0 {
		return true
	}
	for _, g := range t.Groups {
		if g == "*" || g == group {
			return true
		}
	}
	return false
}

// Config configures the server's tokens and limits.
type Config struct {
	Tokens []Token `json:"tokens"`
	// Open serves requests that carry no key, as nominatim and
	// osrm-routed do (auth.go): they may use every endpoint, at the
	// default Rate per client address. A key given is still checked: a
	// token's groups and rates apply, and a wrong key is a 401. Without
	// Open every request needs a key (spec 5).
	Open bool `json:"open,omitempty"`
	// Rate and Burst are the default per-token token-bucket limit.
	Rate  float64 `json:"rate,omitempty"`  // requests per second; 0 (default): no limit
	Burst int     `json:"burst,omitempty"` // default 2×Rate, at least 1
	// OnRequest, when set, is called after every request (the window's log).
	OnRequest func(Request) `json:"-"`

	// Origins lists the web origins (e.g. "http://localhost:3000") whose
	// pages may call the API (CORS); empty: none, "*": any. Every answer
	// to an allowed origin carries the CORS headers, errors included, so
	// its page can read "Invalid key" or "Rate Limited Second".
	Origins []string `json:"origins,omitempty"`
	// Hosts lists the host names the server answers to besides IP
	// addresses and "localhost" (against DNS rebinding: a web page's own
	// name resolving to 127.0.0.1); "*": any.
	Hosts []string `json:"hosts,omitempty"`
	// DeadlineSeconds bounds one request's work (default 30); past it the
	// engine stops and the request gets a 503 (OSRM code Timeout).
	DeadlineSeconds float64 `json:"deadline_seconds,omitempty"`
	// Heavy bounds the heavy requests (routing requests estimated to take
	// over 10 ms of CPU or 4 MB of memory: large matrices, optimizations,
	// matchings, long or detailed directions) worked on at once (default:
	// one CPU fewer than the machine has, at least 1); more wait for a
	// turn, so the light requests stay fast under load (package gate).
	Heavy int `json:"heavy,omitempty"`
	// HeavyMemoryMB bounds the estimated memory of the heavy requests
	// not yet answered (default 128 MB); a request estimated above it
	// runs alone.
	HeavyMemoryMB int `json:"heavy_memory_mb,omitempty"`
	// HeavyShare is the share of the CPUs' time heavy work may take while
	// light requests keep them busy (default 0.1; 1: no such bound).
	HeavyShare float64 `json:"heavy_share,omitempty"`
	// MaxConns bounds the open connections (default 512); at the cap the
	// ones slow to send their headers, then idle ones, are closed to make
	// room, and when none is, more wait (package connlimit).
	MaxConns int `json:"max_conns,omitempty"`
	// MaxConnsPerAddr bounds the connections of one client address
	// (default: all but an eighth of MaxConns); past it that address's
	// own are closed as above, or the new one is.
	MaxConnsPerAddr int `json:"max_conns_per_addr,omitempty"`
	// CloseReplaced closes an engine replaced by Reload once its last
	// request has finished (serve sets it; the window manages its own).
	CloseReplaced bool `json:"-"`
	// Limits overrides the routing size limits of both dialects (zero
	// fields keep each dialect's default; see limits.go).
	Limits Limits `json:"limits,omitempty"`
	// Metrics, when set, is served at /metrics (feed it from OnRequest).
	Metrics *Metrics `json:"-"`
}

// LoadConfig reads a JSON config file:
//
//	{"rate": 20, "burst": 40,
//	 "tokens": [{"key": "abc", "groups": ["search", "reverse"], "rate": 5}]}
func LoadConfig(path string) (Config, error) {
	var c Config
	b, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("api: read config: %w", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("api: parse config %s: %w", path, err)
	}
	return c, c.validate()
}

func (c *Config) validate() error {
	if c.Rate < 0 || c.Burst < 0 {
		return errors.New("api: config: rate and burst must not be negative")
	}
	if l := c.Limits; l.ViaRoute < 0 || l.Table < 0 || l.Trip < 0 || l.Matching < 0 || l.Nearest < 0 || l.Alternatives < 0 {
		return errors.New("api: config: limits must not be negative")
	}
	if c.DeadlineSeconds < 0 || c.Heavy < 0 || c.MaxConns < 0 || c.MaxConnsPerAddr < 0 || c.HeavyMemoryMB < 0 {
		return errors.New("api: config: deadline_seconds, heavy, heavy_memory_mb, max_conns and max_conns_per_addr must not be negative")
	}
	if c.HeavyShare < 0 || c.HeavyShare > 1 {
		return errors.New("api: config: heavy_share must be between 0 and 1")
	}
	if err := validateOrigins(c.Origins); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, t := range c.Tokens {
		if t.Key == "" {
			return fmt.Errorf("api: config: token %d has an empty key", i)
		}
		if seen[t.Key] {
			return fmt.Errorf("api: config: token %q given twice", t.Key)
		}
		seen[t.Key] = true
		if t.Rate < 0 || t.Burst < 0 {
			return fmt.Errorf("api: config: token %q: rate and burst must not be negative", t.Key)
		}
		for _, g := range t.Groups {
			if !knownGroups[g] {
				return fmt.Errorf("api: config: token %q: unknown group %q", t.Key, g)
			}
		}
	}
	return nil
}

func (c *Config) lookup(key string) (Token, bool) {
	if key == "" {
		return Token{}, false
	}
	// Constant-time comparison, and every token compared, so the time
	// taken says nothing about how much of a key was right.
	found, ok := Token{}, false
	for _, t := range c.Tokens {
		if subtle.ConstantTimeCompare([]byte(t.Key), []byte(key)) == 1 && !ok {
			found, ok = t, true
		}
	}
	return found, ok
}
