package extract

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestPackedInts: values come back as appended, in 8 bytes only where a
// block's values are not within 4 bytes of each other, and search
// finds every value of a sorted sequence, and the insertion point of one
// that is not there.
func TestPackedInts(t *testing.T) {
	seq := func(n int, at func(i int) int64) []int64 {
		s := make([]int64, n)
		for i := range s {
			s[i] = at(i)
		}
		return s
	}
	cases := []struct {
		name     string
		vals     []int64
		wantWide int // values held in 8 bytes
	}{
		{"empty", nil, 0},
		{"one", []int64{7}, 0},
		{"a block", seq(64, func(i int) int64 { return 1e9 + 3*int64(i) }), 0},
		{"a block and one", seq(65, func(i int) int64 { return 1e9 + 3*int64(i) }), 0},
		{"offsets", seq(1000, func(i int) int64 { return 5_000_000_000 + 100*int64(i) }), 0},
		{"sparse node ids", seq(130, func(i int) int64 { return 2e7 + int64(i)*1e8 }), 128}, // blocks of 64 spanning 6.3e9, the last two values narrow
		{"below zero", seq(100, func(i int) int64 { return int64(i)*1000 - 50_000 }), 0},
		{"extremes", []int64{math.MinInt64, -1, 0, math.MaxInt64}, 4},
		{"unsorted", []int64{9, 3, 1 << 40, 5, 1 << 40, 2}, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p packedInts
			for _, v := range c.vals {
				p.append(v)
			}
			p.finish()
			p.finish() // twice: no change
			checkPacked(t, &p, c.vals)
			wide := 0
			for b, w := range p.width {
				if w == 8 {
					wide += min(packedBlock, p.n-b*packedBlock)
				}
			}
			if wide != c.wantWide {
				t.Errorf("%d values wide, want %d", wide, c.wantWide)
			}
		})
	}
}

// TestPackedIntsWidths: a block's differences take the fewest bytes that
// hold its largest.
func TestPackedIntsWidths(t *testing.T) {
	for _, c := range []struct {
		spread int64 // the block's largest difference
		want   uint8
	}{{0, 1}, {255, 1}, {256, 2}, {65535, 2}, {65536, 4}, {math.MaxUint32, 4}, {math.MaxUint32 + 1, 8}} {
		var p packedInts
		vals := []int64{-5 + c.spread, -5, -5 + c.spread/2} // not sorted: search is checked elsewhere
		if c.spread == 0 {
			vals = []int64{-5}
		}
		for _, v := range vals {
			p.append(v)
		}
		p.finish()
		checkPacked(t, &p, vals)
		if p.width[0] != c.want || len(p.data) != len(vals)*int(c.want) {
			t.Errorf("spread %d: width %d, %d bytes; want %d", c.spread, p.width[0], len(p.data), c.want)
		}
	}
}

// TestPackedIntsRandom checks get and search on random sorted sequences
// with gaps of every size.
func TestPackedIntsRandom(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	for range 20 {
		vals := make([]int64, rng.IntN(2000))
		v := rng.Int64N(1<<40) - 1<<39
		for i := range vals {
			vals[i] = v
			v += 1 + rng.Int64N([]int64{4, 1 << 20, 1 << 34}[rng.IntN(3)])
		}
		var p packedInts
		for _, v := range vals {
			p.append(v)
		}
		p.finish()
		checkPacked(t, &p, vals)
	}
}

func checkPacked(t *testing.T, p *packedInts, vals []int64) {
	t.Helper()
	if p.len() != len(vals) {
		t.Fatalf("len() = %d, want %d", p.len(), len(vals))
	}
	for i, v := range vals {
		if got := p.get(i); got != v {
			t.Fatalf("get(%d) = %d, want %d", i, got, v)
		}
	}
	if !slices.IsSorted(vals) {
		return
	}
	for i, v := range vals {
		if j, ok := p.search(v); !ok || j != i {
			t.Fatalf("search(%d) = %d, %v; want %d, true", v, j, ok, i)
		}
		for _, w := range []int64{v - 1, v + 1} {
			want, found := slices.BinarySearch(vals, w)
			if j, ok := p.search(w); ok != found || j != want {
				t.Fatalf("search(%d) = %d, %v; want %d, %v", w, j, ok, want, found)
			}
		}
	}
}

// BenchmarkPackedIntsSearch looks up random ids of a million sorted ones
// (gaps up to 1,000, like ways' ids), packed and, for comparison, as a
// slice.
func BenchmarkPackedIntsSearch(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	vals := make([]int64, 1<<20)
	var p packedInts
	v := int64(1e8)
	for i := range vals {
		vals[i] = v
		p.append(v)
		v += 1 + rng.Int64N(1000)
	}
	p.finish()
	b.Run("packed", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, ok := p.search(vals[(i*7919)&(1<<20-1)]); !ok {
				b.Fatal("not found")
			}
		}
	})
	b.Run("slice", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, ok := slices.BinarySearch(vals, vals[(i*7919)&(1<<20-1)]); !ok {
				b.Fatal("not found")
			}
		}
	})
}
