// Package engine is the facade the window, the loopback API and the command
// line share: it opens region packs and answers geocoding and routing
// questions (Search, Reverse, Autocomplete, Lookup, Nearby, Directions,
// Optimize, Match, Table, Nearest). It imports no GUI package and is safe for
// concurrent use once opened.
//
// With several packs open, each coordinate belongs to the packs whose
// roads cover it (coverage.go: a grid of cells, not bounding boxes), and
// is snapped there only; one farther than the engine's reach (default
// 50 km) from every pack's roads answers NoSegment ("outside the
// installed regions"). A route whose coordinates one pack holds is that
// pack's; one across packs goes through their joins (route.Atlas: packs
// from overlapping extracts share OSM node ids where they overlap, and
// routes pass from one to the other at crossings there), and one between
// packs that are not joined answers NoRoute naming both (DisjointError).
// Reverse and nearby ask only the packs covering the point; search asks
// every pack and merges the results by their one score. Place ids stay
// unique across packs: the pack's index is kept in the high bits (see
// PlaceID).
//
// How packs are joined, and why so. Packs are imported separately, from
// extracts cut by whoever made them (Geofabrik's, a user's), and an
// extract keeps the ways that cross its edge whole: two neighbouring
// extracts overlap along their border and hold the same ways there, with
// the same OSM node ids. So the engine joins packs at open, from the
// node ids their graphs share, with nothing written at import: a pack
// stays one file that joins whatever neighbours it is opened with. In
// the overlap, a road segment (two consecutive OSM nodes) both packs hold
// is the same road in both; a route passes from one pack into the other
// at a crossing, the midpoint of such a segment, picked from a cut
// through the overlap where every junction before it is complete in the
// first pack and every one after it in the second (route/crossing.go),
// so the route is the merged network's, turn by turn. A border graph over
// the crossings (route/atlas.go), with each crossing's CH search space
// stored by node, routes across packs at the cost of two upward searches
// and a minimum over the crossings: a route across the LI north/south
// cut equals the merged pack's (durations and distances within 0.001%,
// the same steps) in ~1.3× its time. Organic Maps does the like with
// transition points written into its maps at build, since its maps are
// cut along fixed borders by one builder; building one contraction
// hierarchy over the packs at open would cost seconds to minutes and a
// second copy of every graph, for routes a few milliseconds faster.
//
// What is the facade's and what a pack's. This package holds the
// facade and what spans packs: coverage (coverage.go), the atlas of
// joined graphs and the route plan (plan.go), merged answers (merge.go)
// and public place ids. One pack's file, checks, routing graphs, place
// indexes and the caches beside it (images) are package pack's: the
// importer, `waymark check` and the map renderer open a pack without an
// Engine, and an Engine opens each of its packs with pack.OpenWith and
// asks it for its graphs (Pack.Graph) and indexes (Pack.Places,
// Completer, Nearby). The engine keeps no per-pack state of its own
// beyond what joins packs.
package engine

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"waymark/engine/pack"
	"waymark/engine/route"
)

// ErrNoPacks is returned by Open when no pack path is given.
var ErrNoPacks = errors.New("engine: no region pack given")

// Engine answers queries over a set of opened region packs.
type Engine struct {
	packs []*pack.Pack
	opts  Options
	// cover is where the packs have roads (coverage.go); atlases joins
	// their graphs, per profile (plan.go)
	cover   coverState
	atlases [route.Cycling + 1]atlasState // by profile

	closeOnce sync.Once
	closeErr  error
	closed    atomic.Bool
}

// Options tune OpenWith.
type Options struct {
	// Reach is the distance in meters from the nearest pack's roads
	// beyond which a coordinate lies outside the installed regions
	// (0: DefaultReach, 50 km).
	Reach float64
	// Caches, when not nil, is told of each cache beside a pack that is
	// rebuilt on open (pack.Options.Caches): a pack copied alone shows
	// progress lines (pack.CacheEvent.String) while it rebuilds them.
	Caches func(pack.CacheEvent)
	// AllowDamaged opens packs the quick check finds damaged
	// (pack.Pack.Damage says why) instead of refusing them.
	AllowDamaged bool
}

// Open opens the region packs at paths. It fails if any of them cannot be
// opened, damaged ones included (pack.ErrDamaged).
func Open(paths ...string) (*Engine, error) { return OpenWith(Options{}, paths...) }

// OpenWith is Open with options.
func OpenWith(opts Options, paths ...string) (*Engine, error) {
	if len(paths) == 0 {
		return nil, ErrNoPacks
	}
	e := &Engine{opts: opts}
	for _, p := range paths {
		pk, err := pack.OpenWith(p, pack.Options{Caches: opts.Caches, AllowDamaged: opts.AllowDamaged})
		if err != nil {
			e.Close()
			return nil, err
		}
		e.packs = append(e.packs, pk)
	}
	return e, nil
}

// Packs returns the opened packs in the order given to Open.
func (e *Engine) Packs() []*pack.Pack { return e.packs }

// Close stops the packs' background loads and closes every pack; later
// calls return its first result. Queries still running, or made after it
// (by a background warm-up), fail with an error instead of reading a
// closed pack: the engine keeps its list of packs.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		e.closed.Store(true)
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
