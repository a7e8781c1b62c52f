package route

import (
	"slices"
	"testing"
)

// TestParkRestores: parked arrays are nil until restored, then as they
// were, empty ones included.
func TestParkRestores(t *testing.T) {
	a, b, c := []uint32{1, 2, 3, 1 << 31}, []uint32{}, []uint32{7}
	wa, wc := slices.Clone(a), slices.Clone(c)
	p, err := park(t.TempDir(), &a, &b, &c)
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	if a != nil || c != nil {
		t.Fatal("parked arrays still held")
	}
	if err := p.restore(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, wa) || len(b) != 0 || !slices.Equal(c, wc) {
		t.Errorf("restored %v %v %v", a, b, c)
	}
	if _, err := park("/nonexistent/dir", &a); err == nil {
		t.Error("parking into a missing directory succeeded")
	}
}
