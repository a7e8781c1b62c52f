package ui

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
)

// installDrop accepts files dropped on the window: an .osm.pbf or .osm
// extract is imported as a region (several dropped at once make one
// region), a .waymark pack is opened, a .geojson file or a .gpx file with
// a route or waypoints is opened as the tour, and a .gpx file of tracks is
// matched to the roads.
func (w *Window) installDrop() {
	w.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		var paths []string
		for _, u := range uris {
			if u.Scheme() == "file" {
				paths = append(paths, u.Path())
			}
		}
		w.openFiles(paths)
	})
}

// openFiles handles dropped files: the extracts among them are imported
// together as one region, the other files one by one (openFile).
func (w *Window) openFiles(paths []string) {
	var extracts []string
	for _, p := range paths {
		if isExtract(p) {
			extracts = append(extracts, p)
		} else {
			w.openFile(p)
		}
	}
	if len(extracts) > 0 {
		w.selectTab(tabRegions)
		w.regions.importFiles(extracts)
	}
}

func isExtract(path string) bool {
	name := strings.ToLower(filepath.Base(path))
	return strings.HasSuffix(name, ".osm.pbf") || strings.HasSuffix(name, ".osm")
}

// openFile handles one dropped or command-line file by its kind.
func (w *Window) openFile(path string) {
	name := strings.ToLower(filepath.Base(path))
	switch {
	case strings.HasSuffix(name, ".osm.pbf"), strings.HasSuffix(name, ".osm"):
		w.selectTab(tabRegions)
		w.regions.importFile(path)
	case strings.HasSuffix(name, ".waymark"):
		if err := w.openPacks(uniquePaths(append(append([]string(nil), w.packs...), path))); err != nil {
			w.setStatus("Open %s: %v", filepath.Base(path), err)
			return
		}
		w.selectTab(tabRegions)
		w.showHome()
	case strings.HasSuffix(name, ".gpx"), strings.HasSuffix(name, ".geojson"), strings.HasSuffix(name, ".json"):
		w.selectTab(tabTour)
		w.tour.openTourFile(path, nil) // a GPX of tracks only is matched to the roads
	default:
		w.setStatus("Cannot open %s: drop an .osm.pbf extract, a .waymark pack, a .gpx or .geojson tour or track", filepath.Base(path))
	}
}
