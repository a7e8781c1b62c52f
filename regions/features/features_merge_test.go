package features

import (
	"fmt"
	"math"
	"math/rand"
	"runtime"
	"testing"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/mapdata"
)

// mergeAll merges lines whose stored points are pts through a lineMerger
// and returns its chains (copied) and the number of lines merged.
func mergeAll(t *testing.T, lines []mapLine, pts []orb.LineString) ([][]linePiece, int) {
	t.Helper()
	m := newLineMerger(t.TempDir())
	defer m.close()
	for i, l := range lines {
		if err := m.add(l, pts[i][0], pts[i][len(pts[i])-1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.link(); err != nil {
		t.Fatal(err)
	}
	var out [][]linePiece
	for _, c := range m.chains() {
		var chain []linePiece
		for _, p := range c {
			chain = append(chain, linePiece{line: p.line, backward: p.backward})
		}
		out = append(out, chain)
	}
	if m.err != nil {
		t.Fatal(m.err)
	}
	return out, m.merged
}

func TestMapMergeLines(t *testing.T) {
	a, b, c, d := orb.Point{0, 0}, orb.Point{1, 0}, orb.Point{2, 0}, orb.Point{1, 1}
	type line struct {
		mapLine
		pts orb.LineString
	}
	mk := func(name string, flags int, pts ...orb.Point) line {
		return line{mapLine{n: int32(len(pts)), name: int32(name[0]), class: 1, flags: uint8(flags)}, pts}
	}
	cases := []struct {
		name   string
		in     []line
		lines  int // features left
		merged int
		first  orb.LineString // the first feature's line after merging
	}{
		{"two pieces", []line{mk("A", 0, a, b), mk("A", 0, b, c)}, 1, 1, orb.LineString{a, b, c}},
		{"second piece reversed", []line{mk("A", 0, a, b), mk("A", 0, c, b)}, 1, 1, orb.LineString{a, b, c}},
		{"joined backwards", []line{mk("A", 0, b, c), mk("A", 0, a, b)}, 1, 1, orb.LineString{a, b, c}},
		{"first piece reversed", []line{mk("A", 0, b, c), mk("A", 0, b, a)}, 1, 1, orb.LineString{a, b, c}},
		{"one-way against", []line{mk("A", mapdata.FlagOneway, a, b), mk("A", mapdata.FlagOneway, c, b)}, 2, 0, orb.LineString{a, b}},
		{"one-way along", []line{mk("A", mapdata.FlagOneway, a, b), mk("A", mapdata.FlagOneway, b, c)}, 1, 1, orb.LineString{a, b, c}},
		{"one-way backwards", []line{mk("A", mapdata.FlagOneway, b, c), mk("A", mapdata.FlagOneway, a, b)}, 1, 1, orb.LineString{a, b, c}},
		{"junction of three", []line{mk("A", 0, a, b), mk("A", 0, b, c), mk("A", 0, b, d)}, 3, 0, orb.LineString{a, b}},
		{"different names", []line{mk("A", 0, a, b), mk("B", 0, b, c)}, 2, 0, orb.LineString{a, b}},
		{"bridge and ground", []line{mk("A", 0, a, b), mk("A", mapdata.FlagBridge, b, c)}, 2, 0, orb.LineString{a, b}},
		{"loop on its own", []line{mk("A", 0, a, b, d, a)}, 1, 0, orb.LineString{a, b, d, a}},
		{"loop of two", []line{mk("A", 0, a, b), mk("A", 0, b, a)}, 1, 1, orb.LineString{a, b, a}},
		{"negative zero", []line{mk("A", 0, orb.Point{1, 1}, orb.Point{0, 0}), mk("A", 0, orb.Point{math.Copysign(0, -1), 0}, orb.Point{-1, 0})}, 1, 1, orb.LineString{{1, 1}, {0, 0}, {-1, 0}}},
		{"NaN ends meet nothing", []line{mk("A", 0, a, orb.Point{math.NaN(), 0}), mk("A", 0, orb.Point{math.NaN(), 0}, c)}, 2, 0, orb.LineString{a, {math.NaN(), 0}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lines := make([]mapLine, len(tc.in))
			pts := make([]orb.LineString, len(tc.in))
			for i, l := range tc.in {
				lines[i], pts[i] = l.mapLine, l.pts
			}
			out, merged := mergeAll(t, lines, pts)
			if len(out) != tc.lines || merged != tc.merged {
				t.Fatalf("merge: %d chains, %d merged; want %d, %d", len(out), merged, tc.lines, tc.merged)
			}
			first := joinChain(out[0], func(p linePiece) orb.LineString { return tc.in[p.line].pts })
			if len(first) != len(tc.first) || fmt.Sprint(first) != fmt.Sprint(tc.first) {
				t.Errorf("first line = %v, want %v", first, tc.first)
			}
		})
	}
}

// TestMapMergeLinesLikeGroups checks the merge against mergeByGroups (the
// stage's merge before its ends went to a sort) on random networks of
// lines on a small grid: the same chains in the same order.
func TestMapMergeLinesLikeGroups(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	for round := range 200 {
		n := 1 + rng.Intn(300)
		grid := 2 + rng.Intn(12)
		lines := make([]mapLine, n)
		ends := make([][2]orb.Point, n)
		pts := make([]orb.LineString, n)
		for i := range lines {
			p := func() orb.Point { return orb.Point{float64(rng.Intn(grid)), float64(rng.Intn(grid))} }
			ends[i] = [2]orb.Point{p(), p()}
			np := 2 + rng.Intn(200)
			if rng.Intn(4) == 0 {
				np = 2
			}
			flags := 0
			if rng.Intn(3) == 0 {
				flags = mapdata.FlagOneway
			}
			lines[i] = mapLine{n: int32(np), name: int32(rng.Intn(3)), class: uint16(1 + rng.Intn(2)), flags: uint8(flags), layer: int8(rng.Intn(2))}
			pts[i] = orb.LineString{ends[i][0], ends[i][1]}
		}
		got, gotMerged := mergeAll(t, lines, pts)
		want, wantMerged := mergeByGroups(lines, ends)
		if gotMerged != wantMerged || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d (%d lines on a %d² grid): merged %d, want %d\nchains %v\nwant   %v", round, n, grid, gotMerged, wantMerged, got, want)
		}
	}
}

// mergeByGroups is the stage's merge as it was before its ends went to a
// sort (maps of the lines by merge key and of a key's lines by end
// point), kept as the reference the merge is checked against.
func mergeByGroups(lines []mapLine, ends [][2]orb.Point) ([][]linePiece, int) {
	type mergeKey struct {
		class, name  int32
		flags, layer int8
	}
	groups := map[mergeKey][]int32{}
	var order []mergeKey
	for i := range lines {
		l := &lines[i]
		k := mergeKey{int32(l.class), l.name, int8(l.flags), l.layer}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], int32(i))
	}
	first := func(i int32) orb.Point { return ends[i][0] }
	last := func(i int32) orb.Point { return ends[i][1] }
	chainOf := make([][]linePiece, len(lines))
	for i := range chainOf {
		chainOf[i] = []linePiece{{line: int32(i)}}
	}
	merged := 0
	for _, k := range order {
		idx := groups[k]
		oneway := k.flags&mapdata.FlagOneway != 0
		at := map[orb.Point][]int32{}
		for _, i := range idx {
			at[first(i)] = append(at[first(i)], i)
			at[last(i)] = append(at[last(i)], i)
		}
		used := map[int32]bool{}
		other := func(p orb.Point, self int32) int32 {
			if e := at[p]; len(e) == 2 {
				for _, j := range e {
					if j != self && !used[j] {
						return j
					}
				}
			}
			return -1
		}
		for _, i := range idx {
			if used[i] {
				continue
			}
			used[i] = true
			chain := []linePiece{{line: i}}
			start, end, n := first(i), last(i), lines[i].n
			for cur := i; n < mapMergeMaxPoints; cur = chain[len(chain)-1].line {
				j := other(end, cur)
				if j < 0 || j == i {
					break
				}
				if first(j) == end {
					chain, end = append(chain, linePiece{line: j}), last(j)
				} else if !oneway && last(j) == end {
					chain, end = append(chain, linePiece{line: j, backward: true}), first(j)
				} else {
					break
				}
				n += lines[j].n - 1
				used[j], chainOf[j] = true, nil
				merged++
			}
			for cur := i; n < mapMergeMaxPoints; cur = chain[0].line {
				j := other(start, cur)
				if j < 0 || j == i {
					break
				}
				if last(j) == start {
					chain, start = append([]linePiece{{line: j}}, chain...), first(j)
				} else if !oneway && first(j) == start {
					chain, start = append([]linePiece{{line: j, backward: true}}, chain...), last(j)
				} else {
					break
				}
				n += lines[j].n - 1
				used[j], chainOf[j] = true, nil
				merged++
			}
			chainOf[i] = chain
		}
	}
	var out [][]linePiece
	for _, c := range chainOf {
		if c != nil {
			out = append(out, c)
		}
	}
	return out, merged
}

// TestMapLinesOutOfHeap checks that the lines wait in the merger's file,
// not in the heap: once linked, 200,000 lines take less than a megabyte
// of it (a bit each; 56 bytes each, 11 MB, when they were a slice).
func TestMapLinesOutOfHeap(t *testing.T) {
	const n = 200000
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	m := newLineMerger(t.TempDir())
	defer m.close()
	before := heap()
	for i := range n {
		p, q := orb.Point{float64(i), 0}, orb.Point{float64(i + 1), 0}
		if err := m.add(mapLine{way: osm.WayID(i + 1), n: 2, class: 1}, p, q); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.link(); err != nil {
		t.Fatal(err)
	}
	grown := int64(heap()) - int64(before)
	runtime.KeepAlive(m)
	if grown > 1<<20 {
		t.Errorf("the merger holds %d bytes of heap for %d lines, want under 1 MiB", grown, n)
	}
	chains := 0
	for first, c := range m.chains() {
		if first.way != c[0].way || c[0].line != int32(511*chains) {
			t.Fatalf("chain %d starts with line %d (way %d), first way %d", chains, c[0].line, c[0].way, first.way)
		}
		chains++
	}
	// 512 points a chain at most: a chain of 2-point lines is 511 lines.
	if want := (n + 510) / 511; chains != want || m.err != nil {
		t.Errorf("%d chains (err %v), want %d", chains, m.err, want)
	}
}

func TestMapLineRecord(t *testing.T) {
	for _, l := range []mapLine{
		{way: 1, next: [2]int32{-1, -1}, n: 2, class: 1},
		{way: math.MaxInt64, next: [2]int32{7, math.MaxInt32}, n: math.MaxInt32, name: 123456, class: math.MaxUint16, flags: 0xff, layer: -5, rev: true},
	} {
		var b [lineRecSize]byte
		l.encode(&b)
		if got := decodeLine(b[:]); got != l {
			t.Errorf("decodeLine(encode(%+v)) = %+v", l, got)
		}
	}
}

func TestMapSplitPolygon(t *testing.T) {
	cell := 1 / math.Exp2(mapSplitZoom)
	sq := func(x0, y0, x1, y1 float64, outer bool) orb.LineString {
		r := orb.LineString{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
		want := 1.0
		if !outer {
			want = -1
		}
		mercOrient(r, want)
		return r
	}
	base := 0.5
	cases := []struct {
		name    string
		rings   []orb.LineString
		pieces  int
		clipped bool
	}{
		{"inside one cell", []orb.LineString{sq(base+0.1*cell, base+0.1*cell, base+0.9*cell, base+0.9*cell, true)}, 1, false},
		{"over 3×2 cells", []orb.LineString{sq(base+0.5*cell, base+0.5*cell, base+2.5*cell, base+1.5*cell, true)}, 6, true},
		{"with a hole filling a cell", []orb.LineString{
			sq(base+0.5*cell, base+0.5*cell, base+2.5*cell, base+1.5*cell, true),
			sq(base+1.0*cell, base+1.0*cell, base+2.0*cell, base+1.5*cell, false),
		}, 6, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := 0.0
			for _, r := range tc.rings {
				want += mercArea(r)
			}
			pieces, clipped := mapSplitPolygon(tc.rings)
			if len(pieces) != tc.pieces || clipped != tc.clipped {
				t.Fatalf("mapSplitPolygon: %d pieces, clipped %v; want %d, %v", len(pieces), clipped, tc.pieces, tc.clipped)
			}
			got := 0.0
			for _, p := range pieces {
				for _, r := range p {
					got += mercArea(r)
				}
			}
			if math.Abs(got-want) > want*1e-9 {
				t.Errorf("pieces cover area %g, want %g", got, want)
			}
		})
	}
}
