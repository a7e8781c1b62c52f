package api

import (
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"time"

	"waymark/engine/api/gate"
)

// Request guards: the bounds every request is served within. The server
// is meant for local programs (loopback), and may be put behind a load
// balancer; either way no single request may take the machine, and a web
// page the user visits may not use the server on the user's behalf.
//
//   - Host allow-list: IP literals, "localhost" and Config.Hosts. A page of
//     evil.example whose name resolves to 127.0.0.1 (DNS rebinding) sends
//     "Host: evil.example" and is refused with 403.
//   - CORS: Access-Control-Allow-Origin only for Config.Origins (auth.go).
//   - Wrong keys: each client address may present at most failedKeyBurst
//     wrong keys, refilled at failedKeyRate per second; beyond, its
//     wrong-key attempts get 429, never its valid keys (auth.go).
//   - Deadline: the request's context ends after Config.DeadlineSeconds
//     (default 30 s) or when the client leaves; the engine's loops stop.
//   - Heavy requests: every routing request's cost is estimated before
//     its work starts (package gate); the heavy ones take turns at the gate
//     (package gate): at most Config.Heavy at a time, their memory within
//     Config.HeavyMemoryMB, and only Config.HeavyShare of the CPUs while
//     light requests keep them busy; their answers are written as a
//     stream (osrm.Stream), so light requests keep their latency, and
//     the server its memory, under load.
//   - Connections: at most Config.MaxConns open (default 512), at most
//     Config.MaxConnsPerAddr from one client address; at a cap the
//     connections slow to send their headers are closed first, then idle
//     ones (package connlimit); read, write and idle timeouts cut off clients that
//     never finish a request or never read the answer.

const (
	defaultDeadline = 30 * time.Second
	failedKeyRate   = 2.0 // wrong keys per second and client address, refill
	failedKeyBurst  = 20
)

// guards is the state of the request guards of one server.
type guards struct {
	deadline time.Duration
	gate     *gate.Gate
	origins  []string
	hosts    []string
	failed   *limiter // keyed by client address
}

func newGuards(c Config) *guards {
	g := &guards{deadline: defaultDeadline, origins: c.Origins, hosts: c.Hosts,
		failed: newLimiter(Config{Rate: failedKeyRate, Burst: failedKeyBurst})}
	if c.DeadlineSeconds > 0 {
		g.deadline = time.Duration(c.DeadlineSeconds * float64(time.Second))
	}
	cpus := runtime.NumCPU()
	slots := heavySlots(c)
	budget := int64(gate.DefaultMemory)
	if c.HeavyMemoryMB > 0 {
		budget = int64(c.HeavyMemoryMB) << 20
	}
	share := gate.DefaultShare
	if c.HeavyShare > 0 {
		share = c.HeavyShare
	}
	g.gate = gate.New(slots, budget, share, cpus)
	return g
}

// heavySlots is how many heavy requests work at once (Config.Heavy).
func heavySlots(c Config) int {
	if c.Heavy > 0 {
		return c.Heavy
	}
	return max(1, runtime.NumCPU()-1)
}

// Procs is the GOMAXPROCS a process serving with c should run with: one
// per CPU for the light requests and one per heavy slot, so that heavy
// work never holds the processor a light request waits for (Go's
// scheduler lets a busy goroutine run for 10 ms before the next). The
// operating system then shares the cores between them, and favours the
// light requests' threads, which sleep more. serve sets it; with Go's
// default (one per CPU), a light request waiting behind a heavy one on
// a 2-core machine took 2.8× its idle p99 instead of 1.8×.
func Procs(c Config) int { return runtime.NumCPU() + heavySlots(c) }

// hostAllowed reports whether the Host header names this server: an IP
// address, localhost, or a configured name.
func (g *guards) hostAllowed(r *http.Request) bool {
	h := r.Host
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
	if h == "" || h == "localhost" || net.ParseIP(h) != nil {
		return true
	}
	return slices.Contains(g.hosts, "*") || slices.Contains(g.hosts, h)
}

// clientAddr is the client's IP address (the failed-key bucket's key).
func clientAddr(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

// keyFailed spends one of the client address's wrong-key attempts; false
// (and how long until the next is allowed) when none is left.
func (g *guards) keyFailed(r *http.Request) (time.Duration, bool) {
	return g.failed.take(Token{Key: clientAddr(r)})
}
