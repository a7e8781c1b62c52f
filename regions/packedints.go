package regions

import (
	"math"
	"slices"
)

// packedInts is a sequence of int64s held in blocks of packedBlock: per
// block its smallest value in full and every value's difference from it,
// in 4 bytes when all of the block's differences fit, in 8 otherwise. The
// stores' indexes are such sequences: ids sorted (neighbours close) and
// offsets in file order (a block spans 64 records), 4.2 bytes a value
// where a slice took 8. The indexes of the ways, tagged nodes and
// relations, live in every stage, were 12.6 MB of slices on the 16-copy
// tiling of LI (×64: ~46 MB) and are 6.8 MB packed. A block that mixes
// far apart values (a small extract's sparse tagged node ids, editor ids
// below zero, an index sorted out of file order) takes 8 bytes a value,
// exactly. A lookup by id costs what a binary search of a slice does
// (BenchmarkPackedIntsSearch).
//
// Values are appended, then read once finish has flushed the last block.
type packedInts struct {
	base []int64  // per block: its smallest value
	at   []uint32 // per block: where its differences start in narrow, or in wide when wideBlock is set
	// narrow and wide hold the differences of the blocks that fit in 4
	// bytes and of those that do not.
	narrow []uint32
	wide   []uint64
	n      int                // values appended
	buf    [packedBlock]int64 // the block being appended
}

const (
	packedBlock = 64
	wideBlock   = 1 << 31 // in at: the block's differences are in wide
)

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
	p.narrow, p.wide = shrink(p.narrow), shrink(p.wide)
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
	fits := true
	for _, v := range vals {
		if uint64(v)-uint64(lo) > math.MaxUint32 {
			fits = false
			break
		}
	}
	if len(p.narrow) >= wideBlock || len(p.wide) >= wideBlock {
		panic("regions: packedInts: more than 2^31 values") // at's positions would not fit
	}
	p.base = append(p.base, lo)
	if fits {
		p.at = append(p.at, uint32(len(p.narrow)))
		for _, v := range vals {
			p.narrow = append(p.narrow, uint32(uint64(v)-uint64(lo)))
		}
		return
	}
	p.at = append(p.at, uint32(len(p.wide))|wideBlock)
	for _, v := range vals {
		p.wide = append(p.wide, uint64(v)-uint64(lo))
	}
}

// get returns the i-th value.
func (p *packedInts) get(i int) int64 {
	b, k := i/packedBlock, i%packedBlock
	if a := p.at[b]; a&wideBlock != 0 {
		return p.base[b] + int64(p.wide[int(a&^wideBlock)+k])
	}
	return p.base[b] + int64(p.narrow[int(p.at[b])+k])
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
