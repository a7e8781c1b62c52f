package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/ui/tourmodel"
)

// installMapActions connects the map's clicks: a primary click shows what
// is there, a secondary click or long press opens the context menu.
func (w *Window) installMapActions() {
	w.mapw.OnTapped = w.whatIsHere
	w.mapw.OnContextMenu = w.mapMenu
	w.mapw.OnMarkerTapped = func(i int) {
		switch w.tabs.Selected().Text {
		case tabNearby:
			w.nearby.list.Select(i)
		default:
			w.search.list.Select(i)
		}
	}
}

// mapMenu offers the actions for the point p under the pointer.
func (w *Window) mapMenu(p orb.Point, at fyne.Position) {
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", w.mapMenuItems(p)...), w.win.Canvas(), at)
}

// mapMenuItems are the map menu's actions for p.
func (w *Window) mapMenuItems(p orb.Point) []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItemWithIcon("Directions from here", theme.NavigateBackIcon(), func() { w.directionsFrom(p) }),
		fyne.NewMenuItemWithIcon("Directions to here", theme.NavigateNextIcon(), func() { w.directionsTo(p) }),
		fyne.NewMenuItemWithIcon("Add as tour stop", theme.ContentAddIcon(), func() { w.addStop(p, "") }),
		fyne.NewMenuItemWithIcon("Nearby places", nearbyIcon, func() { w.nearbyAround(p, "") }),
		fyne.NewMenuItemWithIcon("Reachable within…", theme.HistoryIcon(), func() { w.iso.ask(p, "") }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItemWithIcon("What is here?", theme.InfoIcon(), func() { w.whatIsHere(p) }),
		fyne.NewMenuItemWithIcon("Copy coordinates", theme.ContentCopyIcon(), func() {
			w.app.Clipboard().SetContent(formatDecimal(p))
			w.setStatus("Copied %s", formatDecimal(p))
		}),
	}
}

// addStop adds p as a tour stop (named name, or by reverse geocoding when
// "") and shows the tour.
func (w *Window) addStop(p orb.Point, name string) {
	if w.tour.add(p, name) {
		w.setStatus("Added %s as stop %d", w.tour.m.Stop(w.tour.m.Len()-1).Name, w.tour.m.Len())
	}
	w.selectTab(tabTour)
}

// directionsFrom makes p the start of a route: to the tour's last stop
// when it has one (the tour is replaced, with an undo link), else the only
// stop, the destination to be added next.
func (w *Window) directionsFrom(p orb.Point) {
	t := w.tour
	w.selectTab(tabTour)
	start := tourmodel.Stop{Name: formatLatLon(p), Point: p}
	before := t.m.Tour()
	if len(before.Stops) == 0 {
		if t.add(p, "") {
			w.setStatus("Directions from here: add the destination")
		}
		return
	}
	dest := before.Stops[len(before.Stops)-1]
	if tourmodel.Near(dest.Point, p, samePlace) {
		w.setStatus("This is %s, the destination: choose another start", dest.Name)
		return
	}
	next := before.Clone()
	next.Stops = []tourmodel.Stop{start, dest}
	t.replaceBy("Directions from here to "+dest.Name, next, before)
	t.nameStop(p, start.Name)
}

// directionsTo routes from the tour's first stop to p, replacing the tour
// (with an undo link); without stops, p is the destination and the start
// is asked for.
func (w *Window) directionsTo(p orb.Point) { w.directionsToNamed(p, "") }

// directionsToNamed is directionsTo for a place named name ("": named by
// reverse geocoding).
func (w *Window) directionsToNamed(p orb.Point, name string) {
	t := w.tour
	w.selectTab(tabTour)
	before := t.m.Tour()
	if len(before.Stops) == 0 {
		t.routeFromAsked(p, name)
		return
	}
	start := before.Stops[0]
	if tourmodel.Near(start.Point, p, samePlace) {
		w.setStatus("This is %s, the start: choose another destination", start.Name)
		return
	}
	named := name != ""
	label := "Directions to " + name
	if !named {
		name, label = formatLatLon(p), "Directions to here"
	}
	next := before.Clone()
	next.Stops = []tourmodel.Stop{start, {Name: name, Point: p}}
	t.replaceBy(label, next, before)
	if !named {
		t.nameStop(p, name)
	}
}

// routeTo is the Route button of a place's details: the place becomes the
// destination after the current stops, or, without stops, the only stop
// with the start asked for. Never a route from a place to itself.
func (w *Window) routeTo(p orb.Point, name string) {
	t := w.tour
	w.selectTab(tabTour)
	t.showTour()
	n := t.m.Len()
	if n == 0 {
		t.routeFromAsked(p, name)
		return
	}
	if last := t.m.Stop(n - 1); tourmodel.Near(last.Point, p, samePlace) {
		if n == 1 {
			t.setStartMode(true)
			w.win.Canvas().Focus(t.addEntry)
		}
		w.setStatus("%s is already the last stop", last.Name)
		t.fitTour()
		return
	}
	if t.add(p, name) {
		t.fitNext = true
		w.setStatus("Route to %s after stop %d", t.m.Stop(n).Name, n)
	}
}

// nearbyAround opens the Nearby tab around p.
func (w *Window) nearbyAround(p orb.Point, name string) {
	w.nearby.setCenter(p, name)
	w.selectTab(tabNearby)
}

// openPlace shows pl's details in the Search tab.
func (w *Window) openPlace(pl geocode.Place) {
	w.search.choose(pl)
	w.selectTab(tabSearch)
}
