package route

import (
	"bytes"
	"context"
	"slices"
	"testing"
)

// TestHierarchyValuesWritten: when contraction could not vouch for the
// values the encoding leaves out (an original edge's or a shortcut's sum
// passed 2^32), writeTo writes them, and the graph decodes to the
// hierarchy Build makes.
func TestHierarchyValuesWritten(t *testing.T) {
	net := gridNetwork(5, 4)
	built, _, err := Build(context.Background(), cloneNetwork(net), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(built.up.mid, func(m int32) bool { return m >= 0 }) {
		t.Fatal("the network contracts without shortcuts")
	}
	cases := []struct {
		name                             string
		originalWrapped, shortcutWrapped bool
	}{
		{"derived", false, false},
		{"shortcuts written", false, true},
		{"all values written", true, false},
		{"both", true, true},
	}
	var sizes []int
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, _ := prepare(cloneNetwork(net), nil, false, nil)
			dir := t.TempDir()
			h, err := contract(context.Background(), b.g, b.g.arcMasks(), dir, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer h.close()
			h.originalWrapped, h.shortcutWrapped = c.originalWrapped, c.shortcutWrapped
			var buf bytes.Buffer
			w := newVarWriter(&buf)
			b.g.writeHead(w, nil)
			if err := h.writeTo(w, dir, 5); err != nil {
				t.Fatal(err)
			}
			writeStrings(w, b.strs)
			w.flush()
			g, err := Decode(buf.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			for i, pair := range [][2]*chAdj{{&g.up, &built.up}, {&g.down, &built.down}} {
				got, want := pair[0], pair[1]
				if !slices.Equal(got.off, want.off) || !slices.Equal(got.to, want.to) || !slices.Equal(got.w, want.w) ||
					!slices.Equal(got.d, want.d) || !slices.Equal(got.mid, want.mid) {
					t.Fatalf("direction %d decodes to another hierarchy than Build's", i)
				}
			}
			sizes = append(sizes, buf.Len())
		})
	}
	// Each fallback writes more than the derived encoding.
	for i := 1; i < len(sizes); i++ {
		if sizes[i] <= sizes[0] {
			t.Fatalf("encodings of %v bytes: values left out in a fallback", sizes)
		}
	}
}
