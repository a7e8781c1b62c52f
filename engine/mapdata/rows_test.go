package mapdata

import (
	"bytes"
	"testing"

	"github.com/paulmach/orb"
)

// FuzzRows checks that no bucket blob makes the reader panic or loop, and
// that what it reads writes back to a blob that reads the same.
func FuzzRows(f *testing.F) {
	var w rowsWriter
	for i, pts := range []orb.LineString{{{0.5, 0.3}}, {{0.5001, 0.3}, {0.5002, 0.3001}}, {{0.49, 0.31}}} {
		g := AppendGeom(nil, GeomLine, []orb.LineString{pts})
		if err := w.add(rowFields{class: i + 1, layer: i - 1, flags: i, rank: 10 * i}, "Alp", g); err != nil {
			f.Fatal(err)
		}
	}
	f.Add(w.blob())
	f.Add([]byte{1, 1, 0, 0, 0, 0, 3, GeomPoint, 1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		var r rowsReader
		r.reset(b)
		var back rowsWriter
		n := 0
		for r.next() {
			n++
			if err := back.add(r.f, string(r.name), r.geom); err != nil {
				t.Fatalf("row %d of %x does not write back: %v", n, b, err)
			}
		}
		if n > len(b) {
			t.Fatalf("%d rows from %d bytes", n, len(b))
		}
		if r.err != nil {
			return
		}
		// What reads back writes the same again (b itself may use longer
		// varints than needed).
		var again rowsWriter
		r.reset(back.blob())
		for r.next() {
			if err := again.add(r.f, string(r.name), r.geom); err != nil {
				t.Fatal(err)
			}
		}
		if r.err != nil || !bytes.Equal(again.blob(), back.blob()) {
			t.Fatalf("blob %x: written back as %x, then as %x (%v)", b, back.blob(), again.blob(), r.err)
		}
	})
}
