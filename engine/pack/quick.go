package pack

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"
)

// The quick check. Opening a pack makes the quick part of Check: the
// header and length (checkHeader), then every small table's rows against
// the checksums written at import, small being at most quickRows rows as
// recorded and quickBytes of values as read (meta, the countries, the
// search configuration, the map classes, place kinds, address areas:
// what every answer reads; on LI 24 of 31 tables, 4 ms). A table that
// differs makes the pack damaged (ErrDamaged): Open refuses it,
// and with Options.AllowDamaged opens it with Pack.Damage telling
// why. The large tables (places, map rows, graphs) are left to Check
// (`waymark check`), which reads every row; SQLite's pages of the large
// tables are checked as they are read, and a broken one is an error of
// the query that meets it. The caches beside the pack carry the pack's
// build id and are checked against it as they are opened (images.go): one
// of another build is rebuilt, never used.

const (
	quickRows  = 1000
	quickBytes = 256 << 10
)

// quickCheck checks the small tables of the pack open in db against
// their checksums. A pack without checksums (built before them) passes
// with Tables 0.
func quickCheck(ctx context.Context, db *sql.DB, path string) (*CheckReport, error) {
	rep := &CheckReport{}
	unreadable := func(what string, err error) (*CheckReport, error) {
		rep.Problems = append(rep.Problems, fmt.Sprintf("%s unreadable: %v", what, err))
		return rep, fmt.Errorf("%w: %s: %s", ErrDamaged, path, rep.Problems[0])
	}
	var has int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, checksumTable).Scan(&has); err != nil {
		return unreadable("schema", err)
	}
	if has == 0 {
		return rep, nil
	}
	rows, err := db.QueryContext(ctx, `SELECT name, rows, sha256 FROM `+checksumTable+` WHERE rows <= ?`, quickRows)
	if err != nil {
		return unreadable("checksums", err)
	}
	var want []tableSum
	for rows.Next() {
		var s tableSum
		if err := rows.Scan(&s.name, &s.rows, &s.sha); err != nil {
			rows.Close()
			return unreadable("checksums", err)
		}
		want = append(want, s)
	}
	rows.Close()
	sort.Slice(want, func(i, j int) bool { return want[i].name < want[j].name })
	for _, w := range want {
		if ctx.Err() != nil {
			break // out of time: the rest is Check's
		}
		var def sql.NullString
		err := db.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, w.name).Scan(&def)
		if err == sql.ErrNoRows {
			rep.Problems = append(rep.Problems, fmt.Sprintf("table %s is missing", w.name))
			continue
		}
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("table %s: %v", w.name, err))
			continue
		}
		size, err := tableBytes(ctx, db, w.name)
		if err == nil && size > quickBytes {
			continue // large: Check's
		}
		got, whole, err := hashTable(ctx, db, w.name, withoutRowid(def.String), quickBytes)
		switch {
		case err != nil && ctx.Err() != nil:
			continue
		case err != nil:
			rep.Problems = append(rep.Problems, err.Error())
		case !whole:
			continue // large: Check's
		case got.rows != w.rows:
			rep.Problems = append(rep.Problems, fmt.Sprintf("table %s has %d rows, %d when built", w.name, got.rows, w.rows))
		case got.sha != w.sha:
			rep.Problems = append(rep.Problems, fmt.Sprintf("table %s differs from what was built (checksum)", w.name))
		}
		rep.Tables++
	}
	if len(rep.Problems) > 0 {
		return rep, fmt.Errorf("%w: %s: %s (waymark check tells all; import it again)", ErrDamaged, path, rep.Problems[0])
	}
	return rep, nil
}

// tableBytes returns the bytes of the values of a table's rows, from
// their records alone (octet_length reads no overflow page, so a table of
// a few large blobs costs a few page reads, not their megabytes).
func tableBytes(ctx context.Context, db *sql.DB, name string) (int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT * FROM "`+name+`" LIMIT 0`)
	if err != nil {
		return 0, err
	}
	cols, err := rows.Columns()
	rows.Close()
	if err != nil {
		return 0, err
	}
	sum := make([]string, len(cols))
	for i, c := range cols {
		sum[i] = `coalesce(sum(octet_length("` + strings.ReplaceAll(c, `"`, `""`) + `")), 0)`
	}
	var n int64
	err = db.QueryRowContext(ctx, `SELECT `+strings.Join(sum, " + ")+` FROM "`+name+`"`).Scan(&n)
	return n, err
}

// quickCheckTimeout bounds the quick check of one pack: a pack on a disk
// slow enough to pass it opens unchecked rather than late.
const quickCheckTimeout = 2 * time.Second
