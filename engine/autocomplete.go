package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
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

	acOnce   sync.Once
	c        *geocode.Completer
	acErr    error
	mu       sync.Mutex
	imageErr error // why an index's image could not be written (under mu)

	nbOnce sync.Once
	nb     *geocode.NearbyIndex
	nbErr  error

	rev reverseLoad // the reverse index, loaded in the background (reverseindex.go)
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
			return
		}
		pp.rev.start(pp, e.packs[i])
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
		pp.c, pp.acErr = imaged(pp, e.packs[i], completerImagePath(e.packs[i].Path),
			func(data []byte) (*geocode.Completer, string, error) { return geocode.ReadCompleterImage(data, pp.ix) },
			func() (*geocode.Completer, error) { return geocode.NewCompleter(context.WithoutCancel(ctx), pp.ix) },
			(*geocode.Completer).WriteImage)
	})
	return pp.c, pp.acErr
}

// nearbyIndex returns pack i's nearby index, mapped from its image beside
// the pack, or loaded from the pack (and its image written) on first use.
func (e *Engine) nearbyIndex(ctx context.Context, i int) (*geocode.NearbyIndex, error) {
	pp, err := e.places(ctx, i)
	if err != nil {
		return nil, err
	}
	pp.nbOnce.Do(func() {
		pp.nb, pp.nbErr = imaged(pp, e.packs[i], nearbyImagePath(e.packs[i].Path),
			func(data []byte) (*geocode.NearbyIndex, string, error) { return geocode.ReadNearbyImage(data, pp.ix) },
			func() (*geocode.NearbyIndex, error) { return geocode.NewNearbyIndex(context.WithoutCancel(ctx), pp.ix) },
			(*geocode.NearbyIndex).WriteImage)
	})
	return pp.nb, pp.nbErr
}

// imaged returns an index of pack pk from its image at path (read), or
// loads it (load) and writes its image (write); where the image cannot be
// written the loaded index serves (as the graphs, see images.go), the
// error is kept for ImageErr, and the next open tries again.
func imaged[T any](pp *packPlaces, pk *Pack, path string, read readImage[T], load func() (T, error), write func(T, io.Writer, string) error) (T, error) {
	if v, ok := mapped(path, pk.Info.BuildID, read); ok {
		return v, nil
	}
	started := pk.cacheStarted(path)
	loaded, err := load()
	if err != nil {
		pk.cacheDone(path, started, err)
		return loaded, fmt.Errorf("engine: pack %s: %w", pk.Info.Name, err)
	}
	v, imageErr := cached(path, pk.Info.BuildID, loaded, func(w io.Writer, id string) error { return write(loaded, w, id) }, read)
	pk.cacheDone(path, started, imageErr)
	pp.setImageErr(imageErr)
	return v, nil
}

// setImageErr records why an index's image could not be written.
func (pp *packPlaces) setImageErr(err error) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	pp.imageErr = errors.Join(pp.imageErr, err)
}

// ImageErr waits for the packs' routing graphs and returns why images
// beside a pack could not be written (graphs, and the autocomplete and
// nearby indexes loaded so far), or nil: those are loaded from the pack
// again at every open.
func (e *Engine) ImageErr() error {
	var errs []error
	for i, pk := range e.packs {
		if err := pk.GraphImageErr(); err != nil {
			errs = append(errs, fmt.Errorf("pack %s: %w", pk.Info.Name, err))
		}
		pp := e.pack(i)
		pp.mu.Lock()
		err := pp.imageErr
		pp.mu.Unlock()
		if err != nil {
			errs = append(errs, fmt.Errorf("pack %s: %w", pk.Info.Name, err))
		}
	}
	return errors.Join(errs...)
}

// WarmPlaces builds the geocoding, autocomplete, nearby and reverse
// indexes of every pack now instead of on the first query (the window and
// the server call it at start so the first keystroke is fast).
func (e *Engine) WarmPlaces(ctx context.Context) error {
	for i := range e.packs {
		if _, err := e.completer(ctx, i); err != nil {
			return err
		}
		if _, err := e.nearbyIndex(ctx, i); err != nil {
			return err
		}
		e.pack(i).rev.wait()
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

// errClosed is the error of a pack's places once the engine is closed.
var errClosed = errors.New("engine: closed")

// closePlaces stops the packs' background loads and closes their
// geocoding indexes; places opened after it fail with errClosed. An
// autocomplete or nearby index being built (a warm-up in another
// goroutine) is waited for, image written, through its sync.Once; one not
// started is never built.
func (e *Engine) closePlaces() {
	for i := range e.packs {
		pp := e.pack(i) // made now if no query made it, so a later one fails
		pp.once.Do(func() { pp.err = errClosed })
		pp.acOnce.Do(func() { pp.acErr = errClosed })
		pp.nbOnce.Do(func() { pp.nbErr = errClosed })
		pp.rev.close()
		if pp.ix != nil {
			pp.ix.Close()
		}
	}
}
