package ui

// A clean map: what the map shows belongs to the newest search or
// selection. A new search (Search or Nearby), a click on the map ("what
// is here") or a chosen result replaces the pins, outline and "what is
// here" dot of the one before; "clear map" (the map's button, Esc on the
// map, View ▸ Clear map) removes them, the GPS traces and the reachable
// areas (isochrone.go). The tour's stops
// and route stay: they are the tour, which its own panel clears.

// clearSelection removes the pins, the outline and the "what is here" dot.
func (w *Window) clearSelection() {
	w.mapw.SetMarkers(nil)
	w.mapw.SetOutline(nil)
	w.mapw.SetHere(nil)
}

// clearMap removes everything the map shows over the tiles but the tour.
func (w *Window) clearMap() {
	w.clearSelection()
	w.mapw.SetTraces(nil)
	w.iso.clearAreas()
	w.setStatus("Map cleared")
}
