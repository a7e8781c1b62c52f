package ui

import (
	"fmt"
	"reflect"

	"fyne.io/fyne/v2"
)

// Rect is a rectangle of the window in logical pixels.
type Rect struct {
	X0 float32 `json:"x0"`
	Y0 float32 `json:"y0"`
	X1 float32 `json:"x1"`
	Y1 float32 `json:"y1"`
}

// Holds reports whether o lies inside r (half a pixel of rounding allowed).
func (r Rect) Holds(o Rect) bool {
	const eps = 0.5
	return o.X0 >= r.X0-eps && o.Y0 >= r.Y0-eps && o.X1 <= r.X1+eps && o.Y1 <= r.Y1+eps
}

func (r Rect) has(p fyne.Position) bool {
	return p.X >= r.X0 && p.X < r.X1 && p.Y >= r.Y0 && p.Y < r.Y1
}

func (r Rect) centre() fyne.Position { return fyne.NewPos((r.X0+r.X1)/2, (r.Y0+r.Y1)/2) }

func (r Rect) String() string { return fmt.Sprintf("(%.0f,%.0f)-(%.0f,%.0f)", r.X0, r.Y0, r.X1, r.Y1) }

// rectOf is where o lies in the window.
func rectOf(o fyne.CanvasObject) Rect {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	s := o.Size()
	return Rect{p.X, p.Y, p.X + s.Width, p.Y + s.Height}
}

// ControlPlace is where one control of a panel lies.
type ControlPlace struct {
	Name string `json:"name"` // "stop 3 remove", "optimize"
	Kind string `json:"kind"` // Go type: "*widget.Button"
	Rect Rect   `json:"rect"`
	// InSight: wholly inside the visible part of the list (or not in
	// the list); Covered: another control lies over its centre.
	InSight bool `json:"in_sight"`
	Covered bool `json:"covered"`
}

// PanelLayout is where a panel and its controls lie in the window, read
// from the widgets' positions: the demo writes it for the window's
// end-to-end test, the tests check it at several window sizes.
type PanelLayout struct {
	Window   Rect           `json:"window"`
	Panel    Rect           `json:"panel"`
	Map      Rect           `json:"map"`
	List     Rect           `json:"list"`     // the visible part of the scrolled list
	Overflow float32        `json:"overflow"` // px the list is wider than its view
	Controls []ControlPlace `json:"controls"`
}

type namedControl struct {
	name   string
	obj    fyne.CanvasObject
	inList bool
}

// tourControls lists the tour panel's visible controls, list ones last.
func (p *tourPanel) tourControls() []namedControl {
	var out []namedControl
	add := func(name string, o fyne.CanvasObject, inList bool) {
		if o != nil && o.Visible() {
			out = append(out, namedControl{name, o, inList})
		}
	}
	add("tour name", p.name, false)
	add("save", p.saveBt, false)
	add("saved tours", p.toursBt, false)
	add("new tour", p.newBt, false)
	add("profile", p.profile, false)
	add("return to start", p.roundtrip, false)
	add("undo", p.undoBt, false)
	add("redo", p.redoBt, false)
	add("fit", p.fitBt, false)
	add("optimize", p.optimize, false)
	add("clear", p.clear, false)
	add("add field", p.addEntry, false)
	for i, o := range p.tools.Objects {
		add(fmt.Sprintf("tool %d", i+1), o, false)
	}
	if !p.tourViewShown() {
		return out
	}
	for i, r := range p.rows {
		add(fmt.Sprintf("stop %d", i+1), r, true)
		add(fmt.Sprintf("stop %d up", i+1), r.up, true)
		add(fmt.Sprintf("stop %d down", i+1), r.dn, true)
		add(fmt.Sprintf("stop %d remove", i+1), r.remove, true)
	}
	add("alternatives", p.alts, true)
	for i, o := range p.legs.Objects {
		add(fmt.Sprintf("leg %d", i+1), o.(*legRow).head, true)
	}
	return out
}

func (p *tourPanel) tourViewShown() bool {
	return len(p.body.Objects) == 1 && p.body.Objects[0] == p.tourView
}

// tourLayout measures the tour panel and its controls.
func (w *Window) tourLayout() PanelLayout {
	p := w.tour
	cs := w.win.Canvas().Size()
	l := PanelLayout{Window: Rect{0, 0, cs.Width, cs.Height}, Panel: rectOf(p.content), Map: rectOf(w.mapw), List: rectOf(p.scroll)}
	l.Overflow = max(0, p.scroll.Content.MinSize().Width-p.scroll.Size().Width)
	ctrls := p.tourControls()
	rects := make([]Rect, len(ctrls))
	for i, c := range ctrls {
		rects[i] = rectOf(c.obj)
	}
	for i, c := range ctrls {
		r := rects[i]
		if r.X1 == r.X0 {
			continue
		}
		cp := ControlPlace{Name: c.name, Kind: reflect.TypeOf(c.obj).String(), Rect: r, InSight: !c.inList || l.List.Holds(r)}
		centre := r.centre()
		for j, o := range ctrls {
			if j == i || contains(o.obj, c.obj) || contains(c.obj, o.obj) {
				continue
			}
			if rects[j].has(centre) && (!o.inList || l.List.has(centre)) {
				cp.Covered = true
			}
		}
		l.Controls = append(l.Controls, cp)
	}
	return l
}

// contains reports whether control a holds control b (a row its buttons).
func contains(a, b fyne.CanvasObject) bool {
	r, ok := a.(*stopRow)
	return ok && (b == r.up || b == r.dn || b == r.remove)
}

// Problems lists what breaks the panel's layout: the panel reaching past
// the sidebar or the window, a list wider than its view, a control
// outside the panel (across its width; along its height too when it is
// not in the scrolled list), a control in sight under another.
func (l PanelLayout) Problems() []string {
	var out []string
	if l.Panel.X1 == 0 {
		return []string{"the panel is not laid out"}
	}
	if l.Map.X1 > 0 && l.Panel.X1 > l.Map.X0+0.5 {
		out = append(out, fmt.Sprintf("the panel %v reaches under the map at x %.0f", l.Panel, l.Map.X0))
	}
	if !l.Window.Holds(l.Panel) {
		out = append(out, fmt.Sprintf("the panel %v reaches past the window %v", l.Panel, l.Window))
	}
	if l.Overflow > 0.5 {
		out = append(out, fmt.Sprintf("the list is %.0f px wider than its view: it would scroll sideways", l.Overflow))
	}
	for _, c := range l.Controls {
		across := Rect{c.Rect.X0, max(c.Rect.Y0, l.Panel.Y0), c.Rect.X1, min(c.Rect.Y1, l.Panel.Y1)}
		switch {
		case !l.Panel.Holds(across):
			out = append(out, fmt.Sprintf("%s (%s) %v lies outside the panel %v", c.Name, c.Kind, c.Rect, l.Panel))
		case c.InSight && !l.Panel.Holds(c.Rect):
			out = append(out, fmt.Sprintf("%s (%s) %v is cut by the panel's edge %v", c.Name, c.Kind, c.Rect, l.Panel))
		case c.InSight && c.Covered:
			out = append(out, fmt.Sprintf("%s (%s) %v lies under another control", c.Name, c.Kind, c.Rect))
		}
	}
	return out
}
