package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"waymark/internal/testpacks"
)

// TestWindowFitsASmallScreen: before its first layout (when the driver
// sizes the window to the screen) the window asks for no more than a
// 1024×640 screen, whichever tab shows (the Server tab asked for 642 px:
// its settings now scroll above the request log).
func TestWindowFitsASmallScreen(t *testing.T) {
	test.NewTempApp(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	w, err := New(fyne.CurrentApp(), Options{Packs: []string{testpacks.Path(t, "liechtenstein")}, ConfigDir: t.TempDir(), PacksDir: filepath.Join(t.TempDir(), "packs")})
	if err != nil {
		t.Fatal(err)
	}
	defer w.locked(w.shutdown)
	w.locked(func() {
		for _, tab := range []string{tabSearch, tabNearby, tabTour, tabRegions, tabServer} {
			w.selectTab(tab)
			if ms := w.win.Content().MinSize(); ms.Width > 1024 || ms.Height > 640 {
				t.Errorf("%s tab: the window asks for %v, more than 1024×640", tab, ms)
			}
		}
	})
}
