// address_country.go assigns places.country_code. Nominatim falls back on a
// static country grid; packs hold only what the extract says, so the
// fallbacks are data-driven. In order:
//
//  1. the object's own ISO3166-1 tag (country boundaries), or the prefix of
//     its ISO3166-2 tag (states: "AT-8" gives "at");
//  2. the smallest admin_level=2 area with an ISO3166-1 tag containing the
//     centroid;
//  3. the ISO3166-2 prefix of the smallest assembled area containing it;
//  4. its own country tags (country_code, addr:country, is_in:country_code);
//  5. beside a border whose country relations did not assemble (extracts
//     cut through neighbours): the nearest border way within
//     borderSearchMeters names the candidate countries (the relations it is
//     a member of); those whose assembled area does not contain the point
//     drop out; of several, a country whose capital (admin_centre/label
//     node) is in the extract claims the point when the line from the
//     point to the capital crosses its border ways an even number of times
//     and is dropped otherwise; a single remaining one is the answer;
//  6. far from any border way: a cluster of places (grid cells of 0.25°
//     touching each other) whose known codes are all one country gives that
//     code (the Alabama area of the LI extract has no country relation but
//     US-tagged addresses).
//
// Places left without a code have country_code ''.

package places

import (
	"context"
	"math"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/grid"
	"waymark/regions/extract"
	"waymark/regions/polygon"
)

const borderSearchMeters = 30_000

func ownCountryCode(tags osm.Tags) string {
	if c := countryCodeOf(tags); c != "" {
		return c
	}
	if v := strings.TrimSpace(tags.Find("ISO3166-2")); len(v) > 3 && v[2] == '-' {
		return strings.ToLower(v[:2])
	}
	return ""
}

func taggedCountryCode(tags osm.Tags) string {
	for _, k := range []string{"addr:country", "is_in:country_code", "country"} {
		if v := strings.ToLower(strings.TrimSpace(tags.Find(k))); len(v) == 2 {
			return v
		}
	}
	return ""
}

type countryArea struct {
	code string
	area *polygon.PreparedArea
	size float64
}

func (b *placeBuilder) assignCountries(ctx context.Context) error {
	var countries, subdivisions []countryArea
	cgrid, sgrid := grid.New(0.25), grid.New(0.25)
	assembled := map[string]bool{}
	for _, p := range b.records() {
		if p == nil || p.area == 0 || p.kind.class != "boundary" {
			continue
		}
		if code := countryCodeOf(p.keptTags()); code != "" && p.adminLevel == 2 {
			cgrid.Insert(int32(len(countries)), p.bound)
			countries = append(countries, countryArea{code, b.preparedArea(p), p.area})
			assembled[code] = true
		} else if code := ownCountryCode(p.keptTags()); code != "" {
			sgrid.Insert(int32(len(subdivisions)), p.bound)
			subdivisions = append(subdivisions, countryArea{code, b.preparedArea(p), p.area})
		}
	}
	within := func(g *grid.Index, list []countryArea, pt orb.Point) string {
		best := -1
		g.At(pt, func(id int32) bool {
			c := list[id]
			if (best < 0 || c.size < list[best].size) && c.area.Contains(pt) {
				best = int(id)
			}
			return true
		})
		if best < 0 {
			return ""
		}
		return list[best].code
	}
	borders := b.newBorderIndex(assembled)
	countryOf := func(p *place) (string, bool) {
		code := ownCountryCode(p.keptTags())
		if code == "" {
			code = within(cgrid, countries, p.centroid)
		}
		if code == "" {
			code = within(sgrid, subdivisions, p.centroid)
		}
		if code == "" {
			code = taggedCountryCode(p.keptTags())
		}
		near := false
		if code == "" {
			code, near = borders.country(p.centroid)
		}
		return code, code == "" && !near
	}
	var unknown []*place
	for _, p := range b.records() {
		if p == nil {
			continue
		}
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		code, lost := countryOf(p)
		if p.country = toCountry(code); lost {
			unknown = append(unknown, p)
		}
	}
	// The leaves' codes are kept by position until buildAddresses.
	b.leafCountry = coldMake[uint32](b.cold, b.leaves.count)
	codeIndex := map[string]uint32{"": 0}
	b.countryCodes = []string{""}
	var unknownLeaves []leafPoint
	err := eachLeaf(b.leaves, func(k int, _ int32, p *place) error {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		code, lost := countryOf(p)
		if lost {
			unknownLeaves = append(unknownLeaves, leafPoint{k, p.centroid})
		}
		c, ok := codeIndex[code]
		if !ok {
			c = uint32(len(b.countryCodes))
			codeIndex[code] = c
			b.countryCodes = append(b.countryCodes, code)
		}
		b.leafCountry[k] = c
		return nil
	})
	if err != nil {
		return err
	}
	return b.countryByCluster(unknown, unknownLeaves, codeIndex)
}

// leafPoint is a leaf by position in the spill, with its centroid.
type leafPoint struct {
	k  int
	at orb.Point
}

// borderIndex holds the member ways of country relations whose area did
// not assemble, with the countries each way separates.
// borderSegment is a segment of a country's border way (way: its index
// in the border index's ways).
type borderSegment struct {
	way  int32
	a, b orb.Point
}

type borderIndex struct {
	grid     *grid.Index
	segments segmentBlocks
	ways     [][]string // codes per way
	// assembled marks the countries with an assembled area.
	assembled map[string]bool
	// centre holds the admin_centre/label node of countries that have it
	// in the extract.
	centre map[string]orb.Point
	// byCountry lists the border segments of each country as ranges
	// [first, end) of segment indexes, one a member way (a way twice a
	// member counts twice, as its segments did one by one).
	byCountry map[string][][2]int32
}

// segmentBlocks holds border segments in blocks of borderBlock (segment k
// is blocks[k/borderBlock][k%borderBlock]), each block copied into the
// cold store when full: a ×400 extract's tiling repeats two countries'
// borders 400 times, 60 MB of segments, and the store takes pieces of at
// most coldChunk/16, so the one slice there was before stayed in the heap.
type segmentBlocks struct {
	cold   *coldStore
	blocks [][]borderSegment
	cur    []borderSegment // the block being filled, in the heap
	n      int
}

// borderBlock is how many segments a block holds: 2.5 MB.
const borderBlock = 1 << 16

// add appends s as segment len().
func (x *segmentBlocks) add(s borderSegment) {
	if x.cur == nil {
		x.cur = make([]borderSegment, 0, borderBlock)
	}
	x.cur = append(x.cur, s)
	x.n++
	if len(x.cur) == borderBlock {
		x.flush()
	}
}

// flush copies the block being filled into the cold store (or keeps it in
// the heap, without a store).
func (x *segmentBlocks) flush() {
	if len(x.cur) == 0 {
		return
	}
	kept := coldCopy(x.cold, x.cur)
	x.blocks = append(x.blocks, kept)
	if &kept[0] == &x.cur[0] { // stays in the heap as it is
		x.cur = nil
	} else {
		x.cur = x.cur[:0]
	}
}

func (x *segmentBlocks) len() int { return x.n }

// at returns segment k; the segments must be flushed.
func (x *segmentBlocks) at(k int32) borderSegment {
	return x.blocks[k/borderBlock][k%borderBlock]
}

func (b *placeBuilder) newBorderIndex(assembled map[string]bool) *borderIndex {
	x := &borderIndex{grid: grid.New(0.02), centre: map[string]orb.Point{}, byCountry: map[string][][2]int32{}}
	x.segments.cold = b.cold
	wayIdx := map[osm.WayID]int32{}
	var segRange [][2]int32 // segments of each way
	for r := range b.d.Relations() {
		if r.Tags.Find("boundary") != "administrative" || strings.TrimSpace(r.Tags.Find("admin_level")) != "2" {
			continue
		}
		code := countryCodeOf(r.Tags)
		if code == "" {
			continue
		}
		for _, m := range r.Members {
			if m.Type == osm.TypeNode && (m.Role == "admin_centre" || m.Role == "label") {
				if q, ok := b.d.MemberPoint(osm.NodeID(m.Ref)); ok {
					x.centre[code] = q
				}
			}
			if m.Type != osm.TypeWay {
				continue
			}
			w := b.d.Way(osm.WayID(m.Ref))
			if w == nil {
				continue
			}
			wi, ok := wayIdx[w.ID]
			if !ok {
				wi = int32(len(x.ways))
				wayIdx[w.ID] = wi
				x.ways = append(x.ways, nil)
				ls := w.Line()
				first := int32(x.segments.len())
				for k := 0; k+1 < len(ls); k++ {
					x.grid.Insert(int32(x.segments.len()), orb.Bound{Min: ls[k], Max: ls[k]}.Extend(ls[k+1]))
					x.segments.add(borderSegment{way: wi, a: ls[k], b: ls[k+1]})
				}
				segRange = append(segRange, [2]int32{first, int32(x.segments.len())})
			}
			x.ways[wi] = append(x.ways[wi], code)
			if segRange[wi][0] < segRange[wi][1] {
				x.byCountry[code] = append(x.byCountry[code], segRange[wi])
			}
		}
	}
	x.segments.flush()
	// A way whose every country assembled cannot tell anything new.
	useful := false
	for _, codes := range x.ways {
		for _, c := range codes {
			useful = useful || !assembled[c]
		}
	}
	if !useful {
		x.segments = segmentBlocks{}
	}
	// The segments (above, block by block) and the lists are read, never
	// changed, from here: into the cold store (LI ×64, whose tiling cuts
	// 64 copies of two countries' borders: ~7 MB of assignCountries'
	// peak; ×400: 60 MB, which the store took whole before the blocks).
	for c, l := range x.byCountry {
		x.byCountry[c] = coldCopy(b.cold, l)
	}
	x.assembled = assembled
	return x
}

// country returns the single country the nearest border way leaves for a
// point outside every assembled country area, or "". When several remain,
// a country whose admin_centre or label node lies in the extract (an
// extract around Monaco or Andorra holds that country's capital, not its
// neighbours') decides by the parity of border crossings between the point
// and its capital. near reports whether a border way was within reach.
func (x *borderIndex) country(pt orb.Point) (code string, near bool) {
	if x.segments.len() == 0 {
		return "", false
	}
	best, bestD := int32(-1), math.Inf(1)
	for r := int32(0); ; r++ {
		if x.grid.RingMeters(pt, r) > math.Min(bestD, borderSearchMeters) {
			break
		}
		x.grid.Ring(pt, r, func(k int32) bool {
			seg := x.segments.at(k)
			if d, _ := polygon.SegmentDistanceMeters(pt, seg.a, seg.b); d < bestD {
				best, bestD = seg.way, d
			}
			return true
		})
	}
	if best < 0 || bestD > borderSearchMeters {
		return "", false
	}
	var cands []string
	for _, c := range x.ways[best] {
		if !x.assembled[c] && !contains(cands, c) { // assembled ones do not contain pt
			cands = append(cands, c)
		}
	}
	if len(cands) > 1 {
		// A country whose capital is in the extract decides by parity: the
		// line from pt to the capital crosses its border ways an even
		// number of times exactly when pt is inside.
		var rest []string
		for _, c := range cands {
			q, ok := x.centre[c]
			if !ok {
				rest = append(rest, c)
				continue
			}
			if x.crossings(c, pt, q)%2 == 0 {
				return c, true
			}
		}
		cands = rest
	}
	if len(cands) != 1 {
		return "", true
	}
	return cands[0], true
}

// crossings counts the border segments of country code crossed by the
// segment p-q.
func (x *borderIndex) crossings(code string, p, q orb.Point) int {
	n := 0
	for _, span := range x.byCountry[code] {
		for k := span[0]; k < span[1]; k++ {
			if sg := x.segments.at(k); segmentsCross(p, q, sg.a, sg.b) {
				n++
			}
		}
	}
	return n
}

// segmentsCross reports whether segments p1-p2 and p3-p4 properly cross.
func segmentsCross(p1, p2, p3, p4 orb.Point) bool {
	d := func(a, b, c orb.Point) float64 { return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0]) }
	d1, d2 := d(p3, p4, p1), d(p3, p4, p2)
	d3, d4 := d(p1, p2, p3), d(p1, p2, p4)
	return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// countryByCluster gives unknown places the country of their cluster when
// the cluster's known places all share one.
func (b *placeBuilder) countryByCluster(unknown []*place, unknownLeaves []leafPoint, codeIndex map[string]uint32) error {
	if len(unknown) == 0 && len(unknownLeaves) == 0 {
		return nil
	}
	const cell = 0.25
	key := func(p orb.Point) grid.Key {
		return grid.Key{X: int32(math.Floor(p[0] / cell)), Y: int32(math.Floor(p[1] / cell))}
	}
	// Every place's cell, with the one code of its places that have one
	// ("*" when several).
	cellCode := map[grid.Key]string{}
	addCell := func(at orb.Point, code string) {
		k := key(at)
		switch c, ok := cellCode[k]; {
		case !ok || c == "":
			cellCode[k] = code
		case code != "" && c != code:
			cellCode[k] = "*"
		}
	}
	for _, p := range b.records() {
		if p != nil {
			addCell(p.centroid, p.country.String())
		}
	}
	err := eachLeaf(b.leaves, func(k int, _ int32, p *place) error {
		addCell(p.centroid, b.countryCodes[b.leafCountry[k]])
		return nil
	})
	if err != nil {
		return err
	}
	parent := map[grid.Key]grid.Key{}
	var find func(k grid.Key) grid.Key
	find = func(k grid.Key) grid.Key {
		for parent[k] != k {
			parent[k] = parent[parent[k]]
			k = parent[k]
		}
		return k
	}
	for k := range cellCode {
		parent[k] = k
	}
	for k := range parent {
		for dx := int32(-1); dx <= 1; dx++ {
			for dy := int32(-1); dy <= 1; dy++ {
				n := grid.Key{X: k.X + dx, Y: k.Y + dy}
				if _, ok := parent[n]; ok {
					if a, c := find(k), find(n); a != c {
						parent[a] = c
					}
				}
			}
		}
	}
	codes := map[grid.Key]string{} // root -> code, "*" when several
	for k, code := range cellCode {
		if code == "" {
			continue
		}
		r := find(k)
		switch c, ok := codes[r]; {
		case !ok:
			codes[r] = code
		case c != code:
			codes[r] = "*"
		}
	}
	for _, p := range unknown {
		if c := codes[find(key(p.centroid))]; c != "" && c != "*" {
			p.country = toCountry(c)
		}
	}
	for _, l := range unknownLeaves {
		if c := codes[find(key(l.at))]; c != "" && c != "*" {
			idx, ok := codeIndex[c]
			if !ok {
				idx = uint32(len(b.countryCodes))
				codeIndex[c] = idx
				b.countryCodes = append(b.countryCodes, c)
			}
			b.leafCountry[l.k] = idx
		}
	}
	return nil
}

// addMissingCountries adds a places row (osm_type ”, class place, type
// country) for every country whose admin_level=2 relation is in the extract
// but did not assemble, so "Schweiz" or "Switzerland" stays searchable like
// in Nominatim, which falls back on its country grid. Its geometry is the
// convex hull of the extract's places of that country, its centroid the
// relation's label or admin_centre node when present. It is not an address
// area (the hull is not the territory): address parts of rank 4 come from
// the countries table by country_code.
func (b *placeBuilder) addMissingCountries(context.Context) error {
	have := map[string]bool{}
	pts := map[string][]orb.Point{}
	for _, p := range b.records() {
		if p == nil || p.country == (countryCode{}) {
			continue
		}
		if p.rankAddress == 4 && p.linked == 0 && (p.area > 0 || (p.kind.class == "place" && p.kind.typ == "country")) {
			have[p.country.String()] = true // an assembled boundary or an unlinked place=country node
		}
		pts[p.country.String()] = append(pts[p.country.String()], p.centroid)
	}
	// The leaves' points count for the countries that may need a hull
	// (the hull does not depend on the order of its points).
	wanted := map[string]bool{}
	for r := range b.d.Relations() {
		if r.Tags.Find("boundary") == "administrative" && strings.TrimSpace(r.Tags.Find("admin_level")) == "2" {
			if code := countryCodeOf(r.Tags); code != "" && !have[code] {
				wanted[code] = true
			}
		}
	}
	if len(wanted) > 0 {
		err := eachLeaf(b.leaves, func(_ int, _ int32, p *place) error {
			if wanted[p.country.String()] {
				pts[p.country.String()] = append(pts[p.country.String()], p.centroid)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	for r := range b.d.Relations() {
		if r.Tags.Find("boundary") != "administrative" || strings.TrimSpace(r.Tags.Find("admin_level")) != "2" {
			continue
		}
		code := countryCodeOf(r.Tags)
		names, _ := extractNames(r.Tags)
		if code == "" || have[code] || len(names) == 0 || len(pts[code]) == 0 {
			continue
		}
		have[code] = true
		hull := convexHull(pts[code])
		var g orb.Geometry = hull[0]
		if len(hull) >= 4 {
			g = orb.Polygon{hull}
		}
		c := hull[0]
		if len(hull) >= 4 {
			c = polygon.AreaCentroid(g)
		}
		if q, ok := b.relationPoint(r); ok && (len(hull) < 4 || polygon.GeometryContains(g, q)) {
			c = q
		}
		b.appendPlace(&place{
			kind: b.kindOf("place", "country"), adminLevel: 15, name: defaultName(names), nameTags: nameRef(names),
			country: toCountry(code), extratags: extract.PackTags(extratagsOf(r.Tags, "boundary")), rankSearch: 4, rankAddress: 4,
			centroid: c, bound: g.Bound(), geom: mustShape(g), later: &placeLater{tags: r.Tags},
		})
		b.im.Count("countries without boundary (hull)", 1)
	}
	return nil
}

// convexHull returns the closed convex hull ring of pts (Andrew's monotone
// chain); fewer than 3 distinct points give them unclosed.
func convexHull(pts []orb.Point) orb.Ring {
	ps := append([]orb.Point(nil), pts...)
	sort.Slice(ps, func(i, j int) bool {
		if ps[i][0] != ps[j][0] {
			return ps[i][0] < ps[j][0]
		}
		return ps[i][1] < ps[j][1]
	})
	uniq := ps[:0]
	for i, p := range ps {
		if i == 0 || p != ps[i-1] {
			uniq = append(uniq, p)
		}
	}
	ps = uniq
	if len(ps) < 3 {
		return orb.Ring(ps)
	}
	cross := func(o, a, b orb.Point) float64 { return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0]) }
	hull := make(orb.Ring, 0, 2*len(ps))
	for _, p := range ps {
		for len(hull) >= 2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	lower := len(hull) + 1
	for i := len(ps) - 2; i >= 0; i-- {
		p := ps[i]
		for len(hull) >= lower && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	if len(hull) < 4 { // collinear points
		return orb.Ring(ps[:1])
	}
	return hull // last point equals the first: closed
}
