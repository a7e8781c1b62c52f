package engine

import (
	"context"

	"fmt"
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/route"
)

// SnapRequest is what routing services give to Plan: coordinates with
// optional per-coordinate bearings, radiuses and hints.
type SnapRequest struct {
	Profile     route.Profile
	Coordinates []orb.Point
	// Bearings, Radiuses and Hints are nil or one entry per coordinate; a
	// nil bearing means none, a radius <= 0 unlimited, an empty hint none.
	Bearings []*route.Bearing
	Radiuses []float64
	Hints    []string
	// Curb (OSRM approaches=curb), per coordinate: arrive and leave with
	// the point on the right-hand side (where the road allows both ways).
	Curb []bool
	// AnyComponent snaps to the nearest road even in a tiny component
	// (OSRM snapping=any).
	AnyComponent bool
	// Exclude: no coordinate snaps onto, and no route or table cell
	// uses, a road of these classes (OSRM's exclude=; route.Exclude).
	// A class the profile cannot exclude is route.ErrInvalidValue;
	// across packs route.ErrExcludeAcross.
	Exclude route.Exclude
}

// DirectionsRequest is a directions query.
type DirectionsRequest struct {
	SnapRequest
	Options route.RouteOptions
}

// DirectionsResult holds the routes (best first, then alternatives) and the
// input waypoints.
type DirectionsResult struct {
	Routes    []route.Route
	Waypoints []route.Waypoint
}

// Directions computes the fastest route through the coordinates in order
// (and alternatives when asked). Errors wrap route.ErrNoSegment,
// route.ErrNoRoute or route.ErrInvalidValue.
func (e *Engine) Directions(ctx context.Context, req DirectionsRequest) (*DirectionsResult, error) {
	if len(req.Coordinates) < 2 {
		return nil, fmt.Errorf("%w: at least two coordinates needed", route.ErrInvalidValue)
	}
	plan, err := e.Plan(req.SnapRequest)
	if err != nil {
		return nil, err
	}
	req.Options.Exclude |= req.Exclude
	var routes []route.Route
	if plan.Single() {
		routes, err = plan.Graph.Route(ctx, plan.Snaps, req.Options)
	} else if err = plan.checkLegs(); err == nil {
		routes, err = plan.Atlas.Route(ctx, plan.Stops, req.Options)
	}
	if err != nil {
		return nil, err
	}
	res := &DirectionsResult{Routes: routes}
	for i := range plan.Stops {
		res.Waypoints = append(res.Waypoints, plan.WaypointOf(i))
	}
	return res, nil
}

// TableRequest is a matrix query; Sources and Destinations index
// Coordinates (nil: all).
type TableRequest struct {
	SnapRequest
	Sources, Destinations []int
	Distances             bool
	// FallbackSpeed (m/s; 0: none) fills the cells without a route, as
	// OSRM's fallback_speed: the great-circle distance between the input
	// coordinates (the snapped ones with FallbackSnapped) as distance, and
	// that distance / FallbackSpeed as duration; TableResult.Fallback lists
	// those cells.
	FallbackSpeed   float64
	FallbackSnapped bool
	// Scale multiplies the routed durations (OSRM's scale_factor; 0: 1).
	Scale float64
}

// TableResult is a matrix answer: the table (NaN for no route) and the
// snapped sources and destinations.
type TableResult struct {
	route.Table
	Sources, Destinations []route.Waypoint
	// SourceSnaps and DestinationSnaps are the snapped points.
	SourceSnaps, DestinationSnaps []route.Snap
	// Fallback lists the [source, destination] cells filled by
	// TableRequest.FallbackSpeed.
	Fallback [][2]int
}

// Table computes durations (and distances) between sources and
// destinations with a many-to-many search.
func (e *Engine) Table(ctx context.Context, req TableRequest) (*TableResult, error) {
	plan, err := e.Plan(req.SnapRequest)
	if err != nil {
		return nil, err
	}
	idx := func(list []int) ([]route.Stop, []route.Waypoint, error) {
		if list == nil {
			list = make([]int, len(plan.Stops))
			for i := range list {
				list[i] = i
			}
		}
		stops := make([]route.Stop, len(list))
		wps := make([]route.Waypoint, len(list))
		for k, i := range list {
			if i < 0 || i >= len(plan.Stops) {
				return nil, nil, fmt.Errorf("%w: index %d out of range", route.ErrInvalidValue, i)
			}
			stops[k] = plan.Stops[i]
			wps[k] = plan.WaypointOf(i)
		}
		return stops, wps, nil
	}
	src, srcW, err := idx(req.Sources)
	if err != nil {
		return nil, err
	}
	dst, dstW, err := idx(req.Destinations)
	if err != nil {
		return nil, err
	}
	var t *route.Table
	opt := route.TableOptions{Distances: req.Distances, Exclude: req.Exclude}
	if plan.Single() {
		t, err = plan.Graph.Table(ctx, stopSnaps(src), stopSnaps(dst), opt)
	} else {
		t, err = plan.Atlas.Table(ctx, src, dst, opt)
	}
	if err != nil {
		return nil, err
	}
	res := &TableResult{Table: *t, Sources: srcW, Destinations: dstW, SourceSnaps: stopSnaps(src), DestinationSnaps: stopSnaps(dst)}
	res.fill(req)
	return res, nil
}

// stopSnaps returns the snaps of stops.
func stopSnaps(stops []route.Stop) []route.Snap {
	out := make([]route.Snap, len(stops))
	for i, s := range stops {
		out[i] = s.Snap
	}
	return out
}

// fill applies the request's scale and fallback to the table.
func (res *TableResult) fill(req TableRequest) {
	loc := func(s route.Snap) orb.Point {
		if req.FallbackSnapped {
			return s.Location
		}
		return s.Input
	}
	for i, row := range res.Durations {
		for j, v := range row {
			switch {
			case !math.IsNaN(v):
				if req.Scale > 0 {
					row[j] = v * req.Scale
				}
			case req.FallbackSpeed > 0:
				d := route.GreatCircle(loc(res.SourceSnaps[i]), loc(res.DestinationSnaps[j]))
				row[j] = d / req.FallbackSpeed
				if res.Distances != nil {
					res.Distances[i][j] = d
				}
				res.Fallback = append(res.Fallback, [2]int{i, j})
			}
		}
	}
}

// NearestRequest is a nearest query for one coordinate.
type NearestRequest struct {
	Profile    route.Profile
	Coordinate orb.Point
	Bearing    *route.Bearing
	Radius     float64 // meters; <= 0 unlimited
	Number     int     // 1..100
	// Hint from an earlier response: when it belongs to a pack's build it
	// is the first result (no snapping), as routing services use hints.
	Hint string
	// Exclude: no result lies on a road of these classes (route.Exclude).
	Exclude route.Exclude
}

// Nearest returns up to Number road positions nearest to the coordinate
// (nearest first), from the packs covering it (coverage.go): the one whose
// nearest position is closest (ties: the pack opened first); each waypoint
// carries the OSM ids of its segment's end nodes. A hint of a pack's
// build makes that pack answer, with the hinted position first. A
// coordinate beyond the engine's reach of every pack's roads is
// ErrOutsideRegions.
func (e *Engine) Nearest(ctx context.Context, req NearestRequest) ([]route.Waypoint, error) {
	var best []route.Snap
	var bestG *route.Graph
	if err := checkExclude(req.Profile, req.Exclude); err != nil {
		return nil, err
	}
	opt := route.SnapOptions{Radius: req.Radius, Bearing: req.Bearing, Number: req.Number, AnyComponent: true, Exclude: req.Exclude}
	if req.Hint != "" {
		if h, ok := e.fromHint(req.Profile, req.Hint, req.Coordinate); ok {
			g := e.packs[h.Graph].Graph(req.Profile)
			s, _ := g.Snap(req.Coordinate, opt)
			rest := s[:0:0]
			for _, x := range s {
				if x.Edge != h.Snap.Edge {
					rest = append(rest, x)
				}
			}
			best, bestG = append([]route.Snap{h.Snap}, rest...), g
			if req.Number > 0 && len(best) > req.Number {
				best = best[:req.Number]
			}
		}
	}
	if best == nil {
		packs := e.packsOf(e.coverage(), req.Coordinate)
		if len(packs) == 0 {
			return nil, e.outsideError(0, req.Coordinate)
		}
		if opt.Radius <= 0 || opt.Radius > e.reach() {
			opt.Radius = e.reach()
		}
		for _, k := range packs {
			g := e.packs[k].Graph(req.Profile)
			if g == nil {
				continue
			}
			s, err := g.Snap(req.Coordinate, opt)
			if err != nil {
				continue
			}
			if best == nil || s[0].Distance < best[0].Distance {
				best, bestG = s, g
			}
		}
	}
	if best == nil {
		return nil, fmt.Errorf("%w: no road within reach of %.6f,%.6f", route.ErrNoSegment, req.Coordinate[0], req.Coordinate[1])
	}
	out := make([]route.Waypoint, len(best))
	for i, s := range best {
		out[i] = bestG.WaypointOf(s)
		out[i].Nodes = bestG.SegmentNodes(s)
	}
	return out, nil
}
