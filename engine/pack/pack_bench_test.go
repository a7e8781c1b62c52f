package pack_test

import (
	"context"
	"testing"

	"waymark/engine/pack"
	"waymark/engine/route"
	"waymark/internal/benchstat"
	"waymark/internal/testpacks"
)

// BenchmarkOpenPack measures opening a pack until it routes: meta and
// both routing graphs, mapped from their images (graphimage.go; the first
// open writes them) and decoded onto the heap (target for LI: ≤ 200 ms),
// on the three extracts and, with WAYMARK_SCALE=1, a tiled country-sized
// pack (testpacks.Scaled).
func BenchmarkOpenPack(b *testing.B) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra", testpacks.ScaledName()} {
		for _, how := range []struct {
			name string
			opts pack.Options
		}{{"mapped", pack.Options{}}, {"decoded", pack.Options{DecodeGraphs: true}}} {
			b.Run(region+"/"+how.name, func(b *testing.B) {
				path := benchPack(b, region)
				if p, err := pack.OpenWith(path, how.opts); err == nil { // writes the images
					p.WaitGraphs()
					p.Close()
				}
				b.ReportAllocs()
				b.ResetTimer()
				var lat benchstat.Latencies
				for i := 0; i < b.N; i++ {
					var p *pack.Pack
					var err error
					lat.Time(func() {
						if p, err = pack.OpenWith(path, how.opts); err == nil {
							err = p.WaitGraphs()
						}
					})
					if err != nil {
						b.Fatal(err)
					}
					p.Close()
				}
				lat.Report(b)
			})
		}
	}
}

// BenchmarkOpenPlaces measures opening a pack until its autocomplete and
// nearby indexes answer, mapped from their images beside the pack
// (images.go; the first open writes them), on the three extracts and,
// with WAYMARK_SCALE=1, a tiled country-sized pack. Loading them from
// the pack instead is geocode's BenchmarkCompleterLoad (LI ×64: ~2 s).
func BenchmarkOpenPlaces(b *testing.B) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra", testpacks.ScaledName()} {
		b.Run(region, func(b *testing.B) {
			path := benchPack(b, region)
			open := func() (*pack.Pack, error) {
				p, err := pack.Open(path)
				if err == nil {
					err = p.WarmPlaces(context.Background())
				}
				return p, err
			}
			if p, err := open(); err == nil { // writes the images
				p.Close()
			}
			b.ReportAllocs()
			b.ResetTimer()
			var lat benchstat.Latencies
			for i := 0; i < b.N; i++ {
				var p *pack.Pack
				var err error
				lat.Time(func() { p, err = open() })
				if err != nil {
					b.Fatal(err)
				}
				p.Close()
			}
			lat.Report(b)
		})
	}
}

// BenchmarkDecodeStoredGraph measures reading a graph from its pack as
// an open without images does, per profile: "join" reads its parts and
// joins them (decompressing each: engine/zblob), "decode" also decodes
// the joined encoding onto the heap (route.DecodeIn). MB/s is of the
// encoding joined. On the three extracts and, with WAYMARK_SCALE=1, a
// tiled country-sized pack.
func BenchmarkDecodeStoredGraph(b *testing.B) {
	for _, region := range []string{"liechtenstein", "monaco", "andorra", testpacks.ScaledName()} {
		for _, p := range route.Profiles {
			for _, step := range []string{"join", "decode"} {
				b.Run(region+"/"+p.String()+"/"+step, func(b *testing.B) {
					pk, err := pack.OpenWith(benchPack(b, region), pack.Options{NoGraphs: true})
					if err != nil {
						b.Fatal(err)
					}
					defer pk.Close()
					enc, err := pack.GraphEncoding(pk, p)
					if err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(enc)))
					b.ReportAllocs()
					b.ResetTimer()
					var lat benchstat.Latencies
					for i := 0; i < b.N; i++ {
						lat.Time(func() {
							if step == "join" {
								_, err = pack.GraphEncoding(pk, p)
							} else {
								_, err = pack.DecodeStoredGraph(pk, p)
							}
						})
						if err != nil {
							b.Fatal(err)
						}
					}
					lat.Report(b)
				})
			}
		}
	}
}

// benchPack is the path of a region's test pack, or of the tiled
// country-sized pack (testpacks.Scaled) for its name.
func benchPack(b *testing.B, region string) string {
	if region == testpacks.ScaledName() {
		return testpacks.Scaled(b)
	}
	return testpacks.Path(b, region)
}
