package geocode_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"testing"

	"waymark/engine/geocode"
	"waymark/internal/testpacks"
)

// storedParts runs write in a transaction on db (whose autocomplete table
// was dropped) and returns the parts it stored, rolling back after.
func storedParts(t *testing.T, db *sql.DB, write func(*sql.Tx) error) [][]byte {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if err := write(tx); err != nil {
		t.Fatal(err)
	}
	rows, err := tx.Query(`SELECT part, data FROM autocomplete ORDER BY part`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var parts [][]byte
	for rows.Next() {
		var part int
		var b []byte
		if err := rows.Scan(&part, &b); err != nil {
			t.Fatal(err)
		}
		if part != len(parts) {
			t.Fatalf("part %d after %d parts", part, len(parts))
		}
		parts = append(parts, b)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return parts
}

// TestWriteCompleteIndexEqualsInMemory: the streaming writer stores, part
// for part, the bytes the in-memory build stored (every document read,
// complete.BuildGroups, AppendBinary), on each shared extract's pack with
// its search text rebuilt; with the parts' size cut so that the index
// spans many parts too.
func TestWriteCompleteIndexEqualsInMemory(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"liechtenstein", "monaco", "andorra"} {
		t.Run(name, func(t *testing.T) {
			_, db := olderCopy(t, testpacks.Path(t, name), textSQL)
			var bits uint
			if err := db.QueryRow(`SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?`, geocode.SearchRowBitsKey).Scan(&bits); err != nil {
				t.Fatal(err)
			}
			for _, partSize := range []int{4 << 20, 10007} {
				want := storedParts(t, db, func(tx *sql.Tx) error {
					return geocode.WriteCompleteIndexInMemory(ctx, tx, "search_name", bits, partSize)
				})
				got := storedParts(t, db, func(tx *sql.Tx) error {
					return geocode.WriteCompleteIndexParts(ctx, tx, "search_name", bits, partSize)
				})
				if fmt.Sprint(lens(got)) != fmt.Sprint(lens(want)) || !bytes.Equal(bytes.Join(got, nil), bytes.Join(want, nil)) {
					t.Fatalf("parts of %d bytes: stored %v bytes, in memory %v", partSize, lens(got), lens(want))
				}
				if partSize < 1<<20 && len(got) < 3 {
					t.Errorf("parts of %d bytes: only %d parts", partSize, len(got))
				}
			}
		})
	}
}

func lens(parts [][]byte) []int {
	out := make([]int, len(parts))
	for i, p := range parts {
		out[i] = len(p)
	}
	return out
}
