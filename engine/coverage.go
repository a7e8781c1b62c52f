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
	// the cell; fine: per pack of data, the fine cells of its snapping
	// grids in the cell (how much of it its roads cover). Pack lists are
	// in pack order.
	near, data map[int64][]int
	fine       map[int64][]uint16
	box        orb.Bound // of every covered cell
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

func coverCellOf(p orb.Point) (int32, int32) {
	return int32(math.Floor(p[0] / route.CoverCell)), int32(math.Floor(p[1] / route.CoverCell))
}

// newCoverage indexes the cells of each pack's graphs (graphs[i]: pack
// i's, nil entries for profiles it lacks); a pack without any covers its
// bounding box (bounds[i]).
func newCoverage(graphs [][]*route.Graph, bounds []orb.Bound) *coverage {
	c := &coverage{near: map[int64][]int{}, data: map[int64][]int{}, fine: map[int64][]uint16{}}
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
					f := c.fine[k]
					f[len(f)-1] = min(f[len(f)-1]+1, math.MaxUint16)
					return
				}
				seen[k] = true
				c.data[k] = append(c.data[k], i)
				c.fine[k] = append(c.fine[k], 1)
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
		b := orb.Bound{Min: orb.Point{float64(x) * route.CoverCell, float64(y) * route.CoverCell},
			Max: orb.Point{float64(x+1) * route.CoverCell, float64(y+1) * route.CoverCell}}
		if first {
			c.box, first = b, false
		} else {
			c.box = c.box.Union(b)
		}
	}
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

// densestFirst orders packs (those p belongs to) by how much of the
// cells about p (p's and two rings around it) their roads cover, most
// first (then as given): where packs meet, the one whose roads are all
// about is the likelier nearest, and a pack's snap bounds the search of
// those after it (Plan), so the sparse one (a road leaving an extract)
// costs a look at a few cells.
func (c *coverage) densestFirst(p orb.Point, packs []int) []int {
	x, y := coverCellOf(p)
	density := make([]int, len(packs))
	for dx := int32(-2); dx <= 2; dx++ {
		for dy := int32(-2); dy <= 2; dy++ {
			k := coverKey(x+dx, y+dy)
			own, fine := c.data[k], c.fine[k]
			for j, pack := range packs {
				if i := slices.Index(own, pack); i >= 0 {
					density[j] += int(fine[i])
				}
			}
		}
	}
	idx := make([]int, len(packs))
	for j := range idx {
		idx[j] = j
	}
	slices.SortStableFunc(idx, func(a, b int) int { return density[b] - density[a] })
	out := make([]int, len(packs))
	for j, i := range idx {
		out[j] = packs[i]
	}
	return out
}

// nearBound is a lower bound, in meters, of the distance from p to the
// roads of pack, which covers it: to the nearest of the pack's cells in
// p's and the eight around it (+Inf for none).
func (c *coverage) nearBound(p orb.Point, pack int) float64 {
	x, y := coverCellOf(p)
	d := math.Inf(1)
	for dx := int32(-1); dx <= 1; dx++ {
		for dy := int32(-1); dy <= 1; dy++ {
			if slices.Contains(c.data[coverKey(x+dx, y+dy)], pack) {
				b := orb.Bound{Min: orb.Point{float64(x+dx) * route.CoverCell, float64(y+dy) * route.CoverCell},
					Max: orb.Point{float64(x+dx+1) * route.CoverCell, float64(y+dy+1) * route.CoverCell}}
				d = math.Min(d, cellBoxDistance(b, p))
			}
		}
	}
	return d
}

// packDist is a pack and a lower bound of the distance (meters) from a
// point to its roads.
type packDist struct {
	pack int
	dist float64
}

// nearest returns the packs with a road cell within reach meters of p
// and within slack meters of the nearest such cell, nearest first, each
// with the distance to its nearest cell (a lower bound of the distance
// to its roads). It searches the cells ring by ring around p's, up to
// where no cell can be near enough.
func (c *coverage) nearest(p orb.Point, reach, slack float64) []packDist {
	best := map[int]float64{}
	nearest := math.Inf(1)
	add := func(i int, d float64) {
		if old, ok := best[i]; !ok || d < old {
			best[i] = d
		}
		nearest = math.Min(nearest, d)
	}
	for _, b := range c.boxes {
		if d := cellBoxDistance(b.box, p); d <= reach {
			add(b.pack, d)
		}
	}
	if len(c.data) > 0 && cellBoxDistance(c.box, p) <= reach {
		x, y := coverCellOf(p)
		// the narrowest cell side in meters about p (longitude cells
		// shrink poleward)
		lat := math.Min(89, math.Abs(p[1])+reach/sphere.MetersPerDegree)
		cell := math.Max(1, route.CoverCell*sphere.MetersPerDegree*math.Cos(lat*math.Pi/180))
		cellAt := func(cx, cy int32) {
			ks := c.data[coverKey(cx, cy)]
			if len(ks) == 0 {
				return
			}
			b := orb.Bound{Min: orb.Point{float64(cx) * route.CoverCell, float64(cy) * route.CoverCell},
				Max: orb.Point{float64(cx+1) * route.CoverCell, float64(cy+1) * route.CoverCell}}
			if d := cellBoxDistance(b, p); d <= reach {
				for _, i := range ks {
					add(i, d)
				}
			}
		}
		for k := int32(0); float64(k-1)*cell <= math.Min(reach, nearest+slack) && k < 1<<16; k++ {
			for dx := -k; dx <= k; dx++ {
				cellAt(x+dx, y-k)
				if k > 0 {
					cellAt(x+dx, y+k)
				}
			}
			for dy := -k + 1; dy <= k-1; dy++ {
				cellAt(x-k, y+dy)
				cellAt(x+k, y+dy)
			}
		}
	}
	out := make([]packDist, 0, len(best))
	for i, d := range best {
		if d <= nearest+slack {
			out = append(out, packDist{i, d})
		}
	}
	slices.SortFunc(out, func(a, b packDist) int {
		if a.dist != b.dist {
			return cmpFloat(a.dist, b.dist)
		}
		return a.pack - b.pack
	})
	return out
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
		if !pk.GraphsLoaded() {
			return nil
		}
	}
	return e.coverage()
}

// packsOf returns the packs a coordinate belongs to: those covering it,
// else the nearest within the engine's reach (with those whose roads may
// lie as near: within two cells of it), else none.
func (e *Engine) packsOf(c *coverage, p orb.Point) []int {
	if l := c.covering(p); l != nil {
		return l
	}
	near := c.nearest(p, e.reach(), 2*route.CoverCell*sphere.MetersPerDegree)
	if len(near) == 0 {
		return nil
	}
	out := make([]int, len(near))
	for k, pd := range near {
		out[k] = pd.pack
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
