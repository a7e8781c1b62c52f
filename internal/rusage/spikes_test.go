//go:build linux

package rusage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCatchSpikes: a resident set that rises by 64 MiB above the floor
// is written down, with the mappings and the goroutines' stacks; one that
// stays under it is not.
func TestCatchSpikes(t *testing.T) {
	tests := []struct {
		name  string
		grow  int
		floor uint64 // above the resident set at the start
		want  bool
	}{
		{"rise", 64 << 20, 0, true},
		{"below the floor", 4 << 20, 1 << 30, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "spikes")
			floor := Status("VmRSS")[0] + tt.floor
			stop, err := CatchSpikes(file, floor, 16<<20, time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			b := make([]byte, tt.grow)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			time.Sleep(100 * time.Millisecond)
			stop()
			_ = b[len(b)-1]
			out, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := string(out)
			if caught := strings.Contains(got, "=== "); caught != tt.want {
				t.Fatalf("caught %v, want %v:\n%s", caught, tt.want, got)
			}
			if tt.want && !strings.Contains(got, "goroutine ") {
				t.Errorf("no stacks in:\n%s", got)
			}
		})
	}
}
