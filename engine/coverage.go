package engine

// Which pack a coordinate belongs to. A pack's bounding box says little:
// an extract cut along a border may carry a stray far-away piece (the LI
// extract holds an area in Alabama, so its box spans the Atlantic and
// holds Monaco and Andorra). So the engine keeps a coverage grid: the
// cells of route.CoverCell degrees (~3.5 × 2.4 km at 47°N) through which a
// road of a pack passes, read from the snapping grids of the pack's
// graphs (a lookup of their keys: no road is read). A coordinate belongs
// to the packs with a road in its cell or one of the eight around it (so
// within ~2.4-7 km of one); a coordinate no pack covers belongs to the
// pack whose roads are nearest, if they lie within the engine's reach
// (Options.Reach, default 50 km), and to none beyond: the answer is then
// NoSegment (ErrOutsideRegions) for routing and "Unable to geocode" for
// reverse. Finding the packs of a coordinate is one map lookup, whatever
// the number of packs, so each pack answers as fast as it does alone.

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/paulmach/orb"

	"waymark/engine/route"
	"waymark/engine/sphere"
)

// DefaultReach is the distance, in meters, from the nearest pack's roads
// beyond which a coordinate lies outside the installed regions.
const DefaultReach = 50e3

// ErrOutsideRegions is returned (wrapped in a SnapError naming the
// coordinate) for a coordinate farther than the engine's reach from every
// pack's roads. It wraps route.ErrNoSegment.
var ErrOutsideRegions = fmt.Errorf("%w: outside the installed regions", route.ErrNoSegment)

// coverage is where the packs have roads, by cell of route.CoverCell.
type coverage struct {
	// near: the packs with a road in the cell or a neighbour; data: in
	// the cell. Pack lists are in pack order.
	near, data map[int64][]int
	// cells: the keys of data by row (rowKey), for nearest's search
	cells []int64
	box   orb.Bound // of every covered cell
	// boxes: the packs without routing graphs (places only), covering
	// their bounding box
	boxes []packBox
}

// packBox is a pack covering its bounding box.
type packBox struct {
	pack int
	box  orb.Bound
}

func coverKey(x, y int32) int64 { return int64(x)<<32 | int64(uint32(y)) }

// rowKey orders cells by row (y), then x (its sign bit flipped, so that
// the low half orders as x does).
func rowKey(x, y int32) int64 { return int64(y)<<32 | int64(uint32(x)^1<<31) }

func coverCellOf(p orb.Point) (int32, int32) {
	return int32(math.Floor(p[0] / route.CoverCell)), int32(math.Floor(p[1] / route.CoverCell))
}

// newCoverage indexes the cells of each pack's graphs (graphs[i]: pack
// i's, nil entries for profiles it lacks); a pack without any covers its
// bounding box (bounds[i]).
func newCoverage(graphs [][]*route.Graph, bounds []orb.Bound) *coverage {
	c := &coverage{near: map[int64][]int{}, data: map[int64][]int{}}
	for i, gs := range graphs {
		if !slices.ContainsFunc(gs, func(g *route.Graph) bool { return g != nil && g.NumEdges() > 0 }) {
			c.boxes = append(c.boxes, packBox{i, bounds[i]})
			continue
		}
		seen := map[int64]bool{}
		for _, g := range gs {
			if g == nil {
				continue
			}
			g.CoverCells(func(x, y int32) {
				k := coverKey(x, y)
				if seen[k] {
					return
				}
				seen[k] = true
				c.data[k] = append(c.data[k], i)
				for dx := int32(-1); dx <= 1; dx++ {
					for dy := int32(-1); dy <= 1; dy++ {
						nk := coverKey(x+dx, y+dy)
						if l := c.near[nk]; len(l) == 0 || l[len(l)-1] != i {
							c.near[nk] = append(l, i)
						}
					}
				}
			})
		}
	}
	first := true
	for k := range c.data {
		x, y := int32(k>>32), int32(uint32(k))
		c.cells = append(c.cells, rowKey(x, y))
		b := orb.Bound{Min: orb.Point{float64(x) * route.CoverCell, float64(y) * route.CoverCell},
			Max: orb.Point{float64(x+1) * route.CoverCell, float64(y+1) * route.CoverCell}}
		if first {
			c.box, first = b, false
		} else {
			c.box = c.box.Union(b)
		}
	}
	slices.Sort(c.cells)
	return c
}

// covering returns the packs with a road within a cell of p (nil for
// none), in pack order.
func (c *coverage) covering(p orb.Point) []int {
	x, y := coverCellOf(p)
	l := c.near[coverKey(x, y)]
	for _, b := range c.boxes {
		if cellBoxDistance(b.box, p) <= route.CoverCell*sphere.MetersPerDegree {
			l = append(slices.Clip(l), b.pack)
			slices.Sort(l)
		}
	}
	return l
}

// ownCellFirst orders packs (covering p) with those that have roads in
// p's own cell first, in pack order otherwise.
func (c *coverage) ownCellFirst(p orb.Point, packs []int) []int {
	x, y := coverCellOf(p)
	own := c.data[coverKey(x, y)]
	out := make([]int, 0, len(packs))
	for _, k := range packs {
		if slices.Contains(own, k) {
			out = append(out, k)
		}
	}
	for _, k := range packs {
		if !slices.Contains(own, k) {
			out = append(out, k)
		}
	}
	return out
}

// packDist is a pack and a lower bound of the distance (meters) from a
// point to its roads.
type packDist struct {
	pack int
	dist float64
}

// nearest returns the packs with a road cell within reach meters of p,
// nearest first, each with the distance to its nearest cell (a lower
// bound of the distance to its roads).
func (c *coverage) nearest(p orb.Point, reach float64) []packDist {
	best := map[int]float64{}
	for _, b := range c.boxes {
		if d := cellBoxDistance(b.box, p); d <= reach {
			best[b.pack] = d
		}
	}
	if len(c.cells) > 0 && cellBoxDistance(c.box, p) <= reach {
		c.ringSearch(p, reach, best)
	}
	out := make([]packDist, 0, len(best))
	for i, d := range best {
		out = append(out, packDist{i, d})
	}
	slices.SortFunc(out, func(a, b packDist) int {
		if a.dist != b.dist {
			return cmpFloat(a.dist, b.dist)
		}
		return a.pack - b.pack
	})
	return out
}

// ringSearch sets best[pack] to the distance from p to the pack's
// nearest road cell, for the cells within reach meters of p.
func (c *coverage) ringSearch(p orb.Point, reach float64, best map[int]float64) {
	x, y := coverCellOf(p)
	// cell sides in meters; longitude cells shrink poleward
	lat := math.Min(89, math.Abs(p[1])+reach/sphere.MetersPerDegree)
	cellX := route.CoverCell * sphere.MetersPerDegree * math.Cos(lat*math.Pi/180)
	rx := int32(math.Min(1<<20, math.Ceil(reach/math.Max(cellX, 1)))) + 1
	ry := int32(math.Ceil(reach/(route.CoverCell*sphere.MetersPerDegree))) + 1
	for dy := -ry; dy <= ry; dy++ {
		row := y + dy
		lo, _ := slices.BinarySearch(c.cells, rowKey(x-rx, row))
		hi := rowKey(x+rx, row)
		for _, rk := range c.cells[lo:] {
			if rk > hi {
				break
			}
			cx, cy := int32(uint32(rk)^1<<31), int32(rk>>32)
			b := orb.Bound{Min: orb.Point{float64(cx) * route.CoverCell, float64(cy) * route.CoverCell},
				Max: orb.Point{float64(cx+1) * route.CoverCell, float64(cy+1) * route.CoverCell}}
			d := cellBoxDistance(b, p)
			if d > reach {
				continue
			}
			for _, i := range c.data[coverKey(cx, cy)] {
				if old, ok := best[i]; !ok || d < old {
					best[i] = d
				}
			}
		}
	}
}

func cmpFloat(a, b float64) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// cellBoxDistance is a lower bound, in meters, of the distance from p to
// the points of b (0 inside): the great-circle distance to the nearest
// point of the box in degrees, a little less near the poles.
func cellBoxDistance(b orb.Bound, p orb.Point) float64 {
	q := orb.Point{math.Max(b.Min[0], math.Min(p[0], b.Max[0])), math.Max(b.Min[1], math.Min(p[1], b.Max[1]))}
	if q == p {
		return 0
	}
	return 0.98 * sphere.Distance(p, q)
}

// coverState builds the engine's coverage once every pack's graphs are
// loaded.
type coverState struct {
	once sync.Once
	c    *coverage
}

// coverage returns the packs' coverage, waiting for their graphs.
func (e *Engine) coverage() *coverage {
	e.cover.once.Do(func() {
		graphs := make([][]*route.Graph, len(e.packs))
		bounds := make([]orb.Bound, len(e.packs))
		for i, pk := range e.packs {
			for _, p := range route.Profiles {
				graphs[i] = append(graphs[i], pk.Graph(p))
			}
			bounds[i] = pk.Info.Bound
		}
		e.cover.c = newCoverage(graphs, bounds)
	})
	return e.cover.c
}

// coverageIfLoaded returns the packs' coverage when every pack's graphs
// are loaded, nil while one is still loading (geocoding does not wait
// for routing graphs).
func (e *Engine) coverageIfLoaded() *coverage {
	for _, pk := range e.packs {
		select {
		case <-pk.graphs.done:
		default:
			return nil
		}
	}
	return e.coverage()
}

// packsOf returns the packs a coordinate belongs to: those covering it,
// else the nearest within the engine's reach (with those whose roads may
// lie as near: within a cell's diagonal of it), else none.
func (e *Engine) packsOf(c *coverage, p orb.Point) []int {
	if l := c.covering(p); l != nil {
		return l
	}
	near := c.nearest(p, e.reach())
	if len(near) == 0 {
		return nil
	}
	diag := 2 * route.CoverCell * sphere.MetersPerDegree
	var out []int
	for _, pd := range near {
		if pd.dist <= near[0].dist+diag {
			out = append(out, pd.pack)
		}
	}
	return out
}

// reach is the engine's reach in meters (Options.Reach).
func (e *Engine) reach() float64 {
	if e.opts.Reach > 0 {
		return e.opts.Reach
	}
	return DefaultReach
}

// outsideError is the error for coordinate i at p, which no pack's roads
// come within reach of.
func (e *Engine) outsideError(i int, p orb.Point) error {
	return &SnapError{Index: i, Err: fmt.Errorf("%w: %.6f,%.6f lies more than %.0f km from every pack's roads",
		ErrOutsideRegions, p[0], p[1], e.reach()/1000)}
}
