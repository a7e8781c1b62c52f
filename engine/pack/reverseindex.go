package pack

// The reverse index (geocode's reverse_index.go) of a pack is loaded in
// the background once its geocoding index opens: mapped from its image
// beside the pack, or read from the pack (LI ×64: ~0.5 M rows) and its
// image written. Until it is set, reverse reads its candidates from
// SQLite and answers the same, only slower; so a pack's first reverse
// never waits for it. WarmPlaces waits for it, so a server is ready once
// it is in place. Close stops a load under way.

import (
	"context"
	"io"
	"path/filepath"
	"runtime/debug"

	"waymark/engine/geocode"
)

// reverseLoad is the background load of a pack's reverse index.
type reverseLoad struct {
	stop context.CancelFunc
	done chan struct{}
}

// start loads pk's reverse index in the background and sets it on its
// geocoding index, pp.ix (pp is pk.places).
func (l *reverseLoad) start(pp *places, pk *Pack) {
	ctx, stop := context.WithCancel(context.Background())
	l.stop, l.done = stop, make(chan struct{})
	go func() {
		defer close(l.done)
		ri, err := reverseImaged(ctx, pk, pp.ix)
		if err != nil {
			if ctx.Err() == nil {
				pp.setImageErr(err) // reverse keeps reading SQLite
			}
			return
		}
		pp.ix.SetReverseIndex(ri)
	}()
}

// reverseImaged returns pk's reverse index (of ix) mapped from its image:
// the one beside the pack, or one written straight from the pack
// (geocode.WriteReverseImage, which does not hold the index: LI ×400,
// a 344 MB image, peak RSS 689 → 364 MiB, live heap 430 → 133 MB), or
// else as imaged loads it.
func reverseImaged(ctx context.Context, pk *Pack, ix *geocode.Index) (*geocode.ReverseIndex, error) {
	path := reverseImagePath(pk.Path)
	return streamImaged(ctx, pk, path, geocode.ReadReverseImage,
		func(w io.Writer, buildID string) error {
			return geocode.WriteReverseImage(ctx, ix, w, buildID, filepath.Dir(path))
		},
		func() (*geocode.ReverseIndex, error) { return geocode.NewReverseIndex(ctx, ix) },
		(*geocode.ReverseIndex).WriteImage)
}

// streamImaged is imaged for an index whose image stream writes from the
// pack without holding the index: pk's index from its image at path,
// else from the image stream writes there; where that cannot be written
// (read-only media, or stream's error), as imaged loads it (load, and
// its image tried once more from there, the error kept for ImageErr).
// An error of ctx is returned as it is.
func streamImaged[T any](ctx context.Context, pk *Pack, path string, read readImage[T], stream func(w io.Writer, buildID string) error,
	load func() (T, error), write func(T, io.Writer, string) error) (T, error) {
	if v, ok := mapped(path, pk.Info.BuildID, read); ok {
		return v, nil
	}
	if imagesMapped && pk.Info.BuildID != "" {
		started := pk.cacheStarted(path)
		if err := writeImageFile(path, func(w io.Writer) error { return stream(w, pk.Info.BuildID) }); err == nil {
			debug.FreeOSMemory() // what stream held, before the image's pages (imaged)
			if v, ok := mapped(path, pk.Info.BuildID, read); ok {
				pk.cacheDone(path, started, nil)
				return v, nil
			}
		}
		if ctx.Err() != nil {
			pk.cacheDone(path, started, ctx.Err())
			var zero T
			return zero, ctx.Err()
		}
		// No event for this attempt's failure: imaged tells its own
		// start and end, and a "not written" followed by "rebuilt"
		// would say the cache both failed and was made.
	}
	return imaged(pk, path, read, load, write)
}

// wait waits for the load, if one was started.
func (l *reverseLoad) wait() {
	if l.done != nil {
		<-l.done
	}
}

// close stops the load and waits for it.
func (l *reverseLoad) close() {
	if l.stop != nil {
		l.stop()
	}
	l.wait()
}
