package route

import "testing"

// TestJunctionCacheBounded: the cache keeps at most two generations of
// junctionCacheSize entries, the newest entries and those read again
// among them.
func TestJunctionCacheBounded(t *testing.T) {
	var c junctionCache
	roads := []iroad{{d: 1}}
	for j := uint32(0); j < 5*junctionCacheSize; j++ {
		c.put(junctionKey{j, junctionFar}, mergedRoads{roads: roads})
		if j%junctionCacheSize == 7 {
			// read an entry of the older generation: it moves to the newer
			if _, ok := c.get(junctionKey{3, junctionFar}); !ok && j > 3 {
				t.Fatalf("after %d puts: junction 3 (read again and again) gone", j+1)
			}
		}
		if n := len(c.cur) + len(c.old); n > 2*junctionCacheSize {
			t.Fatalf("after %d puts: %d entries, want at most %d", j+1, n, 2*junctionCacheSize)
		}
	}
	last := junctionKey{5*junctionCacheSize - 1, junctionFar}
	if m, ok := c.get(last); !ok || len(m.roads) != 1 {
		t.Errorf("the last entry put: %v %v", m, ok)
	}
	if _, ok := c.get(junctionKey{last.j, junctionClose}); ok {
		t.Errorf("an entry of another kind found")
	}
	if _, ok := c.get(junctionKey{8, junctionFar}); ok {
		t.Errorf("an entry of the first generation, never read again, still kept")
	}
}
