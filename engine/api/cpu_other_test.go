//go:build !unix

package api_test

import "time"

// processCPU is not measured on this platform (callers use wall time).
func processCPU() time.Duration { return 0 }
