package pack

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"

	"waymark/engine/mapdata"
)

// Pack checks. A pack is written once and only read afterwards, so damage
// (a bad disk, a truncated copy) can be told by comparing it with what
// was written. The import records, per table, the row count and a SHA-256
// of every row (table pack_checksums, written last); Check recomputes them
// and runs SQLite's integrity check. Open makes only the quick part
// (the SQLite header and the file's length, the small tables' checksums:
// packquick.go), so that opening stays instant: a truncated or foreign
// file, or one whose small tables differ, is refused there; damage inside
// the large tables is found by Check (`waymark check`).

// ErrDamaged is returned by Check when the pack's content differs from
// what was written, or SQLite finds its structure broken, and by Open
// when its quick check finds so.
var ErrDamaged = errors.New("pack: region pack is damaged")

const checksumTable = "pack_checksums"

// WriteChecksums records the row count and content hash of every table of
// the pack open read-write in db (the import's last step).
func WriteChecksums(ctx context.Context, db *sql.DB) error {
	sums, err := tableSums(ctx, db)
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `DROP TABLE IF EXISTS `+checksumTable); err != nil {
		return fmt.Errorf("pack: write checksums: %w", err)
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE `+checksumTable+` (name TEXT PRIMARY KEY, rows INTEGER NOT NULL, sha256 TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("pack: write checksums: %w", err)
	}
	for _, s := range sums {
		if _, err := db.ExecContext(ctx, `INSERT INTO `+checksumTable+` VALUES (?, ?, ?)`, s.name, s.rows, s.sha); err != nil {
			return fmt.Errorf("pack: write checksums: %w", err)
		}
	}
	return nil
}

type tableSum struct {
	name string
	rows int64
	sha  string
}

// tableSums hashes every ordinary table (FTS5 and R*Tree content lives in
// their shadow tables, which are ordinary) but SQLite's own and the
// checksum table, rows in rowid order (primary key order for tables
// without rowid), every value with its type.
func tableSums(ctx context.Context, db *sql.DB) ([]tableSum, error) {
	rows, err := db.QueryContext(ctx, `SELECT name, sql FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND name != ? ORDER BY name`, checksumTable)
	if err != nil {
		return nil, fmt.Errorf("pack: list tables: %w", err)
	}
	type tbl struct{ name, sql string }
	var tables []tbl
	for rows.Next() {
		var t tbl
		var s sql.NullString
		if err := rows.Scan(&t.name, &s); err != nil {
			rows.Close()
			return nil, fmt.Errorf("pack: list tables: %w", err)
		}
		t.sql = s.String
		tables = append(tables, t)
	}
	rows.Close()
	var out []tableSum
	for _, t := range tables {
		if isVirtual(t.sql) {
			continue
		}
		s, _, err := hashTable(ctx, db, t.name, withoutRowid(t.sql), 0)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

func isVirtual(sql string) bool {
	return len(sql) >= 20 && equalFoldPrefix(sql, "CREATE VIRTUAL TABLE")
}

func withoutRowid(sql string) bool {
	n := len(sql)
	return n >= 13 && equalFoldPrefix(sql[n-13:], "WITHOUT ROWID")
}

func equalFoldPrefix(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		a, b := s[i], prefix[i]
		if 'a' <= a && a <= 'z' {
			a -= 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}

// hashTable hashes one table's rows. With limit > 0 it stops once it has
// hashed more than limit bytes of values, and whole is false.
func hashTable(ctx context.Context, db *sql.DB, name string, noRowid bool, limit int64) (sum tableSum, whole bool, err error) {
	q := `SELECT * FROM "` + name + `" ORDER BY rowid`
	if noRowid {
		q = `SELECT * FROM "` + name + `" ORDER BY 1`
	}
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return tableSum{}, false, fmt.Errorf("pack: read table %s: %w", name, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return tableSum{}, false, fmt.Errorf("pack: read table %s: %w", name, err)
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	h := sha256.New()
	var n, size int64
	var num [9]byte
	for rows.Next() {
		if limit > 0 && size > limit {
			return tableSum{name: name}, false, nil
		}
		if err := rows.Scan(ptrs...); err != nil {
			return tableSum{}, false, fmt.Errorf("pack: read table %s: %w", name, err)
		}
		n++
		for _, v := range vals {
			switch x := v.(type) {
			case nil:
				h.Write([]byte{0})
			case int64:
				num[0] = 1
				binary.LittleEndian.PutUint64(num[1:], uint64(x))
				h.Write(num[:])
			case float64:
				num[0] = 2
				binary.LittleEndian.PutUint64(num[1:], math.Float64bits(x))
				h.Write(num[:])
			case []byte:
				num[0] = 3
				binary.LittleEndian.PutUint64(num[1:], uint64(len(x)))
				h.Write(num[:])
				h.Write(x)
				size += int64(len(x))
			case string:
				num[0] = 4
				binary.LittleEndian.PutUint64(num[1:], uint64(len(x)))
				h.Write(num[:])
				io.WriteString(h, x)
				size += int64(len(x))
			default:
				fmt.Fprintf(h, "%T:%v", x, x)
			}
			size += 9
		}
	}
	if err := rows.Err(); err != nil {
		return tableSum{}, false, fmt.Errorf("pack: read table %s: %w", name, err)
	}
	return tableSum{name: name, rows: n, sha: hex.EncodeToString(h.Sum(nil))}, true, nil
}

// CheckReport is what Check found.
type CheckReport struct {
	Tables   int      // tables whose checksum was compared
	Problems []string // empty when the pack is sound
}

// Check verifies the pack at path: SQLite's integrity check, then every
// table's rows against the checksums written at import, then that every
// compressed graph part decodes to what its header says (checkGraphParts)
// and every map run to its buckets' rows (mapdata.CheckRuns; both also
// for a pack without checksums). It returns
// ErrDamaged (wrapped) with the report when anything differs, and a
// report without problems (Tables 0) for a pack built before checksums.
func Check(ctx context.Context, path string) (*CheckReport, error) {
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&immutable=1&_query_only=1")
	if err != nil {
		return nil, fmt.Errorf("pack: check %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	rep := &CheckReport{}
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		rep.Problems = append(rep.Problems, fmt.Sprintf("integrity check: %v", err))
	} else {
		for rows.Next() {
			var msg string
			if rows.Scan(&msg) == nil && msg != "ok" {
				rep.Problems = append(rep.Problems, "integrity check: "+msg)
			}
		}
		if err := rows.Err(); err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("integrity check: %v", err))
		}
		rows.Close()
	}
	want := map[string]tableSum{}
	wrows, err := db.QueryContext(ctx, `SELECT name, rows, sha256 FROM `+checksumTable)
	if err == nil {
		for wrows.Next() {
			var s tableSum
			if wrows.Scan(&s.name, &s.rows, &s.sha) == nil {
				want[s.name] = s
			}
		}
		wrows.Close()
	}
	if len(want) > 0 {
		got, err := tableSums(ctx, db)
		if err != nil {
			rep.Problems = append(rep.Problems, err.Error())
		}
		seen := map[string]bool{}
		for _, g := range got {
			seen[g.name] = true
			w, ok := want[g.name]
			switch {
			case !ok:
				rep.Problems = append(rep.Problems, fmt.Sprintf("table %s was not in the pack when it was built", g.name))
			case w.rows != g.rows:
				rep.Problems = append(rep.Problems, fmt.Sprintf("table %s has %d rows, %d when built", g.name, g.rows, w.rows))
			case w.sha != g.sha:
				rep.Problems = append(rep.Problems, fmt.Sprintf("table %s differs from what was built (checksum)", g.name))
			}
			rep.Tables++
		}
		for name := range want {
			if !seen[name] && err == nil {
				rep.Problems = append(rep.Problems, fmt.Sprintf("table %s is missing", name))
			}
		}
	}
	rep.Problems = append(rep.Problems, checkGraphParts(ctx, db)...)
	rep.Problems = append(rep.Problems, mapdata.CheckRuns(ctx, db)...)
	if len(rep.Problems) > 0 {
		return rep, fmt.Errorf("%w: %s: %d problems, first: %s", ErrDamaged, path, len(rep.Problems), rep.Problems[0])
	}
	return rep, nil
}

// checkHeader makes the cheap checks Open makes: the file starts with
// SQLite's header and is as long as the header says (a truncated copy is
// refused at once).
func checkHeader(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("pack: open pack: %w", err)
	}
	defer f.Close()
	var h [100]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return fmt.Errorf("pack: open pack %s: too short for a pack: %w", path, ErrFormat)
	}
	if string(h[:16]) != "SQLite format 3\x00" {
		return fmt.Errorf("pack: open pack %s: not an SQLite file: %w", path, ErrFormat)
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(h[28:32]))
	// The page count is valid when the change counter matches the
	// version-valid-for number (always, for packs written by SQLite 3.7+).
	if binary.BigEndian.Uint32(h[24:28]) == binary.BigEndian.Uint32(h[92:96]) && pages > 0 {
		st, err := f.Stat()
		if err != nil {
			return fmt.Errorf("pack: open pack: %w", err)
		}
		if st.Size() < pages*pageSize {
			return fmt.Errorf("pack: open pack %s: truncated (%d of %d bytes; copy it again): %w", path, st.Size(), pages*pageSize, ErrDamaged)
		}
	}
	return nil
}
