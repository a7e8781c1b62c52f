package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
)

// runSearch lists the places matching q (on a background goroutine), biased
// to view, the map's area captured on the UI goroutine.
func (p *searchPanel) runSearch(gen int, q string, view orb.Bound) {
	eng := p.w.Engine()
	if eng == nil {
		p.w.doUI(func() { p.w.setStatus("Open a region first (Regions tab)") })
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := eng.Search(ctx, engine.SearchRequest{Query: q, Limit: 20, Dedupe: true, Viewbox: &view,
		Output: geocode.Output{ExtraTags: true}})
	p.w.doUI(func() {
		p.mu.Lock()
		stale := gen != p.gen
		p.mu.Unlock()
		if stale {
			return
		}
		if errors.Is(err, engine.ErrBadQuery) {
			p.w.setStatus("Type what to search for")
			return
		}
		if err != nil {
			p.w.setStatus("Search: %v", err)
			return
		}
		p.showResults(res, false)
		switch len(res) {
		case 0:
			p.w.setStatus("No place matches “%s”", q)
		case 1:
			p.choose(res[0])
			p.w.setStatus("1 result")
		default:
			p.w.setStatus("%s", fmt.Sprintf("%d results", len(res)))
			b := orb.Bound{Min: res[0].Centroid, Max: res[0].Centroid}
			for _, pl := range res {
				b = b.Extend(pl.Centroid)
			}
			p.w.mapw.FitBound(b, 17)
		}
	})
}
