package geocode

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/paulmach/orb"
)

// TestSettledRandom: reading candidates in the order of a lazy read, a
// few at a time, and stopping where settled says, the candidates read
// rank (rankCands) as all of them do: random lists made of ties (a few
// importances, rank_search values and penalties), under each limit, with
// country, viewbox and bounded filters, and with candidates read
// beforehand (postcode places); bounds read from places (calculated
// importance included) and bounds from importance ranks (rankBounds, some
// rank_search values unknown, lists with an importance 0 bounded from
// places).
func TestSettledRandom(t *testing.T) {
	for _, ranked := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(1, 2))
		reads, all := 0, 0
		const trials = 10000
		for trial := range trials {
			got, want, n, of := lazyTrial(rng, ranked)
			if got != want {
				t.Fatalf("ranked %v, trial %d: reading %d of %d:\n%s\nreading all:\n%s", ranked, trial, n, of, got, want)
			}
			reads, all = reads+n, all+of
		}
		t.Logf("ranked %v: %d of %d candidates read in %d lists", ranked, reads, all, trials)
		if reads > all*3/4 {
			t.Errorf("ranked %v: lazy reads read %d of %d candidates", ranked, reads, all)
		}
	}
}

// lazyTrial ranks a random list reading all its candidates and lazily; it
// returns both rankings, how many candidates the lazy read read and of
// how many.
func lazyTrial(rng *rand.Rand, ranked bool) (got, want string, read, of int) {
	const bits = 20
	n := 1 + rng.IntN(40)
	var cands, extra []*cand
	positive := !ranked || rng.IntN(4) > 0
	for i, id := range rng.Perm(200)[:n] {
		c := randomCand(rng, int64(id+1), positive)
		if i < 2 && rng.IntN(4) == 0 {
			extra = append(extra, c)
			continue
		}
		cands = append(cands, c)
	}
	req := &Request{Limit: []int{0, 1, 2, 3, 10}[rng.IntN(5)]}
	switch rng.IntN(6) {
	case 0:
		req.CountryCodes = []string{"li"}
	case 1:
		req.Viewbox = &orb.Bound{Max: orb.Point{0.5, 0.5}}
	case 2:
		req.Viewbox, req.Bounded = &orb.Bound{Max: orb.Point{0.5, 0.5}}, true
	}
	want = ranking(rankCands(req, append(slices.Clone(cands), extra...), false))

	byID := map[int64]*cand{}
	var order []int64
	var bnd bounder
	eb := exactBounds{}
	for _, c := range cands {
		eb[c.rec.PlaceID] = candBound{id: c.rec.PlaceID, low: -importanceOf(c.rec), rankSearch: c.rec.RankSearch}
	}
	if ranked {
		// Search rowids: importance rank (distinct values, largest
		// first) above the place id.
		var imps []float64
		for _, c := range cands {
			imps = append(imps, c.rec.Importance)
		}
		slices.Sort(imps)
		imps = slices.Compact(imps)
		// The bounds read from places where an importance is 0.
		rb := (&Index{idMask: 1<<bits - 1}).newRankBounds(map[int64]int64{})
		rb.exact = eb
		// The R*Tree lacks a tenth of the candidates.
		ranks := map[int64]int{}
		rb.readRanks = func(_ context.Context, ids []int64) (map[int64]int, error) {
			out := map[int64]int{}
			for _, id := range ids {
				if rs, ok := ranks[id]; ok {
					out[id] = rs
				}
			}
			return out, nil
		}
		for _, c := range cands {
			rank := len(imps) - 1 - slices.Index(imps, c.rec.Importance)
			rb.rowOf[c.rec.PlaceID] = SearchRowID(c.rec.PlaceID, rank, bits)
			if rng.IntN(10) > 0 {
				ranks[c.rec.PlaceID] = c.rec.RankSearch
			}
			order = append(order, c.rec.PlaceID)
		}
		slices.SortFunc(order, func(a, b int64) int { return cmp.Compare(rb.rowOf[a], rb.rowOf[b]) })
		if len(order) > 0 {
			rb.least = order[len(order)-1]
			order = append([]int64{rb.least}, order[:len(order)-1]...)
		}
		bnd = rb
	} else {
		for _, c := range cands {
			order = append(order, c.rec.PlaceID)
		}
		slices.SortFunc(order, func(a, b int64) int {
			x, y := eb[a], eb[b]
			return cmp.Or(cmp.Compare(x.low, y.low), cmp.Compare(x.rankSearch, y.rankSearch), cmp.Compare(a, b))
		})
		bnd = eb
	}
	for _, c := range cands {
		byID[c.rec.PlaceID] = c
	}
	done := map[int64]bool{}
	var lazy []*cand
	for read < len(order) {
		for range 1 + rng.IntN(3) {
			if read < len(order) {
				done[order[read]] = true
				bnd.learn(byID[order[read]].rec)
				read++
			}
		}
		lazy = lazy[:0]
		for _, c := range cands {
			if done[c.rec.PlaceID] {
				lazy = append(lazy, c)
			}
		}
		if read == len(order) {
			break
		}
		done, err := settledBy(context.Background(), req, append(slices.Clone(lazy), extra...), bnd, order[read:])
		if err != nil {
			panic(err)
		}
		if done {
			break
		}
	}
	return ranking(rankCands(req, append(lazy, extra...), false)), want, read, len(order)
}

// randomCand returns a text candidate of place id made of few values, so
// that candidates tie; with positive its stored importance is above 0.
func randomCand(rng *rand.Rand, id int64, positive bool) *cand {
	r := &record{}
	r.PlaceID = id
	r.RankSearch = []int{4, 16, 16, 17, 26, 30, 30}[rng.IntN(7)]
	r.RankAddress = r.RankSearch
	imps := []float64{0, 0.5587, 0.5586, 0.2, 0.2, 0.05, 0.0499, 1e-5}
	if positive {
		imps = imps[1:]
	}
	r.Importance = imps[rng.IntN(len(imps))]
	r.CountryCode = []string{"li", "ch"}[rng.IntN(2)]
	r.Centroid = orb.Point{rng.Float64(), rng.Float64()}
	r.Class = "place"
	return &cand{rec: r, penalty: []float64{0, 0, 0, 0.1, 0.2, 0.3, 0.45, 0.6}[rng.IntN(8)]}
}

// ranking lists ranked candidates as place id, score and rank.
func ranking(cs []*cand) string {
	s := ""
	for _, c := range cs {
		s += fmt.Sprintf("  %d %.6f %d\n", c.rec.PlaceID, c.rec.Score, c.rec.RankSearch)
	}
	return s
}
