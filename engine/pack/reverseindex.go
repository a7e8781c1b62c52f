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
	"fmt"
	"io"
	"path/filepath"

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
// a 344 MB image, peak RSS 689 → 364 MiB, live heap 430 → 133 MB); where
// none can be written it is loaded onto the heap (imaged: its image is
// tried once more from there, the error kept for ImageErr).
func reverseImaged(ctx context.Context, pk *Pack, ix *geocode.Index) (*geocode.ReverseIndex, error) {
	path := reverseImagePath(pk.Path)
	if ri, ok := mapped(path, pk.Info.BuildID, geocode.ReadReverseImage); ok {
		return ri, nil
	}
	if imagesMapped && pk.Info.BuildID != "" {
		started := pk.cacheStarted(path)
		err := writeImageFile(path, func(w io.Writer) error {
			return geocode.WriteReverseImage(ctx, ix, w, pk.Info.BuildID, filepath.Dir(path))
		})
		if err == nil {
			if ri, ok := mapped(path, pk.Info.BuildID, geocode.ReadReverseImage); ok {
				pk.cacheDone(path, started, nil)
				return ri, nil
			}
		}
		if ctx.Err() != nil {
			pk.cacheDone(path, started, ctx.Err())
			return nil, ctx.Err()
		}
		if err == nil {
			err = fmt.Errorf("write image: %s does not read back", path)
		}
		pk.cacheDone(path, started, err) // not writable here: from the heap, as before
	}
	return imaged(pk, path, geocode.ReadReverseImage,
		func() (*geocode.ReverseIndex, error) { return geocode.NewReverseIndex(ctx, ix) },
		(*geocode.ReverseIndex).WriteImage)
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
