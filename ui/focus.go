package ui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// focusRingWidth is the ring's stroke, in logical pixels.
const focusRingWidth = 2

// focusRingEvery is how often the ring follows the focus: Fyne tells no
// one when the focus moves (Tab is handled inside the driver), so the ring
// looks.
const focusRingEvery = 80 * time.Millisecond

// focusRing marks the focused control with a ring in the theme's primary
// colour: Fyne shows focus as a faint tint, invisible on a high-importance
// button. The ring lies in a layer over the content that takes no input,
// so clicks pass to the controls beneath. (Controls of a dialog keep
// Fyne's own mark: the ring's layer lies under the dialogs.)
type focusRing struct {
	w     *Window
	layer *fyne.Container
	rect  *canvas.Rectangle
	stop  chan struct{}
}

// withFocusRing returns content with the focus ring's layer over it and
// starts the ring following the focus until the window closes.
func (w *Window) withFocusRing(content fyne.CanvasObject) fyne.CanvasObject {
	r := &focusRing{w: w, rect: canvas.NewRectangle(nil), stop: make(chan struct{})}
	r.rect.StrokeWidth = focusRingWidth
	r.rect.CornerRadius = theme.InputRadiusSize()
	r.rect.Hide()
	r.layer = container.NewWithoutLayout(r.rect)
	w.ring = r
	go r.follow()
	return container.NewStack(content, r.layer)
}

// follow moves the ring to the focused control every focusRingEvery.
func (r *focusRing) follow() {
	t := time.NewTicker(focusRingEvery)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
			r.w.doUI(r.update)
		}
	}
}

// update puts the ring around the focused control, or hides it.
func (r *focusRing) update() {
	f := r.w.win.Canvas().Focused()
	obj, ok := f.(fyne.CanvasObject)
	if !ok || obj == nil || !obj.Visible() {
		if r.rect.Visible() {
			r.rect.Hide()
		}
		return
	}
	d := fyne.CurrentApp().Driver()
	pos := d.AbsolutePositionForObject(obj).Subtract(d.AbsolutePositionForObject(r.layer))
	size := obj.Size()
	// Outside the control by the stroke, inside the window.
	inset := float32(focusRingWidth)
	pos = pos.SubtractXY(inset, inset)
	size = size.AddWidthHeight(2*inset, 2*inset)
	if pos.X < 0 {
		size.Width += pos.X
		pos.X = 0
	}
	if pos.Y < 0 {
		size.Height += pos.Y
		pos.Y = 0
	}
	ls := r.layer.Size()
	size.Width = min(size.Width, ls.Width-pos.X)
	size.Height = min(size.Height, ls.Height-pos.Y)
	c := theme.Color(theme.ColorNamePrimary)
	if r.rect.Visible() && r.rect.Position() == pos && r.rect.Size() == size && r.rect.StrokeColor == c {
		return
	}
	r.rect.StrokeColor = c
	r.rect.FillColor = color.Transparent
	r.rect.Move(pos)
	r.rect.Resize(size)
	r.rect.Show()
	r.rect.Refresh()
}

// close stops the ring.
func (r *focusRing) close() {
	select {
	case <-r.stop:
	default:
		close(r.stop)
	}
}

// focusRingAt puts the ring on the focused control now and returns where
// it is drawn (relative to the content), ok false when it is hidden.
func (w *Window) focusRingAt() (pos fyne.Position, size fyne.Size, ok bool) {
	w.ring.update()
	return w.ring.rect.Position(), w.ring.rect.Size(), w.ring.rect.Visible()
}
