package route

// A graph's image is its arrays as they are in memory, one after the
// other, written once to a file and mapped back read-only by LoadImage:
// opening a mapped image costs no decoding and no heap (a ×64 tiling of LI
// decodes its two graphs into ~700 MB of heap in ~5 s), and processes that
// map the same image share its pages. The pack keeps the compact encoding
// (graphcodec.go, a fifth of the image's size); the image is a cache of
// it that the engine keeps beside the pack.
//
// Layout (every integer little-endian; arrays in the machine's order,
// which the header's order mark records, so an image moved to a machine
// of the other order is refused, not misread):
//
//	[8]byte  imageMagic
//	uint32   0x01020304 in the machine's order
//	uint32   profile
//	uint64   junctions
//	4×f64    bound (min lon, min lat, max lon, max lat)
//	f64      fine grid cell
//	uint64   length of the build id; the id, padded to 8 bytes
//	uint64   number of arrays
//	arrays   each: uint64 element size, uint64 count, the elements padded
//	         to 8 bytes (so every array starts 8-aligned in a mapping)
//	uint64   total length of the image (a truncated file is refused)
//
// The arrays are checked for their lengths and their elements' sizes,
// not their values: the image was written from a graph Decode validated,
// and like SQLite with its pages the engine trusts the file it wrote.

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"unsafe"

	"github.com/paulmach/orb"
)

// imageMagic starts an image; its last two characters are the layout's
// version.
const imageMagic = "WMGIMG01"

const imageOrder = 0x01020304

// WriteImage writes g's image to w.
func (g *Graph) WriteImage(w io.Writer) error {
	iw := &imageWriter{w: bufio.NewWriterSize(w, 1<<20)}
	iw.bytes([]byte(imageMagic))
	var order [4]byte
	*(*uint32)(unsafe.Pointer(&order[0])) = imageOrder
	iw.bytes(order[:])
	iw.u32(uint32(g.profile))
	iw.u64(uint64(g.nJunctions))
	for _, f := range []float64{g.bound.Min[0], g.bound.Min[1], g.bound.Max[0], g.bound.Max[1], g.fine.cell} {
		iw.u64(math.Float64bits(f))
	}
	iw.u64(uint64(len(g.buildID)))
	iw.bytes([]byte(g.buildID))
	iw.pad()
	strBytes, strOff := joinStrings(g.strs)
	fields := g.imageFields(&strBytes, &strOff)
	iw.u64(uint64(len(fields)))
	for _, f := range fields {
		field(f, func(a imageArray) {
			iw.u64(uint64(a.size))
			iw.u64(uint64(a.count))
			iw.bytes(a.data)
			iw.pad()
		}, nil)
	}
	iw.u64(uint64(iw.n + 8))
	if iw.err != nil {
		return fmt.Errorf("route: write image: %w", iw.err)
	}
	if err := iw.w.Flush(); err != nil {
		return fmt.Errorf("route: write image: %w", err)
	}
	return nil
}

// imageArray is one array of an image: its element size, count and bytes.
type imageArray struct {
	size, count int
	data        []byte
}

func arrayOf[T any](s []T) imageArray {
	size := int(unsafe.Sizeof(*new(T)))
	if len(s) == 0 {
		return imageArray{size: size}
	}
	return imageArray{size, len(s), unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)}
}

// imageFields lists g's arrays (and the strings', strBytes and strOff)
// in the image's order, as pointers: WriteImage writes them and
// LoadImage reads them back through the same list.
func (g *Graph) imageFields(strBytes *[]byte, strOff *[]uint32) []any {
	return []any{
		&g.eFrom, &g.eTo, &g.eGeom, &g.pts, &g.nodes,
		&g.eName, &g.eRef, &g.eDest, &g.eClass, &g.eFlags,
		&g.eSpeed, &g.eLen, &g.eArc,
		&g.aEdge, &g.aW, &g.aD, &g.aDup,
		&g.tOff, &g.tTo, &g.tW,
		&g.up.off, &g.up.to, &g.up.w, &g.up.d, &g.up.mid,
		&g.down.off, &g.down.to, &g.down.w, &g.down.d, &g.down.mid,
		strBytes, strOff,
		&g.jOff, &g.jEdge, &g.eBox, &g.cum, &g.edgeBig,
		&g.fine.keys, &g.fine.spans, &g.fine.refs,
	}
}

// field calls write or read (one of them nil) with the array f points to.
func field(f any, write func(imageArray), r *imageReader) {
	switch p := f.(type) {
	case *[]uint32:
		imageField(p, write, r)
	case *[]int32:
		imageField(p, write, r)
	case *[]int64:
		imageField(p, write, r)
	case *[]uint8:
		imageField(p, write, r)
	case *[]float32:
		imageField(p, write, r)
	case *[]bool:
		imageField(p, write, r)
	case *[]orb.Point:
		imageField(p, write, r)
	case *[]orb.Bound:
		imageField(p, write, r)
	case *[]segRef:
		imageField(p, write, r)
	default:
		panic(fmt.Sprintf("route: image: no array type %T", f))
	}
}

func imageField[T any](p *[]T, write func(imageArray), r *imageReader) {
	if write != nil {
		write(arrayOf(*p))
		return
	}
	imageArrayOf(r, p)
}

// joinStrings returns the strings one after the other and where each
// starts (len(strs)+1 offsets).
func joinStrings(strs []string) ([]byte, []uint32) {
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

type imageWriter struct {
	w   *bufio.Writer
	n   int
	err error
}

func (iw *imageWriter) bytes(b []byte) {
	if iw.err == nil {
		_, iw.err = iw.w.Write(b)
		iw.n += len(b)
	}
}

func (iw *imageWriter) u32(v uint32) { iw.bytes(binary.LittleEndian.AppendUint32(nil, v)) }
func (iw *imageWriter) u64(v uint64) { iw.bytes(binary.LittleEndian.AppendUint64(nil, v)) }

func (iw *imageWriter) pad() {
	var zero [8]byte
	iw.bytes(zero[:(8-iw.n%8)%8])
}

// LoadImage returns the graph whose image data holds (WriteImage). The
// graph's arrays are data itself, which must stay mapped (and unchanged)
// while the graph or anything taken from it is in use, and must start
// 8-aligned (a mapping starts on a page). An image that is not one, is
// cut short or was written on a machine of the other byte order gives an
// error wrapping ErrGraph.
func LoadImage(data []byte) (*Graph, error) {
	r := &imageReader{b: data}
	if string(r.bytes(len(imageMagic))) != imageMagic {
		return nil, fmt.Errorf("%w: not a graph image", ErrGraph)
	}
	if o := r.bytes(4); r.err == nil && *(*uint32)(unsafe.Pointer(&o[0])) != imageOrder {
		return nil, fmt.Errorf("%w: graph image of the other byte order", ErrGraph)
	}
	g := &Graph{}
	g.profile = Profile(r.u32())
	g.nJunctions = int(r.u64())
	var f [5]float64
	for i := range f {
		f[i] = math.Float64frombits(r.u64())
	}
	g.bound = orb.Bound{Min: orb.Point{f[0], f[1]}, Max: orb.Point{f[2], f[3]}}
	g.fine.cell = f[4]
	g.buildID = string(r.bytes(int(r.u64())))
	r.pad()
	var strBytes []byte
	var strOff []uint32
	fields := g.imageFields(&strBytes, &strOff)
	if n := r.u64(); r.err == nil && n != uint64(len(fields)) {
		return nil, fmt.Errorf("%w: graph image of %d arrays, not %d", ErrGraph, n, len(fields))
	}
	for _, f := range fields {
		field(f, nil, r)
	}
	if total := r.u64(); r.err == nil && (total != uint64(len(data)) || r.off != len(data)) {
		return nil, fmt.Errorf("%w: graph image of %d bytes, not %d", ErrGraph, len(data), total)
	}
	if r.err != nil {
		return nil, fmt.Errorf("%w: graph image: %v", ErrGraph, r.err)
	}
	if err := g.checkImage(strBytes, strOff); err != nil {
		return nil, err
	}
	// The strings are copied: answers keep them (step names), and
	// nothing an answer keeps may point into the mapping.
	g.strs = make([]string, len(strOff)-1)
	for i := range g.strs {
		g.strs[i] = string(strBytes[strOff[i]:strOff[i+1]])
	}
	g.dups = duplicatesOf(g.aDup)
	g.mapped = true
	n := len(g.aW)
	g.pool.New = func() any { return newScratch(n) }
	return g, nil
}

// checkImage checks that the arrays LoadImage read fit together (their
// lengths, not their values).
func (g *Graph) checkImage(strBytes []byte, strOff []uint32) error {
	E, A, P := len(g.eFrom), len(g.aEdge), len(g.pts)
	lens := []struct {
		got, want int
	}{
		{len(g.eTo), E}, {len(g.eGeom), E + 1}, {len(g.nodes), P}, {len(g.eName), E}, {len(g.eRef), E},
		{len(g.eDest), E}, {len(g.eClass), E}, {len(g.eFlags), E}, {len(g.eSpeed), 2 * E}, {len(g.eLen), E},
		{len(g.eArc), 2 * E}, {len(g.aW), A}, {len(g.aD), A}, {len(g.aDup), A}, {len(g.tOff), A + 1},
		{len(g.tW), len(g.tTo)}, {len(g.up.off), A + 1}, {len(g.down.off), A + 1},
		{len(g.up.w), len(g.up.to)}, {len(g.up.d), len(g.up.to)}, {len(g.up.mid), len(g.up.to)},
		{len(g.down.w), len(g.down.to)}, {len(g.down.d), len(g.down.to)}, {len(g.down.mid), len(g.down.to)},
		{len(g.jOff), g.nJunctions + 1}, {len(g.jEdge), 2 * E}, {len(g.eBox), E}, {len(g.cum), P},
		{len(g.edgeBig), E}, {len(g.fine.spans), 2 * len(g.fine.keys)},
	}
	for i, l := range lens {
		if l.got != l.want {
			return fmt.Errorf("%w: graph image array %d has %d elements, not %d", ErrGraph, i, l.got, l.want)
		}
	}
	if len(strOff) == 0 || int(strOff[len(strOff)-1]) != len(strBytes) {
		return fmt.Errorf("%w: graph image strings", ErrGraph)
	}
	for i := 1; i < len(strOff); i++ {
		if strOff[i] < strOff[i-1] {
			return fmt.Errorf("%w: graph image strings", ErrGraph)
		}
	}
	if k := len(g.fine.keys); k == 0 || k&(k-1) != 0 {
		return fmt.Errorf("%w: graph image grid of %d slots", ErrGraph, k)
	}
	return nil
}

type imageReader struct {
	b   []byte
	off int
	err error
}

func (r *imageReader) bytes(n int) []byte {
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

func (r *imageReader) u32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *imageReader) u64() uint64 {
	if b := r.bytes(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (r *imageReader) pad() { r.bytes((8 - r.off%8) % 8) }

// imageArrayOf reads the next array of r into *s, as a view of r's bytes.
func imageArrayOf[T any](r *imageReader, s *[]T) {
	size := uint64(unsafe.Sizeof(*new(T)))
	gotSize, count := r.u64(), r.u64()
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
	if count > 0 && r.err == nil {
		if uintptr(unsafe.Pointer(&b[0]))%8 != 0 {
			r.err = fmt.Errorf("array at byte %d is not 8-aligned in memory", r.off)
			return
		}
		*s = unsafe.Slice((*T)(unsafe.Pointer(&b[0])), int(count))
	}
}
