package geocode

// candidates.go: the rows of search candidates, read in up to three
// steps. A query at country scale finds ~100 candidates and returns ten:
// ranking reads a dozen columns of a candidate (candidateRecords), and only
// the results are read whole (complete, before finish). Where the answer
// is ranked by score (no query coordinate), a candidate's score is never
// below minus its importance, so the rows are read best bound first, a
// batch at a time, until the candidates left cannot change the answer
// (lazy.go): the 64 places of one name in a 64-copy pack cost the few that
// make the answer, not 64 rows.

import (
	"context"
	"database/sql"
	"fmt"
)

// candidatesSQL reads what ranking a candidate needs.
const candidatesSQL = `SELECT place_id, class, type, names, housenumber, postcode, country_code,
	rank_search, rank_address, importance, lat, lon
	FROM places WHERE place_id IN (SELECT value FROM json_each(?))`

// boundsSQL reads what the bound of a candidate's score needs (candBound).
const boundsSQL = `SELECT place_id, rank_search, importance
	FROM places WHERE place_id IN (SELECT value FROM json_each(?))`

// candidateRecords loads the ranking columns of ids, keyed by place id;
// the records are slim until complete reads the rest. Records loaded with
// the same names (one per query: batches share their namesID numbering)
// share their decoded names.
func (ix *Index) candidateRecords(ctx context.Context, ids []int64, names namesMemo) (map[int64]*record, error) {
	out := make(map[int64]*record, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	ix.candRows.Add(int64(len(ids)))
	rows, err := ix.stCands.QueryContext(ctx, idList(ids))
	if err != nil {
		return nil, fmt.Errorf("geocode: load candidates: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r := &record{slim: true}
		var rawNames sql.RawBytes
		if err := rows.Scan(&r.PlaceID, &r.Class, &r.Type, &rawNames, &r.HouseNumber, &r.Postcode, &r.CountryCode,
			&r.RankSearch, &r.RankAddress, &r.Importance, &r.Centroid[1], &r.Centroid[0]); err != nil {
			return nil, fmt.Errorf("geocode: load candidates: %w", err)
		}
		names.set(r, rawNames)
		out[r.PlaceID] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: load candidates: %w", err)
	}
	return out, nil
}

// candidateBounds loads the bounds of ids (minus their calculated
// importance, their rank_search) in no particular order; ids without a
// place row have none.
func (ix *Index) candidateBounds(ctx context.Context, ids []int64) ([]candBound, error) {
	rows, err := ix.stBounds.QueryContext(ctx, idList(ids))
	if err != nil {
		return nil, fmt.Errorf("geocode: load candidate bounds: %w", err)
	}
	defer rows.Close()
	out := make([]candBound, 0, len(ids))
	for rows.Next() {
		var p Place
		if err := rows.Scan(&p.PlaceID, &p.RankSearch, &p.Importance); err != nil {
			return nil, fmt.Errorf("geocode: load candidate bounds: %w", err)
		}
		out = append(out, candBound{id: p.PlaceID, low: -CalculatedImportance(&p), rankSearch: p.RankSearch})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: load candidate bounds: %w", err)
	}
	return out, nil
}

// complete replaces the slim records of recs with whole ones, keeping
// their ranking (Penalty, Score) and order.
func (ix *Index) complete(ctx context.Context, recs []*record) error {
	var ids []int64
	for _, r := range recs {
		if r.slim {
			ids = append(ids, r.PlaceID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	whole, err := ix.records(ctx, ids)
	if err != nil {
		return err
	}
	for i, r := range recs {
		if !r.slim {
			continue
		}
		w := whole[r.PlaceID]
		if w == nil {
			return fmt.Errorf("geocode: place %d vanished from the pack", r.PlaceID)
		}
		w.Penalty, w.Score = r.Penalty, r.Score
		recs[i] = w
	}
	return nil
}

// namesMemo decodes the names of records loaded together: records with
// equal names share one decoded map and a namesID (the copies of a town's
// forty translations, a street name in many towns), so scoring handles
// each distinct name list once.
type namesMemo map[string]namesEntry

type namesEntry struct {
	m  map[string]string
	id int32
}

// set gives r the names of the JSON object raw (a postcode area without
// names is named by its postcode).
func (nm namesMemo) set(r *record, raw []byte) {
	d, ok := nm[string(raw)]
	if !ok {
		d = namesEntry{decodeTags(string(raw)), int32(len(nm) + 1)}
		nm[string(raw)] = d
	}
	r.Names, r.namesID = d.m, d.id
	if len(r.Names) == 0 && r.Class == "place" && r.Type == "postcode" && r.Postcode != "" {
		r.Names, r.namesID = map[string]string{"ref": r.Postcode}, 0
	}
}
