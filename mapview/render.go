// Package mapview draws the map: a tile renderer over the map features of
// region packs (the "features" import stage, regions/features), a tile
// cache, Web Mercator helpers, static image export, and the Fyne map widget
// (widget*.go; the renderer files import no Fyne so they test headless).
//
// Design choices:
//   - Tiles are drawn from vector features stored per zoom band in each pack
//     (geometry pre-generalised at import, an R*Tree over normalized Mercator
//     boxes and zoom ranges), so a tile reads only what it shows: geometry
//     near the tile, and label features (a second R*Tree) in a wider buffer.
//   - Drawing is antialiased with github.com/fogleman/gg; all features of one
//     style step are batched into one path and painted at once, so the cost
//     of a tile grows with its vertices, not with its features. Rings are
//     clipped and line runs far outside the tile dropped before rasterizing.
//   - The style is data (assets/style/<theme>.json): draw order, colours,
//     widths per zoom, minimum zooms, label sizes and POI icons; light and
//     dark themes. Text is drawn from the bundled Noto Sans glyph outlines,
//     so street names follow their street and every label gets a halo.
//   - Labels are placed on the tile plus a buffer of labelBuffer pixels, in a
//     deterministic global priority order, so a label crossing a tile border
//     is placed identically by both tiles (TestLabelsAgreeAcrossTiles).
//   - Several packs draw into the same tile; each feature query goes to the
//     packs whose bounds meet the tile.
//   - Tiles go through a Cache (memory LRU + optional disk directory, keyed by
//     the build ids of the packs drawn and the style version) that renders
//     each tile once even under concurrent requests; disk writes wait for
//     running renders so panning stays fast.
package mapview

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"waymark/engine/pack"
)

// Errors of the renderer.
var (
	ErrBadTile = errors.New("mapview: tile out of range")
	ErrBadSize = errors.New("mapview: tile size must be 256 or 512")
	ErrTheme   = errors.New("mapview: unknown theme")
)

// Options configure a Renderer. The zero value is usable: no disk cache,
// a 128 MB memory cache, one worker per CPU for views.
type Options struct {
	// CacheDir is the directory of the on-disk tile cache; "" disables it.
	CacheDir string
	// MemoryBytes bounds the memory tile cache (default 128 MB; < 0 disables it).
	MemoryBytes int64
	// Workers is the number of tiles View renders at once (default GOMAXPROCS).
	Workers int
}

// Renderer draws map tiles from the map features of region packs. It is
// safe for concurrent use.
type Renderer struct {
	opts  Options
	cache *Cache
	fonts *fontSet

	mu      sync.RWMutex
	packs   []*packSource
	classes *classRegistry
	styles  map[Theme]*compiledStyle

	renders atomic.Int64
	pool    sync.Pool // *scratch
}

// NewRenderer returns a renderer over packs (which it does not close). Packs
// built without the features stage are accepted and draw nothing.
func NewRenderer(packs []*pack.Pack, opts Options) (*Renderer, error) {
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.MemoryBytes == 0 {
		opts.MemoryBytes = 128 << 20
	}
	fonts, err := loadFonts()
	if err != nil {
		return nil, err
	}
	r := &Renderer{opts: opts, fonts: fonts, cache: NewCache(opts.CacheDir, opts.MemoryBytes)}
	r.pool.New = func() any { return new(scratch) }
	if err := r.SetPacks(packs); err != nil {
		return nil, err
	}
	return r, nil
}

// SetPacks replaces the packs the renderer draws from (e.g. after a region
// was installed or removed). Cached tiles of other pack sets stay valid:
// cache keys name the packs drawn.
func (r *Renderer) SetPacks(packs []*pack.Pack) error {
	reg := newClassRegistry()
	var srcs []*packSource
	for i, p := range packs {
		src, err := openPackSource(p, i, reg)
		if err != nil {
			return err
		}
		srcs = append(srcs, src)
	}
	styles := map[Theme]*compiledStyle{}
	for _, th := range Themes {
		st, err := LoadStyle(th)
		if err != nil {
			return err
		}
		styles[th] = compileStyle(st, reg)
	}
	r.mu.Lock()
	r.packs, r.classes, r.styles = srcs, reg, styles
	r.mu.Unlock()
	return nil
}

// Cache returns the renderer's tile cache.
func (r *Renderer) Cache() *Cache { return r.cache }

// Renders returns how many tiles the renderer has drawn (cache misses).
func (r *Renderer) Renders() int64 { return r.renders.Load() }

// Close waits for pending disk cache writes. The packs are not closed.
func (r *Renderer) Close() error { return r.cache.Close() }

// Tile returns tile z/x/y of size×size pixels (256, or 512 for HiDPI) in
// theme, from the cache when it holds it. The returned image is shared with
// the cache: callers must not modify it.
func (r *Renderer) Tile(ctx context.Context, z, x, y, size int, theme Theme) (image.Image, error) {
	packs, style, err := r.snapshot(z, x, y, size, theme)
	if err != nil {
		return nil, err
	}
	key := TileKey{Packs: packsKey(packs, z, x, y), Style: style.style.Version, Theme: theme, Size: size, Z: z, X: x, Y: y}
	return r.cache.Get(ctx, key, func() (image.Image, error) {
		return r.render(ctx, packs, style, z, x, y, size)
	})
}

// RenderTile draws tile z/x/y without the cache.
func (r *Renderer) RenderTile(ctx context.Context, z, x, y, size int, theme Theme) (*image.RGBA, error) {
	packs, style, err := r.snapshot(z, x, y, size, theme)
	if err != nil {
		return nil, err
	}
	return r.render(ctx, packs, style, z, x, y, size)
}

// snapshot validates a tile request and returns the packs and style to draw
// it with, read together under the lock so SetPacks cannot interleave.
func (r *Renderer) snapshot(z, x, y, size int, theme Theme) ([]*packSource, *compiledStyle, error) {
	if err := checkTile(z, x, y, size); err != nil {
		return nil, nil, err
	}
	r.mu.RLock()
	packs, style := r.packs, r.styles[theme]
	r.mu.RUnlock()
	if style == nil {
		return nil, nil, fmt.Errorf("%w: %d", ErrTheme, theme)
	}
	return packs, style, nil
}

func checkTile(z, x, y, size int) error {
	if !ValidTile(z, x, y) {
		return fmt.Errorf("%w: %d/%d/%d", ErrBadTile, z, x, y)
	}
	if size != 256 && size != 512 {
		return fmt.Errorf("%w: %d", ErrBadSize, size)
	}
	return nil
}

// View renders view v (its zoom rounded to an integer) as one image of
// v.Width×v.Height pixels, drawing the tiles it needs in parallel through the
// cache. scale is 1 for 256-pixel tiles or 2 for HiDPI (512-pixel tiles; the
// image is then 2·Width × 2·Height).
func (r *Renderer) View(ctx context.Context, v View, scale int, theme Theme) (*image.RGBA, error) {
	if scale != 1 && scale != 2 {
		return nil, fmt.Errorf("%w: scale %d", ErrBadSize, scale)
	}
	if v.Width <= 0 || v.Height <= 0 || v.Width > 8192 || v.Height > 8192 {
		return nil, fmt.Errorf("mapview: view size %dx%d out of range", v.Width, v.Height)
	}
	z := int(math.Round(math.Max(MinZoom, math.Min(MaxZoom, v.Zoom))))
	v.Zoom = float64(z)
	ox, oy := v.Origin()
	size := TileSize * scale
	out := image.NewRGBA(image.Rect(0, 0, v.Width*scale, v.Height*scale))
	r.mu.RLock()
	cs := r.styles[theme]
	r.mu.RUnlock()
	if cs == nil {
		return nil, fmt.Errorf("%w: %d", ErrTheme, theme)
	}
	bg := cs.style.Background.NRGBA
	draw.Draw(out, out.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)

	n := 1 << z
	tx0, ty0 := int(math.Floor(ox/TileSize)), int(math.Floor(oy/TileSize))
	tx1 := int(math.Floor((ox + float64(v.Width) - 1) / TileSize))
	ty1 := int(math.Floor((oy + float64(v.Height) - 1) / TileSize))
	var jobs [][2]int
	for ty := max(ty0, 0); ty <= min(ty1, n-1); ty++ {
		for tx := tx0; tx <= tx1; tx++ {
			jobs = append(jobs, [2]int{tx, ty})
		}
	}
	err := r.eachTile(ctx, z, jobs, size, theme, func(tx, ty int, img image.Image) {
		dx := int(math.Round((float64(tx*TileSize) - ox) * float64(scale)))
		dy := int(math.Round((float64(ty*TileSize) - oy) * float64(scale)))
		rect := image.Rect(dx, dy, dx+size, dy+size)
		draw.Draw(out, rect, img, image.Point{}, draw.Src) // disjoint rectangles: safe concurrently
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachTile gets the tiles (x, y; x may lie outside the world and wraps) of
// zoom z through the cache with r.opts.Workers goroutines, calling use
// concurrently for each. It returns the first error.
func (r *Renderer) eachTile(ctx context.Context, z int, tiles [][2]int, size int, theme Theme, use func(x, y int, img image.Image)) error {
	n := 1 << z
	var (
		wg    sync.WaitGroup
		next  atomic.Int64
		errMu sync.Mutex
		first error
	)
	for w := 0; w < min(r.opts.Workers, len(tiles)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tiles) || ctx.Err() != nil {
					return
				}
				t := tiles[i]
				img, err := r.Tile(ctx, z, ((t[0]%n)+n)%n, t[1], size, theme)
				if err != nil {
					errMu.Lock()
					if first == nil {
						first = err
					}
					errMu.Unlock()
					return
				}
				use(t[0], t[1], img)
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}
