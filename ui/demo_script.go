package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/ui/tourmodel"
)

// Demo texts: a search, a misspelled one and the four stops of the tour,
// in a deliberately poor order that Optimize improves (for the
// Liechtenstein pack; other regions give other results).
const (
	demoQuery     = "restaurants in Vaduz"
	demoTypoQuery = "Vadutz"
)

var demoStops = []string{"Vaduz", "Balzers", "Schaan", "Triesenberg"}

// demoScript returns the steps of the named demo:
//   - "map": the map of the first region (map.png);
//   - "search": types a query letter by letter (suggestions show while
//     typing), searches with Enter and lists the results (search.png), the
//     same in the dark look (search-dark.png), opens the first one
//     (place.png), then types a misspelled name and presses Enter, which
//     must find the place (vadutz.png);
//   - "tour": the search, then a four-stop tour built by name, optimized,
//     with its legs listed (search.png, place.png, tour.png);
//   - "cycling": the four-stop tour by bike avoiding ferries, optimized
//     (cycling-tour.png), then what is reachable from Triesenberg by bike
//     within 10 and 20 minutes (isochrone.png, isochrone-dark.png);
//   - "longtour": at 1024×640, a 30-stop tour with an 80-character stop
//     name opened from a GeoJSON file (tour-long.png and the panel's
//     layout, tour-long-layout.json; see demoLongTour).
func (w *Window) demoScript(name, dir string) ([]demoStep, error) {
	home := demoStep{name: "home", run: func() error {
		w.tour.m.Reset(tourmodel.Tour{})
		w.showHome()
		return nil
	}}
	switch name {
	case "map":
		return []demoStep{home, waitStep("tiles", w.mapSettled), w.screenshotStep(dir, "map.png")}, nil
	case "search":
		return append([]demoStep{home}, w.demoSearch(dir)...), nil
	case "tour":
		steps := append([]demoStep{home}, w.demoSearch(dir)...)
		return append(steps, w.demoTour(dir)...), nil
	case "longtour":
		return append([]demoStep{home}, w.demoLongTour(dir)...), nil
	case "cycling":
		return append([]demoStep{home}, w.demoCycling(dir)...), nil
	}
	return nil, fmt.Errorf("unknown demo %q (want map, search, tour, cycling or longtour)", name)
}

func (w *Window) demoSearch(dir string) []demoStep {
	s := w.search
	steps := []demoStep{{name: "open search", run: func() error {
		w.selectTab(tabSearch)
		w.win.Canvas().Focus(s.entry)
		s.entry.SetText("")
		return nil
	}}}
	for _, r := range demoQuery {
		r := r
		steps = append(steps, demoStep{name: "type " + string(r), run: func() error {
			s.entry.TypedRune(r)
			return nil
		}})
	}
	steps = append(steps,
		pauseStep(300*time.Millisecond), // let suggestions show, as while typing
		demoStep{name: "search", run: func() error {
			s.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			return nil
		}},
		waitStep("results", func() bool { return s.resultCount() > 0 }),
		demoStep{name: "highlight first result", run: func() error { s.showMarkers(0); return nil }},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "search.png"),
		demoStep{name: "dark look", run: func() error { w.setTheme(themeDark); return nil }},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "search-dark.png"),
		demoStep{name: "light look", run: func() error { w.setTheme(themeLight); return nil }},
		demoStep{name: "open first result", run: func() error {
			s.list.Select(0)
			if s.details.place.Name == "" {
				return fmt.Errorf("no place chosen for %q", demoQuery)
			}
			return nil
		}},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "place.png"),
		demoStep{name: "type " + demoTypoQuery, run: func() error {
			w.focusSearch()
			s.entry.SetText("")
			for _, r := range demoTypoQuery {
				s.entry.TypedRune(r)
			}
			s.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			return nil
		}},
		waitStep("typo search", func() bool { return !strings.HasPrefix(w.status.Text, "Searching") }),
		demoStep{name: "typo search found", run: func() error {
			if strings.HasPrefix(w.status.Text, "No place") || s.resultCount() == 0 {
				return fmt.Errorf("%q + Enter: %q", demoTypoQuery, w.status.Text)
			}
			return nil
		}},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "vadutz.png"),
	)
	return steps
}

func (w *Window) demoTour(dir string) []demoStep {
	t := w.tour
	steps := []demoStep{{name: "open tour", run: func() error {
		w.selectTab(tabTour)
		w.mapw.SetMarkers(nil)
		w.mapw.SetOutline(nil)
		t.m.Reset(tourmodel.Tour{})
		return nil
	}}}
	for i, name := range demoStops {
		steps = append(steps, w.demoAddByName(name, i+1)...)
	}
	steps = append(steps,
		waitStep("route", t.routed),
		demoStep{name: "optimize", run: func() error { t.runOptimize(); return nil }},
		waitStep("optimized route", func() bool { return t.routed() && t.m.CanUndo() && t.m.UndoLabel() == "Optimized the order" }),
		demoStep{name: "show tour", run: func() error {
			if !t.m.Result().Routed() {
				return fmt.Errorf("no route through the demo stops")
			}
			t.fitTour()
			if len(t.legs.Objects) > 0 {
				t.legs.Objects[0].(*legRow).setOpen(true)
			}
			return nil
		}},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "tour.png"),
	)
	return steps
}

// demoTriesenberg is the origin of the demo's isochrone.
var demoTriesenberg = orb.Point{9.54337, 47.11862}

// demoCycling builds the demo tour by bike avoiding ferries through the
// panel's controls, then draws an isochrone around Triesenberg.
func (w *Window) demoCycling(dir string) []demoStep {
	t := w.tour
	steps := []demoStep{{name: "cycling, avoid ferries", run: func() error {
		w.selectTab(tabTour)
		t.m.Reset(tourmodel.Tour{})
		t.profile.SetSelected(profileCycling)
		t.avoid.check(route.ExcludeFerry).SetChecked(true)
		if tr := t.m.Tour(); tr.Profile != route.Cycling || tr.Avoids() != route.ExcludeFerry {
			return fmt.Errorf("the panel set %s avoiding %q", tr.Profile, tr.Avoids())
		}
		return nil
	}}}
	for i, name := range demoStops {
		steps = append(steps, w.demoAddByName(name, i+1)...)
	}
	iso := w.iso
	return append(steps,
		waitStep("route", t.routed),
		demoStep{name: "optimize", run: func() error { t.runOptimize(); return nil }},
		waitStep("optimized route", func() bool { return t.routed() && t.m.UndoLabel() == "Optimized the order" }),
		demoStep{name: "show tour", run: func() error {
			if !t.m.Result().Routed() {
				return fmt.Errorf("no cycling route through the demo stops: %s", t.summary.Text)
			}
			t.fitTour()
			return nil
		}},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "cycling-tour.png"),
		demoStep{name: "reachable from Triesenberg", run: func() error {
			iso.draw(demoTriesenberg, "Triesenberg", []int{10, 20})
			return nil
		}},
		waitStep("isochrone", func() bool { return !iso.pending }),
		demoStep{name: "isochrone drawn", run: func() error {
			if len(iso.contours) != 2 {
				return fmt.Errorf("%d contours drawn: %s", len(iso.contours), w.status.Text)
			}
			return nil
		}},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "isochrone.png"),
		demoStep{name: "dark look", run: func() error { w.setTheme(themeDark); return nil }},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "isochrone-dark.png"),
	) // the window closes in the dark look: its home is the demo's own
}

// demoAddByName adds name as the want-th stop as a user does: types it
// into the add field, waits for the suggestions, arrows down to the one
// of that name and presses Enter.
func (w *Window) demoAddByName(name string, want int) []demoStep {
	t := w.tour
	steps := []demoStep{{name: "type " + name, run: func() error {
		w.win.Canvas().Focus(t.addEntry)
		t.addEntry.SetText("")
		for _, r := range name {
			t.addEntry.TypedRune(r)
		}
		return nil
	}}}
	return append(steps,
		waitStep("suggestions for "+name, func() bool { return len(t.choices.titles()) > 0 }),
		demoStep{name: "choose " + name, run: func() error {
			titles := t.choices.titles()
			for i, s := range titles {
				if s == name {
					for k := 0; k <= i; k++ {
						t.addEntry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
					}
					t.addEntry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
					return nil
				}
			}
			return fmt.Errorf("no suggestion %q among %q", name, titles)
		}},
		waitStep("stop "+name, func() bool { return t.m.Len() >= want }),
	)
}
