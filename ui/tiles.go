package ui

import (
	"context"
	"image"
	"log"
	"os"
	"path/filepath"

	"waymark/engine"
	"waymark/mapview"
)

// tileSource draws the map of the open packs in the map theme that matches
// the window's light or dark look.
type tileSource struct {
	r     *mapview.Renderer
	theme mapview.Theme
}

func (t *tileSource) Tile(ctx context.Context, z, x, y, size int) (image.Image, error) {
	return t.r.Tile(ctx, z, x, y, size, t.theme)
}

// tileCacheDir is the on-disk tile cache: os.UserCacheDir()/waymark/tiles,
// or "" (memory only) when there is no cache directory.
func tileCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		return ""
	}
	return filepath.Join(d, "waymark", "tiles")
}

// mapTheme returns the map theme of the window's look.
func (w *Window) mapTheme() mapview.Theme {
	if w.dark() {
		return mapview.ThemeDark
	}
	return mapview.ThemeLight
}

// newTiles returns a renderer over eng's packs, or nil when no pack is open
// or the renderer cannot be made (the error is logged; the map then shows
// its background, while search and routing keep working).
func newTiles(eng *engine.Engine, cacheDir string) *mapview.Renderer {
	if eng == nil {
		return nil
	}
	r, err := mapview.NewRenderer(eng.Packs(), mapview.Options{CacheDir: cacheDir})
	if err != nil {
		log.Printf("ui: map renderer: %v", err)
		return nil
	}
	return r
}

// updateTiler points the map at the current renderer and theme.
func (w *Window) updateTiler() {
	if w.renderer == nil {
		w.mapw.SetTiler(nil)
		return
	}
	th := w.mapTheme()
	if cur, ok := w.mapw.Tiler().(*tileSource); ok && cur.r == w.renderer && cur.theme == th {
		return // the same tiles: keep those drawn
	}
	w.mapw.SetTiler(&tileSource{r: w.renderer, theme: th})
}
