package extract

import (
	"math"
	"testing"

	"github.com/paulmach/osm"
)

// TestPackedIntsFile: a sequence whose differences go to a file gives
// back what was appended, across several writes of packedFlush bytes and
// in every width, from its mapping (the heap keeps none of them), also
// after its pages were given back; finish twice changes nothing.
func TestPackedIntsFile(t *testing.T) {
	vals := make([]int64, 0, 200_000)
	v := int64(-1 << 40)
	for i := range cap(vals) {
		v += []int64{1, 300, 70_000, 1 << 33}[i%4000/1000] // blocks of 1, 2, 4, 8 bytes
		vals = append(vals, v)
	}
	var p packedInts
	if err := p.toFile(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer p.close()
	for _, v := range vals {
		p.append(v)
	}
	if err := p.finish(); err != nil {
		t.Fatal(err)
	}
	if err := p.finish(); err != nil {
		t.Fatal(err)
	}
	if p.file.Bytes() == nil || &p.data[0] != &p.file.Bytes()[0] {
		t.Fatal("the differences are not the file's mapping")
	}
	if p.written <= 2*packedFlush {
		t.Fatalf("%d bytes written: the test wants several flushes", p.written)
	}
	checkPacked(t, &p, vals)
	p.drop()
	checkPacked(t, &p, vals)
}

// TestWayStoreIndexFiles: a store in files keeps its index in files too,
// the one written and the one sortIndex makes (ids out of order, a
// duplicate), and finds, lists and decodes the same ways as a store in
// memory, also after its pages were given back.
func TestWayStoreIndexFiles(t *testing.T) {
	var ids []osm.WayID
	id := osm.WayID(math.MaxInt32)
	for i := range 3000 {
		id += []osm.WayID{1, 300, 70_000, 1 << 33}[i/750]
		ids = append(ids, id)
	}
	written := append([]osm.WayID{ids[2999], ids[5]}, ids...) // out of order; ids[5] twice
	for _, dir := range []string{"", t.TempDir()} {
		ww, err := newWayWriter(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, id := range written {
			nodes := []osm.NodeID{osm.NodeID(k), osm.NodeID(id)}
			if err := ww.add(id, false, osm.Tags{{Key: "k", Value: "v"}}, len(nodes), func(i int) osm.NodeID { return nodes[i] }, nil); err != nil {
				t.Fatal(err)
			}
		}
		s, err := ww.finish()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.sortIndex(); err != nil {
			t.Fatal(err)
		}
		inFiles := s.ids.file != nil && s.ids.file.Bytes() != nil && s.offs.file != nil && s.offs.file.Bytes() != nil
		if inFiles != (dir != "") {
			t.Errorf("dir %q: index in files = %v", dir, inFiles)
		}
		for pass := range 2 {
			if s.len() != len(ids) {
				t.Fatalf("dir %q: %d ways, want %d", dir, s.len(), len(ids))
			}
			for k, id := range ids {
				i, ok := s.find(id)
				if !ok || i != k || s.id(i) != id {
					t.Fatalf("dir %q pass %d: find(%d) = %d, %v; want %d", dir, pass, id, i, ok, k)
				}
				if w := s.at(i); w.ID != id || len(w.Nodes) != 2 || w.Nodes[1] != osm.NodeID(id) {
					t.Fatalf("dir %q pass %d: way %d decoded as %+v", dir, pass, id, w)
				}
			}
			if w := s.at(5); w.Nodes[0] != 1 { // the first written of ids[5]
				t.Fatalf("dir %q: ids[5] is the copy written at %d", dir, w.Nodes[0])
			}
			if _, ok := s.find(ids[800] + 1); ok {
				t.Fatalf("dir %q pass %d: found an id not stored", dir, pass)
			}
			n := 0
			for range s.inOrder() {
				n++
			}
			if n != len(ids) {
				t.Fatalf("dir %q pass %d: inOrder gave %d, want %d", dir, pass, n, len(ids))
			}
			s.release() // the second pass reads pages given back
		}
		if err := s.close(); err != nil {
			t.Fatal(err)
		}
	}
}
