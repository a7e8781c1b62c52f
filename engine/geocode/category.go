package geocode

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"waymark/engine/geocode/placegeom"
)

// categorySQL reads the places of a class and type in a box: an index
// lookup by class and type (places_kind on packs of format 5).
const categorySQL = `SELECT place_id FROM places
	WHERE class = ? AND type = ? AND linked_place_id = 0
	AND lon BETWEEN ? AND ? AND lat BETWEEN ? AND ? LIMIT ?`

// categoryScan bounds the places of one class/type examined per query.
const categoryScan = 5000

// lineReach is how far (degrees, ~300 m) from a street a category search
// "near" that street looks.
const lineReach = 0.003

// categoryCandidates finds places of p.cat: around the query coordinate
// (within p.radius), inside the place the rest of the query names (its
// area, near its line, or within its rank's radius), inside the viewbox,
// or anywhere (by importance). Candidates carry their distance in degrees
// from the center. center is false when they are not distance-ordered.
func (ix *Index) categoryCandidates(ctx context.Context, req *Request, p plan) (cands []*cand, center bool, err error) {
	cat := *p.cat
	var (
		box    orb.Bound
		origin orb.Point
		inside func(orb.Point) bool
	)
	switch {
	case p.near != nil:
		origin, center = *p.near, true
		box = boxAround(origin, p.radius)
		inside = func(pt orb.Point) bool { return distDeg(origin, pt) <= p.radius }
	case len(p.phrases) > 0:
		sub := *req
		sub.Viewbox, sub.Bounded, sub.MinRank, sub.MaxRank, sub.Layers = nil, false, 0, 0, 0
		found, err := ix.textCandidates(ctx, &sub, plan{phrases: p.phrases, countries: p.countries}, false)
		if err != nil {
			return nil, false, err
		}
		// The best match names the place; equal scores go to the lower
		// place id (import order), not to the FTS order of the hits.
		var best *cand
		for _, c := range found {
			s := c.penalty - importanceOf(c.rec)
			if best == nil || s < best.penalty-importanceOf(best.rec) ||
				s == best.penalty-importanceOf(best.rec) && c.rec.PlaceID < best.rec.PlaceID {
				best = c
			}
		}
		if best == nil {
			return nil, false, nil
		}
		origin, center = best.rec.Centroid, true
		var g orb.Geometry
		if best.rec.RankAddress > 0 && best.rec.RankAddress <= 25 {
			// Address areas are cached decoded (country polygons are big).
			if ag, err := ix.areaGeometry(ctx, best.rec.PlaceID); err == nil {
				g = ag
			}
		}
		if g == nil {
			if g, err = ix.geometry(ctx, best.rec.PlaceID); err != nil {
				return nil, false, err
			}
		}
		switch {
		case isArea(g):
			box = g.Bound()
			inside = func(pt orb.Point) bool { return distanceDeg(g, pt) == 0 }
		case isLine(g):
			box = g.Bound().Pad(lineReach)
			inside = func(pt orb.Point) bool { return planar.DistanceFrom(g, pt) <= lineReach }
		default:
			r := placeDiameter(best.rec.RankSearch)
			box = boxAround(origin, r)
			inside = func(pt orb.Point) bool { return distDeg(origin, pt) <= r }
		}
	case req.Viewbox != nil:
		box = *req.Viewbox
		origin, center = box.Center(), true
		inside = box.Contains
	default:
		if !req.readAll {
			cands, err := ix.categoryByImportance(ctx, req, cat)
			return cands, false, err
		}
		box = orb.Bound{Min: orb.Point{-180, -90}, Max: orb.Point{180, 90}}
		inside = func(orb.Point) bool { return true }
	}
	ids, err := ix.categoryInBox(ctx, cat, box)
	if err != nil {
		return nil, false, err
	}
	recs, err := ix.records(ctx, ids)
	if err != nil {
		return nil, false, err
	}
	for _, id := range ids {
		r := recs[id]
		if r == nil || !inside(r.Centroid) {
			continue
		}
		c := &cand{rec: r}
		if center {
			c.dist = distDeg(origin, r.Centroid)
		}
		cands = append(cands, c)
	}
	if !center {
		sort.Slice(cands, func(i, j int) bool { return importanceOf(cands[i].rec) > importanceOf(cands[j].rec) })
	}
	return cands, center, nil
}

// categoryBoxCap is the most places of a box read through the R*Tree to
// find those of a category (categoryInBox); a box holding more is read by
// category instead.
const categoryBoxCap = 8000

// boxPlacesSQL lists, as one row, the ids of up to ? places whose box meets
// a box (the R*Tree's: a superset of those whose point lies in it).
const boxPlacesSQL = `SELECT group_concat(id) FROM (SELECT id FROM places_rtree
	WHERE max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ? LIMIT ?)`

// categoryOfSQL keeps the places of a list that categorySQL would select,
// in place id order (categorySQL's, the order of its index).
const categoryOfSQL = `SELECT place_id FROM places WHERE place_id IN (SELECT value FROM json_each(?))
	AND class = ? AND type = ? AND linked_place_id = 0
	AND lon BETWEEN ? AND ? AND lat BETWEEN ? AND ? ORDER BY place_id LIMIT ?`

// categoryInBox returns the ids of the places of cat whose point lies in
// box, at most categoryScan, as categorySQL selects them: a box holding
// fewer places than the category ("parkings in Steg") is read through the
// R*Tree, the places of the box then checked for the category, instead of
// every place of the category (LI ×64: 23,000 parkings, 30 ms); a box of
// more (hotels in the half of the country), or of more than
// categoryBoxCap, is read by category.
func (ix *Index) categoryInBox(ctx context.Context, cat Category, box orb.Bound) ([]int64, error) {
	size, err := ix.categorySize(ctx, cat)
	if err != nil {
		return nil, err
	}
	limit := min(size, categoryBoxCap)
	var list sql.NullString
	if err := ix.db.QueryRowContext(ctx, boxPlacesSQL, box.Min[0], box.Max[0], box.Min[1], box.Max[1], limit+1).Scan(&list); err != nil {
		return nil, fmt.Errorf("geocode: category %s=%s: %w", cat.Class, cat.Type, err)
	}
	if n := strings.Count(list.String, ",") + 1; list.String == "" || n <= limit {
		if list.String == "" {
			return nil, nil
		}
		return ix.categoryIDs(ctx, categoryOfSQL, "["+list.String+"]", cat.Class, cat.Type, box.Min[0], box.Max[0], box.Min[1], box.Max[1], categoryScan)
	}
	return ix.categoryIDs(ctx, categorySQL, cat.Class, cat.Type, box.Min[0], box.Max[0], box.Min[1], box.Max[1], categoryScan)
}

// categorySize returns the number of places of cat (linked ones too),
// counted once per category.
func (ix *Index) categorySize(ctx context.Context, cat Category) (int, error) {
	if n, ok := ix.categorySizes.Load(cat); ok {
		return n.(int), nil
	}
	var n int
	if err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM places WHERE class = ? AND type = ?`, cat.Class, cat.Type).Scan(&n); err != nil {
		return 0, fmt.Errorf("geocode: category %s=%s: %w", cat.Class, cat.Type, err)
	}
	ix.categorySizes.Store(cat, n)
	return n, nil
}

// categoryIDs runs a query listing place ids.
func (ix *Index) categoryIDs(ctx context.Context, q string, args ...any) ([]int64, error) {
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("geocode: category: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("geocode: category: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: category: %w", err)
	}
	return ids, nil
}

// categoryImportanceSQL lists the places of a class and type with their
// calculated importance (CalculatedImportance), in the order search ranks
// them: most important first, then by search rank and place id.
const categoryImportanceSQL = `SELECT place_id, CASE WHEN importance > 0 THEN importance
	ELSE 0.40001 - rank_search / 75.0 END AS imp FROM places
	WHERE class = ? AND type = ? AND linked_place_id = 0 ORDER BY imp DESC, rank_search, place_id LIMIT ?`

// holds reports whether r is a place of category c, as categorySQL and
// categoryImportanceSQL select them.
func (c *Category) holds(r *record) bool {
	return r.Class == c.Class && r.Type == c.Type && r.linkedID == 0
}

// anywherePenalty is the penalty of a category's places when the query
// relates them to no place ("hotel"): they rank after name matches.
const anywherePenalty = 0.3

// categoryByImportance is categoryCandidates for a category anywhere
// ("hotel"): its places in rank order, their rows read in batches until
// the request's limit of them pass its filters; the unread ones rank after
// those. Reading every row ("hotel" at LI ×64: 3,200) took 33 ms.
func (ix *Index) categoryByImportance(ctx context.Context, req *Request, cat Category) ([]*cand, error) {
	rows, err := ix.db.QueryContext(ctx, categoryImportanceSQL, cat.Class, cat.Type, categoryScan)
	if err != nil {
		return nil, fmt.Errorf("geocode: category %s=%s: %w", cat.Class, cat.Type, err)
	}
	var ids []int64
	var imps []float64
	for rows.Next() {
		var id int64
		var imp float64
		if err := rows.Scan(&id, &imp); err != nil {
			rows.Close()
			return nil, fmt.Errorf("geocode: category: %w", err)
		}
		ids, imps = append(ids, id), append(imps, imp)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: category: %w", err)
	}
	var cands []*cand
	limit, kept, keptImp := req.limit(), 0, 0.0
	for start, batch := 0, 2*limit+8; start < len(ids); batch *= 2 {
		end := min(len(ids), start+batch)
		recs, err := ix.records(ctx, ids[start:end])
		if err != nil {
			return nil, err
		}
		for _, id := range ids[start:end] {
			r := recs[id]
			if r == nil {
				continue
			}
			cands = append(cands, &cand{rec: r})
			if req.keeps(r) {
				if kept++; kept == limit {
					keptImp = importanceOf(r)
				}
			}
		}
		start = end
		// Scores are the same penalty less the importance, and the list
		// is in rank order: an unread place ranks after the limit-th
		// kept one unless their scores tie although their importances
		// differ (by an ulp), which leaves the order to their ranks.
		if kept >= limit && start < len(ids) && (imps[start] == keptImp || anywherePenalty-imps[start] > anywherePenalty-keptImp) {
			break
		}
	}
	return cands, nil
}

// geometry loads one place's geometry (nil when it does not decode).
func (ix *Index) geometry(ctx context.Context, id int64) (orb.Geometry, error) {
	var blob []byte
	err := ix.db.QueryRowContext(ctx, `SELECT geometry FROM places WHERE place_id = ?`, id).Scan(&blob)
	if err != nil {
		return nil, fmt.Errorf("geocode: geometry of %d: %w", id, err)
	}
	g, err := placegeom.Decode(blob)
	if err != nil {
		return nil, nil
	}
	return g, nil
}

// boxAround returns the box of half-side r degrees (longitude widened by
// latitude) around pt.
func boxAround(pt orb.Point, r float64) orb.Bound {
	c := math.Cos(pt[1] * math.Pi / 180)
	dx := r
	if c > 0.01 {
		dx = r / c
	}
	return orb.Bound{Min: orb.Point{pt[0] - dx, pt[1] - r}, Max: orb.Point{pt[0] + dx, pt[1] + r}}
}

// placeDiameter is Nominatim's reverse_place_diameter: how far, in
// degrees, a place node of a search rank reaches.
func placeDiameter(rankSearch int) float64 {
	switch {
	case rankSearch <= 4:
		return 5.0
	case rankSearch <= 8:
		return 1.8
	case rankSearch <= 12:
		return 0.6
	case rankSearch <= 17:
		return 0.16
	case rankSearch <= 18:
		return 0.08
	case rankSearch <= 19:
		return 0.04
	}
	return 0.02
}
