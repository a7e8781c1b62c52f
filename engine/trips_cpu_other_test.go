//go:build !unix

package engine_test

import "time"

// cpuTime is unknown on this platform: the per-CPU-second metric is skipped.
func cpuTime() time.Duration { return 0 }
