package route

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"waymark/engine/spill"
)

// spillArena returns an arena in a test directory that spills every
// array and keeps at most a megabyte of their pages resident (so pages
// are dropped, written or not, while the graph is decoded and written).
func spillArena(tb testing.TB) *spill.Arena {
	tb.Helper()
	sc, err := spill.New(tb.TempDir(), 1<<20)
	if errors.Is(err, spill.ErrUnsupported) {
		tb.Skip(err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	sc.SetMinSize(1)
	tb.Cleanup(func() { sc.Close() })
	return sc
}

// spilledImage decodes blob with its arrays (and the blob itself) in a
// spill arena and returns the graph's image.
func spilledImage(tb testing.TB, blob []byte) []byte {
	tb.Helper()
	sc := spillArena(tb)
	data := spill.Make[byte](sc, len(blob))
	copy(data, blob)
	g, err := DecodeIn(data, sc)
	if err != nil {
		tb.Fatal(err)
	}
	g.SetBuildID("build-1")
	var buf bytes.Buffer
	if err := g.WriteImage(&buf); err != nil {
		tb.Fatal(err)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("an array was made on the heap: %v", err)
	}
	return buf.Bytes()
}

// TestDecodeInImage: a graph decoded with every array spilled writes the
// image of the graph decoded onto the heap, byte for byte, in every
// encoding (the older ones derive fewer arrays), and the image loads.
// The graph has a big component (edgeBig) and transitions sharing arcs.
func TestDecodeInImage(t *testing.T) {
	built, _, err := Build(context.Background(), gridNetwork(8, 22), nil)
	if err != nil {
		t.Fatal(err)
	}
	blob, err := built.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	g, err := Decode(blob)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(g.edgeBig, true) || !slices.Contains(g.edgeBig, false) {
		t.Fatalf("the test graph wants edges in and out of big components")
	}
	tests := []struct {
		name   string
		encode func(*Graph) []byte
	}{
		{"current", func(*Graph) []byte { return blob }},
		{"v1", marshalV1}, {"v2", marshalV2}, {"v3", marshalV3}, {"v4", marshalV4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.encode(g)
			h, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			h.SetBuildID("build-1")
			want := imageOf(t, h)
			got := spilledImage(t, b)
			if !bytes.Equal(got, want) {
				t.Fatalf("spilled image of %d bytes differs from the heap graph's (%d bytes) at byte %d", len(got), len(want), firstDiff(got, want))
			}
			if _, err := LoadImage(aligned(got)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// firstDiff returns the first index where a and b differ (the shorter
// length when one is the other's prefix).
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
