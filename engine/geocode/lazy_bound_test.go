package geocode

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/paulmach/orb"
)

// TestSettledRandom: reading candidates best bound first, a few at a
// time, and stopping where settled says, the candidates read rank
// (rankCands) as all of them do: random lists made of ties (a few
// importances, ranks and penalties, calculated importance included),
// under each limit, with country, viewbox and bounded filters, and with
// candidates read beforehand (postcode places).
func TestSettledRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	early := 0
	for trial := range 30000 {
		n := 1 + rng.IntN(40)
		var all, extra []*cand
		var bounds []candBound
		for i, id := range rng.Perm(200)[:n] {
			c := randomCand(rng, int64(id+1))
			if i < 2 && rng.IntN(4) == 0 {
				extra = append(extra, c)
				continue
			}
			all = append(all, c)
			bounds = append(bounds, candBound{id: c.rec.PlaceID, rankSearch: c.rec.RankSearch, importance: importanceOf(c.rec)})
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
		want := ranking(rankCands(req, append(slices.Clone(all), extra...), false))

		slices.SortFunc(bounds, func(a, b candBound) int {
			return cmp.Or(cmp.Compare(b.importance, a.importance), cmp.Compare(a.rankSearch, b.rankSearch), cmp.Compare(a.id, b.id))
		})
		read := map[int64]bool{}
		var got []*cand
		for pos := 0; pos < len(bounds); {
			for range 1 + rng.IntN(3) {
				if pos < len(bounds) {
					read[bounds[pos].id] = true
					pos++
				}
			}
			got = got[:0]
			for _, c := range all {
				if read[c.rec.PlaceID] {
					got = append(got, c)
				}
			}
			if pos < len(bounds) && settled(req, append(slices.Clone(got), extra...), bounds[pos:]) {
				early++
				break
			}
		}
		if have := ranking(rankCands(req, append(got, extra...), false)); have != want {
			t.Fatalf("trial %d, %+v: reading %d of %d:\n%s\nreading all:\n%s", trial, req, len(got), len(all), have, want)
		}
	}
	t.Logf("%d of 30000 lists settled before the last candidate", early)
	if early < 10000 {
		t.Errorf("only %d lists settled early", early)
	}
}

// randomCand returns a text candidate of place id made of few values, so
// that candidates tie.
func randomCand(rng *rand.Rand, id int64) *cand {
	r := &record{}
	r.PlaceID = id
	r.RankSearch = []int{4, 16, 16, 17, 26, 30, 30}[rng.IntN(7)]
	r.RankAddress = r.RankSearch
	r.Importance = []float64{0, 0.5587, 0.2, 0.2, 0.05, 1e-5}[rng.IntN(6)]
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
