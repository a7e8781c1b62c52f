package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/ui/tourmodel"
)

// addPlaceholder is the add field's hint.
const addPlaceholder = "Add a stop: type a place"

// searchQuery is the search request of a submitted text, as the search
// field sends it.
func searchQuery(text string, view orb.Bound) engine.SearchRequest {
	return engine.SearchRequest{Query: text, Limit: 20, Dedupe: true, Viewbox: &view}
}

// stopEntry is the add-a-stop field. While typing it lists the same
// suggestions as the search field (arrow keys move the highlight, Enter
// adds the highlighted one); Enter without a highlight searches and adds
// the best result only when it clearly wins (tourmodel.Pick), else lists
// the results to choose from. With the field empty, Ctrl+Z and Ctrl+Y
// undo and redo tour edits.
type stopEntry struct {
	widget.Entry
	p     *tourPanel
	timer *time.Timer
	gen   int // newest query; older answers are dropped
}

func newStopEntry(p *tourPanel) *stopEntry {
	e := &stopEntry{p: p}
	e.ExtendBaseWidget(e)
	e.SetPlaceHolder(addPlaceholder)
	e.OnChanged = e.changed
	return e
}

// TypedKey handles the suggestion keys before the entry's own.
func (e *stopEntry) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyDown:
		e.p.choices.moveHighlight(1)
	case fyne.KeyUp:
		e.p.choices.moveHighlight(-1)
	case fyne.KeyEscape:
		e.escape()
	case fyne.KeyReturn, fyne.KeyEnter:
		e.submit()
	default:
		e.Entry.TypedKey(ev)
	}
}

// TypedShortcut gives undo and redo to the tour while the field is empty
// (after a stop was added, the field is empty and keeps the focus).
func (e *stopEntry) TypedShortcut(s fyne.Shortcut) {
	if e.Text == "" {
		switch {
		case isUndo(s):
			e.p.undo()
			return
		case isRedo(s):
			e.p.redo()
			return
		}
	}
	e.Entry.TypedShortcut(s)
}

func isUndo(s fyne.Shortcut) bool {
	_, ok := s.(*fyne.ShortcutUndo)
	return ok
}

func isRedo(s fyne.Shortcut) bool {
	switch s := s.(type) {
	case *fyne.ShortcutRedo:
		return true
	case *desktop.CustomShortcut:
		return s.KeyName == fyne.KeyZ && s.Modifier == fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift
	}
	return false
}

// changed asks for suggestions once typing pauses.
func (e *stopEntry) changed(text string) {
	e.gen++
	gen := e.gen
	if e.timer != nil {
		e.timer.Stop()
	}
	q := strings.TrimSpace(text)
	if q == "" {
		e.p.choices.close()
		return
	}
	view := e.p.w.viewBound()
	e.timer = time.AfterFunc(suggestDelay, func() { e.suggest(gen, q, view) })
}

// suggest runs on a timer goroutine.
func (e *stopEntry) suggest(gen int, q string, view orb.Bound) {
	eng := e.p.w.Engine()
	if eng == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := autocomplete(ctx, eng, suggestQuery(q, view))
	e.p.w.doUI(func() {
		if gen != e.gen {
			return
		}
		if err != nil {
			e.p.w.setStatus("Suggestions: %v", err)
			return
		}
		e.p.choices.show(res, "")
	})
}

func autocomplete(ctx context.Context, eng *engine.Engine, q geocode.AutocompleteQuery) (_ []geocode.Place, err error) {
	defer recoverTo(&err)
	return eng.Autocomplete(ctx, q)
}

func search(ctx context.Context, eng *engine.Engine, req engine.SearchRequest) (_ []geocode.Place, err error) {
	defer recoverTo(&err)
	return eng.Search(ctx, req)
}

// escape closes the suggestions, then clears the field.
func (e *stopEntry) escape() {
	e.gen++
	if e.timer != nil {
		e.timer.Stop()
	}
	if e.p.choices.visible() {
		e.p.choices.close()
		return
	}
	e.SetText("")
}

// submit adds the highlighted suggestion, or the clear winner of a search
// for the typed text, or lists the results to choose from.
func (e *stopEntry) submit() {
	e.gen++
	gen := e.gen
	if e.timer != nil {
		e.timer.Stop()
	}
	if pl, ok := e.p.choices.highlighted(); ok {
		e.p.addPlace(pl)
		return
	}
	q := strings.TrimSpace(e.Text)
	eng := e.p.w.Engine()
	if q == "" {
		return
	}
	if eng == nil {
		e.p.w.setStatus("Open a region first (Regions tab)")
		return
	}
	view := e.p.w.viewBound()
	e.p.w.setStatus("Searching…")
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		res, err := search(ctx, eng, searchQuery(q, view))
		var sugg []geocode.Place
		if err == nil {
			// the suggestions are what the planner saw while typing:
			// a place among them named after the text makes it ambiguous
			sugg, _ = autocomplete(ctx, eng, suggestQuery(q, view))
		}
		cands := tourmodel.Candidates(res, sugg)
		e.p.w.doUI(func() {
			if gen != e.gen {
				return
			}
			switch {
			case errors.Is(err, engine.ErrBadQuery):
				e.p.w.setStatus("Type a place to add")
			case err != nil:
				e.p.w.setStatus("Add stop: %v", err)
			case len(cands) == 0:
				e.p.w.setStatus("No place matches “%s”", q)
			default:
				if i, ok := tourmodel.Pick(q, cands); ok {
					e.p.addPlace(cands[i])
					return
				}
				e.p.choices.show(cands, fmt.Sprintf("“%s” may mean %d places: choose one", q, len(cands)))
				e.p.w.setStatus("Choose which “%s” to add", q)
			}
		})
	}()
}

// addPlace adds pl as a stop, empties the field and shows the tour.
func (p *tourPanel) addPlace(pl geocode.Place) {
	p.addEntry.gen++
	name := placeTitle(pl)
	if !p.add(pl.Centroid, name) {
		return
	}
	p.addEntry.SetText("")
	p.choices.close()
	p.w.setStatus("Added %s as stop %d", name, p.stopIndex(pl.Centroid, name)+1)
}

// stopIndex returns the position of the stop at pt named name (−1: none).
func (p *tourPanel) stopIndex(pt orb.Point, name string) int {
	for i := p.m.Len() - 1; i >= 0; i-- {
		if s := p.m.Stop(i); s.Point == pt && s.Name == name {
			return i
		}
	}
	return -1
}

// stopChoices lists places to add: the suggestions while typing, or the
// results of a search that no result clearly won. It replaces the tour
// view while shown; Esc or "Back" closes it.
type stopChoices struct {
	p         *tourPanel
	content   fyne.CanvasObject
	heading   *widget.Label
	list      *widget.List
	back      *widget.Button
	items     []geocode.Place
	highlight int // −1 for none
}

func newStopChoices(p *tourPanel) *stopChoices {
	c := &stopChoices{p: p, highlight: -1}
	c.heading = widget.NewLabel("")
	c.heading.Wrapping = fyne.TextWrapWord
	c.heading.TextStyle = fyne.TextStyle{Bold: true}
	c.list = widget.NewList(
		func() int { return len(c.items) },
		newPlaceRow,
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(c.items) {
				setPlaceRow(o, c.items[i], "")
			}
		})
	c.list.OnSelected = func(i widget.ListItemID) {
		if i < len(c.items) {
			p.addPlace(c.items[i])
		}
	}
	c.back = widget.NewButtonWithIcon("Back to the tour", theme.NavigateBackIcon(), c.close)
	c.back.Importance = widget.LowImportance
	c.content = container.NewBorder(container.NewVBox(container.NewHBox(c.back), c.heading), nil, nil, nil, c.list)
	return c
}

// show lists places under heading ("" for suggestions: no heading).
func (c *stopChoices) show(places []geocode.Place, heading string) {
	if len(places) == 0 && heading == "" {
		c.close()
		return
	}
	c.items, c.highlight = places, -1
	c.heading.SetText(heading)
	if heading == "" {
		c.heading.Hide()
	} else {
		c.heading.Show()
	}
	c.list.UnselectAll()
	c.list.Refresh()
	c.list.ScrollToTop()
	c.p.showView(c.content)
}

// close empties the list and shows the tour again.
func (c *stopChoices) close() {
	c.items, c.highlight = nil, -1
	c.list.UnselectAll()
	c.list.Refresh()
	if c.visible() {
		// the focus was in the list (a choice clicked) or on Back: it
		// goes back to the add field, ready for the next stop, instead
		// of staying on a control no longer shown
		cv := c.p.w.win.Canvas()
		if f := cv.Focused(); f == c.list || f == c.back {
			defer cv.Focus(c.p.addEntry)
		}
		c.p.showTour()
	}
}

func (c *stopChoices) visible() bool {
	return len(c.p.body.Objects) == 1 && c.p.body.Objects[0] == c.content
}

// moveHighlight moves the highlight by d, past the ends back to none.
func (c *stopChoices) moveHighlight(d int) {
	n := len(c.items)
	if n == 0 || !c.visible() {
		return
	}
	c.highlight = (c.highlight + d + n + 1) % (n + 1)
	if c.highlight == n {
		c.highlight = -1
	}
	on := c.list.OnSelected
	c.list.OnSelected = nil // highlight without adding
	if c.highlight < 0 {
		c.list.UnselectAll()
	} else {
		c.list.Select(c.highlight)
	}
	c.list.OnSelected = on
}

// highlighted returns the highlighted place.
func (c *stopChoices) highlighted() (geocode.Place, bool) {
	if c.highlight < 0 || c.highlight >= len(c.items) || !c.visible() {
		return geocode.Place{}, false
	}
	return c.items[c.highlight], true
}

// titles returns the listed places' titles (tests read them).
func (c *stopChoices) titles() []string {
	if !c.visible() {
		return nil
	}
	var out []string
	for _, pl := range c.items {
		out = append(out, placeTitle(pl))
	}
	return out
}
