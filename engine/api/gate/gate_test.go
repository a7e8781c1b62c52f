package gate

import (
	"context"
	"testing"
	"time"
)

// heavyTicket queues a heavy request of bytes at g and reports on the
// returned channel whether it got its turn (before ctx ended).
func heavyTicket(ctx context.Context, g *Gate, bytes int64) (*Ticket, <-chan bool) {
	t := g.Enter()
	got := make(chan bool, 1)
	go func() { got <- g.wait(ctx, t, bytes) }()
	return t, got
}

// granted reports whether got says yes within d.
func granted(got <-chan bool, d time.Duration) bool {
	select {
	case ok := <-got:
		return ok
	case <-time.After(d):
		return false
	}
}

// TestGateSlotsAndMemory: heavy requests take turns first come first
// served within the slots and the memory budget; one estimated above the
// budget runs alone; one whose deadline passes in the queue holds
// nothing.
func TestGateSlotsAndMemory(t *testing.T) {
	ctx := t.Context()
	g := New(2, 100, 1, 2)
	a, ga := heavyTicket(ctx, g, 60)
	if !granted(ga, time.Second) {
		t.Fatal("first heavy request waits with the Gate empty")
	}
	b, gb := heavyTicket(ctx, g, 60)
	if granted(gb, 50*time.Millisecond) {
		t.Fatal("second heavy request runs with 60+60 over the budget of 100")
	}
	short, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	c, gc := heavyTicket(short, g, 10)
	if granted(gc, time.Second) {
		t.Fatal("third heavy request overtook the second in the queue")
	}
	c.Leave() // its deadline passed: nothing held
	a.Worked()
	if granted(gb, 50*time.Millisecond) {
		t.Fatal("second heavy request runs while the first's answer still holds its memory")
	}
	a.Leave()
	if !granted(gb, time.Second) {
		t.Fatal("second heavy request still waits after the first ended")
	}
	big, gbig := heavyTicket(ctx, g, 1000)
	if granted(gbig, 50*time.Millisecond) {
		t.Fatal("a request over the whole budget runs beside another")
	}
	b.Leave()
	if !granted(gbig, time.Second) {
		t.Fatal("a request over the whole budget does not run alone")
	}
	big.Leave()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running != 0 || g.held != 0 || len(g.queue) != 0 || g.light.Load() != 0 {
		t.Errorf("after every request left: running %d, held %d, queued %d, light %d; want all 0", g.running, g.held, len(g.queue), g.light.Load())
	}
}

// TestGateLightFirst: while light requests keep the CPUs busy, heavy
// work takes its share of them only (here half of 2 CPUs: a heavy
// request that worked 100 ms past the 50 ms credit makes the next wait
// ~50 ms); when the light requests are done, the next goes at once.
func TestGateLightFirst(t *testing.T) {
	ctx := t.Context()
	g := New(4, 1<<30, 0.5, 2)
	light := []*Ticket{g.Enter(), g.Enter()} // as many as CPUs: pressure
	a, ga := heavyTicket(ctx, g, 1)
	if !granted(ga, time.Second) {
		t.Fatal("first heavy request waits with credit left")
	}
	time.Sleep(100 * time.Millisecond)
	a.Worked()
	a.Leave()
	start := time.Now()
	b, gb := heavyTicket(ctx, g, 1)
	if !granted(gb, 2*time.Second) {
		t.Fatal("heavy request never ran under light pressure")
	}
	if waited := time.Since(start); waited < 30*time.Millisecond {
		t.Errorf("heavy request under light pressure waited %v after 100 ms of heavy work, want about 50 ms", waited)
	}
	time.Sleep(100 * time.Millisecond)
	b.Worked()
	b.Leave()
	c, gc := heavyTicket(ctx, g, 1)
	if granted(gc, 20*time.Millisecond) {
		t.Fatal("heavy request ran at once with its share spent and light requests busy")
	}
	for _, l := range light {
		l.Leave()
	}
	if !granted(gc, 20*time.Millisecond) {
		t.Fatal("heavy request still waits after the light requests are done")
	}
	c.Leave()
}
