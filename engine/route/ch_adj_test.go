package route

import (
	"math/rand"
	"slices"
	"testing"
)

// TestAdjListsLikeSlices: the arena's lists follow a slice per node
// through random appends, in-place changes, removals by moving the last
// edge in, and clears, with regions reused, and a list longer than a block.
func TestAdjListsLikeSlices(t *testing.T) {
	const n = 50
	rng := rand.New(rand.NewSource(7))
	a := newAdjLists(n)
	want := make([][]chEdge, n)
	check := func(step int) {
		for v := range uint32(n) {
			if got := a.list(v); !slices.Equal(got, want[v]) && !(len(got) == 0 && len(want[v]) == 0) {
				t.Fatalf("step %d: node %d has %v, want %v", step, v, got, want[v])
			}
		}
	}
	for step := range 20000 {
		v := uint32(rng.Intn(n))
		switch r := rng.Intn(10); {
		case r < 6:
			e := chEdge{other: uint32(rng.Intn(1000)), w: uint32(step), d: 1, mid: -1}
			a.add(v, e)
			want[v] = append(want[v], e)
		case r < 8 && len(want[v]) > 0:
			i := rng.Intn(len(want[v]))
			l := a.list(v)
			l[i] = l[len(l)-1]
			a.truncate(v, len(l)-1)
			want[v][i] = want[v][len(want[v])-1]
			want[v] = want[v][:len(want[v])-1]
		case r == 8 && len(want[v]) > 0:
			a.list(v)[0].w = 7
			want[v][0].w = 7
		case r == 9 && rng.Intn(4) == 0:
			a.clear(v)
			want[v] = nil
		}
		if step%500 == 0 {
			check(step)
		}
	}
	check(-1)
	big := uint32(3)
	a.clear(big)
	want[big] = nil
	for i := range adjBlock + 5 {
		e := chEdge{other: uint32(i)}
		a.add(big, e)
		want[big] = append(want[big], e)
	}
	a.add(4, chEdge{other: 99}) // a small list after the big block
	want[4] = append(want[4], chEdge{other: 99})
	check(-2)
}
