package mapview

import (
	"context"
	"image"
	"image/color"
	"math"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
)

// flatTiler draws every tile in one colour per zoom and counts calls.
type flatTiler struct{ calls atomic.Int64 }

func (f *flatTiler) Tile(ctx context.Context, z, x, y, size int) (image.Image, error) {
	f.calls.Add(1)
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	c := color.RGBA{uint8(z * 10), 0x80, 0x40, 0xff}
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img, nil
}

var wvVaduz = orb.Point{9.5209, 47.1410}

// uiQueue stands in for the UI goroutine of a running app: background
// work posts callbacks, the test goroutine runs them in pump. (Fyne's test
// driver would run them on the posting goroutine, racing with the test.)
type uiQueue chan func()

func (q uiQueue) post(f func()) { q <- f }

func (q uiQueue) pump() {
	for {
		select {
		case f := <-q:
			f()
		default:
			return
		}
	}
}

var testQueues = map[*Widget]uiQueue{}

func newTestWidget(t *testing.T, tl Tiler) (*Widget, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	w := NewWidget(tl, wvVaduz, 13)
	q := make(uiQueue, 4096)
	w.Do = q.post
	testQueues[w] = q
	win := test.NewWindow(w)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(800, 600))
	t.Cleanup(win.Close)
	return w, win
}

func near(a, b orb.Point, tol float64) bool {
	return math.Abs(a[0]-b[0]) < tol && math.Abs(a[1]-b[1]) < tol
}

func TestWidgetNavigation(t *testing.T) {
	tests := []struct {
		name string
		act  func(w *Widget)
		// check compares the view after act with the view before.
		check func(t *testing.T, w *Widget, before orb.Point, z0 float64)
	}{
		{"drag pans against the pointer", func(w *Widget) {
			w.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 100, DY: 0}})
		}, func(t *testing.T, w *Widget, c orb.Point, z0 float64) {
			if !(w.Center()[0] < c[0]) || math.Abs(w.Center()[1]-c[1]) > 1e-9 {
				t.Errorf("center after drag right = %v, want west of %v", w.Center(), c)
			}
		}},
		{"arrow right pans east", func(w *Widget) {
			w.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
		}, func(t *testing.T, w *Widget, c orb.Point, z0 float64) {
			if !(w.Center()[0] > c[0]) {
				t.Errorf("center after → = %v, want east of %v", w.Center(), c)
			}
		}},
		{"plus zooms in", func(w *Widget) { w.TypedRune('+') }, func(t *testing.T, w *Widget, c orb.Point, z0 float64) {
			if w.Zoom() != z0+1 {
				t.Errorf("zoom after + = %v, want %v", w.Zoom(), z0+1)
			}
		}},
		{"minus zooms out one level, delivered as a key and a character", func(w *Widget) {
			// What the desktop driver sends for one press of −.
			w.TypedKey(&fyne.KeyEvent{Name: fyne.KeyMinus})
			w.TypedRune('-')
		}, func(t *testing.T, w *Widget, c orb.Point, z0 float64) {
			if w.Zoom() != z0-1 {
				t.Errorf("zoom after − = %v, want %v", w.Zoom(), z0-1)
			}
		}},
		{"double tap zooms in around pointer", func(w *Widget) {
			w.DoubleTapped(&fyne.PointEvent{Position: fyne.NewPos(600, 450)})
		}, func(t *testing.T, w *Widget, c orb.Point, z0 float64) {
			if w.Zoom() != z0+1 {
				t.Errorf("zoom = %v, want %v", w.Zoom(), z0+1)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := newTestWidget(t, nil)
			c, z := w.Center(), w.Zoom()
			tt.act(w)
			tt.check(t, w, c, z)
		})
	}
}

func TestWidgetScrollKeepsPointerLocation(t *testing.T) {
	w, _ := newTestWidget(t, nil)
	pos := fyne.NewPos(200, 150)
	before := w.LocationAt(pos)
	w.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: pos}, Scrolled: fyne.Delta{DY: 10}})
	if w.Zoom() <= 13 {
		t.Fatalf("zoom after scroll up = %v, want > 13", w.Zoom())
	}
	if after := w.LocationAt(pos); !near(after, before, 1e-7) {
		t.Errorf("location under pointer moved from %v to %v", before, after)
	}
}

func TestWidgetPositionRoundTrip(t *testing.T) {
	w, _ := newTestWidget(t, nil)
	for _, p := range []orb.Point{wvVaduz, {9.50, 47.17}, {9.55, 47.10}} {
		if got := w.LocationAt(w.PositionOf(p)); !near(got, p, 1e-5) {
			t.Errorf("LocationAt(PositionOf(%v)) = %v", p, got)
		}
	}
	if c := w.PositionOf(wvVaduz); math.Abs(float64(c.X-400)) > 0.5 || math.Abs(float64(c.Y-300)) > 0.5 {
		t.Errorf("PositionOf(center) = %v, want (400, 300)", c)
	}
}

func TestWidgetTapsAndMarkers(t *testing.T) {
	w, _ := newTestWidget(t, nil)
	var tapped *orb.Point
	marker := -1
	w.OnTapped = func(p orb.Point) { tapped = &p }
	w.OnMarkerTapped = func(i int) { marker = i }
	m := orb.Point{9.53, 47.145}
	w.SetMarkers([]Pin{{Point: wvVaduz}, {Point: m}})
	mp := w.PositionOf(m)
	w.Tapped(&fyne.PointEvent{Position: fyne.NewPos(mp.X, mp.Y-18)})
	if marker != 1 || tapped != nil {
		t.Errorf("tap on marker 1: marker = %d, tapped = %v", marker, tapped)
	}
	w.Tapped(&fyne.PointEvent{Position: fyne.NewPos(50, 50)})
	if tapped == nil || !near(*tapped, w.LocationAt(fyne.NewPos(50, 50)), 1e-9) {
		t.Errorf("tap on map gave %v", tapped)
	}
	var menuAt *orb.Point
	w.OnContextMenu = func(p orb.Point, _ fyne.Position) { menuAt = &p }
	w.TappedSecondary(&fyne.PointEvent{Position: fyne.NewPos(400, 300)})
	if menuAt == nil || !near(*menuAt, wvVaduz, 1e-6) {
		t.Errorf("secondary tap at centre gave %v, want %v", menuAt, wvVaduz)
	}
}

// tileImages returns the tile images the renderer shows.
func tileImages(w *Widget) []*canvas.Image {
	var out []*canvas.Image
	for _, o := range test.WidgetRenderer(w).Objects() {
		if img, ok := o.(*canvas.Image); ok {
			out = append(out, img)
		}
	}
	return out
}

func waitTiles(t *testing.T, w *Widget) {
	t.Helper()
	q := testQueues[w]
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		q.pump()
		if w.tiles.pendingCount() == 0 && len(q) == 0 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	w.Refresh()
}

func TestWidgetTilesAndFallback(t *testing.T) {
	tl := &flatTiler{}
	w, _ := newTestWidget(t, tl)
	w.Refresh()
	waitTiles(t, w)
	// 800×600 at zoom 13 needs 4×3 to 5×4 tiles.
	n := len(tileImages(w))
	if n < 12 || n > 20 {
		t.Fatalf("%d tiles shown at zoom 13, want 12..20", n)
	}
	calls := tl.calls.Load()
	// Panning back and forth over seen tiles renders nothing new.
	w.Pan(10, 0)
	w.Pan(-10, 0)
	waitTiles(t, w)
	if got := tl.calls.Load(); got > calls+4 {
		t.Errorf("panning over seen tiles rendered %d more tiles", got-calls)
	}
	// Zooming in shows the zoom-13 tiles scaled until zoom 14 is drawn.
	w.tiles.mu.Lock()
	w.tiles.tiler = TilerFunc(func(ctx context.Context, z, x, y, size int) (image.Image, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	w.tiles.mu.Unlock()
	w.SetView(wvVaduz, 14)
	imgs := tileImages(w)
	if len(imgs) == 0 {
		t.Fatal("no fallback tiles shown while zoom 14 renders")
	}
	if s := imgs[0].Size(); s.Width < 500 {
		t.Errorf("fallback tile is %v wide, want a zoom-13 tile scaled to 512", s.Width)
	}
	w.SetTiler(nil)
}

func TestWidgetOverlayDraws(t *testing.T) {
	w, _ := newTestWidget(t, nil)
	img := w.layers.draw(w, 800, 600)
	if b := img.Bounds(); b.Dx() != 1 {
		t.Errorf("empty overlay is %v, want a 1×1 image", b)
	}
	a, b := orb.Point{9.50, 47.13}, orb.Point{9.54, 47.15}
	w.SetRoutes([]RoutePath{{Line: orb.LineString{a, b}}})
	w.SetStops([]orb.Point{a, b})
	img = w.layers.draw(w, 800, 600)
	mid := w.PositionOf(orb.Point{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2})
	_, _, _, alpha := img.At(int(mid.X), int(mid.Y)).RGBA()
	if alpha == 0 {
		t.Errorf("route midpoint %v is transparent", mid)
	}
	pa := w.PositionOf(a)
	if c := color.NRGBAModel.Convert(img.At(int(pa.X)+6, int(pa.Y))).(color.NRGBA); c.G < 0x60 || c.A != 0xff {
		t.Errorf("stop 1 is %v, want the green start colour", c)
	}
}

// TestWidgetContoursDraw: two nested contours, the inner with a hole, are
// filled band by band in their own colours: the inner area green, the
// band and the inner hole in the outer's yellow, outside nothing.
func TestWidgetContoursDraw(t *testing.T) {
	w, _ := newTestWidget(t, nil)
	c := w.Center()
	sq := func(r, cw float64) orb.Ring { // closed square of half-side r degrees
		ring := orb.Ring{{c[0] - r, c[1] - r}, {c[0] + r, c[1] - r}, {c[0] + r, c[1] + r}, {c[0] - r, c[1] + r}, {c[0] - r, c[1] - r}}
		if cw < 0 {
			ring.Reverse()
		}
		return ring
	}
	inner := Contour{Polygons: []orb.Polygon{{sq(0.02, 1), sq(0.005, -1)}}}
	outer := Contour{Polygons: []orb.Polygon{{sq(0.04, 1)}}}
	w.SetContours([]Contour{inner, outer})
	if got := w.Overlays().Contours; got != 2 {
		t.Fatalf("Overlays().Contours = %d, want 2", got)
	}
	sz := w.Size()
	img := w.layers.draw(w, int(sz.Width), int(sz.Height))
	at := func(dx float64) color.NRGBA {
		p := w.PositionOf(orb.Point{c[0] + dx, c[1]})
		return color.NRGBAModel.Convert(img.At(int(p.X), int(p.Y))).(color.NRGBA)
	}
	green, yellow := ContourColor(0), ContourColor(1)
	for _, tt := range []struct {
		what string
		dx   float64
		want color.NRGBA
	}{{"inner area", 0.012, green}, {"inner hole", 0, yellow}, {"band", 0.03, yellow}} {
		got := at(tt.dx)
		close := func(a, b uint8) bool { return max(a, b)-min(a, b) <= 4 } // premultiplied rounding
		if got.A == 0 || got.A == 0xff || !close(got.R, tt.want.R) || !close(got.G, tt.want.G) || !close(got.B, tt.want.B) {
			t.Errorf("%s is %v, want %v translucent", tt.what, got, tt.want)
		}
	}
	if got := at(0.06); got.A != 0 {
		t.Errorf("outside the contours is %v, want transparent", got)
	}
	w.SetContours(nil)
	if got := w.Overlays().Contours; got != 0 {
		t.Errorf("after clearing, %d contours", got)
	}
}

func TestNiceScale(t *testing.T) {
	tests := []struct {
		max       float64
		wantM     float64
		wantLabel string
	}{
		{120, 100, "100 m"},
		{260, 200, "200 m"},
		{999, 500, "500 m"},
		{1500, 1000, "1 km"},
		{4900, 2000, "2 km"},
		{75000, 50000, "50 km"},
		{0, 0, ""},
	}
	for _, tt := range tests {
		m, l := niceScale(tt.max)
		if m != tt.wantM || l != tt.wantLabel {
			t.Errorf("niceScale(%v) = %v, %q, want %v, %q", tt.max, m, l, tt.wantM, tt.wantLabel)
		}
	}
}

// BenchmarkWidgetOverlayDraw draws a 2,000-point route with alternatives,
// 10 stops and 20 pins over a 1280×800 view (what every pan redraws).
func BenchmarkWidgetOverlayDraw(b *testing.B) {
	test.NewTempApp(b)
	w := NewWidget(nil, wvVaduz, 13)
	win := test.NewWindow(w)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(1280, 800))
	defer win.Close()
	var line orb.LineString
	for i := 0; i < 2000; i++ {
		a := float64(i) / 2000 * 4 * math.Pi
		line = append(line, orb.Point{wvVaduz[0] + 0.03*math.Cos(a)*float64(i)/2000, wvVaduz[1] + 0.02*math.Sin(a)})
	}
	w.SetRoutes([]RoutePath{{Line: line}, {Line: line[:1000], Alternative: true}})
	var stops []orb.Point
	var pins []Pin
	for i := 0; i < 20; i++ {
		if i < 10 {
			stops = append(stops, line[i*200])
		}
		pins = append(pins, Pin{Point: line[i*100]})
	}
	w.SetStops(stops)
	w.SetMarkers(pins)
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat.Time(func() { w.layers.draw(w, 1280, 800) })
	}
	lat.Report(b)
}

// BenchmarkWidgetLayout lays out a 1280×800 view whose tiles are all drawn
// (the work of one pan step on the UI goroutine).
func BenchmarkWidgetLayout(b *testing.B) {
	test.NewTempApp(b)
	w := NewWidget(&flatTiler{}, wvVaduz, 13)
	q := make(uiQueue, 4096)
	w.Do = q.post
	win := test.NewWindow(w)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(1280, 800))
	defer win.Close()
	w.Refresh()
	deadline := time.Now().Add(5 * time.Second)
	for (w.TilesPending() > 0 || len(q) > 0) && time.Now().Before(deadline) {
		q.pump()
		time.Sleep(5 * time.Millisecond)
	}
	r := test.WidgetRenderer(w).(*widgetRenderer)
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dx := float32(i%2*2 - 1)
		lat.Time(func() {
			x, y := LonLatToPixel(w.center, w.zoom)
			w.center = PixelToLonLat(x+float64(dx), y, w.zoom)
			r.Layout(fyne.NewSize(1280, 800))
		})
	}
	lat.Report(b)
}
