package pack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"sync"

	"waymark/engine/geocode"
)

// places holds a pack's geocoding index (search, reverse, lookup), its
// autocomplete index and its nearby index. Each is built on first use (or
// by WarmPlaces); the autocomplete index reads the pack's whole
// search_name table once, the nearby index the points of its places.
// Builds ignore the cancellation of the request that triggers them, so
// one abandoned request cannot poison the cache.
type places struct {
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

// errClosed is the error of a pack's places once the pack is closed.
var errClosed = errors.New("pack: closed")

// Places returns the pack's geocoding index, opening it on first use
// (and starting the background load of its reverse index).
func (p *Pack) Places(ctx context.Context) (*geocode.Index, error) {
	pp := &p.places
	pp.once.Do(func() {
		pp.ix, pp.err = geocode.Open(context.WithoutCancel(ctx), p.db)
		if pp.err != nil {
			pp.err = fmt.Errorf("pack %s: %w", p.Info.Name, pp.err)
			return
		}
		pp.rev.start(pp, p)
	})
	return pp.ix, pp.err
}

// Completer returns the pack's autocomplete index, mapped from its image
// beside the pack, or, on first use, its image written from the pack's
// stored index (geocode.WriteCompleterImage, which drops the documents
// before decoding the index) and mapped, or else loaded from the pack.
func (p *Pack) Completer(ctx context.Context) (*geocode.Completer, error) {
	ix, err := p.Places(ctx)
	if err != nil {
		return nil, err
	}
	pp := &p.places
	pp.acOnce.Do(func() {
		bg := context.WithoutCancel(ctx)
		pp.c, pp.acErr = streamImaged(bg, p, completerImagePath(p.Path),
			func(data []byte) (*geocode.Completer, string, error) { return geocode.ReadCompleterImage(data, ix) },
			func(w io.Writer, buildID string) error { return geocode.WriteCompleterImage(bg, ix, w, buildID) },
			func() (*geocode.Completer, error) { return geocode.NewCompleter(bg, ix) },
			(*geocode.Completer).WriteImage)
	})
	return pp.c, pp.acErr
}

// Nearby returns the pack's nearby index, mapped from its image beside
// the pack, or loaded from the pack (and its image written) on first use.
func (p *Pack) Nearby(ctx context.Context) (*geocode.NearbyIndex, error) {
	ix, err := p.Places(ctx)
	if err != nil {
		return nil, err
	}
	pp := &p.places
	pp.nbOnce.Do(func() {
		pp.nb, pp.nbErr = imaged(p, nearbyImagePath(p.Path),
			func(data []byte) (*geocode.NearbyIndex, string, error) { return geocode.ReadNearbyImage(data, ix) },
			func() (*geocode.NearbyIndex, error) { return geocode.NewNearbyIndex(context.WithoutCancel(ctx), ix) },
			(*geocode.NearbyIndex).WriteImage)
	})
	return pp.nb, pp.nbErr
}

// imaged returns an index of pack pk from its image at path (read), or
// loads it (load) and writes its image (write); where the image cannot be
// written the loaded index serves (as the graphs, see images.go), the
// error is kept for ImageErr, and the next open tries again. Once the
// image is written the loaded index is garbage, and the heap it took is
// given back before the image is mapped, so that the two are not
// resident at once (LI ×400 autocomplete: 552 MiB of heap pages and 178
// of the image's at the read-back, 730 MiB; FreeOSMemory costs a
// collection, once an image); an image that does not read back is loaded
// again.
func imaged[T any](pk *Pack, path string, read readImage[T], load func() (T, error), write func(T, io.Writer, string) error) (T, error) {
	if v, ok := mapped(path, pk.Info.BuildID, read); ok {
		return v, nil
	}
	started := pk.cacheStarted(path)
	loaded, err := load()
	if err != nil {
		pk.cacheDone(path, started, err)
		return loaded, fmt.Errorf("pack %s: %w", pk.Info.Name, err)
	}
	if !imagesMapped || pk.Info.BuildID == "" {
		pk.cacheDone(path, started, nil)
		return loaded, nil
	}
	imageErr := writeImageFile(path, func(w io.Writer) error { return write(loaded, w, pk.Info.BuildID) })
	if imageErr == nil {
		var zero T
		loaded = zero
		debug.FreeOSMemory()
		if m, ok := mapped(path, pk.Info.BuildID, read); ok {
			pk.cacheDone(path, started, nil)
			return m, nil
		}
		imageErr = fmt.Errorf("%s does not read back", path)
		if loaded, err = load(); err != nil {
			pk.cacheDone(path, started, err)
			return loaded, fmt.Errorf("pack %s: %w", pk.Info.Name, err)
		}
	}
	imageErr = fmt.Errorf("write image %s: %w", filepath.Base(path), imageErr)
	pk.cacheDone(path, started, imageErr)
	pk.places.setImageErr(imageErr)
	return loaded, nil
}

// setImageErr records why an index's image could not be written.
func (pp *places) setImageErr(err error) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	pp.imageErr = errors.Join(pp.imageErr, err)
}

// ImageErr waits for the pack's routing graphs and returns why images
// beside it could not be written (graphs, and the autocomplete and nearby
// indexes loaded so far), each naming the pack, or nil: those are loaded
// from the pack again at every open.
func (p *Pack) ImageErr() error {
	var errs []error
	if err := p.GraphImageErr(); err != nil {
		errs = append(errs, fmt.Errorf("pack %s: %w", p.Info.Name, err))
	}
	p.places.mu.Lock()
	err := p.places.imageErr
	p.places.mu.Unlock()
	if err != nil {
		errs = append(errs, fmt.Errorf("pack %s: %w", p.Info.Name, err))
	}
	return errors.Join(errs...)
}

// WarmPlaces builds the pack's geocoding, autocomplete, nearby and
// reverse indexes now instead of on the first query.
func (p *Pack) WarmPlaces(ctx context.Context) error {
	if _, err := p.Completer(ctx); err != nil {
		return err
	}
	if _, err := p.Nearby(ctx); err != nil {
		return err
	}
	p.places.rev.wait()
	return nil
}

// closePlaces stops the pack's background loads and closes its geocoding
// index; places opened after it fail with errClosed. An autocomplete or
// nearby index being built (a warm-up in another goroutine) is waited
// for, image written, through its sync.Once; one not started is never
// built.
func (p *Pack) closePlaces() {
	pp := &p.places
	pp.once.Do(func() { pp.err = errClosed })
	pp.acOnce.Do(func() { pp.acErr = errClosed })
	pp.nbOnce.Do(func() { pp.nbErr = errClosed })
	pp.rev.close()
	if pp.ix != nil {
		pp.ix.Close()
	}
}
