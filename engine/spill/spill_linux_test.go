package spill_test

import (
	"testing"

	"waymark/engine/spill"
	"waymark/internal/rusage"
)

// TestFaultSize: touching an arena at random maps little around each
// touch (randomAdvice). 256 touches 256 KiB apart, first writes and then
// reads of dropped pages, may add at most fault-around's 64 KiB each
// (16 MiB, plus 4 MiB of slack); as large folios they added ~60 MiB.
func TestFaultSize(t *testing.T) {
	const size, stride = 64 << 20, 256 << 10
	a := newArena(t, 1<<30) // no drops but the test's
	v := spill.Make[byte](a, size)
	grown := func(touch func(i int)) uint64 {
		before := rusage.Status("RssFile")[0]
		for i := 0; i < size; i += stride {
			touch(i)
		}
		after := rusage.Status("RssFile")[0]
		return after - min(before, after) // other file pages may have left
	}
	const most = size/stride*(64<<10) + 4<<20
	if g := grown(func(i int) { v[i] = 1 }); g > most {
		t.Errorf("first writes grew the resident set by %d KiB, want at most %d", g>>10, most>>10)
	}
	for i := range v {
		v[i] = byte(i)
	}
	a.Drop()
	sum := 0
	if g := grown(func(i int) { sum += int(v[i]) }); g > most {
		t.Errorf("reads grew the resident set by %d KiB, want at most %d", g>>10, most>>10)
	}
	if sum != 0 { // every touched byte is at a multiple of 256
		t.Errorf("read %d, want 0", sum)
	}
}
