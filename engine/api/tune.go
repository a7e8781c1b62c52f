package api

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"

	"waymark/engine/api/gate"
)

// The Go runtime of a serving process. The heavy gate bounds what heavy
// requests hold; how the runtime collects and schedules decides what the
// light requests beside them see. Three settings, applied by TuneRuntime
// (serve calls it; the settings are the process's, so the package never
// changes them by itself):
//
//   - GOMAXPROCS: Procs, one per CPU and one per heavy slot.
//   - GC pace: GOGC 400. A heavy request allocates its answer's pieces
//     many times over (~90 MB for a 10 MB answer); at Go's default 100 the
//     collector ran every ~200 ms on a 20 MB heap, taking a quarter of the
//     CPUs each time. At 400 it runs a quarter as often: on LI, with eight
//     500-waypoint directions at once, twice the heavy answers within
//     their deadline and the light requests' p99 beside them 60 → 34 ms,
//     for ~60 MB more peak memory.
//   - Soft memory limit: the collector works harder as the heap nears it,
//     so the pace above never costs more than the limit, and the runtime
//     returns memory above it to the system.
//
// A setting the environment gives (GOMAXPROCS, GOGC, GOMEMLIMIT) is left
// as given.

// servingGCPercent is the GC pace of a serving process (GOGC).
const servingGCPercent = 400

// TuneRuntime sets the runtime of a process serving with c: GOMAXPROCS,
// the GC pace and the soft memory limit (limit bytes; 0: none), and
// returns a function that restores the settings it found.
func TuneRuntime(c Config, limit int64) (restore func()) {
	procs, pct, lim := -1, -1, int64(-1)
	if os.Getenv("GOMAXPROCS") == "" {
		procs = runtime.GOMAXPROCS(Procs(c))
	}
	if os.Getenv("GOGC") == "" {
		pct = debug.SetGCPercent(servingGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" && limit > 0 {
		lim = debug.SetMemoryLimit(limit)
	}
	return func() {
		if procs > 0 {
			runtime.GOMAXPROCS(procs)
		}
		if pct != -1 {
			debug.SetGCPercent(pct)
		}
		if lim >= 0 {
			debug.SetMemoryLimit(lim)
		}
	}
}

// MemoryLimit returns the soft memory limit a serving process should
// keep, given the one asked for (bytes): at least twice the heap the
// process holds live now (its packs' indexes, once warm) plus the heavy
// requests' budget, so that the limit bounds the heavy work's garbage,
// never the data being served (below its live heap the collector would
// run without pause).
func MemoryLimit(c Config, asked int64) int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	live := int64(0)
	if s[0].Value.Kind() == metrics.KindUint64 {
		live = int64(min(s[0].Value.Uint64(), math.MaxInt64/4))
	}
	budget := int64(gate.DefaultMemory)
	if c.HeavyMemoryMB > 0 {
		budget = int64(c.HeavyMemoryMB) << 20
	}
	return max(asked, 2*live+budget)
}
