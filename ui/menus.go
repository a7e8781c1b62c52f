package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Keyboard: every action of the window is reachable without a mouse.
// Tab and Shift+Tab move through the sidebar top-down and then the map
// and its buttons (a ring marks the focused control, focus.go); Alt opens
// the main menu, whose items carry the window's shortcuts. The driver
// tries menu shortcuts before the focused widget, so they work inside
// text fields too (Fyne's canvas shortcuts do not: an Entry swallows
// every Ctrl shortcut). The focused map takes arrow keys, +/− and
// Enter/Space for its context menu at the centre cross.

// ctrlShortcut is Ctrl+key (Cmd+key on macOS).
func ctrlShortcut(key fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}
}

// menuItem is a menu item with a shortcut (nil for none).
func menuItem(label string, sc fyne.Shortcut, action func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, action)
	it.Shortcut = sc
	return it
}

// mainMenu builds the window's menu: File, View and Help.
func (w *Window) mainMenu() *fyne.MainMenu {
	quit := menuItem("Quit", ctrlShortcut(fyne.KeyQ), func() { w.win.Close() })
	quit.IsQuit = true
	file := fyne.NewMenu("File",
		menuItem("Import region…", ctrlShortcut(fyne.KeyO), func() {
			w.selectTab(tabRegions)
			w.regions.chooseFile()
		}),
		fyne.NewMenuItemSeparator(),
		quit,
	)
	tab := func(label string, key fyne.KeyName, name string) *fyne.MenuItem {
		return menuItem(label, ctrlShortcut(key), func() { w.selectTab(name) })
	}
	view := fyne.NewMenu("View",
		menuItem("Search", ctrlShortcut(fyne.KeyF), w.focusSearch),
		tab("Nearby", fyne.Key2, tabNearby),
		tab("Tour", fyne.Key3, tabTour),
		tab("Regions", fyne.Key4, tabRegions),
		tab("Server", fyne.Key5, tabServer),
		fyne.NewMenuItemSeparator(),
		menuItem("Map", ctrlShortcut(fyne.KeyM), func() { w.win.Canvas().Focus(w.mapw) }),
		menuItem("Whole region", ctrlShortcut(fyne.KeyH), w.showHome),
		menuItem("Clear map", ctrlShortcut(fyne.KeyL), w.clearMap),
		menuItem("Light or dark look", ctrlShortcut(fyne.KeyT), w.toggleTheme),
	)
	help := fyne.NewMenu("Help", fyne.NewMenuItem("Keyboard", w.showKeys))
	return fyne.NewMainMenu(file, view, help)
}

// focusSearch shows the Search tab and puts the cursor in its field.
func (w *Window) focusSearch() {
	w.selectTab(tabSearch)
	w.win.Canvas().Focus(w.search.entry)
}

// keyHelp lists the keys the Keyboard help shows.
var keyHelp = [][2]string{
	{"Tab, Shift+Tab", "next, previous control (sidebar top-down, then the map)"},
	{"Alt", "the menu (arrows, Enter)"},
	{"Ctrl+F", "search"},
	{"↑ ↓, Enter, Esc", "in the search field: choose a suggestion, search, close"},
	{"Ctrl+2 … Ctrl+5", "Nearby, Tour, Regions, Server"},
	{"Ctrl+M", "the map: arrows pan, + − zoom, Enter or Space: actions at the centre cross"},
	{"Ctrl+H", "the whole region"},
	{"Ctrl+L", "clear the map"},
	{"Ctrl+T", "light or dark look"},
	{"Ctrl+O", "import a region"},
	{"Esc", "close a menu or dialog"},
	{"Ctrl+Q", "quit"},
}

// showKeys shows the keyboard help.
func (w *Window) showKeys() {
	grid := keyTable(keyHelp)
	w.showDialog(dialog.NewCustom("Keyboard", "Close", grid, w.win))
}

// keyTable lays out key/meaning pairs in two columns.
func keyTable(rows [][2]string) fyne.CanvasObject {
	form := widget.NewForm()
	for _, r := range rows {
		l := widget.NewLabel(r[1])
		l.Wrapping = fyne.TextWrapWord
		form.Append(r[0], l)
	}
	return form
}

// showDialog shows d and keeps it for Esc (closeTopDialog) until it closes.
func (w *Window) showDialog(d dialog.Dialog) {
	w.dialogs = append(w.dialogs, d)
	d.SetOnClosed(func() {
		for i, x := range w.dialogs {
			if x == d {
				w.dialogs = append(w.dialogs[:i], w.dialogs[i+1:]...)
				break
			}
		}
	})
	d.Show()
	w.win.Canvas().Unfocus() // Esc reaches the window until Tab focuses a control
}

// closeTopDialog closes the newest open dialog, if any.
func (w *Window) closeTopDialog() {
	if n := len(w.dialogs); n > 0 {
		w.dialogs[n-1].Hide()
	}
}
