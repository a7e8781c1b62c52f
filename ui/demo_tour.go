package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/paulmach/orb"

	"waymark/ui/tourfile"
	"waymark/ui/tourmodel"
)

// Files the "longtour" demo writes to its directory.
const (
	demoLongTourFile   = "tour-long.geojson" // the tour it opens
	demoLongTourShot   = "tour-long.png"
	demoLongTourLayout = "tour-long-layout.json" // the panel's PanelLayout
)

// demoLongName is the first stop's name: 80 characters.
const demoLongName = "Kunstmuseum Liechtenstein mit Hilti Art Foundation und Skulpturengarten, Städtle"

// demoLongStops are the 30 stops of the long tour: the museum with its
// 80-character name, then places over Liechtenstein as a planner's file
// names them (from the LI pack).
func demoLongStops() []tourfile.Stop {
	return []tourfile.Stop{
		{Name: demoLongName, Point: orb.Point{9.52163, 47.13897}},
		{Name: "Schaan", Point: orb.Point{9.51031, 47.16634}},
		{Name: "Balzers", Point: orb.Point{9.50026, 47.06711}},
		{Name: "Triesen", Point: orb.Point{9.52749, 47.10699}},
		{Name: "Eschen", Point: orb.Point{9.52332, 47.21263}},
		{Name: "Mauren", Point: orb.Point{9.54181, 47.21965}},
		{Name: "Ruggell", Point: orb.Point{9.52629, 47.23976}},
		{Name: "Gamprin", Point: orb.Point{9.51025, 47.21909}},
		{Name: "Schellenberg", Point: orb.Point{9.54580, 47.23120}},
		{Name: "Planken", Point: orb.Point{9.54522, 47.18588}},
		{Name: "Triesenberg", Point: orb.Point{9.54337, 47.11862}},
		{Name: "Nendeln", Point: orb.Point{9.54307, 47.19738}},
		{Name: "Bendern", Point: orb.Point{9.50621, 47.21221}},
		{Name: "Malbun", Point: orb.Point{9.60831, 47.10262}},
		{Name: "Steg", Point: orb.Point{9.57657, 47.11176}},
		{Name: "Masescha", Point: orb.Point{9.54350, 47.13251}},
		{Name: "Gaflei", Point: orb.Point{9.54476, 47.14228}},
		{Name: "Rotenboden", Point: orb.Point{9.53872, 47.12758}},
		{Name: "Ebenholz", Point: orb.Point{9.51380, 47.14999}},
		{Name: "Schaanwald", Point: orb.Point{9.57000, 47.21654}},
		{Name: "Silum", Point: orb.Point{9.55456, 47.13132}},
		{Name: "Mühleholz", Point: orb.Point{9.51158, 47.15557}},
		{Name: "Wangerberg", Point: orb.Point{9.54454, 47.10663}},
		{Name: "Rathaus Vaduz", Point: orb.Point{9.52189, 47.14070}},
		{Name: "Vaduz Castle", Point: orb.Point{9.52434, 47.13924}},
		{Name: "Liechtenstein National Museum", Point: orb.Point{9.52271, 47.13818}},
		{Name: "Postmuseum", Point: orb.Point{9.52270, 47.13889}},
		{Name: "Rheinparkstadion", Point: orb.Point{9.51007, 47.14054}},
		{Name: "Mäls", Point: orb.Point{9.49451, 47.06222}},
		{Name: "Burg Gutenberg", Point: orb.Point{9.50055, 47.06563}},
	}
}

// demoLongTour is the "longtour" demo: the window at 1024×640 opens a
// GeoJSON tour of 30 stops whose first name has 80 characters (as a
// planner opens a file), waits for the route, shows
// the whole name of the first stop in its tooltip, and saves a screenshot
// (tour-long.png) and the panel's layout measured from the widgets'
// positions (tour-long-layout.json). It fails when a control of the panel
// lies outside it.
func (w *Window) demoLongTour(dir string) []demoStep {
	t := w.tour
	path := filepath.Join(dir, demoLongTourFile)
	var opened bool
	return []demoStep{
		{name: "window 1024×640", run: func() error {
			w.win.Resize(fyne.NewSize(1024, 640))
			w.selectTab(tabTour)
			t.m.Reset(tourmodel.Tour{})
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			f, err := os.Create(path)
			if err != nil {
				return err
			}
			err = tourfile.WriteGeoJSON(f, tourfile.Tour{Name: "Valley tour", Profile: "driving", Stops: demoLongStops()})
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			return err
		}},
		pauseStep(300 * time.Millisecond),
		{name: "open " + demoLongTourFile, run: func() error {
			var err error
			t.openTourFile(path, func(e error) { err, opened = e, true })
			if !opened {
				return fmt.Errorf("the tour did not open")
			}
			return err
		}},
		waitStep("route", func() bool { return t.routed() && !w.mapw.Animating() }),
		{name: "check the route", run: func() error {
			if t.m.Len() != 30 || !t.m.Result().Routed() {
				return fmt.Errorf("%d stops, routed %v: %v", t.m.Len(), t.m.Result().Routed(), t.m.Result().Err)
			}
			return nil
		}},
		waitStep("tiles", w.mapSettled),
		{name: "hover the first stop", run: func() error {
			r := t.rows[0]
			at := fyne.CurrentApp().Driver().AbsolutePositionForObject(r.name).Add(fyne.NewPos(60, 10))
			r.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: at}})
			return nil
		}},
		waitStep("tooltip", func() bool { return w.tip.shown() == demoLongName }),
		w.screenshotStep(dir, demoLongTourShot),
		{name: "measure the panel", run: func() error {
			l := w.tourLayout()
			b, err := json.MarshalIndent(l, "", " ")
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, demoLongTourLayout), b, 0o644); err != nil {
				return err
			}
			if pr := l.Problems(); len(pr) > 0 {
				return fmt.Errorf("the tour panel's layout: %s", strings.Join(pr, "; "))
			}
			return nil
		}},
	}
}
