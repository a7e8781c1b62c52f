package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/mapview"
	"waymark/ui/tourfile"
	"waymark/ui/tourmodel"
	"waymark/ui/tourstore"
)

// Export formats of the tour panel.
const (
	formatGPX     = "gpx"
	formatGeoJSON = "geojson"
	formatPNG     = "png"
)

// fileTools returns the "Export" button of the tour panel: a menu of GPX,
// GeoJSON and PNG (one button, so the panel keeps room for the stops).
func (p *tourPanel) fileTools() []fyne.CanvasObject {
	item := func(label string, icon fyne.Resource, format, filter string, exts ...string) *fyne.MenuItem {
		return fyne.NewMenuItemWithIcon(label, icon, func() { p.chooseExport(format, filter, exts...) })
	}
	menu := fyne.NewMenu("",
		item("GPX (stops, route and track)", theme.DocumentSaveIcon(), formatGPX, "GPX files", "gpx"),
		item("GeoJSON (stops, route, settings)", theme.DocumentSaveIcon(), formatGeoJSON, "GeoJSON files", "geojson", "json"),
		item("PNG image of the map", theme.FileImageIcon(), formatPNG, "PNG images", "png"),
	)
	var b *widget.Button
	b = widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), func() {
		c := fyne.CurrentApp().Driver().CanvasForObject(b)
		if c == nil {
			return
		}
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		widget.ShowPopUpMenuAtPosition(menu, c, at.Add(fyne.NewPos(0, b.Size().Height)))
	})
	return []fyne.CanvasObject{b}
}

// chooseExport asks for a file name with the file dialog and exports.
func (p *tourPanel) chooseExport(format, filter string, exts ...string) {
	if format != formatPNG && p.m.Len() == 0 {
		p.w.setStatus("Add stops to the tour first")
		return
	}
	go func() {
		path, err := p.w.askFile(fileRequest{Title: "Export " + filter, Exts: exts, Save: true, Name: "waymark-tour." + exts[0]})
		if errors.Is(err, errCancelled) {
			return
		}
		p.w.doUI(func() {
			if err != nil {
				p.w.setStatus("Export: %v", err)
				return
			}
			if filepath.Ext(path) == "" {
				path += "." + exts[0]
			}
			p.exportTo(path, format, func(err error) {
				if err != nil {
					p.w.setStatus("Export: %v", err)
					return
				}
				p.w.setStatus("Saved %s", path)
			})
		})
	}()
}

// tourData is the tour as the file writers see it.
func (p *tourPanel) tourData() tourfile.Tour {
	t := p.m.Tour()
	if t.Name == "" && len(t.Stops) > 0 {
		t.Name = defaultTourName(t)
	}
	d := tourstore.Doc{Tour: t}
	if r, ok := p.chosenRoute(); ok {
		d.Route, d.Distance, d.Duration = r.Points, r.Distance, r.Duration
	}
	return tourstore.ToFile(d)
}

// exportTo writes the tour (GPX, GeoJSON) or the map (PNG) to path in the
// background and calls done on the UI goroutine.
func (p *tourPanel) exportTo(path, format string, done func(error)) {
	t := p.tourData()
	var png func() error
	if format == formatPNG {
		opts, r, err := p.w.exportOptions(t)
		if err != nil {
			done(err)
			return
		}
		png = func() error {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			img, err := r.Export(ctx, opts)
			if err != nil {
				return err
			}
			return writeFile(path, func(f *os.File) error { return mapview.WritePNG(f, img) })
		}
	}
	go func() {
		var err error
		switch format {
		case formatGPX:
			err = writeFile(path, func(f *os.File) error { return tourfile.WriteGPX(f, t) })
		case formatGeoJSON:
			err = writeFile(path, func(f *os.File) error { return tourfile.WriteGeoJSON(f, t) })
		case formatPNG:
			err = png()
		default:
			err = fmt.Errorf("unknown format %q", format)
		}
		p.w.doUI(func() { done(err) })
	}()
}

// exportOptions frames the static image: the whole tour when there is one,
// else the current view.
func (w *Window) exportOptions(t tourfile.Tour) (mapview.ExportOptions, *mapview.Renderer, error) {
	if w.renderer == nil {
		return mapview.ExportOptions{}, nil, fmt.Errorf("open a region first (Regions tab)")
	}
	opts := mapview.ExportOptions{Width: 1600, Height: 1000, Theme: w.mapTheme(), Padding: 60}
	for _, s := range t.Stops {
		opts.Stops = append(opts.Stops, s.Point)
	}
	if len(t.Route) > 1 {
		opts.Routes = []mapview.RouteLine{{Line: t.Route, Color: color.NRGBA{0x1a, 0x73, 0xe8, 0xff}, Width: 6}}
	}
	if len(opts.Stops) == 0 && len(opts.Routes) == 0 {
		opts.Center = w.mapw.Center()
		opts.Zoom = int(math.Round(w.mapw.Zoom()))
	}
	return opts, w.renderer, nil
}

// writeFile creates path, lets write fill it, and removes it on failure.
func writeFile(path string, write func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}

// trackName is a readable name for an imported track.
func trackName(t tourfile.Track, path string) string {
	if strings.TrimSpace(t.Name) != "" {
		return t.Name
	}
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// trackBound is the bounding box of a line.
func trackBound(ls orb.LineString) orb.Bound { return ls.Bound() }

// openTourFile opens a GeoJSON file, or a GPX file with a route or
// waypoints, as the tour (an undoable import, announced with an undo
// link); done (when not nil) gets the result. A GPX file with only tracks
// is matched to the roads instead (importTrack).
func (p *tourPanel) openTourFile(path string, done func(error)) {
	finish := func(err error) {
		if err != nil {
			p.w.setStatus("Open %s: %v", filepath.Base(path), err)
		}
		if done != nil {
			done(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		finish(err)
		return
	}
	defer f.Close()
	gpx := strings.EqualFold(filepath.Ext(path), ".gpx")
	var ft tourfile.Tour
	if gpx {
		ft, err = tourfile.ReadGPXTour(f)
	} else {
		ft, err = tourfile.ReadGeoJSON(f)
	}
	if gpx && errors.Is(err, tourfile.ErrNoStops) {
		p.importTrack(path, func(_ *trackResult, err error) {
			if done != nil {
				done(err)
			}
		})
		return
	}
	if err != nil {
		finish(err)
		return
	}
	if len(ft.Stops) > maxStops {
		finish(fmt.Errorf("%d stops; a tour has at most %d", len(ft.Stops), maxStops))
		return
	}
	t := tourstore.FromFile(ft).Tour
	if t.Name == "" {
		t.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	var unnamed []int
	for i := range t.Stops {
		if t.Stops[i].Name == "" {
			t.Stops[i].Name = formatLatLon(t.Stops[i].Point)
			unnamed = append(unnamed, i)
		}
	}
	before := p.m.Tour()
	if err := p.m.Replace(tourmodel.Import, "Opened "+filepath.Base(path), t); err != nil {
		finish(err)
		return
	}
	for _, i := range unnamed {
		p.nameStop(t.Stops[i].Point, t.Stops[i].Name)
	}
	p.showTour()
	p.fitNext = true
	p.render()
	p.replacedStatus(fmt.Sprintf("Opened %s as a tour of %s", filepath.Base(path), plural(len(t.Stops), "stop")), before)
	finish(nil)
}

// isTourFile reports whether path names a file the tour opens: GPX or
// GeoJSON.
func isTourFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".gpx", ".geojson", ".json":
		return true
	}
	return false
}

// takeTourFiles removes the tour files from the packs given on the command
// line (a file manager's "Open with") and returns them.
func (w *Window) takeTourFiles() []string {
	var files, packs []string
	for _, p := range w.opts.Packs {
		if isTourFile(p) {
			files = append(files, p)
		} else {
			packs = append(packs, p)
		}
	}
	w.opts.Packs = packs
	return files
}
