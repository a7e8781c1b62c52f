package route

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"time"
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
			b, _ := prepare(cloneNetwork(net), nil, false)
			dir := t.TempDir()
			h, err := contract(context.Background(), b.g, b.g.arcMasks(), nil, dir, false, nil)
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

// TestWriteResident: with the contraction's arrays in a file-backed arena
// (WriteOptions.Resident below what they take; at this size its edge
// lists' blocks are mapped), kept to the least resident (a megabyte, so
// its pages are dropped as it contracts), Write writes the bytes it
// writes with them on the heap.
func TestWriteResident(t *testing.T) {
	net := gridNetwork(3, 50)
	var want bytes.Buffer
	if _, err := Write(context.Background(), &want, cloneNetwork(net), WriteOptions{TempDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	for _, resident := range []int64{1, 1 << 20} {
		start := time.Now()
		var got bytes.Buffer
		st, err := Write(context.Background(), &got, cloneNetwork(net), WriteOptions{TempDir: t.TempDir(), Resident: resident})
		if err != nil {
			t.Fatal(err)
		}
		if st.Arcs < 7000 {
			t.Fatalf("%d arcs: the contraction's arrays are too small to be mapped", st.Arcs)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("resident %d: %d bytes written, not the %d written on the heap", resident, got.Len(), want.Len())
		}
		t.Logf("resident %d: %v", resident, time.Since(start))
	}
}
