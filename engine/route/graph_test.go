package route

import (
	"context"
	"errors"
	"testing"
)

func smallGraphBlob(tb testing.TB) []byte {
	tb.Helper()
	g, _, err := Build(context.Background(), gridNetwork(3, 4), nil)
	if err != nil {
		tb.Fatal(err)
	}
	b, err := g.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func TestDecodeRoundTrip(t *testing.T) {
	b := smallGraphBlob(t)
	g, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := g.MarshalBinary()
	if err != nil || string(b2) != string(b) {
		t.Errorf("re-encoding differs (%v)", err)
	}
}

func TestDecodeRejectsCorrupt(t *testing.T) {
	b := smallGraphBlob(t)
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("XXXX0001"), b[8:]...)},
		{"truncated", b[:len(b)/2]},
		{"truncated strings", b[:len(b)-3]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Decode(tc.data); !errors.Is(err, ErrGraph) {
				t.Errorf("Decode = %v, want ErrGraph", err)
			}
		})
	}
}

// FuzzDecode: no input makes Decode panic; accepted graphs answer queries.
func FuzzDecode(f *testing.F) {
	b := smallGraphBlob(f)
	f.Add(b)
	f.Add(b[:100])
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Decode(data)
		if err != nil {
			return
		}
		if len(g.eFrom) > 0 {
			s, err := g.Snap(g.pts[0], SnapOptions{})
			if err == nil {
				g.shortest(s[0], s[0])
			}
		}
	})
}
