package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/engine/route"
	"waymark/mapview"
	"waymark/ui/instructions"
	"waymark/ui/state"
)

// maxStops is the most stops a tour may have (the API's coordinate limit).
const maxStops = 25

// tourStop is one stop of the tour.
type tourStop struct {
	Name  string
	Point orb.Point
}

// tourPanel is the Tour tab: stops, profile, optimize, totals, legs with
// turn-by-turn steps, alternatives, export and GPX import.
type tourPanel struct {
	w       *Window
	content fyne.CanvasObject

	stops     []tourStop
	profile   *widget.RadioGroup
	roundtrip *widget.Check
	addEntry  *widget.Entry
	stopBox   *fyne.Container
	optimize  *widget.Button
	actions   *fyne.Container
	totals    *canvas.Text
	summary   *widget.Label
	alts      *widget.RadioGroup
	legs      *widget.Accordion
	tools     *fyne.Container
	emptyHint *widget.Label

	routes  []route.Route // main route first, then alternatives
	chosen  int           // index of the route shown as main
	gen     int
	pending bool // a route is being computed
}

func newTourPanel(w *Window) *tourPanel {
	p := &tourPanel{w: w}
	p.profile = widget.NewRadioGroup([]string{"Driving", "Walking"}, nil)
	p.profile.Horizontal = true
	p.profile.Required = true
	p.profile.SetSelected("Driving")
	p.roundtrip = widget.NewCheck("Return to start", nil)

	p.addEntry = widget.NewEntry()
	p.addEntry.SetPlaceHolder("Add a stop: type a place and press Enter")
	p.addEntry.OnSubmitted = p.addByName
	addBt := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { p.addByName(p.addEntry.Text) })

	p.stopBox = container.NewVBox()
	p.emptyHint = widget.NewLabel("Add stops from the search results, with a right-click on the map, or by name above. Drag a stop or use the arrows to reorder.")
	p.emptyHint.Wrapping = fyne.TextWrapWord
	p.emptyHint.Importance = widget.LowImportance

	p.optimize = p.newOptimizeButton()
	p.actions = container.NewHBox(layoutSpacer(), p.optimize)

	p.totals = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	p.totals.TextSize = theme.TextSize() * 1.6
	p.totals.TextStyle = fyne.TextStyle{Bold: true}
	p.summary = dimLabel("")
	p.alts = widget.NewRadioGroup(nil, p.chooseAlternative)
	p.alts.Hide()
	p.legs = widget.NewAccordion()

	p.tools = container.NewGridWithColumns(2)
	p.addTools()

	head := container.NewVBox(
		container.NewBorder(nil, nil, nil, p.roundtrip, p.profile),
		container.NewBorder(nil, nil, nil, addBt, p.addEntry),
	)
	body := container.NewVBox(
		p.stopBox, p.emptyHint,
		p.actions,
		widget.NewSeparator(),
		p.totals, p.summary, p.alts,
		p.legs,
	)
	bottom := container.NewVBox(widget.NewSeparator(), p.tools)
	p.content = container.NewBorder(container.NewPadded(head), container.NewPadded(bottom), nil, nil,
		container.NewVScroll(container.NewPadded(body)))

	p.restore(w.st.Tour)
	p.profile.OnChanged = func(string) { p.changed() }
	p.roundtrip.OnChanged = func(bool) { p.changed() }
	return p
}

// addTools fills the bottom bar with the actions the engine supports.
func (p *tourPanel) addTools() {
	clear := widget.NewButtonWithIcon("Clear", theme.ContentClearIcon(), func() {
		p.stops = nil
		p.w.mapw.SetTraces(nil)
		p.changed()
	})
	p.tools.Objects = append(p.tools.Objects, p.fileTools()...)
	p.tools.Objects = append(p.tools.Objects, p.newImportTrackButton(), clear)
}

func (p *tourPanel) restore(t state.Tour) {
	for _, s := range t.Stops {
		p.stops = append(p.stops, tourStop{Name: s.Name, Point: orb.Point{s.Lon, s.Lat}})
	}
	if t.Profile == "walking" {
		p.profile.SetSelected("Walking")
	}
	p.roundtrip.SetChecked(t.Roundtrip)
	p.changed()
}

func (p *tourPanel) save(s *state.State) {
	s.Tour = state.Tour{Profile: p.profileValue().String(), Roundtrip: p.roundtrip.Checked}
	for _, st := range p.stops {
		s.Tour.Stops = append(s.Tour.Stops, state.Stop{Name: st.Name, Lon: st.Point[0], Lat: st.Point[1]})
	}
}

func (p *tourPanel) profileValue() route.Profile {
	if p.profile.Selected == "Walking" {
		return route.Walking
	}
	return route.Driving
}

// add appends a stop and recomputes the route.
func (p *tourPanel) add(pt orb.Point, name string) {
	if len(p.stops) >= maxStops {
		p.w.setStatus("A tour has at most %d stops", maxStops)
		return
	}
	named := name != ""
	if !named {
		name = formatLatLon(pt)
	}
	p.stops = append(p.stops, tourStop{Name: name, Point: pt})
	p.changed()
	if !named {
		p.nameStop(pt)
	}
}

// nameStop replaces the coordinates shown for the stop at pt by the
// address there, once reverse geocoding answers.
func (p *tourPanel) nameStop(pt orb.Point) {
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
		p.w.doUI(func() {
			for i := range p.stops {
				if p.stops[i].Point == pt && p.stops[i].Name == formatLatLon(pt) {
					p.stops[i].Name = pl
					if i < len(p.stopBox.Objects) {
						p.stopBox.Objects[i].(*stopRow).name.SetText(pl)
					}
				}
			}
			p.showChosen()
		})
	}()
}

// addByName adds the best autocomplete match of text as a stop.
func (p *tourPanel) addByName(text string) {
	text = strings.TrimSpace(text)
	eng := p.w.Engine()
	if text == "" || eng == nil {
		return
	}
	view := p.w.viewBound()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := eng.Autocomplete(ctx, geocode.AutocompleteQuery{Text: text, Limit: 1, Viewbox: view, HasViewbox: true})
		p.w.doUI(func() {
			switch {
			case err != nil:
				p.w.setStatus("Add stop: %v", err)
			case len(res) == 0:
				p.w.setStatus("No place matches “%s”", text)
			default:
				p.addEntry.SetText("")
				p.add(res[0].Centroid, placeTitle(res[0]))
			}
		})
	}()
}

func (p *tourPanel) move(from, to int) {
	if from < 0 || from >= len(p.stops) {
		return
	}
	to = max(0, min(len(p.stops)-1, to))
	if from == to {
		return
	}
	s := p.stops[from]
	p.stops = append(p.stops[:from], p.stops[from+1:]...)
	p.stops = append(p.stops[:to], append([]tourStop{s}, p.stops[to:]...)...)
	p.changed()
}

func (p *tourPanel) removeStop(i int) {
	if i < 0 || i >= len(p.stops) {
		return
	}
	p.stops = append(p.stops[:i], p.stops[i+1:]...)
	p.changed()
}

// changed redraws the stop list and recomputes the route.
func (p *tourPanel) changed() {
	p.stopBox.Objects = nil
	for i, s := range p.stops {
		p.stopBox.Add(newStopRow(p, i, s.Name, i == len(p.stops)-1))
	}
	p.stopBox.Refresh()
	if len(p.stops) == 0 {
		p.emptyHint.Show()
	} else {
		p.emptyHint.Hide()
	}
	if len(p.stops) >= 3 {
		p.optimize.Enable()
	} else {
		p.optimize.Disable()
	}
	pts := make([]orb.Point, len(p.stops))
	for i, s := range p.stops {
		pts[i] = s.Point
	}
	p.w.mapw.SetStops(pts)
	p.recompute()
	p.w.scheduleSave()
}

// coordinates returns the stops to route through (the start again at the
// end for a round trip).
func (p *tourPanel) coordinates() []orb.Point {
	pts := make([]orb.Point, 0, len(p.stops)+1)
	for _, s := range p.stops {
		pts = append(pts, s.Point)
	}
	if p.roundtrip.Checked && len(pts) >= 2 {
		pts = append(pts, pts[0])
	}
	return pts
}

// routeOutput is what the panel asks routes to carry.
var routeOutput = route.Output{Steps: true, Overview: route.OverviewFull}

// recompute asks for the route through the stops in the background.
func (p *tourPanel) recompute() {
	p.gen++
	gen := p.gen
	eng := p.w.Engine()
	pts := p.coordinates()
	if len(pts) < 2 || eng == nil {
		p.showRoutes(nil)
		return
	}
	alts := 0
	if len(pts) == 2 {
		alts = 2
	}
	// U-turns allowed at the stops: the model Optimize orders them under.
	opts := engine.TourOptions(routeOutput)
	opts.Alternatives = alts
	req := engine.DirectionsRequest{
		SnapRequest: engine.SnapRequest{Profile: p.profileValue(), Coordinates: pts},
		Options:     opts,
	}
	p.pending = true
	p.summary.SetText("Computing the route…")
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		res, err := directions(ctx, eng, req)
		p.w.doUI(func() {
			if gen != p.gen {
				return
			}
			p.pending = false
			if err != nil {
				p.showRoutes(nil)
				p.summary.SetText(routeError(err))
				return
			}
			p.showRoutes(res.Routes)
		})
	}()
}

// routeError explains a routing failure in words.
func routeError(err error) string {
	switch {
	case errors.Is(err, route.ErrNoSegment):
		return "A stop is too far from any road of the open regions."
	case errors.Is(err, route.ErrNoRoute):
		return "No route connects these stops."
	}
	return "Route: " + err.Error()
}

// showRoutes shows routes (main first): lines on the map, totals, legs.
func (p *tourPanel) showRoutes(rs []route.Route) {
	p.routes, p.chosen = rs, 0
	p.alts.Options = nil
	if len(rs) > 1 {
		for i, r := range rs {
			label := "Fastest"
			if i > 0 {
				label = fmt.Sprintf("Alternative %d", i)
			}
			p.alts.Options = append(p.alts.Options, fmt.Sprintf("%s · %s · %s", label, instructions.Duration(r.Duration), instructions.Distance(r.Distance)))
		}
		p.alts.Selected = p.alts.Options[0]
		p.alts.Show()
	} else {
		p.alts.Hide()
	}
	p.alts.Refresh()
	p.showChosen()
}

func (p *tourPanel) chooseAlternative(label string) {
	for i, o := range p.alts.Options {
		if o == label && i < len(p.routes) && i != p.chosen {
			p.chosen = i
			p.showChosen()
		}
	}
}

// showChosen draws the chosen route as main and the others dimmed, and
// lists its totals and legs.
func (p *tourPanel) showChosen() {
	var lines []mapview.RoutePath
	for i, r := range p.routes {
		if i != p.chosen {
			lines = append(lines, mapview.RoutePath{Line: r.Points, Alternative: true})
		}
	}
	p.legs.Items = nil
	if p.chosen < len(p.routes) {
		r := p.routes[p.chosen]
		lines = append(lines, mapview.RoutePath{Line: r.Points})
		p.totals.Text = instructions.Distance(r.Distance) + " · " + instructions.Duration(r.Duration)
		p.summary.SetText(fmt.Sprintf("%d stops · %s%s", len(p.stops), strings.ToLower(p.profile.Selected), map[bool]string{true: " · round trip"}[p.roundtrip.Checked]))
		for i, leg := range r.Legs {
			p.legs.Append(p.legItem(i, len(r.Legs), leg))
		}
	} else {
		p.totals.Text = ""
		if !p.pending {
			p.summary.SetText("")
		}
	}
	p.totals.Color = theme.Color(theme.ColorNameForeground)
	p.totals.Refresh()
	p.legs.Refresh()
	p.w.mapw.SetRoutes(lines)
}

// stopName names stop i of the routed coordinates (the start again after
// the last stop of a round trip).
func (p *tourPanel) stopName(i int) string {
	if len(p.stops) == 0 {
		return ""
	}
	if i >= len(p.stops) {
		i = 0
	}
	return p.stops[i].Name
}

// legItem is one leg: "1 → 2  Vaduz → Schaan · 4.3 km · 7 min" with its steps.
func (p *tourPanel) legItem(i, n int, leg route.Leg) *widget.AccordionItem {
	title := fmt.Sprintf("%d → %d  %s → %s · %s · %s", i+1, (i+1)%max(len(p.stops), 1)+1,
		p.stopName(i), p.stopName(i+1), instructions.Distance(leg.Distance), instructions.Duration(leg.Duration))
	if p.roundtrip.Checked && i == n-1 {
		title = fmt.Sprintf("%d → 1  %s → %s · %s · %s", i+1, p.stopName(i), p.stopName(0),
			instructions.Distance(leg.Distance), instructions.Duration(leg.Duration))
	}
	steps := container.NewVBox()
	if leg.Summary != "" {
		steps.Add(dimLabel("Via " + leg.Summary))
	}
	for _, s := range leg.Steps {
		text := instructions.Text(s, instructions.Position{Leg: i, Legs: n})
		dist := instructions.Distance(s.Distance)
		if s.Maneuver.Type == route.Arrive {
			dist = ""
		}
		at := orb.Point{s.Maneuver.Location[0], s.Maneuver.Location[1]}
		steps.Add(newStepRow(text, dist, func() {
			p.w.mapw.SetHere(&at)
			p.w.mapw.FlyTo(at, 17)
		}))
	}
	return widget.NewAccordionItem(title, steps)
}

// totalsText returns the totals line (tests read it).
func (p *tourPanel) totalsText() string { return p.totals.Text }

// routed reports whether the route of the current stops is shown.
func (p *tourPanel) routed() bool { return !p.pending && (len(p.routes) > 0 || len(p.stops) < 2) }

// directions asks eng for routes, turning a panic into an error.
func directions(ctx context.Context, eng *engine.Engine, req engine.DirectionsRequest) (_ *engine.DirectionsResult, err error) {
	defer recoverTo(&err)
	return eng.Directions(ctx, req)
}
