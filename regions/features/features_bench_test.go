package features

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"waymark/internal/benchstat"
	"waymark/internal/testregions"
	"waymark/regions/extract"
	"waymark/regions/stage"
)

// BenchmarkFeaturesStage runs the features stage over the LI extract (loaded
// once) into a fresh pack file per iteration and reports p50/p99.
func BenchmarkFeaturesStage(b *testing.B) {
	ctx := context.Background()
	d, err := extract.Load(ctx, testregions.Extract(b, "liechtenstein"), nil)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		db, err := sql.Open("sqlite3", "file:"+filepath.Join(dir, "bench"+time.Now().Format("150405.000000000")+".waymark")+"?_journal_mode=OFF&_synchronous=OFF")
		if err != nil {
			b.Fatal(err)
		}
		db.SetMaxOpenConns(1)
		tx, err := db.Begin()
		if err != nil {
			b.Fatal(err)
		}
		im := &stage.Import{Tx: tx, Data: d, Name: "bench", Summary: &stage.Summary{}}
		b.StartTimer()
		lat.Time(func() { err = runMapFeatures(ctx, im) })
		if err != nil {
			b.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
	lat.Report(b)
}
