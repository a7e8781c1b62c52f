package geocode

// lazy.go: reading a search's candidates only as far as its answer needs.
// Without a query coordinate, results rank by score, penalty minus
// calculated importance, and a penalty is never negative: a candidate
// whose row is not read yet scores at least minus its importance. Where it
// could rank at best (candBound) comes, in packs whose search rowids rank
// importance (SearchRowID), from the rowids the index queries give anyway
// and the candidates read (rankBounds): the candidates of one rank share
// their stored importance, those of a later rank have less. The rows are
// read in rowid order, a batch at a time, until no candidate left could
// rank first or make the results; candidates that tie on score with a
// result are ranked by rank_search, read for them alone from the R*Tree's
// small rowid table. Other packs read the bounds from places, three
// columns of every candidate (exactBounds). Where many candidates share
// the importance of a result, their penalty has a floor read from their
// search rows (lazy_cover.go), and those it leaves below the answer's are
// read first.
//
// Reading the rows of every candidate was half of a search on LI ×64, 64
// places of every name: most of it is now the few that make the answer
// (LI ×400 distinct: 18 rows of 100–129 for a town's name).

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// hit is what the index query of one interpretation found.
type hit struct {
	ids []int64
	in  *interp
}

// candBound is where a candidate whose row is not read yet can rank at
// best: its score is at least low (above it when strict); at equal scores
// it ranks by rankSearch (-1: unknown, a tie it may win), then by place
// id, as rankCands orders.
type candBound struct {
	id         int64
	low        float64
	strict     bool
	rankSearch int
}

// mayPrecede reports whether a candidate of bound b could rank before the
// scored record r.
func (b candBound) mayPrecede(r *record) bool {
	switch {
	case b.low != r.Score:
		return b.low < r.Score
	case b.strict:
		return false
	case b.rankSearch < 0:
		return true
	case b.rankSearch != r.RankSearch:
		return b.rankSearch < r.RankSearch
	}
	return b.id <= r.PlaceID
}

// mayPass reports whether a candidate of bound b could pass the cut of
// rankCands behind best: the same expression at the lowest score and
// rank_search b can have (floating-point arithmetic never turns larger
// operands into a smaller sum).
func (b candBound) mayPass(best *record) bool {
	return b.low+0.03*float64(max(b.rankSearch, 0)-best.RankSearch) < best.Score+0.5
}

// lazyFirst is how many candidates the first batch of a lazy read reads:
// the results and a few more; each further batch reads twice as many as
// the one before.
func lazyFirst(req *Request) int { return req.limit() + 8 }

// bounder gives the bounds of the candidates not read yet.
type bounder interface {
	// learn takes what the record of a candidate read tells.
	learn(r *record)
	// bounds returns the bounds of ids, leaving out those known to have
	// no place row.
	bounds(ctx context.Context, ids []int64) ([]candBound, error)
	// sharpen reads the rank_search of ids, whose ties bounds leave
	// open; false when it has nothing more to read.
	sharpen(ctx context.Context, ids []int64) (bool, error)
}

// scoreCandidates reads the rows of the candidates ids (in the order the
// index queries found them, search rowids rowOf) and scores each under
// the interpretations of hits that found it, keeping its best reading
// that fits the plan; it returns them in ids order.
//
// With lazy (the answer ranks by score), it reads the rows best bound
// first, in batches, and stops when the candidates read and extra (the
// other candidates of the answer, already read) rank so that no candidate
// left can change the answer (settled). The answer rankCands then gives
// of those read is the answer of all.
func (ix *Index) scoreCandidates(ctx context.Context, req *Request, p plan, sc *scorer, hits []hit, ids []int64, rowOf map[int64]int64, extra []*cand, lazy bool) ([]*cand, error) {
	readings := make(map[int64][]*interp, len(ids))
	for _, h := range hits {
		for _, id := range h.ids {
			readings[id] = append(readings[id], h.in)
		}
	}
	order, batch := ids, len(ids)
	var bnd bounder
	if lazy && len(ids) > lazyFirst(req) {
		var err error
		if order, bnd, err = ix.lazyOrder(ctx, ids, rowOf); err != nil {
			return nil, err
		}
		bnd = ix.newCoverBounds(bnd, sc.qset, rowOf, func(id int64) bool { return namePlain(readings[id]) })
		batch = lazyFirst(req)
	}
	names := namesMemo{}
	best := make(map[int64]*cand, len(ids))
	for read := 0; read < len(order); batch *= 2 {
		next := order[read:min(read+batch, len(order))]
		var recs map[int64]*record
		var err error
		if bnd != nil && read == 0 {
			// The first batch of a lazy read holds most results: their
			// whole rows now, not a second read of them (complete).
			ix.candRows.Add(int64(len(next)))
			recs, err = ix.recordsWith(ctx, next, names)
		} else {
			recs, err = ix.candidateRecords(ctx, next, names)
		}
		read += len(next)
		if err != nil {
			return nil, err
		}
		var fresh []*cand
		for _, id := range next {
			r := recs[id]
			if r == nil {
				continue
			}
			if bnd != nil {
				bnd.learn(r)
			}
			if c := bestReading(sc, p, r, readings[id]); c != nil {
				best[id] = c
				fresh = append(fresh, c)
			}
		}
		if err := ix.checkAddressWords(ctx, fresh, sc.spellings); err != nil {
			return nil, err
		}
		if read == len(order) {
			break
		}
		done, err := settledBy(ctx, req, append(inOrder(ids, best), extra...), bnd, order[read:])
		if err != nil {
			return nil, err
		}
		if done {
			break
		}
		if cb, ok := bnd.(*coverBounds); ok {
			cb.readFirst(order[read:])
		}
	}
	return inOrder(ids, best), nil
}

// lazyOrder returns the order in which a lazy read reads the candidates
// ids, and where their bounds come from: in packs with ranked search rows
// and rank_search in the R*Tree, rowid order (most important first) but
// the least important first of all, which tells whether any stored
// importance is 0 (rankBounds); else the order of their bounds read from
// places.
func (ix *Index) lazyOrder(ctx context.Context, ids []int64, rowOf map[int64]int64) ([]int64, bounder, error) {
	if ix.rankedRows && ix.stRowRanks != nil {
		rb := ix.newRankBounds(rowOf)
		order := slices.Clone(ids)
		slices.SortFunc(order, func(a, b int64) int { return cmp.Compare(rowOf[a], rowOf[b]) })
		last := order[len(order)-1]
		copy(order[1:], order[:len(order)-1])
		order[0] = last
		rb.least = last
		return order, rb, nil
	}
	eb, err := ix.readBounds(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	order := make([]int64, 0, len(eb))
	for id := range eb {
		order = append(order, id)
	}
	slices.SortFunc(order, func(a, b int64) int {
		x, y := eb[a], eb[b]
		return cmp.Or(cmp.Compare(x.low, y.low), cmp.Compare(x.rankSearch, y.rankSearch), cmp.Compare(a, b))
	})
	return order, eb, nil
}

// exactBounds are bounds read from places: a candidate's score is at
// least minus its calculated importance.
type exactBounds map[int64]candBound

func (exactBounds) learn(*record) {}

func (exactBounds) sharpen(context.Context, []int64) (bool, error) { return false, nil }

func (eb exactBounds) bounds(_ context.Context, ids []int64) ([]candBound, error) {
	out := make([]candBound, 0, len(ids))
	for _, id := range ids {
		if b, ok := eb[id]; ok {
			out = append(out, b)
		}
	}
	return out, nil
}

// readBounds reads the bounds of ids from places; ids without a place row
// have none.
func (ix *Index) readBounds(ctx context.Context, ids []int64) (exactBounds, error) {
	bs, err := ix.candidateBounds(ctx, ids)
	if err != nil {
		return nil, err
	}
	eb := make(exactBounds, len(bs))
	for _, b := range bs {
		eb[b.id] = b
	}
	return eb, nil
}

// rankBounds bounds candidates by the importance rank of their search
// rowid (SearchRowID: rank above idMask): the candidates of a rank share
// the stored importance of the first read, those of a later rank have
// less than the rank before them. That is their calculated importance
// when the least important candidate (least) has a stored importance
// above 0; else the bounds are read from places.
type rankBounds struct {
	ix       *Index
	rowOf    map[int64]int64
	imp      map[int64]float64
	ranks    []int64 // the keys of imp, in order
	least    int64
	positive bool // least was read and its importance is above 0
	exact    exactBounds
	// rankSearch holds the rank_search of the candidates sharpen looked
	// up (looked; readRanks reads places_rtree's).
	rankSearch map[int64]int
	looked     map[int64]bool
	readRanks  func(ctx context.Context, ids []int64) (map[int64]int, error)
}

// rowRanksSQL reads the rank_search of places from places_rtree's rowid
// table: a1 is its second auxiliary column, rank_search (revskip.go),
// written with the place's row (places_write.go), as reverse's filters
// read it. A row there is a few bytes, a places row hundreds, so the
// seeks touch fewer pages; linked places have no entry.
const rowRanksSQL = `SELECT group_concat(rowid || ' ' || a1, ' ') FROM places_rtree_rowid
	WHERE rowid IN (SELECT value FROM json_each(?))`

func (ix *Index) newRankBounds(rowOf map[int64]int64) *rankBounds {
	return &rankBounds{ix: ix, rowOf: rowOf, imp: map[int64]float64{},
		rankSearch: map[int64]int{}, looked: map[int64]bool{}, readRanks: ix.rowRanks}
}

// sharpen reads the rank_search of those of ids it has not looked up.
func (rb *rankBounds) sharpen(ctx context.Context, ids []int64) (bool, error) {
	if !rb.positive {
		return false, nil
	}
	var todo []int64
	for _, id := range ids {
		if !rb.looked[id] {
			rb.looked[id] = true
			todo = append(todo, id)
		}
	}
	if len(todo) == 0 {
		return false, nil
	}
	got, err := rb.readRanks(ctx, todo)
	if err != nil {
		return false, err
	}
	maps.Copy(rb.rankSearch, got)
	return true, nil
}

// rowRanks reads the rank_search of ids from places_rtree: one row of
// pairs "place_id rank_search" (each row costs the driver more than its
// bytes). Ids without an R*Tree entry have none.
func (ix *Index) rowRanks(ctx context.Context, ids []int64) (map[int64]int, error) {
	var pairs sql.NullString
	if err := ix.stRowRanks.QueryRowContext(ctx, idList(ids)).Scan(&pairs); err != nil {
		return nil, fmt.Errorf("geocode: load candidate ranks: %w", err)
	}
	f := strings.Fields(pairs.String)
	out := make(map[int64]int, len(f)/2)
	for i := 0; i+1 < len(f); i += 2 {
		id, err1 := strconv.ParseInt(f[i], 10, 64)
		rs, err2 := strconv.Atoi(f[i+1])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("geocode: load candidate ranks: bad pair %q %q", f[i], f[i+1])
		}
		out[id] = rs
	}
	return out, nil
}

func (rb *rankBounds) learn(r *record) {
	if r.PlaceID == rb.least {
		rb.positive = r.Importance > 0
	}
	rank := rb.rowOf[r.PlaceID] &^ rb.ix.idMask
	if i, found := slices.BinarySearch(rb.ranks, rank); !found {
		rb.ranks = slices.Insert(rb.ranks, i, rank)
		rb.imp[rank] = r.Importance
	}
}

func (rb *rankBounds) bounds(ctx context.Context, ids []int64) ([]candBound, error) {
	if !rb.positive {
		if rb.exact == nil {
			var err error
			if rb.exact, err = rb.ix.readBounds(ctx, ids); err != nil {
				return nil, err
			}
		}
		return rb.exact.bounds(ctx, ids)
	}
	out := make([]candBound, len(ids))
	for k, id := range ids {
		rs, ok := rb.rankSearch[id]
		if !ok {
			rs = -1
		}
		rank := rb.rowOf[id] &^ rb.ix.idMask
		switch i, found := slices.BinarySearch(rb.ranks, rank); {
		case found:
			out[k] = candBound{id: id, low: -rb.imp[rank], rankSearch: rs}
		case i > 0:
			out[k] = candBound{id: id, low: -rb.imp[rb.ranks[i-1]], strict: true, rankSearch: rs}
		default:
			out[k] = candBound{id: id, low: math.Inf(-1), rankSearch: rs}
		}
	}
	return out, nil
}

// rtreeHasRanks reports whether places_rtree is declared with the
// auxiliary columns rank_address and rank_search (as revskip.go checks).
func rtreeHasRanks(ctx context.Context, db *sql.DB) (bool, error) {
	var decl string
	err := db.QueryRowContext(ctx, `SELECT sql FROM sqlite_schema WHERE name = 'places_rtree'`).Scan(&decl)
	if err == sql.ErrNoRows {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("geocode: read places_rtree: %w", err)
	}
	return strings.Contains(strings.Join(strings.Fields(decl), " "), "max_lat, +rank_address, +rank_search )"), nil
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

// settledBy reports whether the candidates rest, bounded by bnd, cannot
// change the answer rankCands gives of cands. When they may, it sharpens
// the bounds and looks again, cheapest first: the rank_search of those
// of unknown rank_search that tie on score with the first or last result
// (bnd.sharpen), then the floor of the penalty of those that could
// change it (coverBounds.floor, lazy_cover.go), then the rank_search of
// the ties the floor made.
func settledBy(ctx context.Context, req *Request, cands []*cand, bnd bounder, rest []int64) (bool, error) {
	pending, err := bnd.bounds(ctx, rest)
	if err != nil {
		return false, err
	}
	done, first, last := settled(req, cands, pending)
	for step := 0; !done && first != nil; step++ {
		more := false
		switch step {
		case 0, 2:
			more, err = sharpenTies(ctx, bnd, pending, first, last)
		case 1:
			if cb, ok := bnd.(*coverBounds); ok && fewCovered(cands) {
				more, err = cb.floor(ctx, blocking(pending, first, last))
			}
		default:
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if !more {
			continue
		}
		if pending, err = bnd.bounds(ctx, rest); err != nil {
			return false, err
		}
		done, first, last = settled(req, cands, pending)
	}
	return done, nil
}

// sharpenTies has bnd read the rank_search of the candidates of pending
// of unknown rank_search that tie on score with first or last; false
// when there are none or it read nothing.
func sharpenTies(ctx context.Context, bnd bounder, pending []candBound, first, last *record) (bool, error) {
	var ties []int64
	for _, b := range pending {
		if b.rankSearch < 0 && !b.strict && (b.low == first.Score || last != nil && b.low == last.Score) {
			ties = append(ties, b.id)
		}
	}
	if len(ties) == 0 {
		return false, nil
	}
	return bnd.sharpen(ctx, ties)
}

// settled reports whether candidates not read yet, of bounds pending,
// cannot change the answer rankCands gives of cands (ranked by score):
// none could rank before its first result, and each could either not
// pass the cut behind the first or not rank before the last of a full
// list of results. It returns the first and that last result (nil: none,
// not full).
func settled(req *Request, cands []*cand, pending []candBound) (done bool, first, last *record) {
	ranked := rankCands(req, slices.Clone(cands), false)
	if len(ranked) == 0 {
		return false, nil, nil
	}
	first = ranked[0].rec
	if len(ranked) == req.limit() {
		last = ranked[len(ranked)-1].rec
	}
	for _, b := range pending {
		if blocks(b, first, last) {
			return false, first, last
		}
	}
	return true, first, last
}

// blocks reports whether a candidate of bound b could change the answer
// whose first and last (nil: not full) results settled found.
func blocks(b candBound, first, last *record) bool {
	return b.mayPrecede(first) || b.mayPass(first) && (last == nil || b.mayPrecede(last))
}

// blocking returns the candidates of pending that block (blocks).
func blocking(pending []candBound, first, last *record) []int64 {
	var ids []int64
	for _, b := range pending {
		if blocks(b, first, last) {
			ids = append(ids, b.id)
		}
	}
	return ids
}
