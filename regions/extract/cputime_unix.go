//go:build unix

package extract

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used,
// or 0 where the system does not tell.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
