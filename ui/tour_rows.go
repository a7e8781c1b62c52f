package ui

import (
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"waymark/ui/tourmodel"
)

// stopRow is one tour stop in the list: its number, its name (shortened
// to the row's width; the whole name in a tooltip and in the details) and
// up / down / remove buttons; below, the reason when the stop cannot be
// routed, and its details when it is tapped. Dragging the row moves the
// stop up or down the list.
type stopRow struct {
	widget.BaseWidget
	p     *tourPanel
	index int
	stop  tourmodel.Stop

	badge    *canvas.Rectangle
	num      *canvas.Text
	name     *widget.Label
	warn     *widget.Icon
	bg       *canvas.Rectangle
	up, dn   *widget.Button
	remove   *widget.Button
	problem  *widget.Label
	details  *fyne.Container
	fullName *widget.Label
	coords   *widget.Label
	dragged  float32
}

func newStopRow(p *tourPanel) *stopRow {
	r := &stopRow{p: p}
	r.badge = canvas.NewRectangle(stopColor(0))
	r.badge.CornerRadius = 12
	r.num = canvas.NewText("", color.White)
	r.num.TextStyle = fyne.TextStyle{Bold: true}
	r.num.Alignment = fyne.TextAlignCenter
	r.num.TextSize = theme.TextSize() * 0.85
	r.name = widget.NewLabel("")
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.warn = widget.NewIcon(theme.NewErrorThemedResource(theme.WarningIcon()))
	r.warn.Hide()
	r.bg = canvas.NewRectangle(color.Transparent)
	r.bg.CornerRadius = theme.InputRadiusSize()
	r.up = widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { p.move(r.index, r.index-1) })
	r.dn = widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { p.move(r.index, r.index+1) })
	r.remove = widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { p.removeStop(r.index) })
	for _, b := range []*widget.Button{r.up, r.dn, r.remove} {
		b.Importance = widget.LowImportance
	}
	r.problem = widget.NewLabel("")
	r.problem.Wrapping = fyne.TextWrapWord
	r.problem.Importance = widget.DangerImportance
	r.problem.Hide()
	r.fullName = widget.NewLabel("")
	r.fullName.Wrapping = fyne.TextWrapWord
	r.fullName.TextStyle = fyne.TextStyle{Bold: true}
	r.coords = dimLabel("")
	show := widget.NewButtonWithIcon("Show on map", theme.ZoomFitIcon(), func() {
		p.w.mapw.FlyTo(r.stop.Point, max(p.w.mapw.Zoom(), 16))
	})
	show.Importance = widget.LowImportance
	r.details = container.NewVBox(r.fullName, r.coords, container.NewHBox(show))
	r.details.Hide()
	r.ExtendBaseWidget(r)
	return r
}

// set shows stop s as stop i; problem is why it cannot be routed ("" if
// it can), open whether its details show.
func (r *stopRow) set(i int, s tourmodel.Stop, last bool, problem string, open bool) {
	r.index, r.stop = i, s
	// only what changed is redrawn: a 100-stop list is set again after
	// every edit
	badge := stopColor(i)
	if problem != "" {
		badge = theme.Color(theme.ColorNameError)
	}
	if r.badge.FillColor != badge {
		r.badge.FillColor = badge
		r.badge.Refresh()
	}
	if num := strconv.Itoa(i + 1); r.num.Text != num {
		r.num.Text = num
		r.num.Refresh()
	}
	setText(r.name, s.Name)
	enable(r.up, i > 0)
	enable(r.dn, !last)
	showIf(r.warn, problem != "")
	showIf(r.problem, problem != "")
	if problem != "" {
		setText(r.problem, "Not routed: "+problem)
	}
	showIf(r.details, open)
	bg := color.Color(color.Transparent)
	if open {
		setText(r.fullName, s.Name)
		setText(r.coords, formatLatLon(s.Point))
		bg = theme.Color(theme.ColorNameHover)
	}
	if r.bg.FillColor != bg {
		r.bg.FillColor = bg
		r.bg.Refresh()
	}
}

// setText sets a label's text when it differs (a label redraws on every
// SetText).
func setText(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// showIf shows or hides o.
func showIf(o fyne.CanvasObject, on bool) {
	switch {
	case on && !o.Visible():
		o.Show()
	case !on && o.Visible():
		o.Hide()
	}
}

// stopColor is green for the start and blue for the other stops, as on the map.
func stopColor(i int) color.Color {
	if i == 0 {
		return color.NRGBA{0x18, 0x80, 0x38, 0xff}
	}
	return color.NRGBA{0x1a, 0x73, 0xe8, 0xff}
}

func (r *stopRow) CreateRenderer() fyne.WidgetRenderer {
	badge := container.New(&badgeLayout{}, r.badge, r.num)
	line := container.NewBorder(nil, nil, container.NewHBox(badge, r.warn), container.NewHBox(r.up, r.dn, r.remove), r.name)
	indent := container.New(&indentLayout{left: 36}, container.NewVBox(r.problem, r.details))
	return widget.NewSimpleRenderer(container.NewStack(r.bg, container.NewVBox(line, indent)))
}

// Tapped opens or closes the stop's details.
func (r *stopRow) Tapped(*fyne.PointEvent) {
	r.p.w.tip.hide()
	if r.p.selected == r.index {
		r.p.selected = -1
	} else {
		r.p.selected = r.index
	}
	r.p.render()
}

// MouseIn shows the whole name in a tooltip.
func (r *stopRow) MouseIn(ev *desktop.MouseEvent) {
	r.p.w.tip.schedule(r.stop.Name, ev.AbsolutePosition)
}

// MouseMoved is part of desktop.Hoverable.
func (r *stopRow) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tooltip.
func (r *stopRow) MouseOut() { r.p.w.tip.hide() }

// Dragged follows the pointer: the row is highlighted while it moves.
func (r *stopRow) Dragged(ev *fyne.DragEvent) {
	r.p.w.tip.hide()
	r.dragged += ev.Dragged.DY
	r.bg.FillColor = theme.Color(theme.ColorNameSelection)
	r.bg.Refresh()
}

// DragEnd moves the stop by as many rows as the pointer travelled.
func (r *stopRow) DragEnd() {
	h := r.Size().Height
	steps := 0
	if h > 0 {
		steps = int(math.Round(float64(r.dragged / h)))
	}
	r.dragged = 0
	r.bg.FillColor = color.Transparent
	r.bg.Refresh()
	if steps != 0 {
		r.p.move(r.index, r.index+steps)
	}
}

// badgeLayout draws the stop number in a 24 px high pill, wide enough
// for three digits.
type badgeLayout struct{}

func (badgeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	const h = 24
	ts := objs[1].MinSize()
	w := max(h, ts.Width+10)
	y := (size.Height - h) / 2
	objs[0].Move(fyne.NewPos(4, y))
	objs[0].Resize(fyne.NewSize(w, h))
	objs[1].Move(fyne.NewPos(4+(w-ts.Width)/2, y+(h-ts.Height)/2))
	objs[1].Resize(ts)
}

func (badgeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(max(32, objs[1].MinSize().Width+18), 28)
}

// indentLayout insets its one object from the left.
type indentLayout struct{ left float32 }

func (l *indentLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(l.left, 0))
		o.Resize(fyne.NewSize(max(0, size.Width-l.left), size.Height))
	}
}

func (l *indentLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			s = fyne.NewSize(max(s.Width, m.Width+l.left), max(s.Height, m.Height))
		}
	}
	return s
}

// stepRow is one turn-by-turn instruction with its distance; tapping it
// shows the maneuver on the map. The text wraps.
type stepRow struct {
	widget.BaseWidget
	text, dist string
	onTap      func()
	bg         *canvas.Rectangle
}

func newStepRow(text, dist string, onTap func()) *stepRow {
	r := &stepRow{text: text, dist: dist, onTap: onTap, bg: canvas.NewRectangle(color.Transparent)}
	r.bg.CornerRadius = theme.InputRadiusSize()
	r.ExtendBaseWidget(r)
	return r
}

func (r *stepRow) CreateRenderer() fyne.WidgetRenderer {
	l := widget.NewLabel(r.text)
	l.Wrapping = fyne.TextWrapWord
	d := dimLabel(r.dist)
	d.Truncation = fyne.TextTruncateOff
	return widget.NewSimpleRenderer(container.NewStack(r.bg, container.NewBorder(nil, nil, nil, d, l)))
}

// Tapped shows the maneuver on the map.
func (r *stepRow) Tapped(*fyne.PointEvent) {
	if r.onTap != nil {
		r.onTap()
	}
}

// MouseIn highlights the row under the pointer.
func (r *stepRow) MouseIn(*desktop.MouseEvent) {
	r.bg.FillColor = theme.Color(theme.ColorNameHover)
	r.bg.Refresh()
}

// MouseMoved is part of desktop.Hoverable.
func (r *stepRow) MouseMoved(*desktop.MouseEvent) {}

// MouseOut removes the highlight.
func (r *stepRow) MouseOut() {
	r.bg.FillColor = color.Transparent
	r.bg.Refresh()
}

// Cursor shows a pointing hand over the row.
func (r *stepRow) Cursor() desktop.Cursor { return desktop.PointerCursor }
