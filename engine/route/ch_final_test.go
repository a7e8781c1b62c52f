package route

import "testing"

// TestEdgeCounts: counts of any size come back as set, a byte a node but
// for those of edgeCountMax or more, and a count set again replaces the
// last (the map's entry with it).
func TestEdgeCounts(t *testing.T) {
	c := newEdgeCounts(6)
	sets := []struct {
		v uint32
		k int
	}{{0, 0}, {1, 1}, {2, edgeCountMax - 1}, {3, edgeCountMax}, {4, 70000}, {5, 300}, {5, 7}}
	for _, s := range sets {
		c.set(s.v, s.k)
	}
	want := []uint32{0, 1, edgeCountMax - 1, edgeCountMax, 70000, 7}
	for v, w := range want {
		if got := c.at(v); got != w {
			t.Errorf("node %d: %d edges, want %d", v, got, w)
		}
	}
	if c.len() != 6 || len(c.large) != 2 {
		t.Errorf("%d counts, %d in the map; want 6, 2", c.len(), len(c.large))
	}
}
