package geocode

// lazy.go: reading a search's candidates only as far as its answer needs.
// Without a query coordinate, results rank by score, penalty minus
// calculated importance, and a penalty is never negative: a candidate
// whose row is not read yet scores at least minus its importance. Its
// bound (candBound: importance, rank_search, place_id, three columns of
// every candidate) says where it could rank at best; the rows are read in
// that order, a batch at a time, until no candidate left could rank first
// or make the results.

import (
	"cmp"
	"context"
	"slices"
)

// hit is what the index query of one interpretation found.
type hit struct {
	ids []int64
	in  *interp
}

// candBound is what a candidate's rank can be before its row is read: its
// score is at least -importance (its calculated importance), ties going
// to the lower rank_search, then the lower place id (rankCands).
type candBound struct {
	id         int64
	rankSearch int
	importance float64
}

// mayPrecede reports whether a candidate of bound b could rank before the
// scored record r.
func (b candBound) mayPrecede(r *record) bool {
	if lo := -b.importance; lo != r.Score {
		return lo < r.Score
	}
	if b.rankSearch != r.RankSearch {
		return b.rankSearch < r.RankSearch
	}
	return b.id <= r.PlaceID
}

// mayPass reports whether a candidate of bound b could pass the cut of
// rankCands behind best (the same expression, at the lowest score b can
// have: floating-point addition never turns a higher score into a lower
// sum).
func (b candBound) mayPass(best *record) bool {
	return -b.importance+0.03*float64(b.rankSearch-best.RankSearch) < best.Score+0.5
}

// lazyFirst is how many candidates the first batch of a lazy read reads:
// the results and a few more; each further batch reads twice as many as
// the one before.
func lazyFirst(req *Request) int { return req.limit() + 8 }

// scoreCandidates reads the rows of the candidates ids (in the order the
// index queries found them) and scores each under the interpretations of
// hits that found it, keeping its best reading that fits the plan; it
// returns them in ids order.
//
// With lazy (the answer ranks by score), it reads the rows of the
// candidates best bound first, in batches, and stops when the candidates
// read and extra (the other candidates of the answer, already read) rank
// so that no candidate left can change the answer (settled). The answer
// rankCands then gives of those read is the answer of all.
func (ix *Index) scoreCandidates(ctx context.Context, req *Request, p plan, sc *scorer, hits []hit, ids []int64, extra []*cand, lazy bool) ([]*cand, error) {
	readings := make(map[int64][]*interp, len(ids))
	for _, h := range hits {
		for _, id := range h.ids {
			readings[id] = append(readings[id], h.in)
		}
	}
	order, batch := ids, len(ids)
	var bounds []candBound
	if lazy && len(ids) > lazyFirst(req) {
		var err error
		if bounds, err = ix.candidateBounds(ctx, ids); err != nil {
			return nil, err
		}
		slices.SortFunc(bounds, func(a, b candBound) int {
			return cmp.Or(cmp.Compare(b.importance, a.importance), cmp.Compare(a.rankSearch, b.rankSearch), cmp.Compare(a.id, b.id))
		})
		order = make([]int64, len(bounds))
		for i, b := range bounds {
			order[i] = b.id
		}
		batch = lazyFirst(req)
	}
	names := namesMemo{}
	best := make(map[int64]*cand, len(ids))
	for read := 0; read < len(order); batch *= 2 {
		next := order[read:min(read+batch, len(order))]
		read += len(next)
		recs, err := ix.candidateRecords(ctx, next, names)
		if err != nil {
			return nil, err
		}
		var fresh []*cand
		for _, id := range next {
			if r := recs[id]; r != nil {
				if c := bestReading(sc, p, r, readings[id]); c != nil {
					best[id] = c
					fresh = append(fresh, c)
				}
			}
		}
		if err := ix.checkAddressWords(ctx, fresh, sc.spellings); err != nil {
			return nil, err
		}
		if read < len(order) && settled(req, append(inOrder(ids, best), extra...), bounds[read:]) {
			break
		}
	}
	return inOrder(ids, best), nil
}

// bestReading scores r under each reading of ins (in order) and returns
// the candidate of the first with the lowest penalty, or nil when none
// fits the plan.
func bestReading(sc *scorer, p plan, r *record, ins []*interp) *cand {
	var best *cand
	for _, in := range ins {
		pen, ok := sc.score(r, in)
		if !ok {
			continue
		}
		if len(p.countries) > 0 && !contains(p.countries, r.CountryCode) {
			continue
		}
		c := &cand{rec: r, penalty: pen, in: in}
		if p.near != nil {
			c.dist = distDeg(*p.near, r.Centroid)
			if c.dist > p.radius {
				continue
			}
		}
		if best == nil || best.penalty > pen {
			best = c
		}
	}
	return best
}

// inOrder returns the candidates of best in the order of ids.
func inOrder(ids []int64, best map[int64]*cand) []*cand {
	out := make([]*cand, 0, len(best))
	for _, id := range ids {
		if c := best[id]; c != nil {
			out = append(out, c)
		}
	}
	return out
}

// settled reports whether candidates not read yet, of bounds pending,
// cannot change the answer rankCands gives of cands (ranked by score):
// none could rank first, and each could either not pass the cut behind
// the first or not rank before the last of a full list of results.
func settled(req *Request, cands []*cand, pending []candBound) bool {
	ranked := rankCands(req, slices.Clone(cands), false)
	if len(ranked) == 0 {
		return false
	}
	first := ranked[0].rec
	var last *record
	if len(ranked) == req.limit() {
		last = ranked[len(ranked)-1].rec
	}
	for _, b := range pending {
		if b.mayPrecede(first) {
			return false
		}
		if b.mayPass(first) && (last == nil || b.mayPrecede(last)) {
			return false
		}
	}
	return true
}
