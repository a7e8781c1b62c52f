package main

import (
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
