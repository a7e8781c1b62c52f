package extract

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"waymark/engine/spill"
)

// packedInts is a sequence of int64s held in blocks of packedBlock: per
// block its smallest value in full and every value's difference from it,
// all in the fewest bytes (1, 2, 4 or 8) that hold the block's largest
// difference. The stores' indexes are such sequences: ids sorted
// (neighbours close: LI's way ids in a block of 64 differ by a few
// thousand, 2 bytes) and offsets in file order (a block spans 64 records,
// a few KB: 2 bytes), ~2.3 bytes a value where a slice took 8 and 4-byte
// differences 4.2. The indexes of the ways, tagged nodes and relations,
// live in every stage, were 12.6 MB of slices on the 16-copy tiling of LI
// (×64: ~46 MB), 6.8 MB in 4-byte differences. A block that mixes far
// apart values (a small extract's sparse tagged node ids, editor ids
// below zero, an index sorted out of file order) takes 8 bytes a value,
// exactly. A lookup by id costs what a binary search of a slice does
// (BenchmarkPackedIntsSearch).
//
// Values are appended, then read once finish has flushed the last block.
//
// A sequence told to (toFile) writes its differences to an unlinked file
// as it goes, holding at most packedFlush bytes of them, and finish maps
// that file: the heap keeps only the blocks' headers (~0.2 bytes a value:
// base, at, width per 64), the differences are pages of the mapping,
// given back with drop. The stores' indexes (wayStore), every stage's,
// are such: at LI ×400 ~85 MB of the heap that grew with the input,
// where the headers are ~20.
type packedInts struct {
	base  []int64            // per block: its smallest value
	at    []uint32           // per block: where its differences start in data
	width []uint8            // per block: bytes a difference
	data  []byte             // the differences, little endian (with file: those not yet written)
	n     int                // values appended
	buf   [packedBlock]int64 // the block being appended

	file    *spill.Stream // where the differences go (toFile); data is its mapping after finish
	written int64         // bytes of differences in file
}

// packedFlush is how many bytes of differences a sequence with a file
// holds before writing them.
const packedFlush = 256 << 10

// toFile makes the sequence's differences go to an unlinked file in dir
// (see packedInts); call it before the first append.
func (p *packedInts) toFile(dir string) error {
	f, err := spill.NewStream(dir)
	if err != nil {
		return fmt.Errorf("regions: store index: %w", err)
	}
	p.file = f
	return nil
}

// drop gives the resident pages of the mapped differences back.
func (p *packedInts) drop() {
	if p.file != nil {
		p.file.Drop(0, len(p.data))
	}
}

// close lets go of the differences' file (the sequence is not to be read
// after).
func (p *packedInts) close() error {
	var err error
	if p.file != nil {
		err = p.file.Close()
		p.file = nil
	}
	p.data = nil
	return err
}

const packedBlock = 64

// len returns the number of values appended.
func (p *packedInts) len() int { return p.n }

// append adds v at the end.
func (p *packedInts) append(v int64) {
	p.buf[p.n%packedBlock] = v
	p.n++
	if p.n%packedBlock == 0 {
		p.flush(p.buf[:])
	}
}

// finish flushes the last, partial block and lets go of the spare
// capacity appending left (up to a quarter): the values can be read
// afterwards.
//
// With a file, finish writes what is left and maps the file; its error
// is that of a write or of the mapping (the sequence is then unusable).
func (p *packedInts) finish() error {
	if k := p.n % packedBlock; k != 0 && len(p.base)*packedBlock < p.n {
		p.flush(p.buf[:k])
	}
	p.base, p.at = shrink(p.base), shrink(p.at)
	if p.file == nil || p.file.Bytes() != nil { // in memory, or finished already
		p.width, p.data = shrink(p.width), shrink(p.data)
		return nil
	}
	p.width = shrink(p.width)
	p.write()
	if err := p.file.Finish(); err != nil {
		return fmt.Errorf("regions: store index: %w", err)
	}
	p.data = p.file.Bytes()
	return nil
}

// write sends the differences held to the file (an error comes back
// from finish).
func (p *packedInts) write() {
	if len(p.data) == 0 {
		return
	}
	p.file.Write(p.data)
	p.written += int64(len(p.data))
	p.data = p.data[:0]
}

// shrink returns s in an array of its length when it has more than a
// little spare capacity.
func shrink[S ~[]E, E any](s S) S {
	if cap(s)-len(s) <= len(s)/32 {
		return slices.Clip(s)
	}
	return slices.Clip(append(S(nil), s...))
}

func (p *packedInts) flush(vals []int64) {
	lo := slices.Min(vals)
	var most uint64
	for _, v := range vals {
		most = max(most, uint64(v)-uint64(lo))
	}
	width := uint8(8)
	switch {
	case most <= math.MaxUint8:
		width = 1
	case most <= math.MaxUint16:
		width = 2
	case most <= math.MaxUint32:
		width = 4
	}
	pos := p.written + int64(len(p.data))
	if pos > math.MaxUint32-8*packedBlock {
		panic("regions: packedInts: more than 4 GB of differences") // at's positions would not fit
	}
	p.base = append(p.base, lo)
	p.at = append(p.at, uint32(pos))
	p.width = append(p.width, width)
	for _, v := range vals {
		d := uint64(v) - uint64(lo)
		switch width {
		case 1:
			p.data = append(p.data, uint8(d))
		case 2:
			p.data = binary.LittleEndian.AppendUint16(p.data, uint16(d))
		case 4:
			p.data = binary.LittleEndian.AppendUint32(p.data, uint32(d))
		default:
			p.data = binary.LittleEndian.AppendUint64(p.data, d)
		}
	}
	if p.file != nil && len(p.data) >= packedFlush {
		p.write()
	}
}

// get returns the i-th value.
func (p *packedInts) get(i int) int64 {
	b, k := i/packedBlock, i%packedBlock
	o := int(p.at[b])
	var d uint64
	switch p.width[b] {
	case 1:
		d = uint64(p.data[o+k])
	case 2:
		d = uint64(binary.LittleEndian.Uint16(p.data[o+2*k:]))
	case 4:
		d = uint64(binary.LittleEndian.Uint32(p.data[o+4*k:]))
	default:
		d = binary.LittleEndian.Uint64(p.data[o+8*k:])
	}
	return int64(uint64(p.base[b]) + d)
}

// search returns the position of v in values sorted in increasing order,
// and whether it is there: a binary search of the blocks' first values,
// then of one block.
func (p *packedInts) search(v int64) (int, bool) {
	b, found := slices.BinarySearch(p.base, v)
	if found {
		return b * packedBlock, true
	}
	if b == 0 {
		return 0, false
	}
	lo, hi := (b-1)*packedBlock, min(b*packedBlock, p.n)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if p.get(mid) < v {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < p.n && p.get(lo) == v
}
