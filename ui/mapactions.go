package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/geocode"
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
	items := []*fyne.MenuItem{
		fyne.NewMenuItemWithIcon("Directions from here", theme.NavigateBackIcon(), func() { w.directionsFrom(p) }),
		fyne.NewMenuItemWithIcon("Directions to here", theme.NavigateNextIcon(), func() { w.directionsTo(p) }),
		fyne.NewMenuItemWithIcon("Add as tour stop", theme.ContentAddIcon(), func() { w.addStop(p, "") }),
		fyne.NewMenuItemWithIcon("Nearby places", nearbyIcon, func() { w.nearbyAround(p, "") }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItemWithIcon("What is here?", theme.InfoIcon(), func() { w.whatIsHere(p) }),
		fyne.NewMenuItemWithIcon("Copy coordinates", theme.ContentCopyIcon(), func() {
			w.app.Clipboard().SetContent(formatDecimal(p))
			w.setStatus("Copied %s", formatDecimal(p))
		}),
	}
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), w.win.Canvas(), at)
}

// addStop adds p as a tour stop and shows the tour.
func (w *Window) addStop(p orb.Point, name string) {
	w.tour.add(p, name)
	w.selectTab(tabTour)
}

// directionsFrom starts a new two-stop route from p (keeping the current
// destination when the tour has one).
func (w *Window) directionsFrom(p orb.Point) {
	t := w.tour
	if len(t.stops) >= 2 {
		t.stops = t.stops[len(t.stops)-1:]
	}
	t.stops = append([]tourStop{{Name: formatLatLon(p), Point: p}}, t.stops...)
	t.changed()
	t.nameStop(p)
	w.selectTab(tabTour)
}

// directionsTo routes from the tour's first stop (or the map centre) to p.
func (w *Window) directionsTo(p orb.Point) { w.routeTo(p, "") }

// routeTo routes from the tour's first stop (or the map centre) to p,
// named name (or by reverse geocoding when name is "").
func (w *Window) routeTo(p orb.Point, name string) {
	t := w.tour
	if len(t.stops) == 0 {
		c := w.mapw.Center()
		t.stops = []tourStop{{Name: formatLatLon(c), Point: c}}
		t.nameStop(c)
	}
	if name == "" {
		name = formatLatLon(p)
		defer t.nameStop(p)
	}
	t.stops = append(t.stops[:1], tourStop{Name: name, Point: p})
	t.changed()
	w.selectTab(tabTour)
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
