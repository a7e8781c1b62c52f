package engine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/paulmach/orb"

	"waymark/engine/route"
)

// loadGraphs reads the pack's routing graphs (table graphs, written by the
// regions "roads" stage) and decodes them in parallel. A pack without the
// table (a partial pack) has no graphs; that is not an error.
func loadGraphs(db *sql.DB, buildID string) ([]*route.Graph, error) {
	rows, err := db.Query(`SELECT profile, data FROM graphs`)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return nil, nil
		}
		return nil, fmt.Errorf("read graphs: %w", err)
	}
	type blob struct {
		p    route.Profile
		data []byte
	}
	var blobs []blob
	for rows.Next() {
		var name string
		var data []byte
		if err := rows.Scan(&name, &data); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read graphs: %w", err)
		}
		p, err := route.ParseProfile(name)
		if err != nil {
			continue // a profile this engine does not know
		}
		blobs = append(blobs, blob{p, data})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read graphs: %w", err)
	}
	graphs := make([]*route.Graph, len(route.Profiles))
	errs := make([]error, len(blobs))
	var wg sync.WaitGroup
	for i, b := range blobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, err := route.Decode(b.data)
			if err != nil {
				errs[i] = fmt.Errorf("%s graph: %w", b.p, err)
				return
			}
			if g.Profile() != b.p {
				errs[i] = fmt.Errorf("%s graph holds the %s profile: %w", b.p, g.Profile(), route.ErrGraph)
				return
			}
			g.SetBuildID(buildID)
			graphs[b.p] = g
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return graphs, nil
}

// Graph returns the pack's graph of profile p, or nil.
func (p *Pack) Graph(prof route.Profile) *route.Graph {
	if int(prof) < len(p.Graphs) {
		return p.Graphs[prof]
	}
	return nil
}

// RoutePlan is the pack chosen for a routing request and its coordinates
// snapped on that pack's graph.
type RoutePlan struct {
	Pack  *Pack
	Graph *route.Graph
	Snaps []route.Snap
}

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
}

// Plan chooses the pack for a routing request and snaps the coordinates:
// every pack with a graph of the profile is tried, and the one whose snaps
// are nearest in total wins (packs where a coordinate does not snap are
// skipped). Hints from the chosen pack's build skip snapping. It returns
// route.ErrNoSegment (wrapped, naming the coordinate) when no pack snaps
// them all.
func (e *Engine) Plan(req SnapRequest) (*RoutePlan, error) {
	var best *RoutePlan
	bestCost := math.Inf(1)
	var firstErr error
	for _, pk := range e.packs {
		g := pk.Graph(req.Profile)
		if g == nil {
			continue
		}
		snaps := make([]route.Snap, len(req.Coordinates))
		cost := 0.0
		var err error
		for i, c := range req.Coordinates {
			if i < len(req.Hints) && req.Hints[i] != "" {
				if s, ok := g.FromHint(req.Hints[i], c); ok {
					snaps[i] = s
					continue
				}
			}
			opt := route.SnapOptions{AnyComponent: req.AnyComponent}
			if i < len(req.Bearings) {
				opt.Bearing = req.Bearings[i]
			}
			if i < len(req.Radiuses) {
				opt.Radius = req.Radiuses[i]
			}
			s, serr := g.Snap(c, opt)
			if serr != nil {
				err = &SnapError{Index: i, Err: serr}
				break
			}
			snaps[i] = s[0]
			cost += s[0].Distance
			if i < len(req.Curb) && req.Curb[i] {
				snaps[i] = g.Curb(snaps[i])
			}
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if cost < bestCost {
			best, bestCost = &RoutePlan{Pack: pk, Graph: g, Snaps: snaps}, cost
		}
	}
	if best == nil {
		if firstErr == nil {
			firstErr = fmt.Errorf("no pack has a %s graph: %w", req.Profile, route.ErrNoSegment)
		}
		return nil, firstErr
	}
	return best, nil
}

// SnapError tells which coordinate could not be snapped; it wraps
// route.ErrNoSegment.
type SnapError struct {
	Index int
	Err   error
}

func (e *SnapError) Error() string { return fmt.Sprintf("coordinate %d: %v", e.Index, e.Err) }
func (e *SnapError) Unwrap() error { return e.Err }

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
	routes, err := plan.Graph.Route(ctx, plan.Snaps, req.Options)
	if err != nil {
		return nil, err
	}
	res := &DirectionsResult{Routes: routes}
	for _, s := range plan.Snaps {
		res.Waypoints = append(res.Waypoints, plan.Graph.WaypointOf(s))
	}
	return res, nil
}

// TableRequest is a matrix query; Sources and Destinations index
// Coordinates (nil: all).
type TableRequest struct {
	SnapRequest
	Sources, Destinations []int
	Distances             bool
}

// TableResult is a matrix answer: the table (NaN for no route) and the
// snapped sources and destinations.
type TableResult struct {
	route.Table
	Sources, Destinations []route.Waypoint
	// SourceSnaps and DestinationSnaps are the snapped points (for fallbacks).
	SourceSnaps, DestinationSnaps []route.Snap
}

// Table computes durations (and distances) between sources and
// destinations with a many-to-many search.
func (e *Engine) Table(ctx context.Context, req TableRequest) (*TableResult, error) {
	plan, err := e.Plan(req.SnapRequest)
	if err != nil {
		return nil, err
	}
	idx := func(list []int) ([]route.Snap, []route.Waypoint, error) {
		if list == nil {
			list = make([]int, len(plan.Snaps))
			for i := range list {
				list[i] = i
			}
		}
		snaps := make([]route.Snap, len(list))
		wps := make([]route.Waypoint, len(list))
		for k, i := range list {
			if i < 0 || i >= len(plan.Snaps) {
				return nil, nil, fmt.Errorf("%w: index %d out of range", route.ErrInvalidValue, i)
			}
			snaps[k] = plan.Snaps[i]
			wps[k] = plan.Graph.WaypointOf(plan.Snaps[i])
		}
		return snaps, wps, nil
	}
	src, srcW, err := idx(req.Sources)
	if err != nil {
		return nil, err
	}
	dst, dstW, err := idx(req.Destinations)
	if err != nil {
		return nil, err
	}
	t, err := plan.Graph.Table(ctx, src, dst, route.TableOptions{Distances: req.Distances})
	if err != nil {
		return nil, err
	}
	return &TableResult{Table: *t, Sources: srcW, Destinations: dstW, SourceSnaps: src, DestinationSnaps: dst}, nil
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
}

// Nearest returns up to Number road positions nearest to the coordinate
// (nearest first), from the pack whose nearest one is closest; each
// waypoint carries the OSM ids of its segment's end nodes.
func (e *Engine) Nearest(ctx context.Context, req NearestRequest) ([]route.Waypoint, error) {
	var best []route.Snap
	var bestG *route.Graph
	for _, pk := range e.packs {
		g := pk.Graph(req.Profile)
		if g == nil {
			continue
		}
		s, err := g.Snap(req.Coordinate, route.SnapOptions{Radius: req.Radius, Bearing: req.Bearing, Number: req.Number, AnyComponent: true})
		if h, ok := g.FromHint(req.Hint, req.Coordinate); req.Hint != "" && ok {
			rest := s[:0:0]
			for _, x := range s {
				if x.Edge != h.Edge {
					rest = append(rest, x)
				}
			}
			s, err = append([]route.Snap{h}, rest...), nil
			if req.Number > 0 && len(s) > req.Number {
				s = s[:req.Number]
			}
			best, bestG = s, g
			break
		}
		if err != nil {
			continue
		}
		if best == nil || s[0].Distance < best[0].Distance {
			best, bestG = s, g
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
