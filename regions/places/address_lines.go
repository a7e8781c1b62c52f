// address_lines.go computes every place's address lines (the rows of
// place_addressline) and parent_place_id; see address.go for the rules.
// Order matters: areas and place nodes first, then streets (rank 26/27),
// then houses and POIs, which reuse their parent's lines.

package places

import (
	"context"
	"math"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/paulmach/osm"

	"waymark/engine/grid"
	"waymark/regions/polygon"
)

// addressIndex finds address candidates around a place.
type addressIndex struct {
	b        *placeBuilder
	areas    *grid.Index // address areas by bbox
	areaIDs  []int32
	prepared []*polygon.PreparedArea
	// geoms holds the areas' decoded geometries (their shapes stay
	// encoded): the prepared areas' rings are theirs, and linesFrom
	// tests place nodes against the chosen area.
	geoms   []orb.Geometry
	nodes   *grid.Index // place nodes by fuzzy area
	nodeIDs []int32
}

func (b *placeBuilder) newAddressIndex() *addressIndex {
	x := &addressIndex{b: b, areas: grid.New(0.02), nodes: grid.New(0.02)}
	x.areas.MaxCells = 1 << 14
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if p.linked > 0 || p.rankAddress <= 0 || p.rankAddress >= 26 {
			continue
		}
		if p.area > 0 {
			x.areas.Insert(int32(len(x.areaIDs)), p.bound)
			x.areaIDs = append(x.areaIDs, int32(i))
			g := p.geom.geometry()
			b.cold.area(g)
			pa := polygon.PrepareArea(g)
			b.cold.prepared(pa)
			x.geoms = append(x.geoms, g)
			x.prepared = append(x.prepared, pa)
		} else if p.kind.class == "place" || p.osmType == 'N' {
			x.nodes.Insert(int32(len(x.nodeIDs)), nodeFuzzyArea(p.centroid, int(p.rankSearch)))
			x.nodeIDs = append(x.nodeIDs, int32(i))
		}
	}
	return x
}

type candidate struct {
	idx      int32
	k        int32 // the area's number in the index (fromArea)
	rank     int
	area     float64
	distance float64 // meters, 0 for areas
	fromArea bool
}

// containing returns the address areas containing pt (excluding self),
// of address rank below cutoff, in country (Nominatim partitions address
// lookups by country too).
func (x *addressIndex) containing(pt orb.Point, country countryCode, self int32, cutoff int, out []candidate) []candidate {
	x.areas.At(pt, func(k int32) bool {
		i := x.areaIDs[k]
		p := x.b.places[i]
		if i == self || int(p.rankAddress) >= cutoff || !p.bound.Contains(pt) || !sameCountry(p.country, country) {
			return true
		}
		if x.prepared[k].Contains(pt) {
			out = append(out, candidate{idx: i, k: k, rank: int(p.rankAddress), area: p.area, fromArea: true})
		}
		return true
	})
	return out
}

// lines computes the address lines of place self (geometry g, centroid
// pt) whose parents have address ranks below cutoff, like Nominatim's
// insert_addresslines: candidates are the areas containing pt and the
// place nodes whose fuzzy area g touches, ordered by rank, areas before
// nodes, then distance. A node outside the last chosen area is dropped;
// the first candidate of each rank is the address part unless a place node
// chosen before does not cover it.
func (x *addressIndex) lines(g orb.Geometry, pt orb.Point, country countryCode, self int32, cutoff int) []addressLine {
	return x.linesFrom(g, pt, country, self, cutoff, true)
}

// areaLines is lines without place nodes: Nominatim hangs postcodes on the
// highest-rank area containing them (postcode_update ignores guesses).
func (x *addressIndex) areaLines(pt orb.Point, country countryCode, self int32, cutoff int) []addressLine {
	return x.linesFrom(pt, pt, country, self, cutoff, false)
}

func (x *addressIndex) linesFrom(g orb.Geometry, pt orb.Point, country countryCode, self int32, cutoff int, withNodes bool) []addressLine {
	cands := x.containing(pt, country, self, cutoff, nil)
	seen := map[int32]bool{}
	visit := func(at orb.Point) {
		if !withNodes {
			return
		}
		x.nodes.At(at, func(k int32) bool {
			i := x.nodeIDs[k]
			p := x.b.places[i]
			if seen[i] || i == self || int(p.rankAddress) >= cutoff || !sameCountry(p.country, country) {
				return true
			}
			seen[i] = true
			if !geometryTouchesBound(g, pt, nodeFuzzyArea(p.centroid, int(p.rankSearch))) {
				return true
			}
			// Nominatim orders by the distance between the centroids.
			cands = append(cands, candidate{idx: i, rank: int(p.rankAddress), distance: polygon.DistanceMeters(pt, p.centroid)})
			return true
		})
	}
	visit(pt)
	if ls, ok := g.(orb.LineString); ok {
		for _, q := range ls {
			visit(q)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	sort.Slice(cands, func(i, j int) bool {
		a, c := cands[i], cands[j]
		if a.rank != c.rank {
			return a.rank < c.rank
		}
		if a.fromArea != c.fromArea {
			return a.fromArea
		}
		if a.fromArea {
			return a.area < c.area
		}
		return a.distance < c.distance
	})
	out := make([]addressLine, 0, len(cands))
	var boundary orb.Geometry // last isaddress area
	var nodeArea *orb.Bound
	have := map[int]bool{}
	for _, c := range cands {
		cp := x.b.places[c.idx].centroid
		if !c.fromArea && boundary != nil && !polygon.GeometryContains(boundary, cp) {
			continue // a place node outside the chosen area is no part of this address
		}
		isAddr := !have[c.rank]
		if isAddr && nodeArea != nil && !nodeArea.Contains(cp) {
			isAddr = false
		}
		if isAddr {
			have[c.rank] = true
			if c.fromArea {
				boundary = x.geoms[c.k]
			} else {
				fa := nodeFuzzyArea(cp, int(x.b.places[c.idx].rankSearch))
				nodeArea = &fa
			}
		}
		out = append(out, addressLine{parent: c.idx, rank: int16(c.rank), isAddress: isAddr, distance: c.distance, fromArea: c.fromArea})
	}
	return out
}

// nodeFuzzyArea is the area a place node stands for in addresses:
// Nominatim's place_node_fuzzy_area, the envelope of the points radius
// meters away to the north-east and south-west (radius 15 km for cities,
// 4 km towns, 2 km villages, 1 km hamlets, 500 m for smaller places).
func nodeFuzzyArea(c orb.Point, rankSearch int) orb.Bound {
	radius := 500.0
	switch {
	case rankSearch <= 16:
		radius = 15000
	case rankSearch <= 18:
		radius = 4000
	case rankSearch <= 19:
		radius = 2000
	case rankSearch <= 20:
		radius = 1000
	}
	half := radius * math.Sqrt2 / 2
	dlat := half / polygon.MetersPerDegree
	dlon := dlat / math.Cos(c[1]*math.Pi/180)
	return orb.Bound{Min: orb.Point{c[0] - dlon, c[1] - dlat}, Max: orb.Point{c[0] + dlon, c[1] + dlat}}
}

// geometryTouchesBound reports whether g (a line: any of its segments;
// anything else: its centroid pt) meets the box b.
func geometryTouchesBound(g orb.Geometry, pt orb.Point, b orb.Bound) bool {
	ls, ok := g.(orb.LineString)
	if !ok {
		return b.Contains(pt)
	}
	for i := range ls {
		if b.Contains(ls[i]) {
			return true
		}
		if i > 0 && segmentCrossesBound(ls[i-1], ls[i], b) {
			return true
		}
	}
	return false
}

// segmentCrossesBound reports whether segment a-b crosses the edges of box.
func segmentCrossesBound(a, b orb.Point, box orb.Bound) bool {
	corners := [4]orb.Point{box.Min, {box.Max[0], box.Min[1]}, box.Max, {box.Min[0], box.Max[1]}}
	for i := 0; i < 4; i++ {
		if segmentsCross(a, b, corners[i], corners[(i+1)%4]) {
			return true
		}
	}
	return false
}

// cutoffOf is the rank below which a place's address parts lie: its
// address rank, at most 25 (streets, houses and POIs); for features outside the
// address hierarchy (rank_address 0) Nominatim's geometry_to_rank, which
// lets a long river or a big forest hang only on large areas.
func cutoffOf(p *place) int {
	r := int(p.rankAddress)
	if r <= 0 {
		r = geometryRank(p)
	}
	if r > 25 {
		r = 25 // Nominatim: max_rank 25 for streets, houses and POIs
	}
	return r
}

// geometryRank is Nominatim's geometry_to_rank: the search rank for
// points, else a rank from the area (lines: 0.1 * length²) in square
// degrees, scaled for countries of unusual size.
func geometryRank(p *place) int {
	var area float64
	switch g := p.geom.geometry().(type) {
	case orb.Polygon, orb.MultiPolygon:
		area = p.area
	case orb.LineString:
		l := planar.Length(g)
		area = l * l * 0.1
	case orb.MultiLineString:
		l := planar.Length(g)
		area = l * l * 0.1
	default:
		return int(p.rankSearch)
	}
	switch p.country.String() {
	case "ca", "au", "ru":
		area /= 5
	case "br", "kz", "cn", "us", "ne", "gb", "za", "sa", "id", "eh", "ml", "tm":
		area /= 3
	case "bo", "ar", "sd", "mn", "in", "et", "cd", "mz", "ly", "cl", "zm":
		area /= 2
	case "sg", "ws", "st", "kn":
		area *= 5
	case "dm", "mt", "lc", "gg", "sc", "nr":
		area *= 20
	}
	switch {
	case area > 1:
		return 7
	case area > 0.1:
		return 9
	case area > 0.01:
		return 13
	case area > 0.001:
		return 17
	case area > 0.0001:
		return 19
	case area > 0.000005:
		return 21
	}
	return 23
}

func (b *placeBuilder) buildAddresses(ctx context.Context) error {
	x := b.newAddressIndex()
	streets := b.newStreetIndex()
	b.addrIdx, b.streetIdx = x, streets
	// Pass 1: everything but houses/POIs; streets after areas (their
	// lines only depend on areas and nodes).
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		if p.rankSearch >= 28 {
			continue
		}
		// Linked nodes get lines too (lookup shows their address), but
		// the indexes never offer them as parents.
		b.setLines(p, x.lines(p.geom.geometry(), p.centroid, p.country, int32(i), cutoffOf(p)))
		if p.linked == 0 {
			for k := len(p.lines) - 1; k >= 0; k-- {
				if l := p.lines[k]; l.isAddress {
					p.parent = l.parent + 1
					break
				}
			}
		}
	}
	// Pass 2: houses and POIs hang on their street or addr:place place;
	// POI nodes without an address first inherit their building's.
	if err := b.inheritBuildingAddresses(ctx); err != nil {
		return err
	}
	// Every place has its country and inherited address now: its tagged
	// postcode is checked against the country's format (the leaves' below).
	for _, p := range b.records() {
		if p != nil {
			b.checkPostcode(p)
		}
	}
	// Those in memory cell by cell too (streetIndex.window), in index
	// order within a cell.
	var houses []int32
	for i, p := range b.records() {
		if p == nil {
			continue
		}
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		if p.linked > 0 || p.rankSearch < 28 {
			continue
		}
		houses = append(houses, int32(i))
	}
	sortPlaces(b, houses, true, func(p *place) uint64 { return cellKey(p.centroid, leafCellDegrees) })
	for _, i := range houses {
		b.addressHouse(x, streets, i, b.places[i])
	}
	// The leaves, with their country and inherited address, addressed
	// cell by cell (placeSorter, cellKey), then back in index order into
	// a new spill.
	byCell := newPlaceSorter(b.d.TmpDir, sortRunBytes)
	defer byCell.close()
	err := eachLeaf(b.leaves, func(k int, i int32, p *place) error {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		p.country = toCountry(b.countryCodes[b.leafCountry[k]])
		if bd := b.inherited[i]; bd != nil {
			b.inheritAddress(p, bd)
		}
		b.checkPostcode(p)
		return byCell.add(cellKey(p.centroid, leafCellDegrees), i, p)
	})
	if err != nil {
		return err
	}
	b.leaves.close()
	b.leafCountry, b.countryCodes, b.inherited = nil, nil, nil
	byIndex := newPlaceSorter(b.d.TmpDir, sortRunBytes)
	defer byIndex.close()
	n := 0
	err = byCell.each(func(_ uint64, i int32, p *place) error {
		if n++; n%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		b.addressHouse(x, streets, i, p)
		return byIndex.add(uint64(i), i, p)
	})
	if err != nil {
		return err
	}
	byCell.close()
	out, err := newPlaceSpill(b.d.TmpDir)
	if err != nil {
		return err
	}
	err = byIndex.each(func(_ uint64, i int32, p *place) error { return out.add(i, p) })
	if err != nil {
		out.close()
		return err
	}
	b.leaves = out
	return nil
}

// addressHouse finds the parent of a rank >= 28 place and its lines, like
// Nominatim's find_parent_for_poi: an associatedStreet relation's street,
// else the street named by addr:street, else the place named by
// addr:place; else, for small features, the nearest street (within
// maxParentStreetMeters) — but a house whose addr:place names an unknown
// place keeps its own areas, as do large features.
func (b *placeBuilder) addressHouse(x *addressIndex, streets *streetIndex, self int32, p *place) {
	streets = streets.window(p.centroid)
	parent := streets.associated(p)
	if parent < 0 && p.street() != "" {
		parent = streets.byName(p.street(), p.centroid)
	}
	if parent < 0 && p.addrPlace() != "" {
		parent = streets.placeByName(p.addrPlace(), p.centroid)
		if parent < 0 && p.street() == "" {
			parent = streets.byName(p.addrPlace(), p.centroid)
		}
	}
	placeAddr := p.addrPlace() != "" && p.street() == ""
	small := (p.bound.Max[0]-p.bound.Min[0])*(p.bound.Max[1]-p.bound.Min[1]) < 0.005
	if parent < 0 && !placeAddr && small {
		parent = streets.nearest(p.centroid, maxParentStreetMeters)
	}
	if parent < 0 || parent == self {
		b.setLines(p, x.lines(p.geom.geometry(), p.centroid, p.country, self, cutoffOf(p)))
		return
	}
	par := b.places[parent]
	p.parent = parent + 1
	b.setLines(p, []addressLine{{parent: parent, rank: int16(par.rankAddress), isAddress: true,
		distance: math.Round(polygon.DistanceMeters(p.centroid, par.centroid)), fromArea: false}})
	// The parent is a street or a place (rank < 28), whose lines are its
	// own: the house's address continues with them (fullLines), stored
	// once for all the houses of the street.
	p.mark(inherits, true)
}

// fullLines returns every address line of p, appended to buf: its own
// and, when it inherits its parent's (addressHouse), the parent's lines,
// those of the parent's own rank or above no longer the address part (an
// addr:place place replaces that rank). place_addressline stores only the
// first part; the engine reads the parent's rows for the rest.
func (b *placeBuilder) fullLines(p *place, buf []addressLine) []addressLine {
	buf = append(buf[:0], p.lines...)
	if !p.is(inherits) {
		return buf
	}
	par := b.places[p.lines[0].parent]
	for _, l := range par.lines {
		if int(l.rank) >= int(par.rankAddress) && l.isAddress {
			l.isAddress = false
		}
		buf = append(buf, l)
	}
	return buf
}

// sameCountry reports whether two country codes may share an address;
// an unknown code matches any.
func sameCountry(a, b countryCode) bool { return a == countryCode{} || b == countryCode{} || a == b }

// inheritBuildingAddresses gives POI nodes without any address tag the
// address of the building area they lie in or on (a vertex of its outline:
// ST_Covers counts the boundary) — housenumber, street, place, postcode —
// like Nominatim's placex_update: the building whose outline has the node
// (the last in index order), else the first building containing it (those
// spanning more than grid.DefaultMaxCells cells of 0.002° first, as a grid
// of buildings would give them). POIs in memory take it at once, leaves
// when buildAddresses reads them (inherited).
//
// Two passes over the places: the POIs without an address, then the
// buildings with one, looked up in a grid of the POIs (there are fewer of
// them than of buildings in a country, and only their matches are kept).
func (b *placeBuilder) inheritBuildingAddresses(ctx context.Context) error {
	type poi struct { // 32 bytes (a country has a million)
		at     orb.Point
		i      int32
		vertex int32 // building whose outline has the node, -1 for none
		inside int32 // first building containing the node, -1 for none
		large  bool  // inside is a large building
	}
	var pois []poi
	cells := grid.New(0.002)
	// byNode holds the first of a node's POIs and their number (the
	// places of a node are one after the other): a list each took 32
	// bytes more.
	byNode := map[int64][2]int32{}
	seen := 0
	cancelled := func() error { // every 4096 places: a country has millions
		if seen++; seen&4095 == 0 {
			return ctx.Err()
		}
		return nil
	}
	err := b.eachPlace(func(i int32, p *place, _ bool) error {
		if err := cancelled(); err != nil {
			return err
		}
		if p.osmType != 'N' || p.rankSearch < 28 || p.housenumber() != "" || p.street() != "" || p.addrPlace() != "" {
			return nil
		}
		k := int32(len(pois))
		pois = append(pois, poi{i: i, at: p.centroid, vertex: -1, inside: -1})
		cells.InsertPoint(k, p.centroid)
		if n, ok := byNode[p.osmID]; ok {
			byNode[p.osmID] = [2]int32{n[0], n[1] + 1}
		} else {
			byNode[p.osmID] = [2]int32{k, 1}
		}
		return nil
	})
	if err != nil || len(pois) == 0 {
		return err
	}
	cells.Compact()
	buildings := map[int32]*buildingAddress{} // the buildings some POI takes
	spans := grid.New(0.002)                  // the building grid's cells, to tell large buildings
	err = b.eachPlace(func(i int32, p *place, _ bool) error {
		if err := cancelled(); err != nil {
			return err
		}
		if !(p.rankSearch > 28 && p.area > 0 && p.linked == 0 && (p.housenumber() != "" || p.street() != "" || p.addrPlace() != "")) {
			return nil
		}
		used := false
		if p.osmType == 'W' {
			if w := b.d.Way(osm.WayID(p.osmID)); w != nil {
				for _, wn := range w.Nodes {
					n := byNode[int64(wn)]
					for k := n[0]; k < n[0]+n[1]; k++ {
						pois[k].vertex, used = i, true
					}
				}
			}
		}
		lo, hi := spans.Key(p.bound.Min), spans.Key(p.bound.Max)
		large := (int64(hi.X)-int64(lo.X)+1)*(int64(hi.Y)-int64(lo.Y)+1) > grid.DefaultMaxCells
		var g orb.Geometry // decoded at the first POI in the bound
		cells.Box(p.bound, func(k int32) bool {
			q := &pois[k]
			if q.inside >= 0 && (q.large || !large) {
				return true // an earlier building comes first
			}
			if !p.bound.Contains(q.at) {
				return true
			}
			if g == nil {
				g = p.geom.geometry()
			}
			if polygon.GeometryContains(g, q.at) {
				q.inside, q.large, used = i, large, true
			}
			return true
		})
		if used {
			buildings[i] = &buildingAddress{
				housenumber: p.housenumber(), street: p.street(), addrPlace: p.addrPlace(),
				postcode: p.postcode(), tagPostcode: p.is(tagPostcode),
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	b.inherited = map[int32]*buildingAddress{}
	for _, q := range pois {
		bi := q.vertex
		if bi < 0 {
			bi = q.inside
		}
		if bi < 0 {
			continue
		}
		bd := buildings[bi]
		if p := b.places[q.i]; p != nil {
			b.inheritAddress(p, bd)
		} else {
			b.inherited[q.i] = bd
		}
	}
	return nil
}

// buildingAddress is what a POI takes of the building it is in or on:
// 72 bytes a building, where a place record with its placeLater took
// ~340 (a country has hundreds of thousands of such buildings, held
// through the step and, for the leaves' POIs, to buildAddresses).
type buildingAddress struct {
	housenumber, street, addrPlace, postcode string
	tagPostcode                              bool
}

// inheritAddress gives p the address of building bd.
func (b *placeBuilder) inheritAddress(p *place, bd *buildingAddress) {
	b.setAddress(p, bd.housenumber, bd.street, bd.addrPlace)
	if !p.is(tagPostcode) && bd.tagPostcode {
		p.code = b.codes.ref(bd.postcode)
		p.mark(tagPostcode|inheritedPostcode, true)
	}
}
