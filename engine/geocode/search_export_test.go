package geocode

// search_export_test.go: what the tests of lazy candidate reading and of
// the index queries see of search (lazy_test.go, fts_test.go).

import "context"

// SearchReadingAll is Search reading the row of every candidate before
// ranking (the reference of the lazy reading, lazy.go).
func (ix *Index) SearchReadingAll(ctx context.Context, req Request) ([]Place, error) {
	req.readAll = true
	return ix.Search(ctx, req)
}

// FTSExprs returns the index queries search runs first for free text q:
// each interpretation's MATCH expression with the parents its address
// words name whole (chooseParents), and with the full-name tokens.
func (ix *Index) FTSExprs(ctx context.Context, q string) []string {
	p := plan{phrases: splitPhrases(q)}
	var out []string
	for _, in := range interpretations(p) {
		c := ix.chooseParents(ctx, &in)
		expr := in.exprWith(func(w string) []string { return c.strong[w] })
		out = append(out, expr)
		if f := fullNameExpr(p); f != "" {
			out = append(out, "("+expr+") AND "+f)
		}
	}
	return out
}

// FTSLimit is the limit of an index query's first read (ftsCandidates+1).
const FTSLimit = ftsCandidates + 1

// FTSInOrder and FTSRows read the first limit matches of expr in rowid
// order as one row (ftsInOrder) and a row each (ftsQuery).
func (ix *Index) FTSInOrder(ctx context.Context, req *Request, expr string, limit int) ([]int64, error) {
	return ix.ftsInOrder(ctx, req, expr, limit)
}

func (ix *Index) FTSRows(ctx context.Context, req *Request, expr string, limit int) ([]int64, error) {
	const inOrder = `SELECT s.rowid FROM search_name s %s WHERE search_name MATCH ? %s ORDER BY s.rowid LIMIT ?`
	return ix.ftsQuery(ctx, req, expr, inOrder, limit)
}

// SearchCountingFTS is Search that also returns how many index queries
// (fts) it ran and how many distinct ones it asked for. Not concurrent.
func (ix *Index) SearchCountingFTS(ctx context.Context, req Request) (places []Place, runs, distinct int, err error) {
	req.ftsSeen = map[string][]int64{}
	before := ix.ftsRuns.Load()
	places, err = ix.Search(ctx, req)
	return places, int(ix.ftsRuns.Load() - before), len(req.ftsSeen), err
}

// SearchCountingRows is Search (SearchReadingAll with all) that also
// returns how many candidate rows it read. Not concurrent.
func (ix *Index) SearchCountingRows(ctx context.Context, req Request, all bool) ([]Place, int, error) {
	req.readAll = all
	before := ix.candRows.Load()
	places, err := ix.Search(ctx, req)
	return places, int(ix.candRows.Load() - before), err
}
