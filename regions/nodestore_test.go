package regions

import (
	"math"
	"math/rand"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
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
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(len(tc.name))))
			s := nodeStore{bufLen: tc.bufLen}
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
			s.finish()
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
		})
	}
}

// TestNodeStoreEmpty: a store with nothing added finds nothing.
func TestNodeStoreEmpty(t *testing.T) {
	var s nodeStore
	s.startInput()
	s.finish()
	if s.len() != 0 {
		t.Errorf("len() = %d, want 0", s.len())
	}
	if _, _, ok := s.locator()(1); ok {
		t.Error("locate(1) found a node in an empty store")
	}
}
