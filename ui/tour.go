package ui

import (
	"context"
	"errors"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/ui/state"
	"waymark/ui/tourmodel"
	"waymark/ui/tourstore"
)

// maxStops is the most stops a tour may have in the window (the /v1 API
// keeps the spec's 25).
const maxStops = tourmodel.MaxStops

// Profile choices of the tour panel.
const (
	profileDriving = "Driving"
	profileCycling = "Cycling"
	profileWalking = "Walking"
)

// profileChoices lists the profiles of the tour panel, in its order.
var profileChoices = []struct {
	label string
	p     route.Profile
}{{profileDriving, route.Driving}, {profileCycling, route.Cycling}, {profileWalking, route.Walking}}

// tourPanel is the Tour tab. It renders a tourmodel.Model — stops,
// settings, the route and the edit history — and turns clicks into the
// model's operations: add (by name with suggestions, from the map, search
// results and nearby), remove, move, optimize, clear, profile, return to
// start, undo and redo; saved tours (tour_docs.go); totals and legs with
// turn-by-turn steps; export and import (tour_files.go, tour_track.go).
type tourPanel struct {
	w       *Window
	content fyne.CanvasObject
	m       *tourmodel.Model
	store   tourstore.Store
	saved   map[string]tourmodel.Tour // saved documents as last saved or opened, by id

	name      *widget.Entry
	profile   *widget.Select
	roundtrip *widget.Check
	avoid     *avoidChecks
	undoBt    *tipButton
	redoBt    *tipButton
	fitBt     *tipButton
	saveBt    *tipButton
	toursBt   *tipButton
	newBt     *tipButton
	optimize  *widget.Button
	clear     *widget.Button
	addEntry  *stopEntry
	startHint *widget.Label
	stopBox   *fyne.Container
	rows      []*stopRow
	emptyHint *widget.Label
	totals    *canvas.Text
	summary   *widget.Label
	alts      *widget.RadioGroup
	legs      *fyne.Container
	tools     *fyne.Container

	body     *fyne.Container // the tour, the add field's choices or the saved tours
	tourView fyne.CanvasObject
	scroll   *container.Scroll
	choices  *stopChoices
	docs     *tourDocs

	chosen    int            // index of the route shown as main
	pending   bool           // a route is being computed
	asked     uint64         // revision whose route was last asked for
	askedEng  *engine.Engine // engine it was asked of
	fitNext   bool           // fit the map to the tour when its route arrives
	startMode bool           // the next stop added is the start
	selected  int            // stop whose details are open, −1 for none
	syncing   bool           // widgets are being set from the model
	changes   int            // changes of the model so far
	legsShown legsKey        // what the legs list shows
}

func newTourPanel(w *Window) *tourPanel {
	p := &tourPanel{w: w, selected: -1, saved: map[string]tourmodel.Tour{}}
	p.store.Dir = w.toursDir()
	p.m = tourmodel.NewModel(tourmodel.Tour{})

	p.name = widget.NewEntry()
	p.name.SetPlaceHolder("Untitled tour")
	p.name.OnChanged = func(s string) {
		if !p.syncing {
			p.m.SetName(strings.TrimSpace(s))
		}
	}
	tip := w.tip
	p.saveBt = newTipButton(tip, "Save the tour", theme.DocumentSaveIcon(), p.saveDoc)
	p.toursBt = newTipButton(tip, "Saved tours: open, duplicate, rename, delete", theme.FolderOpenIcon(), p.showDocs)
	p.newBt = newTipButton(tip, "New tour", theme.FileIcon(), p.newTour)

	var labels []string
	for _, c := range profileChoices {
		labels = append(labels, c.label)
	}
	p.profile = widget.NewSelect(labels, func(s string) {
		if !p.syncing {
			p.m.SetProfile(profileOf(s))
		}
	})
	p.profile.SetSelected(profileDriving)
	p.roundtrip = widget.NewCheck("Return to start", func(on bool) {
		if !p.syncing {
			p.m.SetRoundtrip(on)
		}
	})
	p.avoid = newAvoidChecks(p)
	p.undoBt = newTipButton(tip, "Undo (Ctrl+Z)", theme.ContentUndoIcon(), p.undo)
	p.redoBt = newTipButton(tip, "Redo (Ctrl+Shift+Z, Ctrl+Y)", theme.ContentRedoIcon(), p.redo)
	p.fitBt = newTipButton(tip, "Show the whole tour on the map", theme.ZoomFitIcon(), p.fitTour)
	p.optimize = p.newOptimizeButton()
	p.clear = widget.NewButtonWithIcon("Clear", theme.ContentClearIcon(), p.clearStops)
	p.clear.Importance = widget.LowImportance

	p.addEntry = newStopEntry(p)
	addBt := widget.NewButtonWithIcon("", theme.ContentAddIcon(), p.addEntry.submit)
	p.startHint = widget.NewLabel("")
	p.startHint.Wrapping = fyne.TextWrapWord
	p.startHint.Importance = widget.WarningImportance
	p.startHint.Hide()

	p.stopBox = container.NewVBox()
	p.emptyHint = widget.NewLabel("Add stops by name above, from the search results and Nearby (Add to tour), or with a right-click on the map. Drag a stop or use the arrows to reorder.")
	p.emptyHint.Wrapping = fyne.TextWrapWord
	p.emptyHint.Importance = widget.LowImportance

	p.totals = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	p.totals.TextSize = theme.TextSize() * 1.6
	p.totals.TextStyle = fyne.TextStyle{Bold: true}
	p.summary = widget.NewLabel("")
	p.summary.Wrapping = fyne.TextWrapWord
	p.summary.Importance = widget.LowImportance
	p.alts = widget.NewRadioGroup(nil, p.chooseAlternative)
	p.alts.Hide()
	p.legs = container.NewVBox()

	p.tools = container.New(layout.NewRowWrapLayout())
	p.addTools()

	wrap := func(objs ...fyne.CanvasObject) *fyne.Container { return primedWrap(objs...) }
	head := container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewHBox(p.saveBt, p.toursBt, p.newBt), p.name),
		wrap(p.profile, p.roundtrip),
		p.avoid.row,
		wrap(p.undoBt, p.redoBt, p.fitBt, p.optimize, p.clear),
		container.NewBorder(nil, nil, nil, addBt, p.addEntry),
		p.startHint,
	)
	body := container.NewVBox(
		p.stopBox, p.emptyHint,
		widget.NewSeparator(),
		p.totals, p.summary, p.alts,
		p.legs,
	)
	p.scroll = container.NewVScroll(container.NewPadded(body))
	p.scroll.OnScrolled = func(fyne.Position) { w.tip.hide() } // the row under the pointer changes
	p.tourView = p.scroll
	p.choices = newStopChoices(p)
	p.docs = newTourDocs(p)
	p.body = container.NewStack(p.tourView)
	bottom := container.NewVBox(widget.NewSeparator(), p.tools)
	p.content = container.NewBorder(container.NewPadded(head), container.NewPadded(bottom), nil, nil, p.body)

	p.m.OnChange = p.changed
	p.restore(w.st.Tour)
	w.onEngineChange(func() { p.recompute(true) })
	w.onThemeChange(p.showResult) // the totals' colour is the look's foreground
	p.installShortcuts()
	return p
}

// primedWrap is a row-wrap container (wrapLayout) whose minimum height
// is never less wrapped than at the narrowest panel.
func primedWrap(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&wrapLayout{least: minSidebar - 80}, objs...)
}

// wrapLayout puts its objects in rows, left to right, wrapping when the
// next does not fit, as Fyne's row wrap. Its minimum height is that of the
// rows at the width it was last laid out at, and at least at least wide:
// Fyne's row wrap answers, until its first layout or after one at width 0,
// the height of every object stacked, which made the window's minimum
// height larger than a 640-pixel screen.
type wrapLayout struct {
	least float32 // the narrowest width the rows are measured at
	width float32 // the width of the last layout
}

func (l *wrapLayout) rows(objs []fyne.CanvasObject, width float32, place bool) fyne.Size {
	pad := theme.Padding()
	var rowH float32
	for _, o := range objs {
		if o.Visible() {
			rowH = max(rowH, o.MinSize().Height)
		}
	}
	var x, maxW float32
	rows, first := 1, true
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		s := o.MinSize()
		if !first && x+s.Width+pad >= width {
			x = 0
			rows++
		}
		first = false
		if place {
			o.Resize(s)
			o.Move(fyne.NewPos(x, float32(rows-1)*(rowH+pad)))
		}
		maxW = max(maxW, x+s.Width)
		x += s.Width + pad
	}
	if first {
		return fyne.Size{}
	}
	return fyne.NewSize(maxW, float32(rows)*rowH+float32(rows-1)*pad)
}

func (l *wrapLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.Width > 0 {
		l.width = size.Width
	}
	l.rows(objs, size.Width, true)
}

func (l *wrapLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := l.rows(objs, max(l.width, l.least), false)
	var widest float32
	for _, o := range objs {
		if o.Visible() {
			widest = max(widest, o.MinSize().Width)
		}
	}
	return fyne.NewSize(widest, s.Height)
}

// toursDir is where saved tours live: Options.ToursDir, else beside the
// packs folder (~/.local/share/waymark/tours).
func (w *Window) toursDir() string {
	if w.opts.ToursDir != "" {
		return w.opts.ToursDir
	}
	if w.catalog.Dir != "" {
		return filepath.Join(filepath.Dir(w.catalog.Dir), "tours")
	}
	d, err := tourstore.DefaultDir()
	if err != nil {
		log.Printf("ui: %v; tours cannot be saved", err)
	}
	return d
}

func profileOf(s string) route.Profile {
	for _, c := range profileChoices {
		if c.label == s {
			return c.p
		}
	}
	return route.Driving
}

func profileLabel(p route.Profile) string {
	for _, c := range profileChoices {
		if c.p == p {
			return c.label
		}
	}
	return profileDriving
}

// addTools fills the bottom bar with export and import.
func (p *tourPanel) addTools() {
	p.tools.Objects = append(p.tools.Objects, p.fileTools()...)
	p.tools.Objects = append(p.tools.Objects, p.newImportTrackButton())
}

// restore shows the tour remembered from the last session.
func (p *tourPanel) restore(st state.Tour) {
	t := tourmodel.Tour{Doc: st.Doc, Name: st.Name, Roundtrip: st.Roundtrip}
	if prof, err := route.ParseProfile(st.Profile); err == nil {
		t.Profile = prof
	}
	if x, err := route.ParseExclude(st.Exclude); err == nil {
		t.Exclude = x
	}
	for _, s := range st.Stops {
		if len(t.Stops) < maxStops {
			t.Stops = append(t.Stops, tourmodel.Stop{Name: s.Name, Point: orb.Point{s.Lon, s.Lat}})
		}
	}
	if t.Doc != "" {
		if d, err := p.store.Open(t.Doc); err == nil {
			p.saved[t.Doc] = d.Tour
		} else {
			t.Doc = "" // deleted meanwhile: the tour is unsaved
		}
	}
	p.m.Reset(t)
}

// save copies the tour into the remembered state.
func (p *tourPanel) save(s *state.State) {
	t := p.m.Tour()
	s.Tour = state.Tour{Doc: t.Doc, Name: t.Name, Profile: t.Profile.String(), Roundtrip: t.Roundtrip, Exclude: t.Exclude.String()}
	for _, st := range t.Stops {
		s.Tour.Stops = append(s.Tour.Stops, state.Stop{Name: st.Name, Lon: st.Point[0], Lat: st.Point[1]})
	}
}

// changed runs after every change of the model: redraw, route, remember.
func (p *tourPanel) changed(e tourmodel.Edit) {
	p.w.tip.hide()
	p.changes++ // stop names in the legs' titles may have changed
	if p.m.Len() != 1 {
		p.setStartMode(false)
	}
	if p.selected >= p.m.Len() {
		p.selected = -1
	}
	p.render()
	p.recompute(false)
	p.w.scheduleSave()
}

// render shows the model: settings, stop rows, buttons, route.
func (p *tourPanel) render() {
	t := p.m.Tour()
	p.syncing = true
	if p.name.Text != t.Name {
		p.name.SetText(t.Name)
	}
	p.profile.SetSelected(profileLabel(t.Profile))
	p.roundtrip.SetChecked(t.Roundtrip)
	p.avoid.set(t)
	p.syncing = false

	res := p.m.Result()
	if len(p.rows) != len(t.Stops) {
		// rows are reused: only their number changes the list, which is
		// laid out again without redrawing the rows that stay
		for len(p.rows) < len(t.Stops) {
			p.rows = append(p.rows, newStopRow(p))
		}
		p.rows = p.rows[:len(t.Stops)]
		objs := make([]fyne.CanvasObject, len(p.rows))
		for i, r := range p.rows {
			objs[i] = r
		}
		p.stopBox.Objects = objs
		p.stopBox.Layout.Layout(objs, p.stopBox.Size())
		canvas.Refresh(p.stopBox)
	}
	for i, s := range t.Stops {
		p.rows[i].set(i, s, i == len(t.Stops)-1, res.Problem(i), i == p.selected)
	}
	if len(t.Stops) == 0 {
		p.emptyHint.Show()
	} else {
		p.emptyHint.Hide()
	}
	enable(p.optimize, len(t.Stops) >= 3 && !p.pending && len(res.Problems) == 0)
	enable(p.clear, len(t.Stops) > 0)
	enable(p.fitBt, len(t.Stops) > 0)
	enable(&p.undoBt.Button, p.m.CanUndo())
	enable(&p.redoBt.Button, p.m.CanRedo())
	p.undoBt.text, p.redoBt.text = "Undo (Ctrl+Z)", "Redo (Ctrl+Shift+Z, Ctrl+Y)"
	if l := p.m.UndoLabel(); l != "" {
		p.undoBt.text = "Undo: " + l + " (Ctrl+Z)"
	}
	if l := p.m.RedoLabel(); l != "" {
		p.redoBt.text = "Redo: " + l + " (Ctrl+Shift+Z)"
	}
	if p.dirty() {
		p.saveBt.Importance = widget.HighImportance
		p.saveBt.text = "Save the tour (unsaved changes)"
	} else {
		p.saveBt.Importance = widget.MediumImportance
		p.saveBt.text = "Save the tour (saved)"
	}
	p.saveBt.Refresh()
	pts := make([]orb.Point, len(t.Stops))
	for i, s := range t.Stops {
		pts[i] = s.Point
	}
	p.w.mapw.SetStops(pts)
	p.showResult()
}

func enable(b interface {
	Enable()
	Disable()
}, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// dirty reports whether the tour has changes that are not saved.
func (p *tourPanel) dirty() bool {
	t := p.m.Tour()
	if t.Doc == "" {
		return len(t.Stops) > 0
	}
	s, ok := p.saved[t.Doc]
	return !ok || !s.Same(t)
}

// add appends a stop (or, choosing a start, puts it first) and reports
// whether it did. A stop without a name is named by reverse geocoding.
func (p *tourPanel) add(pt orb.Point, name string) bool {
	named := name != ""
	if !named {
		name = formatLatLon(pt)
	}
	s := tourmodel.Stop{Name: name, Point: pt}
	var err error
	if p.startMode && p.m.Len() == 1 {
		if dest := p.m.Stop(0); tourmodel.Near(dest.Point, pt, samePlace) {
			p.w.setStatus("%s is the destination: choose another start", dest.Name)
			return false
		}
		err = p.m.Insert(0, s)
	} else {
		err = p.m.Add(s)
	}
	if errors.Is(err, tourmodel.ErrFull) {
		p.w.setStatus("A tour has at most %d stops", maxStops)
		return false
	}
	if err != nil {
		p.w.setStatus("Add stop: %v", err)
		return false
	}
	if !named {
		p.nameStop(pt, name)
	}
	return true
}

// samePlace is how near, in meters, two stops are the same place (a route
// between them would be 0 m).
const samePlace = 25

// nameStop replaces the placeholder name of the stop at pt by the address
// there, once reverse geocoding answers.
func (p *tourPanel) nameStop(pt orb.Point, placeholder string) {
	eng := p.w.Engine()
	if eng == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		pl, err := reverseName(ctx, eng, pt)
		if err != nil || pl == "" {
			return
		}
		p.w.doUI(func() { p.m.SetStopName(pt, placeholder, pl) })
	}()
}

// setStartMode makes the next added stop the start of the route to the
// only stop (Route from a place, Directions to here without stops).
func (p *tourPanel) setStartMode(on bool) {
	p.startMode = on
	if on {
		p.startHint.SetText(fmt.Sprintf("Where from? Type the start of the route to %s above, or right-click the map: Directions from here.", p.m.Stop(0).Name))
		p.startHint.Show()
		p.addEntry.SetPlaceHolder("Start: type a place")
		return
	}
	p.startHint.Hide()
	p.addEntry.SetPlaceHolder(addPlaceholder)
}

// removeStop deletes stop i.
func (p *tourPanel) removeStop(i int) { p.m.Remove(i) }

// move moves stop from to position to.
func (p *tourPanel) move(from, to int) { p.m.Move(from, to) }

// clearStops removes every stop, with an undo link.
func (p *tourPanel) clearStops() {
	n := p.m.Len()
	if n == 0 {
		return
	}
	p.m.Clear()
	p.w.mapw.SetTraces(nil)
	p.w.setStatusUndo(fmt.Sprintf("Cleared the %d-stop tour", n))
}

// showView shows one of the panel's views (the tour, choices, saved tours).
func (p *tourPanel) showView(v fyne.CanvasObject) {
	if len(p.body.Objects) == 1 && p.body.Objects[0] == v {
		return
	}
	p.body.Objects = []fyne.CanvasObject{v}
	p.body.Refresh()
}

// showTour goes back to the tour from the choices or the saved tours.
func (p *tourPanel) showTour() { p.showView(p.tourView) }
