package geocode_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"waymark/engine/geocode"
	"waymark/internal/benchstat"
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

// TestWriteCompleteIndexMemory measures the autocomplete build of a large
// pack alone: WAYMARK_AC_PACK names a pack holding its import's search
// text as table ac_text (rowid, name, housenumber, address; a measuring
// build keeps it), WAYMARK_AC_WAY is "stream" (WriteCompleteIndex) or
// "memory" (the in-memory build it replaced). The index is written in a
// transaction rolled back after, so the pack is left as it was; the test
// logs the peak live heap (sampled every 10 ms after a GC at the start),
// the time and the stored bytes' SHA-256. Skipped without WAYMARK_AC_PACK.
func TestWriteCompleteIndexMemory(t *testing.T) {
	path := os.Getenv("WAYMARK_AC_PACK")
	if path == "" {
		t.Skip("WAYMARK_AC_PACK not set")
	}
	way := os.Getenv("WAYMARK_AC_WAY")
	write := map[string]func(context.Context, *sql.Tx, string, uint) error{
		"stream": geocode.WriteCompleteIndex,
		"memory": func(ctx context.Context, tx *sql.Tx, table string, bits uint) error {
			return geocode.WriteCompleteIndexInMemory(ctx, tx, table, bits, 4<<20)
		},
	}[way]
	if write == nil {
		t.Fatalf("WAYMARK_AC_WAY %q: want stream or memory", way)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var bits uint
	if err := db.QueryRow(`SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?`, geocode.SearchRowBitsKey).Scan(&bits); err != nil {
		t.Fatal(err)
	}
	var docs int
	if err := db.QueryRow(`SELECT count(*) FROM ac_text`).Scan(&docs); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`DROP TABLE IF EXISTS autocomplete`); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	base := liveHeap()
	stop, peak := make(chan struct{}), make(chan uint64)
	go func() {
		var m uint64
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			m = max(m, liveHeap())
			select {
			case <-stop:
				peak <- m
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	err = write(context.Background(), tx, "ac_text", bits)
	took := time.Since(start)
	close(stop)
	p := <-peak
	if err != nil {
		t.Fatal(err)
	}
	var stored []byte
	rows, err := tx.Query(`SELECT data FROM autocomplete ORDER BY part`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			t.Fatal(err)
		}
		stored = append(stored, b...)
	}
	rows.Close()
	// The counts: documents (and their places), then the codec's version,
	// documents, groups and words.
	counts := make([]uint64, 5)
	rest := stored
	for i := range counts {
		v, k := binary.Uvarint(rest)
		if k <= 0 {
			t.Fatal("stored index: bad varint")
		}
		counts[i], rest = v, rest[k:]
		for j := uint64(0); i == 0 && j < v; j++ { // the documents' places
			_, k := binary.Uvarint(rest)
			rest = rest[k:]
		}
	}
	t.Logf("%s: %d search rows, %d documents, %d groups, %d words; %.1f s, peak live heap %.1f MB (%.1f MB before); index %d bytes sha256 %x",
		way, docs, counts[0], counts[3], counts[4], took.Seconds(), float64(p)/(1<<20), float64(base)/(1<<20), len(stored), sha256.Sum256(stored))
}

// liveHeap returns the heap the last GC found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// BenchmarkWriteCompleteIndex: the LI pack's stored autocomplete index
// written from its search text (rebuilt from the pack's index), by the
// importer's streaming writer and by the in-memory build it replaced.
func BenchmarkWriteCompleteIndex(b *testing.B) {
	_, db := olderCopy(b, testpacks.Path(b, "liechtenstein"), textSQL)
	var bits uint
	if err := db.QueryRow(`SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?`, geocode.SearchRowBitsKey).Scan(&bits); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, way := range []string{"stream", "memory"} {
		b.Run(way, func(b *testing.B) {
			var lat benchstat.Latencies
			b.ReportAllocs()
			for b.Loop() {
				tx, err := db.Begin()
				if err != nil {
					b.Fatal(err)
				}
				lat.Time(func() {
					if way == "stream" {
						err = geocode.WriteCompleteIndex(ctx, tx, "search_name", bits)
					} else {
						err = geocode.WriteCompleteIndexInMemory(ctx, tx, "search_name", bits, 4<<20)
					}
				})
				tx.Rollback()
				if err != nil {
					b.Fatal(err)
				}
			}
			lat.Report(b)
		})
	}
}
