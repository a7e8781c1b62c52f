package ui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/mapview"
)

// suggestDelay is the autocomplete debounce: suggestions are asked for once
// typing pauses this long.
const suggestDelay = 150 * time.Millisecond

// searchPanel is the Search tab: an entry with autocomplete suggestions,
// the result list and the details of the chosen place.
type searchPanel struct {
	w       *Window
	content fyne.CanvasObject

	entry   *searchEntry
	hint    *widget.Label
	list    *widget.List
	details *detailsView
	body    *fyne.Container // list or details

	mu        sync.Mutex
	timer     *time.Timer
	gen       int // generation of the newest query; older answers are dropped
	items     []geocode.Place
	merged    [][]geocode.OSMRef // per item, the objects folded into it (foldRows)
	suggest   bool               // items are suggestions (not results of a search)
	highlight int                // highlighted suggestion, −1 for none
}

// searchEntry is the search field: arrow keys move through the
// suggestions, Enter picks the highlighted one (or searches), Esc closes
// the suggestions and then clears the field.
type searchEntry struct {
	widget.Entry
	p *searchPanel
}

func newSearchEntry(p *searchPanel) *searchEntry {
	e := &searchEntry{p: p}
	e.ExtendBaseWidget(e)
	e.SetPlaceHolder("Search places and addresses")
	return e
}

// TypedKey handles the suggestion keys before the entry's own.
func (e *searchEntry) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyDown:
		e.p.moveHighlight(1)
	case fyne.KeyUp:
		e.p.moveHighlight(-1)
	case fyne.KeyEscape:
		e.p.escape()
	case fyne.KeyReturn, fyne.KeyEnter:
		e.p.submit()
	default:
		e.Entry.TypedKey(ev)
	}
}

func newSearchPanel(w *Window) *searchPanel {
	p := &searchPanel{w: w, highlight: -1}
	p.entry = newSearchEntry(p)
	p.entry.OnChanged = p.changed
	clear := widget.NewButtonWithIcon("", theme.ContentClearIcon(), func() {
		p.entry.SetText("")
		p.showResults(nil, false)
		p.w.clearSelection()
	})
	clear.Importance = widget.LowImportance
	p.entry.ActionItem = clear

	p.hint = widget.NewLabel("Type a place, an address, a postcode, a category such as “restaurants in Vaduz”, or coordinates.")
	p.hint.Wrapping = fyne.TextWrapWord
	p.hint.Importance = widget.LowImportance

	p.list = widget.NewList(
		func() int { p.mu.Lock(); defer p.mu.Unlock(); return len(p.items) },
		newPlaceRow,
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p.mu.Lock()
			if i >= len(p.items) {
				p.mu.Unlock()
				return
			}
			pl, more := p.items[i], len(p.merged[i])
			p.mu.Unlock()
			setPlaceRow(o, pl, "")
			if more > 0 {
				setPlaceRowExtra(o, fmt.Sprintf("%s · %d more mapped", categoryOf(pl), more))
			}
		})
	p.list.OnSelected = func(i widget.ListItemID) {
		p.mu.Lock()
		ok := i < len(p.items)
		var pl geocode.Place
		if ok {
			pl = p.items[i]
		}
		p.mu.Unlock()
		if ok {
			p.choose(pl)
		}
	}
	p.details = newDetailsView(w, p.backToList)
	p.body = container.NewStack(p.list)
	top := container.NewVBox(p.entry, p.hint)
	p.content = topDown(container.NewPadded(top), nil, nil, nil, p.body)
	return p
}

// newPlaceRow makes a list row: icon, name, address and category.
func newPlaceRow() fyne.CanvasObject {
	name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	addr := dimLabel("")
	kind := dimLabel("")
	kind.Alignment = fyne.TextAlignTrailing
	kind.Truncation = fyne.TextTruncateOff
	return container.NewBorder(nil, nil, widget.NewIcon(placeIcon),
		nil, container.New(layout.NewCustomPaddedVBoxLayout(-2*theme.InnerPadding()), container.NewBorder(nil, nil, nil, kind, name), addr))
}

// setPlaceRowExtra replaces the category shown in a row made by newPlaceRow.
func setPlaceRowExtra(o fyne.CanvasObject, text string) {
	line1 := o.(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*fyne.Container)
	line1.Objects[1].(*widget.Label).SetText(text)
}

// setPlaceRow fills a row made by newPlaceRow; extra (e.g. a distance)
// replaces the category when set.
func setPlaceRow(o fyne.CanvasObject, pl geocode.Place, extra string) {
	c := o.(*fyne.Container)
	texts := c.Objects[0].(*fyne.Container)
	line1 := texts.Objects[0].(*fyne.Container)
	line1.Objects[0].(*widget.Label).SetText(placeTitle(pl))
	kind := categoryOf(pl)
	if extra != "" {
		kind = extra
	}
	line1.Objects[1].(*widget.Label).SetText(kind)
	texts.Objects[1].(*widget.Label).SetText(strings.Join(addressLines(pl), ", "))
}

// placeTitle is the name shown for a place.
func placeTitle(pl geocode.Place) string {
	if t := geocode.DisplayPlace(pl); t != "" {
		return t
	}
	return categoryOf(pl)
}

// categoryOf is a readable category: "Restaurant", "Town", "Bus stop".
func categoryOf(pl geocode.Place) string {
	t := pl.Type
	switch pl.Class {
	case "boundary", "place":
		if pl.AddressType != "" {
			t = pl.AddressType
		}
	case "highway":
		if pl.RankAddress == 26 || pl.RankAddress == 27 {
			t = "street"
		}
	}
	if t == "yes" || t == "" {
		t = pl.Class
	}
	t = strings.ReplaceAll(t, "_", " ")
	if t == "" {
		return ""
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// changed schedules suggestions for the typed text.
func (p *searchPanel) changed(text string) {
	p.mu.Lock()
	p.gen++
	gen := p.gen
	if p.timer != nil {
		p.timer.Stop()
	}
	q := strings.TrimSpace(text)
	if q == "" {
		p.mu.Unlock()
		p.showResults(nil, false)
		return
	}
	view := p.w.viewBound() // read on the UI goroutine, before the timer's
	p.timer = time.AfterFunc(suggestDelay, func() { p.runSuggest(gen, q, view) })
	p.mu.Unlock()
}

// runSuggest asks the engine for predictions (on a timer goroutine) biased
// to view, the map's area captured on the UI goroutine.
func (p *searchPanel) runSuggest(gen int, q string, view orb.Bound) {
	eng := p.w.Engine()
	if eng == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := eng.Autocomplete(ctx, suggestQuery(q, view))
	p.w.doUI(func() {
		p.mu.Lock()
		stale := gen != p.gen
		p.mu.Unlock()
		if stale {
			return
		}
		if err != nil {
			p.w.setStatus("Suggestions: %v", err)
			return
		}
		p.showResults(res, true)
	})
}

// showResults lists places (suggestions or search results), one row per
// thing (foldRows), and goes back from the details to the list.
func (p *searchPanel) showResults(places []geocode.Place, suggest bool) {
	rows, merged := foldRows(places)
	p.mu.Lock()
	p.items, p.merged, p.suggest, p.highlight = rows, merged, suggest, -1
	p.mu.Unlock()
	p.list.UnselectAll()
	p.list.Refresh()
	p.list.ScrollToTop()
	p.showBody(p.list)
	if show := len(places) == 0; show != p.hint.Visible() {
		if show {
			p.hint.Show()
		} else {
			p.hint.Hide()
		}
		p.content.Refresh() // the list takes the hint's room, or gives it back
	}
	if !suggest {
		p.showMarkers(-1)
	}
}

// backToList leaves the details for the list, whose pins return to the map.
func (p *searchPanel) backToList() {
	p.showBody(p.list)
	p.list.UnselectAll()
	p.w.mapw.SetOutline(nil)
	p.w.mapw.SetHere(nil)
	if p.resultCount() > 0 {
		p.showMarkers(-1)
	}
}

// showMarkers puts the listed places on the map, sel highlighted.
func (p *searchPanel) showMarkers(sel int) {
	p.mu.Lock()
	ms := make([]mapview.Pin, len(p.items))
	for i, pl := range p.items {
		ms[i] = mapview.Pin{Point: pl.Centroid, Selected: i == sel}
	}
	p.mu.Unlock()
	p.w.mapw.SetMarkers(ms)
}

func (p *searchPanel) moveHighlight(d int) {
	p.mu.Lock()
	n := len(p.items)
	if n == 0 {
		p.mu.Unlock()
		return
	}
	p.highlight = (p.highlight + d + n + 1) % (n + 1)
	if p.highlight == n { // past the ends: back to the typed text
		p.highlight = -1
	}
	h := p.highlight
	p.mu.Unlock()
	if h < 0 {
		p.list.UnselectAll()
		return
	}
	// Select without choosing: only the highlight moves.
	on := p.list.OnSelected
	p.list.OnSelected = nil
	p.list.Select(h)
	p.list.OnSelected = on
}

func (p *searchPanel) escape() {
	p.mu.Lock()
	open := len(p.items) > 0 && p.suggest
	p.gen++
	if p.timer != nil {
		p.timer.Stop()
	}
	p.mu.Unlock()
	if open {
		p.showResults(nil, false)
		return
	}
	p.entry.SetText("")
}

// submit picks the highlighted suggestion, or searches the typed text.
func (p *searchPanel) submit() {
	p.mu.Lock()
	h := p.highlight
	var pl geocode.Place
	if h >= 0 && h < len(p.items) {
		pl = p.items[h]
	}
	p.gen++
	gen := p.gen
	if p.timer != nil {
		p.timer.Stop()
	}
	p.mu.Unlock()
	if h >= 0 {
		p.choose(pl)
		return
	}
	q := strings.TrimSpace(p.entry.Text)
	if q == "" {
		return
	}
	p.w.clearSelection() // a new search replaces what the map showed
	p.w.setStatus("Searching…")
	view := p.w.viewBound()
	go p.runSearch(gen, q, view)
}

// showHere opens the details of pl, the reverse-geocoded place at the
// clicked point, without moving the map.
func (p *searchPanel) showHere(pl geocode.Place, at orb.Point) {
	p.details.showHere(pl, at)
	p.showBody(p.details.content)
	p.w.mapw.SetOutline(nil)
	p.w.loadGeometry(pl, p.details)
}

// choose shows pl: the map flies there and the details open, the earlier
// outline and "what is here" dot gone. When pl is one of the listed
// results their pins stay, pl's highlighted; a chosen suggestion becomes
// the only result, with the only pin; a place from another panel (Nearby)
// keeps that panel's pins.
func (p *searchPanel) choose(pl geocode.Place) {
	p.mu.Lock()
	idx := -1
	var merged []geocode.OSMRef
	for i, it := range p.items {
		if it.PlaceID == pl.PlaceID && it.OSMID == pl.OSMID {
			idx, merged = i, p.merged[i]
			break
		}
	}
	wasSuggest := p.suggest
	if wasSuggest { // the suggestions give way to the chosen place
		p.items, p.merged = []geocode.Place{pl}, [][]geocode.OSMRef{merged}
		if idx >= 0 {
			idx = 0
		}
	}
	p.suggest = false
	p.mu.Unlock()
	if wasSuggest {
		p.list.Refresh()
	}
	p.w.mapw.SetOutline(nil)
	p.w.mapw.SetHere(nil)
	if idx >= 0 {
		p.showMarkers(idx)
	}
	p.w.showPlace(pl)
	p.details.show(pl, merged)
	p.w.loadGeometry(pl, p.details)
	p.showBody(p.details.content)
}

// showBody puts o under the search field in place of the list or the
// details. The keyboard focus does not stay on a list taken off the
// window: the arrow keys would choose rows no one sees, and the focus
// ring, finding no place for it, was drawn at the window's corner
// around the list's old size (seen under Xvfb).
func (p *searchPanel) showBody(o fyne.CanvasObject) {
	c := p.w.win.Canvas()
	if o != p.list && c.Focused() == p.list {
		c.Unfocus()
	}
	p.body.Objects = []fyne.CanvasObject{o}
	p.body.Refresh()
}

// suggestionCount returns how many suggestions are listed.
func (p *searchPanel) suggestionCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.suggest {
		return 0
	}
	return len(p.items)
}

// resultCount returns how many search results are listed.
func (p *searchPanel) resultCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.suggest {
		return 0
	}
	return len(p.items)
}
