package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/internal/testpacks"
	"waymark/ui/tourmodel"
)

// Places of the Liechtenstein pack.
var (
	liVaduz       = orb.Point{9.5209, 47.1410}
	liSchaan      = orb.Point{9.5096, 47.1652}
	liBalzers     = orb.Point{9.4965, 47.0664}
	liTriesenberg = orb.Point{9.5417, 47.1180}
	liEschen      = orb.Point{9.5226, 47.2103}
	kunstmuseum   = orb.Point{9.52163, 47.13897}
	zurich        = orb.Point{8.5417, 47.3769}
)

// tourWindow opens the window on the LI pack (and others) with its own
// config, packs and tours folders, as a fresh user would, at size.
func tourWindow(t *testing.T, size fyne.Size, packs ...string) *Window {
	t.Helper()
	test.NewTempApp(t)
	var paths []string
	for _, p := range append([]string{"liechtenstein"}, packs...) {
		paths = append(paths, testpacks.Path(t, p))
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	w, err := New(fyne.CurrentApp(), Options{Packs: paths, ConfigDir: t.TempDir(), PacksDir: filepath.Join(t.TempDir(), "packs")})
	if err != nil {
		t.Fatal(err)
	}
	w.locked(func() { w.win.Resize(size) })
	t.Cleanup(func() { w.locked(func() { w.shutdown() }) })
	if eng := w.Engine(); eng != nil {
		if err := eng.WarmPlaces(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	w.locked(func() { w.selectTab(tabTour) })
	return w
}

// bareWindow opens the window without any region, at 1280×800: for the
// tests of edits that need no route.
func bareWindow(t *testing.T) *Window {
	t.Helper()
	test.NewTempApp(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	w, err := New(fyne.CurrentApp(), Options{ConfigDir: t.TempDir(), PacksDir: filepath.Join(t.TempDir(), "packs")})
	if err != nil {
		t.Fatal(err)
	}
	w.locked(func() {
		w.win.Resize(fyne.NewSize(1280, 800))
		w.selectTab(tabTour)
	})
	t.Cleanup(func() { w.locked(func() { w.shutdown() }) })
	return w
}

// until polls cond (run holding the UI lock) until it holds.
func until(t *testing.T, w *Window, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ok := false
		w.locked(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s (status %q)", what, w.status.Text)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// relayout lays out o and everything in it again, top down, as the
// desktop driver does before drawing a frame after objects were shown,
// hidden or changed size (the test driver does not).
func relayout(o fyne.CanvasObject) {
	switch x := o.(type) {
	case *fyne.Container:
		if x.Layout != nil {
			x.Layout.Layout(x.Objects, x.Size())
		}
		for _, k := range x.Objects {
			relayout(k)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(x)
		r.Layout(x.Size())
		for _, k := range r.Objects() {
			relayout(k)
		}
	}
}

// tapLink clicks a hyperlink on its text.
func tapLink(h *widget.Hyperlink) {
	test.TapAt(h, fyne.NewPos(h.MinSize().Width/2, h.Size().Height/2))
}

// shortcut presses s as the desktop driver does: the focused widget gets
// it if it takes shortcuts, else the window.
func shortcut(w *Window, s fyne.Shortcut) {
	w.locked(func() {
		c := w.win.Canvas()
		if f, ok := c.Focused().(fyne.Shortcutable); ok {
			f.TypedShortcut(s)
			return
		}
		c.(fyne.Shortcutable).TypedShortcut(s)
	})
}

var (
	ctrlZ      = &fyne.ShortcutUndo{}
	ctrlY      = &fyne.ShortcutRedo{}
	ctrlShiftZ = &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
)

func stopNames(w *Window) string {
	var s []string
	for _, st := range w.tour.m.Tour().Stops {
		s = append(s, st.Name)
	}
	return strings.Join(s, ",")
}

func (w *Window) addStopsForTest(names []string, pts []orb.Point) {
	w.locked(func() {
		for i := range names {
			w.tour.add(pts[i], names[i])
		}
	})
}

// TestTourUndoEveryEdit makes every kind of tour edit through the panel's
// controls, undoes it with Ctrl+Z (the tour is as before), redoes it with
// Ctrl+Shift+Z and Ctrl+Y, and undoes it with the toolbar button.
func TestTourUndoEveryEdit(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	geo := filepath.Join(t.TempDir(), "day.geojson")
	os.WriteFile(geo, []byte(`{"type":"FeatureCollection","features":[
		{"type":"Feature","geometry":{"type":"Point","coordinates":[9.5096,47.1652]},"properties":{"name":"Schaan"}},
		{"type":"Feature","geometry":{"type":"Point","coordinates":[9.4965,47.0664]},"properties":{"name":"Balzers"}}]}`), 0o644)
	tests := []struct {
		kind tourmodel.Kind
		edit func()
	}{
		{tourmodel.Add, func() { w.addStop(liEschen, "Eschen") }},
		{tourmodel.Remove, func() { test.Tap(w.tour.rows[1].remove) }},
		{tourmodel.Move, func() { test.Tap(w.tour.rows[2].up) }},
		{tourmodel.Clear, func() { test.Tap(w.tour.clear) }},
		{tourmodel.Profile, func() { w.tour.profile.SetSelected(profileWalking) }},
		{tourmodel.Roundtrip, func() { test.Tap(w.tour.roundtrip) }},
		{tourmodel.Replace, func() { w.directionsTo(liEschen) }},
		{tourmodel.Replace, func() { w.directionsFrom(liEschen) }},
		{tourmodel.Import, func() { w.openFile(geo) }},
		{tourmodel.Optimize, func() { test.Tap(w.tour.optimize) }},
	}
	start := []string{"Vaduz", "Balzers", "Schaan", "Triesenberg"}
	for _, tt := range tests {
		t.Run(tt.kind.String(), func(t *testing.T) {
			w.locked(func() { w.tour.m.Reset(tourmodel.Tour{}) })
			w.addStopsForTest(start, []orb.Point{liVaduz, liBalzers, liSchaan, liTriesenberg})
			until(t, w, "route", w.tour.routed)
			var before tourmodel.Tour
			w.locked(func() {
				before = w.tour.m.Tour()
				w.win.Canvas().Unfocus()
				tt.edit()
			})
			until(t, w, "the edit", func() bool {
				// done, routed, and a point's stop named by reverse geocoding
				return w.tour.m.CanUndo() && w.tour.m.UndoLabel() != "" && w.tour.routed() && !strings.Contains(stopNames(w), "°")
			})
			var after tourmodel.Tour
			w.locked(func() { after = w.tour.m.Tour() })
			if after.Equal(before) {
				t.Fatalf("the %s edit changed nothing: %s", tt.kind, stopNames(w))
			}
			shortcut(w, ctrlZ)
			w.locked(func() {
				if got := w.tour.m.Tour(); !got.Equal(before) {
					t.Errorf("Ctrl+Z after %s: %s, want %s", tt.kind, stopNames(w), strings.Join(start, ","))
				}
				if !strings.HasPrefix(w.status.Text, "Undone: ") {
					t.Errorf("status after Ctrl+Z = %q, want Undone: …", w.status.Text)
				}
			})
			for _, redo := range []fyne.Shortcut{ctrlShiftZ, ctrlY} {
				shortcut(w, redo)
				w.locked(func() {
					if got := w.tour.m.Tour(); !got.Equal(after) {
						t.Errorf("%s after undoing %s: %s, want the edit back", redo.ShortcutName(), tt.kind, stopNames(w))
					}
				})
				if redo == ctrlShiftZ {
					shortcut(w, ctrlZ)
				}
			}
			w.locked(func() {
				test.Tap(w.tour.undoBt)
				if got := w.tour.m.Tour(); !got.Equal(before) {
					t.Errorf("the undo button after %s: %s, want %s", tt.kind, stopNames(w), strings.Join(start, ","))
				}
			})
		})
	}
}

// TestUndoFromTheAddField: after adding a stop by name the field is empty
// and keeps the focus; Ctrl+Z there undoes the tour edit, while Ctrl+Z with
// text in the field is the field's own.
func TestUndoFromTheAddField(t *testing.T) {
	w := bareWindow(t)
	w.addStopsForTest([]string{"Vaduz", "Schaan"}, []orb.Point{liVaduz, liSchaan})
	w.locked(func() {
		w.win.Canvas().Focus(w.tour.addEntry)
		test.Type(w.tour.addEntry, "Bal")
	})
	shortcut(w, ctrlZ)
	w.locked(func() {
		if w.tour.m.Len() != 2 {
			t.Errorf("Ctrl+Z with text in the field undid a tour edit: %s", stopNames(w))
		}
		w.tour.addEntry.SetText("")
	})
	shortcut(w, ctrlZ)
	w.locked(func() {
		if got := stopNames(w); got != "Vaduz" {
			t.Errorf("Ctrl+Z in the empty field: stops %s, want Vaduz", got)
		}
	})
}

// TestHistoryKeeps50Steps: at least 50 edits are undone one by one.
func TestHistoryKeeps50Steps(t *testing.T) {
	w := bareWindow(t)
	for i := 0; i < 60; i++ {
		w.addStopsForTest([]string{"S"}, []orb.Point{{9.50 + float64(i)/2000, 47.14}})
	}
	for i := 0; i < 55; i++ {
		shortcut(w, ctrlZ)
	}
	w.locked(func() {
		if n := w.tour.m.Len(); n != 5 {
			t.Errorf("after 60 adds and 55 undos the tour has %d stops, want 5", n)
		}
	})
}

// TestReplaceSaysSoWithUndo: directions to a point replace a 5-stop tour;
// the status says so, and its Undo link brings the 5 stops back.
func TestReplaceSaysSoWithUndo(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	five := []string{"Vaduz", "Balzers", "Schaan", "Triesenberg", "Eschen"}
	w.addStopsForTest(five, []orb.Point{liVaduz, liBalzers, liSchaan, liTriesenberg, liEschen})
	w.locked(func() { w.directionsTo(kunstmuseum) })
	w.locked(func() {
		if n := w.tour.m.Len(); n != 2 {
			t.Fatalf("directions to here: %d stops, want 2", n)
		}
		if !strings.Contains(w.status.Text, "replaced the 5-stop tour") || !w.statusLink.Visible() || w.statusLink.Text != "Undo" {
			t.Fatalf("status %q (link %q shown %v), want the replacement said with an Undo link", w.status.Text, w.statusLink.Text, w.statusLink.Visible())
		}
		relayout(w.win.Content())
		tapLink(w.statusLink)
		if got := stopNames(w); got != strings.Join(five, ",") {
			t.Errorf("after the Undo link: %s, want %s", got, strings.Join(five, ","))
		}
	})
	// Clear says so too.
	w.locked(func() { test.Tap(w.tour.clear) })
	w.locked(func() {
		if !strings.Contains(w.status.Text, "Cleared the 5-stop tour") || !w.statusLink.Visible() {
			t.Errorf("status after Clear = %q (link shown %v), want it said with Undo", w.status.Text, w.statusLink.Visible())
		}
	})
}

// TestAddFieldSuggests: typing in the add field lists the search field's
// suggestions for the same text; arrows and Enter add the highlighted one.
func TestAddFieldSuggests(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.locked(func() {
		w.win.Canvas().Focus(w.tour.addEntry)
		test.Type(w.tour.addEntry, "Triesenb")
	})
	until(t, w, "suggestions in the add field", func() bool { return len(w.tour.choices.titles()) > 0 })
	var got []string
	w.locked(func() { got = w.tour.choices.titles() })
	w.TypeSearchForTest("Triesenb")
	until(t, w, "suggestions in the search field", func() bool { return len(w.suggestions()) > 0 })
	if want := w.SuggestionsForTest(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("add field suggests %q, search field %q: want the same", got, want)
	}
	w.locked(func() { w.selectTab(tabTour) })
	idx := -1
	for i, s := range got {
		if s == "Friedhof Triesenberg" {
			idx = i
		}
	}
	if idx < 1 {
		t.Fatalf("suggestions %q lack Friedhof Triesenberg after the first", got)
	}
	w.locked(func() {
		for i := 0; i <= idx; i++ {
			w.tour.addEntry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
		}
		w.tour.addEntry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		if got := stopNames(w); got != "Friedhof Triesenberg" {
			t.Errorf("Down ×%d, Enter added %q, want Friedhof Triesenberg", idx+1, got)
		}
		if w.tour.addEntry.Text != "" || w.tour.choices.visible() {
			t.Errorf("after adding: field %q, choices shown %v; want both cleared", w.tour.addEntry.Text, w.tour.choices.visible())
		}
	})
}

// TestAddFieldNeverGuesses: Enter on "Landstrasse" (streets of that name
// in several villages) lists the choices and adds nothing until one is
// picked; Enter on "Vaduz" adds the town (the places named after it do
// not make it ambiguous: a settlement outranks them) and Enter on a name
// only one place has adds it.
func TestAddFieldNeverGuesses(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	enter := func(text string) {
		w.locked(func() {
			w.win.Canvas().Focus(w.tour.addEntry)
			w.tour.addEntry.SetText(text)
			w.tour.addEntry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		})
	}
	enter("Landstrasse")
	until(t, w, "the choices for Landstrasse", func() bool {
		return w.tour.choices.visible() && w.tour.choices.heading.Visible()
	})
	w.locked(func() {
		if n := w.tour.m.Len(); n != 0 {
			t.Fatalf("Enter on Landstrasse added %s without asking", stopNames(w))
		}
		titles := w.tour.choices.titles()
		if len(titles) < 2 || titles[0] != "Landstrasse" {
			t.Fatalf("choices for Landstrasse = %q, want Landstrasse first among several", titles)
		}
		w.win.Canvas().Focus(w.tour.choices.list) // as a click on it does
		w.tour.choices.list.Select(0)
		if got := stopNames(w); got != "Landstrasse" {
			t.Errorf("choosing the first adds %q, want Landstrasse", got)
		}
		if f := w.win.Canvas().Focused(); f != w.tour.addEntry {
			t.Errorf("after a choice the focus is on %T, want the add field for the next stop", f)
		}
	})
	enter("Vaduz")
	until(t, w, "Vaduz added", func() bool { return w.tour.m.Len() == 2 })
	w.locked(func() {
		if got := stopNames(w); got != "Landstrasse,Vaduz" || w.tour.choices.visible() {
			t.Errorf("Enter on a town's name: stops %s (choices shown %v), want the town added at once", got, w.tour.choices.visible())
		}
	})
	enter("Kunstmuseum Liechtenstein")
	until(t, w, "Kunstmuseum added", func() bool { return w.tour.m.Len() == 3 })
	w.locked(func() {
		if got := stopNames(w); got != "Landstrasse,Vaduz,Kunstmuseum Liechtenstein" || w.tour.choices.visible() {
			t.Errorf("Enter on a name of one place: stops %s (choices shown %v), want it added at once", got, w.tour.choices.visible())
		}
	})
}

// TestRouteFromDetailsNeverAToA: Route on a place with an empty tour asks
// for a start (never the map centre); Route on the last stop again does
// not make a 0 m route; the start typed next goes first.
func TestRouteFromDetailsNeverAToA(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.locked(func() {
		w.mapw.SetView(kunstmuseum, 17) // the map centred on the museum, as after opening it
		w.routeTo(kunstmuseum, "Kunstmuseum Liechtenstein")
	})
	w.locked(func() {
		if got := stopNames(w); got != "Kunstmuseum Liechtenstein" || !w.tour.startMode || !w.tour.startHint.Visible() {
			t.Fatalf("Route with no stops: %q (asking for a start %v), want the museum and a question", got, w.tour.startMode)
		}
		if w.win.Canvas().Focused() != w.tour.addEntry {
			t.Error("the add field does not have the focus to type the start")
		}
		w.routeTo(kunstmuseum, "Kunstmuseum Liechtenstein")
		if n := w.tour.m.Len(); n != 1 {
			t.Errorf("Route again on the same place: %d stops, want 1 (never A → A)", n)
		}
		w.tour.add(liSchaan, "Schaan")
	})
	until(t, w, "route", w.tour.routed)
	w.locked(func() {
		if got := stopNames(w); got != "Schaan,Kunstmuseum Liechtenstein" {
			t.Errorf("after typing the start: %s, want Schaan first", got)
		}
		r, ok := w.tour.chosenRoute()
		if !ok || r.Distance < 1000 {
			t.Errorf("route %v, %.0f m; want kilometres from Schaan", ok, r.Distance)
		}
		// With stops, Route goes on from the last one.
		w.routeTo(liBalzers, "Balzers")
		if got := stopNames(w); got != "Schaan,Kunstmuseum Liechtenstein,Balzers" {
			t.Errorf("Route with stops: %s, want Balzers appended", got)
		}
	})
}

// TestFitToTour: the fit button shows every stop and the whole route, not
// far zoomed out; optimize, opening a tour and a route that leaves the
// view fit it by themselves.
func TestFitToTour(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	// from Balzers, Vaduz lies on the way to Eschen: Optimize reorders
	w.addStopsForTest([]string{"Balzers", "Eschen", "Vaduz"}, []orb.Point{liBalzers, liEschen, liVaduz})
	until(t, w, "route", w.tour.routed)
	check := func(what string) {
		t.Helper()
		w.locked(func() {
			view := w.mapw.ViewBound()
			r, _ := w.tour.chosenRoute()
			b, _ := tourmodel.Fit(w.tour.m.Tour(), r.Points)
			if !view.Contains(b.Min) || !view.Contains(b.Max) {
				t.Errorf("%s: view %v does not hold the tour %v", what, view, b)
			}
			if h, vh := b.Max[1]-b.Min[1], view.Max[1]-view.Min[1]; h < 0.4*vh {
				t.Errorf("%s: the tour fills %.0f%% of the view's height, want ≥ 40%%", what, 100*h/vh)
			}
		})
	}
	w.locked(func() {
		w.mapw.SetView(zurich, 12) // look elsewhere
		test.Tap(w.tour.fitBt)
	})
	until(t, w, "the map to settle", func() bool { return !w.mapw.Animating() })
	check("fit button")
	w.locked(func() {
		w.mapw.SetView(liVaduz, 16) // close in on Vaduz; a stop far off
		w.tour.add(liSchaan, "Schaan")
	})
	until(t, w, "the route with Schaan", func() bool { return w.tour.routed() && w.tour.m.Len() == 4 && !w.mapw.Animating() })
	check("a route leaving the view")
	w.locked(func() {
		w.mapw.SetView(zurich, 12)
		test.Tap(w.tour.optimize)
	})
	until(t, w, "the optimized route", func() bool {
		return w.tour.routed() && w.tour.m.UndoLabel() == "Optimized the order" && !w.mapw.Animating()
	})
	check("after optimize")
}

// TestUnreachableStopIsMarked: a stop outside the installed regions is
// marked on its row with the reason, and the totals never show 0 m; nor
// after the tour's region is removed.
func TestUnreachableStopIsMarked(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800), "monaco")
	w.addStopsForTest([]string{"Vaduz", "Zürich", "Balzers"}, []orb.Point{liVaduz, zurich, liBalzers})
	until(t, w, "route", w.tour.routed)
	w.locked(func() {
		if p := w.tour.rows[1].problem; !p.Visible() || !strings.Contains(p.Text, tourmodel.ReasonOutside) {
			t.Errorf("Zürich's row says %q (shown %v), want %q", p.Text, p.Visible(), tourmodel.ReasonOutside)
		}
		if w.tour.rows[0].problem.Visible() || w.tour.rows[2].problem.Visible() {
			t.Error("a routable stop is marked")
		}
		if got := w.tour.totalsText(); got != "No route" || !strings.Contains(w.tour.summary.Text, "Stop 2, Zürich: outside the installed regions") {
			t.Errorf("totals %q, summary %q; want No route naming stop 2", got, w.tour.summary.Text)
		}
		test.Tap(w.tour.rows[1].remove)
	})
	until(t, w, "route", w.tour.routed)
	w.locked(func() {
		if got := w.tour.totalsText(); !strings.Contains(got, "km") {
			t.Errorf("totals without Zürich = %q, want kilometres", got)
		}
		// The LI region goes (deleted): only Monaco stays open.
		var monaco []string
		for _, p := range w.packs {
			if strings.Contains(p, "monaco") {
				monaco = append(monaco, p)
			}
		}
		w.openPacks(monaco)
	})
	until(t, w, "route without LI", w.tour.routed)
	w.locked(func() {
		got := w.tour.totalsText()
		if got != "No route" || strings.Contains(got, "0 m") {
			t.Errorf("totals after removing the region = %q, want No route", got)
		}
		for i, r := range w.tour.rows {
			if !strings.Contains(r.problem.Text, tourmodel.ReasonOutside) || !r.problem.Visible() {
				t.Errorf("row %d says %q after removing its region, want %q", i, r.problem.Text, tourmodel.ReasonOutside)
			}
		}
	})
}

// TestStopTooltipAndDetails: a long name is shortened on its row, shown
// whole in a tooltip on hover and in the details when tapped.
func TestStopTooltipAndDetails(t *testing.T) {
	w := bareWindow(t)
	w.locked(func() { w.win.Resize(fyne.NewSize(1024, 640)) })
	long := strings.Repeat("Kunstmuseum Liechtenstein mit Hilti Art Foundation ", 2)[:80]
	w.addStopsForTest([]string{long, "Vaduz"}, []orb.Point{kunstmuseum, liVaduz})
	var row *stopRow
	w.locked(func() {
		row = w.tour.rows[0]
		row.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(200, 300)}})
	})
	until(t, w, "the tooltip", func() bool { return w.tip.shown() == long })
	w.locked(func() {
		row.MouseOut()
		if w.tip.shown() != "" {
			t.Error("the tooltip stays after the pointer left")
		}
		test.Tap(row)
		if !row.details.Visible() || row.fullName.Text != long {
			t.Errorf("details shown %v with %q, want the whole name", row.details.Visible(), row.fullName.Text)
		}
	})
}

// tourOfStops makes n stops spread over Liechtenstein with names of 80
// characters.
func tourOfStops(n int) ([]string, []orb.Point) {
	var names []string
	var pts []orb.Point
	for i := 0; i < n; i++ {
		name := strings.Repeat(string(rune('A'+i%26))+"ugust-Schädler-Strasse Kunstmuseum Liechtenstein ", 3)[:80]
		names = append(names, name)
		// a grid over the Rhine valley (inside the driving graph)
		pts = append(pts, orb.Point{9.49 + float64(i%5)*0.012, 47.07 + float64(i/5)*0.0075})
	}
	return names, pts
}

func TestProfileIsRouted(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.addStopsForTest([]string{"Vaduz", "Triesenberg"}, []orb.Point{liVaduz, liTriesenberg})
	until(t, w, "route", w.tour.routed)
	var drive float64
	w.locked(func() {
		r, _ := w.tour.chosenRoute()
		drive = r.Duration
		w.tour.profile.SetSelected(profileWalking)
	})
	until(t, w, "walking route", w.tour.routed)
	w.locked(func() {
		r, ok := w.tour.chosenRoute()
		if !ok || r.Duration < 2*drive || w.tour.m.Tour().Profile != route.Walking {
			t.Errorf("walking takes %.0f s (ok %v), driving %.0f s: want walking slower", r.Duration, ok, drive)
		}
	})
}
