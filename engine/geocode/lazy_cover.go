package geocode

// lazy_cover.go: a floor under the penalty of the candidates a lazy read
// has not read, from the index alone.
//
// Without a house number, a reading's penalty is at least 0.1 for each
// name word the query leaves uncovered (scorer.score), and a candidate's
// best name leaves none uncovered only when one spelling of one of its
// names is made of query words alone (nameCoverage). Such a spelling is in
// the candidate's search row (packs with full-name tokens, fullname.go):
// the name column holds every spelling's words in order and a full-name
// token of each spelling. So a row that holds neither the full-name token
// of a query word nor two query words in a row (an FTS5 phrase: a spelling
// of two words or more starts so) has no such spelling, and its candidate
// scores at least coverFloor above minus its importance.
//
// Many places of a country share a name and its importance (the copies of
// a town across LI ×400 "Vaduz Lodor", "Vaduz Midor", ...: 400 areas of
// one importance); the candidate named exactly as asked ranks first, the
// others tie with each other 0.1 behind. Bounded by minus their
// importance alone, the unread ones could always tie the best: every
// candidate was read. With the floor, they rank behind the results read.

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// coverFloor is the least penalty of a reading without house number of a
// candidate none of whose name spellings the query words cover whole: one
// uncovered word (scorer.score).
const coverFloor = 0.1

// coverWordsMax bounds the query words (spellings counted) coverExpr
// takes: its phrases, the square of their number, each scan the rows
// holding their words, and the words of several spellings are common
// ("Sankt": sankt, st; the floor's 4 phrases cost more than reading every
// candidate on a synthetic pack). LI ×400 distinct: a town's name has one
// spelling; "Landstrasse" (landstr too) settles without the floor.
const coverWordsMax = 1

// coverExpr returns the MATCH expression of the search rows that may hold
// a spelling made of the words of qset alone: the full-name token of each
// word, or two of them in a row. "" when qset has no word or more than
// coverWordsMax.
func coverExpr(qset map[string]bool) string {
	var words []string
	for w := range qset {
		if w != "" && !strings.Contains(w, " ") {
			words = append(words, w)
		}
	}
	if len(words) == 0 || len(words) > coverWordsMax {
		return ""
	}
	slices.Sort(words) // one expression for one query: its statement's plan reused
	var or []string
	for _, a := range words {
		or = append(or, FullNameToken(a))
	}
	for _, a := range words {
		for _, b := range words {
			or = append(or, `"`+strings.ReplaceAll(a+" "+b, `"`, `""`)+`"`)
		}
	}
	return `{name}: (` + strings.Join(or, " OR ") + `)`
}

// coverSQL reads the rowids of the search rows between two rowids that
// match an expression, downwards: FTS5 stops a phrase's scan at the
// range's low end but not at its high end, and the rows asked about are
// the most important of the word's (LI ×400 "Schaan": 0.27 ms downwards,
// 3.7 upwards, through every less important row holding the word).
const coverSQL = `SELECT group_concat(id) FROM (SELECT rowid AS id FROM search_name
	WHERE search_name MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC LIMIT ?)`

// coverMatches is the most matches floor reads for n candidates: half of
// them, and a few more in the range that are no candidate.
func coverMatches(n int) int { return n/2 + 8 }

// coverBounds is a bounder whose bounds of candidates without a house
// number reading are raised by coverFloor where their search rows show
// that the query cannot cover a name of theirs whole (floor).
type coverBounds struct {
	bounder
	ix    *Index
	expr  string          // coverExpr of the query
	rowOf map[int64]int64 // place id -> search rowid
	// plain reports whether every reading that found a candidate is
	// without house number.
	plain func(id int64) bool
	// looked: the candidates whose rows were asked about; covered, those
	// of them that may hold a spelling of query words alone.
	looked, covered map[int64]bool
}

// newCoverBounds wraps inner with the floor of the query words qset, or
// returns inner when the pack has no full-name tokens.
func (ix *Index) newCoverBounds(inner bounder, qset map[string]bool, rowOf map[int64]int64, plain func(int64) bool) bounder {
	expr := coverExpr(qset)
	if ix.stCover == nil || expr == "" {
		return inner
	}
	return &coverBounds{bounder: inner, ix: ix, expr: expr, rowOf: rowOf, plain: plain,
		looked: map[int64]bool{}, covered: map[int64]bool{}}
}

// floor asks the index about those of ids without house number reading
// it has not asked about; false when there were none.
func (cb *coverBounds) floor(ctx context.Context, ids []int64) (bool, error) {
	var todo []int64
	lo, hi := int64(0), int64(0)
	for _, id := range ids {
		if cb.looked[id] || !cb.plain(id) {
			continue
		}
		row := cb.rowOf[id]
		if len(todo) == 0 || row < lo {
			lo = row
		}
		if len(todo) == 0 || row > hi {
			hi = row
		}
		todo = append(todo, id)
	}
	if len(todo) == 0 {
		return false, nil
	}
	var list sql.NullString
	limit := coverMatches(len(todo))
	if err := cb.ix.stCover.QueryRowContext(ctx, cb.expr, lo, hi, limit).Scan(&list); err != nil {
		return false, fmt.Errorf("geocode: search %q: %w", cb.expr, err)
	}
	if strings.Count(list.String, ",")+1 >= limit {
		// Most rows around the candidates may hold a spelling of query
		// words alone ("St": every Street, St., Saint and Sankt): the
		// floor would spare few reads, and the rest of the scan costs
		// more than they do. Nothing is learnt, nothing asked again.
		for _, id := range todo {
			cb.looked[id], cb.covered[id] = true, true
		}
		return false, nil
	}
	for f := range strings.SplitSeq(list.String, ",") {
		if f == "" {
			continue
		}
		row, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return false, fmt.Errorf("geocode: search %q: rowid %q: %w", cb.expr, f, err)
		}
		cb.covered[row&cb.ix.idMask] = true
	}
	for _, id := range todo {
		cb.looked[id] = true
	}
	return true, nil
}

// bounds are the inner bounds, raised by coverFloor for the candidates
// floor found no covered spelling for. A strict bound (of a later
// importance rank) becomes one that may be reached: the floor added to
// two importances apart may round to one sum.
func (cb *coverBounds) bounds(ctx context.Context, ids []int64) ([]candBound, error) {
	out, err := cb.bounder.bounds(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i, b := range out {
		if cb.looked[b.id] && !cb.covered[b.id] {
			out[i].low, out[i].strict = coverFloor+b.low, false
		}
	}
	return out, nil
}

// namePlain reports whether every reading of ins is without house number
// and has a word the name must match: a candidate found so has a name
// (a search row's name column holds nothing else), and its penalty has
// the floor where the query covers none of its names whole.
func namePlain(ins []*interp) bool {
	for _, in := range ins {
		if len(in.hn) > 0 || len(in.nameAny) == 0 && len(in.nameAll) == 0 {
			return false
		}
	}
	return len(ins) > 0
}

// readFirst orders ids, the candidates left to read, those whose bound
// the floor did not raise first (in their order, then the others in
// theirs): they are the ones that can still change the answer ("Tador"
// among 400 "Tador <word>" of one importance).
func (cb *coverBounds) readFirst(ids []int64) {
	raised := func(id int64) bool { return cb.looked[id] && !cb.covered[id] }
	slices.SortStableFunc(ids, func(a, b int64) int {
		switch ra, rb := raised(a), raised(b); {
		case ra == rb:
			return 0
		case rb:
			return -1
		}
		return 1
	})
}

// fewCovered reports whether at most a quarter of the candidates read
// have a name the query covers whole (a penalty under coverFloor): then
// the floor likely raises most of those left. Where many do ("Vaduz"
// among names of one to three words of ten), most rows left match the
// floor's query too, which then costs more than it spares.
func fewCovered(cands []*cand) bool {
	n := 0
	for _, c := range cands {
		if c.penalty < coverFloor {
			n++
		}
	}
	return 4*n <= len(cands)
}
