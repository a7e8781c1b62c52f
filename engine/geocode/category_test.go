package geocode_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// TestCategoryNameMatches: "Church Building" reads "church" as a category
// near a place named "Building", which has no church around it; then
// every name match of the whole query is an answer, the exact one first,
// not only the first of them in index order.
func TestCategoryNameMatches(t *testing.T) {
	ix, _ := liIndex(t)
	res, err := ix.Search(context.Background(), geocode.Request{Query: "Church Building", Limit: 40})
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, p := range res {
		got = append(got, p.OSMID)
	}
	want := []int64{692858157, 692858130, 692858155, 692858166, 692858205, 692858210}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf(`Search("Church Building") = ways %v, want %v (the church, then the five auxiliary buildings)`, got, want)
	}
}

// TestCategoryByImportance: a category anywhere ("[tourism=hotel]",
// "Hotel") reads its places' rows by importance only until the limit is
// settled, and answers as reading every row does: the commonest categories
// of the three packs and special phrases, at limits 1 to 50, with country
// codes, layers, excluded places and deduplication.
func TestCategoryByImportance(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		t.Run(name, func(t *testing.T) {
			path := testpacks.Path(t, name)
			ix, _ := openIndex(t, path)
			db := testpacks.DB(t, path)
			kinds := column[string](t, db, `SELECT '[' || class || '=' || type || ']' FROM places WHERE class IN ('amenity', 'tourism', 'shop', 'leisure')
				GROUP BY class, type HAVING count(*) >= 3 ORDER BY count(*) DESC LIMIT 40`)
			// special phrases, which also search names ("Hotel Adler")
			kinds = append(kinds, "Hotel", "hotels", "Church", "Restaurant", "restaurants", "Cafe", "Pharmacy",
				"School", "Parking", "Bank", "Museum", "Supermarket", "Fuel")
			top := column[int64](t, db, `SELECT place_id FROM places WHERE class = 'amenity' ORDER BY importance DESC LIMIT 3`)
			filters := []geocode.Request{{}, {CountryCodes: []string{"li"}}, {CountryCodes: []string{"mc", "ad"}},
				{Layers: geocode.LayerPOI}, {Layers: geocode.LayerAddress}, {Dedupe: true},
				{Exclude: map[int64]bool{top[0]: true, top[1]: true}}, {MinRank: 30, MaxRank: 30}}
			compared, cut := 0, 0
			for i, kind := range kinds {
				for j, limit := range []int{1, 3, 10, 50} {
					req := filters[(i+j)%len(filters)]
					req.Query, req.Limit = kind, limit
					want, werr := ix.SearchReadingAll(ctx, req)
					got, err := ix.Search(ctx, req)
					if fmt.Sprint(err) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
						t.Fatalf("%+v: %v\n%s\nreading every row (%v):\n%s", req, err, placeLines(got), werr, placeLines(want))
					}
					compared++
					if len(got) == limit {
						cut++
					}
				}
			}
			t.Logf("%d requests over %d categories the same, %d of them at their limit", compared, len(kinds), cut)
			if cut == 0 {
				t.Error("no request reached its limit")
			}
		})
	}
}
