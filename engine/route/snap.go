package route

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"sort"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

// Snapping grids: a fine grid (cells of 0.002°, ~220 m of latitude) for
// points near roads, its cells by coarse cell (0.032°, coarse.go) for
// points far from them, and a scan of edge bounding boxes beyond that.
const (
	fineCell    = 0.002
	fineRings   = 12
	coarseRings = 40
)

// segSnap projects p on segment s of edge e and applies the bearing filter.
func (g *Graph) segSnap(p orb.Point, e uint32, s int, b *Bearing) (Snap, bool) {
	pts := g.edgePoints(e)
	q, _, d := project(p, pts[s], pts[s+1])
	fwd := g.eArc[2*e] >= 0
	bwd := g.eArc[2*e+1] >= 0
	if b != nil {
		if pts[s] == pts[s+1] {
			return Snap{}, false
		}
		br := bearing(pts[s], pts[s+1])
		fwd = fwd && angleDiff(br, b.Value) <= b.Range
		bwd = bwd && angleDiff(math.Mod(br+180, 360), b.Value) <= b.Range
	}
	if !fwd && !bwd {
		return Snap{}, false
	}
	return Snap{Edge: e, Seg: s, Location: q, Input: p, Distance: d, Forward: fwd, Backward: bwd}, true
}

// withOffset fills s.Offset: meters from the edge's first point to s.Location.
func (g *Graph) withOffset(s Snap) Snap {
	pts := g.edgePoints(s.Edge)
	off := float64(g.cum[g.eGeom[s.Edge]+uint32(s.Seg)]) + haversine(pts[s.Seg], s.Location)
	if l := float64(g.eLen[s.Edge]); off > l {
		off = l
	}
	s.Offset = off
	return s
}

// collector keeps the best snap per edge, sorted by distance; with want > 0
// only the want nearest.
type collector struct {
	g       *Graph
	p       orb.Point
	radius  float64
	b       *Bearing
	want    int
	bigOnly bool
	// startOnly leaves out edges a route may not start or end on: ferries
	// and NetWay.NoEnds (OSRM's is_startpoint, off for modes other than
	// the profile's own and private service roads)
	startOnly bool
	// excl leaves out the edges of these classes
	excl  uint8
	cands []Snap
	// bandLat and bandCos: see boxMeters (0 until first needed)
	bandLat, bandCos float64
}

func (c *collector) consider(r segRef) {
	g := c.g
	if c.bigOnly && !g.edgeBig[r.edge] || c.startOnly && g.noStart(r.edge) || c.excl != 0 && g.edgeMask(r.edge)&c.excl != 0 {
		return
	}
	// cheap reject by the segment's bounding box before projecting
	if lim := c.limit(); lim < boundReach {
		i := g.eGeom[r.edge] + r.seg
		a, b := g.pts[i], g.pts[i+1]
		box := orb.Bound{Min: orb.Point{min(a[0], b[0]), min(a[1], b[1])}, Max: orb.Point{max(a[0], b[0]), max(a[1], b[1])}}
		if c.boxMeters(box)*0.99 > lim {
			return
		}
	}
	s, ok := g.segSnap(c.p, r.edge, int(r.seg), c.b)
	if !ok || (c.radius > 0 && s.Distance > c.radius) {
		return
	}
	for i := range c.cands {
		if c.cands[i].Edge == r.edge {
			// at a point shared by two segments, the later segment
			if s.Distance > c.cands[i].Distance || s.Distance == c.cands[i].Distance && s.Seg <= c.cands[i].Seg {
				return
			}
			c.cands = append(c.cands[:i], c.cands[i+1:]...)
			break
		}
	}
	i := sort.Search(len(c.cands), func(i int) bool {
		x := c.cands[i]
		return x.Distance > s.Distance || (x.Distance == s.Distance && x.Edge > s.Edge)
	})
	if c.want > 0 && i >= c.want {
		return
	}
	c.cands = append(c.cands, Snap{})
	copy(c.cands[i+1:], c.cands[i:])
	c.cands[i] = s
	if c.want > 0 && len(c.cands) > c.want {
		c.cands = c.cands[:c.want]
	}
}

// limit is the distance beyond which nothing can enter the result.
func (c *collector) limit() float64 {
	l := math.Inf(1)
	if c.radius > 0 {
		l = c.radius
	}
	if c.want > 0 && len(c.cands) >= c.want {
		l = math.Min(l, c.cands[c.want-1].Distance)
	}
	return l
}

// rings searches the cells of side cell degrees ring by ring around cx,
// cy, up to maxRing, calling visit with each cell that may hold a segment
// within the limit; it reports whether the result is final.
func (c *collector) rings(cell float64, cx, cy, maxRing int32, visit func(x, y int32)) bool {
	// meters per cell, lower bound (longitude cells shrink with latitude)
	cellM := cell * sphere.MetersPerDegree * math.Max(0.05, math.Cos(rad(math.Min(89, math.Abs(c.p[1])+cell))))
	for k := int32(0); k <= maxRing; k++ {
		if float64(k-1)*cellM > c.limit() {
			return true
		}
		for x := cx - k; x <= cx+k; x++ {
			step := int32(1)
			if x != cx-k && x != cx+k {
				step = 2 * k
			}
			for y := cy - k; y <= cy+k; y += step {
				// a neighbour cell can lie farther than the limit
				// although its ring does not
				if !c.cellBeyond(cell, x, y) {
					visit(x, y)
				}
				if step == 0 {
					break
				}
			}
		}
	}
	return float64(maxRing)*cellM > c.limit()
}

// cellBeyond reports whether every point of cell x, y lies farther from
// c.p than c.limit().
func (c *collector) cellBeyond(cell float64, x, y int32) bool {
	lim := c.limit()
	if lim >= boundReach {
		return false
	}
	x0, y0 := float64(x)*cell, float64(y)*cell
	return c.boxMeters(orb.Bound{Min: orb.Point{x0, y0}, Max: orb.Point{x0 + cell, y0 + cell}})*0.99 > lim
}

// boundReach is the distance, in meters, up to which boxMeters is
// trusted as a lower bound (beyond, the earth's curvature matters).
const boundReach = 200e3

// boxMeters is a lower bound of the distance in meters from c.p to the
// points of box (up to the haversine's approximation, well under 1%
// within boundReach): planar, with degrees of longitude measured at the
// latitude nearest a pole of c.p and the box, where they are shortest.
// Boxes near c.p's latitude share one cosine (the ring searches' boxes).
func (c *collector) boxMeters(box orb.Bound) float64 {
	dx := max(0, box.Min[0]-c.p[0], c.p[0]-box.Max[0])
	dy := max(0, box.Min[1]-c.p[1], c.p[1]-box.Max[1])
	if dx > 0 {
		if c.bandCos == 0 {
			c.bandLat = min(89.9, math.Abs(c.p[1])+latBand)
			c.bandCos = math.Cos(rad(c.bandLat))
		}
		lat := max(math.Abs(c.p[1]), math.Abs(box.Min[1]), math.Abs(box.Max[1]))
		if lat <= c.bandLat {
			dx *= c.bandCos
		} else {
			dx *= math.Cos(rad(min(89.9, lat)))
		}
	}
	return math.Sqrt(dx*dx+dy*dy) * sphere.MetersPerDegree
}

// latBand is the band of latitude, in degrees pole-ward of a snapped
// point, whose boxes boxMeters measures with one cosine.
const latBand = 0.05

// collect gathers, per edge, the nearest acceptable projection of p, for
// edges within radius meters (radius <= 0: unlimited), the want nearest
// (want <= 0: every edge within radius), nearest first, leaving out the
// edges of a class in excl.
func (g *Graph) collect(p orb.Point, radius float64, b *Bearing, want int, bigOnly, startOnly bool, excl Exclude) []Snap {
	c := &collector{g: g, p: p, radius: radius, b: b, want: want, bigOnly: bigOnly, startOnly: startOnly, excl: uint8(excl)}
	fx, fy := g.fine.cellOf(p)
	fine := func(x, y int32) {
		for _, r := range g.fine.at(x, y) {
			c.consider(r)
		}
	}
	if !c.rings(g.fine.cell, fx, fy, fineRings, fine) {
		co := g.coarseIndex()
		cx, cy := co.cellOf(p)
		// a coarse cell's fine cells beyond the limit are skipped whole
		fineCells := func(fx, fy int32, refs []segRef) {
			if !c.cellBeyond(g.fine.cell, fx, fy) {
				for _, r := range refs {
					c.consider(r)
				}
			}
		}
		if !c.rings(co.cell(), cx, cy, coarseRings, func(x, y int32) { co.cells(x, y, fineCells) }) {
			g.scanFar(p, radius, c.consider, c.limit)
		}
	}
	for i := range c.cands {
		c.cands[i] = g.withOffset(c.cands[i])
	}
	return c.cands
}

// Snap returns the opt.Number nearest road positions to p (nearest first),
// one per edge, honouring the radius and bearing filters. Unless
// opt.AnyComponent is set it prefers edges of the big connected components
// and falls back to tiny ones only when no big one is within the radius,
// and it never snaps onto a ferry, a train or a NetWay.NoEnds way (OSRM:
// not a startpoint; snapping=any lifts both), nor onto a road of a class
// in opt.Exclude. It returns ErrNoSegment when nothing qualifies.
func (g *Graph) Snap(p orb.Point, opt SnapOptions) ([]Snap, error) {
	n := opt.Number
	if n <= 0 {
		n = 1
	}
	if len(g.eFrom) == 0 {
		return nil, ErrNoSegment
	}
	var out []Snap
	big := !opt.AnyComponent
	routing := big
	if big {
		out = g.collect(p, opt.Radius, opt.Bearing, n, true, true, opt.Exclude)
	}
	if len(out) == 0 {
		big = false
		out = g.collect(p, opt.Radius, opt.Bearing, n, false, routing, opt.Exclude)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no road within reach of %.6f,%.6f", ErrNoSegment, p[0], p[1])
	}
	if opt.Ties && n == 1 && (g.atVertex(out[0]) || out[0].Distance <= tieReach) {
		// Ties lie at the snap's location, so they are searched for
		// around it, within sameLocation's reach: the nearest cells only;
		// where other edges may meet it (a vertex), or where the input
		// lies on the road, which another may cross there without a node
		// (a bridge: OSRM's equidistant phantom node candidates).
		// (Searched around the input for maxTies+1 edges, they took as
		// long as the snap itself, and longer when few roads are near:
		// a 25×25 matrix at ×64 LI took 1.7× as long.)
		loc := out[0].Location
		for _, s := range g.collect(loc, tieReach, opt.Bearing, maxTies+1, big, routing, opt.Exclude) {
			if s.Edge != out[0].Edge && sameLocation(s.Location, loc) {
				s.Input, s.Distance = p, out[0].Distance
				out[0].Ties = append(out[0].Ties, s)
			}
		}
	}
	return out, nil
}

// maxTies bounds the snaps tied at one location (the ways meeting at a node).
const maxTies = 15

// tieReach is the radius, in meters, around a snap's location in which
// its ties are looked for (sameLocation's 1e-7° is ~1.1 cm).
const tieReach = 0.05

// atVertex reports whether s lies on a point of its edge's geometry, where
// other edges may meet it.
func (g *Graph) atVertex(s Snap) bool {
	pts := g.edgePoints(s.Edge)
	for _, i := range []int{s.Seg, s.Seg + 1} {
		if i >= 0 && i < len(pts) && sameLocation(pts[i], s.Location) {
			return true
		}
	}
	return false
}

// sameLocation reports whether a and b are the same point (within 1e-7°,
// about 1 cm; OSRM compares fixed-point coordinates of 1e-6°).
func sameLocation(a, b orb.Point) bool {
	return math.Abs(a[0]-b[0]) <= 1e-7 && math.Abs(a[1]-b[1]) <= 1e-7
}

// Candidates returns every road position within radius meters of p (radius
// must be > 0): for each edge with a segment in reach, the nearest point on
// it, nearest first. It is the candidate set of map matching.
func (g *Graph) Candidates(p orb.Point, radius float64, b *Bearing) []Snap {
	if radius <= 0 || len(g.eFrom) == 0 {
		return nil
	}
	return g.collect(p, radius, b, 0, false, false, 0)
}

// Excluded reports whether snap s lies on a road of a class in x.
func (g *Graph) Excluded(s Snap, x Exclude) bool {
	return int(s.Edge) < len(g.eFlags) && g.edgeMask(s.Edge)&uint8(x) != 0
}

// WaypointOf returns the waypoint of a snap, with its hint.
func (g *Graph) WaypointOf(s Snap) Waypoint {
	return Waypoint{Hint: g.Hint(s), Distance: s.Distance, Name: g.str(g.eName[s.Edge]), Location: s.Location}
}

// SegmentNodes returns the OSM ids of the end nodes of the snapped segment.
func (g *Graph) SegmentNodes(s Snap) []int64 {
	ns := g.edgeNodes(s.Edge)
	if s.Seg+1 >= len(ns) {
		return []int64{ns[len(ns)-2], ns[len(ns)-1]}
	}
	return []int64{ns[s.Seg], ns[s.Seg+1]}
}

// Hints: base64url (no padding) of a 29-byte record: version (1), profile
// (1), build id (8), edge (4), segment (2), offset meters (float32, 4),
// location lon/lat E7 (2×4), flags (1: forward, backward) — the build id
// ties the hint to one pack build.
const hintVersion = 1

// Hint encodes s for reuse in a later request to the same pack build.
func (g *Graph) Hint(s Snap) string {
	var b [29]byte
	b[0] = hintVersion
	b[1] = byte(g.profile)
	id, _ := hex.DecodeString(g.buildID)
	copy(b[2:10], id)
	binary.LittleEndian.PutUint32(b[10:], s.Edge)
	binary.LittleEndian.PutUint16(b[14:], uint16(s.Seg))
	binary.LittleEndian.PutUint32(b[16:], math.Float32bits(float32(s.Offset)))
	binary.LittleEndian.PutUint32(b[20:], uint32(int32(math.Round(s.Location[0]*1e7))))
	binary.LittleEndian.PutUint32(b[24:], uint32(int32(math.Round(s.Location[1]*1e7))))
	var fl byte
	if s.Forward {
		fl |= 1
	}
	if s.Backward {
		fl |= 2
	}
	b[28] = fl
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// FromHint decodes a hint for input coordinate p. ok is false when the hint
// is malformed, from another pack build or profile, or does not fit the
// graph; callers then snap p normally.
func (g *Graph) FromHint(h string, p orb.Point) (Snap, bool) {
	b, err := base64.RawURLEncoding.DecodeString(h)
	if err != nil || len(b) != 29 || b[0] != hintVersion || Profile(b[1]) != g.profile {
		return Snap{}, false
	}
	id, _ := hex.DecodeString(g.buildID)
	if len(id) != 8 || string(id) != string(b[2:10]) {
		return Snap{}, false
	}
	e := binary.LittleEndian.Uint32(b[10:])
	seg := int(binary.LittleEndian.Uint16(b[14:]))
	off := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[16:])))
	if int(e) >= len(g.eFrom) || seg+1 >= int(g.eGeom[e+1]-g.eGeom[e]) || !(off >= 0) || off > float64(g.eLen[e])+0.01 {
		return Snap{}, false
	}
	loc := orb.Point{float64(int32(binary.LittleEndian.Uint32(b[20:]))) / 1e7, float64(int32(binary.LittleEndian.Uint32(b[24:]))) / 1e7}
	fl := b[28]
	s := Snap{Edge: e, Seg: seg, Offset: off, Location: loc, Input: p, Distance: haversine(p, loc),
		Forward: fl&1 != 0 && g.eArc[2*e] >= 0, Backward: fl&2 != 0 && g.eArc[2*e+1] >= 0}
	if !s.Forward && !s.Backward {
		return Snap{}, false
	}
	return s, true
}

// Curb restricts s to the direction of travel that has its input
// coordinate on the right-hand side (OSRM approaches=curb, right-hand
// traffic). A snap on a one-way road, or right on the road, is returned
// unchanged.
func (g *Graph) Curb(s Snap) Snap {
	if !s.Forward || !s.Backward || s.Distance < 0.5 {
		return s
	}
	pts := g.edgePoints(s.Edge)
	if s.Seg+1 >= len(pts) || pts[s.Seg] == pts[s.Seg+1] {
		return s
	}
	a := turnAngle(bearing(pts[s.Seg], pts[s.Seg+1]), bearing(s.Location, s.Input))
	if a > 0 {
		s.Backward = false
	} else {
		s.Forward = false
	}
	return s
}

// scanFar visits the edges in order of their bounding box distance from p
// (a lower bound of their distance) until that bound exceeds the wanted
// distance: the fallback for points far from every road.
func (g *Graph) scanFar(p orb.Point, radius float64, consider func(segRef), limit func() float64) {
	type eb struct {
		e  uint32
		lb float64
	}
	k := math.Cos(rad(p[1]))
	m := sphere.MetersPerDegree
	list := make([]eb, 0, len(g.eFrom))
	for e := range g.eFrom {
		b := g.eBox[e]
		dx := math.Max(0, math.Max(b.Min[0]-p[0], p[0]-b.Max[0])) * k * m
		dy := math.Max(0, math.Max(b.Min[1]-p[1], p[1]-b.Max[1])) * m
		lb := math.Sqrt(dx*dx+dy*dy) * 0.99
		if radius > 0 && lb > radius {
			continue
		}
		list = append(list, eb{uint32(e), lb})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].lb < list[j].lb })
	for i, x := range list {
		if i%16 == 0 && x.lb > limit() {
			return
		}
		n := int(g.eGeom[x.e+1]-g.eGeom[x.e]) - 1
		for s := 0; s < n; s++ {
			consider(segRef{x.e, uint32(s)})
		}
	}
}

// InMainNetwork reports whether s lies on an edge of a big strongly
// connected component, i.e. one from which most of the network is reachable.
func (g *Graph) InMainNetwork(s Snap) bool { return int(s.Edge) < len(g.edgeBig) && g.edgeBig[s.Edge] }

// coarseIndex returns the coarse level of snapping (coarse.go), built on
// first use (only searches far from every road need it).
func (g *Graph) coarseIndex() *coarseIndex {
	g.coarseOnce.Do(func() { g.coarse = newCoarseIndex(&g.fine) })
	return g.coarse
}

// Bound returns the bounding box of every road point of the graph (an
// empty bound at the origin for a graph without roads).
func (g *Graph) Bound() orb.Bound { return g.bound }

// MinDistance returns a lower bound, in meters, of the distance from p to
// any road of the graph (and so of any Snap's Distance): 0 inside the
// graph's bound, else slightly less than the distance to the bound, so
// that callers choosing between graphs can skip those that cannot beat a
// snap they already have. It is +Inf for a graph without roads.
func (g *Graph) MinDistance(p orb.Point) float64 {
	if len(g.eFrom) == 0 {
		return math.Inf(1)
	}
	q := orb.Point{math.Max(g.bound.Min[0], math.Min(p[0], g.bound.Max[0])),
		math.Max(g.bound.Min[1], math.Min(p[1], g.bound.Max[1]))}
	if q == p {
		return 0
	}
	// The clamped point is the nearest on the plane of degrees; on the
	// sphere the nearest point of a meridian edge lies a little poleward:
	// under 0.1% closer within 500 km, up to ~10% closer at 60° of
	// longitude, hence the margins.
	d := haversine(p, q)
	if d > 500e3 {
		return d / 2
	}
	return math.Max(0, 0.98*d-1)
}
