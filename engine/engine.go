// Package engine is the facade the window, the loopback API and the command
// line share: it opens region packs and answers geocoding and routing
// questions (Search, Reverse, Autocomplete, Lookup, Nearby, Directions,
// Optimize, Match, Table, Nearest). It imports no GUI package and is safe for
// concurrent use once opened.
//
// With several packs open, geocoding queries ask every pack and merge the
// results by score; routing queries go to the pack whose road network the
// coordinates snap to most closely in total (see Plan). Place ids stay unique across packs: the pack's
// index is kept in the high bits (see PlaceID).
//
// A pack stores its routing graphs compactly (a country's pack stays
// within 4× its extract); decoding them takes seconds and a heap several
// times their stored size. So the first open of a pack writes each
// decoded graph's image beside it and every later open maps the image
// read-only (graphimage.go): a pack of any size routes within
// milliseconds of opening, and servers of the same pack share its pages
// instead of each holding its own copy. The images are a cache, ~1.25×
// the pack's size, rebuilt whenever they are missing or of another build.
package engine

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// ErrNoPacks is returned by Open when no pack path is given.
var ErrNoPacks = errors.New("engine: no region pack given")

// Engine answers queries over a set of opened region packs.
type Engine struct {
	packs []*Pack
	// placeIdx holds the per-pack geocoding, autocomplete and nearby
	// indexes, built on first use (autocomplete.go).
	placeIdx placeState

	closeOnce sync.Once
	closeErr  error
	closed    atomic.Bool
}

// Options tune OpenWith.
type Options struct {
	// AllowDamaged opens packs the quick check finds damaged (Pack.Damage
	// says why) instead of refusing them.
	AllowDamaged bool
}

// Open opens the region packs at paths. It fails if any of them cannot be
// opened, damaged ones included (ErrPackDamaged).
func Open(paths ...string) (*Engine, error) { return OpenWith(Options{}, paths...) }

// OpenWith is Open with options.
func OpenWith(opts Options, paths ...string) (*Engine, error) {
	if len(paths) == 0 {
		return nil, ErrNoPacks
	}
	e := &Engine{}
	for _, p := range paths {
		pk, err := OpenPackWith(p, PackOptions{AllowDamaged: opts.AllowDamaged})
		if err != nil {
			e.Close()
			return nil, err
		}
		e.packs = append(e.packs, pk)
	}
	return e, nil
}

// Packs returns the opened packs in the order given to Open.
func (e *Engine) Packs() []*Pack { return e.packs }

// Close stops the packs' background loads and closes every pack; later
// calls return its first result. Queries still running, or made after it
// (by a background warm-up), fail with an error instead of reading a
// closed pack: the engine keeps its list of packs.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		e.closed.Store(true)
		e.closePlaces()
		var errs []error
		for _, p := range e.packs {
			if err := p.Close(); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			e.closeErr = fmt.Errorf("engine: close: %w", errors.Join(errs...))
		}
	})
	return e.closeErr
}

// Closed reports whether Close has been called.
func (e *Engine) Closed() bool { return e.closed.Load() }

// packShift is the bit position of the pack index in a public place id.
const packShift = 40

// PlaceID makes the public place id of local id in the pack at index pack.
// Pack 0's ids are the local ids themselves.
func PlaceID(pack int, local int64) int64 { return int64(pack)<<packShift | local }

// SplitPlaceID is the inverse of PlaceID.
func SplitPlaceID(id int64) (pack int, local int64) {
	return int(id >> packShift), id & (1<<packShift - 1)
}
