package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2/theme"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/mapview"
	"waymark/ui/instructions"
	"waymark/ui/tourmodel"
)

// routeOutput is what the panel asks routes to carry.
var routeOutput = route.Output{Steps: true, Overview: route.OverviewFull}

// recompute asks for the route of the current tour in the background,
// unless it was already asked of the same engine (force: ask again).
func (p *tourPanel) recompute(force bool) {
	req := p.m.Request()
	eng := p.w.Engine()
	if !force && req.Revision == p.asked && eng == p.askedEng {
		return
	}
	p.asked, p.askedEng = req.Revision, eng
	if len(req.Tour.Stops) == 0 {
		p.pending = false
		p.m.SetResult(tourmodel.Result{Revision: req.Revision})
		p.showResult()
		return
	}
	opts := engine.TourOptions(routeOutput)
	if len(req.Tour.Coordinates()) == 2 {
		opts.Alternatives = 2
	}
	if eng == nil { // nothing to ask: say so at once
		p.pending = false
		p.m.SetResult(tourmodel.Route(context.Background(), nil, req, opts))
		p.render()
		return
	}
	p.pending = true
	p.showResult()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		res := tourmodel.Route(ctx, eng, req, opts)
		p.w.doUI(func() {
			if res.Revision != p.m.Revision() || eng != p.w.Engine() {
				return // the tour or the regions changed meanwhile
			}
			p.pending = false
			p.m.SetResult(res)
			p.chosen = 0
			p.render()
			// after open, optimize or a replacing edit, and whenever the
			// new route leaves the view (a stop added far away), the map
			// shows the whole tour; a route already in view is left as the
			// planner framed it
			if p.fitNext || !p.tourInView() {
				p.fitNext = false
				p.fitTour()
			}
		})
	}()
}

// showResult shows the route of the current revision: lines on the map,
// totals, alternatives, legs; or, without a route, why.
func (p *tourPanel) showResult() {
	res := p.m.Result()
	t := p.m.Tour()
	current := res.Revision == p.m.Revision() && !p.pending
	p.alts.Options = nil
	if current && len(res.Routes) > 1 {
		for i, r := range res.Routes {
			label := "Fastest"
			if i > 0 {
				label = fmt.Sprintf("Alternative %d", i)
			}
			p.alts.Options = append(p.alts.Options, fmt.Sprintf("%s · %s · %s", label, instructions.Duration(r.Duration), instructions.Distance(r.Distance)))
		}
		p.chosen = min(p.chosen, len(res.Routes)-1)
		p.alts.Selected = p.alts.Options[p.chosen]
		p.alts.Show()
	} else {
		p.alts.Hide()
	}
	p.alts.Refresh()

	fg := theme.Color(theme.ColorNameForeground)
	var lines []mapview.RoutePath
	switch {
	case len(t.Stops) == 0:
		p.totals.Text = ""
		p.summary.SetText("")
	case !current:
		// the totals of the previous tour stay, dimmed, until the new ones come
		fg = theme.Color(theme.ColorNameDisabled)
		p.summary.SetText("Computing the route…")
	case res.Routed():
		r := res.Routes[p.chosen]
		for i, alt := range res.Routes {
			if i != p.chosen {
				lines = append(lines, mapview.RoutePath{Line: alt.Points, Alternative: true})
			}
		}
		lines = append(lines, mapview.RoutePath{Line: r.Points})
		p.totals.Text = instructions.Distance(r.Distance) + " · " + instructions.Duration(r.Duration)
		p.summary.SetText(p.summaryText(t))
	case len(res.Problems) > 0 || res.Err != nil:
		p.totals.Text = "No route"
		fg = theme.Color(theme.ColorNameError)
		p.summary.SetText(p.problemText(t, res))
	default: // one stop, routable
		p.totals.Text = ""
		p.summary.SetText("Add another stop to get a route.")
	}
	if !current && p.totals.Text == "" && len(t.Stops) > 1 {
		p.totals.Text = "…"
	}
	p.totals.Color = fg
	p.totals.Refresh()
	p.showLegs(res, current)
	p.w.mapw.SetRoutes(lines)
}

func (p *tourPanel) summaryText(t tourmodel.Tour) string {
	s := fmt.Sprintf("%d stops · %s", len(t.Stops), strings.ToLower(profileLabel(t.Profile)))
	if t.Roundtrip {
		s += " · round trip"
	}
	if x := t.Avoids(); x != 0 {
		s += " · avoiding " + tourmodel.AvoidText(x)
	}
	return s
}

// problemText explains in words why the tour has no route.
func (p *tourPanel) problemText(t tourmodel.Tour, res tourmodel.Result) string {
	switch {
	case errors.Is(res.Err, tourmodel.ErrNoRegion):
		return "No region is open: open or import the region of these stops (Regions tab)."
	case res.Avoided != nil:
		return avoidedText(res.Avoided)
	case len(res.Problems) == 1:
		pr := res.Problems[0]
		return fmt.Sprintf("Stop %d, %s: %s. Move or remove it (marked in the list).", pr.Stop+1, t.Stops[pr.Stop].Name, pr.Reason)
	case len(res.Problems) > 1:
		return fmt.Sprintf("%d stops cannot be routed (marked in the list), stop %d: %s.", len(res.Problems), res.Problems[0].Stop+1, res.Problems[0].Reason)
	}
	return routeError(res.Err)
}

// routeError explains a routing failure in words.
func routeError(err error) string {
	switch {
	case errors.Is(err, route.ErrNoSegment):
		return "A stop is too far from any road of the open regions."
	case errors.Is(err, route.ErrNoRoute):
		return "No route connects these stops."
	case errors.Is(err, route.ErrExcludeAcross):
		return "Avoiding roads works within one region: these stops lie in different regions. Untick Avoid to route between them."
	case errors.Is(err, route.ErrExcludeUnsupported):
		return "This region was imported before Waymark could avoid roads: import it again (Regions tab), or untick Avoid."
	}
	return "Route: " + err.Error()
}

// avoidedText says which leg has no route avoiding the tour's roads.
func avoidedText(a *tourmodel.Avoided) string {
	return fmt.Sprintf("No route avoids %s between stops %d and %d: one exists only over %s. Untick Avoid, or move a stop.",
		tourmodel.AvoidText(a.Avoids), a.From+1, a.To+1, tourmodel.AvoidText(a.Avoids))
}

func (p *tourPanel) chooseAlternative(label string) {
	res := p.m.Result()
	for i, o := range p.alts.Options {
		if o == label && i < len(res.Routes) && i != p.chosen {
			p.chosen = i
			p.showResult()
		}
	}
}

// chosenRoute returns the route shown as main (ok false without one).
func (p *tourPanel) chosenRoute() (route.Route, bool) {
	res := p.m.Result()
	if res.Revision != p.m.Revision() || p.chosen >= len(res.Routes) {
		return route.Route{}, false
	}
	return res.Routes[p.chosen], true
}

// fitTour shows the whole tour: its stops and its route.
func (p *tourPanel) fitTour() {
	var line orb.LineString
	if r, ok := p.chosenRoute(); ok {
		line = r.Points
	}
	if b, ok := tourmodel.Fit(p.m.Tour(), line); ok {
		p.w.mapw.FitBound(b, 17)
	}
}

// tourInView reports whether the map shows the whole tour (or there is
// none).
func (p *tourPanel) tourInView() bool {
	var line orb.LineString
	if r, ok := p.chosenRoute(); ok {
		line = r.Points
	}
	b, ok := tourmodel.Fit(p.m.Tour(), line)
	if !ok {
		return true
	}
	view := p.w.mapw.ViewBound()
	return view.Contains(b.Min) && view.Contains(b.Max)
}

// totalsText returns the totals line (tests read it).
func (p *tourPanel) totalsText() string { return p.totals.Text }

// routed reports whether the result of the current stops is shown.
func (p *tourPanel) routed() bool { return !p.pending && p.m.Result().Revision == p.m.Revision() }
