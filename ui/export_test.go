package ui

// Test hooks for the external ui_test package (which may import the
// region-pack helpers that ui's own tests cannot).

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/paulmach/orb"
)

// locked runs f holding uiMu, as UI callbacks do, so test code and
// background callbacks never touch widgets at the same time.
func (w *Window) locked(f func()) {
	w.uiMu.Lock()
	defer w.uiMu.Unlock()
	f()
}

// TypeSearchForTest clears the search field and types text into it.
func (w *Window) TypeSearchForTest(text string) {
	w.locked(func() {
		w.search.entry.SetText("")
		test.Type(w.search.entry, text)
	})
}

// SearchKeyForTest presses a key in the search field.
func (w *Window) SearchKeyForTest(key fyne.KeyName) {
	w.locked(func() { w.search.entry.TypedKey(&fyne.KeyEvent{Name: key}) })
}

// SearchTextForTest returns the text of the search field.
func (w *Window) SearchTextForTest() (s string) {
	w.locked(func() { s = w.search.entry.Text })
	return s
}

// ViewForTest returns the area the map shows.
func (w *Window) ViewForTest() (b orb.Bound) {
	w.locked(func() { b = w.mapw.ViewBound() })
	return b
}

// SetViewForTest moves the map.
func (w *Window) SetViewForTest(p orb.Point, zoom float64) {
	w.locked(func() { w.mapw.SetView(p, zoom) })
}

// SuggestionsForTest returns the titles of the listed suggestions.
func (w *Window) SuggestionsForTest() (out []string) {
	w.locked(func() { out = w.suggestions() })
	return out
}

func (w *Window) suggestions() []string {
	p := w.search
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.suggest {
		return nil
	}
	var out []string
	for _, pl := range p.items {
		out = append(out, placeTitle(pl))
	}
	return out
}

// DetailsForTest returns the title and coordinates the details view shows,
// and whether it is the visible part of the Search tab.
func (w *Window) DetailsForTest() (title, coords string, shown bool) {
	w.locked(func() {
		d := w.search.details
		shown = len(w.search.body.Objects) == 1 && w.search.body.Objects[0] == d.content
		title, coords = d.title.Text, d.coords.Text
	})
	return title, coords, shown
}

// AddStopForTest adds a tour stop.
func (w *Window) AddStopForTest(p orb.Point, name string) { w.locked(func() { w.addStop(p, name) }) }

// TourStopsForTest returns the stop names in order.
func (w *Window) TourStopsForTest() (out []string) {
	w.locked(func() {
		for _, s := range w.tour.m.Tour().Stops {
			out = append(out, s.Name)
		}
	})
	return out
}

// TourForTest returns the shown route's distance (m), duration (s), the
// totals text and the number of legs; ok is false while no route is shown.
func (w *Window) TourForTest() (dist, dur float64, totals string, legs int, ok bool) {
	w.locked(func() {
		t := w.tour
		r, shown := t.chosenRoute()
		if t.pending || !shown {
			return
		}
		dist, dur, totals, legs, ok = r.Distance, r.Duration, t.totalsText(), len(t.legs.Objects), true
	})
	return dist, dur, totals, legs, ok
}

// SetRoundtripForTest sets "Return to start".
func (w *Window) SetRoundtripForTest(on bool) { w.locked(func() { w.tour.roundtrip.SetChecked(on) }) }

// OptimizeForTest presses "Optimize order".
func (w *Window) OptimizeForTest() { w.locked(func() { w.tour.optimize.OnTapped() }) }

// OptimizeEnabledForTest reports whether "Optimize order" can be pressed.
func (w *Window) OptimizeEnabledForTest() (on bool) {
	w.locked(func() { on = !w.tour.optimize.Disabled() })
	return on
}

// StartServerForTest sets the address and presses the server toggle; it
// returns the bound address and the token.
func (w *Window) StartServerForTest(addr string) (bound, token string, err error) {
	w.locked(func() {
		p := w.server
		p.addr.SetText(addr)
		p.toggle.OnTapped()
		b, on := p.running()
		if !on {
			err = fmt.Errorf("server not running; status: %s", w.status.Text)
			return
		}
		bound, token = b, p.token.Text
	})
	return bound, token, err
}

// SetServerOpenForTest sets the "Open (no key)" check.
func (w *Window) SetServerOpenForTest(on bool) { w.locked(func() { w.server.open.SetChecked(on) }) }

// ServerOpenForTest reports the "Open (no key)" check and the example
// request shown.
func (w *Window) ServerOpenForTest() (on bool, example string) {
	w.locked(func() { on, example = w.server.open.Checked, w.server.example.Text })
	return on, example
}

// StopServerForTest presses the toggle again.
func (w *Window) StopServerForTest() { w.locked(func() { w.server.toggle.OnTapped() }) }

// ServerStateForTest returns the state label and the request count label.
func (w *Window) ServerStateForTest() (state, count string) {
	w.locked(func() { state, count = w.server.state.Text, w.server.count.Text })
	return state, count
}

// ImportTrackForTest imports and matches a GPX file, waiting for the result.
func (w *Window) ImportTrackForTest(path string) (name string, points, matchings int, meters float64, err error) {
	type res struct {
		tr  *trackResult
		err error
	}
	ch := make(chan res, 1)
	w.locked(func() { w.tour.importTrack(path, func(tr *trackResult, err error) { ch <- res{tr, err} }) })
	select {
	case r := <-ch:
		if r.err != nil {
			return "", 0, 0, 0, r.err
		}
		return r.tr.Name, len(r.tr.Raw.Points), len(r.tr.Matched), r.tr.Distance, nil
	case <-time.After(time.Minute):
		return "", 0, 0, 0, fmt.Errorf("matching timed out")
	}
}

// TracesForTest returns how many traces the map draws.
func (w *Window) TracesForTest() (n int) {
	w.locked(func() { n = w.mapw.TraceCount() })
	return n
}

// ImportRegionForTest imports an extract as the region manager's import
// button does (without the native file dialog), waiting for the result.
func (w *Window) ImportRegionForTest(path string) error {
	w.locked(func() { w.regions.importFile(path) })
	select {
	case err := <-w.regions.finished:
		return err
	case <-time.After(2 * time.Minute):
		return fmt.Errorf("import timed out")
	}
}

// DropExtractsForTest drops files on the window as the desktop does,
// waiting for the import of the extracts among them.
func (w *Window) DropExtractsForTest(paths []string) error {
	w.locked(func() { w.openFiles(paths) })
	select {
	case err := <-w.regions.finished:
		return err
	case <-time.After(2 * time.Minute):
		return fmt.Errorf("import timed out")
	}
}

// RegionNamesForTest lists the open regions as the region manager shows them.
func (w *Window) RegionNamesForTest() (out []string) {
	w.locked(func() {
		for _, r := range w.regions.rows {
			out = append(out, regionTitle(r.Info))
		}
	})
	return out
}

// MapCenterForTest returns the map centre.
func (w *Window) MapCenterForTest() (c orb.Point) {
	w.locked(func() { c = w.mapw.Center() })
	return c
}

// ExportForTest exports the tour or map to path in format (gpx, geojson, png).
func (w *Window) ExportForTest(path, format string) error {
	ch := make(chan error, 1)
	w.locked(func() { w.tour.exportTo(path, format, func(err error) { ch <- err }) })
	select {
	case err := <-ch:
		return err
	case <-time.After(time.Minute):
		return fmt.Errorf("export timed out")
	}
}

// ClickMapForTest taps the map at the location p ("what is here").
func (w *Window) ClickMapForTest(p orb.Point) {
	w.locked(func() { w.mapw.Tapped(&fyne.PointEvent{Position: w.mapw.PositionOf(p)}) })
}

// SelectTabForTest shows a sidebar tab.
func (w *Window) SelectTabForTest(name string) { w.locked(func() { w.selectTab(name) }) }

// NearbyForTest runs a nearby search for word around p and returns the
// names found, waiting for the answer.
func (w *Window) NearbyForTest(p orb.Point, word string) ([]string, error) {
	w.locked(func() {
		w.nearby.setCenter(p, "")
		w.nearby.run(word)
	})
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var out []string
		done := false
		w.locked(func() {
			if w.nearby.resultLb.Text != "Searching…" {
				done = true
				for _, pl := range w.nearby.places {
					out = append(out, placeTitle(pl))
				}
			}
		})
		if done {
			return out, nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil, fmt.Errorf("nearby timed out")
}

// ResizeForTest resizes the window holding uiMu, as a user's resize runs
// on the UI goroutine: its layout must not overlap a tile callback.
func (w *Window) ResizeForTest(s fyne.Size) { w.locked(func() { w.win.Resize(s) }) }

// ShutdownForTest closes the window as the user would, saving state.
func (w *Window) ShutdownForTest() {
	w.testClose.Do(func() {
		w.locked(func() {
			if !w.closed.Load() { // not quit already (Ctrl+Q)
				w.win.Close()
			}
			w.shutdown()
		})
	})
}

// DirectionsToForTest chooses "Directions to here" at p in the map's menu.
func (w *Window) DirectionsToForTest(p orb.Point) { w.locked(func() { w.directionsTo(p) }) }

// DirectionsFromForTest chooses "Directions from here" at p in the map's menu.
func (w *Window) DirectionsFromForTest(p orb.Point) { w.locked(func() { w.directionsFrom(p) }) }

// OpenFileForTest opens a file as if dropped on the window.
func (w *Window) OpenFileForTest(path string) { w.locked(func() { w.openFile(path) }) }

// SelectedTabForTest returns the sidebar tab shown.
func (w *Window) SelectedTabForTest() (name string) {
	w.locked(func() { name = w.tabs.Selected().Text })
	return name
}

// StatusForTest returns the status line.
func (w *Window) StatusForTest() (s string) {
	w.locked(func() { s = w.status.Text })
	return s
}

// ImportAndCancelForTest starts importing path and presses Cancel as soon as
// progress shows; it returns the import's result.
func (w *Window) ImportAndCancelForTest(path string) error {
	w.locked(func() { w.regions.importFile(path) })
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		pressed := false
		w.locked(func() {
			if w.regions.progress.Visible() && w.regions.cancel != nil {
				w.regions.cancel()
				pressed = true
			}
		})
		if pressed {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case err := <-w.regions.finished:
		return err
	case <-time.After(2 * time.Minute):
		return fmt.Errorf("import did not stop")
	}
}
