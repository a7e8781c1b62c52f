package spill_test

import (
	"errors"
	"testing"
	"time"

	"waymark/engine/spill"
)

func newArena(tb testing.TB, limit int64) *spill.Arena {
	tb.Helper()
	a, err := spill.New(tb.TempDir(), limit)
	if errors.Is(err, spill.ErrUnsupported) {
		tb.Skip(err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { a.Close() })
	return a
}

// TestMake: arrays are zeroed, keep what is written through drops of
// their pages, and small ones are on the heap (the file does not grow).
func TestMake(t *testing.T) {
	a := newArena(t, 1<<20)
	tests := []struct {
		name     string
		n        int
		wantFile bool
	}{
		{"small", 100, false},
		{"empty", 0, false},
		{"large", 3 << 20, true},
		{"odd size", 1<<18 + 3, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := a.Size()
			v := spill.Make[uint32](a, tc.n)
			if len(v) != tc.n {
				t.Fatalf("Make(%d) has %d elements", tc.n, len(v))
			}
			if grew := a.Size() > before; grew != tc.wantFile {
				t.Errorf("Make(%d): file grew %v, want %v", tc.n, grew, tc.wantFile)
			}
			for i, x := range v {
				if x != 0 {
					t.Fatalf("Make(%d)[%d] = %d, want 0", tc.n, i, x)
				}
				v[i] = uint32(i*7 + 1)
			}
			a.Drop()
			for i, x := range v {
				if x != uint32(i*7+1) {
					t.Fatalf("after Drop, [%d] = %d, want %d", i, x, i*7+1)
				}
			}
		})
	}
	if err := a.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestGovern: touching more than the limit makes the arena drop its
// pages on its own, and what was written stays.
func TestGovern(t *testing.T) {
	a := newArena(t, 1<<20)
	v := spill.Make[uint64](a, 8<<20) // 64 MiB
	deadline := time.Now().Add(10 * time.Second)
	for a.Drops() == 0 && time.Now().Before(deadline) {
		for i := range v {
			v[i] = uint64(i) ^ 0x5555
		}
	}
	if a.Drops() == 0 {
		t.Fatal("no drop after touching 64 MiB with a limit of 1 MiB")
	}
	for i, x := range v {
		if x != uint64(i)^0x5555 {
			t.Fatalf("[%d] = %d after drops, want %d", i, x, uint64(i)^0x5555)
		}
	}
}

// TestMakeNil: without an arena, Make is make and MakeCap nil.
func TestMakeNil(t *testing.T) {
	if v := spill.Make[int64](nil, 5); len(v) != 5 {
		t.Errorf("Make(nil, 5) has %d elements", len(v))
	}
	if v := spill.MakeCap[int64](nil, 5); v != nil {
		t.Errorf("MakeCap(nil, 5) = %v, want nil", v)
	}
	a := newArena(t, 1<<20)
	if v := spill.MakeCap[int64](a, 1<<20); len(v) != 0 || cap(v) != 1<<20 {
		t.Errorf("MakeCap(a, 1<<20) has length %d, room %d", len(v), cap(v))
	}
}
