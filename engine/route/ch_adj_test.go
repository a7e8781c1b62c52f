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
	a := newAdjLists[chEdge](n)
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
		if rng.Intn(300) == 0 {
			a.compact()
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
	a.compact() // the big list keeps its block
	check(-3)
	for v := range uint32(n) {
		if v != big {
			a.clear(v)
			want[v] = nil
		}
	}
	a.compact()
	check(-4)
	a.clear(big)
	want[big] = nil
	a.compact()
	check(-5)
	if a.slots != 0 || len(a.free) != 0 {
		t.Errorf("empty lists keep %d slots, %d free lists", a.slots, len(a.free))
	}
	for v := range uint32(n) {
		e := chEdge{other: v}
		a.add(v, e)
		want[v] = append(want[v], e)
	}
	check(-6)
}

// TestAdjListsCompactGivesBack: a contraction-like churn (lists grow, then
// go) leaves most slots free until compact slides the lists together.
func TestAdjListsCompactGivesBack(t *testing.T) {
	const n = 60000
	a := newAdjLists[chEdge](n)
	for v := range uint32(n) {
		for k := range v%7 + 1 {
			a.add(v, chEdge{other: k})
		}
	}
	for v := uint32(0); v < n; v += 2 {
		a.clear(v)
	}
	for v := uint32(1); v < n; v += 2 {
		for k := range uint32(5) {
			a.add(v, chEdge{other: 100 + k}) // grow into the next class
		}
	}
	for v := uint32(1); v < n; v += 4 {
		a.clear(v)
	}
	if !a.wasteful() {
		t.Fatalf("%d of %d slots free: not wasteful", a.freeSlots, a.slots)
	}
	before := a.slots
	a.compact()
	if a.slots*2 > before {
		t.Errorf("compact kept %d of %d slots", a.slots, before)
	}
	for v := uint32(3); v < n; v += 4 {
		l := a.list(v)
		if len(l) != int(v%7+1)+5 || l[len(l)-1].other != 104 || l[0].other != 0 {
			t.Fatalf("node %d: %v after compact", v, l)
		}
	}
}
