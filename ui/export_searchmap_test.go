package ui

// Test hooks for the search, map, theme, keyboard and file-dialog tests
// (searchmap_test.go).

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/mapview"
)

// MapSizeForTest returns the map's size and where p is drawn on it.
func (w *Window) MapSizeForTest(p ...orb.Point) (size fyne.Size, at []fyne.Position) {
	w.locked(func() {
		size = w.mapw.Size()
		for _, q := range p {
			at = append(at, w.mapw.PositionOf(q))
		}
	})
	return size, at
}

// HomeForTest presses the map's Home button.
func (w *Window) HomeForTest() { w.locked(w.showHome) }

// ShowRegionForTest presses the zoom button of the first region listed.
func (w *Window) ShowRegionForTest() { w.locked(func() { w.regions.show(w.regions.rows[0]) }) }

// PanForTest drags the map by dx, dy pixels.
func (w *Window) PanForTest(dx, dy float32) { w.locked(func() { w.mapw.Pan(dx, dy) }) }

// ToggleThemeForTest presses the header's theme switch.
func (w *Window) ToggleThemeForTest() { w.locked(func() { w.themeBt.OnTapped() }) }

// ThemeForTest returns the map style drawn and whether the window is dark,
// told by its background colour.
func (w *Window) ThemeForTest() (style mapview.Theme, darkBackground bool) {
	w.locked(func() {
		if ts, ok := w.mapw.Tiler().(*tileSource); ok {
			style = ts.theme
		}
		darkBackground = mapview.IsDark(fyne.CurrentApp().Settings().Theme().Color("background", fyne.CurrentApp().Settings().ThemeVariant()))
	})
	return style, darkBackground
}

// TextSizesForTest returns the size and text of every text the window
// draws with each sidebar tab shown, the map's included.
func (w *Window) TextSizesForTest() map[string]float32 {
	out := map[string]float32{}
	w.locked(func() {
		for _, it := range w.tabs.Items {
			w.tabs.Select(it)
			for _, o := range test.LaidOutObjects(w.win.Content()) {
				if t, ok := o.(*canvas.Text); ok && o.Visible() && strings.TrimSpace(t.Text) != "" {
					key := it.Text + ": " + t.Text
					if old, ok := out[key]; !ok || t.TextSize < old {
						out[key] = t.TextSize
					}
				}
			}
		}
	})
	return out
}

// FocusOrderForTest presses Tab up to n times from nothing focused, once
// round the window, and returns where each focused control is (the middle
// of its top edge, in window coordinates) and its type.
func (w *Window) FocusOrderForTest(n int) (at []fyne.Position, kinds []string) {
	w.locked(func() {
		c := w.win.Canvas()
		c.Unfocus()
		d := fyne.CurrentApp().Driver()
		seen := map[fyne.Focusable]bool{}
		for i := 0; i < n; i++ {
			test.FocusNext(c)
			f := c.Focused()
			if f == nil || seen[f] {
				break // round the window once
			}
			seen[f] = true
			o := f.(fyne.CanvasObject)
			p := d.AbsolutePositionForObject(o)
			at = append(at, p.AddXY(o.Size().Width/2, 0))
			kinds = append(kinds, fmt.Sprintf("%T", f))
		}
	})
	return at, kinds
}

// FocusRingForTest returns where the focus ring is drawn and around what.
func (w *Window) FocusRingForTest() (ring, focused fyne.Position, ringSize, focusedSize fyne.Size, shown bool) {
	w.locked(func() {
		ring, ringSize, shown = w.focusRingAt()
		if f, ok := w.win.Canvas().Focused().(fyne.CanvasObject); ok {
			d := fyne.CurrentApp().Driver()
			focused = d.AbsolutePositionForObject(f).Subtract(d.AbsolutePositionForObject(w.ring.layer))
			focusedSize = f.Size()
		}
	})
	return
}

// FocusSearchEntryForTest puts the keyboard focus in the search field.
func (w *Window) FocusSearchEntryForTest() { w.locked(func() { w.win.Canvas().Focus(w.search.entry) }) }

// FocusMapForTest puts the keyboard focus on the map.
func (w *Window) FocusMapForTest() { w.locked(func() { w.win.Canvas().Focus(w.mapw) }) }

// FocusedForTest names the focused control: "search", "map" or its type.
func (w *Window) FocusedForTest() (name string) {
	w.locked(func() {
		switch f := w.win.Canvas().Focused(); f {
		case nil:
			name = ""
		case w.search.entry:
			name = "search"
		case w.mapw:
			name = "map"
		default:
			name = fmt.Sprintf("%T", f)
		}
	})
	return name
}

// KeyForTest types a key into the focused control, or to the window when
// none is focused, as the desktop driver does.
func (w *Window) KeyForTest(key fyne.KeyName) {
	w.locked(func() {
		c := w.win.Canvas()
		if f := c.Focused(); f != nil {
			f.TypedKey(&fyne.KeyEvent{Name: key})
		} else if h := c.OnTypedKey(); h != nil {
			h(&fyne.KeyEvent{Name: key})
		}
	})
}

// ShortcutForTest presses Ctrl+key as the desktop driver delivers a
// shortcut (fyne internal/driver/glfw/window.go, triggersShortcut): the
// main menu's shortcuts first, then the focused widget's (an Entry takes
// them all), then the canvas's.
func (w *Window) ShortcutForTest(key fyne.KeyName) {
	sc := ctrlShortcut(key)
	w.locked(func() {
		var inMenu func(items []*fyne.MenuItem) bool
		inMenu = func(items []*fyne.MenuItem) bool {
			for _, it := range items {
				if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil {
					it.Action()
					return true
				}
				if it.ChildMenu != nil && inMenu(it.ChildMenu.Items) {
					return true
				}
			}
			return false
		}
		if m := w.win.MainMenu(); m != nil {
			for _, menu := range m.Items {
				if inMenu(menu.Items) {
					return
				}
			}
		}
		if f, ok := w.win.Canvas().Focused().(fyne.Shortcutable); ok {
			f.TypedShortcut(sc)
			return
		}
		w.win.Canvas().(fyne.Shortcutable).TypedShortcut(sc)
	})
}

// ClosedForTest reports whether the window was closed.
func (w *Window) ClosedForTest() (closed bool) {
	w.locked(func() { closed = w.closed.Load() })
	return closed
}

// PopUpsForTest returns how many pop-ups (menus, dialogs) the window shows.
func (w *Window) PopUpsForTest() (n int) {
	w.locked(func() {
		for _, o := range w.win.Canvas().Overlays().List() {
			if o.Visible() {
				n++
			}
		}
	})
	return n
}

// ShowKeysForTest opens the keyboard help from the menu.
func (w *Window) ShowKeysForTest() { w.locked(w.showKeys) }

// SetStatusForTest shows a status message.
func (w *Window) SetStatusForTest(msg string) { w.locked(func() { w.setStatus("%s", msg) }) }

// StatusShownForTest returns the status text as drawn, line by line.
func (w *Window) StatusShownForTest() (lines []string) {
	w.locked(func() {
		for _, o := range test.LaidOutObjects(w.status) {
			if t, ok := o.(*canvas.Text); ok && o.Visible() && t.Text != "" {
				lines = append(lines, t.Text)
			}
		}
	})
	return lines
}

// OverlaysForTest says what the map draws.
func (w *Window) OverlaysForTest() (o mapview.Overlays) {
	w.locked(func() { o = w.mapw.Overlays() })
	return o
}

// ClearMapForTest presses the map's "clear map" button.
func (w *Window) ClearMapForTest() { w.locked(w.clearMap) }

// ChooseResultForTest opens the i-th listed result.
func (w *Window) ChooseResultForTest(i int) { w.locked(func() { w.search.list.Select(i) }) }

// ResultsForTest returns the listed search results: title and category.
func (w *Window) ResultsForTest() (out [][2]string) {
	w.locked(func() {
		p := w.search
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.suggest {
			return
		}
		for _, pl := range p.items {
			out = append(out, [2]string{placeTitle(pl), categoryOf(pl)})
		}
	})
	return out
}

// RowsForTest returns the listed rows (suggestions or results) as the list
// shows them: title, category, address line.
func (w *Window) RowsForTest() (out [][3]string) {
	w.locked(func() {
		p := w.search
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, pl := range p.items {
			out = append(out, [3]string{placeTitle(pl), categoryOf(pl), strings.Join(addressLines(pl), ", ")})
		}
	})
	return out
}

// HereForTest returns the "what is here" answer the details show: title,
// the line below it and the address line.
func (w *Window) HereForTest() (title, kind, addr string) {
	w.locked(func() {
		d := w.search.details
		title, kind, addr = d.title.Text, d.kind.Text, d.addr.Text
	})
	return
}

// NearbyAroundForTest returns the Nearby panel's "Around …" line.
func (w *Window) NearbyAroundForTest() (s string) {
	w.locked(func() { s = w.nearby.around.Text })
	return s
}

// NearbyAroundPointForTest chooses "Nearby places" at p in the map's menu.
func (w *Window) NearbyAroundPointForTest(p orb.Point) { w.locked(func() { w.nearbyAround(p, "") }) }

// FileDialogForTest opens the dialog the Regions panel's import button
// opens and returns its size, position and the window's size; choose, when
// not "", is then chosen (as a user typing its path would).
func (w *Window) FileDialogForTest(req fileRequest) (pos fyne.Position, size, win fyne.Size, buttons []fyne.Position, dir string) {
	w.locked(func() {
		w.showFileDialog(req, func(string, error) {})
		win = w.win.Canvas().Size()
		dir = w.fileDir()
		for _, o := range w.win.Canvas().Overlays().List() {
			if !o.Visible() {
				continue
			}
			pos, size = o.Position(), o.Size()
			if p, ok := o.(*widget.PopUp); ok {
				pos, size = p.Content.Position().Add(p.Position()), p.Content.Size()
			}
			for _, x := range test.LaidOutObjects(o) {
				if b, ok := x.(*widget.Button); ok && b.Visible() && b.Text != "" {
					ap := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
					buttons = append(buttons, ap, ap.AddXY(b.Size().Width, b.Size().Height))
				}
			}
		}
	})
	return
}

// FileRequestForTest is the Regions panel's import request.
func FileRequestForTest() fileRequest {
	return fileRequest{Title: "Import a region", Exts: []string{"pbf", "osm"}}
}

// CloseDialogsForTest closes the open dialogs.
func (w *Window) CloseDialogsForTest() {
	w.locked(func() {
		for len(w.dialogs) > 0 {
			w.closeTopDialog()
		}
	})
}

// SaveInDialogForTest types name into the open save dialog and presses
// its Save button; it returns the path the window was given.
func (w *Window) SaveInDialogForTest(name string) (path string, err error) {
	got := make(chan struct{}, 1)
	w.locked(func() {
		w.showFileDialog(fileRequest{Save: true, Name: name, Exts: []string{"gpx"}}, func(p string, e error) {
			path, err = p, e
			got <- struct{}{}
		})
		top := w.win.Canvas().Overlays().Top()
		for _, x := range test.LaidOutObjects(top) {
			if b, ok := x.(*widget.Button); ok && b.Text == "Save" {
				test.Tap(b)
			}
		}
	})
	select {
	case <-got:
	default:
		return "", fmt.Errorf("the dialog did not answer")
	}
	return path, err
}

// FileDirForTest returns where the next file dialog opens.
func (w *Window) FileDirForTest() (dir string) {
	w.locked(func() { dir = w.fileDir() })
	return dir
}

// MergedForTest returns the details' "Also mapped as" entries and the
// shown place's own OpenStreetMap object.
func (w *Window) MergedForTest() (refs []string, own string) {
	w.locked(func() {
		d := w.search.details
		for _, r := range d.refs {
			refs = append(refs, r.String())
		}
		if r, ok := osmRefOf(d.place); ok {
			own = r.String()
		}
	})
	return refs, own
}

// OpenMergedForTest presses the i-th "Also mapped as" entry.
func (w *Window) OpenMergedForTest(i int) {
	w.locked(func() { w.search.details.openRef(w.search.details.refs[i]) })
}

// FocusResultsForTest puts the keyboard focus on the results list.
func (w *Window) FocusResultsForTest() { w.locked(func() { w.win.Canvas().Focus(w.search.list) }) }
