package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"github.com/paulmach/orb"
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
//     with its legs listed (search.png, place.png, tour.png).
func (w *Window) demoScript(name, dir string) ([]demoStep, error) {
	home := demoStep{name: "home", run: func() error {
		w.tour.stops = nil
		w.tour.changed()
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
	}
	return nil, fmt.Errorf("unknown demo %q (want map, search or tour)", name)
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
		t.stops = nil
		w.mapw.SetMarkers(nil)
		w.mapw.SetOutline(nil)
		t.profile.SetSelected("Driving")
		t.roundtrip.SetChecked(false)
		t.changed()
		return nil
	}}}
	for i, name := range demoStops {
		want := i + 1
		name := name
		steps = append(steps,
			demoStep{name: "add " + name, run: func() error {
				t.addEntry.SetText(name)
				t.addByName(name)
				return nil
			}},
			waitStep("stop "+name, func() bool { return len(t.stops) >= want }),
		)
	}
	steps = append(steps,
		waitStep("route", t.routed),
		demoStep{name: "optimize", run: func() error { t.runOptimize(); return nil }},
		waitStep("optimized route", t.routed),
		demoStep{name: "show tour", run: func() error {
			if len(t.routes) == 0 {
				return fmt.Errorf("no route through the demo stops")
			}
			b := orb.MultiPoint(t.coordinates()).Bound()
			for _, p := range t.routes[t.chosen].Points {
				b = b.Extend(p)
			}
			w.mapw.FitBound(b, 16)
			if len(t.legs.Items) > 0 {
				t.legs.Open(0)
			}
			return nil
		}},
		pauseStep(400*time.Millisecond),
		waitStep("tiles", w.mapSettled),
		w.screenshotStep(dir, "tour.png"),
	)
	return steps
}
