package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
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
	header := container.NewHBox(widget.NewIcon(appIcon()), title, subtitle)

	statusBar := container.NewBorder(widget.NewSeparator(), nil, nil, w.statusLink, w.status)
	side := container.NewBorder(container.NewPadded(header), statusBar, nil, nil, w.tabs)
	sideBG := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	w.sideWidth = &fixedWidth{width: clampSidebar(sidebarWidth, 0)}
	if w.st.Sidebar > 0 {
		w.sideWidth.width = clampSidebar(w.st.Sidebar, 0)
	}
	w.sidebar = container.New(w.sideWidth, container.NewStack(sideBG, side))

	// the line between sidebar and map is a handle that sets the width
	w.mainContent = container.NewBorder(nil, nil, container.NewHBox(w.sidebar, newSidebarHandle(w)), nil, w.mapw)
	w.win.SetPadded(false)
	w.win.SetContent(container.NewStack(w.mainContent, w.tip.layer))
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

// installShortcuts binds Ctrl+F (search) and Ctrl+Q (quit).
func (w *Window) installShortcuts() {
	w.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) {
			w.selectTab(tabSearch)
			w.win.Canvas().Focus(w.search.entry)
		})
	w.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { w.win.Close() })
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
