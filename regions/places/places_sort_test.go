package places

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
)

// TestPlaceSorter sorts random places by a key with few distinct values,
// on disk in runs far smaller than the input (many runs to merge) and in
// memory, and checks they come back in key order, ties in the order
// added, each place bit for bit.
func TestPlaceSorter(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	type item struct {
		key uint64
		i   int32
		p   *place
	}
	var items []item
	for i := range 3000 {
		pt := orb.Point{rng.Float64()*2 - 1, rng.Float64() + 46}
		p := &place{osmType: 'N', osmID: int64(i), kind: &placeKind{"amenity", "bench"}, rankSearch: 30, rankAddress: 30,
			name: fmt.Sprint("n", rng.IntN(100)), centroid: pt, bound: orb.Bound{Min: pt, Max: pt}, geom: mustShape(pt),
			importance: rng.Float64()}
		items = append(items, item{cellKey(pt, leafCellDegrees), int32(i), p})
	}
	want := slices.Clone(items)
	slices.SortStableFunc(want, func(a, b item) int {
		if a.key < b.key {
			return -1
		}
		if a.key > b.key {
			return 1
		}
		return 0
	})
	for _, c := range []struct {
		name     string
		dir      string
		runBytes int
	}{{"disk", t.TempDir(), 4096}, {"one run", t.TempDir(), 1 << 30}, {"memory", "", 4096}} {
		t.Run(c.name, func(t *testing.T) {
			s := newPlaceSorter(c.dir, c.runBytes)
			defer s.close()
			for _, it := range items {
				if err := s.add(it.key, it.i, it.p); err != nil {
					t.Fatal(err)
				}
			}
			if c.name == "disk" && len(s.runs) < 10 {
				t.Fatalf("%d runs on disk, want many", len(s.runs))
			}
			var got []item
			if err := s.each(func(key uint64, i int32, p *place) error {
				got = append(got, item{key, i, p})
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%d places back, want %d", len(got), len(want))
			}
			for k := range want {
				if got[k].key != want[k].key || got[k].i != want[k].i || !reflect.DeepEqual(got[k].p, want[k].p) {
					t.Fatalf("at %d: key %d index %d, want key %d index %d (or the place differs)", k, got[k].key, got[k].i, want[k].key, want[k].i)
				}
			}
		})
	}
}

// TestCellKey: cells of a row run west to east, rows south to north.
func TestCellKey(t *testing.T) {
	for _, c := range []struct {
		a, b orb.Point
		less bool
	}{
		{orb.Point{9.5, 47.1}, orb.Point{9.8, 47.1}, true},    // west of
		{orb.Point{9.8, 47.1}, orb.Point{9.5, 47.3}, true},    // south of
		{orb.Point{9.51, 47.1}, orb.Point{9.52, 47.2}, false}, // same cell
		{orb.Point{-179.9, -89.9}, orb.Point{179.9, 89.9}, true},
	} {
		ka, kb := cellKey(c.a, leafCellDegrees), cellKey(c.b, leafCellDegrees)
		if c.less && ka >= kb || !c.less && ka != kb {
			t.Errorf("cellKey(%v) %x, cellKey(%v) %x: want less %v (else equal)", c.a, ka, c.b, kb, c.less)
		}
	}
}

// BenchmarkPlaceSorter sorts 100,000 leaves by cell through runs of 1 MB
// on disk (a sort's latency; ns/place beside it).
func BenchmarkPlaceSorter(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	var ps []*place
	for i := range 100_000 {
		pt := orb.Point{rng.Float64()*4 + 8, rng.Float64()*4 + 45}
		ps = append(ps, &place{osmType: 'N', osmID: int64(i), kind: &placeKind{"amenity", "bench"}, rankSearch: 30,
			name: "Bank", centroid: pt, bound: orb.Bound{Min: pt, Max: pt}, geom: mustShape(pt)})
	}
	dir := b.TempDir()
	var lat benchstat.Latencies
	b.ReportAllocs()
	for b.Loop() {
		var err error
		lat.Time(func() {
			s := newPlaceSorter(dir, 1<<20)
			defer s.close()
			for i, p := range ps {
				if err = s.add(cellKey(p.centroid, leafCellDegrees), int32(i), p); err != nil {
					return
				}
			}
			err = s.each(func(uint64, int32, *place) error { return nil })
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	lat.Report(b)
	b.ReportMetric(float64(lat.Percentile(50).Nanoseconds())/float64(len(ps)), "ns/place")
}
