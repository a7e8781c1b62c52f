package geocode

import "testing"

func TestIDSet(t *testing.T) {
	var s idSet
	in := []int64{0, 1, 63, 64, 1000, maxSetID - 1}
	for _, id := range in {
		if !s.add(id) {
			t.Errorf("add(%d) = false", id)
		}
	}
	for _, id := range []int64{-1, maxSetID, 1 << 40} {
		if s.add(id) {
			t.Errorf("add(%d) = true, want false (out of range)", id)
		}
	}
	for _, tc := range []struct {
		id   int64
		want bool
	}{{0, true}, {1, true}, {2, false}, {63, true}, {64, true}, {65, false}, {999, false}, {1000, true},
		{maxSetID - 1, true}, {maxSetID, false}, {-1, false}, {-64, false}, {1 << 40, false}} {
		if got := s.has(tc.id); got != tc.want {
			t.Errorf("has(%d) = %v, want %v", tc.id, got, tc.want)
		}
	}
}
