package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/route"
)

// findCheckGroup returns the first check group under o.
func findCheckGroup(o fyne.CanvasObject) *widget.CheckGroup {
	switch x := o.(type) {
	case *widget.CheckGroup:
		return x
	case *fyne.Container:
		for _, k := range x.Objects {
			if c := findCheckGroup(k); c != nil {
				return c
			}
		}
	case fyne.Widget:
		for _, k := range test.WidgetRenderer(x).Objects() {
			if c := findCheckGroup(k); c != nil {
				return c
			}
		}
	}
	return nil
}

// isoDialog returns the open "Reachable within…" dialog's minutes and its
// Draw button (call holding the UI lock).
func isoDialog(t *testing.T, w *Window) (*widget.CheckGroup, *widget.Button) {
	t.Helper()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog is open")
	}
	checks, draw := findCheckGroup(top), findButton(top, "Draw")
	if checks == nil || draw == nil {
		t.Fatal("the dialog has no minutes or no Draw button")
	}
	return checks, draw
}

// TestIsochroneDrawsAndClears: "Reachable within…" from a place's details
// offers 10 and 20 min, keeps at most four limits, draws one contour per
// limit with the tour's profile, lists them in the legend, and clears
// them; the map's menu offers it too, and a place outside the regions is
// said in the status line with nothing drawn.
func TestIsochroneDrawsAndClears(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.locked(func() {
		w.tour.profile.SetSelected(profileCycling)
		w.openPlace(geocode.Place{Name: "Vaduz", Centroid: liVaduz})
		test.Tap(w.search.details.reachBt)
		checks, draw := isoDialog(t, w)
		if got := strings.Join(checks.Selected, ","); got != "10 min,20 min" {
			t.Errorf("minutes chosen at first: %q, want 10 min,20 min", got)
		}
		checks.SetSelected([]string{"5 min", "10 min", "15 min", "30 min", "60 min"})
		if len(checks.Selected) != 4 {
			t.Errorf("%d limits chosen, want at most 4", len(checks.Selected))
		}
		checks.SetSelected([]string{"15 min", "5 min", "10 min"})
		test.Tap(draw)
	})
	until(t, w, "three contours", func() bool { return w.mapw.Overlays().Contours == 3 })
	w.locked(func() {
		iso := w.iso
		if !iso.card.Visible() || len(iso.rows.Objects) != 3 {
			t.Fatalf("legend shown %v with %d rows, want 3", iso.card.Visible(), len(iso.rows.Objects))
		}
		if got := iso.title.Text + " / " + iso.mode.Text; !strings.Contains(got, "Vaduz") || !strings.Contains(got, "By bike") {
			t.Errorf("legend says %q, want Vaduz by bike", got)
		}
		if got := strings.Join(minutesLabels(iso.shown), ","); got != "5 min,10 min,15 min" {
			t.Errorf("legend lists %s, want 5, 10, 15 min ascending", got)
		}
		if !w.mapw.ViewBound().Contains(liVaduz) {
			t.Error("the map does not show the origin")
		}
		if ov := w.mapw.Overlays(); ov.Outline {
			t.Error("the place's outline is still drawn over the bands")
		}
		test.Tap(iso.clear)
		if n := w.mapw.Overlays().Contours; n != 0 || iso.card.Visible() {
			t.Errorf("after Clear: %d contours, legend shown %v", n, iso.card.Visible())
		}
	})

	// The map's menu: the last minutes chosen are offered again.
	w.locked(func() {
		var reach *fyne.MenuItem
		for _, it := range w.mapMenuItems(liSchaan) {
			if it.Label == "Reachable within…" {
				reach = it
			}
		}
		if reach == nil {
			t.Fatal("the map's menu has no Reachable within…")
		}
		reach.Action()
		checks, draw := isoDialog(t, w)
		if got := strings.Join(checks.Selected, ","); got != "5 min,10 min,15 min" {
			t.Errorf("minutes offered again: %q", got)
		}
		checks.SetSelected([]string{"10 min"})
		test.Tap(draw)
	})
	until(t, w, "one contour", func() bool { return w.mapw.Overlays().Contours == 1 })
	w.locked(func() {
		if !w.mapw.Overlays().Here || w.iso.title.Text != "Reachable from the marked point" {
			t.Errorf("a map point's isochrone: here dot %v, legend %q", w.mapw.Overlays().Here, w.iso.title.Text)
		}
		if got := w.iso.mode.Text + " / " + w.status.Text; strings.Contains(got, "away") {
			t.Errorf("a point on a road: legend and status %q say it is away from the road", got)
		}
		// A point on the mountain above Vaduz, 820 m from the nearest way
		// a bike may take (1.4 km by car): the legend and the status say
		// where the contours start.
		w.iso.draw(orb.Point{9.55302, 47.15457}, "47.15457° N, 9.55302° E", []int{10})
	})
	until(t, w, "the mountain's contour", func() bool { return !w.iso.pending })
	w.locked(func() {
		mode, status := w.iso.mode.Text, w.status.Text
		if !strings.Contains(mode, "m away") || !strings.Contains(status, "m away") {
			t.Errorf("an off-road point: legend %q, status %q; want both to say how far away the contours start", mode, status)
		}
		w.clearMap() // the map's own clear button clears them too
		if n := w.mapw.Overlays().Contours; n != 0 {
			t.Errorf("clear map left %d contours", n)
		}
		w.iso.draw(zurich, "Zürich", []int{10})
	})
	until(t, w, "the error", func() bool { return !w.iso.pending })
	w.locked(func() {
		if got := w.status.Text; !strings.Contains(got, "Zürich is outside the open regions") {
			t.Errorf("status %q, want Zürich outside the regions", got)
		}
		if n := w.mapw.Overlays().Contours; n != 0 {
			t.Errorf("%d contours drawn for a place outside the regions", n)
		}
	})
}

func minutesLabels(mins []int) []string {
	var out []string
	for _, m := range mins {
		out = append(out, minutesLabel(m))
	}
	return out
}

// TestIsochroneUsesTheTourSettings: the isochrone is asked with the tour's
// profile: a walking one is smaller than a driving one of the same time.
func TestIsochroneUsesTheTourSettings(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	area := map[route.Profile]float64{}
	for _, label := range []string{profileDriving, profileWalking} {
		w.locked(func() {
			w.tour.profile.SetSelected(label)
			w.iso.draw(liVaduz, "Vaduz", []int{10})
		})
		until(t, w, label+" isochrone", func() bool { return !w.iso.pending && w.mapw.Overlays().Contours == 1 })
		w.locked(func() { area[profileOf(label)] = contoursArea(w.iso.contours) })
	}
	if !(area[route.Walking] > 0 && area[route.Walking] < area[route.Driving]/4) {
		t.Errorf("10 min areas %v: want walking well under driving", area)
	}
}

// contoursArea is the planar area, in square degrees, of the largest
// contour's outer rings.
func contoursArea(cs []route.Contour) float64 {
	if len(cs) == 0 {
		return 0
	}
	a := 0.0
	for _, p := range cs[len(cs)-1].Polygons {
		if len(p) > 0 {
			r := p[0]
			for i := 0; i+1 < len(r); i++ {
				a += r[i][0]*r[i+1][1] - r[i+1][0]*r[i][1]
			}
		}
	}
	if a < 0 {
		a = -a
	}
	return a / 2
}
