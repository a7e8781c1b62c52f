package geocode_test

import (
	"context"
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
