package geocode

import (
	"context"
	"database/sql"
	"sync"
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
