package engine

import (
	"context"
	"fmt"

	"github.com/paulmach/orb"

	"waymark/engine/route"
)

// IsochroneRequest asks for the areas reachable from a coordinate.
type IsochroneRequest struct {
	Profile    route.Profile
	Coordinate orb.Point
	// Radius bounds the snap of the coordinate (meters; <= 0: the
	// engine's reach).
	Radius  float64
	Options route.IsochroneOptions
}

// IsochroneResult is the snapped origin and one contour per limit, in
// the order asked.
type IsochroneResult struct {
	Waypoint route.Waypoint
	Contours []route.Contour
}

// Isochrone draws the areas reachable from the coordinate within each of
// the request's limits (route.Graph.Isochrone), in the pack whose roads
// the coordinate snaps to: an isochrone does not cross into another pack.
// Errors wrap route.ErrNoSegment or route.ErrInvalidValue.
func (e *Engine) Isochrone(ctx context.Context, req IsochroneRequest) (*IsochroneResult, error) {
	sr := SnapRequest{Profile: req.Profile, Coordinates: []orb.Point{req.Coordinate}, Exclude: req.Options.Exclude}
	if req.Radius > 0 {
		sr.Radiuses = []float64{req.Radius}
	}
	plan, err := e.Plan(sr)
	if err != nil {
		return nil, err
	}
	if plan.Graph == nil {
		return nil, fmt.Errorf("isochrone: %w", route.ErrNoSegment)
	}
	cs, err := plan.Graph.Isochrone(ctx, plan.Snaps[0], req.Options)
	if err != nil {
		return nil, fmt.Errorf("isochrone: %w", err)
	}
	return &IsochroneResult{Waypoint: plan.WaypointOf(0), Contours: cs}, nil
}
