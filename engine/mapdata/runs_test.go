package mapdata

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"waymark/engine/zblob"
	"waymark/internal/benchstat"
)

// toFormat4 rewrites the map runs of db (format 7, as Writer writes
// them) as packs of formats 4 to 6 store them: a map_rows blob a bucket.
func toFormat4(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT run, data FROM map_runs ORDER BY run`)
	if err != nil {
		t.Fatal(err)
	}
	var dec zblob.Decoder
	var runs []*decodedRun
	for rows.Next() {
		var run int64
		var blob []byte
		if err := rows.Scan(&run, &blob); err != nil {
			t.Fatal(err)
		}
		d, err := decodeRun(&dec, run, blob)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, d)
	}
	rows.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for _, q := range []string{`DROP TABLE map_runs`, `CREATE TABLE map_rows(bucket INTEGER PRIMARY KEY, data BLOB NOT NULL)`} {
		if _, err := tx.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range runs {
		for i := range d.ends {
			id := d.first + int64(i)
			b, _ := d.bucket(id)
			if _, err := tx.Exec(`INSERT INTO map_rows(bucket, data) VALUES(?, ?)`, id, b); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// TestRunsHoldTheBuckets checks the layout of map_runs: runs numbered
// from 0 without gaps, full but for the last, each starting at bucket
// 32·run+1, together every bucket of the index once; and that a reader
// gives the same rows from the runs as from one blob a bucket.
func TestRunsHoldTheBuckets(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	db := openDB(t)
	writeFeatures(t, db, randomFeatures(rng, 2000))
	var buckets, runs, maxRun int64
	if err := db.QueryRow(`SELECT (SELECT count(*) FROM map_buckets), count(*), max(run) FROM map_runs`).Scan(&buckets, &runs, &maxRun); err != nil {
		t.Fatal(err)
	}
	if want := (buckets + runSize - 1) / runSize; runs != want || maxRun != want-1 || buckets <= runSize {
		t.Fatalf("%d buckets in %d runs (last %d), want %d runs", buckets, runs, maxRun, want)
	}
	if p := CheckRuns(context.Background(), db); len(p) > 0 {
		t.Fatalf("CheckRuns on a sound pack: %v", p)
	}
	all := func() []string {
		r, err := Open(context.Background(), db)
		if err != nil || r == nil {
			t.Fatalf("Open: %v, %v", r, err)
		}
		defer r.Close()
		var got []string
		if err := r.All(context.Background(), func(row *Row, minz, maxz int) error {
			got = append(got, string(row.Geom)+string(row.Name)+string(rune(row.ID))+string(rune(minz))+string(rune(maxz)))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	runRows := all()
	toFormat4(t, db)
	rowRows := all()
	if len(runRows) != 2000 || strings.Join(runRows, "\n") != strings.Join(rowRows, "\n") {
		t.Fatalf("All read %d rows from runs and %d from buckets, or different ones", len(runRows), len(rowRows))
	}
}

// TestDamagedRuns checks that a damaged, missing or misplaced run is an
// error naming the run, from a query, from All and from CheckRuns, and
// never a panic or a wrong row.
func TestDamagedRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	fs := randomFeatures(rng, 1500)
	tests := []struct {
		name, stmt string
	}{
		{"flipped byte", `UPDATE map_runs SET data = substr(data, 1, 20) || x'5a' || substr(data, 22) WHERE run = 1`},
		{"truncated", `UPDATE map_runs SET data = substr(data, 1, length(data) - 5) WHERE run = 1`},
		{"uncompressed", `UPDATE map_runs SET data = x'0102030405' WHERE run = 1`},
		{"missing", `DELETE FROM map_runs WHERE run = 1`},
		{"swapped", `UPDATE map_runs SET run = CASE run WHEN 1 THEN 2 ELSE 1 END WHERE run IN (1, 2)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openDB(t)
			writeFeatures(t, db, fs)
			if tt.name == "swapped" {
				// Two UPDATEs through a free number: a primary key may not clash.
				for _, q := range []string{`UPDATE map_runs SET run = -1 WHERE run = 1`, `UPDATE map_runs SET run = 1 WHERE run = 2`, `UPDATE map_runs SET run = 2 WHERE run = -1`} {
					if _, err := db.Exec(q); err != nil {
						t.Fatal(err)
					}
				}
			} else if _, err := db.Exec(tt.stmt); err != nil {
				t.Fatal(err)
			}
			p := CheckRuns(context.Background(), db)
			if len(p) == 0 || !strings.Contains(strings.Join(p, "; "), "run 1") {
				t.Errorf("CheckRuns = %q, want a problem with run 1", p)
			}
			r, err := Open(context.Background(), db)
			if err != nil || r == nil {
				t.Fatalf("Open: %v, %v", r, err)
			}
			defer r.Close()
			err = r.All(context.Background(), func(*Row, int, int) error { return nil })
			if err == nil || !strings.Contains(err.Error(), "map run 1") {
				t.Fatalf("All = %v, want an error naming map run 1", err)
			}
			if tt.name == "flipped byte" || tt.name == "truncated" {
				if !errors.Is(err, zblob.ErrCorrupt) {
					t.Errorf("All = %v, want zblob.ErrCorrupt", err)
				}
			}
			// A query over everything meets run 1's buckets.
			err = nil
			for z := 0; z < 20 && err == nil; z++ {
				err = r.Features(context.Background(), Box{MinX: 0, MinY: 0, MaxX: 1, MaxY: 1}, z, func(*Row) error { return nil })
			}
			if err == nil || !strings.Contains(err.Error(), "map run") {
				t.Fatalf("Features = %v, want an error naming a map run", err)
			}
		})
	}
}

// TestRunCacheConcurrent reads the same pack from many goroutines with a
// cache smaller than the pack's runs, so that runs are decoded, kept and
// dropped concurrently (run it with -race), and checks every answer
// against one read alone.
func TestRunCacheConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	db := openDB(t)
	db.SetMaxOpenConns(4)
	writeFeatures(t, db, randomFeatures(rng, 4000))
	r, err := Open(context.Background(), db)
	if err != nil || r == nil {
		t.Fatalf("Open: %v, %v", r, err)
	}
	defer r.Close()
	r.runs.ring = r.runs.ring[:3] // fewer than the pack's runs
	read := func(q int) []byte {
		z := 10 + q%9
		x, y := 0.52+float64(q%7)*0.0015, 0.35+float64(q%5)*0.002
		var out []byte
		if err := r.Features(context.Background(), Box{MinX: x, MinY: y, MaxX: x + 0.002, MaxY: y + 0.002}, z, func(row *Row) error {
			out = append(append(out, row.Geom...), row.Name...)
			return nil
		}); err != nil {
			t.Error(err)
		}
		return out
	}
	want := make([][]byte, 40)
	for q := range want {
		want[q] = read(q)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := range want {
				if got := read((q + g*11) % len(want)); !bytes.Equal(got, want[(q+g*11)%len(want)]) {
					t.Errorf("query %d read differently concurrently", (q+g*11)%len(want))
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkMapRunDecode decodes a run of 32 buckets as a tile that finds
// it outside the Reader's cache does (fetching it aside): the cost a
// cold tile pays per run it meets.
func BenchmarkMapRunDecode(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 5))
	db, err := sql.Open("sqlite3", "file:"+b.TempDir()+"/map.db")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	writeFeatures(b, db, randomFeatures(rng, 3000))
	var blobs [][]byte
	rows, err := db.Query(`SELECT data FROM map_runs`)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var blob []byte
		if err := rows.Scan(&blob); err != nil {
			b.Fatal(err)
		}
		blobs = append(blobs, blob)
	}
	rows.Close()
	var dec zblob.Decoder
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run := i % (len(blobs) - 1) // the last run may be short
		lat.Time(func() {
			if _, err := decodeRun(&dec, int64(run), blobs[run]); err != nil {
				b.Fatal(err)
			}
		})
	}
	lat.Report(b)
}
