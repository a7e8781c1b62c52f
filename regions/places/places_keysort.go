package places

import (
	"cmp"
	"sort"
)

// sortPlaces sorts order, indexes of b.places, by each place's key, read
// once a place, in order's order, where a comparator that read the
// records went to them at random, O(n log n) times: in the cold store
// (places_records.go) each read maps the folio of the page cache the
// record is in, up to 2 MB, and the postcode step's sort of its streets
// and areas by rank mapped ~300 MB of the store in 40 ms at LI ×400
// (stagerun -spikelog), between two looks of checkMapped: the places
// stage's peak resident set. stable sorts as sort.SliceStable would
// (the order is unique); otherwise the permutation is sort.Slice's with a
// comparator of the keys (sort.Sort is the same algorithm), so that
// places of equal keys stay where they were.
func sortPlaces[K cmp.Ordered](b *placeBuilder, order []int32, stable bool, key func(p *place) K) {
	s := keyedOrder[K]{order: order, key: make([]K, len(order))}
	for k, i := range order {
		if k%mappedCheckObjects == 0 {
			b.checkMapped()
		}
		s.key[k] = key(b.places[i])
	}
	if stable {
		sort.Stable(s)
	} else {
		sort.Sort(s)
	}
}

// keyedOrder sorts places' indexes by keys kept beside them.
type keyedOrder[K cmp.Ordered] struct {
	order []int32
	key   []K
}

func (s keyedOrder[K]) Len() int           { return len(s.order) }
func (s keyedOrder[K]) Less(i, j int) bool { return s.key[i] < s.key[j] }
func (s keyedOrder[K]) Swap(i, j int) {
	s.order[i], s.order[j] = s.order[j], s.order[i]
	s.key[i], s.key[j] = s.key[j], s.key[i]
}
