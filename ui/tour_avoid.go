package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"waymark/engine/route"
	"waymark/ui/tourmodel"
)

// avoidChecks are the tour panel's "Avoid motorways / tolls / ferries"
// checkboxes. They edit the tour's Exclude (an undoable edit), which every
// engine call of the tour is given (route, optimize). A class the profile
// cannot leave out (route.Profile.Excludable: walking and cycling routes
// never use motorways or pay tolls) is shown disabled and unchecked rather
// than hidden: the row keeps its place when the profile changes, so the
// controls below it do not jump, and the planner sees that the option
// exists for driving. The tour keeps what was asked (switching back to
// driving avoids the tolls again).
type avoidChecks struct {
	p     *tourPanel
	row   *fyne.Container
	label *widget.Label
	boxes []avoidBox
}

type avoidBox struct {
	x     route.Exclude
	check *widget.Check
}

// avoidClasses are the classes offered, in the row's order.
var avoidClasses = []struct {
	x     route.Exclude
	label string
}{{route.ExcludeMotorway, "Motorways"}, {route.ExcludeToll, "Tolls"}, {route.ExcludeFerry, "Ferries"}}

func newAvoidChecks(p *tourPanel) *avoidChecks {
	a := &avoidChecks{p: p, label: widget.NewLabel("Avoid")}
	objs := []fyne.CanvasObject{a.label}
	for _, c := range avoidClasses {
		x := c.x
		check := widget.NewCheck(c.label, func(on bool) { a.toggle(x, on) })
		a.boxes = append(a.boxes, avoidBox{x: x, check: check})
		objs = append(objs, check)
	}
	a.row = primedWrap(objs...)
	return a
}

// toggle asks for or drops the avoidance of class x.
func (a *avoidChecks) toggle(x route.Exclude, on bool) {
	if a.p.syncing {
		return
	}
	t := a.p.m.Tour()
	next := t.Exclude &^ x
	if on {
		next |= x
	}
	a.p.m.SetExclude(next)
}

// set shows what tour t avoids (the caller holds p.syncing).
func (a *avoidChecks) set(t tourmodel.Tour) {
	can := t.Profile.Excludable()
	for _, b := range a.boxes {
		b.check.SetChecked(t.Avoids()&b.x != 0)
		enable(b.check, can&b.x != 0)
	}
}

// check returns the checkbox of class x (tests).
func (a *avoidChecks) check(x route.Exclude) *widget.Check {
	for _, b := range a.boxes {
		if b.x == x {
			return b.check
		}
	}
	return nil
}
