//go:build unix

// Package rusage reads what the system counts of the process's resources:
// the CPU time it has used, which unlike wall time does not grow when
// other processes share the machine (benchmarks and scaling tests compare
// it), and its peak resident set. Where the system does not tell, both
// are 0.
package rusage

import (
	"syscall"
	"time"
)

// CPU returns the user and system CPU time the process has used, or 0.
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// PeakRSS returns the process's peak resident set size in bytes (Linux
// reports ru_maxrss in KiB), or 0.
func PeakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024
}
