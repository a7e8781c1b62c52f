package spill_test

import (
	"bytes"
	"testing"

	"waymark/engine/spill"
)

// TestStream: what is written comes back from Bytes once finished, also
// after its pages were dropped; an empty stream has no bytes; writing
// after Finish fails.
func TestStream(t *testing.T) {
	for _, size := range []int{0, 1, 5 << 20} {
		want := make([]byte, size)
		for i := range want {
			want[i] = byte(i*7 + i>>12)
		}
		s, err := spill.NewStream(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		for p := want; len(p) > 0; {
			n := min(len(p), 100_003)
			if _, err := s.Write(p[:n]); err != nil {
				t.Fatal(err)
			}
			p = p[n:]
		}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		if s.Len() != int64(size) || !bytes.Equal(s.Bytes(), want) {
			t.Fatalf("size %d: %d bytes back, Len %d", size, len(s.Bytes()), s.Len())
		}
		s.Drop(0, size)
		s.Drop(4096, size/2)
		if !bytes.Equal(s.Bytes(), want) {
			t.Fatalf("size %d: bytes changed by Drop", size)
		}
		if _, err := s.Write([]byte{1}); err == nil {
			t.Fatalf("size %d: a write after Finish did not fail", size)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if s.Bytes() != nil {
			t.Fatalf("size %d: bytes after Close", size)
		}
	}
}
