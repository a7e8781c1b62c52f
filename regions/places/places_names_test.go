package places

import (
	"testing"
	"unsafe"

	"waymark/regions/extract"
)

// TestShareNames gives places in memory with equal name tags one copy of
// them (and of the default name taken from them), keeps different ones
// apart, and stops sharing once collect is done.
func TestShareNames(t *testing.T) {
	c, err := newColdStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	b := &placeBuilder{cold: c, namesOf: map[extract.PackedTags]*extract.TagMap{}}
	mk := func(pairs ...string) *place {
		var m []extract.TagPair
		for k := 0; k < len(pairs); k += 2 {
			// Fresh copies, as extractNames makes them for every object.
			m = append(m, extract.TagPair{Key: pairs[k], Value: string([]byte(pairs[k+1]))})
		}
		names := extract.NewTagMap(m)
		return &place{nameTags: nameRef(names), name: defaultName(names)}
	}
	first := mk("name", "Landstrasse", "name:de", "Landstrasse")
	again := mk("name", "Landstrasse", "name:de", "Landstrasse")
	other := mk("name", "Landstrasse", "old_name", "Landstr.")
	unnamed := &place{}
	for _, p := range []*place{first, again, other, unnamed} {
		b.shareNames(p)
	}
	if again.nameTags != first.nameTags {
		t.Error("equal name tags were not shared")
	}
	if unsafe.StringData(again.name) != unsafe.StringData(first.name) || again.name != "Landstrasse" {
		t.Errorf("the default name %q is not the shared one's", again.name)
	}
	if other.nameTags == first.nameTags || other.names().Get("old_name") != "Landstr." {
		t.Errorf("different name tags were shared: %v", other.names())
	}
	if unnamed.nameTags != nil {
		t.Errorf("a place without names got %v", unnamed.names())
	}
	// Linking merges into new tags: the shared ones stay as they were.
	merged := extract.MergeTags(other.names(), again.names())
	if first.names().Get("old_name") != "" || merged.Get("old_name") != "Landstr." {
		t.Error("merging changed the shared tags")
	}
	b.namesOf = nil
	late := mk("name", "Landstrasse", "name:de", "Landstrasse")
	b.shareNames(late)
	if late.nameTags == first.nameTags {
		t.Error("names shared after collect")
	}
}
