//go:build !linux

package engine_test

import "time"

// threadCPU is 0 where a thread's CPU time is not known.
func threadCPU() time.Duration { return 0 }
