package tourmodel

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math"
	"runtime/debug"
	"sort"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/route"
)

// Errors of a Result without routes.
var (
	// ErrNoRegion: no region pack is open.
	ErrNoRegion = errors.New("tourmodel: no region is open")
	// ErrStops: some stops cannot be routed (Result.Problems says which
	// and why).
	ErrStops = errors.New("tourmodel: stops cannot be routed")
)

// Reasons a stop cannot be routed, shown on its row.
const (
	ReasonOutside     = "outside the installed regions"
	ReasonNoRoad      = "no road within 3 km"
	ReasonUnconnected = "no road connects it with the other stops"
)

// SnapRadius is how far, in meters, a stop may lie from the nearest road
// of its profile; farther stops are marked rather than routed from a road
// they have nothing to do with.
const SnapRadius = 3000

// coverMargin widens a pack's home area (its main cluster of data), in
// degrees (about 2 km), when telling a stop outside the regions from one
// too far from their roads.
const coverMargin = 0.02

// Problem is a stop that cannot be routed, with the reason.
type Problem struct {
	Stop   int // index in Tour.Stops
	Reason string
}

// Request is what Route needs: a revision of the tour and the tour.
type Request struct {
	Revision uint64
	Tour     Tour
}

// Request returns the route request of the current tour.
func (m *Model) Request() Request { return Request{Revision: m.rev, Tour: m.tour.Clone()} }

// Result is the route of one revision of a tour.
type Result struct {
	Revision uint64
	// Routes are the main route then the alternatives; nil without route.
	Routes []route.Route
	// Problems lists the stops that cannot be routed, by stop index.
	Problems []Problem
	// Avoided, when set, is the first leg the tour's exclusion leaves
	// without a route though a route exists using the avoided roads (Err
	// wraps route.ErrNoRoute).
	Avoided *Avoided
	// Err says why there is no route (wraps ErrNoRegion, ErrStops,
	// route.ErrNoRoute, ...); nil when Routes is set or the tour has fewer
	// than two stops.
	Err error
}

// Avoided is a leg of a tour that has a route only over roads the tour
// avoids.
type Avoided struct {
	From, To int           // stop indices (To is 0 closing a round trip)
	Avoids   route.Exclude // what the tour avoids
}

// Routed reports whether r holds a route.
func (r Result) Routed() bool { return len(r.Routes) > 0 }

// Problem returns the reason stop i cannot be routed ("" when it can).
func (r Result) Problem(i int) string {
	for _, p := range r.Problems {
		if p.Stop == i {
			return p.Reason
		}
	}
	return ""
}

// Route computes the route of req's tour through eng (nil: no region open)
// with opts. It never routes from a road a stop has nothing to do with:
// each stop must lie within SnapRadius of a road of the profile (else it
// is outside the installed regions, or too far from their roads), and the
// stops must be connected; the others are reported in Problems and the
// result has no route (and so no totals). A panic of the engine becomes an
// error.
func Route(ctx context.Context, eng *engine.Engine, req Request, opts route.RouteOptions) (res Result) {
	res.Revision = req.Revision
	defer func() {
		if v := recover(); v != nil {
			log.Printf("tourmodel: internal error: %v\n%s", v, debug.Stack())
			res.Routes, res.Err = nil, fmt.Errorf("internal error: %v", v)
		}
	}()
	t := req.Tour
	if len(t.Stops) == 0 {
		return res
	}
	if eng == nil || len(eng.Packs()) == 0 {
		for i := range t.Stops {
			res.Problems = append(res.Problems, Problem{Stop: i, Reason: ReasonOutside})
		}
		res.Err = ErrNoRegion
		return res
	}
	var homes []orb.Bound
	for _, pk := range eng.Packs() {
		homes = append(homes, pk.Info.Home.Pad(coverMargin))
	}
	for i, s := range t.Stops {
		_, err := eng.Nearest(ctx, engine.NearestRequest{Profile: t.Profile, Coordinate: s.Point, Radius: SnapRadius, Number: 1, Exclude: t.Avoids()})
		switch {
		case err == nil:
		case !covered(homes, s.Point):
			res.Problems = append(res.Problems, Problem{Stop: i, Reason: ReasonOutside})
		default:
			res.Problems = append(res.Problems, Problem{Stop: i, Reason: ReasonNoRoad})
		}
	}
	if len(res.Problems) > 0 {
		res.Err = fmt.Errorf("%w: %d of %d stops", ErrStops, len(res.Problems), len(t.Stops))
		return res
	}
	if len(t.Stops) < 2 {
		return res
	}
	pts := t.Coordinates()
	radii := make([]float64, len(pts))
	for i := range radii {
		radii[i] = SnapRadius
	}
	dr, err := eng.Directions(ctx, engine.DirectionsRequest{
		SnapRequest: engine.SnapRequest{Profile: t.Profile, Coordinates: pts, Radiuses: radii, Exclude: t.Avoids()},
		Options:     opts,
	})
	var snapErr *engine.SnapError
	switch {
	case err == nil:
		res.Routes = dr.Routes
	case errors.As(err, &snapErr):
		res.Problems = []Problem{{Stop: snapErr.Index % len(t.Stops), Reason: ReasonNoRoad}}
		res.Err = fmt.Errorf("%w: %v", ErrStops, err)
	case errors.Is(err, route.ErrNoRoute):
		if res.Avoided = avoided(ctx, eng, t, radii[:len(t.Stops)]); res.Avoided != nil {
			res.Err = fmt.Errorf("%w avoiding %s between stops %d and %d", err, t.Avoids(), res.Avoided.From+1, res.Avoided.To+1)
			return res
		}
		res.Problems = unconnected(ctx, eng, t, radii[:len(t.Stops)])
		res.Err = err
		if len(res.Problems) > 0 {
			res.Err = fmt.Errorf("%w: %w", ErrStops, err)
		}
	default:
		res.Err = err
	}
	return res
}

// avoided finds the first leg of t that has no route avoiding t.Avoids()
// though it has one using those roads; nil when t avoids nothing, every
// leg has a route, or a leg has none even using them (unconnected says
// which stops then).
func avoided(ctx context.Context, eng *engine.Engine, t Tour, radii []float64) *Avoided {
	x := t.Avoids()
	if x == 0 {
		return nil
	}
	pts := make([]orb.Point, len(t.Stops))
	for i, s := range t.Stops {
		pts[i] = s.Point
	}
	table := func(x route.Exclude) *engine.TableResult {
		tab, err := eng.Table(ctx, engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: t.Profile, Coordinates: pts, Radiuses: radii, Exclude: x}})
		if err != nil {
			return nil
		}
		return tab
	}
	with, without := table(x), table(0)
	if with == nil || without == nil {
		return nil
	}
	n := len(pts)
	legs := n - 1
	if t.Roundtrip && n >= 2 {
		legs = n
	}
	for i := 0; i < legs; i++ {
		j := (i + 1) % n
		if !reached(with.Durations[i][j]) {
			if !reached(without.Durations[i][j]) {
				return nil
			}
			return &Avoided{From: i, To: j, Avoids: x}
		}
	}
	return nil
}

// reached reports whether a table cell holds a route.
func reached(d float64) bool { return !math.IsNaN(d) && !math.IsInf(d, 0) }

func covered(bounds []orb.Bound, p orb.Point) bool {
	for _, b := range bounds {
		if b.Contains(p) {
			return true
		}
	}
	return false
}

// unconnected finds the stops that no road joins with the largest group of
// stops that reach each other both ways (ties: the group of the earliest
// stop). It returns nil when the table cannot be computed.
func unconnected(ctx context.Context, eng *engine.Engine, t Tour, radii []float64) []Problem {
	pts := make([]orb.Point, len(t.Stops))
	for i, s := range t.Stops {
		pts[i] = s.Point
	}
	tab, err := eng.Table(ctx, engine.TableRequest{SnapRequest: engine.SnapRequest{Profile: t.Profile, Coordinates: pts, Radiuses: radii, Exclude: t.Avoids()}})
	if err != nil {
		return nil
	}
	n := len(pts)
	ok := func(i, j int) bool { return i == j || reached(tab.Durations[i][j]) }
	anchor, best := 0, -1
	for i := 0; i < n; i++ {
		c := 0
		for j := 0; j < n; j++ {
			if ok(i, j) && ok(j, i) {
				c++
			}
		}
		if c > best {
			anchor, best = i, c
		}
	}
	var out []Problem
	for j := 0; j < n; j++ {
		if !(ok(anchor, j) && ok(j, anchor)) {
			out = append(out, Problem{Stop: j, Reason: ReasonUnconnected})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Stop < out[b].Stop })
	return out
}

// Fit returns the area to show for the tour: its stops and the points of
// line, the route shown (ok false for a tour without stops).
func Fit(t Tour, line orb.LineString) (b orb.Bound, ok bool) {
	b, ok = t.Bound()
	if !ok {
		return b, false
	}
	for _, p := range line {
		b = b.Extend(p)
	}
	return b, true
}
