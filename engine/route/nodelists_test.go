package route

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand"
	"slices"
	"testing"
)

func TestNodeLists(t *testing.T) {
	lists := [][]int64{
		{1, 2, 3},
		{},
		{7},
		{5_000_000_000, 4_999_999_990, 5_000_000_001, 5_000_000_000}, // deltas either way
		{math.MaxInt64, math.MinInt64, 0, math.MaxInt64},             // deltas that overflow
		{-3, -2},
	}
	var l NodeLists
	for _, ids := range lists {
		l.Add(ids)
	}
	if l.Len() != len(lists) {
		t.Fatalf("Len = %d, want %d", l.Len(), len(lists))
	}
	i := 0
	for k, ids := range l.all() {
		if k != i || !slices.Equal(ids, lists[i]) {
			t.Errorf("list %d (yielded as %d) = %v, want %v", i, k, ids, lists[i])
		}
		i++
	}
	if i != len(lists) {
		t.Fatalf("%d lists yielded, want %d", i, len(lists))
	}
	// Clip keeps the lists, in a buffer of their size.
	var big NodeLists
	for k := range 20_000 {
		big.Add([]int64{int64(k), int64(k) + 1, int64(k) + 1000, int64(k) + 3})
	}
	n := big.Bytes()
	room := cap(big.data) - n
	big.Clip()
	if room == 0 {
		t.Fatal("appending left no room: nothing to clip")
	}
	if big.Bytes() != n || cap(big.data) != n || big.Len() != 20_000 {
		t.Errorf("clipped: %d bytes (cap %d, room %d before), %d lists; want %d bytes in a buffer of their size, 20000 lists",
			big.Bytes(), cap(big.data), room, big.Len(), n)
	}
	k := int64(0)
	for _, ids := range big.all() {
		if !slices.Equal(ids, []int64{k, k + 1, k + 1000, k + 3}) {
			t.Fatalf("clipped list %d = %v", k, ids)
		}
		k++
	}
	// Close ids take a byte or two each.
	var dense NodeLists
	dense.Add([]int64{1_000_000_000, 1_000_000_001, 1_000_000_003, 1_000_000_002})
	if dense.Bytes() != 1+5+3 {
		t.Errorf("4 close ids take %d bytes, want 9", dense.Bytes())
	}
}

// TestWayNodesCount: WayNodes with not one list a way is an error, not
// a graph of some of the ways or a panic.
func TestWayNodesCount(t *testing.T) {
	for _, drop := range []int{1, -1} {
		net := cloneNetwork(gridNetwork(2, 3))
		if drop > 0 {
			net.Ways = net.Ways[:len(net.Ways)-1]
		} else {
			net.WayNodes.Add([]int64{1, 2})
		}
		if _, _, err := Build(context.Background(), cloneNetwork(net), nil); !errors.Is(err, ErrNetwork) {
			t.Errorf("Build with %d lists for %d ways: %v, want ErrNetwork", net.WayNodes.Len(), len(net.Ways), err)
		}
		if _, err := Write(context.Background(), &bytes.Buffer{}, net, WriteOptions{}); !errors.Is(err, ErrNetwork) {
			t.Errorf("Write with %d lists for %d ways: %v, want ErrNetwork", net.WayNodes.Len(), len(net.Ways), err)
		}
	}
}

// TestWayIndex: the builder finds a way by id as the map it had did: the
// last way with that id that has edges, whether the ways are in id order
// or not.
func TestWayIndex(t *testing.T) {
	seed := int64(11)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	for round := range 200 {
		n := rng.Intn(12)
		b := &builder{wayID: make([]int64, n), wayFirst: make([]uint32, n+1)}
		want := map[int64]int32{}
		e := uint32(0)
		for wi := range n {
			b.wayID[wi] = int64(rng.Intn(6)) - 1
			b.wayFirst[wi] = e
			if rng.Intn(3) > 0 {
				e += uint32(1 + rng.Intn(3))
				want[b.wayID[wi]] = int32(wi)
			}
		}
		b.wayFirst[n] = e
		if round%2 == 0 {
			// the importer's ways are in id order
			order := make([]int, n)
			for i := range order {
				order[i] = i
			}
			slices.SortStableFunc(order, func(x, y int) int { return int(b.wayID[x] - b.wayID[y]) })
			ids := make([]int64, n)
			for i, k := range order {
				ids[i] = b.wayID[k]
			}
			b.wayID = ids
			want = map[int64]int32{}
			for wi := range n {
				if b.hasEdges(int32(wi)) {
					want[b.wayID[wi]] = int32(wi)
				}
			}
		}
		b.indexWays()
		for id := int64(-2); id <= 6; id++ {
			got, ok := b.wayIndex(id)
			w, wok := want[id]
			if ok != wok || got != w {
				t.Fatalf("round %d, ids %v, first edges %v: wayIndex(%d) = %d, %v; want %d, %v", round, b.wayID, b.wayFirst, id, got, ok, w, wok)
			}
		}
		if sorted := slices.IsSorted(b.wayID); sorted != (b.wayOrder == nil) {
			t.Fatalf("round %d: ids sorted %v, index made %v", round, sorted, b.wayOrder != nil)
		}
	}
}
