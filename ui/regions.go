package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/engine/sphere"
	"waymark/regions"
)

// regionsPanel is the region manager: the open packs, import of an
// .osm.pbf with progress and cancel, and delete.
type regionsPanel struct {
	w       *Window
	content fyne.CanvasObject

	list     *widget.List
	rows     []packRow
	empty    *widget.Label
	progress *fyne.Container
	bar      *widget.ProgressBar
	stageLbl *widget.Label
	cancel   context.CancelFunc
	importBt *widget.Button

	mu       sync.Mutex
	status   regions.Status
	pending  bool
	finished chan error // receives the result of each import (tests)
}

// packRow is one open region pack.
type packRow struct {
	Path      string
	Info      pack.Info
	Installed bool  // lives in the catalog directory (deleting removes the file)
	Disk      int64 // bytes on disk: the pack and its caches (pack.DiskUse)
	// Problems is what the quick check at open found wrong (the window
	// opens a damaged pack anyway, and marks it)
	Problems []string
}

// importStages are the progress stages of an import, in order.
func importStages() []string {
	names := []string{"read"}
	for _, s := range regions.DefaultStages() {
		names = append(names, s.Name)
	}
	return names
}

func newRegionsPanel(w *Window) *regionsPanel {
	p := &regionsPanel{w: w, finished: make(chan error, 4)}
	p.list = widget.NewList(
		func() int { return len(p.rows) },
		func() fyne.CanvasObject {
			name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			info, date := dimLabel(""), dimLabel("")
			show := widget.NewButtonWithIcon("", theme.ZoomFitIcon(), nil)
			del := widget.NewButtonWithIcon("", theme.DeleteIcon(), nil)
			show.Importance, del.Importance = widget.LowImportance, widget.LowImportance
			return container.NewBorder(nil, nil, widget.NewIcon(theme.StorageIcon()), container.NewHBox(show, del),
				container.New(layout.NewCustomPaddedVBoxLayout(-2*theme.InnerPadding()), name, info, date))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= len(p.rows) {
				return
			}
			r := p.rows[i]
			c := o.(*fyne.Container)
			texts := c.Objects[0].(*fyne.Container)
			texts.Objects[0].(*widget.Label).SetText(regionTitle(r.Info))
			size, date := regionSummary(r)
			texts.Objects[1].(*widget.Label).SetText(size)
			dateLbl := texts.Objects[2].(*widget.Label)
			dateLbl.Importance = widget.LowImportance
			if mark := damageMark(r); mark != "" {
				texts.Objects[0].(*widget.Label).SetText(regionTitle(r.Info) + " — damaged")
				date, dateLbl.Importance = mark, widget.DangerImportance
			}
			dateLbl.SetText(date)
			btns := c.Objects[2].(*fyne.Container)
			btns.Objects[0].(*widget.Button).OnTapped = func() { p.show(r) }
			del := btns.Objects[1].(*widget.Button)
			del.OnTapped = func() { p.confirmDelete(r) }
			if r.Installed {
				del.SetIcon(theme.DeleteIcon())
			} else {
				del.SetIcon(theme.WindowCloseIcon())
			}
		})
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.rows) {
			p.show(p.rows[i])
		}
		p.list.UnselectAll()
	}
	p.empty = widget.NewLabel("No region is installed yet. Import an OpenStreetMap extract (.osm.pbf), or drop one on the window, to search, route and draw the map offline.")
	p.empty.Wrapping = fyne.TextWrapWord

	p.importBt = widget.NewButtonWithIcon("Import OpenStreetMap extract…", theme.FolderOpenIcon(), p.chooseFile)
	p.importBt.Importance = widget.HighImportance
	p.bar = widget.NewProgressBar()
	p.stageLbl = dimLabel("")
	p.stageLbl.Wrapping, p.stageLbl.Truncation = fyne.TextWrapWord, fyne.TextTruncateOff // the time left is read whole
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() {
		if p.cancel != nil {
			p.cancel()
		}
	})
	p.progress = container.NewVBox(widget.NewLabelWithStyle("Importing…", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		p.bar, container.NewBorder(nil, nil, nil, cancel, p.stageLbl))
	p.progress.Hide()

	hint := dimLabel("Packs folder: " + w.catalog.Dir)
	hint.Wrapping = fyne.TextWrapBreak
	hint.Truncation = fyne.TextTruncateOff
	top := container.NewVBox(heading("Installed regions"), p.empty)
	bottom := container.NewVBox(widget.NewSeparator(), p.progress, p.importBt, hint)
	p.content = topDown(container.NewPadded(top), container.NewPadded(bottom), nil, nil, p.list)
	w.onEngineChange(p.reload)
	p.reload()
	return p
}

func regionTitle(info pack.Info) string {
	if info.Name == "" {
		return "Region"
	}
	return strings.ToUpper(info.Name[:1]) + info.Name[1:]
}

// regionSummary returns "34 × 22 km · 98.4 MB on disk" (the pack and its
// caches) and "OSM data of 6 Jan 2021".
func regionSummary(r packRow) (size, date string) {
	parts := []string{}
	b := r.Info.Home
	if b.Max[0] > b.Min[0] && b.Max[1] > b.Min[1] {
		mid := (b.Min[1] + b.Max[1]) / 2
		wkm := sphere.Distance(orb.Point{b.Min[0], mid}, orb.Point{b.Max[0], mid}) / 1000
		hkm := sphere.Distance(orb.Point{b.Min[0], b.Min[1]}, orb.Point{b.Min[0], b.Max[1]}) / 1000
		parts = append(parts, fmt.Sprintf("%.0f × %.0f km", wkm, hkm))
	}
	parts = append(parts, formatBytes(max(r.Disk, r.Info.Size))+" on disk")
	if !r.Info.OSMTime.IsZero() {
		date = "OpenStreetMap data of " + r.Info.OSMTime.Format("2 Jan 2006")
	}
	return strings.Join(parts, " · "), date
}

// damageMark is the line a damaged region shows instead of its data's
// date ("" for a sound one).
func damageMark(r packRow) string {
	if len(r.Problems) == 0 {
		return ""
	}
	return "Damaged: " + r.Problems[0] + ". Answers may be wrong; import it again (waymark check tells all)"
}

// reload lists the open packs.
func (p *regionsPanel) reload() {
	p.rows = p.rows[:0]
	if eng := p.w.Engine(); eng != nil {
		dir, _ := filepath.Abs(p.w.catalog.Dir)
		for _, pk := range eng.Packs() {
			packBytes, caches, _ := pack.DiskUse(pk.Path)
			p.rows = append(p.rows, packRow{Path: pk.Path, Info: pk.Info, Installed: filepath.Dir(pk.Path) == dir, Disk: packBytes + caches, Problems: pk.Problems()})
		}
	}
	if len(p.rows) == 0 {
		p.empty.Show()
	} else {
		p.empty.Hide()
	}
	p.list.Refresh()
}

// show moves the map to the region's main area.
func (p *regionsPanel) show(r packRow) {
	p.w.showRegion(r.Info)
}

func (p *regionsPanel) confirmDelete(r packRow) {
	msg := fmt.Sprintf("Close %s? The pack file stays where it is.", regionTitle(r.Info))
	if r.Installed {
		msg = fmt.Sprintf("Delete %s (%s with its caches)? Search, routing and the map will no longer cover it.",
			regionTitle(r.Info), formatBytes(max(r.Disk, r.Info.Size)))
	}
	dialog.ShowConfirm("Remove region", msg, func(ok bool) {
		if ok {
			p.remove(r)
		}
	}, p.w.win)
}

// remove closes the pack and, when it is installed, deletes its file.
func (p *regionsPanel) remove(r packRow) {
	var rest []string
	for _, path := range p.w.packs {
		if path != r.Path {
			rest = append(rest, path)
		}
	}
	p.w.openPacks(rest)
	if r.Installed {
		if err := p.w.catalog.Remove(regions.RegionName(r.Path)); err != nil {
			p.w.setStatus("Delete region: %v", err)
			return
		}
	}
	p.w.setStatus("Removed %s", regionTitle(r.Info))
}

// chooseFile asks for an extract with the file dialog (askFile: from a
// background goroutine, which waits for the answer), then offers to add more
// extracts (neighbouring regions that overlap at their borders) to the
// same region, and imports them as one pack.
func (p *regionsPanel) chooseFile() {
	go func() {
		var paths []string
		for {
			title := "Import a region"
			if len(paths) > 0 {
				title = "Add an extract to the region"
			}
			path, err := p.w.askFile(fileRequest{Title: title, Exts: []string{"pbf", "osm"}})
			if errors.Is(err, errCancelled) {
				break
			}
			if err != nil {
				p.w.doUI(func() { p.w.setStatus("Choose extract: %v", err) })
				return
			}
			paths = append(paths, path)
			if !p.w.askYesNo("Import a region", "Add a neighbouring extract to the same region? Regions imported together route, search and draw as one.") {
				break
			}
		}
		if len(paths) == 0 {
			return
		}
		p.w.doUI(func() { p.importFiles(paths) })
	}()
}

// importFile builds a pack from the extract at path into the catalog in the
// background, showing progress; on success the region is opened and shown.
func (p *regionsPanel) importFile(path string) { p.importFiles([]string{path}) }

// importFiles is importFile for several extracts merged into one pack.
func (p *regionsPanel) importFiles(paths []string) {
	if p.cancel != nil {
		p.w.setStatus("An import is already running")
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	p.importBt.Disable()
	p.bar.SetValue(0)
	p.stageLbl.SetText("Reading " + filepath.Base(paths[0]))
	p.progress.Show()
	stages := importStages()
	progress := func(st regions.Status) {
		p.mu.Lock()
		p.status = st
		schedule := !p.pending
		p.pending = true
		p.mu.Unlock()
		if schedule {
			p.w.doUI(func() { p.showProgress(stages) })
		}
	}
	go func() {
		_, out, err := p.w.catalog.InstallAll(ctx, paths, "", progress)
		p.w.doUI(func() {
			p.cancel = nil
			cancel()
			p.progress.Hide()
			p.importBt.Enable()
			switch {
			case errors.Is(err, context.Canceled):
				p.w.setStatus("Import cancelled")
			case err != nil:
				p.w.setStatus("Import failed: %v", err)
				dialog.ShowError(fmt.Errorf("import %s: %w", filepath.Base(paths[0]), err), p.w.win)
			default:
				paths := append(append([]string(nil), p.w.packs...), out)
				p.w.openPacks(uniquePaths(paths))
				if eng := p.w.Engine(); eng != nil {
					for _, pk := range eng.Packs() {
						if pk.Path == out {
							p.w.showRegion(pk.Info)
							p.w.setStatus("Imported %s (%s)", regionTitle(pk.Info), formatBytes(pk.Info.Size))
						}
					}
				}
			}
			select {
			case p.finished <- err:
			default:
			}
		})
	}()
}

func (p *regionsPanel) showProgress(stages []string) {
	p.mu.Lock()
	st := p.status
	p.pending = false
	p.mu.Unlock()
	idx := 0
	for i, s := range stages {
		if s == st.Stage {
			idx = i
		}
	}
	p.bar.SetValue(st.Fraction)
	left := ""
	if st.Remaining > 0 {
		left = " · about " + formatDuration(st.Remaining) + " left"
	}
	p.stageLbl.SetText(fmt.Sprintf("Step %d of %d: %s · %d objects%s", idx+1, len(stages), st.Stage, st.Done, left))
}

// formatDuration rounds d for a progress label: "45 s", "3 min", "1 h 05 min".
func formatDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()+0.5))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()+0.5))
	}
	return fmt.Sprintf("%d h %02d min", int(d.Hours()), int(d.Minutes())%60)
}
