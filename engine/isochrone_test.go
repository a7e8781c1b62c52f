package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"

	"waymark/engine"
	"waymark/engine/route"
)

// TestEngineIsochrone: the engine snaps the origin in its pack and draws
// one contour a limit, in order, each holding the snapped origin; bad
// requests are errors of their kind.
func TestEngineIsochrone(t *testing.T) {
	e := liEngine(t)
	vaduz := orb.Point{9.5209, 47.1410}
	res, err := e.Isochrone(context.Background(), engine.IsochroneRequest{Profile: route.Cycling, Coordinate: vaduz,
		Options: route.IsochroneOptions{Limits: []float64{300, 600}, Denoise: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Contours) != 2 || res.Contours[0].Limit != 300 || res.Contours[1].Limit != 600 {
		t.Fatalf("contours %+v", res.Contours)
	}
	if res.Waypoint.Distance > 100 {
		t.Errorf("origin snapped %.0f m away", res.Waypoint.Distance)
	}
	for _, c := range res.Contours {
		if len(c.Polygons) != 1 || !planar.PolygonContains(c.Polygons[0], res.Waypoint.Location) {
			t.Errorf("%v s: %d polygons, the origin not inside the first", c.Limit, len(c.Polygons))
		}
	}
	if a, b := planar.Area(res.Contours[0].Polygons[0]), planar.Area(res.Contours[1].Polygons[0]); a >= b {
		t.Errorf("5 min %.3g deg², not smaller than 10 min %.3g", a, b)
	}
	for _, tc := range []struct {
		name string
		req  engine.IsochroneRequest
		want error
	}{
		{"no limit", engine.IsochroneRequest{Profile: route.Driving, Coordinate: vaduz}, route.ErrInvalidValue},
		{"toll on foot", engine.IsochroneRequest{Profile: route.Walking, Coordinate: vaduz, Options: route.IsochroneOptions{Limits: []float64{60}, Exclude: route.ExcludeToll}}, route.ErrInvalidValue},
		{"outside the regions", engine.IsochroneRequest{Profile: route.Driving, Coordinate: orb.Point{0, 0}, Options: route.IsochroneOptions{Limits: []float64{60}}}, engine.ErrOutsideRegions},
		{"radius too small", engine.IsochroneRequest{Profile: route.Driving, Coordinate: orb.Point{9.5600, 47.1000}, Radius: 1, Options: route.IsochroneOptions{Limits: []float64{60}}}, route.ErrNoSegment},
	} {
		if _, err := e.Isochrone(context.Background(), tc.req); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Isochrone(ctx, engine.IsochroneRequest{Profile: route.Driving, Coordinate: vaduz, Options: route.IsochroneOptions{Limits: []float64{600}}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
