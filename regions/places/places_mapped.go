package places

import (
	"iter"
	"sync/atomic"
	"time"

	"waymark/internal/rusage"
)

// mappedCheckInterval is how often governMapped looks at the resident
// mapped pages: reading /proc/self/statm takes ~10 µs.
const mappedCheckInterval = 50 * time.Millisecond

// governMapped gives the resident pages of the cold store and the extract
// back whenever the process's resident shared pages have grown by
// mappedResidentBytes since the last drop, looking every interval from a
// goroutine of its own until stop is called: a step that reads the stores
// for long between two ticks is bounded too. Where the resident shared
// pages cannot be read it leaves the drops to tick, every coldDropTicks
// objects. Dropping is safe while the stage reads: a page given back is
// read again from the page cache (the cold store's are in its file).
//
// The steps' loops look too (checkMapped, every mappedCheckObjects
// objects through tick): a pass over the place records, which are in the
// cold store, maps them faster than the goroutine looks on a busy
// machine (LI ×400, load 11: 237 MB of mapped pages within one second
// of the sampled resident set).
func (b *placeBuilder) governMapped(interval time.Duration) (stop func()) {
	if _, ok := rusage.ResidentShared(); !ok {
		b.dropByTicks = true
		return func() {}
	}
	b.mapped = &mappedBase{}
	quit, done := make(chan struct{}), make(chan struct{})
	b.dropMapped()
	b.mapped.reset()
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
			}
			b.checkMapped()
		}
	}()
	return func() { close(quit); <-done; b.mapped = nil }
}

// mappedCheckObjects is how often, in objects, a step's loop looks at
// the resident mapped pages (checkMapped): ~10 µs every 1,024.
const mappedCheckObjects = 1 << 10

// mappedBase is the process's resident shared bytes after the last drop
// (the executable's pages and what stays), for governMapped's goroutine
// and the steps' loops alike.
type mappedBase struct{ n atomic.Int64 }

func (m *mappedBase) reset() {
	n, _ := rusage.ResidentShared()
	m.n.Store(n)
}

// checkMapped gives the stores' resident pages back when the resident
// shared pages grew by mappedResidentBytes since the last drop.
func (b *placeBuilder) checkMapped() {
	m := b.mapped
	if m == nil {
		return
	}
	if n, _ := rusage.ResidentShared(); n >= m.n.Load()+mappedResidentBytes {
		b.dropMapped()
		m.reset()
	}
}

// dropMapped gives the resident pages of the cold store and of the
// extract's stores back to the system.
func (b *placeBuilder) dropMapped() {
	b.cold.dropResident()
	if b.d != nil {
		b.d.ReleasePages()
	}
}

// records iterates over b.places as a range over it would, looking at
// the resident mapped pages every mappedCheckObjects places
// (checkMapped): a pass over the records, which are in the cold store,
// maps them faster than governMapped's goroutine looks, and the passes
// that did not tick left up to 401 MiB of the store resident at LI ×400
// (linkPlaces' and collect's, stagerun -spikelog).
func (b *placeBuilder) records() iter.Seq2[int, *place] {
	return func(yield func(int, *place) bool) {
		for i, p := range b.places {
			if i%mappedCheckObjects == 0 {
				b.checkMapped()
			}
			if !yield(i, p) {
				return
			}
		}
	}
}
