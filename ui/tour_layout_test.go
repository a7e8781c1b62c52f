package ui

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"waymark/internal/benchstat"
)

// placed is an object of the window with its absolute rectangle and the
// visible area of the scrolls it lies in.
type placed struct {
	obj      fyne.CanvasObject
	pos      fyne.Position
	size     fyne.Size
	clip     rect
	inScroll bool
}

type rect struct{ x0, y0, x1, y1 float32 }

func (r rect) holds(o rect) bool {
	const eps = 0.5
	return o.x0 >= r.x0-eps && o.y0 >= r.y0-eps && o.x1 <= r.x1+eps && o.y1 <= r.y1+eps
}

func (r rect) has(p fyne.Position) bool {
	return p.X >= r.x0 && p.X < r.x1 && p.Y >= r.y0 && p.Y < r.y1
}

func (p placed) rect() rect {
	return rect{p.pos.X, p.pos.Y, p.pos.X + p.size.Width, p.pos.Y + p.size.Height}
}

// layOut lists the visible objects under o in drawing order (later ones
// are on top), with absolute positions.
func layOut(o fyne.CanvasObject, at fyne.Position, clip rect, inScroll bool, out *[]placed) {
	if !o.Visible() {
		return
	}
	abs := at.Add(o.Position())
	p := placed{obj: o, pos: abs, size: o.Size(), clip: clip, inScroll: inScroll}
	*out = append(*out, p)
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	if _, ok := o.(*container.Scroll); ok {
		r := p.rect()
		clip = rect{max(clip.x0, r.x0), max(clip.y0, r.y0), min(clip.x1, r.x1), min(clip.y1, r.y1)}
		inScroll = true
	}
	for _, k := range kids {
		layOut(k, abs, clip, inScroll, out)
	}
}

// hit returns the topmost tappable object at pos, as a click finds it.
func hit(objs []placed, pos fyne.Position) fyne.CanvasObject {
	var found fyne.CanvasObject
	for _, p := range objs {
		if _, ok := p.obj.(fyne.Tappable); ok && p.rect().has(pos) && p.clip.has(pos) {
			found = p.obj
		}
	}
	return found
}

// control reports whether o is a control a planner clicks or types in.
func control(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *widget.Button, *tipButton, *widget.Check, *widget.Select, *widget.Entry, *stopEntry,
		*widget.RadioGroup, *widget.Hyperlink, *stopRow, *legHead, *stepRow:
		return true
	}
	return false
}

// checkPanel asserts that every control of the tour panel lies inside the
// panel, that the panel lies in the sidebar left of the map, that nothing
// overflows the panel's width, and that every control in sight is what a
// click at its centre reaches. It returns the number of controls checked.
func checkPanel(t *testing.T, w *Window, measure bool) int {
	t.Helper()
	var all []placed
	relayout(w.win.Content())
	cs := w.win.Canvas().Size()
	layOut(w.win.Content(), fyne.Position{}, rect{0, 0, cs.Width, cs.Height}, false, &all)
	var panel, mapRect rect
	for _, p := range all {
		switch p.obj {
		case w.tour.content:
			panel = p.rect()
		case w.mapw:
			mapRect = p.rect()
		}
	}
	if panel.x1 == 0 || mapRect.x1 == 0 {
		t.Fatal("the tour panel or the map is not laid out")
	}
	if panel.x1 > mapRect.x0+0.5 || panel.x0 < 0 || panel.y1 > cs.Height+0.5 {
		t.Errorf("panel %v reaches past the sidebar (map at x %v, window %v)", panel, mapRect.x0, cs)
	}
	if w.tour.scroll.Content.MinSize().Width > w.tour.scroll.Size().Width+0.5 {
		t.Errorf("the tour list needs %v px, its view is %v: it would scroll sideways", w.tour.scroll.Content.MinSize().Width, w.tour.scroll.Size().Width)
	}
	if measure { // the demo's measure (from the driver's positions) agrees
		for _, pr := range w.tourLayout().Problems() {
			t.Error(pr)
		}
	}
	// the panel's objects follow it in drawing order: as many as a walk
	// of the panel alone finds (the map's own buttons come after them)
	var sub []placed
	layOut(w.tour.content, fyne.Position{}, rect{0, 0, cs.Width, cs.Height}, false, &sub)
	first := slices.IndexFunc(all, func(p placed) bool { return p.obj == w.tour.content })
	n := 0
	for _, p := range all[first : first+len(sub)] {
		if !control(p.obj) || p.size.Width == 0 {
			continue
		}
		if !panel.holds(rect{p.pos.X, max(p.pos.Y, panel.y0), p.pos.X + p.size.Width, min(p.pos.Y+p.size.Height, panel.y1)}) {
			t.Errorf("%T at %v size %v lies outside the panel %v", p.obj, p.pos, p.size, panel)
			continue
		}
		if !p.inScroll && !panel.holds(p.rect()) {
			t.Errorf("%T at %v size %v outside the panel %v", p.obj, p.pos, p.size, panel)
		}
		if p.clip.holds(p.rect()) { // wholly in sight: a click at its centre reaches it
			c := p.pos.Add(fyne.NewPos(p.size.Width/2, p.size.Height/2))
			if _, tappable := p.obj.(fyne.Tappable); tappable {
				if got := hit(all, c); got != p.obj {
					t.Errorf("a click at the centre %v of %T reaches %T", c, p.obj, got)
				}
			}
		}
		n++
	}
	return n
}

// TestTourPanelLayoutHolds: at three window sizes, with 100 stops named
// with 80 characters, the route's first leg open and the list scrolled
// through, every control of the tour panel stays inside it and can be
// clicked, and nothing scrolls sideways.
func TestTourPanelLayoutHolds(t *testing.T) {
	if testing.Short() {
		t.Skip("routes 100 stops")
	}
	sizes := []fyne.Size{{Width: 1024, Height: 640}, {Width: 1280, Height: 800}, {Width: 1920, Height: 1080}}
	w := tourWindow(t, sizes[0])
	n := maxStops
	if raceEnabled {
		n = 30 // routing and laying out 100 stops takes minutes under the race detector
	}
	names, pts := tourOfStops(n)
	w.addStopsForTest(names, pts)
	until(t, w, "the route of 100 stops", w.tour.routed)
	w.locked(func() {
		if !w.tour.m.Result().Routed() {
			t.Fatalf("no route through the 100 stops: %v", w.tour.m.Result().Err)
		}
		w.tour.legs.Objects[0].(*legRow).setOpen(true)
		w.tour.rows[3].Tapped(&fyne.PointEvent{}) // a stop's details open
	})
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			w.locked(func() {
				w.win.Resize(size)
				for _, frac := range []float32{0, 0.5, 1} {
					w.tour.scroll.ScrollToOffset(fyne.NewPos(0, frac*(w.tour.scroll.Content.MinSize().Height-w.tour.scroll.Size().Height)))
					if n := checkPanel(t, w, frac == 0.5); n < 20 {
						t.Errorf("only %d controls checked at %v of the list", n, frac)
					}
				}
			})
		})
	}
	// The panel's other views: the saved tours and the choices.
	w.locked(func() {
		w.win.Resize(sizes[0])
		w.tour.saveDoc()
		w.tour.showDocs()
		checkPanel(t, w, true)
	})
}

// BenchmarkTourEdit100 is the window's work for one edit of a 100-stop
// tour: the model's move and the panel's redraw of its rows and map
// markers (without a region, so no route is asked for).
func BenchmarkTourEdit100(b *testing.B) {
	test.NewTempApp(b)
	w, err := New(fyne.CurrentApp(), Options{ConfigDir: b.TempDir(), PacksDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	defer w.locked(w.shutdown)
	w.win.Resize(fyne.NewSize(1280, 800))
	names, pts := tourOfStops(maxStops)
	for i := range names {
		w.tour.add(pts[i], names[i])
	}
	var lat benchstat.Latencies
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat.Time(func() { w.tour.move(0, maxStops-1) })
	}
	lat.Report(b)
}

// TestSidebarWidthIsDraggedAndRemembered.
func TestSidebarWidthIsDraggedAndRemembered(t *testing.T) {
	w := bareWindow(t)
	var handle *sidebarHandle
	w.locked(func() {
		handle = w.mainContent.Objects[0].(*fyne.Container).Objects[1].(*sidebarHandle)
		handle.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 60}})
		handle.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 40}})
		handle.DragEnd()
	})
	var want float32
	w.locked(func() {
		want = w.sideWidth.width
		if want != sidebarWidth+100 || w.sidebar.Size().Width != want {
			t.Errorf("sidebar after dragging 100 px: %v (laid out %v), want %v", want, w.sidebar.Size().Width, sidebarWidth+100)
		}
		if x := fyne.CurrentApp().Driver().AbsolutePositionForObject(w.mapw).X; x < want { // the map lies in a stack with its legend
			t.Errorf("the map starts at x = %v, inside the %v px sidebar", x, want)
		}
		handle.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: -1000}})
		handle.DragEnd()
		if got := w.sideWidth.width; got != minSidebar {
			t.Errorf("dragged far left: %v, want the minimum %v", got, minSidebar)
		}
		handle.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 150}})
		handle.DragEnd()
		want = w.sideWidth.width
		w.shutdown() // the user closes the window: the state is saved
	})
	cfg := w.configDir
	w2, err := New(fyne.CurrentApp(), Options{ConfigDir: cfg, PacksDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer w2.locked(w2.shutdown)
	if got := w2.sideWidth.width; got != want {
		t.Errorf("sidebar width after a restart = %v, want %v", got, want)
	}
}
