package mapdata

// The rows of a bucket, stored together (pack format 4, table map_rows):
// one blob per bucket instead of one map_features row per feature. A
// feature costs a table row's overhead no more (a rowid, a record header,
// a cell pointer: ~16 bytes, a third of the average row at LI ×64), and
// its geometry's first point, the one absolute coordinate of AppendGeom's
// encoding (two 5-byte varints), is stored as the step from the previous
// row's first point instead (rows of a bucket are near each other).
//
// A blob is:
//
//	uvarint number of rows
//	per row: uvarint class, zigzag varint layer, uvarint flags,
//	         uvarint rank, uvarint name length, name bytes,
//	         uvarint geometry length, geometry bytes
//
// where the geometry is AppendGeom's encoding but for its first point:
// the delta from the previous row's first point (the first row's from
// 0, 0, so it is AppendGeom's exactly).

import (
	"encoding/binary"
	"errors"
)

// errBadRows is returned for a bucket blob that does not decode.
var errBadRows = errors.New("mapdata: invalid map bucket rows")

// rowFields are the columns of a row besides its name and geometry.
type rowFields struct{ class, layer, flags, rank int }

// firstPoint returns where the first point of an AppendGeom blob starts,
// the end of its two varints, and its coordinates as stored (deltas from
// 0, 0); ok is false for a blob without points.
func firstPoint(g []byte) (start, end int, x, y int64, ok bool) {
	if len(g) < 2 {
		return 0, 0, 0, 0, false
	}
	i := 1
	nparts, n := binary.Uvarint(g[i:])
	if n <= 0 || nparts > uint64(len(g)) {
		return 0, 0, 0, 0, false
	}
	i += n
	total := uint64(0)
	for p := uint64(0); p < nparts; p++ {
		c, n := binary.Uvarint(g[i:])
		if n <= 0 {
			return 0, 0, 0, 0, false
		}
		i += n
		total += c
	}
	if total == 0 {
		return 0, 0, 0, 0, false
	}
	x, n = binary.Varint(g[i:])
	if n <= 0 {
		return 0, 0, 0, 0, false
	}
	y, m := binary.Varint(g[i+n:])
	if m <= 0 {
		return 0, 0, 0, 0, false
	}
	return i, i + n + m, x, y, true
}

// rowsWriter builds the blob of one bucket.
type rowsWriter struct {
	b      []byte
	n      int
	px, py int64 // the previous row's first point
}

func (w *rowsWriter) reset() { w.b, w.n, w.px, w.py = w.b[:0], 0, 0, 0 }

// add appends a row; geom must have a point (GeomBox ok).
func (w *rowsWriter) add(f rowFields, name string, geom []byte) error {
	start, end, x, y, ok := firstPoint(geom)
	if !ok {
		return ErrBadGeom
	}
	w.b = binary.AppendUvarint(w.b, uint64(f.class))
	w.b = binary.AppendVarint(w.b, int64(f.layer))
	w.b = binary.AppendUvarint(w.b, uint64(f.flags))
	w.b = binary.AppendUvarint(w.b, uint64(f.rank))
	w.b = binary.AppendUvarint(w.b, uint64(len(name)))
	w.b = append(w.b, name...)
	var pt [2 * binary.MaxVarintLen64]byte
	p := binary.AppendVarint(pt[:0], x-w.px)
	p = binary.AppendVarint(p, y-w.py)
	w.b = binary.AppendUvarint(w.b, uint64(start+len(p)+len(geom)-end))
	w.b = append(w.b, geom[:start]...)
	w.b = append(w.b, p...)
	w.b = append(w.b, geom[end:]...)
	w.px, w.py = x, y
	w.n++
	return nil
}

// blob returns the bucket's blob (the row count, then the rows).
func (w *rowsWriter) blob() []byte {
	out := binary.AppendUvarint(make([]byte, 0, len(w.b)+binary.MaxVarintLen64), uint64(w.n))
	return append(out, w.b...)
}

// rowsReader reads the rows of a bucket blob one at a time; geom is the
// current row's geometry in AppendGeom's encoding (rebuilt in a buffer
// reused from row to row).
type rowsReader struct {
	b      []byte
	left   uint64
	px, py int64
	f      rowFields
	name   []byte
	geom   []byte
	err    error
}

func (r *rowsReader) reset(b []byte) {
	r.px, r.py, r.err = 0, 0, nil
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		r.b, r.left, r.err = nil, 0, errBadRows
		return
	}
	r.b, r.left = b[k:], n
}

func (r *rowsReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errBadRows
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *rowsReader) bytes() []byte {
	n := r.uvarint()
	if r.err != nil || n > uint64(len(r.b)) {
		r.err = errBadRows
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

// next reads the next row; false at the end or on a corrupt blob (err).
func (r *rowsReader) next() bool {
	if r.err != nil || r.left == 0 {
		return false
	}
	r.left--
	r.f.class = int(r.uvarint())
	layer, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = errBadRows
		return false
	}
	r.b = r.b[n:]
	r.f.layer = int(layer)
	r.f.flags = int(r.uvarint())
	r.f.rank = int(r.uvarint())
	r.name = r.bytes()
	g := r.bytes()
	if r.err != nil {
		return false
	}
	start, end, dx, dy, ok := firstPoint(g)
	if !ok {
		r.err = ErrBadGeom
		return false
	}
	r.px, r.py = r.px+dx, r.py+dy
	r.geom = append(r.geom[:0], g[:start]...)
	r.geom = binary.AppendVarint(r.geom, r.px)
	r.geom = binary.AppendVarint(r.geom, r.py)
	r.geom = append(r.geom, g[end:]...)
	return true
}
