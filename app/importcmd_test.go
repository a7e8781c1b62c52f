package main

import (
	"bytes"
	"strings"
	"testing"

	"waymark/regions"
)

func TestBudgetFor(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		name string
		pbf  int64
		want int64
	}{
		{"small extract: the floor", 3 * mb, 768 * mb},
		{"LI x16", 37 * mb, 768 * mb},
		{"LI x64", 147 * mb, 5*147*mb + 160*mb},
		{"LI x200: the cap", 458 * mb, maxBudget},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := budgetFor(tt.pbf); got != tt.want {
				t.Errorf("budgetFor(%d MB) = %d MB, want %d MB", tt.pbf/mb, got/mb, tt.want/mb)
			}
		})
	}
	// The budget grows with the input up to the cap, and the heap limit
	// stays inside it.
	prev := int64(0)
	for size := int64(0); size < 2<<30; size += 64 * mb {
		b := budgetFor(size)
		if b < prev {
			t.Fatalf("budgetFor(%d) = %d, below budgetFor of a smaller input", size, b)
		}
		if l := regions.HeapLimit(b); l <= 0 || l >= b {
			t.Fatalf("HeapLimit(%d) = %d, not inside the budget", b, l)
		}
		prev = b
	}
}

// TestQuietKeepsStageLines: -q drops the progress lines but not a stage's
// figures as it ends, so a log of an import that fails later holds them.
func TestQuietKeepsStageLines(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		var buf bytes.Buffer
		p := &progressBar{w: &buf, quiet: quiet}
		p.update(regions.Status{Stage: "roads", Fraction: 0.5, Done: 10})
		p.line("stage read   1.0 s")
		p.done()
		got := buf.String()
		if !strings.Contains(got, "stage read   1.0 s\n") {
			t.Errorf("quiet=%v: no stage line in %q", quiet, got)
		}
		if progress := strings.Contains(got, "import: roads: 50%"); progress == quiet {
			t.Errorf("quiet=%v: progress line printed = %v in %q", quiet, progress, got)
		}
	}
}
