package extract

// The import's memory watchdog: the Go runtime's memory limit
// (HeapLimit) only makes the collector work harder; an input whose live
// data outgrows the budget would go on growing until the system kills the
// process. The watchdog stops the import instead, with ErrMemoryBudget
// naming the stage, and the previous pack stays as it was.

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"time"
)

// ErrMemoryBudget is the cause of an import stopped because its live heap
// outgrew Options.MemoryLimit.
var ErrMemoryBudget = errors.New("regions: the import needs more memory than its budget")

// watchInterval is how often the watchdog reads the live heap.
const watchInterval = 200 * time.Millisecond

// liveHeap returns the heap the last collection found live, in bytes.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// WatchMemory cancels ctx with ErrMemoryBudget when the live heap exceeds
// limit (checked every watchInterval, until ctx ends); stage names the
// running stage for the message.
func WatchMemory(ctx context.Context, cancel context.CancelCauseFunc, limit int64, stage func() string) {
	tick := time.NewTicker(watchInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if live := liveHeap(); live > limit {
				cancel(fmt.Errorf("%w: %d MB of live data in stage %s, over %d MB (raise the budget with -mem)",
					ErrMemoryBudget, live>>20, stage(), limit>>20))
				return
			}
		}
	}
}
