package places

import (
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
func (b *placeBuilder) governMapped(interval time.Duration) (stop func()) {
	if _, ok := rusage.ResidentShared(); !ok {
		b.dropByTicks = true
		return func() {}
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		b.dropMapped()
		base, _ := rusage.ResidentShared() // the executable's pages and what stays
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
			}
			if n, _ := rusage.ResidentShared(); n >= base+mappedResidentBytes {
				b.dropMapped()
				base, _ = rusage.ResidentShared()
			}
		}
	}()
	return func() { close(quit); <-done }
}

// dropMapped gives the resident pages of the cold store and of the
// extract's stores back to the system.
func (b *placeBuilder) dropMapped() {
	b.cold.dropResident()
	if b.d != nil {
		b.d.ReleasePages()
	}
}
