package geocode_test

import (
	"cmp"
	"context"
	"slices"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// textSQL turns a pack with a stored autocomplete index into the layout
// of older packs, whose index is built from search_name's text: the text
// read back from the index (rebuildSearchSQL), the address column's tokens
// as " | "-separated values, so that the loader finds its search_parent
// tokens as it finds them in an imported row (the index holds words, not
// their order or grouping).
var textSQL = rebuildSearchSQL("doc", "", " | ") + `; DROP TABLE autocomplete;` + noFullNames

// TestStoredCompleterAnswersAsBuilt: the autocomplete index a pack stores
// answers as the index built from the search text (older packs), for
// prefixes of every LI name.
func TestStoredCompleterAnswersAsBuilt(t *testing.T) {
	src := testpacks.Path(t, "liechtenstein")
	old, db := olderCopy(t, src, textSQL)
	names := column[string](t, db, `SELECT DISTINCT name FROM places WHERE name != '' ORDER BY name LIMIT 1200`)
	open := func(path string) *geocode.Completer {
		ix, _ := openIndex(t, path)
		c, err := geocode.NewCompleter(context.Background(), ix)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	stored, built := open(src), open(old)
	if stored.Len() != built.Len() || stored.Len() < 10000 {
		t.Fatalf("stored index has %d places, built %d", stored.Len(), built.Len())
	}
	for _, name := range names {
		for _, k := range []int{2, 4, 100} {
			text := []rune(name)
			text = text[:min(k, len(text))]
			q := geocode.AutocompleteQuery{Text: string(text), Limit: 10}
			got, err1 := stored.Autocomplete(context.Background(), q)
			want, err2 := built.Autocomplete(context.Background(), q)
			if g, w := summary(got, err1), summary(want, err2); g != w {
				t.Fatalf("Autocomplete(%q) =\n%s\nbuilt from the text:\n%s", q.Text, g, w)
			}
		}
	}
}

// TestScanPlacesFromRows: the places read from place_rows (the loader's
// fast path) are exactly those read through the places view, on every
// shared extract's pack.
func TestScanPlacesFromRows(t *testing.T) {
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		db := testpacks.DB(t, testpacks.Path(t, name))
		fast, err := geocode.ScanPlaces(context.Background(), db, true)
		if err != nil {
			t.Fatal(err)
		}
		view, err := geocode.ScanPlaces(context.Background(), db, false)
		if err != nil {
			t.Fatal(err)
		}
		byID := func(a, b geocode.ScannedPlace) int { return cmp.Compare(a.ID, b.ID) }
		slices.SortFunc(fast, byID)
		slices.SortFunc(view, byID)
		if len(fast) != len(view) || len(fast) < 1000 {
			t.Fatalf("%s: %d places from place_rows, %d from the view", name, len(fast), len(view))
		}
		linked := 0
		for i := range fast {
			if fast[i] != view[i] {
				t.Fatalf("%s: place %d from place_rows %+v, from the view %+v", name, i, fast[i], view[i])
			}
			if fast[i].Linked != "" {
				linked++
			}
		}
		t.Logf("%s: %d places, %d linked", name, len(fast), linked)
	}
}

// TestNearbyIndexFromRows: the nearby index read from place_rows holds
// exactly the places, kinds, importance and points of the one read
// through the places view, on every shared extract's pack.
func TestNearbyIndexFromRows(t *testing.T) {
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		ix, _ := openIndex(t, testpacks.Path(t, name))
		fast, err := geocode.NearbyPoints(context.Background(), ix, true)
		if err != nil {
			t.Fatal(err)
		}
		view, err := geocode.NearbyPoints(context.Background(), ix, false)
		if err != nil {
			t.Fatal(err)
		}
		byID := func(a, b geocode.NearbyPoint) int { return cmp.Compare(a.ID, b.ID) }
		slices.SortFunc(fast, byID)
		slices.SortFunc(view, byID)
		if len(fast) != len(view) || len(fast) < 500 {
			t.Fatalf("%s: %d places from place_rows, %d from the view", name, len(fast), len(view))
		}
		for i := range fast {
			if fast[i] != view[i] {
				t.Fatalf("%s: place %d from place_rows %+v, from the view %+v", name, i, fast[i], view[i])
			}
		}
	}
}
