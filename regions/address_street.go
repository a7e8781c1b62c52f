// address_street.go matches houses and POIs to their parent street:
// addr:street is compared with every name variant of the named streets
// (rank 26/27 places) using engine/text's normalized Variants, and the
// nearest street (by distance to its geometry) carrying that name wins;
// addr:place is matched against places of rank 16..25 the same way (by
// centroid distance). Members with role house of type=associatedStreet
// relations take the relation's street first. Without a match the nearest
// named street within a limit is the parent, found through a grid of
// street segments.

package regions

import (
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/grid"
	"waymark/engine/text"
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

func (b *placeBuilder) newStreetIndex() *streetIndex {
	s := &streetIndex{b: b, grid: grid.New(0.005), places: map[string][]int32{}, last: -1}
	// The streets are counted first and their lists made at once.
	n := 0
	for _, p := range b.places {
		if p == nil {
			continue
		}
		if p.linked == 0 && len(p.names) > 0 && (p.rankAddress == 26 || p.rankAddress == 27) {
			n++
		}
	}
	s.streets, s.firstSeg = make([]int32, 0, n), make([]int32, 0, n)
	byNorm := map[string][]int32{}
	for i, p := range b.places {
		if p == nil {
			continue
		}
		if p.linked > 0 || len(p.names) == 0 {
			continue
		}
		switch {
		case p.rankAddress == 26 || p.rankAddress == 27:
			addVariants(byNorm, p, int32(i))
			s.addGeometry(int32(i), p.geom.geometry())
		case p.rankAddress >= 16 && p.rankAddress <= 25 || (p.kind.class == "place" && p.rankSearch < 26):
			addVariants(s.places, p, int32(i))
		}
	}
	s.byNorm = make(map[string]*nameStreets, len(byNorm))
	for v, l := range byNorm {
		ns := newNameStreets(l, b.places)
		ns.idx, ns.pos, ns.minLon = coldCopy(b.cold, ns.idx), coldCopy(b.cold, ns.pos), coldCopy(b.cold, ns.minLon)
		s.byNorm[v] = ns
	}
	s.streets, s.firstSeg = coldCopy(b.cold, s.streets), coldCopy(b.cold, s.firstSeg)
	s.grid.Compact()
	s.addAssociatedStreets()
	return s
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
func (s *streetIndex) addAssociatedStreets() {
	streetOf := map[int64][]int32{}
	for i, p := range s.b.places {
		if p == nil {
			continue
		}
		if p.osmType == 'W' && (p.rankAddress == 26 || p.rankAddress == 27) && p.linked == 0 {
			streetOf[p.osmID] = append(streetOf[p.osmID], int32(i))
		}
	}
	s.assoc = map[osmRef][]int32{}
	for r := range s.b.d.Relations() {
		if t := r.Tags.Find("type"); t != "associatedStreet" && t != "street" {
			continue
		}
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
	for _, t := range p.names {
		for _, n := range text.Variants(t.value) {
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
	dlat := maxNameMatchMeters / metersPerDegree
	reach := math.Abs(pt[1]) + dlat
	dlon := math.Inf(1)
	if reach < 89 {
		dlon = maxNameMatchMeters / (math.Cos(reach*math.Pi/180) * metersPerDegree) * (1 + 1e-6)
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
	kx := math.Cos(math.Min(lat, 90)*math.Pi/180) * metersPerDegree
	dx, dy := (q[0]-pt[0])*kx, (q[1]-pt[1])*metersPerDegree
	return math.Sqrt(dx*dx+dy*dy) * (1 - 1e-6)
}

// placeByName returns the nearest place (rank 16..25) named name, or -1.
func (s *streetIndex) placeByName(name string, pt orb.Point) int32 {
	best, bestD := int32(-1), math.Inf(1)
	for _, i := range matches(s.places, name) {
		p := s.b.places[i]
		d := distanceMeters(pt, p.centroid)
		if p.area > 0 && geometryContains(p.geom.geometry(), pt) {
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
			if d, _ := segmentDistanceMeters(pt, a, b); d < bestD {
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
			best = math.Min(best, distanceMeters(pt, ls[0]))
		}
		for k := 0; k+1 < len(ls); k++ {
			if d, _ := segmentDistanceMeters(pt, ls[k], ls[k+1]); d < best {
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
		if polygonContains(g, pt) {
			return 0
		}
		for _, r := range g {
			line(r)
		}
	case orb.MultiPolygon:
		for _, p := range g {
			if polygonContains(p, pt) {
				return 0
			}
			for _, r := range p {
				line(r)
			}
		}
	}
	return best
}
