package engine_test

import (
	"testing"

	"waymark/engine"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// BenchmarkOpenPack measures opening a pack: meta and both routing graphs
// (target for LI: ≤ 200 ms).
func BenchmarkOpenPack(b *testing.B) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra"} {
		b.Run(region, func(b *testing.B) {
			path := testpacks.Path(b, region)
			b.ReportAllocs()
			var lat benchstat.Latencies
			for i := 0; i < b.N; i++ {
				var p *engine.Pack
				var err error
				lat.Time(func() { p, err = engine.OpenPack(path) })
				if err != nil {
					b.Fatal(err)
				}
				p.Close()
			}
			lat.Report(b)
		})
	}
}
