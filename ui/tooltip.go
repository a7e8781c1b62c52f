package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tooltipDelay is how long the pointer rests on an object before its
// tooltip shows.
const tooltipDelay = 450 * time.Millisecond

// tooltip shows a short text near the pointer, over the window content.
// Its layer holds only a rectangle and a text, which take no pointer
// events, so it never steals the hover or click meant for what lies under
// it (a Fyne pop-up would).
type tooltip struct {
	w     *Window
	layer *fyne.Container
	bg    *canvas.Rectangle
	text  *canvas.Text
	timer *time.Timer
	gen   int
}

func newTooltip(w *Window) *tooltip {
	t := &tooltip{w: w}
	t.bg = canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	t.bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	t.bg.StrokeWidth = 1
	t.bg.CornerRadius = theme.InputRadiusSize()
	t.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	t.text.TextSize = theme.CaptionTextSize() * 1.1
	// the layer stays shown (laid out over the whole window by its
	// stack); only its rectangle and text hide
	t.layer = container.NewWithoutLayout(t.bg, t.text)
	t.bg.Hide()
	t.text.Hide()
	return t
}

// schedule shows text below the point at (absolute position) once the
// pointer has rested there for tooltipDelay; hide cancels it.
func (t *tooltip) schedule(text string, at fyne.Position) {
	if t == nil || text == "" {
		return
	}
	t.gen++
	gen := t.gen
	if t.timer != nil {
		t.timer.Stop()
	}
	t.timer = time.AfterFunc(tooltipDelay, func() {
		t.w.doUI(func() {
			if gen == t.gen {
				t.show(text, at)
			}
		})
	})
}

// show places the tooltip below at, inside the window.
func (t *tooltip) show(text string, at fyne.Position) {
	t.text.Text = text
	t.text.Color = theme.Color(theme.ColorNameForeground)
	t.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	ts := t.text.MinSize()
	pad := theme.InnerPadding() / 2
	size := fyne.NewSize(ts.Width+2*pad, ts.Height+pad)
	cs := t.w.win.Canvas().Size()
	x := max(2, min(at.X+8, cs.Width-size.Width-2))
	y := at.Y + 22
	if y+size.Height > cs.Height-2 {
		y = at.Y - size.Height - 6
	}
	t.bg.Move(fyne.NewPos(x, y))
	t.bg.Resize(size)
	t.text.Move(fyne.NewPos(x+pad, y+pad/2))
	t.text.Resize(ts)
	t.bg.Show()
	t.text.Show()
	t.layer.Refresh()
}

// hide removes the tooltip and cancels a pending one.
func (t *tooltip) hide() {
	if t == nil {
		return
	}
	t.gen++
	if t.timer != nil {
		t.timer.Stop()
	}
	if t.text.Visible() {
		t.bg.Hide()
		t.text.Hide()
	}
}

// shown returns the text shown ("" when hidden; tests read it).
func (t *tooltip) shown() string {
	if t == nil || !t.text.Visible() {
		return ""
	}
	return t.text.Text
}

// tipButton is a button that names its action in a tooltip: the icon-only
// buttons of the tour panel.
type tipButton struct {
	widget.Button
	tip  *tooltip
	text string
}

func newTipButton(tip *tooltip, text string, icon fyne.Resource, tapped func()) *tipButton {
	b := &tipButton{tip: tip, text: text}
	b.Icon = icon
	b.OnTapped = tapped
	b.ExtendBaseWidget(b)
	return b
}

// MouseIn shows the tooltip after a rest.
func (b *tipButton) MouseIn(ev *desktop.MouseEvent) {
	b.Button.MouseIn(ev)
	b.tip.schedule(b.text, ev.AbsolutePosition)
}

// MouseOut hides the tooltip.
func (b *tipButton) MouseOut() {
	b.Button.MouseOut()
	b.tip.hide()
}

// Tapped hides the tooltip and runs the action.
func (b *tipButton) Tapped(ev *fyne.PointEvent) {
	b.tip.hide()
	b.Button.Tapped(ev)
}
