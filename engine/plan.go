package engine

// Choosing the packs of a routing request (Plan): each coordinate is
// snapped in the packs that cover it (coverage.go), usually one; where
// several cover it (where extracts overlap or meet) it goes to the one
// whose roads are nearest, and among equally near ones (a road both
// hold) to one that also holds the other coordinates. The densest pack
// about the point is snapped first; another only where a road of its own
// may lie nearer (route.Atlas.MayReachOwn): a pack's roads beyond its
// extract's edge are its neighbour's too. When one pack
// holds them all, the request is that pack's, as if it were open alone;
// otherwise the plan's stops lie in several packs and the pack's Atlas
// (route.Atlas) routes across the joins between them.

import (
	"fmt"
	"math"
	"sync"

	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/engine/route"
)

// RoutePlan is the packs chosen for a routing request and its coordinates
// snapped there.
type RoutePlan struct {
	// Pack and Graph hold every coordinate when one pack does (nil
	// otherwise); Snaps are the coordinates snapped on Graph.
	Pack  *pack.Pack
	Graph *route.Graph
	Snaps []route.Snap
	// Stops are the coordinates snapped, each with its pack's index
	// (Engine.Packs) as its graph; Atlas joins the packs' graphs of the
	// profile (it is set when the stops lie in several packs).
	Stops []route.Stop
	Atlas *route.Atlas
	// names of the packs, for DisjointError
	names []string
}

// Single reports whether one pack holds every coordinate.
func (p *RoutePlan) Single() bool { return p.Graph != nil }

// WaypointOf returns the waypoint of stop i.
func (p *RoutePlan) WaypointOf(i int) route.Waypoint {
	if p.Graph != nil {
		return p.Graph.WaypointOf(p.Snaps[i])
	}
	return p.Atlas.Graph(p.Stops[i].Graph).WaypointOf(p.Stops[i].Snap)
}

// checkLegs returns a DisjointError for the first pair of consecutive
// stops whose packs are not joined, nil when every leg may be routed.
func (p *RoutePlan) checkLegs() error {
	if p.Graph != nil {
		return nil
	}
	for i := 0; i+1 < len(p.Stops); i++ {
		a, b := p.Stops[i].Graph, p.Stops[i+1].Graph
		if !p.Atlas.Connected(a, b) {
			return &DisjointError{From: p.names[a], To: p.names[b], FromIndex: i, ToIndex: i + 1}
		}
	}
	return nil
}

// DisjointError is the answer to a route between coordinates in packs
// that are not joined (their extracts share no road): no road leads from
// one region to the other in the installed data. It wraps
// route.ErrNoRoute.
type DisjointError struct {
	From, To           string // the regions' names
	FromIndex, ToIndex int    // the coordinates
}

func (e *DisjointError) Error() string {
	return fmt.Sprintf("No route from %s (coordinate %d) to %s (coordinate %d): the installed regions are not connected",
		e.From, e.FromIndex, e.To, e.ToIndex)
}

func (e *DisjointError) Unwrap() error { return route.ErrNoRoute }

// atlasState builds a profile's Atlas once.
type atlasState struct {
	once sync.Once
	at   *route.Atlas
}

// atlas returns the Atlas of the packs' graphs of prof, built on first
// use (it waits for the graphs).
func (e *Engine) atlas(prof route.Profile) *route.Atlas {
	st := &e.atlases[prof]
	st.once.Do(func() {
		graphs := make([]*route.Graph, len(e.packs))
		for i, pk := range e.packs {
			graphs[i] = pk.Graph(prof)
		}
		st.at = route.NewAtlas(graphs)
	})
	return st.at
}

// WarmRouting builds what routing across packs needs before the first
// request does (the coverage grid and the joins of both profiles); it
// waits for the packs' graphs.
func (e *Engine) WarmRouting() {
	e.coverage()
	if len(e.packs) > 1 {
		for _, p := range route.Profiles {
			e.atlas(p)
		}
	}
}

// packNames returns the region name of every pack.
func (e *Engine) packNames() []string {
	names := make([]string, len(e.packs))
	for i, pk := range e.packs {
		names[i] = pk.Info.Name
		if names[i] == "" {
			names[i] = pk.Path
		}
	}
	return names
}

// sameSpot is how much nearer, in meters, one pack's snap must be than
// another's to win: snaps on a road both hold lie at the same distance.
const sameSpot = 0.01

// Plan chooses the packs of a routing request and snaps the coordinates
// (see the file comment). A hint of a pack's build snaps its coordinate
// in that pack without searching. It returns a SnapError wrapping
// ErrOutsideRegions for a coordinate beyond the engine's reach of every
// pack's roads, and one wrapping route.ErrNoSegment for a coordinate no
// covering pack can snap (within its radius, with its bearing).
func (e *Engine) Plan(req SnapRequest) (*RoutePlan, error) {
	if err := checkExclude(req.Profile, req.Exclude); err != nil {
		return nil, err
	}
	cov := e.coverage()
	n := len(req.Coordinates)
	type cand struct {
		pack int
		snap route.Snap
	}
	near := make([][]cand, n) // per coordinate: the packs whose snap is nearest
	for i, pt := range req.Coordinates {
		if i < len(req.Hints) && req.Hints[i] != "" {
			if c, ok := e.fromHint(req.Profile, req.Hints[i], pt); ok {
				near[i] = []cand{{c.Graph, c.Snap}}
				continue
			}
		}
		packs := e.packsOf(cov, pt)
		if len(packs) == 0 {
			return nil, e.outsideError(i, pt)
		}
		var at *route.Atlas
		if len(packs) > 1 {
			if cov.covering(pt) != nil { // else nearest first already
				packs = cov.densestFirst(pt, packs)
			}
			at = e.atlas(req.Profile)
		}
		best := math.Inf(1)
		var firstErr error
		for _, k := range packs {
			g := e.packs[k].Graph(req.Profile)
			// after the first, a pack is snapped in only where a road of
			// its own, not one the packs share, may lie nearer
			if g == nil || best < math.Inf(1) && (cov.nearBound(pt, k) > best+sameSpot || !at.MayReachOwn(k, pt, best+sameSpot)) {
				continue
			}
			// a pack's snap counts only as near as the best so far: the
			// search ends there (a pack with few roads about the point
			// would search far)
			s, err := snapOne(g, req, i, math.Min(e.reach(), best+sameSpot))
			if err != nil {
				if firstErr == nil && math.IsInf(best, 1) {
					firstErr = &SnapError{Index: i, Err: err}
				}
				continue
			}
			switch {
			case s.Distance < best-sameSpot:
				best = s.Distance
				near[i] = append(near[i][:0], cand{k, s})
			case s.Distance <= best+sameSpot:
				near[i] = append(near[i], cand{k, s})
			}
		}
		if len(near[i]) == 0 {
			if firstErr == nil {
				firstErr = e.noGraph(req.Profile)
			}
			return nil, firstErr
		}
	}
	// one pack holding every coordinate: the first in pack order
	count := map[int]int{}
	for _, cs := range near {
		for _, c := range cs {
			count[c.pack]++
		}
	}
	one := -1
	for k, m := range count {
		if m == n && (one < 0 || k < one) {
			one = k
		}
	}
	plan := &RoutePlan{Stops: make([]route.Stop, n)}
	if one >= 0 {
		plan.Pack, plan.Graph = e.packs[one], e.packs[one].Graph(req.Profile)
		plan.Snaps = make([]route.Snap, n)
		for i, cs := range near {
			for _, c := range cs {
				if c.pack == one {
					plan.Snaps[i] = c.snap
					plan.Stops[i] = route.Stop{Graph: one, Snap: c.snap}
				}
			}
		}
		return plan, nil
	}
	// several packs: each coordinate in the pack most coordinates share
	for i, cs := range near {
		pick := cs[0]
		for _, c := range cs[1:] {
			if count[c.pack] > count[pick.pack] {
				pick = c
			}
		}
		plan.Stops[i] = route.Stop{Graph: pick.pack, Snap: pick.snap}
	}
	plan.Atlas = e.atlas(req.Profile)
	plan.names = e.packNames()
	return plan, nil
}

// fromHint returns the snap of a hint of one of the packs' builds.
func (e *Engine) fromHint(prof route.Profile, hint string, pt orb.Point) (route.Stop, bool) {
	for k, pk := range e.packs {
		g := pk.Graph(prof)
		if g == nil {
			continue
		}
		if s, ok := g.FromHint(hint, pt); ok {
			return route.Stop{Graph: k, Snap: s}, true
		}
	}
	return route.Stop{}, false
}

// checkExclude refuses classes profile p cannot exclude (OSRM's "Exclude
// flag combination is not supported"), before anything is snapped.
func checkExclude(p route.Profile, x route.Exclude) error {
	if bad := x &^ p.Excludable(); bad != 0 {
		return fmt.Errorf("%w: exclude=%s: %s routes cannot exclude %s", route.ErrInvalidValue, x, p, bad)
	}
	return nil
}

// snapOne snaps coordinate i of req on g, within the radius asked and the
// engine's reach (a curb snap keeps its own side of its own road).
func snapOne(g *route.Graph, req SnapRequest, i int, reach float64) (route.Snap, error) {
	c := req.Coordinates[i]
	// ties: a coordinate on a node shared by several ways may start or
	// end on any of them (OSRM's phantom node candidates)
	curb := i < len(req.Curb) && req.Curb[i]
	opt := route.SnapOptions{AnyComponent: req.AnyComponent, Ties: !curb, Radius: reach, Exclude: req.Exclude}
	if i < len(req.Bearings) {
		opt.Bearing = req.Bearings[i]
	}
	if i < len(req.Radiuses) && req.Radiuses[i] > 0 {
		opt.Radius = math.Min(req.Radiuses[i], reach)
	}
	s, err := g.Snap(c, opt)
	if err != nil {
		return route.Snap{}, err
	}
	if curb {
		return g.Curb(s[0]), nil
	}
	return s[0], nil
}

// noGraph is the error when no pack has a graph of prof: the load error of
// a pack whose graphs are damaged, else route.ErrNoSegment.
func (e *Engine) noGraph(prof route.Profile) error {
	for _, pk := range e.packs {
		if err := pk.WaitGraphs(); err != nil {
			return err
		}
	}
	return fmt.Errorf("no pack has a %s graph: %w", prof, route.ErrNoSegment)
}

// SnapError tells which coordinate could not be snapped; it wraps
// route.ErrNoSegment.
type SnapError struct {
	Index int
	Err   error
}

func (e *SnapError) Error() string { return fmt.Sprintf("coordinate %d: %v", e.Index, e.Err) }
func (e *SnapError) Unwrap() error { return e.Err }
