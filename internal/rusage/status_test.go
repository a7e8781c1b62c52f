package rusage

import (
	"runtime"
	"testing"
)

// TestStatus: on Linux the resident set and its high-water mark are read,
// the high-water mark no lower; a field the file lacks is 0.
func TestStatus(t *testing.T) {
	st := Status("VmRSS", "VmHWM", "NoSuchField")
	if runtime.GOOS != "linux" {
		t.Skip("no /proc/self/status")
	}
	if st[0] == 0 || st[1] < st[0] {
		t.Errorf("VmRSS %d, VmHWM %d: want a resident set, the mark at least as high", st[0], st[1])
	}
	if st[2] != 0 {
		t.Errorf("NoSuchField = %d, want 0", st[2])
	}
}
