//go:build !unix

// Package rusage reads what the system counts of the process's resources
// (see rusage_unix.go); on this platform it counts nothing.
package rusage

import "time"

// CPU is not measured on this platform.
func CPU() time.Duration { return 0 }

// PeakRSS is not measured on this platform.
func PeakRSS() int64 { return 0 }
