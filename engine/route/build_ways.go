package route

import (
	"cmp"
	"iter"
	"slices"
	"sort"
)

// The builder's index of the ways: their edges, and a way's index by its
// id (for restrictions and maneuvers, which name ways by id). The edges
// of a way are made one after another, so a way's are a range of edge
// numbers (4 bytes a way where a slice a way took 24 and an allocation);
// and the ways of an importer's network are in id order, so a way is
// found by a binary search of the ids (no map of ~40 bytes a way).

// wayEdges yields the edges of way index wi, in way order.
func (b *builder) wayEdges(wi int32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		for e := b.wayFirst[wi]; e < b.wayFirst[wi+1]; e++ {
			if !yield(e) {
				return
			}
		}
	}
}

// hasEdges reports whether way index wi has edges.
func (b *builder) hasEdges(wi int32) bool { return b.wayFirst[wi] < b.wayFirst[wi+1] }

// indexWays makes wayIndex's index: none when the ways are in id order,
// else the ways with edges sorted by id (equal ids in way order).
func (b *builder) indexWays() {
	b.wayOrder = nil
	if slices.IsSorted(b.wayID) {
		return
	}
	b.wayOrder = make([]int32, 0, len(b.wayID))
	for wi := range b.wayID {
		if b.hasEdges(int32(wi)) {
			b.wayOrder = append(b.wayOrder, int32(wi))
		}
	}
	slices.SortStableFunc(b.wayOrder, func(x, y int32) int { return cmp.Compare(b.wayID[x], b.wayID[y]) })
}

// wayIndex returns the index of the way with id that has edges, the last
// of them in way order when several have that id.
func (b *builder) wayIndex(id int64) (int32, bool) {
	if b.wayOrder == nil {
		end := sort.Search(len(b.wayID), func(i int) bool { return b.wayID[i] > id }) // past the ways with id
		for wi := int32(end) - 1; wi >= 0 && b.wayID[wi] == id; wi-- {
			if b.hasEdges(wi) {
				return wi, true
			}
		}
		return 0, false
	}
	end := sort.Search(len(b.wayOrder), func(i int) bool { return b.wayID[b.wayOrder[i]] > id })
	if end > 0 && b.wayID[b.wayOrder[end-1]] == id {
		return b.wayOrder[end-1], true
	}
	return 0, false
}
