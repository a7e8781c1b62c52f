// Package flat writes and reads images: files of typed arrays laid out
// as they are in memory, so that a reader maps the file and uses the
// arrays in place, with no decoding and no heap (the engine's routing
// graphs and autocomplete indexes, cached beside their pack).
//
// An image starts with an 8-byte magic (the caller's: its kind and
// layout version) and a byte-order mark in the writing machine's order,
// so an image moved to a machine of the other order is refused, not
// misread. Then come the caller's header values and arrays, in an order
// the caller knows: integers little-endian, each array as its element
// size, its count and its elements padded to 8 bytes (every array starts
// 8-aligned in a mapping, which starts on a page). The last 8 bytes are
// the image's total length, so a file cut short is refused.
//
// Arrays are checked for their element size and count, not their values:
// an image is a cache its reader wrote itself from validated data, and is
// trusted like SQLite trusts its pages. Element types must hold no
// pointers.
package flat

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"unsafe"
)

// ErrImage is returned (wrapped) for bytes that are not a whole image of
// the kind asked for.
var ErrImage = errors.New("not a valid image")

const order = 0x01020304

// Writer writes an image.
type Writer struct {
	w   *bufio.Writer
	n   int
	err error
}

// NewWriter starts an image with magic (8 bytes) and the byte-order mark.
func NewWriter(w io.Writer, magic string) *Writer {
	fw := &Writer{w: bufio.NewWriterSize(w, 1<<20)}
	if len(magic) != 8 {
		fw.err = fmt.Errorf("flat: magic %q is not 8 bytes", magic)
	}
	fw.bytes([]byte(magic))
	var o [4]byte
	*(*uint32)(unsafe.Pointer(&o[0])) = order
	fw.bytes(o[:])
	return fw
}

// bytes writes b a megabyte at a time: an array of a mapping (a graph's
// decoded in a spill arena, engine/spill) is read in parts, so its pages
// can be dropped as it is written rather than when one write of the
// whole array returns.
func (w *Writer) bytes(b []byte) {
	for w.err == nil {
		k := min(len(b), 1<<20)
		_, w.err = w.w.Write(b[:k])
		w.n += k
		if b = b[k:]; len(b) == 0 {
			break
		}
	}
}

// U32 writes v.
func (w *Writer) U32(v uint32) { w.bytes(binary.LittleEndian.AppendUint32(nil, v)) }

// U64 writes v.
func (w *Writer) U64(v uint64) { w.bytes(binary.LittleEndian.AppendUint64(nil, v)) }

// String writes s as its length and bytes, padded to 8 bytes.
func (w *Writer) String(s string) {
	w.U64(uint64(len(s)))
	w.bytes([]byte(s))
	w.pad()
}

func (w *Writer) pad() {
	var zero [8]byte
	w.bytes(zero[:(8-w.n%8)%8])
}

// WriteArray writes s: its element size, count and elements, padded.
func WriteArray[T any](w *Writer, s []T) {
	size := int(unsafe.Sizeof(*new(T)))
	w.U64(uint64(size))
	w.U64(uint64(len(s)))
	if len(s) > 0 {
		w.bytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size))
	}
	w.pad()
}

// ArrayWriter writes an array of a length known ahead element by element,
// as WriteArray writes a slice of them, so that a writer need not hold
// the array (the reverse index's, written in its tree's order from
// columns read in another order). Elements are buffered 64 KiB at a
// time and written as their bytes: types with padding between fields
// would write what the buffer held there.
type ArrayWriter[T any] struct {
	w    *Writer
	left int // elements still to come
	buf  []T
}

// StartArray writes the header of an array of n elements of T; the
// caller then writes exactly n elements and ends it (ArrayWriter.End).
func StartArray[T any](w *Writer, n int) *ArrayWriter[T] {
	size := int(unsafe.Sizeof(*new(T)))
	w.U64(uint64(size))
	w.U64(uint64(n))
	return &ArrayWriter[T]{w: w, left: n, buf: make([]T, 0, max(1, (64<<10)/max(size, 1)))}
}

// Put writes the next element.
func (a *ArrayWriter[T]) Put(v T) {
	if len(a.buf) == cap(a.buf) {
		a.flush()
	}
	a.buf = append(a.buf, v)
}

// PutSlice writes the next len(vs) elements.
func (a *ArrayWriter[T]) PutSlice(vs []T) {
	if len(vs) > cap(a.buf)-len(a.buf) {
		a.flush()
		if len(vs) > cap(a.buf) {
			a.write(vs)
			return
		}
	}
	a.buf = append(a.buf, vs...)
}

func (a *ArrayWriter[T]) flush() {
	a.write(a.buf)
	a.buf = a.buf[:0]
}

func (a *ArrayWriter[T]) write(vs []T) {
	if len(vs) == 0 {
		return
	}
	a.left -= len(vs)
	if a.left < 0 && a.w.err == nil {
		a.w.err = fmt.Errorf("flat: %d elements over the array's length", -a.left)
	}
	size := int(unsafe.Sizeof(*new(T)))
	a.w.bytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(vs))), len(vs)*size))
}

// End writes the elements buffered and the array's padding; fewer
// elements than the header said is an error (Writer.Close's).
func (a *ArrayWriter[T]) End() {
	a.flush()
	if a.left > 0 && a.w.err == nil {
		a.w.err = fmt.Errorf("flat: array ended %d elements short", a.left)
	}
	a.w.pad()
}

// Close ends the image with its total length and flushes it; it returns
// the first error of any write.
func (w *Writer) Close() error {
	w.U64(uint64(w.n + 8))
	if w.err == nil {
		w.err = w.w.Flush()
	}
	if w.err != nil {
		return fmt.Errorf("flat: write image: %w", w.err)
	}
	return nil
}

// Reader reads an image in place.
type Reader struct {
	b   []byte
	off int
	err error
}

// NewReader checks that data starts an image with magic in this
// machine's byte order.
func NewReader(data []byte, magic string) (*Reader, error) {
	if len(data) < 8 || string(data[:8]) != magic {
		return nil, fmt.Errorf("%w: not a %s image", ErrImage, magic)
	}
	if len(data) < 16 {
		return nil, fmt.Errorf("%w: cut short at byte %d", ErrImage, len(data))
	}
	if *(*uint32)(unsafe.Pointer(&data[8])) != order {
		return nil, fmt.Errorf("%w: image of the other byte order", ErrImage)
	}
	if uintptr(unsafe.Pointer(&data[0]))%8 != 0 {
		return nil, fmt.Errorf("%w: image not 8-aligned in memory", ErrImage)
	}
	return &Reader{b: data, off: 12}, nil
}

func (r *Reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b)-r.off {
		r.err = fmt.Errorf("cut short at byte %d", r.off)
		return nil
	}
	b := r.b[r.off : r.off+n]
	r.off += n
	return b
}

// U32 reads a value U32 wrote (0 after an error).
func (r *Reader) U32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

// U64 reads a value U64 wrote (0 after an error).
func (r *Reader) U64() uint64 {
	if b := r.bytes(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// String reads a string String wrote, copied out of the image.
func (r *Reader) String() string {
	s := string(r.bytes(int(min(r.U64(), uint64(len(r.b))))))
	r.pad()
	return s
}

func (r *Reader) pad() { r.bytes((8 - r.off%8) % 8) }

// ReadArray reads the next array into *s, as a view of the image's bytes
// (valid while they are).
func ReadArray[T any](r *Reader, s *[]T) {
	size := uint64(unsafe.Sizeof(*new(T)))
	gotSize, count := r.U64(), r.U64()
	if r.err != nil {
		return
	}
	if gotSize != size {
		r.err = fmt.Errorf("array at byte %d has elements of %d bytes, not %d", r.off, gotSize, size)
		return
	}
	if count > uint64(len(r.b)-r.off)/size {
		r.err = fmt.Errorf("array at byte %d is cut short", r.off)
		return
	}
	b := r.bytes(int(count * size))
	r.pad()
	*s = nil
	if count > 0 && r.err == nil {
		*s = unsafe.Slice((*T)(unsafe.Pointer(&b[0])), int(count))
	}
}

// Err returns the first error of any read so far, wrapping ErrImage.
func (r *Reader) Err() error {
	if r.err != nil {
		return fmt.Errorf("%w: %v", ErrImage, r.err)
	}
	return nil
}

// Close checks that the image ends here with its total length and
// returns the first error of any read, wrapping ErrImage.
func (r *Reader) Close() error {
	if total := r.U64(); r.err == nil && (total != uint64(len(r.b)) || r.off != len(r.b)) {
		r.err = fmt.Errorf("image of %d bytes, not %d", len(r.b), total)
	}
	return r.Err()
}

// Field is one array of an image, as a pointer to the slice that is
// written from or read into: a list of fields is the layout of an
// image's arrays, shared by its writer and its reader.
type Field interface {
	Put(*Writer)
	Get(*Reader)
}

// F returns the field of the slice p points to.
func F[T any](p *[]T) Field { return field[T]{p} }

type field[T any] struct{ p *[]T }

func (f field[T]) Put(w *Writer) { WriteArray(w, *f.p) }
func (f field[T]) Get(r *Reader) { ReadArray(r, f.p) }

// WriteFields writes the number of fields, then each.
func (w *Writer) WriteFields(fs []Field) {
	w.U64(uint64(len(fs)))
	for _, f := range fs {
		f.Put(w)
	}
}

// ReadFields reads what WriteFields wrote into fs; an image with another
// number of arrays is an error.
func (r *Reader) ReadFields(fs []Field) {
	if n := r.U64(); r.err == nil && n != uint64(len(fs)) {
		r.err = fmt.Errorf("image of %d arrays, not %d", n, len(fs))
		return
	}
	for _, f := range fs {
		f.Get(r)
	}
}

// JoinStrings returns the strings one after the other and where each
// starts (len(strs)+1 offsets), to be written as two arrays.
func JoinStrings(strs []string) ([]byte, []uint32) {
	off := make([]uint32, len(strs)+1)
	n := 0
	for i, s := range strs {
		n += len(s)
		off[i+1] = uint32(n)
	}
	b := make([]byte, 0, n)
	for _, s := range strs {
		b = append(b, s...)
	}
	return b, off
}

// SplitStrings returns the strings JoinStrings joined, copied out of the
// image (a string kept in an answer must not point into a mapping).
func SplitStrings(b []byte, off []uint32) ([]string, error) {
	if len(off) == 0 || off[0] != 0 || int(off[len(off)-1]) != len(b) {
		return nil, fmt.Errorf("%w: %d string bytes do not fit their offsets", ErrImage, len(b))
	}
	strs := make([]string, len(off)-1)
	for i := range strs {
		if off[i+1] < off[i] {
			return nil, fmt.Errorf("%w: string offsets out of order", ErrImage)
		}
		strs[i] = string(b[off[i]:off[i+1]])
	}
	return strs, nil
}

// Aligned returns b itself when it starts 8-aligned in memory, else a
// copy that does: an image read into memory (not mapped), or a part of
// one, must be aligned for NewReader.
func Aligned(b []byte) []byte {
	if len(b) == 0 || uintptr(unsafe.Pointer(&b[0]))%8 == 0 {
		return b
	}
	w := make([]uint64, (len(b)+7)/8)
	a := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(b))
	copy(a, b)
	return a
}

// Strings writes a list of strings as two arrays: their bytes one after
// the other and where each starts (JoinStrings).
func (w *Writer) Strings(strs []string) {
	b, off := JoinStrings(strs)
	WriteArray(w, b)
	WriteArray(w, off)
}

// Strings reads a list Writer.Strings wrote, copied out of the image (nil
// after an error, which Err and Close report).
func (r *Reader) Strings() []string {
	var b []byte
	var off []uint32
	ReadArray(r, &b)
	ReadArray(r, &off)
	if r.err != nil {
		return nil
	}
	strs, err := SplitStrings(b, off)
	if err != nil {
		r.err = fmt.Errorf("strings at byte %d: %v", r.off, err)
	}
	return strs
}
