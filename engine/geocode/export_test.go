package geocode

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"waymark/engine/geocode/complete"

	"github.com/paulmach/orb"
)

// RevHousesSQL exposes the street-houses query for the query-plan test.
const RevHousesSQL = revHousesSQL

// CountryParentsSQL and LinesSQL expose queries for the query-plan test.
const (
	CountryParentsSQL = countryParentsSQL
	LinesSQL          = linesSQL
	CategorySQL       = categorySQL
)

// FullNameExpr exposes the full-name MATCH expression of a free-text query.
func FullNameExpr(q string) string { return fullNameExpr(plan{phrases: splitPhrases(q)}) }

// DecodeTags exposes decodeTags for its comparison with encoding/json.
var DecodeTags = decodeTags

// ScannedPlace is what scanPlaces gives of a place, for tests.
type ScannedPlace struct {
	ID, Rank                     int64
	Class, Type, Country, Linked string
	Importance, Lat, Lon         float64
}

// ScanPlaces returns what scanPlaces gives of every place of db, read from
// place_rows (rows) or from the places view.
func ScanPlaces(ctx context.Context, db *sql.DB, rows bool) ([]ScannedPlace, error) {
	var out []ScannedPlace
	var mu sync.Mutex
	err := scanPlacesFrom(ctx, db, rows, func(d docAttrs, imp, lat, lon float64) {
		mu.Lock()
		defer mu.Unlock()
		out = append(out, ScannedPlace{d.id, int64(d.rankAddress), d.class, d.typ, d.country, d.linkedPlace, imp, lat, lon})
	})
	return out, err
}

// NearbyPoint is one place of a NearbyIndex, for tests.
type NearbyPoint struct {
	ID                  int64
	Class, Type, Linked string
	Importance          float32
	Point               [2]float64
}

// NearbyPoints returns the places of the nearby index of ix's pack read
// from place_rows (rows) or from the places view, in the index's order.
func NearbyPoints(ctx context.Context, ix *Index, rows bool) ([]NearbyPoint, error) {
	n, err := newNearbyIndex(ctx, ix, rows)
	if err != nil {
		return nil, err
	}
	out := make([]NearbyPoint, len(n.ids))
	for i := range out {
		k := n.kinds[n.kind[i]]
		out[i] = NearbyPoint{n.ids[i], k.class, k.typ, k.linkedPlace, n.imp[i], n.grid.Point(i)}
	}
	return out, nil
}

// WaitRevSkip waits for the reverse skip set (revskip.go) and reports
// whether it loaded; SetRevSkip drops it (false) or loads it again (true).
func (ix *Index) WaitRevSkip() bool {
	ix.loading.Wait()
	return ix.revSkip.Load() != nil
}

func (ix *Index) SetRevSkip(on bool) {
	ix.revSkip.Store(nil)
	if on {
		loadRevSkip(context.Background(), ix.db, &ix.revSkip)
	}
}

// RevSkipSQL exposes the skip set's query.
const RevSkipSQL = revSkipSQL

// ReverseIndexCentroid returns the centroid of candidate i of ri.
func ReverseIndexCentroid(ri *ReverseIndex, i int) orb.Point { return ri.cents[i] }

// PlaceNodeNear returns the id (0: none) of the place node reverse picks
// near pt (placeNodes.near), and the one a scan of every node in the
// pack's order picks, as reverse did before the index.
func PlaceNodeNear(ix *Index, pt orb.Point, areaRank, maxRank int, areaGeom orb.Geometry) (got, scan int64) {
	if h := ix.placeNodes.near(pt, areaRank, maxRank, areaGeom); h != nil {
		got = h.id
	}
	type ranked struct {
		placeNode
		rank int
	}
	var all []ranked
	for rank, nodes := range ix.placeNodes.byRank {
		for _, n := range nodes {
			all = append(all, ranked{n, rank})
		}
	}
	slices.SortFunc(all, func(a, b ranked) int { return a.ord - b.ord })
	var best *ranked
	var bestDist float64
	for i, n := range all {
		if n.rank <= areaRank || n.rank > maxRank {
			continue
		}
		d := distDegPlanar(n.centroid, pt)
		if d >= placeDiameter(n.rank) || (areaGeom != nil && distanceDeg(areaGeom, n.centroid) != 0) {
			continue
		}
		if best == nil || n.rank > best.rank || n.rank == best.rank && d < bestDist {
			best, bestDist = &all[i], d
		}
	}
	if best != nil {
		scan = best.id
	}
	return got, scan
}

// PlaceNodeCentroids returns the centroids of the index's place nodes.
func PlaceNodeCentroids(ix *Index) []orb.Point {
	var out []orb.Point
	for _, nodes := range ix.placeNodes.byRank {
		for _, n := range nodes {
			out = append(out, n.centroid)
		}
	}
	return out
}

// CategoryInBox exposes categoryInBox for its comparison with categorySQL.
func (ix *Index) CategoryInBox(ctx context.Context, class, typ string, box orb.Bound) ([]int64, error) {
	return ix.categoryInBox(ctx, Category{class, typ}, box)
}

// WriteCompleteIndexParts is WriteCompleteIndex storing parts of partSize
// bytes.
func WriteCompleteIndexParts(ctx context.Context, tx *sql.Tx, textTable string, rowBits uint, partSize int) error {
	return writeCompleteIndex(ctx, tx, textTable, rowBits, partSize)
}

// WriteCompleteIndexInMemory stores the autocomplete index as
// WriteCompleteIndex did before it streamed: every document read into
// memory, complete.BuildGroups, AppendBinary, the bytes cut into parts of
// partSize. The reference the streaming writer's bytes are compared with.
func WriteCompleteIndexInMemory(ctx context.Context, tx *sql.Tx, textTable string, rowBits uint, partSize int) error {
	rowPlace := fmt.Sprintf(`(s.rowid & %d)`, int64(1)<<rowBits-1)
	groupOf, groups, err := completeGroups(ctx, tx, true)
	if err != nil {
		return err
	}
	var heads []byte
	var cdocs []complete.Doc
	prev := int64(0)
	if err := completeDocs(ctx, tx, textTable, rowPlace, groupOf, func(d docAttrs, cd *complete.Doc) error {
		x := d.id - prev
		v := uint64(x<<1^x>>63) << 1
		if d.postcode {
			v |= 1
		}
		heads = binary.AppendUvarint(heads, v)
		prev = d.id
		cdocs = append(cdocs, *cd)
		return nil
	}); err != nil {
		return err
	}
	b := binary.AppendUvarint(nil, uint64(len(cdocs)))
	b = append(b, heads...)
	b = complete.BuildGroups(cdocs, groups).AppendBinary(b)
	if _, err := tx.ExecContext(ctx, `CREATE TABLE autocomplete(part INTEGER PRIMARY KEY, data BLOB NOT NULL)`); err != nil {
		return err
	}
	for part := 0; len(b) > 0; part++ {
		n := min(len(b), partSize)
		if _, err := tx.ExecContext(ctx, `INSERT INTO autocomplete(part, data) VALUES(?, ?)`, part, b[:n]); err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}
