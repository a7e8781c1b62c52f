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
		ri, err := imaged(pk, reverseImagePath(pk.Path), geocode.ReadReverseImage,
			func() (*geocode.ReverseIndex, error) { return geocode.NewReverseIndex(ctx, pp.ix) },
			(*geocode.ReverseIndex).WriteImage)
		if err != nil {
			if ctx.Err() == nil {
				pp.setImageErr(err) // reverse keeps reading SQLite
			}
			return
		}
		pp.ix.SetReverseIndex(ri)
	}()
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
