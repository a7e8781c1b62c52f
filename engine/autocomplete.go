package engine

import (
	"context"
	"errors"

	"waymark/engine/geocode"
)

// AutocompleteQuery is the request of Autocomplete (see geocode.AutocompleteQuery).
type AutocompleteQuery = geocode.AutocompleteQuery

// ImageErr waits for the packs' routing graphs and returns why images
// beside a pack could not be written (graphs, and the autocomplete and
// nearby indexes loaded so far), or nil: those are loaded from the pack
// again at every open (pack.Pack.ImageErr).
func (e *Engine) ImageErr() error {
	var errs []error
	for _, pk := range e.packs {
		if err := pk.ImageErr(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// WarmPlaces builds the geocoding, autocomplete, nearby and reverse
// indexes of every pack now instead of on the first query (the window and
// the server call it at start so the first keystroke is fast).
func (e *Engine) WarmPlaces(ctx context.Context) error {
	for _, pk := range e.packs {
		if err := pk.WarmPlaces(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Autocomplete returns place predictions for partly typed text, best first,
// with public place ids. With several packs, each pack's predictions are
// merged by match quality and importance (or by distance to the viewbox
// centre with DistanceOnly), then cut to the limit; deduplication, when
// asked, runs after the cut, as the spec says.
func (e *Engine) Autocomplete(ctx context.Context, q AutocompleteQuery) ([]geocode.Place, error) {
	dedupe := q.Dedupe
	q.Dedupe = false
	less := func(a, b *geocode.Place) bool { return a.Score < b.Score }
	if q.HasViewbox && q.DistanceOnly {
		less = func(a, b *geocode.Place) bool { return a.Distance < b.Distance }
	}
	return e.mergePacks(func(i int) ([]geocode.Place, error) {
		c, err := e.packs[i].Completer(ctx)
		if err != nil {
			return nil, err
		}
		return c.Autocomplete(ctx, q)
	}, less, q.Limit, dedupe)
}
