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
//
// When the full search finds nothing, the places the suggestions offer for
// the same text are the results (closeMatches): Enter never answers "no
// place" for a text whose suggestion list shows a match, even when it is
// pressed before the suggestions arrived.
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
	fromSuggestions := false
	if err == nil && len(res) == 0 {
		if sug, serr := closeMatches(ctx, eng, q, view); serr == nil && len(sug) > 0 {
			res, fromSuggestions = sug, true
		}
	}
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
		n := p.resultCount() // rows, after folding
		switch {
		case n == 0:
			p.w.setStatus("No place matches “%s”", q)
		case n == 1:
			p.choose(p.firstResult())
			p.w.setStatus("1 result")
		default:
			p.w.setStatus("%s", fmt.Sprintf("%d results", n))
			b := orb.Bound{Min: res[0].Centroid, Max: res[0].Centroid}
			for _, pl := range res {
				b = b.Extend(pl.Centroid)
			}
			p.w.mapw.FitBound(b, 17)
		}
		if n > 0 && !fromSuggestions && res[0].Respelled > 0 {
			p.w.setStatus("No exact match for “%s”: %s of a close spelling", q, plural(n, "result"))
		}
		if fromSuggestions && n > 0 {
			p.w.setStatus("No exact match for “%s”: %s of a close spelling", q, plural(n, "result"))
		}
	})
}

// closeMatches returns the places the suggestion list offers for q: the
// autocomplete engine's typo-tolerant matches, asked as the suggestions
// ask them.
func closeMatches(ctx context.Context, eng *engine.Engine, q string, view orb.Bound) (_ []geocode.Place, err error) {
	defer recoverTo(&err)
	return eng.Autocomplete(ctx, suggestQuery(q, view))
}

// suggestQuery is the autocomplete query of a typed text, the same for
// the search field and the add-a-stop field: 8 predictions, duplicates
// dropped, biased to view (the map's area).
func suggestQuery(q string, view orb.Bound) geocode.AutocompleteQuery {
	return geocode.AutocompleteQuery{Text: q, Limit: 8, Dedupe: true, Viewbox: view, HasViewbox: true}
}

// firstResult returns the first listed row.
func (p *searchPanel) firstResult() geocode.Place {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.items[0]
}

// plural is "1 result", "3 results".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
