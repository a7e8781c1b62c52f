package ui

import (
	"context"
	"image"
	"log"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"waymark/engine"
	"waymark/mapview"
)

// tileSource draws the map of the open packs in the map theme that matches
// the app's light or dark variant.
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

// mapTheme returns the map theme for the app's current theme variant.
func mapTheme(a fyne.App) mapview.Theme {
	if a != nil && a.Settings().ThemeVariant() == theme.VariantDark {
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
	w.mapw.SetTiler(&tileSource{r: w.renderer, theme: mapTheme(w.app)})
}
