//go:build unix

// places_rss_test.go measures process resources for the import benchmarks.

package places_test

import "syscall"

// maxRSS returns the process's peak resident set size in bytes (Linux
// reports ru_maxrss in KiB).
func maxRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024
}

// cpuTime returns the user+system CPU time the process has used, in
// nanoseconds: unlike wall time it does not grow when other processes
// share the machine.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
