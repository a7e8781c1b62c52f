package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Limits of the sidebar width, in logical pixels: the panels need
// minSidebar to show every control; the map keeps at least minMapWidth.
const (
	minSidebar  = 400
	maxSidebar  = 900
	minMapWidth = 320
)

// clampSidebar keeps a sidebar width within its limits for a window
// windowWidth wide (0: unknown).
func clampSidebar(width, windowWidth float32) float32 {
	hi := float32(maxSidebar)
	if windowWidth > 0 {
		hi = min(hi, windowWidth-minMapWidth)
	}
	return max(minSidebar, min(hi, width))
}

// sidebarHandle is the line between the sidebar and the map: dragging it
// sets the sidebar's width, which the window remembers.
type sidebarHandle struct {
	widget.BaseWidget
	w     *Window
	line  *canvas.Rectangle
	start float32 // width when the drag began
	moved float32
	drag  bool
}

func newSidebarHandle(w *Window) *sidebarHandle {
	h := &sidebarHandle{w: w, line: canvas.NewRectangle(color.NRGBA{0, 0, 0, 0x30})}
	h.ExtendBaseWidget(h)
	return h
}

func (h *sidebarHandle) CreateRenderer() fyne.WidgetRenderer {
	return &handleRenderer{h: h}
}

// MinSize is a 5 px grip around a 1 px line.
func (h *sidebarHandle) MinSize() fyne.Size { return fyne.NewSize(5, 1) }

// Dragged moves the sidebar's edge with the pointer.
func (h *sidebarHandle) Dragged(ev *fyne.DragEvent) {
	if !h.drag {
		h.drag, h.start, h.moved = true, h.w.sideWidth.width, 0
	}
	h.moved += ev.Dragged.DX
	h.w.setSidebarWidth(h.start + h.moved)
}

// DragEnd remembers the width.
func (h *sidebarHandle) DragEnd() {
	h.drag = false
	h.w.scheduleSave()
}

// Cursor shows the resize cursor over the grip.
func (h *sidebarHandle) Cursor() desktop.Cursor { return desktop.HResizeCursor }

// MouseIn, MouseMoved and MouseOut highlight the line under the pointer.
func (h *sidebarHandle) MouseIn(*desktop.MouseEvent) {
	h.line.FillColor = theme.Color(theme.ColorNamePrimary)
	h.line.Refresh()
}

// MouseMoved is part of desktop.Hoverable.
func (h *sidebarHandle) MouseMoved(*desktop.MouseEvent) {}

// MouseOut restores the line.
func (h *sidebarHandle) MouseOut() {
	h.line.FillColor = color.NRGBA{0, 0, 0, 0x30}
	h.line.Refresh()
}

type handleRenderer struct{ h *sidebarHandle }

func (r *handleRenderer) Layout(size fyne.Size) {
	r.h.line.Move(fyne.NewPos(0, 0))
	r.h.line.Resize(fyne.NewSize(1, size.Height))
}
func (r *handleRenderer) MinSize() fyne.Size           { return r.h.MinSize() }
func (r *handleRenderer) Refresh()                     { r.h.line.Refresh() }
func (r *handleRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.h.line} }
func (r *handleRenderer) Destroy()                     {}

// setSidebarWidth resizes the sidebar to width (clamped) and lays the
// window out again.
func (w *Window) setSidebarWidth(width float32) {
	width = clampSidebar(width, w.win.Canvas().Size().Width)
	if width == w.sideWidth.width {
		return
	}
	w.sideWidth.width = width
	w.st.Sidebar = width
	if c := w.mainContent; c != nil {
		// lay out the sidebar and the map again (no redraw of the rest)
		c.Layout.Layout(c.Objects, c.Size())
	}
}
