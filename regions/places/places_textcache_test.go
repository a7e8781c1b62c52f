package places

import (
	"fmt"
	"testing"

	"waymark/regions/extract"
)

// TestSearchTextCacheBounded: the search texts of streets and areas are
// cached (parents repeat in every address) but no more than textCacheMax
// of them, and a text made again after the cache was emptied is the same.
func TestSearchTextCacheBounded(t *testing.T) {
	street := &placeKind{class: "highway", typ: "residential"}
	b := &placeBuilder{}
	for i := range textCacheMax + 10 {
		p := &place{kind: street, nameTags: nameRef(extract.NewTagMap([]extract.TagPair{{Key: "name", Value: fmt.Sprintf("Landstrasse %d", i)}})), rankSearch: 26, rankAddress: 26}
		b.places = append(b.places, p)
	}
	first := b.searchText(0)
	if first == "" {
		t.Fatal("no search text for a named street")
	}
	for i := range b.places {
		b.searchText(int32(i))
		if len(b.textCache) > textCacheMax {
			t.Fatalf("cache holds %d texts after %d streets, want ≤ %d", len(b.textCache), i+1, textCacheMax)
		}
	}
	if _, ok := b.textCache[0]; ok {
		t.Fatal("the first street's text is still cached: the cache was never emptied")
	}
	if again := b.searchText(0); again != first {
		t.Errorf("text made again %q, was %q", again, first)
	}
}
