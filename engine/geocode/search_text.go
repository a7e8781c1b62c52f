package geocode

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"waymark/engine/text"
)

// roleRanks is the rank_address range a structured target phrase names.
func roleRanks(r role) (int, int) {
	switch r {
	case roleAmenity:
		return 26, 30
	case roleStreet:
		return 26, 30
	case roleCity:
		return 13, 25
	case roleCounty:
		return 9, 13
	case roleState:
		return 5, 9
	case roleCountry:
		return 4, 4
	}
	return 0, 0
}

// structuredPlan turns the structured fields into phrases; the most
// specific given field is the target (the result's own name).
func structuredPlan(req *Request) plan {
	var p plan
	add := func(v string, r role) {
		if w := text.Words(text.Normalize(v)); len(w) > 0 {
			p.phrases = append(p.phrases, phrase{words: w, role: r})
			if p.target == roleAny {
				p.target = r
			}
		}
	}
	add(req.Amenity, roleAmenity)
	add(req.Street, roleStreet)
	add(req.City, roleCity)
	add(req.County, roleCounty)
	add(req.State, roleState)
	add(req.Postalcode, rolePostcode)
	c := strings.TrimSpace(req.Country)
	if len(c) == 2 && isLetters(c) {
		p.countries = []string{strings.ToLower(c)}
		if p.target == roleAny {
			add(c, roleCountry)
			p.countries = nil
		}
	} else {
		add(c, roleCountry)
	}
	return p
}

func isLetters(s string) bool {
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

// textCandidates finds and scores the places matching a plan's words.
// With lazy (the answer ranks them by score: no query coordinate), it
// reads the rows of only as many as the answer to req needs
// (scoreCandidates): the answer rankCands gives is the same, not the list.
//
// An address word first matches only the parents the query's address
// words name whole or in more than one word (chooseParents), through
// every fallback; when that finds nothing and a word also matched parents
// it names only by itself, the search is made again with every parent
// holding its words.
func (ix *Index) textCandidates(ctx context.Context, req *Request, p plan, lazy bool) ([]*cand, error) {
	partial := false
	out, err := ix.textCandidatesIn(ctx, req, p, lazy, &partial)
	if err != nil || len(out) > 0 || !partial || p.wideParents {
		return out, err
	}
	p.wideParents = true
	return ix.textCandidatesIn(ctx, req, p, lazy, &partial)
}

// textCandidatesIn is textCandidates with the parents p.wideParents says,
// setting *partial when an address word named parents in part.
func (ix *Index) textCandidatesIn(ctx context.Context, req *Request, p plan, lazy bool, partial *bool) ([]*cand, error) {
	if p.target == rolePostcode {
		return ix.postcodeCandidates(ctx, strings.Join(p.phrases[0].words, " "), p.countries)
	}
	ins := interpretations(p)
	var choices []parentChoice
	if !p.wideParents {
		choices = make([]parentChoice, len(ins))
		for i := range ins {
			choices[i] = ix.chooseParents(ctx, &ins[i])
			*partial = *partial || choices[i].partial
		}
	}
	out, err := ix.matchInterpretations(ctx, req, p, ins, choices, lazy)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 && p.target != roleAny && p.target != rolePostcode {
		// A structured field naming a place of another rank than its
		// field says (state=Oberland, a county): accept any rank.
		q := p
		q.phrases = append([]phrase(nil), p.phrases...)
		for i := range q.phrases {
			if q.phrases[i].role == p.target {
				q.phrases[i].role = roleAny
			}
		}
		q.target = roleAny
		more, err := ix.textCandidatesIn(ctx, req, structuredAsFree(q), false, partial)
		if err != nil {
			return nil, err
		}
		for _, c := range more {
			c.penalty += 0.3
		}
		return more, nil
	}
	if len(out) == 0 && p.target == roleAny && !p.anyName && len(p.phrases) > 0 {
		// "Oberland, Vaduz, Liechtenstein": the name in the middle.
		q := p
		q.anyName = true
		more, err := ix.textCandidatesIn(ctx, req, q, false, partial)
		if err != nil || len(more) > 0 {
			for _, c := range more {
				c.penalty += 0.1
			}
			return more, err
		}
	}
	if len(out) == 0 && p.target == roleAny {
		// "Bündaweg 555": no such number; fall back to the street.
		if q, ok := withoutNumbers(p); ok {
			more, err := ix.textCandidatesIn(ctx, req, q, false, partial)
			if err != nil {
				return nil, err
			}
			for _, c := range more {
				c.penalty += 0.3
			}
			return more, nil
		}
	}
	return out, nil
}

// matchInterpretations runs the index query of each interpretation and
// scores the matches (with the postcode places of a free-text query).
// With choices, an address word matches the parents choices[i] holds for
// it (chooseParents); without, every parent whose names hold it.
func (ix *Index) matchInterpretations(ctx context.Context, req *Request, p plan, ins []interp, choices []parentChoice, lazy bool) ([]*cand, error) {
	var hits []hit
	rowOf := map[int64]int64{} // place id -> search rowid
	var ids []int64
	full := ""
	if ix.fullNames {
		full = fullNameExpr(p)
	}
	for i := range ins {
		parents := func(w string) []string { return ix.parentTokens(ctx, w) }
		if choices != nil {
			parents = func(w string) []string { return choices[i].strong[w] }
		}
		got, err := ix.fts(ctx, req, ins[i].exprWith(parents), full)
		if err != nil {
			return nil, err
		}
		for j, row := range got {
			id := row & ix.idMask
			got[j] = id
			if _, ok := rowOf[id]; !ok {
				rowOf[id] = row
				ids = append(ids, id)
			}
		}
		hits = append(hits, hit{got, &ins[i]})
	}
	// The postcode places are read first: a lazy read ranks them with
	// the others.
	var pcs []*cand
	if p.target == roleAny {
		var err error
		if pcs, err = ix.postcodeFallback(ctx, p); err != nil {
			return nil, err
		}
	}
	sc := newScorer(p, &ix.nameWords)
	out, err := ix.scoreCandidates(ctx, req, p, sc, hits, ids, rowOf, pcs, lazy && !req.readAll)
	if err != nil {
		return nil, err
	}
	return append(out, pcs...), nil
}

// fts runs one MATCH expression and returns the search rowids of its
// candidates (their place ids are rowid & idMask), honouring the hard
// filters (bounded viewbox, countrycodes) inside SQL: every match when
// there are at most ftsCandidates, else
// ftsCandidates of them: in packs with full-name tokens (fullname.go), the
// matches whose whole name is a run of the query's words (full, the
// MATCH expression fullNameExpr made), then the most important others;
// in older packs, the ftsCandidates best by bm25 and the ftsImportant most
// important. bm25 favours short name lists, so the important ones are
// added: a town with forty name translations is never crowded out by a
// hundred bus stops carrying its name.
//
// In packs whose search rows come most important first (SearchRowID), the
// first query reads at most ftsCandidates+1 matches in that order and is
// the whole answer unless it overflows; the bm25 ranking then considers
// the ftsScored most important matches. Every query of a pack with
// full-name tokens reads at most ftsCandidates+1 rows in index order
// however many places of a country share its words.
func (ix *Index) fts(ctx context.Context, req *Request, expr, full string) ([]int64, error) {
	if req.ftsSeen == nil {
		return ix.ftsOnce(ctx, req, expr, full)
	}
	// The interpretations of a query and its fallbacks ask for the same
	// expression more than once ("Landstrasse 10, Schaan": 6 index queries,
	// 2 of them repeats, 7 of its 17 ms at LI ×64).
	_, _, args := ix.ftsFilters(req, expr)
	key := fmt.Sprintf("%q %v", full, args)
	if ids, ok := req.ftsSeen[key]; ok {
		return slices.Clone(ids), nil
	}
	ids, err := ix.ftsOnce(ctx, req, expr, full)
	if err == nil {
		req.ftsSeen[key] = slices.Clone(ids)
	}
	return ids, err
}

// ftsOnce is fts without the request's memo.
func (ix *Index) ftsOnce(ctx context.Context, req *Request, expr, full string) ([]int64, error) {
	ix.ftsRuns.Add(1)
	if !ix.rankedRows {
		return ix.ftsUnranked(ctx, req, expr)
	}
	first, err := ix.ftsInOrder(ctx, req, expr, ftsCandidates+1)
	if err != nil || len(first) <= ftsCandidates {
		return first, err
	}
	if ix.fullNames {
		var ids []int64
		if full != "" {
			if ids, err = ix.ftsInOrder(ctx, req, "("+expr+") AND "+full, ftsCandidates); err != nil {
				return nil, err
			}
		}
		return fillTo(appendNew(ids, first[:ftsImportant]), first[ftsImportant:], ftsCandidates), nil
	}
	ids, err := ix.ftsQuery(ctx, req, expr, `SELECT id FROM (SELECT s.rowid AS id, `+ftsScore+` AS score
		FROM search_name s %s WHERE search_name MATCH ? %s ORDER BY s.rowid LIMIT `+strconv.Itoa(ftsScored)+`)
		ORDER BY score, id & `+strconv.FormatInt(ix.idMask, 10)+` LIMIT ?`, ftsCandidates)
	if err != nil {
		return nil, err
	}
	return appendNew(ids, first[:ftsImportant]), nil
}

// ftsScore ranks matches: bm25 with the weights of the columns name,
// housenumber, address, class_type.
const ftsScore = `bm25(search_name, 10.0, 5.0, 1.0, 0.5)`

// ftsScored is how many of the most important matches of a query with
// more than ftsCandidates are ranked by bm25.
const ftsScored = 1000

// ftsImportant is how many matches by importance fts adds to a full cut.
const ftsImportant = 30

// ftsUnranked is fts for packs whose search rowids are place ids (before
// format 3): bm25 over every match, then a second query for the most
// important.
func (ix *Index) ftsUnranked(ctx context.Context, req *Request, expr string) ([]int64, error) {
	ids, err := ix.ftsQuery(ctx, req, expr, `SELECT s.rowid FROM search_name s %s WHERE search_name MATCH ? %s ORDER BY `+ftsScore+` LIMIT ?`, ftsCandidates)
	if err != nil || len(ids) < ftsCandidates {
		return ids, err
	}
	more, err := ix.ftsQuery(ctx, req, expr, `SELECT s.rowid FROM search_name s `+ix.placesJoin()+` WHERE search_name MATCH ? %[2]s ORDER BY p.importance DESC LIMIT ?`, ftsImportant)
	if err != nil {
		return nil, err
	}
	return appendNew(ids, more), nil
}

// placesJoin joins the places row of a search row, for filters and order.
func (ix *Index) placesJoin() string { return `JOIN places p ON p.place_id = ` + ix.rowPlace }

// appendNew appends to ids the ids of more it does not hold yet.
func appendNew(ids, more []int64) []int64 { return fillTo(ids, more, len(ids)+len(more)) }

// fillTo appends to ids the ids of more it does not hold yet, in order,
// until it holds n.
func fillTo(ids, more []int64, n int) []int64 {
	seen := make(map[int64]bool, len(ids))
	for _, id := range ids {
		seen[id] = true
	}
	for _, id := range more {
		if len(ids) >= n {
			break
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids
}

// ftsQuery runs query q, a format with two verbs: %[1]s where the places
// join goes when the request filters (else nothing), %[2]s where the
// filter conditions go; its parameters are the MATCH expression, the
// filters' and limit. It returns the rowids of the rows.
func (ix *Index) ftsQuery(ctx context.Context, req *Request, expr, q string, limit int) ([]int64, error) {
	join, where, args := ix.ftsFilters(req, expr)
	rows, err := ix.db.QueryContext(ctx, fmt.Sprintf(q, join, where), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("geocode: search %q: %w", expr, err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("geocode: search: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// inOrderSQL is ftsInOrder's query, with ftsQuery's verbs.
const inOrderSQL = `SELECT group_concat(id) FROM (SELECT s.rowid AS id
	FROM search_name s %s WHERE search_name MATCH ? %s ORDER BY s.rowid LIMIT ?)`

// ftsInOrder returns the rowids of the first limit matches of expr in
// rowid order (most important first), read as one row of rowids: the
// driver's cost is per row, and a hundred rows of one rowid each cost it
// more than the index query's own work at LI ×64.
func (ix *Index) ftsInOrder(ctx context.Context, req *Request, expr string, limit int) ([]int64, error) {
	join, where, args := ix.ftsFilters(req, expr)
	var row *sql.Row
	if join == "" && where == "" && ix.stInOrder != nil {
		row = ix.stInOrder.QueryRowContext(ctx, append(args, limit)...)
	} else {
		row = ix.db.QueryRowContext(ctx, fmt.Sprintf(inOrderSQL, join, where), append(args, limit)...)
	}
	var list sql.NullString
	if err := row.Scan(&list); err != nil {
		return nil, fmt.Errorf("geocode: search %q: %w", expr, err)
	}
	var ids []int64
	for f := range strings.SplitSeq(list.String, ",") {
		if f == "" {
			continue
		}
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("geocode: search %q: rowid %q: %w", expr, f, err)
		}
		ids = append(ids, id)
	}
	// group_concat's order is the rows' in practice, not by definition.
	slices.Sort(ids)
	return ids, nil
}

// ftsFilters returns the places join and the conditions of the hard
// filters of req for an index query of expr (ftsQuery's verbs), and the
// query's parameters but its limit.
func (ix *Index) ftsFilters(req *Request, expr string) (join, where string, args []any) {
	args = []any{expr}
	var cond []string
	if req.Bounded && req.Viewbox != nil {
		b := *req.Viewbox
		cond = append(cond, `p.lon BETWEEN ? AND ? AND p.lat BETWEEN ? AND ?`)
		args = append(args, b.Min[0], b.Max[0], b.Min[1], b.Max[1])
	}
	if len(req.CountryCodes) > 0 {
		cond = append(cond, `p.country_code IN (SELECT value FROM json_each(?))`)
		args = append(args, jsonStrings(req.CountryCodes))
	}
	if len(cond) > 0 {
		join, where = ix.placesJoin(), "AND "+strings.Join(cond, " AND ")
	}
	return join, where, args
}

func jsonStrings(list []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, s := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`)
	}
	b.WriteByte(']')
	return b.String()
}

// withoutNumbers drops the house-number-like words of a plan; ok is false
// when there are none or nothing else is left.
func withoutNumbers(p plan) (plan, bool) {
	q := p
	q.phrases = nil
	dropped := false
	for _, ph := range p.phrases {
		var ws []string
		for _, w := range ph.words {
			if isHouseNumber(w) {
				dropped = true
				continue
			}
			ws = append(ws, w)
		}
		if len(ws) > 0 {
			q.phrases = append(q.phrases, phrase{words: ws, role: ph.role})
		}
	}
	return q, dropped && len(q.phrases) > 0
}

// checkAddressWords penalizes candidates whose address words (query words
// not used by the name or house number) match only places that are not
// part of their address (nearby villages the index also lists), so
// "6 Silum" prefers the house whose address says Silum.
func (ix *Index) checkAddressWords(ctx context.Context, cands []*cand, sp spellings) error {
	var ids []int64
	for _, c := range cands {
		if c.in != nil && len(c.in.rest) > 0 {
			ids = append(ids, c.rec.PlaceID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	lines, err := ix.addressLines(ctx, ids)
	if err != nil {
		return err
	}
	for _, c := range cands {
		if c.in == nil || len(c.in.rest) == 0 {
			continue
		}
		ls := lines[c.rec.PlaceID]
		for _, w := range c.in.rest {
			if len(c.in.hn) == 0 && nameHasWordVariant(c.rec.Names, w, sp) {
				continue
			}
			found := strings.EqualFold(strings.ReplaceAll(c.rec.Postcode, " ", ""), w)
			for _, l := range ls {
				if par := ix.parent(l.parent); par != nil && par.hasToken(w) {
					found = true
					break
				}
			}
			if !found {
				c.penalty += 0.15
			}
		}
	}
	return nil
}

// structuredAsFree turns a structured plan into a free-text one: the
// phrases in the same order, the first one naming the place; a postcode
// phrase stays a postcode filter.
func structuredAsFree(p plan) plan {
	q := plan{near: p.near, radius: p.radius, countries: p.countries, wideParents: p.wideParents}
	for _, ph := range p.phrases {
		if ph.role == rolePostcode {
			continue
		}
		q.phrases = append(q.phrases, phrase{words: ph.words})
	}
	return q
}
