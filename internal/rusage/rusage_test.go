package rusage

import (
	"runtime"
	"testing"
	"time"
)

// TestCounts checks that CPU grows with work and that a peak resident set
// is reported, where the system counts them.
func TestCounts(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counted on Linux")
	}
	// Work until 10 ms of CPU are counted: on a loaded machine 50 ms of
	// wall time gave the process 7–9 ms of CPU, so a wall-time loop failed.
	start := CPU()
	deadline := time.Now().Add(5 * time.Second)
	for CPU()-start < 10*time.Millisecond && time.Now().Before(deadline) {
	}
	if d := CPU() - start; d < 10*time.Millisecond {
		t.Errorf("CPU grew %v over 5 s of work", d)
	}
	if PeakRSS() < 1<<20 {
		t.Errorf("PeakRSS = %d, want at least 1 MiB", PeakRSS())
	}
}
