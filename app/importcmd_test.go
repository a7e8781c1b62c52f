package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
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

// TestImagesStageLine: the images step prints a stage line of its own, as
// the stages do (scalebench's table and the cost model read it), and
// writes the images beside the pack.
func TestImagesStageLine(t *testing.T) {
	pack := packCopy(t, "monaco")
	var buf bytes.Buffer
	writeImages(context.Background(), pack, 1<<30, true, &progressBar{w: &buf, quiet: true})
	if !regexp.MustCompile(`(?m)^stage images\s+[\d.]+ s\s+CPU\s+[\d.]+ s\s+peak RSS\s+\d+ MB`).MatchString(buf.String()) {
		t.Errorf("no images stage line in %q", buf.String())
	}
	if _, err := os.Stat(pack + ".autocomplete"); err != nil {
		t.Errorf("images not written: %v", err)
	}
}
