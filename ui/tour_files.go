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
)

// Export formats of the tour panel.
const (
	formatGPX     = "gpx"
	formatGeoJSON = "geojson"
	formatPNG     = "png"
)

// fileTools returns the export buttons of the tour panel.
func (p *tourPanel) fileTools() []fyne.CanvasObject {
	mk := func(label string, icon fyne.Resource, format, filter string, exts ...string) *widget.Button {
		return widget.NewButtonWithIcon(label, icon, func() { p.chooseExport(format, filter, exts...) })
	}
	return []fyne.CanvasObject{
		mk("Export GPX", theme.DocumentSaveIcon(), formatGPX, "GPX files", "gpx"),
		mk("Export GeoJSON", theme.DocumentSaveIcon(), formatGeoJSON, "GeoJSON files", "geojson", "json"),
		mk("Export PNG", theme.FileImageIcon(), formatPNG, "PNG images", "png"),
	}
}

// chooseExport asks for a file name with the file dialog and exports.
func (p *tourPanel) chooseExport(format, filter string, exts ...string) {
	if format != formatPNG && len(p.stops) == 0 {
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
	t := tourfile.Tour{Name: "Waymark tour", Profile: p.profileValue().String()}
	for _, s := range p.stops {
		t.Stops = append(t.Stops, tourfile.Stop{Name: s.Name, Point: s.Point})
	}
	if p.chosen < len(p.routes) {
		r := p.routes[p.chosen]
		t.Route, t.Distance, t.Duration = r.Points, r.Distance, r.Duration
	}
	return t
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
