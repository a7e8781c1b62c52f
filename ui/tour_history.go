package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/paulmach/orb"

	"waymark/ui/tourmodel"
)

// installShortcuts binds undo (Ctrl+Z) and redo (Ctrl+Shift+Z, Ctrl+Y) of
// tour edits to the window. A focused text field keeps them for its own
// text, except the add-a-stop field while empty (stopEntry).
func (p *tourPanel) installShortcuts() {
	c := p.w.win.Canvas()
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { p.undo() })
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { p.redo() })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		func(fyne.Shortcut) { p.redo() })
}

// undo reverts the last tour edit and says which.
func (p *tourPanel) undo() {
	e, ok := p.m.Undo()
	if !ok {
		p.w.setStatus("Nothing to undo")
		return
	}
	p.afterHistory(e)
	p.w.setStatus("Undone: %s", e.Label)
}

// redo repeats the last undone edit and says which.
func (p *tourPanel) redo() {
	e, ok := p.m.Redo()
	if !ok {
		p.w.setStatus("Nothing to redo")
		return
	}
	p.afterHistory(e)
	p.w.setStatus("Redone: %s", e.Label)
}

// afterHistory shows the tour after an undo or redo of e: the choices and
// the saved-tours list give way to it, and the map shows the whole tour
// again when e replaced or reordered it.
func (p *tourPanel) afterHistory(e tourmodel.Edit) {
	p.showTour()
	p.w.selectTab(tabTour)
	switch e.Kind {
	case tourmodel.Replace, tourmodel.Import, tourmodel.Open, tourmodel.Optimize, tourmodel.Clear, tourmodel.New:
		if p.routed() {
			p.fitTour()
		} else {
			p.fitNext = true
		}
	}
}

// setStatusUndo shows msg in the status line with an Undo link: the
// message of an action that replaced or emptied the tour.
func (w *Window) setStatusUndo(msg string) {
	w.setStatus("%s", msg)
	w.statusLink.SetText("Undo")
	w.statusLink.OnTapped = func() {
		if w.tour != nil {
			w.tour.undo()
		}
	}
	w.statusLink.Show()
}

// replaceBy installs next in place of before (directions from or to a
// point) and says so with an undo link when stops were dropped.
func (p *tourPanel) replaceBy(label string, next, before tourmodel.Tour) {
	if err := p.m.Replace(tourmodel.Replace, label, next); err != nil {
		p.w.setStatus("%s: %v", label, err)
		return
	}
	p.showTour()
	p.fitNext = true
	if len(before.Stops) > 2 || len(before.Stops) == 2 && !sameStops(before, next) {
		p.w.setStatusUndo(fmt.Sprintf("%s replaced the %d-stop tour", label, len(before.Stops)))
		return
	}
	p.w.setStatus("%s", label)
}

func sameStops(a, b tourmodel.Tour) bool {
	if len(a.Stops) != len(b.Stops) {
		return false
	}
	for i := range a.Stops {
		if a.Stops[i].Point != b.Stops[i].Point {
			return false
		}
	}
	return true
}

// routeFromAsked makes p (named name, "" to look it up) the only stop, the
// destination of a route whose start the add field asks for.
func (p *tourPanel) routeFromAsked(pt orb.Point, name string) {
	if !p.add(pt, name) {
		return
	}
	p.fitNext = true
	p.setStartMode(true)
	p.w.win.Canvas().Focus(p.addEntry)
	p.w.setStatus("Route to %s: where from? Type the start, or right-click the map: Directions from here", p.m.Stop(0).Name)
}
