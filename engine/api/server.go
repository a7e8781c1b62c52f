// Package api serves the interface of ../shared/spec/api.md over net/http:
// parameter parsing and validation, JSON / XML / JSONP encoding, access tokens
// (401/403), per-token rate limits (429), error bodies and panic recovery.
// It holds no business logic: every answer comes from the engine facade.
//
// Every endpoint is served under /v1/... and at the bare path. Geocoding
// errors use LocationIQ/Nominatim bodies ({"error": "..."}; 400s add
// "parameter"), routing errors OSRM v5 bodies ({"code": ..., "message": ...}).
// Unknown query parameters are ignored, as Nominatim and LocationIQ do;
// every listed parameter is either implemented or rejected with a 400.
//
// endpoint files register themselves by adding their list to
// (*Server).endpoints in this file; each file owns one group of endpoints.
//
// The handlers live here; what they share with no server state has its
// own package below: osrm (the OSRM v5 dialect: request grammar, error
// bodies, the streamed JSON of routes, tables, trips and matchings), gate
// (admission of heavy requests and their cost estimates), connlimit (the
// listener's connection caps) and geomformat (the polygon_* geometry
// texts). The Nominatim formats (geocode_format.go, geocode_xml.go,
// geocode_params.go, options.go) stay: they share the query reader
// (params.go), the dialect's error writer (dialect.go) and the output
// options with the /v1 handlers of autocomplete and nearby.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"waymark/engine"
	"waymark/engine/api/connlimit"
	"waymark/engine/api/gate"
	"waymark/engine/api/osrm"
	"waymark/engine/pack"
)

// licence is the attribution string of every geocoding record, as
// Nominatim writes it (OSM_ATTRIBUTION).
const licence = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright"

// endpoint is one operation of the API.
type endpoint struct {
	// Pattern is a net/http ServeMux path pattern without method or /v1
	// prefix, e.g. "/search" or "/directions/{profile}/{coordinates}".
	Pattern string
	// Group names the permission a token needs (see Token.Groups), e.g.
	// "search", "reverse", "routing".
	Group string
	// NoV1 serves the pattern only as given (OSRM's own /route/v1/... paths).
	NoV1 bool
	// OSRM selects OSRM-style bodies for the auth, rate and server errors.
	OSRM bool
	// Open serves the endpoint without a key (the unknown-path answer).
	Open    bool
	Handler http.HandlerFunc
}

// Request describes one served request, for the window's live log.
type Request struct {
	Time     time.Time
	Method   string
	Path     string // path only; the query (which may hold the key) is left out
	Status   int
	Duration time.Duration
	Endpoint string // the route pattern, e.g. "/v1/search" (low cardinality, for metrics)
	Remote   string // the client's address
	Bytes    int64  // body bytes written
}

// Server is the loopback API over one engine. It is an http.Handler; Start
// and Shutdown run it on a listener for the window's server toggle.
type Server struct {
	engMu  sync.Mutex
	cur    *engineRef // see reload.go
	cfg    Config
	mux    *http.ServeMux
	limits *limiter // per token
	anon   *limiter // per client address, for requests without a key (Config.Open)
	guards *guards
	// streams keeps the buffers of the routing answers' encoders.
	streams sync.Pool
	count   atomic.Int64
	// notReady makes /readyz answer 503 (loading, or draining); see ops.go.
	notReady atomic.Bool

	mu  sync.Mutex
	srv *http.Server
	ln  net.Listener
}

// New returns a server answering from eng with the given tokens and limits.
func New(eng *engine.Engine, cfg Config) (*Server, error) {
	s, err := newServer(eng, cfg, nil)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// newServer builds a server; extra endpoints are added after the standard
// ones (tests use them to exercise the middleware).
func newServer(eng *engine.Engine, cfg Config, extra []endpoint) (*Server, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Server{cur: &engineRef{eng: eng, done: make(chan struct{})}, cfg: cfg, mux: http.NewServeMux(),
		limits: newLimiter(cfg), anon: newLimiter(Config{Rate: cfg.Rate, Burst: cfg.Burst}), guards: newGuards(cfg)}
	eps := append(s.endpoints(), extra...)
	for _, ep := range eps {
		h := s.wrap(ep)
		s.mux.Handle(ep.Pattern, h)
		if !ep.NoV1 {
			s.mux.Handle("/v1"+ep.Pattern, h)
		}
		if nominatimPaths[ep.Pattern] {
			// Nominatim's legacy URLs (SERVE_LEGACY_URLS, on by default).
			s.mux.Handle(ep.Pattern+".php", h)
		}
	}
	s.opsEndpoints()
	s.mux.Handle("/", s.wrap(endpoint{Pattern: "/", Handler: unknownPath, Open: true}))
	return s, nil
}

// endpoints lists every endpoint group of the API. Each group's file
// provides its function; add one line here per group.
func (s *Server) endpoints() []endpoint {
	var eps []endpoint
	eps = append(eps, s.statusEndpoints()...)
	eps = append(eps, s.autocompleteEndpoints()...)
	eps = append(eps, s.nearbyEndpoints()...)
	eps = append(eps, s.geocodeEndpoints()...)
	eps = append(eps, s.routeEndpoints()...)
	eps = append(eps, s.tripEndpoints()...)
	eps = append(eps, s.matchEndpoints()...)
	eps = append(eps, s.isochroneEndpoints()...)
	return eps
}

// ServeHTTP dispatches a request. Every answer to an allowed origin
// carries the CORS headers, and preflights are answered on every path
// (auth.go).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.guards.cors(w, r)
	if r.Method == http.MethodOptions {
		preflight(w, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Requests returns how many requests the server has answered.
func (s *Server) Requests() int64 { return s.count.Load() }

// Engine returns the engine new requests are answered from.
func (s *Server) Engine() *engine.Engine {
	s.engMu.Lock()
	defer s.engMu.Unlock()
	return s.cur.eng
}

// wrap applies, in order: panic recovery, request log, method check, token
// check, permission check and rate limit.
func (s *Server) wrap(ep endpoint) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			if v := recover(); v != nil {
				log.Printf("api: panic serving %s: %v\n%s", r.URL.Path, v, debug.Stack())
				if !rec.wrote {
					s.fail(rec, r, ep, http.StatusInternalServerError, "Internal server error")
				}
			}
			s.count.Add(1)
			if s.cfg.OnRequest != nil {
				s.cfg.OnRequest(Request{Time: start, Method: r.Method, Path: r.URL.Path, Status: rec.status, Duration: time.Since(start),
					Endpoint: r.Pattern, Remote: clientAddr(r), Bytes: rec.bytes})
			}
		}()
		if !s.guards.hostAllowed(r) {
			s.fail(rec, r, ep, http.StatusForbidden, "Host not allowed: "+r.Host)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			rec.Header().Set("Allow", "GET, HEAD, OPTIONS")
			s.fail(rec, r, ep, http.StatusMethodNotAllowed, "Method not allowed: use GET")
			return
		}
		if ep.Open {
			ep.Handler(rec, r)
			return
		}
		c, status, msg, retry := s.authorize(r)
		if status != 0 {
			if retry > 0 {
				rec.Header().Set("Retry-After", strconv.Itoa(retry))
			}
			s.fail(rec, r, ep, status, msg)
			return
		}
		tok := c.tok
		if !tok.allows(ep.Group) {
			s.fail(rec, r, ep, http.StatusForbidden, "Key not allowed to access "+ep.Group)
			return
		}
		if wait, ok := s.limiterFor(c).take(tok); !ok {
			secs := max(1, int(math.Ceil(wait.Seconds())))
			rec.Header().Set("Retry-After", fmt.Sprint(secs))
			s.fail(rec, r, ep, http.StatusTooManyRequests, "Rate Limited Second")
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.guards.deadline)
		defer cancel()
		ref := s.acquire()
		defer s.release(ref)
		// light until the handler weighs it (gate.Admit)
		t := s.guards.gate.Enter()
		defer t.Leave()
		ctx = context.WithValue(context.WithValue(ctx, osrmPathKey{}, ep.NoV1), gate.TicketKey{}, t)
		r = withEngine(r.WithContext(ctx), ref)
		ep.Handler(rec, r)
	})
}

// fail writes an error in the endpoint's style.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, ep endpoint, status int, msg string) {
	if ep.OSRM {
		code := map[int]string{
			http.StatusUnauthorized: "InvalidKey", http.StatusForbidden: "AccessDenied",
			http.StatusTooManyRequests: "TooManyRequests", http.StatusMethodNotAllowed: "InvalidUrl",
			http.StatusServiceUnavailable: "Timeout",
		}[status]
		if code == "" {
			code = "Error"
		}
		osrm.WriteStatus(w, status, code, msg)
		return
	}
	writeError(w, r, status, msg)
}

// tokenOf returns the access token from the key query parameter or an
// "Authorization: Bearer" header.
func tokenOf(r *http.Request) string {
	if k := r.URL.Query().Get("key"); k != "" {
		return k
	}
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool
	bytes  int64
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

// Start listens on addr (e.g. "127.0.0.1:8088"; port 0 picks a free one) and
// serves in the background. It returns the address actually bound.
func (s *Server) Start(addr string) (net.Addr, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		return nil, errors.New("api: server already running")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("api: listen %s: %w", addr, err)
	}
	lim := connlimit.NewListener(ln, s.cfg.MaxConns, s.cfg.MaxConnsPerAddr)
	// A client that never sends its request, or never reads the answer,
	// holds a connection (and the answer's memory) only this long.
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: s.guards.deadline + 30*time.Second, IdleTimeout: 60 * time.Second, ConnState: lim.Track}
	ln = lim
	s.srv, s.ln = srv, ln
	go srv.Serve(ln)
	return ln.Addr(), nil
}

// Shutdown stops a server started with Start, waiting for requests in flight
// until ctx ends; the port is free when it returns.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	srv := s.srv
	s.srv, s.ln = nil, nil
	s.mu.Unlock()
	if srv == nil {
		return nil
	}
	if err := srv.Shutdown(ctx); err != nil {
		srv.Close()
		return fmt.Errorf("api: shutdown: %w", err)
	}
	return nil
}

// Deadline is the longest one request may work (Config.DeadlineSeconds).
func (s *Server) Deadline() time.Duration { return s.guards.deadline }

// Running reports whether Start has been called without Shutdown.
func (s *Server) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.srv != nil
}

// statusEndpoints serves /status (Nominatim's health check).
func (s *Server) statusEndpoints() []endpoint {
	return []endpoint{{Pattern: "/status", Group: "status", Handler: func(w http.ResponseWriter, r *http.Request) {
		cb, err := callback(r)
		if err != nil {
			writeParamError(w, r, err)
			return
		}
		if r.URL.Query().Get("format") != "json" {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			fmt.Fprint(w, "OK")
			return
		}
		packs := []map[string]any{}
		var updated time.Time
		for _, p := range s.engine(r).Packs() {
			packs = append(packs, map[string]any{"name": p.Info.Name, "data_updated": p.Info.OSMTime.Format(time.RFC3339), "build_id": p.Info.BuildID})
			if p.Info.OSMTime.After(updated) {
				updated = p.Info.OSMTime
			}
		}
		// Nominatim's status fields: data_updated (newest pack data),
		// software_version, database_version (the pack format).
		software := "devel"
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
			software = bi.Main.Version
		}
		writeJSON(w, cb, http.StatusOK, map[string]any{"status": 0, "message": "OK", "packs": packs,
			"data_updated": updated.UTC().Format("2006-01-02T15:04:05+00:00"), "software_version": software,
			"database_version": strconv.Itoa(pack.FormatVersion)})
	}}}
}

// writeJSON writes v as JSON, wrapped as callback(json) when callback is set.
func writeJSON(w http.ResponseWriter, callback string, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"error":"Internal server error"}`))
		log.Printf("api: encode response: %v", err)
		return
	}
	if callback != "" {
		w.Header().Set("Content-Type", "application/javascript; charset=utf-8")
		w.WriteHeader(status)
		fmt.Fprintf(w, "%s(%s)", callback, b)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b)
}

// writeStream writes a 200 JSON answer as write produces it (the routing
// answers, osrm.Stream), through a buffer the server keeps between
// requests. A heavy request's slot at the gate is freed when the answer
// is encoded, or as soon as its client reads slower than it is produced
// (a write that blocks for the stream's slowWrite): the encoding is part
// of the heavy work, waiting on a slow client is not.
func (s *Server) writeStream(w http.ResponseWriter, r *http.Request, write func(*osrm.Stream)) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	js, _ := s.streams.Get().(*osrm.Stream)
	if js == nil {
		js = osrm.NewStream(nil)
	}
	var slow func()
	if t := gate.TicketOf(r); t != nil {
		slow = t.Worked
		defer t.Worked()
	}
	js.Reset(w, slow)
	write(js)
	js.Flush()
	js.Reset(nil, nil)
	s.streams.Put(js)
}

// writeError writes a geocoding-style error {"error": msg}, as JSONP when
// the request asks for it with a valid callback; Nominatim's error on its
// paths (dialect.go).
func writeError(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if isNominatim(r) {
		writeNominatimError(w, r, status, msg)
		return
	}
	cb, _ := callback(r)
	writeJSON(w, cb, status, map[string]string{"error": msg})
}

// writeGeocodeError writes {"error": msg} with the given status (e.g. 404
// "Unable to geocode").
func writeGeocodeError(w http.ResponseWriter, r *http.Request, status int, msg string) {
	writeError(w, r, status, msg)
}
