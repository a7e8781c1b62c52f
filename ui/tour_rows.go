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
)

// stopRow is one tour stop in the list: its number, name and up / down /
// remove buttons. Dragging the row moves the stop up or down the list.
type stopRow struct {
	widget.BaseWidget
	p     *tourPanel
	index int

	badge   *canvas.Circle
	num     *canvas.Text
	name    *widget.Label
	bg      *canvas.Rectangle
	up, dn  *widget.Button
	remove  *widget.Button
	dragged float32
}

func newStopRow(p *tourPanel, i int, name string, last bool) *stopRow {
	r := &stopRow{p: p, index: i}
	r.badge = canvas.NewCircle(stopColor(i))
	r.num = canvas.NewText(strconv.Itoa(i+1), color.White)
	r.num.TextStyle = fyne.TextStyle{Bold: true}
	r.num.Alignment = fyne.TextAlignCenter
	r.num.TextSize = theme.TextSize() * 0.9
	r.name = widget.NewLabel(name)
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.bg = canvas.NewRectangle(color.Transparent)
	r.bg.CornerRadius = theme.InputRadiusSize()
	r.up = widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { p.move(r.index, r.index-1) })
	r.dn = widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { p.move(r.index, r.index+1) })
	r.remove = widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { p.removeStop(r.index) })
	for _, b := range []*widget.Button{r.up, r.dn, r.remove} {
		b.Importance = widget.LowImportance
	}
	if i == 0 {
		r.up.Disable()
	}
	if last {
		r.dn.Disable()
	}
	r.ExtendBaseWidget(r)
	return r
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
	row := container.NewBorder(nil, nil, badge, container.NewHBox(r.up, r.dn, r.remove), r.name)
	return widget.NewSimpleRenderer(container.NewStack(r.bg, row))
}

// Dragged follows the pointer: the row is highlighted while it moves.
func (r *stopRow) Dragged(ev *fyne.DragEvent) {
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

// badgeLayout draws a 24 px circle with the number centred in it.
type badgeLayout struct{}

func (badgeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	const d = 24
	y := (size.Height - d) / 2
	objs[0].Move(fyne.NewPos(4, y))
	objs[0].Resize(fyne.NewSize(d, d))
	ts := objs[1].MinSize()
	objs[1].Move(fyne.NewPos(4+(d-ts.Width)/2, y+(d-ts.Height)/2))
	objs[1].Resize(ts)
}

func (badgeLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(32, 28) }

// stepRow is one turn-by-turn instruction with its distance; tapping it
// shows the maneuver on the map.
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
