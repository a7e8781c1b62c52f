package route

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"

	"waymark/engine/route/polyline"
)

// legPath is the route between two consecutive waypoints: its arcs (the
// first holds s, the last t) and weight.
type legPath struct {
	s, t   Snap
	arcs   []uint32
	weight int64
}

// piece is the part of one arc a route uses.
type piece struct {
	arc      uint32
	edge     uint32
	back     bool
	from, to float64 // meters along the arc in travel direction
	w        int64   // deciseconds: traversal plus the turn into it
	startPt  int     // index of its first point in the leg's points
	via      bool    // starts at a via waypoint (not a junction turn)
	// snapped locations where the piece starts or ends (waypoints)
	start, end *orb.Point
}

// Route computes the route through snaps in order and assembles it: one
// leg per pair of consecutive leg ends (opt.LegEnds; waypoints in between
// are via points), steps, annotations and geometry as opt.Output asks. With
// opt.Alternatives > 0 and two waypoints it adds up to that many
// alternative routes. The first route is the fastest. It returns
// ErrNoRoute when a leg cannot be routed, ErrInvalidValue for bad
// LegEnds and CheckExclude's errors.
func (g *Graph) Route(ctx context.Context, snaps []Snap, opt RouteOptions) ([]Route, error) {
	n := len(snaps)
	if n < 2 {
		return nil, fmt.Errorf("%w: a route needs at least two waypoints", ErrInvalidValue)
	}
	ends := opt.LegEnds
	if ends == nil {
		ends = make([]int, n)
		for i := range ends {
			ends[i] = i
		}
	}
	if err := CheckLegEnds(ends, n); err != nil {
		return nil, err
	}
	if err := g.CheckExclude(opt.Exclude); err != nil {
		return nil, err
	}
	cs := g.profile.ContinueStraightDefault()
	if opt.ContinueStraight != nil {
		cs = *opt.ContinueStraight
	}
	paths, err := g.legPaths(snaps, cs, opt.Exclude)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	routes := []Route{g.assemble(paths, ends, opt.Output)}
	if opt.Alternatives > 0 && n == 2 {
		for _, p := range g.alternatives(paths[0], opt.Alternatives, opt.Exclude) {
			routes = append(routes, g.assemble([]legPath{p}, ends, opt.Output))
		}
	}
	return routes, nil
}

// only returns s restricted to one direction.
func only(s Snap, backward bool) Snap {
	s.Forward, s.Backward = s.Forward && !backward, s.Backward && backward
	return s
}

// legPaths routes each consecutive pair. With continueStraight, a via
// waypoint must be left in the direction it was reached: a dynamic
// programme over the two directions of every waypoint picks the best
// combination (four searches per leg), as OSRM does. The legs use no road
// of a class in excl.
func (g *Graph) legPaths(snaps []Snap, continueStraight bool, excl Exclude) ([]legPath, error) {
	n := len(snaps)
	paths := make([]legPath, n-1)
	if !continueStraight || n == 2 {
		for i := 0; i+1 < n; i++ {
			p, ok := g.shortest(snaps[i], snaps[i+1], excl)
			if !ok {
				return nil, fmt.Errorf("%w: between waypoints %d and %d", ErrNoRoute, i, i+1)
			}
			paths[i] = p
		}
		return paths, nil
	}
	// a via waypoint keeps the direction it was reached in on its own edge:
	// its ties (other edges at the same node) are not tried
	snaps = append([]Snap(nil), snaps...)
	for k := 1; k+1 < n; k++ {
		snaps[k].Ties = nil
	}
	const inf = math.MaxInt64 / 4
	type cell struct {
		cost int64
		prev int // direction at the previous waypoint
		path legPath
	}
	// cost[k][d]: best weight reaching waypoint k travelling in direction d
	cost := make([][2]cell, n)
	for d := 0; d < 2; d++ {
		cost[0][d] = cell{cost: 0, prev: -1}
	}
	for k := 0; k+1 < n; k++ {
		for b := 0; b < 2; b++ {
			cost[k+1][b] = cell{cost: inf, prev: -1}
			tb := only(snaps[k+1], b == 1)
			if !tb.Forward && !tb.Backward {
				continue
			}
			for a := 0; a < 2; a++ {
				if cost[k][a].cost >= inf {
					continue
				}
				sa := snaps[k]
				if k > 0 {
					sa = only(sa, a == 1)
					if !sa.Forward && !sa.Backward {
						continue
					}
				} else if a == 1 {
					continue // the first waypoint may leave either way: one search covers both
				}
				p, ok := g.shortest(sa, tb, excl)
				if !ok {
					continue
				}
				if c := cost[k][a].cost + p.weight; c < cost[k+1][b].cost {
					cost[k+1][b] = cell{cost: c, prev: a, path: p}
				}
			}
		}
		if cost[k+1][0].cost >= inf && cost[k+1][1].cost >= inf {
			return nil, fmt.Errorf("%w: between waypoints %d and %d", ErrNoRoute, k, k+1)
		}
	}
	d := 0
	if cost[n-1][1].cost < cost[n-1][0].cost {
		d = 1
	}
	for k := n - 1; k > 0; k-- {
		c := cost[k][d]
		p := c.path
		p.t = onEdge(snaps[k], p.t.Edge)
		paths[k-1] = p
		d = c.prev
	}
	return paths, nil
}

// travelOffset converts an edge offset into meters along arc a's direction.
func (g *Graph) travelOffset(a uint32, off float64) float64 {
	e, back := arcEdge(g, a)
	if back {
		return float64(g.eLen[e]) - off
	}
	return off
}

// pieces turns a leg path into pieces with exact weights (they sum to the
// search weight less its restricted entries' penalties: durations).
func (g *Graph) pieces(p legPath, dst []piece) []piece {
	k := len(p.arcs)
	for i, a := range p.arcs {
		orig := g.origArc(a)
		e, back := arcEdge(g, orig)
		pc := piece{arc: a, edge: e, back: back, from: 0, to: float64(g.eLen[e])}
		var w int64
		if i == 0 {
			pc.from = g.travelOffset(orig, p.s.Offset)
			w, _ = g.partial(orig, p.s, true)
			pc.via = len(dst) > 0
			loc := p.s.Location
			pc.start = &loc
		} else {
			prev := p.arcs[i-1]
			for x := g.tOff[prev]; x < g.tOff[prev+1]; x++ {
				if g.tTo[x] == a {
					w = durationOf(int64(g.tW[x]))
					break
				}
			}
			w += int64(g.aW[a])
		}
		if i == k-1 {
			pc.to = g.travelOffset(orig, p.t.Offset)
			tail, _ := g.partial(orig, p.t, true)
			w -= tail
			loc := p.t.Location
			pc.end = &loc
		}
		pc.w = w
		dst = append(dst, pc)
	}
	return dst
}

// legBuilder accumulates one leg's geometry and annotations.
type legBuilder struct {
	pts   []orb.Point
	nodes []int64
	dist  []float64 // per segment, meters
	dur   []float64 // per segment, seconds
	speed []float64 // per segment, m/s
	// annotate fills nodes, dur and speed (only annotations read them;
	// a long route has thousands of points).
	annotate bool
}

// add appends point p; d is its distance from the previous point when
// known (< 0: compute it).
func (lb *legBuilder) add(p orb.Point, node int64, speedMS, d float64) {
	if n := len(lb.pts); n > 0 {
		if lb.pts[n-1] == p {
			return
		}
		if d < 0 {
			d = haversine(lb.pts[n-1], p)
		}
		lb.dist = append(lb.dist, d)
		if lb.annotate {
			dur := 0.0
			if speedMS > 0 {
				dur = d / speedMS
			}
			lb.dur = append(lb.dur, dur)
			lb.speed = append(lb.speed, speedMS)
		}
	}
	lb.pts = append(lb.pts, p)
	if lb.annotate {
		lb.nodes = append(lb.nodes, node)
	}
}

// walk appends the geometry of piece pc (first and last pieces start/end
// exactly at the snapped locations).
func (g *Graph) walk(lb *legBuilder, pc *piece, start, end *orb.Point) {
	pts := g.edgePoints(pc.edge)
	nodes := g.edgeNodes(pc.edge)
	n := len(pts)
	at := func(i int) int {
		if pc.back {
			return n - 1 - i
		}
		return i
	}
	sp := float64(g.eSpeed[2*pc.edge]) / 3.6
	if pc.back {
		sp = float64(g.eSpeed[2*pc.edge+1]) / 3.6
	}
	pc.startPt = len(lb.pts)
	cum := g.cum[g.eGeom[pc.edge]:g.eGeom[pc.edge+1]]
	if start == nil && end == nil && pc.from <= 0 && pc.to >= float64(g.eLen[pc.edge]) {
		// the whole edge, the case of nearly every piece: its points and
		// their distances as stored, without the cut search
		g.walkWhole(lb, pc, pts, nodes, cum, sp)
		return
	}
	started := false
	acc := 0.0
	to := pc.to
	if end == nil && to >= float64(g.eLen[pc.edge]) {
		// to the edge's end: its last point, not one cut 1e-6 m before it
		// where the float32 lengths disagree
		to = math.Inf(1)
	}
	for i := 0; i < n-1; i++ {
		p0, p1 := pts[at(i)], pts[at(i+1)]
		l := math.Abs(float64(cum[at(i+1)] - cum[at(i)]))
		if !started && acc+l >= pc.from {
			q := lerp(p0, p1, l, pc.from-acc)
			if start != nil {
				q = *start
			}
			lb.add(q, nodes[at(i)], sp, -1)
			if len(lb.pts) > 0 {
				pc.startPt = len(lb.pts) - 1
			}
			started = true
		}
		if started {
			if acc+l >= to {
				q := lerp(p0, p1, l, to-acc)
				if end != nil {
					q = *end
				}
				lb.add(q, nodes[at(i+1)], sp, -1)
				return
			}
			d := -1.0
			if acc >= pc.from {
				d = l // a whole segment follows the previous vertex
			}
			lb.add(p1, nodes[at(i+1)], sp, d)
		}
		acc += l
	}
	if !started {
		q := pts[at(n-1)]
		if start != nil {
			q = *start
		}
		lb.add(q, nodes[at(n-1)], sp, -1)
		pc.startPt = len(lb.pts) - 1
	}
	if end != nil {
		lb.add(*end, nodes[at(n-1)], sp, -1)
	}
}

// walkWhole appends every point of piece pc's edge, in travel order, with
// the segment lengths of cum.
func (g *Graph) walkWhole(lb *legBuilder, pc *piece, pts []orb.Point, nodes []int64, cum []float32, sp float64) {
	n := len(pts)
	if !lb.annotate && !pc.back {
		// add without annotations, inlined: most of a long route's points
		lb.add(pts[0], nodes[0], sp, -1)
		pc.startPt = len(lb.pts) - 1
		last := lb.pts[len(lb.pts)-1]
		for i := 1; i < n; i++ {
			if p := pts[i]; p != last {
				lb.dist = append(lb.dist, float64(cum[i]-cum[i-1]))
				lb.pts = append(lb.pts, p)
				last = p
			}
		}
		return
	}
	if !pc.back {
		lb.add(pts[0], nodes[0], sp, -1)
		pc.startPt = len(lb.pts) - 1
		for i := 1; i < n; i++ {
			lb.add(pts[i], nodes[i], sp, float64(cum[i]-cum[i-1]))
		}
		return
	}
	lb.add(pts[n-1], nodes[n-1], sp, -1)
	pc.startPt = len(lb.pts) - 1
	for i := n - 2; i >= 0; i-- {
		lb.add(pts[i], nodes[i], sp, float64(cum[i+1]-cum[i]))
	}
}

func lerp(a, b orb.Point, l, x float64) orb.Point {
	if l <= 0 {
		return a
	}
	t := x / l
	switch {
	case t <= 0:
		return a
	case t >= 1:
		return b // exactly: the next piece starts at b, and must not repeat it 1e-11° away
	}
	return orb.Point{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1])}
}

// assemble builds a Route from leg paths grouped by leg ends.
func (g *Graph) assemble(paths []legPath, ends []int, out Output) Route {
	r := Route{WeightName: g.profile.WeightName()}
	for li := 0; li+1 < len(ends); li++ {
		n := 0
		for k := ends[li]; k < ends[li+1]; k++ {
			n += len(paths[k].arcs)
		}
		buf := g.getPieces(n)
		pcs := *buf
		for k := ends[li]; k < ends[li+1]; k++ {
			pcs = g.pieces(paths[k], pcs)
		}
		leg := g.buildLeg(pcs, paths[ends[li]].s, paths[ends[li+1]-1].t, out)
		*buf = pcs
		g.putPieces(buf)
		r.Distance += leg.Distance
		r.Duration += leg.Duration
		r.Weight += leg.Weight
		if len(r.Points) == 0 {
			r.Points = leg.Points[:len(leg.Points):len(leg.Points)] // a next leg's append copies
		} else if len(leg.Points) > 0 && r.Points[len(r.Points)-1] == leg.Points[0] {
			r.Points = append(r.Points, leg.Points[1:]...)
		} else {
			r.Points = append(r.Points, leg.Points...)
		}
		r.Legs = append(r.Legs, leg)
	}
	switch out.Overview {
	case OverviewFull:
		r.Geometry = r.Points
	case OverviewSimplified:
		r.Geometry = polyline.Simplify(r.Points)
	}
	return r
}

// getPieces returns an empty list of pieces with room for n, from
// piecePool: a long route has thousands (~90 KB, more than half of what
// assembling it allocated); nothing of a leg keeps them.
func (g *Graph) getPieces(n int) *[]piece {
	if b, ok := g.piecePool.Get().(*[]piece); ok && cap(*b) >= n {
		*b = (*b)[:0]
		return b
	}
	b := make([]piece, 0, max(n, 64))
	return &b
}

// maxPooledPieces bounds the lists putPieces keeps (a route across a
// continent would otherwise keep its megabytes).
const maxPooledPieces = 1 << 16

// putPieces gives a list of getPieces back.
func (g *Graph) putPieces(b *[]piece) {
	if cap(*b) <= maxPooledPieces {
		g.piecePool.Put(b)
	}
}

// buildLeg makes one leg from its pieces.
func (g *Graph) buildLeg(pcs []piece, s, t Snap, out Output) Leg {
	lb := legBuilder{annotate: out.Annotations != 0}
	npts := 2
	for _, pc := range pcs {
		npts += int(g.eGeom[pc.edge+1] - g.eGeom[pc.edge])
	}
	lb.pts = make([]orb.Point, 0, npts)
	lb.dist = make([]float64, 0, npts)
	if lb.annotate {
		lb.nodes = make([]int64, 0, npts)
		lb.dur = make([]float64, 0, npts)
		lb.speed = make([]float64, 0, npts)
	}
	for i := range pcs {
		g.walk(&lb, &pcs[i], pcs[i].start, pcs[i].end)
	}
	if len(lb.pts) == 1 {
		// start and end coincide: a zero-length leg still has two points
		lb.pts = append(lb.pts, lb.pts[0])
		lb.dist = append(lb.dist, 0)
		if lb.annotate {
			lb.nodes = append(lb.nodes, lb.nodes[0])
			lb.dur = append(lb.dur, 0)
			lb.speed = append(lb.speed, 0)
		}
	}
	var w int64
	for _, pc := range pcs {
		w += pc.w
	}
	leg := Leg{Weight: float64(w) / 10, Duration: float64(w) / 10, Points: lb.pts, Steps: []Step{}}
	for _, d := range lb.dist {
		leg.Distance += d
	}
	leg.Summary = g.summary(pcs)
	if out.Steps {
		leg.Steps = g.steps(pcs, lb.pts, t)
	}
	if out.Annotations != 0 {
		leg.Annotation = annotate(&lb, out.Annotations)
	}
	return leg
}

func annotate(lb *legBuilder, set Annotations) *Annotation {
	a := &Annotation{}
	if set&AnnotateNodes != 0 {
		a.Nodes = lb.nodes
	}
	if set&AnnotateDistance != 0 {
		a.Distance = lb.dist
	}
	if set&AnnotateDuration != 0 {
		a.Duration = lb.dur
	}
	if set&AnnotateWeight != 0 {
		a.Weight = lb.dur
	}
	if set&AnnotateSpeed != 0 {
		a.Speed = lb.speed
	}
	if set&AnnotateDatasources != 0 {
		a.Datasources = make([]int, len(lb.dist))
		a.Metadata = &AnnotationMetadata{DatasourceNames: []string{"profile"}}
	}
	return a
}

// summary names the two roads with the longest distance in the leg (name,
// else ref), in route order, as OSRM's leg summary.
func (g *Graph) summary(pcs []piece) string {
	type acc struct {
		name  uint32 // a string index
		dist  float64
		first int
	}
	// by string index: names and refs are both strings of the graph's table
	m := map[uint32]*acc{}
	for i, pc := range pcs {
		name := g.eName[pc.edge]
		if g.str(name) == "" {
			name = g.eRef[pc.edge]
		}
		if g.str(name) == "" {
			continue
		}
		a := m[name]
		if a == nil {
			a = &acc{name: name, first: i}
			m[name] = a
		}
		a.dist += pc.to - pc.from
	}
	list := make([]*acc, 0, len(m))
	for _, a := range m {
		list = append(list, a)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].dist != list[j].dist {
			return list[i].dist > list[j].dist
		}
		return list[i].first < list[j].first
	})
	if len(list) > 2 {
		list = list[:2]
	}
	sort.Slice(list, func(i, j int) bool { return list[i].first < list[j].first })
	names := make([]string, len(list))
	for i, a := range list {
		names[i] = g.str(a.name)
	}
	return strings.Join(names, ", ")
}

// Errors of CheckLegEnds; both wrap ErrInvalidValue.
var (
	ErrLegEndsOpen  = fmt.Errorf("%w: waypoints must include the first and last coordinate", ErrInvalidValue)
	ErrLegEndsOrder = fmt.Errorf("%w: waypoints must be strictly increasing", ErrInvalidValue)
)

// CheckLegEnds checks a list of leg ends (OSRM's waypoints) for n
// coordinates: the first and the last included, strictly increasing. It is
// the one check of that rule for routes, matching and the API.
func CheckLegEnds(ends []int, n int) error {
	if len(ends) < 2 || ends[0] != 0 || ends[len(ends)-1] != n-1 {
		return ErrLegEndsOpen
	}
	for i := 1; i < len(ends); i++ {
		if ends[i] <= ends[i-1] {
			return ErrLegEndsOrder
		}
	}
	return nil
}
