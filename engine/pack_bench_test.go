package engine_test

import (
	"testing"

	"waymark/engine"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// BenchmarkOpenPack measures opening a pack: meta and both routing graphs
// (target for LI: ≤ 200 ms), on the three extracts and, with
// WAYMARK_SCALE=1, a tiled country-sized pack (testpacks.Scaled).
func BenchmarkOpenPack(b *testing.B) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra", testpacks.ScaledName()} {
		b.Run(region, func(b *testing.B) {
			var path string
			if region == testpacks.ScaledName() {
				path = testpacks.Scaled(b)
			} else {
				path = testpacks.Path(b, region)
			}
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
