package geocode_test

import (
	"context"
	"fmt"
	"testing"

	"waymark/engine/geocode"
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
