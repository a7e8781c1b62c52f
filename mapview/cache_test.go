package mapview

import (
	"context"
	"errors"
	"image"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

func solidTile(size int) image.Image { return image.NewRGBA(image.Rect(0, 0, size, size)) }

func TestCacheRendersOnce(t *testing.T) {
	cases := []struct {
		name    string
		dir     bool
		mem     int64
		workers int
	}{
		{"memory, one caller", false, 1 << 20, 1},
		{"memory, concurrent callers", false, 1 << 20, 16},
		{"disk only, concurrent callers", true, -1, 8},
		{"memory and disk", true, 1 << 20, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := ""
			if tc.dir {
				dir = t.TempDir()
			}
			c := NewCache(dir, tc.mem)
			defer c.Close()
			key := TileKey{Packs: "p", Theme: ThemeLight, Size: 256, Z: 3, X: 1, Y: 2}
			var renders atomic.Int32
			release := make(chan struct{})
			render := func() (image.Image, error) {
				renders.Add(1)
				<-release
				return solidTile(256), nil
			}
			var wg sync.WaitGroup
			for i := 0; i < tc.workers; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := c.Get(context.Background(), key, render); err != nil {
						t.Error(err)
					}
				}()
			}
			close(release)
			wg.Wait()
			c.Close() // flush disk writes
			// Later requests: from memory, or from disk with a fresh cache.
			c2 := c
			if tc.mem < 0 {
				c2 = NewCache(dir, tc.mem)
				defer c2.Close()
			}
			if _, err := c2.Get(context.Background(), key, render); err != nil {
				t.Fatal(err)
			}
			if got := renders.Load(); got != 1 {
				t.Errorf("renders = %d, want 1", got)
			}
			if tc.mem < 0 && c2.Stats().DiskHits != 1 {
				// Without memory the later request reads the disk.
				t.Errorf("disk hits = %d, want 1", c2.Stats().DiskHits)
			}
		})
	}
}

func TestCacheEvictsByBytes(t *testing.T) {
	c := NewCache("", 3*256*256*4) // room for three 256 tiles
	for x := 0; x < 5; x++ {
		key := TileKey{Packs: "p", Size: 256, Z: 5, X: x}
		if _, err := c.Get(context.Background(), key, func() (image.Image, error) { return solidTile(256), nil }); err != nil {
			t.Fatal(err)
		}
	}
	st := c.Stats()
	if st.Tiles != 3 || st.MemoryBytes != 3*256*256*4 {
		t.Errorf("after 5 tiles: %d tiles, %d bytes; want 3 tiles, %d bytes", st.Tiles, st.MemoryBytes, 3*256*256*4)
	}
	if _, ok := c.Peek(TileKey{Packs: "p", Size: 256, Z: 5, X: 0}); ok {
		t.Errorf("oldest tile still cached")
	}
	if _, ok := c.Peek(TileKey{Packs: "p", Size: 256, Z: 5, X: 4}); !ok {
		t.Errorf("newest tile not cached")
	}
}

func TestCacheErrorNotCached(t *testing.T) {
	c := NewCache(t.TempDir(), 1<<20)
	defer c.Close()
	key := TileKey{Packs: "p", Size: 256}
	boom := errors.New("boom")
	n := 0
	render := func() (image.Image, error) {
		n++
		if n == 1 {
			return nil, boom
		}
		return solidTile(256), nil
	}
	if _, err := c.Get(context.Background(), key, render); !errors.Is(err, boom) {
		t.Fatalf("first Get error = %v, want boom", err)
	}
	if _, err := c.Get(context.Background(), key, render); err != nil {
		t.Fatalf("second Get error = %v, want nil", err)
	}
	if n != 2 {
		t.Errorf("renders = %d, want 2", n)
	}
}

// TestRendererCacheHit checks that a second request for a tile (same pack,
// theme and size) does not render again, and that a different theme does.
func TestRendererCacheHit(t *testing.T) {
	dir := t.TempDir()
	r := newLIRenderer(t, Options{CacheDir: dir})
	x, y := TileAt(liVaduz, 15)
	ctx := context.Background()
	steps := []struct {
		name    string
		theme   Theme
		size    int
		renders int64
	}{
		{"first light", ThemeLight, 256, 1},
		{"again light", ThemeLight, 256, 1},
		{"dark", ThemeDark, 256, 2},
		{"hidpi", ThemeLight, 512, 3},
		{"again dark", ThemeDark, 256, 3},
	}
	for _, s := range steps {
		if _, err := r.Tile(ctx, 15, x, y, s.size, s.theme); err != nil {
			t.Fatal(err)
		}
		if got := r.Renders(); got != s.renders {
			t.Errorf("%s: renders = %d, want %d", s.name, got, s.renders)
		}
	}
	r.Close()
	// A new renderer over the same pack finds the tile on disk.
	r2 := newLIRenderer(t, Options{CacheDir: dir})
	if _, err := r2.Tile(ctx, 15, x, y, 256, ThemeLight); err != nil {
		t.Fatal(err)
	}
	if got := r2.Renders(); got != 0 {
		t.Errorf("new renderer over a filled disk cache rendered %d tiles, want 0", got)
	}
}

// TestRendererConcurrent asks for overlapping tiles from many goroutines:
// every distinct tile renders exactly once.
func TestRendererConcurrent(t *testing.T) {
	r := newLIRenderer(t, Options{})
	x0, y0 := TileAt(liVaduz, 16)
	type req struct {
		x, y, size int
		theme      Theme
	}
	var reqs []req
	for dx := 0; dx < 3; dx++ {
		for dy := 0; dy < 2; dy++ {
			reqs = append(reqs, req{x0 + dx, y0 + dy, 256, ThemeLight}, req{x0 + dx, y0 + dy, 512, ThemeDark})
		}
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := range reqs {
				q := reqs[(i+g)%len(reqs)]
				if _, err := r.Tile(context.Background(), 16, q.x, q.y, q.size, q.theme); err != nil {
					t.Error(err)
				}
			}
		}(g)
	}
	wg.Wait()
	if got := r.Renders(); got != int64(len(reqs)) {
		t.Errorf("renders = %d, want %d (one per distinct tile)", got, len(reqs))
	}
}

func TestCachePruneDisk(t *testing.T) {
	dir := t.TempDir()
	c := NewCache(dir, -1)
	for x := 0; x < 6; x++ {
		key := TileKey{Packs: "p", Size: 256, Z: 4, X: x}
		if _, err := c.Get(context.Background(), key, func() (image.Image, error) { return solidTile(256), nil }); err != nil {
			t.Fatal(err)
		}
	}
	c.Close()
	size := func() (n int, total int64) {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				info, _ := d.Info()
				n++
				total += info.Size()
			}
			return nil
		})
		return
	}
	n, total := size()
	if n != 6 {
		t.Fatalf("%d tiles on disk, want 6", n)
	}
	per := total / 6
	removed, err := c.PruneDisk(3 * per)
	if err != nil {
		t.Fatal(err)
	}
	if n2, total2 := size(); removed != 3 || n2 != 3 || total2 > 3*per {
		t.Errorf("PruneDisk removed %d; %d files, %d bytes left; want 3 removed, 3 left", removed, n2, total2)
	}
	if removed, _ := c.PruneDisk(1 << 30); removed != 0 {
		t.Errorf("PruneDisk under the limit removed %d files", removed)
	}
}
