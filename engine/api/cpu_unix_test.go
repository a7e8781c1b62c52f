//go:build unix

package api_test

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) the process has used,
// so a test can compare the work of two requests whatever else the
// machine is doing.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
