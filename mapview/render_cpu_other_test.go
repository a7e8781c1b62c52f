//go:build !unix

package mapview

import "time"

// processCPU is not measured on this platform.
func processCPU() time.Duration { return 0 }
