package geocode_test

import (
	"context"
	"fmt"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// unrankedSQL turns a format 3 pack's search_name into the layout of
// older packs: rowid = place_id, no search_rowid_bits in meta (the text
// read back from the index: rebuildSearchSQL).
var unrankedSQL = rebuildSearchSQL("doc & ((1 << (SELECT value FROM meta WHERE key = 'search_rowid_bits')) - 1)", ", content = ''", " ") +
	`; DELETE FROM meta WHERE key = 'search_rowid_bits';` + noFullNames

// bm25SQL turns a pack with full-name tokens into the layout of format 3
// and 4 packs: ranked rows, bm25 for queries with a cut.
var bm25SQL = rebuildSearchSQL("doc", ", content = ''", " ") + noFullNames

// TestSearchRowsRanked checks that reading matches most important first
// (format 3 rowids) finds what ranking every match found (older packs):
// the same results for names, "name, town" pairs and category words of
// the LI pack, in both layouts.
func TestSearchRowsRanked(t *testing.T) {
	src, _ := olderCopy(t, testpacks.Path(t, "liechtenstein"), bm25SQL)
	old, db := olderCopy(t, src, unrankedSQL)
	queries := column[string](t, db, `SELECT q FROM (
		SELECT DISTINCT name AS q FROM places WHERE name != ''
		UNION SELECT DISTINCT p.name || ', ' || t.name FROM places p
			JOIN place_addressline a ON a.place_id = p.place_id AND a.isaddress AND a.rank_address = 16
			JOIN places t ON t.place_id = a.address_place_id WHERE p.name != '')
		ORDER BY q LIMIT 1500`)
	queries = append(queries, "church", "Church Building", "restaurant", "hotel", "strasse", "weg")

	ranked, _ := openIndex(t, src)
	unranked, _ := openIndex(t, old)
	many := 0
	for _, q := range queries {
		req := geocode.Request{Query: q, Dedupe: true, Limit: 40}
		got, err1 := ranked.Search(context.Background(), req)
		want, err2 := unranked.Search(context.Background(), req)
		if g, w := summary(got, err1), summary(want, err2); g != w {
			t.Errorf("Search(%q) =\n%s\nwith every match ranked:\n%s", q, g, w)
		}
		if len(got) >= 20 {
			many++
		}
	}
	if many == 0 {
		t.Errorf("no query had 20 results: the test covers no cut")
	}
}

func summary(ps []geocode.Place, err error) string {
	s := fmt.Sprint(err)
	for _, p := range ps {
		s += fmt.Sprintf("\n  %d %s", p.PlaceID, p.DisplayName)
	}
	return s
}
