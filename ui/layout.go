package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"waymark/ui/state"
)

// sidebarWidth is the width of the panel column, in logical pixels.
const sidebarWidth = 450

// Tab names (also stored in state.json).
const (
	tabSearch  = "Search"
	tabNearby  = "Nearby"
	tabTour    = "Tour"
	tabRegions = "Regions"
	tabServer  = "Server"
)

// buildLayout assembles the sidebar tabs and the map.
func (w *Window) buildLayout() {
	w.regions = newRegionsPanel(w)
	w.server = newServerPanel(w)

	var items []*container.TabItem
	items = append(items, w.featureTabs()...)
	items = append(items,
		container.NewTabItemWithIcon(tabRegions, theme.StorageIcon(), w.regions.content),
		container.NewTabItemWithIcon(tabServer, theme.ComputerIcon(), w.server.content),
	)
	w.tabs = container.NewAppTabs(items...)
	w.tabs.SetTabLocation(container.TabLocationLeading)
	start := w.st.Tab
	if w.Engine() == nil {
		start = tabRegions // nothing to search yet: offer the import
	}
	for _, it := range items {
		if it.Text == start {
			w.tabs.Select(it)
		}
	}

	title := canvas.NewText("Waymark", theme.Color(theme.ColorNamePrimary))
	title.TextStyle = fyne.TextStyle{Bold: true}
	title.TextSize = theme.TextSize() * 1.35
	subtitle := widget.NewLabel("Offline maps")
	subtitle.Importance = widget.LowImportance
	header := container.NewHBox(widget.NewIcon(appIcon()), title, subtitle, layout.NewSpacer(), w.newThemeButton())

	// Objects are listed top-down, sidebar before map: Tab follows the
	// order of the content tree, whatever the layout draws where.
	statusBar := container.NewBorder(widget.NewSeparator(), nil, nil, w.statusLink, w.status)
	top := container.NewPadded(header)
	side := topDown(top, statusBar, nil, nil, w.tabs)
	sideBG := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	w.sideWidth = &fixedWidth{width: clampSidebar(sidebarWidth, 0)}
	if w.st.Sidebar > 0 {
		w.sideWidth.width = clampSidebar(w.st.Sidebar, 0)
	}
	w.sidebar = container.New(w.sideWidth, container.NewStack(sideBG, side))
	w.onThemeChange(func() {
		sideBG.FillColor = theme.Color(theme.ColorNameBackground)
		sideBG.Refresh()
		title.Color = theme.Color(theme.ColorNamePrimary)
		title.Refresh()
	})

	// the line between sidebar and map is a handle that sets the width
	left := container.NewHBox(w.sidebar, newSidebarHandle(w))
	w.iso = newIsochrones(w)
	w.mainContent = topDown(nil, nil, left, nil, container.NewStack(w.mapw, w.iso.legend))
	w.win.SetPadded(false)
	w.win.SetContent(w.withFocusRing(container.NewStack(w.mainContent, w.tip.layer)))
	w.installShortcuts()
	w.installMapActions()
	w.installDrop()
}

// featureTabs builds the Search, Nearby and Tour panels and returns their tabs.
func (w *Window) featureTabs() []*container.TabItem {
	w.search = newSearchPanel(w)
	w.nearby = newNearbyPanel(w)
	w.tour = newTourPanel(w)
	return []*container.TabItem{
		container.NewTabItemWithIcon(tabSearch, theme.SearchIcon(), w.search.content),
		container.NewTabItemWithIcon(tabNearby, nearbyIcon, w.nearby.content),
		container.NewTabItemWithIcon(tabTour, routeIcon, w.tour.content),
	}
}

// selectTab shows the sidebar tab named name.
func (w *Window) selectTab(name string) {
	for _, it := range w.tabs.Items {
		if it.Text == name {
			w.tabs.Select(it)
		}
	}
}

// saveHooks returns the functions that copy panel state into st before it is saved.
func (w *Window) saveHooks() []func(*state.State) {
	var hooks []func(*state.State)
	if w.server != nil {
		hooks = append(hooks, w.server.save)
	}
	if w.tour != nil {
		hooks = append(hooks, w.tour.save)
	}
	return hooks
}

// installShortcuts binds the window's keys through its main menu (menus.go),
// whose shortcuts the driver tries before the focused widget's: Ctrl+F and
// Ctrl+Q work inside text fields too. Esc closes the newest dialog.
func (w *Window) installShortcuts() {
	w.win.SetMainMenu(w.mainMenu())
	w.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			w.closeTopDialog()
		}
	})
}

// topDown is container.NewBorder with the objects listed in reading order
// — top, then left, centre and right, then bottom — since Tab follows the
// order of a container's objects and NewBorder lists the centre first.
func topDown(top, bottom, left, right fyne.CanvasObject, center ...fyne.CanvasObject) *fyne.Container {
	var objs []fyne.CanvasObject
	for _, o := range append(append([]fyne.CanvasObject{top, left}, center...), right, bottom) {
		if o != nil {
			objs = append(objs, o)
		}
	}
	return container.New(layout.NewBorderLayout(top, bottom, left, right), objs...)
}

// fixedWidth lays out its objects stacked, all of one fixed width.
type fixedWidth struct{ width float32 }

func (f *fixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (f *fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(f.width, h)
}

// headScroll lays out a head above the rest of a panel (the Server tab's
// settings above its request log): the head at its natural height while
// the rest keeps minRest, scrolled when the window is lower than both.
// So the panel never asks for more height than a small screen has (the
// Server tab's head alone wanted 642 px, and the window, growing to it
// on a 640 px screen, pushed the status line and the map's attribution
// out of sight).
type headScroll struct {
	head    *container.Scroll
	minRest float32
}

// minHead is the least of the head a headScroll shows.
const minHead = 120

func newHeadScroll(head, rest fyne.CanvasObject, minRest float32) *fyne.Container {
	s := container.NewVScroll(head)
	return container.New(&headScroll{head: s, minRest: minRest}, s, rest)
}

func (h *headScroll) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	top := max(0, min(h.head.Content.MinSize().Height, size.Height-h.minRest))
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, top))
	objs[1].Move(fyne.NewPos(0, top))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-top))
}

func (h *headScroll) MinSize(objs []fyne.CanvasObject) fyne.Size {
	rest := objs[1].MinSize()
	return fyne.NewSize(max(h.head.Content.MinSize().Width, rest.Width), minHead+max(h.minRest, rest.Height))
}
