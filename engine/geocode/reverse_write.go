package geocode

// reverse_write.go: the reverse index's image written straight from the
// pack, never held. NewReverseIndex holds every array on the heap in the
// rows' order, then a copy of each in the tree's order, then writes them:
// at LI ×400 (3.3 M candidates, a 344 MB image) its live heap peaked at
// 430 MB and a fresh process writing it at 689 MiB of RSS, the largest of
// the place images. WriteReverseImage instead writes each column of the
// rows (ids, parents, centroids, metas, geometry ends, geometries) to a
// file as it is read (spill.Stream), keeps on the heap only the boxes
// the tree is built from, and then writes the image array by array in
// the tree's order, reading each column through its mapping and giving
// its pages back once written. The image is the same, byte for byte
// (TestStreamedImages; LI ×64 and ×400 cmp equal). LI ×400, a fresh
// process writing it: peak RSS 364 MiB (204 anonymous, 160 of mapped
// files), live heap 133 MB (the boxes and the tree's build).

import (
	"context"
	"fmt"
	"io"
	"unsafe"

	"github.com/paulmach/orb"

	"waymark/engine/boxtree"
	"waymark/engine/flat"
	"waymark/engine/spill"
)

// revGeomDrop is how many geometry bytes WriteReverseImage writes between
// two drops of the geometry column's resident pages (read in the tree's
// order, they are touched all over the column).
const revGeomDrop = 64 << 20

// WriteReverseImage writes the image of the reverse index of ix's pack
// (what NewReverseIndex and ReverseIndex.WriteImage write) to w, for the
// pack build buildID, without holding the index: its columns go to
// unlinked files in dir ("": the system's temporary directory) while the
// rows are read. What it holds is the candidates' boxes, their tree and
// its order (~45 bytes a candidate), and at most revGeomDrop bytes of
// the geometry column's pages at a time, beside one other column's.
func WriteReverseImage(ctx context.Context, ix *Index, w io.Writer, buildID, dir string) error {
	if err := writeReverseImage(ctx, ix, w, buildID, dir); err != nil {
		return fmt.Errorf("geocode: write reverse image: %w", err)
	}
	return nil
}

// revColumns are the candidates' columns in the rows' order, each in a
// file.
type revColumns struct {
	ids, parents, cents, meta, ends, geom *spill.Stream
}

func (c *revColumns) all() []*spill.Stream {
	return []*spill.Stream{c.ids, c.parents, c.cents, c.meta, c.ends, c.geom}
}

func writeReverseImage(ctx context.Context, ix *Index, w io.Writer, buildID, dir string) error {
	var c revColumns
	for _, s := range []**spill.Stream{&c.ids, &c.parents, &c.cents, &c.meta, &c.ends, &c.geom} {
		st, err := spill.NewStream(dir)
		if err != nil {
			return err
		}
		defer st.Close()
		*s = st
	}
	var boxes []boxtree.Box
	var end uint64
	putValue(c.ends, end) // the geometry ends start with the first's start
	classes, err := scanReverse(ctx, ix, func(e *revEntry) error {
		boxes = append(boxes, e.box)
		putValue(c.ids, e.id)
		putValue(c.parents, e.parent)
		putValue(c.cents, e.cent)
		putValue(c.meta, uint64(e.meta))
		c.geom.Write(e.geom)
		end += uint64(len(e.geom))
		putValue(c.ends, end)
		return nil
	})
	if err != nil {
		return err
	}
	for _, s := range c.all() {
		if err := s.Finish(); err != nil { // the write errors too
			return err
		}
	}
	tree, order := boxtree.Build(boxes)
	boxes = nil

	fw := flat.NewWriter(w, reverseMagic)
	fw.String(buildID)
	fw.U64(6) // the arrays of imageFields, in its order
	writeColumn[int64](fw, c.ids, order)
	writeColumn[int64](fw, c.parents, order)
	writeColumn[orb.Point](fw, c.cents, order)
	writeColumn[uint64](fw, c.meta, order)
	ends := column[uint64](c.ends)
	offs := flat.StartArray[uint64](fw, len(order)+1)
	var off uint64
	offs.Put(off)
	for _, j := range order {
		off += ends[j+1] - ends[j]
		offs.Put(off)
	}
	offs.End()
	geom := c.geom.Bytes()
	ga := flat.StartArray[byte](fw, int(end))
	var sinceDrop uint64
	for _, j := range order {
		ga.PutSlice(geom[ends[j]:ends[j+1]])
		if sinceDrop += ends[j+1] - ends[j]; sinceDrop >= revGeomDrop {
			c.geom.Drop(0, len(geom))
			sinceDrop = 0
		}
	}
	ga.End()
	c.geom.Drop(0, len(geom))
	c.ends.Drop(0, int(c.ends.Len()))
	fw.Strings(classes)
	tree.WriteImage(fw)
	return fw.Close()
}

// putValue appends v's bytes to s (its errors are kept for Finish).
func putValue[T any](s *spill.Stream, v T) {
	s.Write(unsafe.Slice((*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v)))
}

// column returns s's bytes (finished) as the values putValue wrote.
func column[T any](s *spill.Stream) []T {
	b := flat.Aligned(s.Bytes())
	size := int(unsafe.Sizeof(*new(T)))
	if len(b) < size {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/size)
}

// writeColumn writes column s (values of T in the rows' order) as an
// array in order's order, then gives back its pages.
func writeColumn[T any](fw *flat.Writer, s *spill.Stream, order []int) {
	col := column[T](s)
	a := flat.StartArray[T](fw, len(order))
	for _, j := range order {
		a.Put(col[j])
	}
	a.End()
	s.Drop(0, int(s.Len()))
}
