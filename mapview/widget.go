package mapview

import (
	"context"
	"image"
	"math"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"
)

// Tiler renders one square map tile of size×size device pixels at zoom z,
// column x and row y (XYZ scheme). It is called from background goroutines
// and must be safe for concurrent use; it should return promptly once ctx is
// cancelled. The tile renderer of this package implements it.
type Tiler interface {
	Tile(ctx context.Context, z, x, y, size int) (image.Image, error)
}

// TilerFunc adapts a function to the Tiler interface.
type TilerFunc func(ctx context.Context, z, x, y, size int) (image.Image, error)

// Tile calls f.
func (f TilerFunc) Tile(ctx context.Context, z, x, y, size int) (image.Image, error) {
	return f(ctx, z, x, y, size)
}

// Zoom limits of the widget.
const (
	WidgetMinZoom = 2.0
	WidgetMaxZoom = 19.0
)

// longPress is how long the primary button must stay down, without moving,
// to open the context menu (touch screens and one-button mice).
const longPress = 600 * time.Millisecond

// Widget is the interactive map: drag to pan, scroll or pinch to zoom around
// the pointer, double-click to zoom in, +/− buttons, arrow and +/− keys;
// focused, it marks its centre with a cross and Enter or Space opens the
// context menu there (every map action without a mouse).
// It draws tiles from a Tiler in the background, showing lower-zoom tiles
// scaled while the exact ones render, and overlays markers, an outline,
// route lines, numbered stops and GPS traces on top. The attribution
// "© OpenStreetMap contributors" and a scale bar are always visible.
//
// All methods must be called on the Fyne UI goroutine (use fyne.Do from
// background work); callbacks are called on it.
type Widget struct {
	widget.BaseWidget

	center orb.Point // [lon, lat]
	zoom   float64

	// OnTapped is called with the location of a primary click that hit no marker.
	OnTapped func(p orb.Point)
	// OnMarkerTapped is called with the index of a tapped marker (SetMarkers order).
	OnMarkerTapped func(i int)
	// OnContextMenu is called on a secondary click or long press with the
	// location and the absolute canvas position for a pop-up menu.
	OnContextMenu func(p orb.Point, at fyne.Position)
	// OnViewChanged is called after the centre or zoom changed.
	OnViewChanged func(center orb.Point, zoom float64)
	// OnHome, when set before the widget is shown, adds a "show the whole
	// region" button under the zoom buttons that calls it.
	OnHome func()
	// OnClear, when set before the widget is shown, adds a "clear the map"
	// button under the zoom buttons that calls it.
	OnClear func()
	// Do runs f on the UI goroutine; nil means fyne.Do. Background tile
	// loading and the long-press timer update the widget through it.
	Do func(f func())

	layers overlayLayers
	tiles  *tileLoader

	focused    bool
	fit        *areaFit // the area to keep fitted until the view is moved
	pressTimer *time.Timer
	pressAt    fyne.Position
	longDone   bool
	anim       *fyne.Animation
}

// NewWidget returns a map widget centred on center at zoom drawing tiles
// from t (which may be nil: the map then shows its background only).
func NewWidget(t Tiler, center orb.Point, zoom float64) *Widget {
	w := &Widget{center: center, zoom: clampZoom(zoom)}
	w.tiles = newTileLoader(w)
	w.tiles.setTiler(t)
	w.ExtendBaseWidget(w)
	return w
}

// SetTiler replaces the tile source (another region set or map theme) and
// drops every tile drawn so far.
func (w *Widget) SetTiler(t Tiler) {
	w.tiles.setTiler(t)
	w.Refresh()
}

// Tiler returns the tile source (nil: none).
func (w *Widget) Tiler() Tiler {
	w.tiles.mu.Lock()
	defer w.tiles.mu.Unlock()
	return w.tiles.tiler
}

// Center returns the location at the middle of the view.
func (w *Widget) Center() orb.Point { return w.center }

// Zoom returns the current (possibly fractional) zoom level.
func (w *Widget) Zoom() float64 { return w.zoom }

// SetView moves the view to center at zoom at once.
func (w *Widget) SetView(center orb.Point, zoom float64) {
	w.takeView()
	w.center, w.zoom = center, clampZoom(zoom)
	w.changed()
}

// FlyTo moves the view to center at zoom with a short animation when the
// target is near, at once otherwise.
func (w *Widget) FlyTo(center orb.Point, zoom float64) {
	w.takeView()
	zoom = clampZoom(zoom)
	x0, y0 := LonLatToPixel(w.center, w.zoom)
	x1, y1 := LonLatToPixel(center, w.zoom)
	sz := w.Size()
	if math.Abs(x1-x0) > 3*float64(sz.Width)+1 || math.Abs(y1-y0) > 3*float64(sz.Height)+1 || sz.Width == 0 {
		w.SetView(center, zoom)
		return
	}
	from, z0 := w.center, w.zoom
	var anim *fyne.Animation
	anim = fyne.NewAnimation(350*time.Millisecond, func(f float32) {
		t := float64(f)
		w.center = orb.Point{from[0] + (center[0]-from[0])*t, from[1] + (center[1]-from[1])*t}
		w.zoom = z0 + (zoom-z0)*t
		w.changed()
		if f >= 1 && w.anim == anim {
			w.anim = nil
		}
	})
	w.anim = anim
	w.anim.Curve = fyne.AnimationEaseInOut
	w.anim.Start()
}

// FitBound shows all of b, zoomed in at most to maxZoom.
func (w *Widget) FitBound(b orb.Bound, maxZoom float64) {
	sz := w.Size()
	width, height := float64(sz.Width), float64(sz.Height)
	if width < 50 || height < 50 {
		width, height = 800, 600
	}
	z := math.Min(ZoomForBound(b, int(width), int(height), 64), maxZoom)
	w.FlyTo(b.Center(), z)
}

// LocationAt returns the location under pos (relative to the widget).
func (w *Widget) LocationAt(pos fyne.Position) orb.Point {
	cx, cy := LonLatToPixel(w.center, w.zoom)
	sz := w.Size()
	return PixelToLonLat(cx+float64(pos.X-sz.Width/2), cy+float64(pos.Y-sz.Height/2), w.zoom)
}

// PositionOf returns where p is drawn, relative to the widget.
func (w *Widget) PositionOf(p orb.Point) fyne.Position {
	cx, cy := LonLatToPixel(w.center, w.zoom)
	x, y := LonLatToPixel(p, w.zoom)
	sz := w.Size()
	return fyne.NewPos(float32(x-cx)+sz.Width/2, float32(y-cy)+sz.Height/2)
}

// ViewBound returns the area currently shown.
func (w *Widget) ViewBound() orb.Bound {
	sz := w.Size()
	a := w.LocationAt(fyne.NewPos(0, sz.Height))
	b := w.LocationAt(fyne.NewPos(sz.Width, 0))
	return orb.Bound{Min: a, Max: b}
}

// ZoomIn and ZoomOut change the zoom by one level around the centre.
func (w *Widget) ZoomIn()  { w.zoomAround(1, w.Size().Width/2, w.Size().Height/2, true) }
func (w *Widget) ZoomOut() { w.zoomAround(-1, w.Size().Width/2, w.Size().Height/2, true) }

// Pan moves the view by dx, dy logical pixels (positive: content moves left/up).
func (w *Widget) Pan(dx, dy float32) {
	w.takeView()
	cx, cy := LonLatToPixel(w.center, w.zoom)
	w.center = PixelToLonLat(cx+float64(dx), cy+float64(dy), w.zoom)
	w.changed()
}

func (w *Widget) zoomAround(dz float64, px, py float32, animate bool) {
	w.takeView()
	target := clampZoom(math.Round((w.zoom+dz)*4) / 4)
	if !animate {
		target = clampZoom(w.zoom + dz)
	}
	sz := w.Size()
	anchor := w.LocationAt(fyne.NewPos(px, py))
	ox, oy := float64(px-sz.Width/2), float64(py-sz.Height/2)
	apply := func(z float64) {
		ax, ay := LonLatToPixel(anchor, z)
		w.zoom = z
		w.center = PixelToLonLat(ax-ox, ay-oy, z)
		w.changed()
	}
	if !animate {
		apply(target)
		return
	}
	z0 := w.zoom
	var anim *fyne.Animation
	anim = fyne.NewAnimation(180*time.Millisecond, func(f float32) {
		apply(z0 + (target-z0)*float64(f))
		if f >= 1 && w.anim == anim {
			w.anim = nil
		}
	})
	w.anim = anim
	w.anim.Curve = fyne.AnimationEaseOut
	w.anim.Start()
}

// Animating reports whether the view is moving by itself (a fly-to or an
// animated zoom).
func (w *Widget) Animating() bool { return w.anim != nil }

// areaFit is an area ShowArea keeps in view: b with padding pixels free
// at each side.
type areaFit struct {
	b       orb.Bound
	padding float64
}

// ShowArea shows all of b centred and as large as the widget allows,
// keeping padding logical pixels free at each side, and keeps it so as the
// widget is resized (the window's first layout included: before the widget
// has a size it only remembers b) until the view is moved by the user or
// another call.
func (w *Widget) ShowArea(b orb.Bound, padding float64) {
	w.takeView()
	w.fit = &areaFit{b: b, padding: padding}
	w.applyFit()
}

// KeepsArea reports whether the view is the area of the last ShowArea,
// not yet moved.
func (w *Widget) KeepsArea() bool { return w.fit != nil }

// applyFit fits the view to w.fit when the widget has a size.
func (w *Widget) applyFit() {
	sz := w.Size()
	if w.fit == nil || sz.Width < 1 || sz.Height < 1 {
		return
	}
	w.center, w.zoom = FitView(w.fit.b, float64(sz.Width), float64(sz.Height), w.fit.padding)
	w.changed()
}

// FitView returns the centre and zoom that show all of b centred in a
// width×height view (logical pixels) with padding free at each side: the
// middle of b in Web Mercator (not the mean of its latitudes) at the
// largest zoom that fits, within the widget's limits.
func FitView(b orb.Bound, width, height, padding float64) (center orb.Point, zoom float64) {
	x0, y1 := Mercator(b.Min)
	x1, y0 := Mercator(b.Max)
	center = MercatorInverse((x0+x1)/2, (y0+y1)/2)
	return center, clampZoom(ZoomForBound(b, int(width), int(height), padding))
}

// Resize sizes the widget and refits the area ShowArea keeps in view.
func (w *Widget) Resize(s fyne.Size) {
	if s == w.Size() {
		return
	}
	w.BaseWidget.Resize(s)
	w.applyFit()
}

// takeView ends what moves the view by itself (an animation, a kept area)
// before the view is set.
func (w *Widget) takeView() {
	w.fit = nil
	w.stopAnimation()
}

func (w *Widget) stopAnimation() {
	if w.anim != nil {
		w.anim.Stop()
		w.anim = nil
	}
}

func (w *Widget) do(f func()) {
	if w.Do != nil {
		w.Do(f)
		return
	}
	fyne.Do(f)
}

func (w *Widget) changed() {
	w.Refresh()
	if w.OnViewChanged != nil {
		w.OnViewChanged(w.center, w.zoom)
	}
}

func clampZoom(z float64) float64 {
	if math.IsNaN(z) {
		return WidgetMinZoom
	}
	return math.Max(WidgetMinZoom, math.Min(WidgetMaxZoom, z))
}

// MinSize is small: the map takes whatever room the layout gives it.
func (w *Widget) MinSize() fyne.Size { return fyne.NewSize(160, 160) }

// CreateRenderer is part of fyne.Widget.
func (w *Widget) CreateRenderer() fyne.WidgetRenderer { return newWidgetRenderer(w) }

// Dragged pans the map with the pointer.
func (w *Widget) Dragged(ev *fyne.DragEvent) {
	w.cancelPress()
	w.Pan(-ev.Dragged.DX, -ev.Dragged.DY)
}

// DragEnd is part of fyne.Draggable.
func (w *Widget) DragEnd() {}

// Scrolled zooms around the pointer: one wheel notch is half a zoom level;
// touchpads give finer steps.
func (w *Widget) Scrolled(ev *fyne.ScrollEvent) {
	dz := float64(ev.Scrolled.DY) / 20
	if dz == 0 {
		return
	}
	dz = math.Max(-1, math.Min(1, dz))
	w.zoomAround(dz, ev.Position.X, ev.Position.Y, false)
}

// Tapped focuses the map and reports the tapped marker or location.
func (w *Widget) Tapped(ev *fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(w); c != nil {
		c.Focus(w)
	}
	if w.longDone {
		w.longDone = false
		return
	}
	if i := w.layers.markerAt(w, ev.Position); i >= 0 {
		if w.OnMarkerTapped != nil {
			w.OnMarkerTapped(i)
		}
		return
	}
	if w.OnTapped != nil {
		w.OnTapped(w.LocationAt(ev.Position))
	}
}

// DoubleTapped zooms in one level around the pointer.
func (w *Widget) DoubleTapped(ev *fyne.PointEvent) {
	w.zoomAround(1, ev.Position.X, ev.Position.Y, true)
}

// TappedSecondary opens the context menu.
func (w *Widget) TappedSecondary(ev *fyne.PointEvent) {
	w.contextMenu(ev.Position, ev.AbsolutePosition)
}

func (w *Widget) contextMenu(pos, abs fyne.Position) {
	if w.OnContextMenu != nil {
		w.OnContextMenu(w.LocationAt(pos), abs)
	}
}

// MouseDown starts the long-press timer for the primary button.
func (w *Widget) MouseDown(ev *desktop.MouseEvent) {
	if ev.Button != desktop.MouseButtonPrimary {
		return
	}
	w.cancelPress()
	w.longDone = false
	pos, abs := ev.Position, ev.AbsolutePosition
	w.pressAt = pos
	w.pressTimer = time.AfterFunc(longPress, func() {
		w.do(func() {
			if w.pressTimer == nil {
				return
			}
			w.pressTimer = nil
			w.longDone = true
			w.contextMenu(pos, abs)
		})
	})
}

// MouseUp cancels a pending long press.
func (w *Widget) MouseUp(*desktop.MouseEvent) { w.cancelPress() }

func (w *Widget) cancelPress() {
	if w.pressTimer != nil {
		w.pressTimer.Stop()
		w.pressTimer = nil
	}
}

// FocusGained is part of fyne.Focusable: the centre cross shows.
func (w *Widget) FocusGained() { w.focused = true; w.Refresh() }

// FocusLost is part of fyne.Focusable.
func (w *Widget) FocusLost() { w.focused = false; w.Refresh() }

// Focused reports whether the map has the keyboard focus.
func (w *Widget) Focused() bool { return w.focused }

// menuAtCenter opens the context menu for the centre of the view (the
// keyboard's way to the map actions).
func (w *Widget) menuAtCenter() {
	sz := w.Size()
	pos := fyne.NewPos(sz.Width/2, sz.Height/2)
	abs := pos
	if d := fyne.CurrentApp().Driver(); d != nil {
		abs = d.AbsolutePositionForObject(w).Add(pos)
	}
	w.contextMenu(pos, abs)
}

// TypedRune zooms with + and −.
func (w *Widget) TypedRune(r rune) {
	switch r {
	case '+', '=':
		w.ZoomIn()
	case '-', '_':
		w.ZoomOut()
	}
}

// TypedKey pans with the arrow keys and opens the context menu at the
// centre with Enter or Space. (+ and − zoom in TypedRune: the driver
// delivers those keys twice, as a key and as a character.)
func (w *Widget) TypedKey(ev *fyne.KeyEvent) {
	const step = 120
	switch ev.Name {
	case fyne.KeyLeft:
		w.Pan(-step, 0)
	case fyne.KeyRight:
		w.Pan(step, 0)
	case fyne.KeyUp:
		w.Pan(0, -step)
	case fyne.KeyDown:
		w.Pan(0, step)
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		w.menuAtCenter()
	}
}

// tileKey names one tile at the pixel size it was rendered at.
type tileKey struct{ z, x, y, px int }

// tileLoader renders missing tiles on background goroutines, newest view
// first, and keeps the drawn ones for reuse.
type tileLoader struct {
	w *Widget

	mu      sync.Mutex
	tiler   Tiler
	gen     int
	ctx     context.Context
	cancel  context.CancelFunc
	done    map[tileKey]*tileEntry
	failed  map[tileKey]bool
	busy    map[tileKey]bool
	want    []tileKey // missing tiles of the current view, most wanted first
	wake    chan struct{}
	running int  // worker goroutines
	pending bool // a refresh is scheduled
	logged  bool // a tile error was logged for this tiler
	use     uint64
}

func newTileLoader(w *Widget) *tileLoader {
	return &tileLoader{w: w, done: map[tileKey]*tileEntry{}, failed: map[tileKey]bool{},
		busy: map[tileKey]bool{}, wake: make(chan struct{}, 1)}
}
