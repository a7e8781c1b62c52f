// address_street.go matches houses and POIs to their parent street:
// addr:street is compared with every name variant of the named streets
// (rank 26/27 places) using engine/text's normalized Variants, and the
// nearest street (by distance to its geometry) carrying that name wins;
// addr:place is matched against places of rank 16..25 the same way (by
// centroid distance). Members with role house of type=associatedStreet
// relations take the relation's street first. Without a match the nearest
// named street within a limit is the parent, found through a grid of
// street segments.

package places

import (
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/grid"
	"waymark/engine/text"
	"waymark/regions/extract"
	"waymark/regions/polygon"
)

const (
	// maxNameMatchMeters bounds how far a street or place matched by name may be.
	maxNameMatchMeters = 20_000
	// maxParentStreetMeters bounds the nearest street of a POI or house
	// whose address names no known street.
	maxParentStreetMeters = 5_000
)

type streetIndex struct {
	b *placeBuilder
	// grid holds the streets' segments by number: street j (a place
	// index, streets[j]) has segments firstSeg[j] up to firstSeg[j+1] (or
	// nseg), each its street's segment number - firstSeg[j] (segmentAt).
	// 8 bytes a street, where a (street, number) pair a segment took 8 a
	// segment (LI ×16: 3.2 → 0.3 MB), and the two points of a segment 40
	// before that; the street's place holds the geometry (its shape, which
	// nearest decodes, keeping the last street's).
	grid              *grid.Index
	streets, firstSeg []int32
	nseg              int32
	byNorm            map[string]*nameStreets // normalized street name variant -> streets
	places            map[string][]int32      // normalized place name variant -> places
	// cells lists by cell key (cellKey, leafCellDegrees) the streets near
	// the cell (streetCells) in index order; cell is the cell whose streets
	// grid and byNorm hold (window), windows the number of windows made.
	cells   map[uint64][]int32
	cell    uint64
	windows int
	// assoc maps houses of associatedStreet relations to their streets.
	assoc map[osmRef][]int32
	// last and lastGeom are the street (j) nearest decoded last: a grid
	// cell lists a street's segments one after the other.
	last     int
	lastGeom orb.Geometry
}

// osmRef identifies an OSM object.
type osmRef struct {
	typ byte // 'N', 'W' or 'R'
	id  int64
}

// newStreetIndex returns the index of the streets and places, without
// the streets' grid and name lists: window makes them for the streets
// near a cell. The cells' lists are made in two passes over the streets,
// counting and then filling lists of that size in the cold store: a
// map of growing lists held ~4 bytes a street and cell twice over in the
// heap before they were copied there (LI ×64: 10.8 MB, ~7 cells a
// street).
func (b *placeBuilder) newStreetIndex() *streetIndex {
	s := &streetIndex{b: b, places: map[string][]int32{}, cells: map[uint64][]int32{}, cell: math.MaxUint64, last: -1}
	isStreet := func(p *place) bool {
		return p != nil && p.linked == 0 && p.nameTags != nil && (p.rankAddress == 26 || p.rankAddress == 27)
	}
	count := map[uint64]int{}
	for i, p := range b.records() {
		switch {
		case isStreet(p):
			streetCells(p.bound, func(k uint64) { count[k]++ })
		case p == nil || p.linked > 0 || p.nameTags == nil:
		case p.rankAddress >= 16 && p.rankAddress <= 25 || (p.kind.class == "place" && p.rankSearch < 26):
			addVariants(s.places, p, int32(i))
		}
	}
	for k, n := range count {
		s.cells[k] = coldMake[int32](b.cold, n)[:0]
	}
	for i, p := range b.records() {
		if isStreet(p) {
			streetCells(p.bound, func(k uint64) { s.cells[k] = append(s.cells[k], int32(i)) })
		}
	}
	s.addAssociatedStreets()
	return s
}

// windowMargins are the margins in degrees of latitude and longitude
// around a cell whose south and north edges are lat0 and lat1 within
// which every street maxNameMatchMeters from a point of the cell lies
// (byName's window, at the cell's latitude farthest from the equator).
func windowMargins(lat0, lat1 float64) (dlat, dlon float64) {
	dlat = maxNameMatchMeters / polygon.MetersPerDegree
	reach := math.Max(math.Abs(lat0), math.Abs(lat1)) + dlat
	dlon = 360
	if reach < 89 {
		dlon = maxNameMatchMeters / (math.Cos(reach*math.Pi/180) * polygon.MetersPerDegree) * (1 + 1e-6)
	}
	return dlat, dlon
}

// streetCells calls fn with every cell (leafCellDegrees) whose window
// (windowMargins) a street's box meets, in order; a street's cells are
// found from the margins of the widest window that could reach it.
func streetCells(box orb.Bound, fn func(key uint64)) {
	const deg = leafCellDegrees
	dlat, _ := windowMargins(0, 0)
	y0, y1 := math.Floor((box.Min[1]-dlat+90)/deg), math.Floor((box.Max[1]+dlat+90)/deg)
	for y := y0; y <= y1; y++ {
		lat0, lat1 := y*deg-90, (y+1)*deg-90
		_, dlon := windowMargins(lat0, lat1)
		if box.Max[1] < lat0-dlat || box.Min[1] > lat1+dlat {
			continue
		}
		x0, x1 := math.Floor((box.Min[0]-dlon+180)/deg), math.Floor((box.Max[0]+dlon+180)/deg)
		for x := x0; x <= x1; x++ {
			if x < 0 || y < 0 {
				continue
			}
			fn(uint64(y)<<32 | uint64(x))
		}
	}
}

// window makes the index's grid and name lists hold the streets near the
// cell of pt (streetCells), unless they hold that cell's already: every
// street byName or nearest may answer for a point of the cell, in the
// order of the whole index, so the answers are the same as with every
// street (LI ×64: a cell's window holds at most 9% of the streets).
func (s *streetIndex) window(pt orb.Point) *streetIndex {
	key := cellKey(pt, leafCellDegrees)
	if key == s.cell {
		return s
	}
	s.cell = key
	s.fill(s.cells[key])
	s.windows++
	return s
}

// fill makes the index's grid and name lists hold the streets of list.
func (s *streetIndex) fill(list []int32) {
	s.grid, s.nseg, s.last, s.lastGeom = grid.New(0.005), 0, -1, nil
	s.streets, s.firstSeg = make([]int32, 0, len(list)), make([]int32, 0, len(list))
	byNorm := map[string][]int32{}
	for _, i := range list {
		p := s.b.places[i]
		addVariants(byNorm, p, i)
		s.addGeometry(i, p.geom.geometry())
	}
	s.byNorm = make(map[string]*nameStreets, len(byNorm))
	for v, l := range byNorm {
		s.byNorm[v] = newNameStreets(l, s.b.places)
	}
	s.grid.Compact()
}

// nameStreets are the streets of one name variant sorted by the west edge
// of their boxes, so that those near a point are a range (a common name
// has streets all over a country; addr:street lookups must not measure
// them all).
type nameStreets struct {
	idx      []int32   // street place indexes
	pos      []int32   // their position in the variant's list as built (ties go to the first)
	minLon   []float64 // west edge of each box, ascending
	maxWidth float64   // widest box, degrees of longitude
}

func newNameStreets(list []int32, places []*place) *nameStreets {
	ns := &nameStreets{idx: make([]int32, len(list)), pos: make([]int32, len(list)), minLon: make([]float64, len(list))}
	order := make([]int, len(list))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool { return places[list[order[a]]].bound.Min[0] < places[list[order[b]]].bound.Min[0] })
	for k, o := range order {
		b := places[list[o]].bound
		ns.idx[k], ns.pos[k], ns.minLon[k] = list[o], int32(o), b.Min[0]
		ns.maxWidth = math.Max(ns.maxWidth, b.Max[0]-b.Min[0])
	}
	return ns
}

// addAssociatedStreets reads type=associatedStreet relations: every member
// with role "house" gets the relation's "street" members that are streets.
// Only the ways some relation names as its street are mapped to their
// places (LI ×64: a map of every street way was 14.5 MB of the addresses
// step's peak, for the few that relations name).
func (s *streetIndex) addAssociatedStreets() {
	var rels []*extract.Relation
	named := map[int64]bool{}
	for r := range s.b.d.Relations() {
		if t := r.Tags.Find("type"); t != "associatedStreet" && t != "street" {
			continue
		}
		rels = append(rels, r)
		for _, m := range r.Members {
			if m.Role == "street" && m.Type == osm.TypeWay {
				named[m.Ref] = true
			}
		}
	}
	s.assoc = map[osmRef][]int32{}
	if len(rels) == 0 {
		return
	}
	streetOf := map[int64][]int32{}
	for i, p := range s.b.records() {
		if p == nil {
			continue
		}
		if p.osmType == 'W' && (p.rankAddress == 26 || p.rankAddress == 27) && p.linked == 0 && named[p.osmID] {
			streetOf[p.osmID] = append(streetOf[p.osmID], int32(i))
		}
	}
	for _, r := range rels {
		var st []int32
		for _, m := range r.Members {
			if m.Role == "street" && m.Type == osm.TypeWay {
				st = append(st, streetOf[m.Ref]...)
			}
		}
		if len(st) == 0 {
			continue
		}
		for _, m := range r.Members {
			if m.Role != "house" && m.Role != "address" {
				continue
			}
			k := osmRef{strings.ToUpper(string(m.Type)[:1])[0], m.Ref}
			s.assoc[k] = append(s.assoc[k], st...)
		}
	}
}

// associated returns the nearest street of p's associatedStreet relation,
// or -1.
func (s *streetIndex) associated(p *place) int32 {
	best, bestD := int32(-1), math.Inf(1)
	for _, i := range s.assoc[osmRef{p.osmType, p.osmID}] {
		if d := geometryDistance(s.b.places[i].geom.geometry(), p.centroid); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

func addVariants(m map[string][]int32, p *place, i int32) {
	seen := map[string]bool{}
	for _, t := range p.names() {
		for _, n := range text.Variants(t.Value) {
			if !seen[n] {
				seen[n] = true
				m[n] = append(m[n], i)
			}
		}
	}
}

// addGeometry adds the segments of street i's geometry g to the grid.
func (s *streetIndex) addGeometry(i int32, g orb.Geometry) {
	first := s.nseg
	eachLine(g, func(ls []orb.Point) {
		for k := 0; k+1 < len(ls); k++ {
			s.grid.Insert(s.nseg, orb.Bound{Min: ls[k], Max: ls[k]}.Extend(ls[k+1]))
			s.nseg++
		}
	})
	if s.nseg > first {
		s.streets, s.firstSeg = append(s.streets, i), append(s.firstSeg, first)
	}
}

// segmentEnd is the number after the last segment of street j.
func (s *streetIndex) segmentEnd(j int) int32 {
	if j+1 < len(s.firstSeg) {
		return s.firstSeg[j+1]
	}
	return s.nseg
}

// segmentAt returns the ends of segment k of g, in addGeometry's order
// (eachLine's lines, each line's segments in order).
func segmentAt(g orb.Geometry, k int32) (a, b orb.Point) {
	if ls, ok := g.(orb.LineString); ok {
		return ls[k], ls[k+1]
	}
	found := false
	eachLine(g, func(ls []orb.Point) {
		if found {
			return
		}
		if n := int32(max(len(ls)-1, 0)); k >= n {
			k -= n
			return
		}
		a, b, found = ls[k], ls[k+1], true
	})
	return a, b
}

// eachLine calls fn with every line and ring of g; a point is a line of
// two equal points.
func eachLine(g orb.Geometry, fn func([]orb.Point)) {
	switch g := g.(type) {
	case orb.LineString:
		fn(g)
	case orb.MultiLineString:
		for _, ls := range g {
			fn(ls)
		}
	case orb.Polygon:
		for _, r := range g {
			fn(r)
		}
	case orb.MultiPolygon:
		for _, p := range g {
			for _, r := range p {
				fn(r)
			}
		}
	case orb.Point:
		fn([]orb.Point{g, g})
	}
}

// matches returns the candidates whose name variants meet name's.
func matches(m map[string][]int32, name string) []int32 {
	var out []int32
	seen := map[int32]bool{}
	for _, v := range text.Variants(name) {
		for _, i := range m[v] {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	return out
}

// byName returns the nearest street named name within
// maxNameMatchMeters, or -1; of streets at the same distance, the first
// of the first name variant (text.Variants order) that has one. Only the
// streets whose boxes are within reach of pt (in longitude, then by
// boundDistanceBelow) are measured.
func (s *streetIndex) byName(name string, pt orb.Point) int32 {
	best, bestD, bestKey := int32(-1), math.Inf(1), [2]int32{}
	// Any box nearer than maxNameMatchMeters lies within dlat of pt, so
	// its latitude is at most reach; a degree of longitude is shortest in
	// meters there, which gives the widest window in longitude.
	dlat := maxNameMatchMeters / polygon.MetersPerDegree
	reach := math.Abs(pt[1]) + dlat
	dlon := math.Inf(1)
	if reach < 89 {
		dlon = maxNameMatchMeters / (math.Cos(reach*math.Pi/180) * polygon.MetersPerDegree) * (1 + 1e-6)
	}
	for vi, v := range text.Variants(name) {
		ns := s.byNorm[v]
		if ns == nil {
			continue
		}
		k := sort.SearchFloat64s(ns.minLon, pt[0]-dlon-ns.maxWidth)
		for ; k < len(ns.idx) && ns.minLon[k] <= pt[0]+dlon; k++ {
			i := ns.idx[k]
			p := s.b.places[i]
			if lb := boundDistanceBelow(p.bound, pt); lb > bestD || lb > maxNameMatchMeters {
				continue
			}
			d := geometryDistance(p.geom.geometry(), pt)
			key := [2]int32{int32(vi), ns.pos[k]}
			if d < bestD || d == bestD && (key[0] < bestKey[0] || key[0] == bestKey[0] && key[1] < bestKey[1]) {
				best, bestD, bestKey = i, d, key
			}
		}
	}
	if bestD > maxNameMatchMeters {
		return -1
	}
	return best
}

// boundDistanceBelow returns a distance in meters that is at most the
// distance (geometryDistance) from pt to anything inside b: the distance
// to the nearest point of b, with the east-west scale of the latitude
// farthest from the equator among pt and b (the metrics of distanceMeters
// and segmentDistanceMeters scale by a latitude in that range), less a
// part in a million for rounding.
func boundDistanceBelow(b orb.Bound, pt orb.Point) float64 {
	q := orb.Point{math.Max(b.Min[0], math.Min(pt[0], b.Max[0])), math.Max(b.Min[1], math.Min(pt[1], b.Max[1]))}
	if q == pt {
		return 0
	}
	lat := math.Max(math.Max(math.Abs(pt[1]), math.Abs(b.Min[1])), math.Abs(b.Max[1]))
	kx := math.Cos(math.Min(lat, 90)*math.Pi/180) * polygon.MetersPerDegree
	dx, dy := (q[0]-pt[0])*kx, (q[1]-pt[1])*polygon.MetersPerDegree
	return math.Sqrt(dx*dx+dy*dy) * (1 - 1e-6)
}

// placeByName returns the nearest place (rank 16..25) named name, or -1.
func (s *streetIndex) placeByName(name string, pt orb.Point) int32 {
	best, bestD := int32(-1), math.Inf(1)
	for _, i := range matches(s.places, name) {
		p := s.b.places[i]
		d := polygon.DistanceMeters(pt, p.centroid)
		if p.area > 0 && polygon.GeometryContains(p.geom.geometry(), pt) {
			d = 0
		}
		if d < bestD {
			best, bestD = i, d
		}
	}
	if bestD > maxNameMatchMeters {
		return -1
	}
	return best
}

// nearest returns the street nearest to pt within maxMeters, or -1.
func (s *streetIndex) nearest(pt orb.Point, maxMeters float64) int32 {
	best, bestD := int32(-1), math.Inf(1)
	for r := int32(0); ; r++ {
		if s.grid.RingMeters(pt, r) > math.Min(bestD, maxMeters) {
			break
		}
		s.grid.Ring(pt, r, func(g int32) bool {
			if j := s.last; j < 0 || g < s.firstSeg[j] || g >= s.segmentEnd(j) {
				j = sort.Search(len(s.firstSeg), func(j int) bool { return s.firstSeg[j] > g }) - 1
				s.last, s.lastGeom = j, s.b.places[s.streets[j]].geom.geometry()
			}
			a, b := segmentAt(s.lastGeom, g-s.firstSeg[s.last])
			if d, _ := polygon.SegmentDistanceMeters(pt, a, b); d < bestD {
				best, bestD = s.streets[s.last], d
			}
			return true
		})
	}
	if bestD > maxMeters {
		return -1
	}
	return best
}

// geometryDistance is the distance in meters from pt to geometry g.
func geometryDistance(g orb.Geometry, pt orb.Point) float64 {
	best := math.Inf(1)
	line := func(ls []orb.Point) {
		if len(ls) == 1 {
			best = math.Min(best, polygon.DistanceMeters(pt, ls[0]))
		}
		for k := 0; k+1 < len(ls); k++ {
			if d, _ := polygon.SegmentDistanceMeters(pt, ls[k], ls[k+1]); d < best {
				best = d
			}
		}
	}
	switch g := g.(type) {
	case orb.Point:
		line([]orb.Point{g})
	case orb.LineString:
		line(g)
	case orb.MultiLineString:
		for _, ls := range g {
			line(ls)
		}
	case orb.Polygon:
		if polygon.PolygonContains(g, pt) {
			return 0
		}
		for _, r := range g {
			line(r)
		}
	case orb.MultiPolygon:
		for _, p := range g {
			if polygon.PolygonContains(p, pt) {
				return 0
			}
			for _, r := range p {
				line(r)
			}
		}
	}
	return best
}
