//go:build unix

package engine_test

import (
	"syscall"
	"time"
)

// cpuTime is the user+system CPU time of the process so far (0 when
// unknown): benchmarks report throughput per CPU second with it, which
// stays meaningful on a shared machine where wall time is not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
