// Package ui builds Waymark's window: a sidebar with the Search, Nearby,
// Tour, Regions and Server panels beside an interactive map
// (mapview.Widget) that fills the rest.
//
// Design choices:
//   - The window calls the engine facade directly, never its own HTTP API.
//     Every engine or rendering call runs on a background goroutine and
//     touches widgets only through fyne.Do, so typing stays fluid while
//     tiles render and queries run.
//   - The set of open region packs can change while the window runs
//     (import, delete): the engine is then reopened and swapped atomically,
//     the map's tile source replaced and a running loopback server restarted
//     on the new engine. The old engine is closed once in-flight work is done.
//   - This package never imports fyne.io/fyne/v2/app (which needs OpenGL):
//     the caller passes the fyne.App, so the panels are tested with Fyne's
//     test driver without a display (see app/window.go for the real one).
//   - State kept between runs lives in ui/state; GUI-free logic (turn
//     instructions, GPX/GeoJSON files, the tour and its edit history,
//     saved tours) lives in ui/instructions, ui/tourfile, ui/tourmodel and
//     ui/tourstore so it tests without Fyne.
//
// Why one package of ~7,500 lines (over the house's ~5,000): what is left
// here is the widgets of one window, and its panels share that window's
// state rather than call each other through an interface — the engine
// swapped under a lock when packs change (Window.locked), the map widget
// and its overlays, the status line with its undo link, the UI-thread
// hand-off (doUI), the file dialogs and the tab switch (the tour panel
// alone uses twelve of them). A package per panel would need that state
// as an exported host interface, and every panel test drives the whole
// window anyway (tabs, map clicks, keyboard focus). Every part that does
// not draw — tour model and history, the stop picker (tourmodel.Pick),
// the files, the saved tours, the instructions, the settings — is its own
// package with its own tests, and that is where logic goes.
package ui

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/pack"
	"waymark/mapview"
	"waymark/regions"
	"waymark/ui/state"
)

// Options configure the window.
type Options struct {
	// Packs are region packs to open (from the command line), in addition
	// to the installed ones and those remembered from the last run. GPX
	// and GeoJSON files among them open as the tour.
	Packs []string
	// PacksDir is where imported packs are installed; default
	// regions.DefaultDir() (~/.local/share/waymark/packs).
	PacksDir string
	// ConfigDir holds state.json; default os.UserConfigDir()/waymark.
	ConfigDir string
	// ToursDir holds the saved tours; default "tours" beside PacksDir
	// (~/.local/share/waymark/tours).
	ToursDir string
	// Demo runs a scripted demo when set: "search" (types a query and
	// shows a result), "tour" (the search, then a four-stop tour that is
	// optimized) or "longtour" (a 30-stop tour at 1024×640). It saves
	// screenshots of the window to DemoDir (search.png, and tour.png for
	// "tour"; tour-long.png for "longtour") and closes the window.
	Demo string
	// DemoDir is where the demo writes its screenshots; default ".".
	DemoDir string
	// Screen, when set, returns the size of the screen the window opens
	// on, in pixels (the GUI driver's monitor; app/ asks GLFW). Run calls
	// it once the driver has started and shrinks the window to fit it: a
	// 1280×800 window on a 1024×640 or 1366×768 screen without a window
	// manager to clamp it hides its bottom rows and right edge.
	Screen func() (width, height int, ok bool)
}

// windowSize is the window's size at start: 1280×800, or less to fit a
// screen of width×height pixels at scale (logical pixels per pixel), never
// below least (the content's minimum size).
func windowSize(width, height int, scale float32, least fyne.Size) fyne.Size {
	size := fyne.NewSize(1280, 800)
	if width <= 0 || height <= 0 || scale <= 0 {
		return size
	}
	sw, sh := float32(width)/scale, float32(height)/scale
	size.Width = max(least.Width, min(size.Width, sw))
	size.Height = max(least.Height, min(size.Height, sh))
	return size
}

// ErrDemo is returned by Run when the scripted demo failed.
var ErrDemo = errors.New("ui: demo failed")

// Window is Waymark's main window and the state its panels share.
type Window struct {
	app  fyne.App
	win  fyne.Window
	opts Options

	configDir string
	catalog   regions.Catalog
	st        state.State

	eng      atomic.Pointer[engine.Engine]
	packs    []string          // paths of the open packs (UI goroutine only)
	renderer *mapview.Renderer // tiles of the open packs; nil without packs

	mapw    *mapview.Widget
	tabs    *container.AppTabs
	status  *widget.Label
	sidebar fyne.CanvasObject

	statusLink  *widget.Hyperlink // an action of the status message (Undo)
	sideWidth   *fixedWidth       // the sidebar's width (dragged, remembered)
	mainContent *fyne.Container   // sidebar and map
	tip         *tooltip

	search  *searchPanel
	nearby  *nearbyPanel
	tour    *tourPanel
	iso     *isochrones // the map's reachable areas
	regions *regionsPanel
	server  *serverPanel

	engineListeners []func()
	themeListeners  []func()        // run after the light/dark look changed
	themeBt         *widget.Button  // the header's light/dark switch
	dialogs         []dialog.Dialog // open dialogs, newest last (Esc closes it)
	ring            *focusRing      // marks the focused control
	done            chan struct{}   // closed at shutdown (ends waits for dialogs)
	closeOnce       sync.Once
	uiMu            sync.Mutex // held by doUI callbacks
	testClose       sync.Once  // tests close the window once
	demoErr         error
	saveTimer       *time.Timer // pending debounced save (UI goroutine)
	closed          atomic.Bool // shutdown has run (set outside uiMu by tests' shutdown)
	applyingTheme   atomic.Bool // setTheme is applying the window's own theme
	retiredMu       sync.Mutex
	retired         []*retired
}

// Run opens the window on a (the GUI app created by the caller) and blocks
// until it is closed. The window's state is saved on close.
func Run(a fyne.App, opts Options) error {
	w, err := New(a, opts)
	if err != nil {
		return err
	}
	if opts.Screen != nil {
		a.Lifecycle().SetOnStarted(func() {
			if sw, sh, ok := opts.Screen(); ok {
				size := windowSize(sw, sh, w.win.Canvas().Scale(), w.win.Content().MinSize())
				if size != fyne.NewSize(1280, 800) {
					w.win.Resize(size)
				}
			}
		})
	}
	if opts.Demo != "" {
		go w.runDemo(opts.Demo, opts.DemoDir)
	}
	w.win.ShowAndRun()
	w.shutdown()
	return w.demoErr
}

// New builds the window without showing it: it opens the packs, restores
// the last state and lays out the panels.
func New(a fyne.App, opts Options) (*Window, error) {
	w := &Window{app: a, opts: opts, done: make(chan struct{})}
	// Background work started while building (tiles, the restored tour's
	// route) reports through doUI: hold its lock until the window is whole.
	w.uiMu.Lock()
	defer w.uiMu.Unlock()
	var err error
	if w.configDir = opts.ConfigDir; w.configDir == "" {
		if w.configDir, err = state.DefaultDir(); err != nil {
			log.Printf("ui: %v; settings will not be kept", err)
		}
	}
	if w.catalog.Dir = opts.PacksDir; w.catalog.Dir == "" {
		if w.catalog.Dir, err = regions.DefaultDir(); err != nil {
			return nil, err
		}
	}
	if w.configDir != "" {
		if w.st, err = state.Load(w.configDir); err != nil {
			log.Printf("ui: %v; starting with defaults", err)
		}
	}

	a.Settings().SetTheme(newAppTheme(w.st.Theme))
	w.win = a.NewWindow("Waymark")
	w.win.Resize(fyne.NewSize(1280, 800))
	w.mapw = mapview.NewWidget(nil, orb.Point{9.52, 47.14}, 11)
	w.mapw.Do = w.doUI
	w.mapw.OnHome = func() { w.showHome() }
	w.mapw.OnClear = func() { w.clearMap() }
	w.mapw.OnViewChanged = func(orb.Point, float64) {
		if !w.mapw.KeepsArea() { // a home view is not kept: the next start fits it to its window
			w.scheduleSave()
		}
	}
	// Status messages wrap: a long one (an import's time left, a GPS
	// track's matching) is read whole, never cut off.
	w.status = widget.NewLabel("")
	w.status.Wrapping = fyne.TextWrapWord
	w.statusLink = widget.NewHyperlink("", nil)
	w.statusLink.Hide()
	w.tip = newTooltip(w)

	tourFiles := w.takeTourFiles() // a .gpx or .geojson given opens as the tour
	if err := w.openPacks(w.initialPacks()); err != nil {
		w.setStatus("A region could not be opened: %v", err)
	}
	for _, p := range w.opts.Packs {
		if _, err := os.Stat(p); err != nil {
			w.setStatus("Region pack %s: %v", p, err)
		}
	}
	w.restoreView()
	w.buildLayout()
	for _, f := range tourFiles {
		w.openFile(f)
	}
	w.win.SetOnClosed(w.shutdown)
	// Settings change: the system's light or dark variant, the scale. The
	// window's own switch (setTheme, which may hold uiMu) updates itself.
	a.Settings().AddListener(func(fyne.Settings) {
		if !w.applyingTheme.Load() {
			w.doUI(w.themeChanged)
		}
	})
	return w, nil
}

// Canvas returns the window's canvas (tests and screenshots).
func (w *Window) Canvas() fyne.Canvas { return w.win.Canvas() }

// FyneWindow returns the underlying Fyne window.
func (w *Window) FyneWindow() fyne.Window { return w.win }

// Map returns the map widget.
func (w *Window) Map() *mapview.Widget { return w.mapw }

// Engine returns the engine over the open packs, or nil when none is open.
func (w *Window) Engine() *engine.Engine { return w.eng.Load() }

// initialPacks lists the packs to open: those given on the command line,
// the installed ones, and those remembered from the last run, without
// duplicates or missing files.
func (w *Window) initialPacks() []string {
	var paths []string
	paths = append(paths, w.opts.Packs...)
	if ents, err := w.catalog.List(); err == nil {
		for _, e := range ents {
			if e.Err == nil {
				paths = append(paths, e.Path)
			}
		}
	}
	paths = append(paths, w.st.Packs...)
	return uniquePaths(paths)
}

func uniquePaths(paths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = p
		}
		if seen[abs] {
			continue
		}
		if st, err := os.Stat(abs); err != nil || st.IsDir() {
			continue
		}
		seen[abs] = true
		out = append(out, abs)
	}
	return out
}

// openPacks (re)opens the engine over paths, skipping packs that cannot be
// opened, and swaps it in. It returns the first error seen. A pack its
// quick check finds damaged is opened anyway, and the Regions panel marks
// it (the user decides: its answers may be wrong, its region is covered).
func (w *Window) openPacks(paths []string) error {
	var good []string
	var firstErr error
	for _, p := range paths {
		pk, err := pack.OpenWith(p, pack.Options{AllowDamaged: true}) // marked in Regions
		if err != nil {
			log.Printf("ui: skipping pack: %v", err)
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		pk.Close()
		good = append(good, p)
	}
	var eng *engine.Engine
	if len(good) > 0 {
		var err error
		if eng, err = engine.OpenWith(engine.Options{AllowDamaged: true}, good...); err != nil {
			log.Printf("ui: open packs: %v", err)
			good, eng = nil, nil
			if firstErr == nil {
				firstErr = err
			}
		}
	}
	old, oldR := w.eng.Swap(eng), w.renderer
	w.packs = good
	w.renderer = newTiles(eng, tileCacheDir())
	w.updateTiler()
	if old != nil || oldR != nil {
		w.retire(old, oldR)
	}
	w.win.SetTitle(windowTitle(eng))
	for _, f := range w.engineListeners {
		f()
	}
	if eng != nil {
		// Build the place indexes in the background, so the first
		// keystroke does not wait for them (the map and search answer
		// meanwhile; a query that needs an index waits for it).
		go func() {
			// closed meanwhile (a region swap, shutdown): nothing to say
			if err := eng.WarmPlaces(context.Background()); err != nil && !eng.Closed() {
				log.Printf("ui: warm place indexes: %v", err)
			}
		}()
	}
	return firstErr
}

// retired is an engine and renderer replaced by newer ones, closed once the
// work in flight on them is done (or at shutdown).
type retired struct {
	eng *engine.Engine
	r   *mapview.Renderer
}

// retireDelay is how long a replaced engine stays open for queries and
// tiles in flight.
const retireDelay = 10 * time.Second

// retire closes eng and r after retireDelay, or at shutdown if sooner.
func (w *Window) retire(eng *engine.Engine, r *mapview.Renderer) {
	rt := &retired{eng: eng, r: r}
	w.retiredMu.Lock()
	w.retired = append(w.retired, rt)
	w.retiredMu.Unlock()
	time.AfterFunc(retireDelay, func() { w.closeRetired(rt) })
}

// closeRetired closes rt (or every retired set when rt is nil) once.
func (w *Window) closeRetired(rt *retired) {
	w.retiredMu.Lock()
	var todo []*retired
	keep := w.retired[:0]
	for _, x := range w.retired {
		if rt == nil || x == rt {
			todo = append(todo, x)
		} else {
			keep = append(keep, x)
		}
	}
	w.retired = keep
	w.retiredMu.Unlock()
	for _, x := range todo {
		if x.r != nil {
			x.r.Close()
		}
		if x.eng != nil {
			x.eng.Close()
		}
	}
}

// windowTitle is "Waymark — Liechtenstein, Monaco" (the open regions).
func windowTitle(eng *engine.Engine) string {
	if eng == nil {
		return "Waymark"
	}
	var names []string
	for _, p := range eng.Packs() {
		names = append(names, regionTitle(p.Info))
	}
	return "Waymark — " + strings.Join(names, ", ")
}

// onEngineChange registers f to run (on the UI goroutine) whenever the set
// of open packs changes.
func (w *Window) onEngineChange(f func()) { w.engineListeners = append(w.engineListeners, f) }

// onThemeChange registers f to run (on the UI goroutine) after the
// window's light or dark look changed.
func (w *Window) onThemeChange(f func()) { w.themeListeners = append(w.themeListeners, f) }

// restoreView shows the last view, or the first pack's home area.
func (w *Window) restoreView() {
	if v := w.st.View; v != nil && v.Zoom > 0 {
		w.mapw.SetView(orb.Point{v.Lon, v.Lat}, v.Zoom)
		return
	}
	w.showHome()
}

// homePadding is the room kept free around a region's home area, in
// logical pixels.
const homePadding = 24

// showHome shows the first open pack's home area — the country or
// populated area it is about, written by the importer (pack.Info.Home,
// regions' homeArea) — centred and filling the map, and keeps it so while
// the window is laid out or resized, until the map is moved.
func (w *Window) showHome() {
	eng := w.Engine()
	if eng == nil || len(eng.Packs()) == 0 {
		return
	}
	w.showRegion(eng.Packs()[0].Info)
}

// showRegion shows a region's home area as showHome does.
func (w *Window) showRegion(info pack.Info) {
	w.mapw.ShowArea(info.Home, homePadding)
}

// doUI runs f on the UI goroutine (fyne.Do); background work updates
// widgets only through it. The callbacks also hold uiMu, which makes them
// atomic with respect to each other and to test code (Fyne's test driver
// runs fyne.Do callbacks on the calling goroutine).
func (w *Window) doUI(f func()) {
	fyne.Do(func() {
		w.uiMu.Lock()
		defer w.uiMu.Unlock()
		if w.closed.Load() {
			return // background work that ends after the window closed touches nothing
		}
		f()
	})
}

// setStatus shows a short message at the bottom of the sidebar.
func (w *Window) setStatus(format string, args ...any) {
	w.status.SetText(fmt.Sprintf(format, args...))
	w.statusLink.Hide()
}

// recoverTo turns a panic of engine code running on a background goroutine
// into an error, so one failing query never takes the window down.
func recoverTo(err *error) {
	if v := recover(); v != nil {
		log.Printf("ui: internal error: %v\n%s", v, debug.Stack())
		*err = fmt.Errorf("internal error: %v", v)
	}
}

// saveState writes the remembered state.
func (w *Window) saveState() {
	if w.configDir == "" {
		return
	}
	if c := w.mapw.Center(); w.mapw.KeepsArea() {
		w.st.View = nil // the home area, fitted anew to the next start's window
	} else {
		w.st.View = &state.View{Lon: c[0], Lat: c[1], Zoom: w.mapw.Zoom()}
	}
	w.st.Packs = append([]string(nil), w.packs...)
	if w.tabs != nil && w.tabs.Selected() != nil {
		w.st.Tab = w.tabs.Selected().Text
	}
	for _, f := range w.saveHooks() {
		f(&w.st)
	}
	if err := state.Save(w.configDir, w.st); err != nil {
		log.Printf("ui: %v", err)
	}
}

// saveDelay debounces saving the state after changes.
const saveDelay = 2 * time.Second

// scheduleSave saves the state shortly after the last change (the view,
// the tour), so a crash loses at most a few seconds of work.
func (w *Window) scheduleSave() {
	if w.saveTimer != nil {
		w.saveTimer.Stop()
	}
	w.saveTimer = time.AfterFunc(saveDelay, func() {
		w.doUI(w.saveState)
	})
}

// shutdown saves the state and stops the server; safe to call twice.
func (w *Window) shutdown() {
	w.closeOnce.Do(func() {
		if w.saveTimer != nil {
			w.saveTimer.Stop()
		}
		w.saveState()
		w.closed.Store(true)
		close(w.done)
		if w.ring != nil {
			w.ring.close()
		}
		if w.server != nil {
			w.server.stop()
		}
		// Stop drawing tiles and let the disk cache finish its writes.
		w.mapw.SetTiler(nil)
		if w.renderer != nil {
			w.renderer.Close()
		}
		w.closeRetired(nil)
		// The current engine too: it may still be loading indexes and
		// writing their images beside its packs in the background.
		if eng := w.eng.Load(); eng != nil {
			eng.Close()
		}
	})
}
