package ui

// Reachable within…: the isochrone of a place, drawn on the map.
//
// A place's details and the map's context menu offer "Reachable within…",
// which asks for up to four limits in minutes (10 and 20 by default, then
// the last ones chosen) and draws the areas reachable within each with the
// tour's profile and avoided roads (the Tour tab's settings: one place
// where the travel mode is chosen). The engine call runs off the UI
// goroutine; an answer for an older request is dropped. The contours are
// drawn on the map as translucent bands in distinct colours
// (mapview.SetContours), with a legend over the map's top-left corner that
// names the origin, the travel mode and the limits, and clears them; the
// map's "clear map" clears them too. A failure (a place outside the open
// regions, no road near it) is said in the status line and leaves the map
// as it was.

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/mapview"
	"waymark/ui/instructions"
	"waymark/ui/tourmodel"
)

// isoChoices are the limits offered, in minutes (the engine draws up to
// 60); isoDefault is chosen until the planner chooses others.
var (
	isoChoices = []int{5, 10, 15, 20, 30, 45, 60}
	isoDefault = []int{10, 20}
)

// isoTimeout bounds one isochrone's computation.
const isoTimeout = 30 * time.Second

// isochrones is the window's isochrone: what was asked, the legend.
type isochrones struct {
	w       *Window
	minutes []int  // the limits chosen last, ascending
	seq     uint64 // bumped by every request and clear: older answers are dropped
	pending bool

	legend   *fyne.Container // the map's legend layer (top-left)
	card     *fyne.Container
	title    *widget.Label
	mode     *widget.Label
	rows     *fyne.Container
	clear    *tipButton
	shown    []int           // the limits drawn, ascending; nil when none
	contours []route.Contour // the contours drawn
}

func newIsochrones(w *Window) *isochrones {
	s := &isochrones{w: w, minutes: slices.Clone(isoDefault)}
	s.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.title.Truncation = fyne.TextTruncateEllipsis
	s.mode = dimLabel("")
	s.mode.Truncation = fyne.TextTruncateOff // short: the card is as wide as it
	s.rows = container.NewVBox()
	s.clear = newTipButton(w.tip, "Clear the reachable areas", theme.CancelIcon(), s.clearAreas)
	s.clear.Importance = widget.LowImportance
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.CornerRadius = theme.InputRadiusSize()
	bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	bg.StrokeWidth = 1
	w.onThemeChange(func() {
		bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
		bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
		bg.Refresh()
	})
	body := container.NewBorder(container.NewBorder(nil, nil, nil, s.clear, container.NewVBox(s.title, s.mode)), nil, nil, nil, s.rows)
	s.card = container.NewStack(bg, container.NewPadded(body))
	s.card.Hide()
	s.legend = container.New(cornerLayout{}, s.card)
	return s
}

// ask opens the choice of limits for the isochrone of p (named name; ""
// names it by its coordinates, and the map marks it with the "what is
// here" dot) and draws it.
func (s *isochrones) ask(p orb.Point, name string) {
	mark := name == ""
	if mark {
		name = formatLatLon(p)
	}
	checks := widget.NewCheckGroup(nil, nil)
	checks.Horizontal = true
	for _, m := range isoChoices {
		checks.Options = append(checks.Options, minutesLabel(m))
	}
	for _, m := range s.minutes {
		checks.Selected = append(checks.Selected, minutesLabel(m))
	}
	hint := widget.NewLabel("")
	hint.Wrapping = fyne.TextWrapWord
	hint.Hide()
	t := s.w.tour.m.Tour()
	note := dimLabel(fmt.Sprintf("%s (the Tour tab's settings).", modeText(t.Profile, t.Avoids())))
	note.Wrapping, note.Truncation = fyne.TextWrapWord, fyne.TextTruncateOff
	var d dialog.Dialog
	checks.OnChanged = func(sel []string) {
		if len(sel) > mapview.MaxContours { // keep the first four chosen
			checks.Selected = sel[:mapview.MaxContours]
			checks.Refresh()
			hint.SetText(fmt.Sprintf("At most %d at once.", mapview.MaxContours))
			hint.Show()
			return
		}
		hint.Hide()
	}
	content := container.NewVBox(widget.NewLabel("Minutes from "+name+":"), checks, hint, note)
	d = dialog.NewCustomConfirm("Reachable within…", "Draw", "Cancel", content, func(ok bool) {
		if !ok {
			return
		}
		mins := minutesOf(checks.Selected)
		if len(mins) == 0 {
			s.w.setStatus("Reachable within: no minutes chosen")
			return
		}
		s.minutes = mins
		if mark {
			s.w.mapw.SetHere(&p)
		}
		s.draw(p, name, mins)
	}, s.w.win)
	d.Resize(fyne.NewSize(min(480, s.w.win.Canvas().Size().Width-40), d.MinSize().Height))
	s.w.showDialog(d)
}

func minutesLabel(m int) string { return strconv.Itoa(m) + " min" }

// minutesOf reads the chosen labels as ascending minutes.
func minutesOf(sel []string) []int {
	var out []int
	for _, l := range sel {
		if m, err := strconv.Atoi(strings.TrimSuffix(l, " min")); err == nil && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// modeText names a travel mode and what it avoids: "By bike, avoiding
// ferries".
func modeText(p route.Profile, avoid route.Exclude) string {
	s := map[route.Profile]string{route.Driving: "By car", route.Cycling: "By bike", route.Walking: "On foot"}[p]
	if avoid != 0 {
		s += ", avoiding " + tourmodel.AvoidText(avoid)
	}
	return s
}

// draw computes the isochrone of p within mins minutes (ascending) with
// the tour's profile and avoided roads, off the UI goroutine, and shows
// it.
func (s *isochrones) draw(p orb.Point, name string, mins []int) {
	eng := s.w.Engine()
	if eng == nil {
		s.w.setStatus("Reachable within: no region is open (Regions tab)")
		return
	}
	t := s.w.tour.m.Tour()
	prof, avoid := t.Profile, t.Avoids()
	limits := make([]float64, len(mins))
	for i, m := range mins {
		limits[i] = float64(m * 60)
	}
	s.seq++
	seq := s.seq
	s.pending = true
	s.w.setStatus("Computing what is reachable from %s…", name)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), isoTimeout)
		defer cancel()
		res, err := isochroneOf(ctx, eng, engine.IsochroneRequest{Profile: prof, Coordinate: p, Radius: tourmodel.SnapRadius,
			Options: route.IsochroneOptions{Limits: limits, Exclude: avoid, Generalize: route.AutoGeneralize}})
		s.w.doUI(func() {
			if seq != s.seq || eng != s.w.Engine() {
				return // asked again, cleared, or the regions changed
			}
			s.pending = false
			if err != nil {
				s.w.setStatus("Reachable within: %s", isoError(err, eng, p, name, prof))
				return
			}
			cs := make([]mapview.Contour, len(res.Contours))
			for i, c := range res.Contours {
				cs[i] = mapview.Contour{Polygons: c.Polygons}
			}
			s.contours = res.Contours
			s.w.mapw.SetOutline(nil) // a place's outline would blur the bands; its pin marks the origin
			s.w.mapw.SetContours(cs)
			title := "Reachable from " + name
			if strings.ContainsRune(name, '°') { // coordinates: the dot marks them
				title = "Reachable from the marked point"
			}
			mode, from := modeText(prof, avoid), ""
			if d := res.Waypoint.Distance; d > isoOffRoad {
				// The contours start where the point meets the roads: say
				// so, or a point far from them looks unreachable.
				from = "from the nearest road"
				if res.Waypoint.Name != "" {
					from = "from " + res.Waypoint.Name
				}
				from += ", " + instructions.Distance(d) + " away"
				mode += "\n" + strings.ToUpper(from[:1]) + from[1:]
				from = " (" + from + ")"
			}
			s.showLegend(title, mode, mins)
			if b, ok := contoursBound(res.Contours); ok {
				s.w.mapw.FitBound(b.Extend(p), 16)
			}
			s.w.setStatus("Reachable from %s within %s%s", name, minutesList(mins), from)
		})
	}()
}

// isoOffRoad is how far (meters) the origin may lie from the road its
// contours start on before the legend says where they start.
const isoOffRoad = 100

// isochroneOf is eng.Isochrone with a panic of the engine as an error.
func isochroneOf(ctx context.Context, eng *engine.Engine, req engine.IsochroneRequest) (_ *engine.IsochroneResult, err error) {
	defer recoverTo(&err)
	return eng.Isochrone(ctx, req)
}

// isoError says in words why no isochrone was drawn around p.
func isoError(err error, eng *engine.Engine, p orb.Point, name string, prof route.Profile) string {
	switch {
	case errors.Is(err, engine.ErrOutsideRegions):
		return name + " is outside the open regions"
	case errors.Is(err, route.ErrNoSegment):
		for _, pk := range eng.Packs() {
			if pk.Info.Home.Pad(0.02).Contains(p) {
				return fmt.Sprintf("no road %s within 3 km of %s", profileRoads(prof), name)
			}
		}
		return name + " is outside the open regions"
	case errors.Is(err, route.ErrExcludeUnsupported):
		return "this region was imported before Waymark could avoid roads: import it again, or untick Avoid"
	case errors.Is(err, context.DeadlineExceeded):
		return "took too long; choose fewer minutes"
	}
	return err.Error()
}

func profileRoads(p route.Profile) string {
	return map[route.Profile]string{route.Driving: "for cars", route.Cycling: "for bikes", route.Walking: "on foot"}[p]
}

func minutesList(mins []int) string {
	parts := make([]string, len(mins))
	for i, m := range mins {
		parts[i] = strconv.Itoa(m)
	}
	return strings.Join(parts, ", ") + " min"
}

func contoursBound(cs []route.Contour) (orb.Bound, bool) {
	var b orb.Bound
	ok := false
	for _, c := range cs {
		for _, p := range c.Polygons {
			if len(p) == 0 {
				continue
			}
			pb := p[0].Bound()
			if !ok {
				b, ok = pb, true
			} else {
				b = b.Union(pb)
			}
		}
	}
	return b, ok
}

// showLegend lists the limits drawn with their colours.
func (s *isochrones) showLegend(title, mode string, mins []int) {
	s.shown = slices.Clone(mins)
	s.title.SetText(title)
	s.mode.SetText(mode)
	s.rows.Objects = nil
	for i, m := range mins {
		c := mapview.ContourColor(i)
		sw := canvas.NewRectangle(color.NRGBA{c.R, c.G, c.B, 0xa0})
		sw.StrokeColor = c
		sw.StrokeWidth = 1.5
		sw.SetMinSize(fyne.NewSize(22, 14))
		label := "within " + minutesLabel(m)
		s.rows.Add(container.NewHBox(container.NewCenter(sw), widget.NewLabel(label)))
	}
	s.rows.Refresh()
	s.card.Show()
	s.legend.Refresh()
}

// clearAreas removes the contours and the legend (and drops an answer on
// its way).
func (s *isochrones) clearAreas() {
	s.seq++
	s.pending = false
	s.shown, s.contours = nil, nil
	s.w.mapw.SetContours(nil)
	s.card.Hide()
	s.legend.Refresh()
}

// cornerLayout puts its objects at the top-left corner at their minimum
// size, no wider than the area (the legend over the map).
type cornerLayout struct{}

func (cornerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding() * 2
	for _, o := range objs {
		ms := o.MinSize()
		o.Move(fyne.NewPos(pad, pad))
		o.Resize(fyne.NewSize(min(max(ms.Width, 300), size.Width-2*pad-60), ms.Height))
	}
}

func (cornerLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

var _ fyne.Layout = cornerLayout{}
