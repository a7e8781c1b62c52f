package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"waymark/ui/instructions"
	"waymark/ui/tourmodel"
	"waymark/ui/tourstore"
)

// tourDocs is the list of saved tours: name, stop count, length and date,
// with open, duplicate, rename and delete. It replaces the tour view while
// shown.
type tourDocs struct {
	p       *tourPanel
	content fyne.CanvasObject
	list    *fyne.Container
	hint    *widget.Label
	entries []tourstore.Entry
	gen     int  // newest reading of the folder
	loaded  bool // entries are the newest reading's
}

func newTourDocs(p *tourPanel) *tourDocs {
	d := &tourDocs{p: p}
	back := widget.NewButtonWithIcon("Back to the tour", theme.NavigateBackIcon(), p.showTour)
	back.Importance = widget.LowImportance
	d.hint = widget.NewLabel("")
	d.hint.Wrapping = fyne.TextWrapWord
	d.hint.Importance = widget.LowImportance
	d.list = container.NewVBox()
	head := container.NewVBox(container.NewHBox(back), heading("Saved tours"), d.hint)
	d.content = container.NewBorder(head, nil, nil, nil, container.NewVScroll(d.list))
	return d
}

// showDocs lists the saved tours.
func (p *tourPanel) showDocs() {
	p.w.tip.hide()
	p.docs.reload()
	p.showView(p.docs.content)
}

func (d *tourDocs) visible() bool {
	return len(d.p.body.Objects) == 1 && d.p.body.Objects[0] == d.content
}

// reload reads the folder again in the background (every file is
// parsed: milliseconds each) and then rebuilds the rows.
func (d *tourDocs) reload() {
	d.gen++
	gen, store := d.gen, d.p.store
	d.loaded = false
	d.hint.SetText("Reading the saved tours…")
	go func() {
		ents, err := store.List()
		d.p.w.doUI(func() {
			if gen == d.gen {
				d.show(ents, err)
			}
		})
	}()
}

// show lists ents (or says why the folder cannot be read).
func (d *tourDocs) show(ents []tourstore.Entry, err error) {
	d.entries, d.loaded = ents, true
	d.list.Objects = nil
	switch {
	case err != nil:
		d.hint.SetText(fmt.Sprintf("The saved tours cannot be read: %v", err))
	case len(ents) == 0:
		d.hint.SetText(fmt.Sprintf("No saved tours yet. Save the current tour with the save button; tours are kept as GeoJSON files in %s.", d.p.store.Dir))
	default:
		d.hint.SetText(fmt.Sprintf("Kept as GeoJSON files in %s.", d.p.store.Dir))
	}
	current := d.p.m.Tour().Doc
	for _, e := range ents {
		d.list.Add(d.row(e, e.ID == current))
	}
	d.list.Refresh()
}

// row is one saved tour: name, "12 stops · 34.5 km · 2 May 2025 14:03"
// and its buttons.
func (d *tourDocs) row(e tourstore.Entry, current bool) fyne.CanvasObject {
	name := e.Name
	if name == "" {
		name = "Untitled tour"
	}
	title := widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	metaText := entryMeta(e)
	if current {
		metaText = "Open now · " + metaText
	}
	meta := widget.NewLabel(metaText) // wraps: the date is never cut
	meta.Importance = widget.LowImportance
	meta.Wrapping = fyne.TextWrapWord
	id := e.ID
	mk := func(text string, icon fyne.Resource, f func()) *tipButton {
		b := newTipButton(d.p.w.tip, text, icon, f)
		b.Importance = widget.LowImportance
		return b
	}
	open := mk("Open", theme.FolderOpenIcon(), func() { d.p.openDoc(id) })
	dup := mk("Duplicate", theme.ContentCopyIcon(), func() { d.duplicate(id) })
	ren := mk("Rename", theme.DocumentCreateIcon(), func() { d.rename(id, e.Name) })
	del := mk("Delete", theme.DeleteIcon(), func() { d.confirmDelete(id, name) })
	if e.Err != nil {
		open.Disable()
		dup.Disable()
		ren.Disable()
	}
	buttons := container.New(layout.NewCustomPaddedHBoxLayout(0), open, dup, ren, del)
	return container.NewVBox(container.NewBorder(nil, nil, nil, buttons, title), meta, widget.NewSeparator())
}

// entryMeta is "12 stops · 34.5 km · 2 May 2025 14:03".
func entryMeta(e tourstore.Entry) string {
	if e.Err != nil {
		return "Cannot be read: " + e.Err.Error()
	}
	parts := []string{plural(e.Stops, "stop")}
	if e.Distance > 0 {
		parts = append(parts, instructions.Distance(e.Distance))
	}
	if !e.Modified.IsZero() {
		parts = append(parts, e.Modified.Local().Format("2 Jan 2006 15:04"))
	}
	return strings.Join(parts, " · ")
}

// saveDoc saves the tour as its document (a new one for a tour never
// saved), with the route it has now.
func (p *tourPanel) saveDoc() {
	p.w.tip.hide()
	t := p.m.Tour()
	if len(t.Stops) == 0 {
		p.w.setStatus("Add stops to the tour first")
		return
	}
	if t.Name == "" {
		t.Name = defaultTourName(t)
	}
	doc := tourstore.Doc{Tour: t}
	if r, ok := p.chosenRoute(); ok {
		doc.Route, doc.Distance, doc.Duration = r.Points, r.Distance, r.Duration
	}
	id, err := p.store.Save(doc)
	if err != nil {
		p.w.setStatus("Save: %v", err)
		return
	}
	p.m.SetDoc(id, t.Name)
	p.saved[id] = p.m.Tour()
	p.render()
	if p.docs.visible() {
		p.docs.reload()
	}
	p.w.setStatus("Saved “%s” (%s)", t.Name, plural(len(t.Stops), "stop"))
}

// defaultTourName names an unnamed tour by its ends: "Vaduz – Balzers".
func defaultTourName(t tourmodel.Tour) string {
	first, last := t.Stops[0].Name, t.Stops[len(t.Stops)-1].Name
	short := func(s string) string {
		if r := []rune(s); len(r) > 30 {
			return string(r[:29]) + "…"
		}
		return s
	}
	if len(t.Stops) == 1 || first == last {
		return short(first)
	}
	return short(first) + " – " + short(last)
}

// openDoc opens saved tour id in place of the current one (undoable).
func (p *tourPanel) openDoc(id string) {
	d, err := p.store.Open(id)
	if err != nil {
		p.w.setStatus("Open: %v", err)
		return
	}
	before := p.m.Tour()
	name := d.Tour.Name
	if name == "" {
		name = "Untitled tour"
	}
	if err := p.m.Replace(tourmodel.Open, "Opened “"+name+"”", d.Tour); err != nil {
		p.w.setStatus("Open: %v", err)
		return
	}
	p.saved[id] = d.Tour
	p.showTour()
	p.fitNext = true
	p.render()
	p.replacedStatus(fmt.Sprintf("Opened “%s”", name), before)
}

// replacedStatus says msg, naming the tour it replaced and offering Undo
// when that tour had stops (and differed).
func (p *tourPanel) replacedStatus(msg string, before tourmodel.Tour) {
	if len(before.Stops) == 0 {
		p.w.setStatus("%s", msg)
		return
	}
	p.w.setStatusUndo(fmt.Sprintf("%s in place of the %d-stop tour", msg, len(before.Stops)))
}

// newTour starts an empty tour (undoable), keeping the profile.
func (p *tourPanel) newTour() {
	p.w.tip.hide()
	before := p.m.Tour()
	if len(before.Stops) == 0 && before.Doc == "" && before.Name == "" {
		p.showTour()
		return
	}
	p.m.Replace(tourmodel.New, "New tour", tourmodel.Tour{Profile: before.Profile, Exclude: before.Exclude})
	p.showTour()
	p.replacedStatus("New tour", before)
	p.w.win.Canvas().Focus(p.addEntry)
}

func (d *tourDocs) duplicate(id string) {
	nid, err := d.p.store.Duplicate(id)
	if err != nil {
		d.p.w.setStatus("Duplicate: %v", err)
		return
	}
	d.reload()
	if doc, err := d.p.store.Open(nid); err == nil {
		d.p.w.setStatus("Saved a copy: “%s”", doc.Tour.Name)
	}
}

// rename asks for a new name for saved tour id.
func (d *tourDocs) rename(id, old string) {
	entry := widget.NewEntry()
	entry.SetText(old)
	dlg := dialog.NewForm("Rename the tour", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", entry)},
		func(ok bool) {
			if ok {
				d.renameTo(id, strings.TrimSpace(entry.Text))
			}
		}, d.p.w.win)
	entry.OnSubmitted = func(string) { dlg.Submit() }
	dlg.Resize(fyne.NewSize(min(480, d.p.w.win.Canvas().Size().Width-40), dlg.MinSize().Height))
	dlg.Show()
	d.p.w.win.Canvas().Focus(entry)
}

func (d *tourDocs) renameTo(id, name string) {
	if err := d.p.store.Rename(id, name); err != nil {
		d.p.w.setStatus("Rename: %v", err)
		return
	}
	if doc, err := d.p.store.Open(id); err == nil {
		d.p.saved[id] = doc.Tour
	}
	if d.p.m.Tour().Doc == id {
		d.p.m.SetDoc(id, name)
	}
	d.reload()
	d.p.w.setStatus("Renamed the tour “%s”", name)
}

func (d *tourDocs) confirmDelete(id, name string) {
	dialog.ShowConfirm("Delete the tour", fmt.Sprintf("Delete the saved tour “%s”? Its file is removed.", name),
		func(ok bool) {
			if ok {
				d.delete(id, name)
			}
		}, d.p.w.win)
}

func (d *tourDocs) delete(id, name string) {
	if err := d.p.store.Delete(id); err != nil {
		d.p.w.setStatus("Delete: %v", err)
		return
	}
	delete(d.p.saved, id)
	if t := d.p.m.Tour(); t.Doc == id {
		d.p.m.SetDoc("", t.Name) // the open tour stays, unsaved
	}
	d.reload()
	d.p.w.setStatus("Deleted “%s”", name)
}
