package route

// The graph encoding's readers and writers: varWriter and varReader for
// the varint formats (V2, V3), binReader for the fixed-width V1.

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/spill"
)

// varWriter writes the graphMagic format: unsigned varints, zigzag varints
// for signed values, deltas from the previous value where an array
// ascends (offsets) or changes little (node ids, coordinates).
// It passes its bytes on to out whenever writeChunk of them are waiting.
type varWriter struct {
	b   []byte
	out io.Writer
	n   int64 // bytes written to out
	err error // the first error out returned
	// v2 writes the V2 layout (speeds as floats, targets absolute), v3
	// the V3 layout (every array whole), v4 the V4 layout (shortcut
	// weights stored), v5 the V5 layout (no guidance arrays), v6 the V6
	// layout (no pushed directions or hierarchy classes); only tests
	// write them, to check that old packs still decode.
	v2, v3, v4, v5, v6 bool
}

func newVarWriter(out io.Writer) *varWriter {
	return &varWriter{b: make([]byte, 0, 2*writeChunk), out: out}
}

// writeChunk is how many bytes varWriter collects before writing them.
const writeChunk = 1 << 20

func (w *varWriter) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v); w.spill() }
func (w *varWriter) int(v int64)   { w.b = binary.AppendVarint(w.b, v); w.spill() }

// spill writes the collected bytes when there are writeChunk of them.
func (w *varWriter) spill() {
	if len(w.b) >= writeChunk {
		w.flush()
	}
}

func (w *varWriter) flush() {
	if w.err == nil && len(w.b) > 0 {
		var n int
		n, w.err = w.out.Write(w.b)
		w.n += int64(n)
	}
	w.b = w.b[:0]
}

func (w *varWriter) u32s(v []uint32, delta bool) {
	w.uint(uint64(len(v)))
	prev := int64(0)
	for _, x := range v {
		if delta {
			w.int(int64(x) - prev)
			prev = int64(x)
		} else {
			w.uint(uint64(x))
		}
	}
}

func (w *varWriter) i32s(v []int32) {
	w.uint(uint64(len(v)))
	for _, x := range v {
		w.int(int64(x))
	}
}

func (w *varWriter) i64s(v []int64) {
	w.uint(uint64(len(v)))
	prev := int64(0)
	for _, x := range v {
		w.int(x - prev)
		prev = x
	}
}

func (w *varWriter) u8s(v []uint8) {
	w.uint(uint64(len(v)))
	for len(v) > 0 {
		k := min(len(v), writeChunk)
		w.b = append(w.b, v[:k]...)
		v = v[k:]
		w.spill()
	}
}

func (w *varWriter) f32s(v []float32) {
	w.uint(uint64(len(v)))
	for _, x := range v {
		w.b = binary.LittleEndian.AppendUint32(w.b, math.Float32bits(x))
		w.spill()
	}
}

// speeds writes v as the table of its distinct values (ascending, float32
// little endian) and each value's index in it.
func (w *varWriter) speeds(v []float32) {
	if w.v2 {
		w.f32s(v)
		return
	}
	table := slices.Clone(v)
	slices.Sort(table)
	table = slices.Compact(table)
	w.uint(uint64(len(v)))
	w.f32s(table)
	for _, x := range v {
		i, _ := slices.BinarySearch(table, x)
		w.uint(uint64(i))
	}
}

// relative writes to, the targets of the entries of CSR offsets off, each
// as the zigzag delta from its source.
func (w *varWriter) relative(off, to []uint32) {
	if w.v2 {
		w.u32s(to, false)
		return
	}
	w.uint(uint64(len(to)))
	for v := 0; v+1 < len(off); v++ {
		for k := off[v]; k < off[v+1] && int(k) < len(to); k++ {
			w.int(int64(to[k]) - int64(v))
		}
	}
}

// points writes the E7 coordinates of pts as lon, lat pairs, each
// coordinate as the delta from the previous point's.
func (w *varWriter) points(pts []orb.Point) {
	w.uint(uint64(2 * len(pts)))
	var px, py int64
	for _, p := range pts {
		x, y := int64(int32(math.Round(p[0]*1e7))), int64(int32(math.Round(p[1]*1e7)))
		w.int(x - px)
		w.int(y - py)
		px, py = x, y
	}
}

// varReader reads what varWriter wrote. Lengths are checked against the
// bytes left (every element takes at least one byte), so a corrupt length
// cannot allocate wildly.
type varReader struct {
	b   []byte
	err error
	sc  *spill.Arena // where arrays are made (nil: the heap)
}

func (r *varReader) failed() error { return r.err }

func (r *varReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = io.ErrUnexpectedEOF
		return 0
	}
	r.b = r.b[n:]
	return v
}

// int reads a zigzag varint (binary.AppendVarint's encoding).
func (r *varReader) int() int64 {
	u := r.uint()
	return int64(u>>1) ^ -int64(u&1)
}

func (r *varReader) n(size int) int {
	n := r.uint()
	if r.err == nil && n*uint64(size) > uint64(len(r.b)) {
		r.err = fmt.Errorf("array length %d", n)
	}
	if r.err != nil {
		return 0
	}
	return int(n)
}

func (r *varReader) u32() uint32 { return uint32(r.uint()) }

func (r *varReader) u32s(delta bool) []uint32 {
	v := spill.Make[uint32](r.sc, r.n(1))
	prev := int64(0)
	for i := range v {
		if delta {
			prev += r.int()
			v[i] = uint32(prev)
		} else {
			v[i] = uint32(r.uint())
		}
	}
	return v
}

func (r *varReader) i32s() []int32 {
	v := spill.Make[int32](r.sc, r.n(1))
	for i := range v {
		v[i] = int32(r.int())
	}
	return v
}

func (r *varReader) i64s() []int64 {
	v := spill.Make[int64](r.sc, r.n(1))
	prev := int64(0)
	for i := range v {
		prev += r.int()
		v[i] = prev
	}
	return v
}

func (r *varReader) u8s() []uint8 {
	n := r.n(1)
	v := spill.Make[uint8](r.sc, n)
	copy(v, r.b[:n])
	r.b = r.b[n:]
	return v
}

func (r *varReader) f32s() []float32 {
	v := spill.Make[float32](r.sc, r.n(4))
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(r.b[4*i:]))
	}
	r.b = r.b[4*len(v):]
	return v
}

// speeds reads what varWriter.speeds wrote.
func (r *varReader) speeds() []float32 {
	n := r.n(1)
	table := r.f32s()
	v := spill.Make[float32](r.sc, n)
	for i := range v {
		k := r.uint()
		if r.err == nil && k >= uint64(len(table)) {
			r.err = fmt.Errorf("speed %d of a table of %d", k, len(table))
		}
		if r.err != nil {
			return nil
		}
		v[i] = table[k]
	}
	return v
}

// relative reads what varWriter.relative wrote for offsets off (already
// read; validate checks them against the length).
func (r *varReader) relative(off []uint32) []uint32 {
	to := spill.Make[uint32](r.sc, r.n(1))
	k := 0
	for v := 0; v+1 < len(off) && r.err == nil; v++ {
		for ; k < int(off[v+1]) && k < len(to); k++ {
			to[k] = uint32(int64(v) + r.int())
		}
	}
	return to
}

func (r *varReader) coords() []int32 {
	v := spill.Make[int32](r.sc, r.n(2))
	var px, py int64
	for i := 0; i+1 < len(v); i += 2 {
		px += r.int()
		py += r.int()
		v[i], v[i+1] = int32(px), int32(py)
	}
	return v
}

func (r *varReader) str() string {
	n := r.n(1)
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// binReader reads the graphMagicV1 format: little-endian fixed-width
// arrays behind uint32 lengths.
type binReader struct {
	r   *bufio.Reader
	err error
	max int          // no array can be longer than the blob, so a corrupt length cannot allocate wildly
	sc  *spill.Arena // where arrays are made (nil: the heap)
}

func (r *binReader) failed() error { return r.err }

func (r *binReader) get(v any) {
	if r.err == nil {
		r.err = binary.Read(r.r, binary.LittleEndian, v)
	}
}
func (r *binReader) u32() uint32 { var v uint32; r.get(&v); return v }
func (r *binReader) n() int {
	n := int(r.u32())
	if n > r.max && r.err == nil {
		r.err = fmt.Errorf("array length %d", n)
	}
	if r.err != nil {
		return 0
	}
	return n
}
func (r *binReader) u32s(bool) []uint32 { v := spill.Make[uint32](r.sc, r.n()); r.get(v); return v }
func (r *binReader) i32s() []int32      { v := spill.Make[int32](r.sc, r.n()); r.get(v); return v }
func (r *binReader) coords() []int32    { return r.i32s() }
func (r *binReader) i64s() []int64      { v := spill.Make[int64](r.sc, r.n()); r.get(v); return v }
func (r *binReader) u8s() []uint8       { v := spill.Make[uint8](r.sc, r.n()); r.get(v); return v }
func (r *binReader) f32s() []float32    { v := spill.Make[float32](r.sc, r.n()); r.get(v); return v }
func (r *binReader) str() string {
	n := r.n()
	if r.err != nil {
		return ""
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r.r, b); err != nil {
		r.err = err
	}
	return string(b)
}
