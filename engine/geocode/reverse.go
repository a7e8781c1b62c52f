package geocode

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/paulmach/orb"
	"waymark/engine/geocode/placegeom"
)

// ReverseRequest asks for the place at a point.
type ReverseRequest struct {
	Point orb.Point // [lon, lat]
	// Zoom 0..18 picks the most detailed rank returned (see ZoomRank).
	Zoom int
	// Layers restricts the result (0: address and poi, Nominatim's default).
	Layers Layer
	Output
}

// zoomRanks is Nominatim's REVERSE_MAX_RANKS: the highest rank_address
// returned at each zoom: 0-2 continent (answered with the country), 3-4
// country, 5 state, 6-7 region, 8-9 county, 10 city, 11 city/town, 12 town,
// 13 village/suburb, 14 hamlet/neighbourhood, 15 locality, 16 major
// streets, 17 minor streets, 18 building/POI/address.
var zoomRanks = [19]int{2, 2, 2, 4, 4, 8, 10, 10, 12, 12, 16, 17, 18, 19, 22, 25, 26, 27, 30}

// ZoomRank returns the highest rank reverse geocoding returns at zoom
// (clamped to 0..18).
func ZoomRank(zoom int) int {
	return zoomRanks[max(0, min(18, zoom))]
}

// Reverse distances, in degrees, as Nominatim.
const (
	streetReach = 0.006 // closest street or POI
	houseReach  = 0.001 // house number of the street found
	poiInside   = 0.0001
)

// revHit is a reverse candidate with its planar distance in degrees.
type revHit struct {
	id   int64
	dist float64
	rank int // rank_search (area stage)
	// geom is the place's geometry when the stage that found it decoded
	// it (the street/POI stage), else nil.
	geom orb.Geometry
	// entry is the candidate's number in the reverse index that found it
	// (ReverseIndex.near).
	entry int32
}

// Reverse returns the place at req.Point: the closest address, POI or
// street within ~600 m for zoom >= 16 (a house number of the closest
// street when one is within ~100 m), else the most detailed address area
// containing the point (or place node within reach) up to the zoom's rank,
// else the country. Distance is set in meters. It returns ErrNotFound when
// nothing qualifies (open sea, outside the pack).
func (ix *Index) Reverse(ctx context.Context, req ReverseRequest) (*Place, error) {
	pt := req.Point
	maxRank := ZoomRank(req.Zoom)
	layers := req.Layers
	if layers == 0 {
		layers = LayerAddress | LayerPOI
	}
	var hit *revHit
	var err error
	if maxRank >= 26 {
		if hit, err = ix.streetOrPOI(ctx, pt, maxRank, layers); err != nil {
			return nil, err
		}
	}
	if hit == nil && maxRank > 4 {
		if layers&LayerAddress != 0 {
			if hit, err = ix.areaAt(ctx, pt, maxRank); err != nil {
				return nil, err
			}
		}
		if features := layers & (LayerRailway | LayerNatural | LayerManmade); features != 0 {
			other, err := ix.featureAreaAt(ctx, pt, maxRank, features)
			if err != nil {
				return nil, err
			}
			if hit == nil || other != nil && hit.rank < other.rank {
				hit = other
			}
		}
	}
	if hit == nil && layers&LayerAddress != 0 {
		if hit, err = ix.countryAt(ctx, pt); err != nil {
			return nil, err
		}
	}
	if hit == nil {
		return nil, ErrNotFound
	}
	recs, err := ix.records(ctx, []int64{hit.id})
	if err != nil {
		return nil, err
	}
	r := recs[hit.id]
	if r == nil {
		return nil, ErrNotFound
	}
	places, err := ix.finish(ctx, []*record{r}, req.Output)
	if err != nil {
		return nil, err
	}
	p := places[0]
	if p.OSMType == "way" || p.OSMType == "relation" {
		// Nominatim reports the point of a line-like result closest to
		// the query point as its centroid.
		g := hit.geom
		if g == nil {
			geoms, err := ix.geometries(ctx, []int64{hit.id}, 0)
			if err != nil {
				return nil, err
			}
			g = geoms[hit.id]
		}
		if isLine(g) {
			p.Centroid = closestPoint(g, pt)
		}
	}
	if hit.dist == 0 {
		p.Distance = 0
	} else {
		p.Distance = DegreesToMeters(hit.dist, pt[1])
	}
	return &p, nil
}

// DegreesToMeters converts a planar distance in degrees near latitude lat to
// meters (the mean of the latitude and longitude scales), as reverse
// distances are measured.
func DegreesToMeters(d, lat float64) float64 {
	return d * metersPerDegree * (1 + math.Cos(lat*math.Pi/180)) / 2
}

// revRow is what the street/POI stage needs of a candidate.
type revRow struct {
	id                      int64
	osmType, class          string
	rankAddress, rankSearch int
	housenumber             string
	housename               bool
	parent                  int64
	centroid                orb.Point
	geom                    orb.Geometry
	decoded                 bool // geom is the row's geometry, not its centroid
	dist                    float64
}

// streetOrPOI is Nominatim's lookup_street_poi. Unnamed streets are
// skipped (Nominatim does not import them as places).
//
// It reads the R*Tree boxes near the point, orders them by their distance
// lower bound, and loads rows (with geometry) in small batches only until
// no closer candidate can remain, so dense towns cost a few rows, not all.
// It looks within revReaches in turn, up to streetReach, and stops at
// the first reach that settles the answer: in a town the closest
// candidates are a few meters away, and reading every box within
// streetReach (600 m) was a third of the time of a reverse.
//
// With the pack's reverse index loaded (reverse_index.go), the boxes,
// rows and house numbers are read from it instead of SQLite.
func (ix *Index) streetOrPOI(ctx context.Context, pt orb.Point, maxRank int, layers Layer) (*revHit, error) {
	ri := ix.rev.Load()
	load := func(hits []revHit) ([]*revRow, error) {
		ids := make([]int64, len(hits))
		for k, h := range hits {
			ids[k] = h.id
		}
		return ix.revCandidates(ctx, ix.stRevRows, pt, idList(ids))
	}
	if ri != nil {
		load = func(hits []revHit) ([]*revRow, error) { return ri.rows(pt, hits), nil }
	}
	var ok []*revRow
	for _, reach := range revReaches {
		var boxes []revHit
		var err error
		if ri != nil {
			boxes = ri.near(pt, reach)
		} else if boxes, err = ix.nearBoxes(ctx, pt, reach); err != nil {
			return nil, err
		}
		var settled bool
		if ok, settled, err = closestRows(pt, boxes, reach, maxRank, layers, load); err != nil {
			return nil, err
		} else if settled {
			break
		}
	}
	var best *revRow
	if len(ok) > 0 {
		best = ok[0]
		if !(best.rankSearch <= 27 || best.osmType == "N" || best.dist > 0) && len(ok) > 1 {
			// Inside an area POI: a POI node right there wins.
			if n := ok[1]; n.rankSearch > 27 && n.osmType == "N" && n.dist < poiInside {
				best = n
			}
		}
	}
	if best == nil {
		return nil, nil
	}
	if maxRank > 27 && layers&LayerAddress != 0 && best.rankAddress <= 27 {
		if ri != nil {
			if h := ri.house(pt, best.id); h != nil {
				return h.hit(), nil
			}
		} else if h, err := ix.houseOfStreet(ctx, pt, best.id); err != nil {
			return nil, err
		} else if h != nil {
			return h, nil
		}
	}
	return best.hit(), nil
}

// nearBoxes returns the places_rtree entries of rank 26..30 within reach
// degrees of pt, ordered by the distance from pt to their box (a lower
// bound of the distance to their geometry).
func (ix *Index) nearBoxes(ctx context.Context, pt orb.Point, reach float64) ([]revHit, error) {
	st, skip := ix.stRevBoxes, ix.revSkip.Load()
	if skip != nil {
		st = ix.stRevAllBoxes // filtered by skip instead (revskip.go)
	}
	rows, err := st.QueryContext(ctx, pt[0]-reach, pt[0]+reach, pt[1]-reach, pt[1]+reach)
	if err != nil {
		return nil, fmt.Errorf("geocode: reverse: %w", err)
	}
	defer rows.Close()
	var out []revHit
	for rows.Next() {
		var h revHit
		var minLon, maxLon, minLat, maxLat float64
		if err := rows.Scan(&h.id, &minLon, &maxLon, &minLat, &maxLat); err != nil {
			return nil, fmt.Errorf("geocode: reverse: %w", err)
		}
		if skip != nil && skip.has(h.id) {
			continue
		}
		dx := max(minLon-pt[0], 0, pt[0]-maxLon)
		dy := max(minLat-pt[1], 0, pt[1]-maxLat)
		h.dist = math.Hypot(dx, dy)
		if h.dist <= reach {
			out = append(out, h)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("geocode: reverse: %w", err)
	}
	slices.SortFunc(out, func(a, b revHit) int { return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.id, b.id)) })
	return out, nil
}

// revReaches are the reaches streetOrPOI looks within, in degrees: ~100
// m, then all of streetReach. (Three steps, 50 m, 150 m and 600 m, were
// as fast in towns but 25-30% slower than one at random points of LI,
// mostly far from any road; two are 5-10% slower there.)
var revReaches = [...]float64{0.001, streetReach}

// closestRows loads the rows of boxes (all boxes within reach of pt, by
// distance) with load until none can beat the two closest found (the
// inside-area rule looks at two) and returns those that qualify, closest
// first (ties by place id). settled reports that no box beyond reach
// could change the two closest: reach is streetReach, or they lie within
// reach. Which boxes share a batch does not change the two closest, so
// the answer does not depend on the boxes beyond them.
func closestRows(pt orb.Point, boxes []revHit, reach float64, maxRank int, layers Layer, load func([]revHit) ([]*revRow, error)) (ok []*revRow, settled bool, err error) {
	const batch = 24
	limit := func() float64 {
		l := ok[0].dist + poiInside
		if len(ok) > 1 {
			l = max(l, ok[1].dist)
		}
		return l
	}
	for start := 0; start < len(boxes); start += batch {
		if len(ok) > 0 && boxes[start].dist > limit() {
			return ok, true, nil
		}
		rows, err := load(boxes[start:min(len(boxes), start+batch)])
		if err != nil {
			return nil, false, err
		}
		for _, r := range rows {
			if r.dist > streetReach || (isArea(r.geom) && distDegPlanar(r.centroid, pt) >= streetReach) {
				continue
			}
			if !reverseRestrict(r, maxRank, layers) {
				continue
			}
			ok = append(ok, r)
		}
		slices.SortFunc(ok, func(a, b *revRow) int {
			return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.id, b.id))
		})
	}
	return ok, reach >= streetReach || len(ok) > 0 && limit() <= reach, nil
}

// reverseRestrict is the layer/rank filter of Nominatim's reverse for the
// street/POI stage.
func reverseRestrict(r *revRow, maxRank int, layers Layer) bool {
	if layers&LayerAddress != 0 {
		if r.rankAddress >= 26 && r.rankAddress <= min(29, maxRank) {
			return true
		}
		if maxRank == 30 && r.rankAddress == 30 && (r.housenumber != "" || r.housename) {
			return true
		}
	}
	if layers&LayerPOI != 0 && maxRank == 30 && r.rankSearch == 30 &&
		r.class != "place" && r.class != "building" && !isLine(r.geom) {
		return true
	}
	if layers&(LayerRailway|LayerNatural|LayerManmade) != 0 && r.rankSearch >= 26 &&
		r.rankSearch <= maxRank && r.rankAddress == 0 &&
		(layers&(LayerRailway|LayerNatural|LayerManmade)).matches(r.class, 0, false) {
		return true
	}
	return false
}

// houseOfStreet is the closest address point on street within houseReach.
func (ix *Index) houseOfStreet(ctx context.Context, pt orb.Point, street int64) (*revHit, error) {
	rows, err := ix.revCandidates(ctx, ix.stRevHouses, pt,
		street, pt[0]-houseReach, pt[0]+houseReach, pt[1]-houseReach, pt[1]+houseReach)
	if err != nil {
		return nil, err
	}
	var best *revRow
	for _, r := range rows {
		if r.dist > houseReach || (r.housenumber == "" && !r.housename) {
			continue
		}
		if best == nil || r.dist < best.dist {
			best = r
		}
	}
	if best == nil {
		return nil, nil
	}
	return best.hit(), nil
}

// hit returns the row as a result, with its geometry when it decoded.
func (r *revRow) hit() *revHit {
	h := &revHit{id: r.id, dist: r.dist}
	if r.decoded {
		h.geom = r.geom
	}
	return h
}

// revCandidates runs a candidate query and computes each row's distance.
func (ix *Index) revCandidates(ctx context.Context, st *sql.Stmt, pt orb.Point, args ...any) ([]*revRow, error) {
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, fmt.Errorf("geocode: reverse: %w", err)
	}
	defer rows.Close()
	var out []*revRow
	for rows.Next() {
		r := &revRow{}
		var blob []byte
		if err := rows.Scan(&r.id, &r.osmType, &r.class, &r.rankAddress, &r.rankSearch, &r.housenumber,
			&r.housename, &r.parent, &r.centroid[1], &r.centroid[0], &blob); err != nil {
			return nil, fmt.Errorf("geocode: reverse: %w", err)
		}
		if g, err := placegeom.Decode(blob); err == nil {
			r.geom, r.decoded = g, true
		} else {
			r.geom = r.centroid
		}
		r.dist = distanceDeg(r.geom, pt)
		out = append(out, r)
	}
	return out, rows.Err()
}

func distDegPlanar(a, b orb.Point) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

// areaGeoms caches decoded address area polygons (bounded by the number
// of address areas of rank <= 25 in the pack).
type areaCache struct {
	m sync.Map // place_id -> orb.Geometry
}

func (ix *Index) areaGeometry(ctx context.Context, id int64) (orb.Geometry, error) {
	if g, ok := ix.areas.m.Load(id); ok {
		return g.(orb.Geometry), nil
	}
	var blob []byte
	if err := ix.db.QueryRowContext(ctx, `SELECT geometry FROM address_areas WHERE place_id = ?`, id).Scan(&blob); err != nil {
		return nil, fmt.Errorf("geocode: area %d: %w", id, err)
	}
	g, err := placegeom.Decode(blob)
	if err != nil {
		g = orb.Polygon{}
	}
	ix.areas.m.Store(id, g)
	return g, nil
}

// areasAtSQL selects the address areas whose box holds a point (min and
// max longitude, then latitude, given as the point's) of rank_search
// between two values, in containingArea's order.
const areasAtSQL = `SELECT a.place_id, a.rank_search FROM address_areas_rtree r
	JOIN address_areas a ON a.place_id = r.id
	WHERE r.min_lon <= ? AND r.max_lon >= ? AND r.min_lat <= ? AND r.max_lat >= ?
	AND a.rank_address BETWEEN 4 AND 25 AND a.rank_search BETWEEN ? AND ?
	ORDER BY a.rank_search DESC, a.area`

// containingArea returns the first address area (rank_address 4..25,
// rank_search between minRank and maxRank) containing pt, highest
// rank_search first, then smallest; ok is false when none does. Only the
// boxes around pt are read, and polygons are tested in that order until
// one contains pt (a country's polygon, the largest, is rarely tested).
func (ix *Index) containingArea(ctx context.Context, pt orb.Point, minRank, maxRank int) (id int64, rank int, ok bool, err error) {
	rows, err := ix.stAreas.QueryContext(ctx, pt[0], pt[0], pt[1], pt[1], minRank, maxRank)
	if err != nil {
		return 0, 0, false, fmt.Errorf("geocode: reverse areas: %w", err)
	}
	type cand struct {
		id   int64
		rank int
	}
	var cands []cand
	for rows.Next() {
		var c cand
		if err := rows.Scan(&c.id, &c.rank); err != nil {
			rows.Close()
			return 0, 0, false, fmt.Errorf("geocode: reverse areas: %w", err)
		}
		cands = append(cands, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, false, fmt.Errorf("geocode: reverse areas: %w", err)
	}
	for _, c := range cands {
		g, err := ix.areaGeometry(ctx, c.id)
		if err != nil {
			return 0, 0, false, err
		}
		if distanceDeg(g, pt) == 0 {
			return c.id, c.rank, true, nil
		}
	}
	return 0, 0, false, nil
}

// areaAt is Nominatim's _lookup_area_address: the most detailed address
// area containing pt up to maxRank, replaced by a more detailed place node
// inside it within that node's reach.
func (ix *Index) areaAt(ctx context.Context, pt orb.Point, maxRank int) (*revHit, error) {
	id, rank, found, err := ix.containingArea(ctx, pt, 5, maxRank)
	if err != nil {
		return nil, err
	}
	var area *revHit
	areaRank := 4
	var areaGeom orb.Geometry
	if found {
		area = &revHit{id: id, rank: rank}
		areaRank = rank
		if areaGeom, err = ix.areaGeometry(ctx, id); err != nil {
			return nil, err
		}
	}
	if areaRank >= maxRank {
		return area, nil
	}
	if best := ix.placeNodes.near(pt, areaRank, maxRank, areaGeom); best != nil {
		return best, nil
	}
	return area, nil
}

// featureAreaAt is Nominatim's _lookup_area_others: the named feature of
// the requested layers (rank_address 0, rank_search 5..maxRank) whose area
// contains pt, or whose line or point lies within the reach of its search
// rank (reverse_place_diameter: 0.04° for rivers, 0.08° for peaks, 0.02°
// for streams and smaller features), highest rank_search first, then
// closest. Candidates are looked up in the box of the reach of rank
// min(maxRank, 19), so a feature of a lower rank is found within that box
// only. Nominatim's API tests on the LI extract need more than a fixed
// 0.007°: the river expected at 47.08293,9.57109 (zoom 13) is 0.015° away.
func (ix *Index) featureAreaAt(ctx context.Context, pt orb.Point, maxRank int, layers Layer) (*revHit, error) {
	reach := placeDiameter(min(maxRank, 19))
	rows, err := ix.revCandidates(ctx, ix.stRevFeatures, pt, pt[0]-reach, pt[0]+reach,
		pt[1]-reach, pt[1]+reach, maxRank)
	if err != nil {
		return nil, err
	}
	var best *revRow
	for _, r := range rows {
		if !layers.matches(r.class, 0, false) || (isArea(r.geom) && r.dist > 0) || r.dist >= placeDiameter(r.rankSearch) {
			continue
		}
		if best == nil || r.rankSearch > best.rankSearch || r.rankSearch == best.rankSearch && r.dist < best.dist {
			best = r
		}
	}
	if best == nil {
		return nil, nil
	}
	return &revHit{id: best.id, dist: best.dist, rank: best.rankSearch}, nil
}

// countryAt returns the country area containing pt.
func (ix *Index) countryAt(ctx context.Context, pt orb.Point) (*revHit, error) {
	id, _, found, err := ix.containingArea(ctx, pt, 0, 4)
	if err != nil || !found {
		return nil, err
	}
	return &revHit{id: id}, nil
}
