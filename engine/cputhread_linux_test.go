//go:build linux

package engine_test

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPUTime = 3

// threadCPU is the CPU time the calling OS thread has used so far (0 when
// unknown), to the nanosecond. With the goroutine locked to its thread,
// the difference across a query is that query's CPU time, which the load
// of a shared machine does not inflate as it does wall time (SQLite runs
// on the caller's thread; the garbage collector's background work is not
// counted).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
