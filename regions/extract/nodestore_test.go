package extract

import (
	"errors"
	"math"
	"math/rand"
	"os"
	"runtime"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/internal/benchstat"
	"waymark/internal/testregions"
)

// TestNodeStore checks lookups and the distinct count against a map, for
// sorted and shuffled inputs, several runs per input, repeated ids within
// an input and inputs that overlap (the earlier input's location wins).
func TestNodeStore(t *testing.T) {
	for _, tc := range []struct {
		name     string
		inputs   int
		perInput int
		bufLen   int
		shuffle  bool  // adds in random order (decoders interleave)
		overlap  int64 // ids each input shares with the one before
		gaps     int64 // max id step within an input
	}{
		{"one run, sorted", 1, 500, 1 << 20, false, 0, 1},
		{"many runs, sorted", 1, 5000, 300, false, 0, 3},
		{"many runs, shuffled", 1, 5000, 300, true, 0, 3},
		{"large id steps", 1, 2000, 256, false, 0, 1 << 40},
		{"two overlapping inputs", 2, 3000, 500, true, 400, 2},
		{"three inputs, each overlapping the next", 3, 2000, 700, false, 300, 1},
		{"blocks exactly full", 1, 4 * nodeBlockLen, 2 * nodeBlockLen, false, 0, 1},
	} {
		for _, where := range []string{"file", "memory"} {
			t.Run(tc.name+", "+where, func(t *testing.T) {
				dir := ""
				if where == "file" {
					dir = t.TempDir()
				}
				rng := rand.New(rand.NewSource(int64(len(tc.name))))
				s := nodeStore{bufLen: tc.bufLen, dir: dir}
				want := map[int64][2]int32{}
				next := int64(1000)
				for in := range tc.inputs {
					s.startInput()
					if in > 0 {
						next -= tc.overlap
					}
					var locs []nodeLoc
					for range tc.perInput {
						next += 1 + rng.Int63n(tc.gaps)
						l := nodeLoc{next, int32(rng.Int63n(3600e7) - 1800e7), int32(rng.Int63n(1800e7) - 900e7)}
						locs = append(locs, l)
						if rng.Intn(50) == 0 { // an id repeated within the input
							locs = append(locs, nodeLoc{l.id, l.lon + 1, l.lat})
						}
					}
					if tc.shuffle {
						rng.Shuffle(len(locs), func(i, j int) { locs[i], locs[j] = locs[j], locs[i] })
					}
					for _, l := range locs {
						s.add(osm.NodeID(l.id), orb.Point{float64(l.lon) / 1e7, float64(l.lat) / 1e7})
						if _, ok := want[l.id]; !ok {
							want[l.id] = [2]int32{l.lon, l.lat}
						}
					}
				}
				if err := s.finish(); err != nil {
					t.Fatal(err)
				}
				defer s.close()
				if got := s.len(); got != len(want) {
					t.Errorf("len() = %d, want %d", got, len(want))
				}
				locate := s.locator()
				for id, ll := range want {
					lon, lat, ok := locate(osm.NodeID(id))
					if !ok {
						t.Fatalf("locate(%d) not found", id)
					}
					// Repeated ids within one input keep either location
					// (decoders interleave); across inputs the earlier wins.
					if math.Abs(float64(lon-ll[0])) > 1 || lat != ll[1] {
						t.Fatalf("locate(%d) = %d,%d, want %d,%d", id, lon, lat, ll[0], ll[1])
					}
				}
				for _, id := range []int64{0, 999, next + 1, math.MaxInt64, -5} {
					if _, _, ok := locate(osm.NodeID(id)); ok {
						t.Errorf("locate(%d) found an id never added", id)
					}
				}
				if err := s.failed(); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestNodeStoreEmpty: a store with nothing added finds nothing.
func TestNodeStoreEmpty(t *testing.T) {
	s := nodeStore{dir: t.TempDir()}
	s.startInput()
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	if s.len() != 0 {
		t.Errorf("len() = %d, want 0", s.len())
	}
	if _, _, ok := s.locator()(1); ok {
		t.Error("locate(1) found a node in an empty store")
	}
}

// TestNodeStoreOutsideHeap: a million locations in a store with a
// directory leave less than half a byte a node on the heap once finished
// (the runs in memory took ~6), and are all found again.
func TestNodeStoreOutsideHeap(t *testing.T) {
	const n = 1 << 20
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	s := &nodeStore{dir: t.TempDir(), bufLen: 1 << 16}
	before := heap()
	for i := range int64(n) {
		s.add(osm.NodeID(3*i+7), orb.Point{9.5 + float64(i%1000)*1e-5, 47.1 + float64(i/1000)*1e-5})
	}
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if grew := int64(heap()) - int64(before); grew > n/2 {
		t.Errorf("the store holds %d bytes of heap for %d nodes, want under half a byte a node", grew, n)
	}
	locate := s.locator()
	for i := int64(0); i < n; i += 997 {
		lon, lat, ok := locate(osm.NodeID(3*i + 7))
		if !ok || lon != int32(math.Round((9.5+float64(i%1000)*1e-5)*1e7)) || lat != int32(math.Round((47.1+float64(i/1000)*1e-5)*1e7)) {
			t.Fatalf("locate(%d) = %d, %d, %v", 3*i+7, lon, lat, ok)
		}
	}
}

// TestNodeStoreReadError: a block that cannot be read is reported by
// failed, not taken for a node missing from the extract.
func TestNodeStoreReadError(t *testing.T) {
	s := &nodeStore{dir: t.TempDir()}
	for i := range 1000 {
		s.add(osm.NodeID(i+1), orb.Point{1, 2})
	}
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	s.f.Close() // reads fail from now on
	if _, _, ok := s.locator()(5); ok {
		t.Fatal("found a node whose block could not be read")
	}
	if err := s.failed(); !errors.Is(err, errNodeStore) {
		t.Fatalf("failed() = %v, want errNodeStore", err)
	}
	s.f = nil
	s.close()
}

// BenchmarkReadLI loads the LI extract (the read stage: node locations
// into their file, ways located) per iteration; p50/p99 of a load and
// the time per node.
func BenchmarkReadLI(b *testing.B) {
	src := testregions.Extract(b, "liechtenstein")
	dir := b.TempDir()
	var lat benchstat.Latencies
	nodes := 0
	b.ReportAllocs()
	for b.Loop() {
		lat.Time(func() {
			d, err := LoadWith(b.Context(), []string{src}, dir, nil)
			if err != nil {
				b.Fatal(err)
			}
			nodes = d.NodeCount
			d.Close()
		})
	}
	lat.Report(b)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*nodes), "ns/node")
}

// BenchmarkNodeLocate looks up every node of the ways of the LI extract,
// in the ways' order, in a store with a file: the cost of locating a
// way's node.
func BenchmarkNodeLocate(b *testing.B) {
	d, err := Load(b.Context(), testregions.Extract(b, "liechtenstein"), nil)
	if err != nil {
		b.Fatal(err)
	}
	var refs []osm.NodeID
	for _, w := range d.Ways() {
		refs = append(refs, w.Nodes...)
	}
	d.Close()
	// The located ways hold every node the refs need.
	s := &nodeStore{dir: os.Getenv("BENCH_NODEDIR")}
	d, err = Load(b.Context(), testregions.Extract(b, "liechtenstein"), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range d.Ways() {
		for i, id := range w.Nodes {
			if p, ok := w.Point(i); ok {
				s.add(id, p)
			}
		}
	}
	d.Close()
	if err := s.finish(); err != nil {
		b.Fatal(err)
	}
	defer s.close()
	b.ReportAllocs()
	for b.Loop() {
		locate := s.locator()
		for _, id := range refs {
			locate(id)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(refs)), "ns/ref")
}
