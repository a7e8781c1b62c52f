package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/ui/tourmodel"
)

// TestSaveAndReopenTour: a named tour is saved from the panel, listed
// with its stop count, length and date, survives a restart of the window
// (as the current tour and as a saved one), reopens exactly, and is
// duplicated, renamed and deleted from the list.
func TestSaveAndReopenTour(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.addStopsForTest([]string{"Vaduz", "Balzers", "Schaan"}, []orb.Point{liVaduz, liBalzers, liSchaan})
	w.locked(func() {
		test.Type(w.tour.name, "Three towns")
		w.tour.profile.SetSelected(profileWalking)
		test.Tap(w.tour.roundtrip)
	})
	until(t, w, "route", w.tour.routed)
	var saved tourmodel.Tour
	w.locked(func() {
		test.Tap(w.tour.saveBt)
		saved = w.tour.m.Tour()
		if saved.Doc == "" || w.tour.dirty() || !strings.Contains(w.status.Text, "Saved “Three towns”") {
			t.Fatalf("after Save: doc %q, dirty %v, status %q", saved.Doc, w.tour.dirty(), w.status.Text)
		}
		test.Tap(w.tour.toursBt)
	})
	d := w.tour.docs
	until(t, w, "the list of saved tours", func() bool { return d.loaded })
	w.locked(func() {
		if len(d.entries) != 1 || d.entries[0].Name != "Three towns" {
			t.Fatalf("saved tours = %+v, want Three towns", d.entries)
		}
		meta := entryMeta(d.entries[0])
		if !strings.HasPrefix(meta, "3 stops · ") || !strings.Contains(meta, "km") || !strings.Contains(meta, time.Now().Format("2006")) {
			t.Errorf("listed as %q, want 3 stops, the length and the date", meta)
		}
		test.Tap(w.tour.newBt)
		if w.tour.m.Len() != 0 || w.tour.m.Tour().Doc != "" {
			t.Fatalf("New tour: %s (doc %q), want empty and unsaved", stopNames(w), w.tour.m.Tour().Doc)
		}
		w.tour.openDoc(saved.Doc)
		if got := w.tour.m.Tour(); !got.Equal(saved) {
			t.Errorf("reopened %+v, want %+v", got, saved)
		}
		w.shutdown() // the user closes the window: the state is saved
	})

	// A restart: the same folders, a new window.
	w2, err := New(fyne.CurrentApp(), Options{Packs: w.opts.Packs, ConfigDir: w.configDir, PacksDir: w.catalog.Dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w2.locked(w2.shutdown)
	w2.locked(func() {
		if got := w2.tour.m.Tour(); !got.Equal(saved) || w2.tour.dirty() {
			t.Errorf("after a restart the tour is %+v (dirty %v), want %+v saved", got, w2.tour.dirty(), saved)
		}
		w2.tour.showDocs()
	})
	d2 := w2.tour.docs
	until(t, w2, "the list after a restart", func() bool { return d2.loaded })
	w2.locked(func() {
		if len(d2.entries) != 1 {
			t.Fatalf("after a restart %d saved tours, want 1", len(d2.entries))
		}
		d2.duplicate(saved.Doc)
	})
	until(t, w2, "the list with the copy", func() bool { return d2.loaded && len(d2.entries) == 2 })
	w2.locked(func() {
		names := d2.entries[0].Name + "|" + d2.entries[1].Name
		if !strings.Contains(names, "Three towns (copy)") {
			t.Errorf("after Duplicate: %s, want a copy", names)
		}
		d2.renameTo(saved.Doc, "Towns")
		if got := w2.tour.m.Tour().Name; got != "Towns" {
			t.Errorf("renaming the open tour's file: the tour is named %q, want Towns", got)
		}
	})
	until(t, w2, "the list after the rename", func() bool { return d2.loaded })
	w2.locked(func() {
		d2.delete(saved.Doc, "Towns")
		if w2.tour.m.Tour().Doc != "" || w2.tour.m.Len() != 3 {
			t.Errorf("deleting the open tour's file: doc %q with %d stops, want the tour kept, unsaved", w2.tour.m.Tour().Doc, w2.tour.m.Len())
		}
	})
	until(t, w2, "the list after the delete", func() bool { return d2.loaded && len(d2.entries) == 1 })
}

// TestOpenFileAsTour: a GPX file with a route and a GeoJSON file open as
// tours (undoable, said with an undo link); a GPX track is matched.
func TestOpenFileAsTour(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	dir := t.TempDir()
	gpx := filepath.Join(dir, "day.gpx")
	os.WriteFile(gpx, []byte(`<gpx><rte><name>Day one</name>
		<rtept lat="47.1410" lon="9.5209"><name>Vaduz</name></rtept>
		<rtept lat="47.0664" lon="9.4965"><name>Balzers</name></rtept>
		<rtept lat="47.1652" lon="9.5096"/></rte></gpx>`), 0o644)
	w.addStopsForTest([]string{"Eschen"}, []orb.Point{liEschen})
	w.locked(func() { w.openFile(gpx) })
	w.locked(func() {
		got := w.tour.m.Tour()
		if got.Name != "Day one" || len(got.Stops) != 3 || got.Stops[0].Name != "Vaduz" {
			t.Fatalf("opened %q with %s, want Day one: Vaduz, Balzers and a third", got.Name, stopNames(w))
		}
		if !strings.Contains(w.status.Text, "in place of the 1-stop tour") {
			t.Errorf("status %q, want the replaced tour named", w.status.Text)
		}
		if !w.statusLink.Visible() {
			t.Error("no Undo link after opening a file in place of a tour")
		}
	})
	until(t, w, "the third stop named", func() bool { return !strings.Contains(stopNames(w), "°") })
	shortcut(w, ctrlZ)
	w.locked(func() {
		if got := stopNames(w); got != "Eschen" {
			t.Errorf("Ctrl+Z after opening: %s, want Eschen back", got)
		}
	})
}

// findButton returns the button labelled text under o.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == text {
			return x
		}
	case *fyne.Container:
		for _, k := range x.Objects {
			if b := findButton(k, text); b != nil {
				return b
			}
		}
	case fyne.Widget:
		for _, k := range test.WidgetRenderer(x).Objects() {
			if b := findButton(k, text); b != nil {
				return b
			}
		}
	}
	return nil
}

// TestStopsFromMapSearchAndNearby: stops come from the map's menu (named
// by reverse geocoding), a search result's details and a nearby place's
// details, each an undoable edit.
func TestStopsFromMapSearchAndNearby(t *testing.T) {
	w := tourWindow(t, fyne.NewSize(1280, 800))
	w.locked(func() { w.addStop(liSchaan, "") }) // the map menu's "Add as tour stop"
	until(t, w, "the map stop named", func() bool { return w.tour.m.Len() == 1 && !strings.Contains(stopNames(w), "°") })

	w.TypeSearchForTest("Kunstmuseum Liechtenstein")
	w.SearchKeyForTest(fyne.KeyReturn)
	until(t, w, "the search results", func() bool { return w.search.resultCount() > 0 })
	w.locked(func() {
		w.search.list.Select(0) // its details
		test.Tap(findButton(w.search.details.content, "Add to tour"))
	})

	places, err := w.NearbyForTest(liVaduz, "restaurant")
	if err != nil || len(places) == 0 {
		t.Fatalf("nearby restaurants: %v %v", places, err)
	}
	w.locked(func() {
		w.nearby.list.Select(0) // opens its details
		test.Tap(findButton(w.search.details.content, "Add to tour"))
	})
	w.locked(func() {
		stops := w.tour.m.Tour().Stops
		if len(stops) != 3 || stops[1].Name != "Kunstmuseum Liechtenstein" || stops[2].Name != places[0] {
			t.Fatalf("stops %s, want the map's, the museum and %s", stopNames(w), places[0])
		}
		if w.tabs.Selected().Text != tabTour {
			t.Errorf("tab after adding = %s, want Tour", w.tabs.Selected().Text)
		}
	})
	for i := 0; i < 3; i++ {
		shortcut(w, ctrlZ)
	}
	w.locked(func() {
		if n := w.tour.m.Len(); n != 0 {
			t.Errorf("after undoing the three adds: %s", stopNames(w))
		}
	})
}

// TestTourFileOnTheCommandLine: a GeoJSON file given with the packs (a file
// manager's "Open with") opens as the tour.
func TestTourFileOnTheCommandLine(t *testing.T) {
	test.NewTempApp(t)
	geo := filepath.Join(t.TempDir(), "museums.geojson")
	os.WriteFile(geo, []byte(`{"type":"FeatureCollection","name":"Museums","features":[
		{"type":"Feature","geometry":{"type":"Point","coordinates":[9.52163,47.13897]},"properties":{"name":"Kunstmuseum Liechtenstein"}},
		{"type":"Feature","geometry":{"type":"Point","coordinates":[9.52271,47.13818]},"properties":{"name":"Liechtenstein National Museum"}}]}`), 0o644)
	w, err := New(fyne.CurrentApp(), Options{Packs: []string{geo}, ConfigDir: t.TempDir(), PacksDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer w.locked(w.shutdown)
	w.locked(func() {
		if got := w.tour.m.Tour(); got.Name != "Museums" || len(got.Stops) != 2 || w.tabs.Selected().Text != tabTour {
			t.Errorf("opened %q with %d stops on tab %s, want Museums, 2 stops, Tour", got.Name, len(got.Stops), w.tabs.Selected().Text)
		}
	})
}
