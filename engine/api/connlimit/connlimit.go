// Package connlimit is the API server's listener: it caps the connections
// it holds, in all and per client address, and makes room at a cap by
// closing the connections that wait on their client (slow headers first,
// then idle keep-alives), never one whose request is being served. Input:
// a net.Listener and the caps (engine/api's Config.MaxConns and
// MaxConnsPerAddr); output: a net.Listener whose Track method must be the
// http.Server's ConnState hook. The policy and its reasons follow.
package connlimit

import (
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Connection limits. The listener holds at most Config.MaxConns
// connections (default 512), and at most Config.MaxConnsPerAddr from one
// client address (default: all but an eighth of MaxConns, so that 64 of
// 512 stay for other addresses whatever one client does; on loopback
// every local program shares 127.0.0.1 and the cap leaves it most of the
// slots). At a cap, room is made by closing the connections that wait on
// their client, in this order:
//
//  1. connections that have not finished sending their first request's
//     headers within SlowHeader (1 s; a client on loopback sends them in
//     microseconds), oldest first;
//  2. idle keep-alive connections (waiting for their next request, or
//     still sending its headers), longest idle first.
//
// A connection whose request is being served is never closed. At the
// server's cap with nothing to close, a new connection waits (unserved,
// in its connection) until there is: its client's requests are answered
// as soon as a slot frees. At an address's own cap only that address's
// connections are closed, and with nothing to close the new one is
// refused rather than waited for (waiting would hold every other
// client's new connection too): one client can neither take every slot
// nor make the server close other clients' connections.
//
// A connection closed while it sends its headers, or refused, is shelved:
// the server stops reading it at once but closes it only SlowHeader
// later (at most maxShelved at once; beyond, at once). A client that
// re-opens a connection as soon as the server closes it therefore
// re-opens it at most once a second, instead of closing another of its
// own in turn, which would close the next... until none of its
// connections were old enough to be told slow, and a client sharing its
// address (every local program on loopback) found none to make room
// with. So slow-header connections, which the server's 10 s header
// timeout alone would let hold a slot for 10 s, hold one for about a
// second once the server is full, and cost it a few hundred accepts a
// second at most.
//
// http.ConnState tells the states: StateNew until the first request's
// headers are read, StateActive while a request is served, StateIdle
// between requests (including while the next one's headers arrive).

const (
	defaultMaxConns = 512
	SlowHeader      = time.Second
	// recheck is how often a listener waiting for room looks again for
	// connections that turned slow.
	recheck = 100 * time.Millisecond
	// maxShelved bounds the shelved connections.
	maxShelved = 256
)

// Listener is a listener with the connection limits above; Track
// must be the server's ConnState hook.
type Listener struct {
	net.Listener
	max, perAddr int

	mu      sync.Mutex
	conns   map[*limitConn]struct{}
	perHost map[string]int
	changed chan struct{} // poked when a connection closes or turns idle
	done    chan struct{} // closed by Close
	once    sync.Once
	shelved atomic.Int64
}

// limitConn is a connection of a Listener.
type limitConn struct {
	net.Conn
	l       *Listener
	host    string
	state   http.ConnState // under l.mu
	since   time.Time      // when it entered its state
	once    sync.Once
	shelved atomic.Bool // closed later by shelve, not by Close
}

// NewListener wraps l with the caps maxConns (0: 512) and perAddr (0:
// all but an eighth of maxConns).
func NewListener(l net.Listener, maxConns, perAddr int) *Listener {
	if maxConns <= 0 {
		maxConns = defaultMaxConns
	}
	if perAddr <= 0 {
		perAddr = maxConns - maxConns/8
	}
	return &Listener{Listener: l, max: maxConns, perAddr: min(perAddr, maxConns), conns: map[*limitConn]struct{}{},
		perHost: map[string]int{}, changed: make(chan struct{}, 1), done: make(chan struct{})}
}

// Accept returns the next connection once there is room for it.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := c.RemoteAddr().String()
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		lc := &limitConn{Conn: c, l: l, host: host, state: http.StateNew}
		if l.admit(lc) {
			return lc, nil
		}
		l.shelve(c)
	}
}

// admit makes room for lc and registers it; false when its address is
// at its cap with nothing of its own to close, or the listener closes.
func (l *Listener) admit(lc *limitConn) bool {
	l.mu.Lock()
	if l.perHost[lc.host] >= l.perAddr {
		v := l.victim(lc.host)
		if v == nil {
			l.mu.Unlock()
			return false
		}
		l.evict(v)
	}
	for len(l.conns) >= l.max {
		if v := l.victim(""); v != nil {
			l.evict(v)
			continue
		}
		l.mu.Unlock()
		select {
		case <-l.changed:
		case <-time.After(recheck):
		case <-l.done:
			return false
		}
		l.mu.Lock()
	}
	lc.since = time.Now()
	l.conns[lc] = struct{}{}
	l.perHost[lc.host]++
	l.mu.Unlock()
	return true
}

// victim returns the connection to close first (of host only, when
// given), or nil when none may be closed.
func (l *Listener) victim(host string) *limitConn {
	var slow, idle *limitConn
	cutoff := time.Now().Add(-SlowHeader)
	for c := range l.conns {
		if host != "" && c.host != host {
			continue
		}
		switch {
		case c.state == http.StateNew && c.since.Before(cutoff) && (slow == nil || c.since.Before(slow.since)):
			slow = c
		case c.state == http.StateIdle && (idle == nil || c.since.Before(idle.since)):
			idle = c
		}
	}
	if slow != nil {
		return slow
	}
	return idle
}

// evict forgets c and closes it: an idle one at once (its client learns
// it at once and opens another when it needs one), one still sending its
// headers shelved (l.mu held; neither takes it).
func (l *Listener) evict(c *limitConn) {
	l.forget(c)
	if c.state != http.StateNew {
		c.Conn.Close()
		return
	}
	c.shelved.Store(true)
	l.shelve(c.Conn)
}

// shelve stops reading c at once and closes it SlowHeader later, or at
// once when maxShelved connections are shelved.
func (l *Listener) shelve(c net.Conn) {
	if l.shelved.Add(1) > maxShelved {
		l.shelved.Add(-1)
		c.Close()
		return
	}
	if cr, ok := c.(interface{ CloseRead() error }); ok {
		cr.CloseRead() // the server's read of it ends now
	}
	time.AfterFunc(SlowHeader, func() {
		c.Close()
		l.shelved.Add(-1)
	})
}

// forget removes c from the counts (l.mu held).
func (l *Listener) forget(c *limitConn) {
	if _, ok := l.conns[c]; !ok {
		return
	}
	delete(l.conns, c)
	if l.perHost[c.host]--; l.perHost[c.host] <= 0 {
		delete(l.perHost, c.host)
	}
}

// Close closes the listener and wakes an Accept waiting for room.
func (l *Listener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// poke tells a waiting Accept that something changed.
func (l *Listener) poke() {
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

// Track follows the connections' states (http.Server.ConnState).
func (l *Listener) Track(c net.Conn, st http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok {
		return
	}
	l.mu.Lock()
	if st == http.StateClosed || st == http.StateHijacked {
		l.forget(lc)
	} else if _, open := l.conns[lc]; open && lc.state != st {
		lc.state, lc.since = st, time.Now()
	}
	l.mu.Unlock()
	if st == http.StateIdle || st == http.StateClosed || st == http.StateHijacked {
		l.poke()
	}
}

// Close closes the connection, unless it is shelved (closed later).
func (c *limitConn) Close() error {
	var err error
	if !c.shelved.Load() {
		err = c.Conn.Close()
	}
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.forget(c)
		c.l.mu.Unlock()
		c.l.poke()
	})
	return err
}
