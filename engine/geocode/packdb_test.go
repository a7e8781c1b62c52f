package geocode_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"waymark/engine/geocode"
	"waymark/engine/pack"
	"waymark/internal/testpacks"
)

// packDB returns a read-only handle on the database of pk.
func packDB(tb testing.TB, pk *pack.Pack) *sql.DB { return testpacks.DB(tb, pk.Path) }

// rebuildSearchSQL replaces a pack's contentless search_name by a table
// made with the FTS5 options given (a content option naming none keeps it
// contentless), whose rows are rowid (SQL over the index's doc) and each
// column's tokens in order, read from the index itself (fts5vocab
// 'instance'), the address column's joined with addrSep: the same index,
// as the tokenizer gives normalized tokens back unchanged.
// fullNameTerm is true of a full-name token (geocode.FullNameToken).
const fullNameTerm = "(term GLOB 'wmf[0-9a-z]*' AND length(term) = 13)"

// noFullNames turns a pack with full-name tokens into the layout of
// packs without (the tokens are left out by rebuildSearchSQL).
const noFullNames = `; DELETE FROM meta WHERE key = '` + geocode.FullNamesKey + `';`

func rebuildSearchSQL(rowid, options, addrSep string) string {
	col := func(name, sep string) string {
		return "coalesce(group_concat(term, '" + sep + "' ORDER BY offset) FILTER (WHERE col = '" + name + "' AND NOT " + fullNameTerm + "), '')"
	}
	return `
CREATE VIRTUAL TABLE temp.search_inst USING fts5vocab(main, search_name, 'instance');
CREATE VIRTUAL TABLE search_new USING fts5(name, housenumber, address, class_type,
	tokenize = 'unicode61 remove_diacritics 2'` + options + `);
INSERT INTO search_new(rowid, name, housenumber, address, class_type)
	SELECT ` + rowid + `, ` + col("name", " ") + `, ` + col("housenumber", " ") + `,
		` + col("address", addrSep) + `, ` + col("class_type", " ") + `
	FROM temp.search_inst GROUP BY doc;
DROP TABLE temp.search_inst;
DROP TABLE search_name_vocab;
DROP TABLE search_name;
ALTER TABLE search_new RENAME TO search_name;
CREATE VIRTUAL TABLE search_name_vocab USING fts5vocab(search_name, 'row');`
}

// olderCopy copies the pack at src into a temporary file and runs script
// on the copy (which turns it into the layout of an older format) and
// drops the import's table checksums, as the older formats had none (the
// quick check at open would call the edited copy damaged); it returns the
// copy's path and a writable handle on it.
func olderCopy(t testing.TB, src, script string) (string, *sql.DB) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "older.waymark")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(script + ";\nDROP TABLE IF EXISTS pack_checksums;"); err != nil {
		t.Fatal(err)
	}
	return path, db
}

// column returns the first column of every row of query q on db.
func column[T any](t *testing.T, db *sql.DB, q string) []T {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
