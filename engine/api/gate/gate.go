// Package gate admits the API server's requests: every request enters as
// light (Gate.Enter, by the server's middleware, which puts the Ticket in
// the request's context under TicketKey); a handler that has parsed its
// request weighs it with the cost estimates (DirectionsCost, TableCost,
// TripCost, MatchCost, IsochroneCost) and Admit lets a light one through
// at once and queues a heavy one for its turn. Inputs: the server's
// configuration (slots, memory budget, CPU share) and each request's
// estimate; output: go or a 503 (OSRM code Timeout). The rules and their
// reasons follow (gate.go), and the estimates' (cost.go).
package gate

import (
	"context"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"waymark/engine/api/osrm"
)

// The heavy gate. Every request is light until its handler, having
// parsed it, weighs it (Admit, with the estimate of cost.go): a heavy one
// then waits for its turn, first come first served, under three bounds:
//
//   - slots: at most Config.Heavy heavy requests work at once (default:
//     one CPU fewer than the machine has, at least one), so light
//     requests always find a CPU;
//   - memory: the estimated memory of the heavy requests not yet
//     answered stays within Config.HeavyMemoryMB (default 128 MB); a
//     request estimated above it waits until it can run alone. The memory
//     is held until the answer is written, so clients that read slowly
//     delay the next big answer rather than pile up answers in memory;
//   - light first: while light requests keep the CPUs busy (as many in
//     flight as there are CPUs), heavy work may take only
//     Config.HeavyShare of the CPUs' time (default 10%): after a heavy
//     request worked for d, the next waits until the share has paid for
//     d. Without light traffic heavy requests run at full speed.
//
// A request that does not get its turn within its deadline is answered
// 503 (OSRM code Timeout). Once the heavy requests are done and at least
// returnAfter bytes of estimated memory went through the gate, the freed
// memory is given back to the system after returnDelay, rather than kept
// by the runtime until its scavenger gets to it (minutes).
type Gate struct {
	slots  int
	budget int64
	rate   float64 // CPU seconds heavy work may take per second under pressure
	cpus   int64   // light requests in flight that make pressure

	light   atomic.Int64 // light requests in flight
	waiting atomic.Int64 // heavy requests queued

	mu       sync.Mutex
	running  int   // heavy requests working
	held     int64 // estimated bytes of the heavy requests not yet answered
	credit   time.Duration
	creditAt time.Time
	queue    []*Ticket
	wake     *time.Timer // dispatches when the credit is paid back
	// returned is the estimated memory that went through since the last
	// return of memory; ret is the pending return.
	returned int64
	ret      *time.Timer
}

const (
	// DefaultMemory and DefaultShare are the memory and the CPU share of
	// the heavy requests when the configuration leaves them out.
	DefaultMemory = 128 << 20
	DefaultShare  = 0.1
	// maxCredit is the heavy work allowed at once under pressure after a
	// quiet time.
	maxCredit   = 50 * time.Millisecond
	returnAfter = 64 << 20
	returnDelay = time.Second
)

// New returns a gate of slots heavy requests at once, budget bytes of
// their estimated memory, and share of cpus CPUs' time under pressure.
func New(slots int, budget int64, share float64, cpus int) *Gate {
	return &Gate{slots: slots, budget: budget, rate: share * float64(cpus), cpus: int64(cpus), credit: maxCredit, creditAt: time.Now()}
}

// Ticket is one request's passage through the gate.
type Ticket struct {
	g       *Gate
	heavy   bool
	bytes   int64
	ready   chan struct{}
	working bool
	start   time.Time
}

// TicketKey is the request context's key of its *Ticket (TicketOf).
type TicketKey struct{}

// Enter counts a request in as light; Leave must follow.
func (g *Gate) Enter() *Ticket {
	g.light.Add(1)
	return &Ticket{g: g}
}

// Admit weighs the request of r with its estimated cost c. A light
// request goes on at once; a heavy one waits for its turn, and when its
// deadline passes first Admit answers 503 and returns false. A heavy
// request holds its slot until its answer is encoded (engine/api's writeStream) or
// the request ends, and its memory until the request ends.
func Admit(w http.ResponseWriter, r *http.Request, c Cost) bool {
	t := TicketOf(r)
	if t == nil || !c.Heavy() {
		return true
	}
	if !t.g.wait(r.Context(), t, c.Bytes) {
		osrm.WriteStatus(w, http.StatusServiceUnavailable, "Timeout",
			"The server is busy with other large requests and this one did not get its turn within the deadline; try again, or ask for less")
		return false
	}
	return true
}

// TicketOf returns the request's ticket (nil outside the server's
// middleware).
func TicketOf(r *http.Request) *Ticket {
	t, _ := r.Context().Value(TicketKey{}).(*Ticket)
	return t
}

// wait turns t heavy and queues it until its turn or ctx's end.
func (g *Gate) wait(ctx context.Context, t *Ticket, bytes int64) bool {
	t.heavy, t.bytes, t.ready = true, min(bytes, g.budget), make(chan struct{})
	g.light.Add(-1)
	g.mu.Lock()
	g.queue = append(g.queue, t)
	g.waiting.Add(1)
	g.dispatch()
	g.mu.Unlock()
	select {
	case <-t.ready:
		return true
	case <-ctx.Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for i, q := range g.queue {
		if q == t {
			g.queue = append(g.queue[:i], g.queue[i+1:]...)
			g.waiting.Add(-1)
			t.bytes = 0  // nothing held
			g.dispatch() // the head may have changed
			return false
		}
	}
	// granted meanwhile: give the turn back
	g.finishLocked(t)
	t.bytes = 0
	g.dispatch()
	return false
}

// worked frees t's slot, if it holds one, and charges its work to the
// heavy share.
func (t *Ticket) Worked() {
	g := t.g
	if !t.heavy {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.stopLocked(t)
	g.dispatch()
}

func (g *Gate) stopLocked(t *Ticket) {
	if !t.working {
		return
	}
	t.working = false
	g.running--
	if g.pressured() {
		g.refill(time.Now())
		g.credit = max(g.credit-time.Since(t.start), -time.Minute)
	}
}

// finishLocked releases everything t holds.
func (g *Gate) finishLocked(t *Ticket) {
	g.stopLocked(t)
	g.held -= t.bytes
	g.returned += t.bytes
}

// Leave counts the request out, releasing what it holds.
func (t *Ticket) Leave() {
	g := t.g
	if !t.heavy {
		if g.light.Add(-1) < g.cpus && g.waiting.Load() > 0 {
			g.mu.Lock()
			g.dispatch()
			g.mu.Unlock()
		}
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.finishLocked(t)
	g.dispatch()
	if g.running == 0 && len(g.queue) == 0 && g.returned >= returnAfter && g.ret == nil {
		g.ret = time.AfterFunc(returnDelay, g.returnMemory)
	}
}

// returnMemory gives the memory the heavy requests freed back to the
// system, unless heavy work has started again.
func (g *Gate) returnMemory() {
	g.mu.Lock()
	idle := g.running == 0 && len(g.queue) == 0
	g.ret = nil
	if idle {
		g.returned = 0
	}
	g.mu.Unlock()
	if idle {
		debug.FreeOSMemory()
	}
}

// pressured reports whether light requests keep the CPUs busy.
func (g *Gate) pressured() bool { return g.light.Load() >= g.cpus }

// refill adds the credit earned since it was last brought up to date.
func (g *Gate) refill(now time.Time) {
	g.credit = min(maxCredit, g.credit+time.Duration(g.rate*float64(now.Sub(g.creditAt))))
	g.creditAt = now
}

// dispatch grants the queue's head its turn while the bounds allow.
func (g *Gate) dispatch() {
	now := time.Now()
	g.refill(now)
	for len(g.queue) > 0 {
		t := g.queue[0]
		if g.running >= g.slots || g.held > 0 && g.held+t.bytes > g.budget {
			return // a heavy request ends: dispatch again
		}
		if g.credit < 0 && g.pressured() {
			wait := time.Duration(float64(-g.credit) / g.rate)
			if g.wake == nil {
				g.wake = time.AfterFunc(wait, func() {
					g.mu.Lock()
					g.wake = nil
					g.dispatch()
					g.mu.Unlock()
				})
			}
			return
		}
		g.queue = g.queue[1:]
		g.waiting.Add(-1)
		g.running++
		g.held += t.bytes
		t.working, t.start = true, now
		close(t.ready)
	}
}
