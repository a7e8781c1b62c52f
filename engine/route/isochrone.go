package route

import (
	"context"
	"fmt"
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/route/contour"
)

// Isochrones (Graph.Isochrone): the areas reachable from a point within
// given times (or distances), as polygons with holes.
//
// Design: the hierarchy answers point-to-point queries; an isochrone
// needs every arc within the bound, which a plain Dijkstra over the arcs
// (turn costs, restrictions and exclusions as routes have them) settles
// once each, stopping at the largest bound. An arc whose start is within
// it and whose end is beyond counts in part. The reached roads are drawn
// onto a grid of cells (isoGrid: a contour.Grid) holding the time of the road points in
// them, the roads not reached holding +Inf; a cell without a road takes
// the time of the nearest cell with one, as a point is routed from the
// road nearest to it (Snap), by a chamfer distance transform, up to
// IsochroneAccess (500 m) from it: farther from every road a point is
// outside. Each contour is the boundary of the cells within its bound,
// traced along the cell sides (rings; holes where a lake, a mountain or
// a road not reached lies inside), then denoised and generalized as
// asked. A point is inside its contour when its route from the origin
// is within the bound, but for points within about a cell of the
// boundary (TestIsochroneAgreesWithRoutes: over 99% of the points
// farther than 100 m from it on LI, Monaco and Andorra).

// MaxContours is the most contours an isochrone has (Mapbox's limit).
const MaxContours = 4

// AutoGeneralize as IsochroneOptions.Generalize simplifies the rings by
// one grid cell (Mapbox picks a generalization when none is asked): the
// cells' staircase becomes straight edges and no corner moves by more
// than a cell, which is within the contour's own precision. A 15-minute
// drive from Vaduz (one contour, denoised): 2,229 points with 0, 507
// with a cell.
const AutoGeneralize = -1

// MaxGeneralize bounds IsochroneOptions.Generalize (meters; Mapbox sets
// none, but a tolerance past the largest reach, 100 km, only empties the
// answer).
const MaxGeneralize = 1e6

// IsochroneOptions are what Graph.Isochrone draws.
type IsochroneOptions struct {
	// Limits are the contours' bounds, ascending: seconds, or meters
	// with ByDistance (routes then minimize distance, as
	// contours_meters).
	Limits     []float64
	ByDistance bool
	// Exclude leaves out roads of these classes (RouteOptions.Exclude).
	Exclude Exclude
	// Cell is the grid's cell size in meters (0: from the reach, 20 to
	// 200 m).
	Cell float64
	// Denoise drops a contour's polygons whose outer ring is smaller
	// than this share of its largest one's (0 to 1; 0 keeps them all, 1
	// the largest only), as Mapbox's denoise.
	Denoise float64
	// Generalize is the Douglas-Peucker tolerance of the rings in meters
	// (0: the cells' outline, corners only), as Mapbox's generalize;
	// AutoGeneralize picks it from the grid.
	Generalize float64
}

// Contour is one bound's area: polygons, each its outer ring then its
// holes (rings closed, outer counter-clockwise, holes clockwise).
type Contour struct {
	Limit    float64
	Polygons []orb.Polygon
}

// maxIsoSeconds and maxIsoMeters bound a contour (Mapbox: 60 minutes,
// 100 km).
const (
	maxIsoSeconds = 3600
	maxIsoMeters  = 100000
)

// reachedArc is an arc the search reached: the key (deciseconds or
// decimeters) at its end, and the fraction of it before the origin (a
// seed's start: not reached along this arc).
type reachedArc struct {
	arc  uint32
	end  int64
	from float64
}

// Isochrone returns, for each limit, the area reachable from s within it.
// Errors wrap ErrInvalidValue (no limit, more than MaxContours, not
// ascending, out of range) or CheckExclude's.
func (g *Graph) Isochrone(ctx context.Context, s Snap, opt IsochroneOptions) ([]Contour, error) {
	if err := checkLimits(opt); err != nil {
		return nil, err
	}
	if err := g.CheckExclude(opt.Exclude); err != nil {
		return nil, err
	}
	reached := g.reach(s, opt)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	grid := g.isoGrid(s, reached, opt)
	defer g.release(grid)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	tolerance := opt.Generalize
	if tolerance == AutoGeneralize {
		tolerance = grid.Cell
	}
	out := make([]Contour, len(opt.Limits))
	for i, l := range opt.Limits {
		out[i] = Contour{Limit: l, Polygons: contour.Generalize(contour.Denoise(grid.Polygons(l), opt.Denoise), tolerance)}
	}
	return out, nil
}

func checkLimits(opt IsochroneOptions) error {
	n := len(opt.Limits)
	if n == 0 || n > MaxContours {
		return fmt.Errorf("%w: %d contours, want 1 to %d", ErrInvalidValue, n, MaxContours)
	}
	top := float64(maxIsoSeconds)
	if opt.ByDistance {
		top = maxIsoMeters
	}
	for i, l := range opt.Limits {
		if !(l > 0 && l <= top) {
			return fmt.Errorf("%w: contour %v out of range (0, %v]", ErrInvalidValue, l, top)
		}
		if i > 0 && l <= opt.Limits[i-1] {
			return fmt.Errorf("%w: contours must ascend (%v after %v)", ErrInvalidValue, l, opt.Limits[i-1])
		}
	}
	if !(opt.Cell >= 0 && opt.Cell <= 1000) {
		return fmt.Errorf("%w: cell %v m out of range [0, 1000]", ErrInvalidValue, opt.Cell)
	}
	if !(opt.Denoise >= 0 && opt.Denoise <= 1) {
		return fmt.Errorf("%w: denoise %v out of range [0, 1]", ErrInvalidValue, opt.Denoise)
	}
	if !(opt.Generalize == AutoGeneralize || opt.Generalize >= 0 && opt.Generalize <= MaxGeneralize) {
		return fmt.Errorf("%w: generalize %v m out of range [0, %v]", ErrInvalidValue, opt.Generalize, MaxGeneralize)
	}
	return nil
}

// reach runs the bounded Dijkstra from s: every arc whose start lies
// within the largest limit, with the key at its end.
func (g *Graph) reach(s Snap, opt IsochroneOptions) []reachedArc {
	sc := g.getScratch()
	defer g.putScratch(sc)
	sc.excl = uint8(opt.Exclude)
	bound := int64(math.Ceil(opt.Limits[len(opt.Limits)-1] * 10))
	key := func(a uint32, turn int64) int64 {
		if opt.ByDistance {
			return int64(g.aD[a])
		}
		return turn + int64(g.aW[a])
	}
	var out []reachedArc
	sc.next()
	cur := sc.cur
	from := map[uint32]float64{}
	for _, x := range g.allowedSeeds(g.sourceSeeds(s, nil), sc.excl) {
		k := x.w
		if opt.ByDistance {
			k = x.d
		}
		if sc.f.stamp[x.arc] != cur || k < sc.f.dist[x.arc] {
			sc.f.stamp[x.arc], sc.f.dist[x.arc] = cur, k
			sc.f.h.push(x.arc, k)
			// the seed covers its arc from the snap on
			e, back := arcEdge(g, x.arc)
			f := 0.0
			if l := float64(g.eLen[e]); l > 0 {
				f = s.Offset / l
				if back {
					f = 1 - f
				}
			}
			from[x.arc] = math.Max(0, math.Min(1, f))
		}
	}
	// an arc reached at its start within the bound but ending beyond:
	// counted, not searched on
	partial := map[uint32]int64{}
	for sc.f.h.len() > 0 {
		v, d := sc.f.h.pop()
		out = append(out, reachedArc{arc: v, end: d, from: from[v]})
		delete(partial, v)
		for i := g.tOff[v]; i < g.tOff[v+1]; i++ {
			u := g.tTo[i]
			if sc.excl != 0 && g.arcMask(u)&sc.excl != 0 {
				continue
			}
			turn := int64(g.tW[i])
			if opt.ByDistance {
				turn = 0
			}
			if d+turn > bound {
				continue
			}
			nd := d + key(u, turn)
			if sc.f.stamp[u] == cur && nd >= sc.f.dist[u] {
				continue
			}
			if nd > bound {
				if old, ok := partial[u]; !ok || nd < old {
					partial[u] = nd
				}
				continue
			}
			sc.f.stamp[u], sc.f.dist[u] = cur, nd
			sc.f.h.push(u, nd)
		}
	}
	sc.f.h.reset()
	for a, d := range partial {
		out = append(out, reachedArc{arc: a, end: d})
	}
	return out
}

// arcLen is arc a's key length: its weight, or its distance.
func (g *Graph) arcLen(a uint32, byDist bool) float64 {
	if byDist {
		return float64(g.aD[a])
	}
	return float64(g.aW[a])
}
