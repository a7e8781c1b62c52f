package api

import (
	"context"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
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
//   - Heavy requests (matrix, optimize, matching) are worked on at most
//     Config.Heavy at a time (default: CPUs); more wait for a turn within
//     their deadline, so light requests keep their latency under load.
//   - Connections: at most Config.MaxConns open (default 512); read,
//     write and idle timeouts cut off clients that never finish a request
//     or never read the answer.

const (
	defaultDeadline = 30 * time.Second
	defaultMaxConns = 512
	failedKeyRate   = 2.0 // wrong keys per second and client address, refill
	failedKeyBurst  = 20
)

// guards is the state of the request guards of one server.
type guards struct {
	deadline time.Duration
	heavy    chan struct{}
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
	n := c.Heavy
	if n == 0 {
		n = runtime.NumCPU()
	}
	g.heavy = make(chan struct{}, n)
	return g
}

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

// acquireHeavy waits for a heavy request's turn until ctx ends; release
// must be called when it returns true.
func (g *guards) acquireHeavy(ctx context.Context) (release func(), ok bool) {
	select {
	case g.heavy <- struct{}{}:
		return func() { <-g.heavy }, true
	case <-ctx.Done():
		return nil, false
	}
}

// limitListener accepts at most n connections at once. A client that
// connects while all n are open is held (unserved, in its connection)
// until a slot frees; meanwhile every connection that is or becomes idle
// (keep-alive, waiting for its client's next request) is closed to make
// room, so idle clients cannot lock out new ones. track must be the
// server's ConnState hook.
type limitListener struct {
	net.Listener
	sem      chan struct{}
	idleSeen chan struct{} // poked when a connection turns idle
	mu       sync.Mutex
	idle     map[net.Conn]struct{}
}

func newLimitListener(l net.Listener, n int) *limitListener {
	if n <= 0 {
		n = defaultMaxConns
	}
	return &limitListener{Listener: l, sem: make(chan struct{}, n), idleSeen: make(chan struct{}, 1), idle: map[net.Conn]struct{}{}}
}

func (l *limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	for {
		select {
		case l.sem <- struct{}{}:
			return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
		default:
		}
		l.closeIdle()
		select {
		case l.sem <- struct{}{}:
			return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
		case <-l.idleSeen:
		}
	}
}

// closeIdle closes the idle connections.
func (l *limitListener) closeIdle() {
	l.mu.Lock()
	var victims []net.Conn
	for c := range l.idle {
		victims = append(victims, c)
		delete(l.idle, c)
	}
	l.mu.Unlock()
	for _, c := range victims {
		c.Close()
	}
}

// track follows the connections' states (http.Server.ConnState).
func (l *limitListener) track(c net.Conn, st http.ConnState) {
	l.mu.Lock()
	if st == http.StateIdle {
		l.idle[c] = struct{}{}
	} else {
		delete(l.idle, c)
	}
	l.mu.Unlock()
	if st == http.StateIdle {
		select {
		case l.idleSeen <- struct{}{}:
		default:
		}
	}
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
