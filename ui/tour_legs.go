package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/ui/instructions"
	"waymark/ui/tourmodel"
)

// legRow is one leg of the route: a header "1 → 2 Vaduz → Schaan" (names
// shortened to the width) with the leg's distance and time, which opens
// the leg's turn-by-turn steps (built when first opened: a 100-stop tour
// has thousands).
type legRow struct {
	widget.BaseWidget
	p      *tourPanel
	title  string
	leg    route.Leg
	index  int
	legs   int
	open   bool
	head   *legHead
	icon   *widget.Icon
	label  *widget.Label
	totals *widget.Label
	steps  *fyne.Container
	built  bool
}

func newLegRow(p *tourPanel, i, n int, title string, leg route.Leg) *legRow {
	r := &legRow{p: p, title: title, leg: leg, index: i, legs: n}
	r.icon = widget.NewIcon(theme.MenuExpandIcon())
	r.label = widget.NewLabel(title)
	r.label.Truncation = fyne.TextTruncateEllipsis
	r.label.TextStyle = fyne.TextStyle{Bold: true}
	r.totals = dimLabel(instructions.Distance(leg.Distance) + " · " + instructions.Duration(leg.Duration))
	r.totals.Truncation = fyne.TextTruncateOff
	r.head = &legHead{row: r}
	r.head.ExtendBaseWidget(r.head)
	r.steps = container.NewVBox()
	r.steps.Hide()
	r.ExtendBaseWidget(r)
	return r
}

func (r *legRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewVBox(r.head, container.New(&indentLayout{left: 12}, r.steps)))
}

// legHead is a leg's header: tapping it opens or closes the steps.
type legHead struct {
	widget.BaseWidget
	row *legRow
}

func (h *legHead) CreateRenderer() fyne.WidgetRenderer {
	r := h.row
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, r.icon, r.totals, r.label))
}

// Tapped opens or closes the steps.
func (h *legHead) Tapped(*fyne.PointEvent) { h.row.setOpen(!h.row.open) }

// MouseIn shows the whole title in a tooltip.
func (h *legHead) MouseIn(ev *desktop.MouseEvent) {
	h.row.p.w.tip.schedule(h.row.title, ev.AbsolutePosition)
}

// MouseMoved is part of desktop.Hoverable.
func (h *legHead) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tooltip.
func (h *legHead) MouseOut() { h.row.p.w.tip.hide() }

// Cursor shows a pointing hand over the header.
func (h *legHead) Cursor() desktop.Cursor { return desktop.PointerCursor }

func (r *legRow) setOpen(open bool) {
	r.open = open
	if open && !r.built {
		r.built = true
		r.buildSteps()
	}
	if open {
		r.icon.SetResource(theme.MenuDropDownIcon())
		r.steps.Show()
	} else {
		r.icon.SetResource(theme.MenuExpandIcon())
		r.steps.Hide()
	}
	r.Refresh()
	r.p.legs.Refresh()
}

func (r *legRow) buildSteps() {
	if r.leg.Summary != "" {
		l := dimLabel("Via " + r.leg.Summary)
		l.Truncation = fyne.TextTruncateOff
		l.Wrapping = fyne.TextWrapWord
		r.steps.Add(l)
	}
	for _, s := range r.leg.Steps {
		text := instructions.Text(s, instructions.Position{Leg: r.index, Legs: r.legs})
		if m := instructions.Mode(s, r.p.m.Tour().Profile); m != "" {
			text += " · " + m
		}
		dist := instructions.Distance(s.Distance)
		if s.Maneuver.Type == route.Arrive {
			dist = ""
		}
		at := orb.Point{s.Maneuver.Location[0], s.Maneuver.Location[1]}
		r.steps.Add(newStepRow(text, dist, func() {
			r.p.w.mapw.SetHere(&at)
			r.p.w.mapw.FlyTo(at, 17)
		}))
	}
}

// legsKey is what the legs list shows: the route of a revision, the
// chosen alternative, the model's changes (stop names).
type legsKey struct {
	rev     uint64
	chosen  int
	changes int
	shown   bool
}

// showLegs lists the legs of the chosen route (none while it is computed);
// the list is made again only when the route, the alternative or the stop
// names changed.
func (p *tourPanel) showLegs(res tourmodel.Result, current bool) {
	key := legsKey{rev: res.Revision, chosen: p.chosen, changes: p.changes, shown: current && p.chosen < len(res.Routes)}
	if !key.shown {
		key = legsKey{}
	}
	if key == p.legsShown {
		return
	}
	p.legsShown = key
	p.legs.Objects = nil
	if key.shown {
		t := p.m.Tour()
		r := res.Routes[p.chosen]
		for i, leg := range r.Legs {
			p.legs.Add(newLegRow(p, i, len(r.Legs), legTitle(t, i), leg))
		}
	}
	p.legs.Refresh()
}

// legTitle is "1 → 2  Vaduz → Schaan" for leg i of t (the return to the
// start after the last stop of a round trip).
func legTitle(t tourmodel.Tour, i int) string {
	n := len(t.Stops)
	if n == 0 {
		return ""
	}
	from, to := i, (i+1)%n
	return fmt.Sprintf("%d → %d  %s → %s", from+1, to+1, t.Stops[from].Name, t.Stops[to].Name)
}
