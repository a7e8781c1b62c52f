package extract

import (
	"encoding/binary"
	"math"
	"slices"
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
type packedInts struct {
	base  []int64            // per block: its smallest value
	at    []uint32           // per block: where its differences start in data
	width []uint8            // per block: bytes a difference
	data  []byte             // the differences, little endian
	n     int                // values appended
	buf   [packedBlock]int64 // the block being appended
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
func (p *packedInts) finish() {
	if k := p.n % packedBlock; k != 0 && len(p.base)*packedBlock < p.n {
		p.flush(p.buf[:k])
	}
	p.base, p.at = shrink(p.base), shrink(p.at)
	p.width, p.data = shrink(p.width), shrink(p.data)
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
	if len(p.data) > math.MaxUint32-8*packedBlock {
		panic("regions: packedInts: more than 4 GB of differences") // at's positions would not fit
	}
	p.base = append(p.base, lo)
	p.at = append(p.at, uint32(len(p.data)))
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
