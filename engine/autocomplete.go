package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"waymark/engine/geocode"
)

// AutocompleteQuery is the request of Autocomplete (see geocode.AutocompleteQuery).
type AutocompleteQuery = geocode.AutocompleteQuery

// placeState holds, per pack, the geocoding index (search, reverse,
// lookup), the autocomplete index and the nearby index. Each is built on
// first use (or by WarmPlaces); the autocomplete index reads the pack's
// whole search_name table once, the nearby index the points of its places. Builds ignore the cancellation of the request
// that triggers them, so one abandoned request cannot poison the cache.
type placeState struct {
	mu    sync.Mutex
	packs []*packPlaces
}

type packPlaces struct {
	once sync.Once
	ix   *geocode.Index
	err  error

	acOnce     sync.Once
	c          *geocode.Completer
	acErr      error
	mu         sync.Mutex
	acImageErr error // why the index's image could not be written (under mu)

	nbOnce sync.Once
	nb     *geocode.NearbyIndex
	nbErr  error
}

// pack returns the (possibly not yet built) indexes of pack i.
func (e *Engine) pack(i int) *packPlaces {
	e.placeIdx.mu.Lock()
	defer e.placeIdx.mu.Unlock()
	if e.placeIdx.packs == nil {
		e.placeIdx.packs = make([]*packPlaces, len(e.packs))
		for j := range e.placeIdx.packs {
			e.placeIdx.packs[j] = &packPlaces{}
		}
	}
	return e.placeIdx.packs[i]
}

// places returns pack i's geocoding index, opening it on first use.
func (e *Engine) places(ctx context.Context, i int) (*packPlaces, error) {
	pp := e.pack(i)
	pp.once.Do(func() {
		pp.ix, pp.err = geocode.Open(context.WithoutCancel(ctx), e.packs[i].db)
		if pp.err != nil {
			pp.err = fmt.Errorf("engine: pack %s: %w", e.packs[i].Info.Name, pp.err)
		}
	})
	return pp, pp.err
}

// completer returns pack i's autocomplete index, mapped from its image
// beside the pack, or loaded from the pack (and its image written) on
// first use.
func (e *Engine) completer(ctx context.Context, i int) (*geocode.Completer, error) {
	pp, err := e.places(ctx, i)
	if err != nil {
		return nil, err
	}
	pp.acOnce.Do(func() {
		pk := e.packs[i]
		if pp.c = mappedCompleter(pk.Path, pk.Info.BuildID, pp.ix); pp.c != nil {
			return
		}
		pp.c, pp.acErr = geocode.NewCompleter(context.WithoutCancel(ctx), pp.ix)
		if pp.acErr != nil {
			pp.acErr = fmt.Errorf("engine: pack %s: %w", pk.Info.Name, pp.acErr)
			return
		}
		// Where the image cannot be written the loaded index serves
		// (as the graphs, see images.go); the next open tries again.
		var imageErr error
		pp.c, imageErr = writeCompleterImage(pk.Path, pk.Info.BuildID, pp.ix, pp.c)
		pp.mu.Lock()
		pp.acImageErr = imageErr
		pp.mu.Unlock()
	})
	return pp.c, pp.acErr
}

// nearbyIndex returns pack i's nearby index, building it on first use.
func (e *Engine) nearbyIndex(ctx context.Context, i int) (*geocode.NearbyIndex, error) {
	pp, err := e.places(ctx, i)
	if err != nil {
		return nil, err
	}
	pp.nbOnce.Do(func() {
		pp.nb, pp.nbErr = geocode.NewNearbyIndex(context.WithoutCancel(ctx), pp.ix)
		if pp.nbErr != nil {
			pp.nbErr = fmt.Errorf("engine: pack %s: %w", e.packs[i].Info.Name, pp.nbErr)
		}
	})
	return pp.nb, pp.nbErr
}

// ImageErr waits for the packs' routing graphs and returns why images
// beside a pack could not be written (graphs, and autocomplete indexes
// loaded so far), or nil: those are loaded from the pack again at every
// open.
func (e *Engine) ImageErr() error {
	var errs []error
	for i, pk := range e.packs {
		if err := pk.GraphImageErr(); err != nil {
			errs = append(errs, fmt.Errorf("pack %s: %w", pk.Info.Name, err))
		}
		pp := e.pack(i)
		pp.mu.Lock()
		err := pp.acImageErr
		pp.mu.Unlock()
		if err != nil {
			errs = append(errs, fmt.Errorf("pack %s: %w", pk.Info.Name, err))
		}
	}
	return errors.Join(errs...)
}

// WarmPlaces builds the geocoding, autocomplete and nearby indexes of every
// pack now instead of on the first query (the window and the server call
// it at start so the first keystroke is fast).
func (e *Engine) WarmPlaces(ctx context.Context) error {
	for i := range e.packs {
		if _, err := e.completer(ctx, i); err != nil {
			return err
		}
		if _, err := e.nearbyIndex(ctx, i); err != nil {
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
		c, err := e.completer(ctx, i)
		if err != nil {
			return nil, err
		}
		return c.Autocomplete(ctx, q)
	}, less, q.Limit, dedupe)
}
