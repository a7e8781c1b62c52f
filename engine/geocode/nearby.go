package geocode

// nearby.go: places around a point (spec 4.6). The points of every place
// nearby may return are kept in memory in a grid (package pointgrid), so a
// query reads no table until it assembles its few results: only places
// whose single location point (places.lat/lon) lies within the radius by the
// haversine distance are returned, as the spec requires, nearest first.

import (
	"context"
	"database/sql"
	"fmt"
	"sort"

	"github.com/paulmach/orb"

	"waymark/engine/geocode/pointgrid"
	"waymark/engine/geocode/tagfilter"
)

// NearbyQuery is one nearby request.
type NearbyQuery struct {
	// Point is the centre, [lon, lat] degrees.
	Point orb.Point
	// Radius in meters (> 0).
	Radius float64
	// Tag filters by OSM class/type (zero: every place).
	Tag tagfilter.Filter
	// Limit is the maximum number of places (before deduplication).
	Limit int
	// Dedupe drops later places standing for the same real-world place.
	Dedupe bool
	// Output selects languages and extras of the records.
	Output Output
}

// NearbyIndex holds the location point and kind of every place Nearby can
// return, for one pack. Build it once with NewNearbyIndex; it is safe for
// concurrent use.
//
// Places considered: named places of every class, and unnamed points of
// interest (an ATM or a parking lot often has no name); not plain
// addresses, unnamed buildings or roads, postcode centroids, rows linked to
// a boundary (the boundary stands for them and also matches tag
// place:<type> of its place node), or interpolated house numbers.
type NearbyIndex struct {
	ix   *Index
	grid *pointgrid.Grid
	ids  []int64
	kind []uint32 // each place's kind, as its number in kinds
	imp  []float32
	// kinds are the distinct kinds of the places (a few hundred), so the
	// per-place arrays are flat (an image holds them as they are,
	// nearby_image.go).
	kinds []nearbyKind
}

// nearbyKind is what the tag filter needs of a place.
type nearbyKind struct {
	class, typ, linkedPlace string
}

// NewNearbyIndex loads the points of ix's pack.
func NewNearbyIndex(ctx context.Context, ix *Index) (*NearbyIndex, error) {
	var rowsTable int
	if err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = 'place_rows'`).Scan(&rowsTable); err != nil {
		return nil, fmt.Errorf("geocode: load nearby index: %w", err)
	}
	return newNearbyIndex(ctx, ix, rowsTable > 0)
}

// newNearbyIndex is NewNearbyIndex reading place_rows itself (format 5:
// kind numbers, integer coordinates converted as the places view does,
// the filters on class in Go; LI ×64 ~2× faster) or the places view.
func newNearbyIndex(ctx context.Context, ix *Index, fromRows bool) (*NearbyIndex, error) {
	n := &NearbyIndex{ix: ix}
	kindOf := map[nearbyKind]uint32{}
	var pts []orb.Point
	add := func(id int64, k nearbyKind, lat, lon, imp float64) {
		num, ok := kindOf[k]
		if !ok {
			num = uint32(len(n.kinds))
			kindOf[k] = num
			n.kinds = append(n.kinds, k)
		}
		n.ids = append(n.ids, id)
		n.kind = append(n.kind, num)
		n.imp = append(n.imp, float32(imp))
		pts = append(pts, orb.Point{lon, lat})
	}
	var err error
	if fromRows {
		err = nearbyFromRows(ctx, ix.db, add)
	} else {
		err = eachRow(ctx, ix.db, `SELECT place_id, class, type, lat, lon, importance,
				CASE WHEN class = 'boundary' THEN COALESCE(json_extract(extratags, '$.linked_place'), '') ELSE '' END
			FROM places
			WHERE linked_place_id = 0 AND interpolated = 0
			  AND NOT (class = 'place' AND type = 'postcode')
			  AND (name != '' OR class NOT IN ('place', 'building', 'highway', 'boundary'))`, func(r *sql.Rows) error {
			var id int64
			var k nearbyKind
			var lat, lon, imp float64
			if err := r.Scan(&id, &k.class, &k.typ, &lat, &lon, &imp, &k.linkedPlace); err != nil {
				return err
			}
			add(id, k, lat, lon, imp)
			return nil
		})
	}
	if err != nil {
		return nil, fmt.Errorf("geocode: load nearby index: %w", err)
	}
	n.grid = pointgrid.Build(pts)
	return n, nil
}

// nearbyFromRows calls add with every place of place_rows the places view
// query of newNearbyIndex selects, as that query gives it.
func nearbyFromRows(ctx context.Context, db querier, add func(id int64, k nearbyKind, lat, lon, imp float64)) error {
	kinds, err := placeKinds(ctx, db)
	if err != nil {
		return err
	}
	return eachRow(ctx, db, `SELECT place_id, kind, name != '', lat7, lon7, importance,
			CASE extratags WHEN '' THEN '' ELSE COALESCE(json_extract(extratags, '$.linked_place'), '') END
		FROM place_rows WHERE linked_place_id = 0 AND interpolated = 0`, func(r *sql.Rows) error {
		var id, kind, lat7, lon7 int64
		var named bool
		var imp float64
		var linked sql.RawBytes
		if err := r.Scan(&id, &kind, &named, &lat7, &lon7, &imp, &linked); err != nil {
			return err
		}
		ct, ok := kinds[kind]
		if !ok {
			return fmt.Errorf("place %d of kind %d not in place_kinds", id, kind)
		}
		class, typ := ct[0], ct[1]
		if class == "place" && typ == "postcode" {
			return nil
		}
		if !named && (class == "place" || class == "building" || class == "highway" || class == "boundary") {
			return nil
		}
		k := nearbyKind{class: class, typ: typ}
		if class == "boundary" {
			k.linkedPlace = string(linked)
		}
		add(id, k, float64(lat7*100)*1e-9, float64(lon7*100)*1e-9, imp)
		return nil
	})
}

// Len returns the number of indexed places.
func (n *NearbyIndex) Len() int { return len(n.ids) }

// nearbyHit is a place within the radius.
type nearbyHit struct {
	i    int
	dist float64
}

// Nearby returns the places whose point lies within q.Radius meters of
// q.Point, nearest first (ties: more important first), with Distance set in
// meters, cut to q.Limit and then deduplicated when asked.
func (n *NearbyIndex) Nearby(ctx context.Context, q NearbyQuery) ([]Place, error) {
	if q.Radius <= 0 || q.Limit <= 0 {
		return []Place{}, nil
	}
	closer := func(a, b nearbyHit) bool {
		if a.dist != b.dist {
			return a.dist < b.dist
		}
		if n.imp[a.i] != n.imp[b.i] {
			return n.imp[a.i] > n.imp[b.i]
		}
		return n.ids[a.i] < n.ids[b.i]
	}
	top := make([]nearbyHit, 0, q.Limit)
	n.grid.Within(q.Point, q.Radius, func(i int, d float64) {
		k := &n.kinds[n.kind[i]]
		if !q.Tag.IsZero() && !matchTag(q.Tag, k.class, k.typ, k.linkedPlace) {
			return
		}
		h := nearbyHit{i, d}
		if len(top) == q.Limit && !closer(h, top[len(top)-1]) {
			return
		}
		at := sort.Search(len(top), func(j int) bool { return closer(h, top[j]) })
		if len(top) < q.Limit {
			top = append(top, nearbyHit{})
		}
		copy(top[at+1:], top[at:len(top)-1])
		top[at] = h
	})
	ids := make([]int64, len(top))
	dist := make(map[int64]float64, len(top))
	for j, h := range top {
		ids[j] = n.ids[h.i]
		dist[ids[j]] = h.dist
	}
	places, err := n.ix.placesInOrder(ctx, ids, q.Output)
	if err != nil {
		return nil, err
	}
	for j := range places {
		places[j].Distance = dist[places[j].PlaceID]
	}
	if q.Dedupe {
		places = Dedupe(places)
	}
	return places, nil
}
