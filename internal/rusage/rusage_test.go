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
	start := CPU()
	for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline); {
	}
	if d := CPU() - start; d < 10*time.Millisecond {
		t.Errorf("CPU grew %v over 50 ms of work", d)
	}
	if PeakRSS() < 1<<20 {
		t.Errorf("PeakRSS = %d, want at least 1 MiB", PeakRSS())
	}
}
