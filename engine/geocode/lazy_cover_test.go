package geocode_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"testing"
	"time"

	"waymark/engine/geocode"
)

// TestLazyCoverFloor: on packs of many places sharing their names and
// importance, search with the floor under the penalty of the candidates
// it does not read (lazy_cover.go) answers exactly as reading the row of
// every candidate, for each query word, each pair, under each limit and
// dedupe; and the floor spares most rows of a query that names hundreds
// of places, most of them in part ("Vaduz": "Vaduz Lodor", ...).
func TestLazyCoverFloor(t *testing.T) {
	seed := time.Now().UnixNano()
	if s := os.Getenv("WAYMARK_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	t.Logf("seed %d (WAYMARK_SEED repeats it)", seed)
	rng := rand.New(rand.NewSource(seed))
	ctx := context.Background()
	queries := []string{"Kelomi", "Sankt", "Tador"}
	for _, a := range coverWords[1:] {
		queries = append(queries, a)
		for _, b := range []string{"Vaduz", "Lodor", "St"} {
			queries = append(queries, a+" "+b)
		}
	}
	for pk := range 2 {
		ix := sameNamesIndex(t, t.TempDir(), rng, 200, 600)
		var lazyRows, allRows int
		for _, q := range queries {
			for _, limit := range []int{1, 3, 10} {
				req := geocode.Request{Query: q, Limit: limit, Dedupe: rng.Intn(2) == 0}
				want, wrows, werr := ix.SearchCountingRows(ctx, req, true)
				got, rows, err := ix.SearchCountingRows(ctx, req, false)
				if err != nil || werr != nil {
					t.Fatalf("pack %d %+v: %v, reading every row %v", pk, req, err, werr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("pack %d %+v:\n%s\nreading every row:\n%s", pk, req, placeLines(got), placeLines(want))
				}
				if q == "Kelomi" && limit == 10 {
					lazyRows, allRows = rows, wrows
				}
			}
		}
		t.Logf("pack %d: %d queries, the same; \"Kelomi\" read %d rows of %d", pk, len(queries)*3, lazyRows, allRows)
		if allRows < 100 || lazyRows*3 > allRows {
			t.Errorf("pack %d: \"Kelomi\" read %d candidate rows of %d: the floor spared too few", pk, lazyRows, allRows)
		}
	}
}
