package ui

import (
	"context"
	"fmt"
	"math"
	"time"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
	"waymark/ui/instructions"
)

// newOptimizeButton makes the "Optimize order" button (enabled from three stops).
func (p *tourPanel) newOptimizeButton() *widget.Button {
	b := widget.NewButtonWithIcon("Optimize order", theme.ViewRefreshIcon(), p.runOptimize)
	b.Importance = widget.HighImportance
	b.Disable()
	return b
}

// runOptimize reorders the stops into the fastest tour, keeping the first
// stop first: a round trip back to it when "Return to start" is checked,
// else an open tour ending wherever is fastest. The new order is one
// undoable edit, announced with an undo link.
func (p *tourPanel) runOptimize() {
	eng := p.w.Engine()
	if eng == nil || p.m.Len() < 3 || p.pending {
		return
	}
	t := p.m.Tour()
	pts := make([]orb.Point, len(t.Stops))
	for i, s := range t.Stops {
		pts[i] = s.Point
	}
	rev := p.m.Revision()
	before := math.NaN()
	if r, ok := p.chosenRoute(); ok {
		before = r.Duration
	}
	p.pending = true
	p.optimize.Disable()
	p.summary.SetText("Optimizing the order…")
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		order, dur, err := optimizeOrder(ctx, eng, pts, t.Profile, t.Avoids(), t.Roundtrip)
		p.w.doUI(func() {
			if rev != p.m.Revision() {
				return // the tour changed meanwhile: its route is being computed
			}
			p.pending = false
			if err != nil {
				p.render()
				p.summary.SetText("Optimize: " + routeError(err))
				return
			}
			if isIdentity(order) {
				p.render()
				p.fitTour()
				p.w.setStatus("Optimized: the order given is the fastest found")
				return
			}
			msg := "Optimized the order"
			if !math.IsNaN(before) && before-dur >= 30 {
				msg = fmt.Sprintf("Optimized: %s faster than the order given", instructions.Duration(before-dur))
			}
			p.fitNext = true
			if err := p.m.Reorder(order, "Optimized the order"); err != nil {
				p.w.setStatus("Optimize: %v", err)
				return
			}
			p.w.setStatusUndo(msg)
		})
	}()
}

func isIdentity(order []int) bool {
	for i, k := range order {
		if i != k {
			return false
		}
	}
	return true
}

// optimizeOrder returns the visiting order (indices into pts, starting with
// 0) of the fastest tour the engine finds, and its duration in seconds: a
// round trip back to the first stop, or an open tour from the first stop
// ending wherever is fastest (one Optimize call with the end free), on
// roads of none of the classes of avoid.
func optimizeOrder(ctx context.Context, eng *engine.Engine, pts []orb.Point, prof route.Profile, avoid route.Exclude, roundtrip bool) (_ []int, _ float64, err error) {
	defer recoverTo(&err)
	res, err := eng.Optimize(ctx, engine.OptimizeRequest{SnapRequest: engine.SnapRequest{Profile: prof, Coordinates: pts, Exclude: avoid},
		Roundtrip: roundtrip, FixedSource: true, Output: route.Output{Overview: route.OverviewFalse}})
	if err != nil {
		return nil, 0, err
	}
	if len(res.Trips) == 0 || len(res.Order) != len(pts) || res.Order[0] != 0 {
		return nil, 0, fmt.Errorf("optimize: the engine's order %v is not one from the first of %d stops", res.Order, len(pts))
	}
	return res.Order, res.Trips[0].Duration, nil
}
