package mapview

import (
	"context"
	"math/rand"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
	"waymark/internal/rusage"
)

// homeTiles returns n random z14–z16 tiles in the pack's home view (seeded).
func homeTiles(tb testing.TB, home orb.Bound, n int, seed int64) [][3]int {
	rng := rand.New(rand.NewSource(seed))
	out := make([][3]int, n)
	for i := range out {
		z := 14 + rng.Intn(3)
		p := orb.Point{
			home.Min[0] + rng.Float64()*(home.Max[0]-home.Min[0]),
			home.Min[1] + rng.Float64()*(home.Max[1]-home.Min[1]),
		}
		x, y := TileAt(p, z)
		out[i] = [3]int{z, x, y}
	}
	return out
}

// BenchmarkTile renders random z14–z16 256-pixel tiles of the LI home view
// without the cache and reports p50/p99.
func BenchmarkTile(b *testing.B) {
	r := newLIRenderer(b, Options{MemoryBytes: -1})
	benchTiles(b, r, homeTiles(b, r.packs[0].pack.Info.Home, 512, 1))
}

// BenchmarkTileDense renders the z14–z16 tiles around Vaduz centre (the
// densest part of the pack).
func BenchmarkTileDense(b *testing.B) {
	r := newLIRenderer(b, Options{MemoryBytes: -1})
	dense := orb.Bound{Min: orb.Point{9.50, 47.125}, Max: orb.Point{9.54, 47.17}}
	benchTiles(b, r, homeTiles(b, dense, 256, 2))
}

// benchTiles renders the tiles in turn, 256 pixels in the light look, and
// reports p50/p99 and CPU time.
func benchTiles(b *testing.B, r *Renderer, tiles [][3]int) {
	ctx := context.Background()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		t := tiles[i%len(tiles)]
		var err error
		lat.Time(func() { _, err = r.RenderTile(ctx, t[0], t[1], t[2], 256, ThemeLight) })
		if err != nil {
			b.Fatal(err)
		}
	}
	lat.Report(b)
	reportCPU(b, cpu0)
}

// BenchmarkViewCold1280x800 renders a 1280×800 view over Vaduz at z15 with
// an empty cache each time, tiles in parallel.
func BenchmarkViewCold1280x800(b *testing.B) {
	r := newLIRenderer(b, Options{})
	ctx := context.Background()
	v := View{Center: liVaduz, Zoom: 15, Width: 1280, Height: 800}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		r.Cache().Purge()
		var err error
		lat.Time(func() { _, err = r.View(ctx, v, 1, ThemeLight) })
		if err != nil {
			b.Fatal(err)
		}
	}
	lat.Report(b)
	reportCPU(b, cpu0)
}

// BenchmarkViewColdDisk1280x800 is BenchmarkViewCold1280x800 with the disk
// cache on, as the window runs it: tiles are also encoded and written out.
func BenchmarkViewColdDisk1280x800(b *testing.B) {
	dir := b.TempDir()
	r := newLIRenderer(b, Options{CacheDir: dir})
	ctx := context.Background()
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := rusage.CPU()
	v := View{Center: liVaduz, Zoom: 15, Width: 1280, Height: 800}
	for i := 0; i < b.N; i++ {
		// A new, empty cache directory each time; the previous cache's
		// writes are flushed outside the timer.
		b.StopTimer()
		r.cache.Close()
		r.cache = NewCache(filepath.Join(dir, strconv.Itoa(i)), r.opts.MemoryBytes)
		b.StartTimer()
		var err error
		lat.Time(func() { _, err = r.View(ctx, v, 1, ThemeLight) })
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	r.Close()
	lat.Report(b)
	reportCPU(b, cpu0)
}

// BenchmarkViewWarm1280x800 renders the same view from the memory cache.
func BenchmarkViewWarm1280x800(b *testing.B) {
	r := newLIRenderer(b, Options{})
	ctx := context.Background()
	v := View{Center: liVaduz, Zoom: 15, Width: 1280, Height: 800}
	if _, err := r.View(ctx, v, 1, ThemeLight); err != nil {
		b.Fatal(err)
	}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		var err error
		lat.Time(func() { _, err = r.View(ctx, v, 1, ThemeLight) })
		if err != nil {
			b.Fatal(err)
		}
	}
	lat.Report(b)
	reportCPU(b, cpu0)
}

// reportCPU adds the process CPU time per operation since cpu0 ("cpu-ns/op"):
// on a shared, busy machine wall-clock percentiles grow with other load,
// CPU time does not (a view on two idle cores takes about cpu-ns/op ÷ 2).
func reportCPU(b *testing.B, cpu0 time.Duration) {
	if d := rusage.CPU() - cpu0; d > 0 && b.N > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
