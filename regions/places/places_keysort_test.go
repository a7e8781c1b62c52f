package places

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// TestSortPlaces: sorting by keys read once gives the permutation a
// comparator reading the places gives, ties included: sort.Slice's for
// an unstable sort, sort.SliceStable's for a stable one.
func TestSortPlaces(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name  string
		n     int
		ranks int8 // distinct keys: few, so that most are ties
	}{
		{"empty", 0, 1},
		{"one", 1, 1},
		{"insertion sort's size", 11, 3},
		{"ties", 1000, 4},
		{"many", 20000, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &placeBuilder{}
			var order []int32
			for i := range tc.n {
				b.places = append(b.places, &place{rankAddress: int8(r.IntN(int(tc.ranks)))})
				if r.IntN(4) > 0 {
					order = append(order, int32(i))
				}
			}
			rank := func(p *place) int8 { return p.rankAddress }
			for _, stable := range []bool{false, true} {
				got, want := slices.Clone(order), slices.Clone(order)
				sortPlaces(b, got, stable, rank)
				less := func(i, j int) bool { return b.places[want[i]].rankAddress < b.places[want[j]].rankAddress }
				if stable {
					sort.SliceStable(want, less)
				} else {
					sort.Slice(want, less)
				}
				if !slices.Equal(got, want) {
					t.Errorf("stable %v: sortPlaces gave another order than the comparator's", stable)
				}
			}
		})
	}
}
