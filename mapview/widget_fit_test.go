package mapview

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/paulmach/orb"
)

// liBound is Liechtenstein's outline box (the LI pack's home area).
var liBound = orb.Bound{Min: orb.Point{9.4716736, 47.0484291}, Max: orb.Point{9.6357143, 47.270581}}

// centredIn checks that b is drawn centred in w (within 1% of its size)
// and fills it (its box touches the padding on one axis, within 2 px).
func centredIn(t *testing.T, w *Widget, b orb.Bound, padding float32) {
	t.Helper()
	sz := w.Size()
	lo, hi := w.PositionOf(orb.Point{b.Min[0], b.Max[1]}), w.PositionOf(orb.Point{b.Max[0], b.Min[1]})
	mx, my := (lo.X+hi.X)/2, (lo.Y+hi.Y)/2
	if math.Abs(float64(mx-sz.Width/2)) > 0.01*float64(sz.Width) || math.Abs(float64(my-sz.Height/2)) > 0.01*float64(sz.Height) {
		t.Errorf("area drawn %v–%v in a %v map: middle (%.0f, %.0f), want its centre", lo, hi, sz, mx, my)
	}
	gapX, gapY := lo.X, lo.Y
	if gap := min(gapX, gapY); math.Abs(float64(gap-padding)) > 2 {
		t.Errorf("area drawn %v–%v in a %v map: smallest gap %.1f px, want the padding %.0f (filling the map)", lo, hi, sz, gap, padding)
	}
}

func TestShowAreaFitsAndFollowsResizes(t *testing.T) {
	test.NewTempApp(t)
	w := NewWidget(nil, orb.Point{0, 0}, 3)
	w.ShowArea(liBound, 24) // before the widget has a size: remembered
	win := test.NewWindow(w)
	win.SetPadded(false)
	t.Cleanup(win.Close)
	for _, sz := range []fyne.Size{{Width: 830, Height: 800}, {Width: 574, Height: 600}, {Width: 1200, Height: 400}} {
		win.Resize(sz)
		centredIn(t, w, liBound, 24)
	}
	if !w.KeepsArea() {
		t.Error("KeepsArea() = false before the view was moved")
	}
	// Moved by the user, the view stays where it was put.
	w.Pan(100, 0)
	if w.KeepsArea() {
		t.Error("KeepsArea() = true after a pan")
	}
	c := w.Center()
	win.Resize(fyne.NewSize(700, 500))
	if w.Center() != c {
		t.Errorf("after a pan, a resize moved the view from %v to %v", c, w.Center())
	}
}

func TestFitViewCentresInMercator(t *testing.T) {
	// A tall area far north: its Mercator middle lies north of the mean latitude.
	b := orb.Bound{Min: orb.Point{10, 60}, Max: orb.Point{11, 70}}
	c, z := FitView(b, 800, 600, 0)
	if c[1] <= 65 {
		t.Errorf("FitView centre %v, want north of the mean latitude 65 (Mercator middle)", c)
	}
	x0, y0 := LonLatToPixel(orb.Point{b.Min[0], b.Max[1]}, z)
	x1, y1 := LonLatToPixel(orb.Point{b.Max[0], b.Min[1]}, z)
	cx, cy := LonLatToPixel(c, z)
	if math.Abs((x0+x1)/2-cx) > 0.5 || math.Abs((y0+y1)/2-cy) > 0.5 {
		t.Errorf("FitView centre %v is not the middle of the area at zoom %.2f", c, z)
	}
	if h := y1 - y0; math.Abs(h-600) > 1 {
		t.Errorf("area height at FitView zoom = %.1f px, want 600 (the view's)", h)
	}
}

func TestWidgetKeyboardMenuAtCentre(t *testing.T) {
	w, win := newTestWidget(t, nil)
	var at *orb.Point
	w.OnContextMenu = func(p orb.Point, _ fyne.Position) { at = &p }
	win.Canvas().Focus(w)
	if !w.Focused() {
		t.Fatal("the map did not take the focus")
	}
	for _, key := range []fyne.KeyName{fyne.KeyReturn, fyne.KeySpace} {
		at = nil
		w.TypedKey(&fyne.KeyEvent{Name: key})
		if at == nil || !near(*at, w.Center(), 1e-9) {
			t.Errorf("%s on the focused map: menu at %v, want the centre %v", key, at, w.Center())
		}
	}
	// The centre cross shows while the map has the focus.
	crosses := func() (n int) {
		r := test.WidgetRenderer(w).(*widgetRenderer)
		for _, l := range r.cross {
			if l.Visible() {
				n++
			}
		}
		return n
	}
	if n := crosses(); n != 4 {
		t.Errorf("focused map shows %d arms of the centre cross, want 4", n)
	}
	win.Canvas().Unfocus()
	if n := crosses(); n != 0 {
		t.Errorf("unfocused map shows %d arms of the centre cross, want none", n)
	}
}

func TestOverlaysReportsLayers(t *testing.T) {
	w, _ := newTestWidget(t, nil)
	p := orb.Point{9.52, 47.14}
	w.SetMarkers([]Pin{{Point: p}, {Point: p, Selected: true}})
	w.SetOutline(orb.LineString{p, {9.53, 47.15}})
	w.SetHere(&p)
	got := w.Overlays()
	want := Overlays{Pins: 2, Outline: true, Here: true, Selected: 1}
	if got != want {
		t.Errorf("Overlays() = %+v, want %+v", got, want)
	}
}
