// postcode.go computes postcodes: one centroid per (country, postcode) from
// the objects tagged with addr:postcode (those of their country's format,
// in its form: postcode_format.go) (mean position after dropping
// points more than postcodeOutlierMeters from the median), plus the codes of
// boundary=postal_code areas that no address carries (area centroid). Each
// centroid becomes a places row (class place, type postcode, osm_type '')
// and a postcodes row whose address lines are the areas containing it (no
// place nodes, like Nominatim's postcode_update).
//
// Then every place Nominatim gives a postcode (search rank above 8, not a
// long river) and that has no tagged one gets an effective one: the
// boundary=postal_code area containing it, else (streets) the most common
// code of the houses on it, (houses and POIs) the parent street's, else
// Nominatim's get_nearest_postcode: for an area the single postcode
// centroid inside it (none when several: Oberland has none, Triesen 9495),
// for the rest the nearest centroid of its country within 0.05°.

package places

import (
	"context"
	"math"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"

	"waymark/engine/grid"
	"waymark/regions/extract"
	"waymark/regions/polygon"
)

const (
	postcodeOutlierMeters = 20_000
	// postcodeNearestDegrees is how far get_nearest_postcode looks.
	postcodeNearestDegrees = 0.05
)

// postcodeRow is one row of the postcodes table.
type postcodeRow struct {
	postcode, country string
	place             int32 // index of the place row
	centroid          orb.Point
	bound             orb.Bound
	count             int
	area              int32 // index+1 of the postal_code area, 0 for none
}

type postcodeKey struct{ country, postcode string }

// postcodeCentroid returns the mean of pts without outliers and their bbox.
func postcodeCentroid(pts []orb.Point) (orb.Point, orb.Bound, int) {
	xs := make([]float64, len(pts))
	ys := make([]float64, len(pts))
	for i, p := range pts {
		xs[i], ys[i] = p[0], p[1]
	}
	sort.Float64s(xs)
	sort.Float64s(ys)
	med := orb.Point{xs[len(xs)/2], ys[len(ys)/2]}
	var sum orb.Point
	n := 0
	bound := orb.Bound{Min: med, Max: med}
	for _, p := range pts {
		if polygon.DistanceMeters(p, med) > postcodeOutlierMeters {
			continue
		}
		sum[0] += p[0]
		sum[1] += p[1]
		bound = bound.Extend(p)
		n++
	}
	if n == 0 {
		return med, bound, 0
	}
	return orb.Point{sum[0] / float64(n), sum[1] / float64(n)}, bound, n
}

func (b *placeBuilder) computePostcodes(ctx context.Context) error {
	points := map[postcodeKey][]orb.Point{}
	areas := map[postcodeKey]int32{}
	ax := &postcodeAreaIndex{cells: grid.New(0.05)}
	// street -> tagged codes of its houses, counted: a street has one
	// or a few (a slice where a map per street took ~300 bytes: LI ×64,
	// 4 MB of the step's peak).
	onStreet := map[int32][]postcodeCount{}
	err := b.eachPlace(func(i int32, p *place, _ bool) error {
		if p.kind.class == "boundary" && p.kind.typ == "postal_code" {
			if p.postcode() != "" && p.area > 0 {
				k := postcodeKey{p.country.String(), p.postcode()}
				if _, ok := areas[k]; !ok {
					areas[k] = i
				}
				ax.cells.Insert(int32(len(ax.ids)), p.bound)
				ax.ids = append(ax.ids, i)
				ax.prepared = append(ax.prepared, b.preparedArea(p))
			}
			return nil
		}
		if p.is(tagPostcode) && !p.is(inheritedPostcode) && p.linked == 0 && (p.housenumber() != "" || p.rankSearch >= 26) {
			k := postcodeKey{p.country.String(), p.postcode()}
			points[k] = append(points[k], p.centroid)
		}
		if p.is(tagPostcode) && p.parent > 0 && p.rankSearch >= 28 {
			onStreet[p.parent-1] = countPostcode(onStreet[p.parent-1], p.postcode())
		}
		return nil
	})
	if err != nil {
		return err
	}
	keys := make([]postcodeKey, 0, len(points)+len(areas))
	for k := range points {
		keys = append(keys, k)
	}
	for k := range areas {
		if _, ok := points[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].country != keys[j].country {
			return keys[i].country < keys[j].country
		}
		return keys[i].postcode < keys[j].postcode
	})
	var rows []postcodeRow
	for _, k := range keys {
		row := postcodeRow{postcode: k.postcode, country: k.country}
		if ai, ok := areas[k]; ok {
			row.area = ai + 1
		}
		if pts := points[k]; len(pts) > 0 {
			row.centroid, row.bound, row.count = postcodeCentroid(pts)
		} else {
			a := b.places[areas[k]]
			row.centroid, row.bound = a.centroid, a.bound
		}
		p := &place{
			kind: b.kindOf("place", "postcode"), adminLevel: 15, name: k.postcode,
			nameTags: &extract.TagMap{{Key: "ref", Value: k.postcode}}, code: b.codes.ref(k.postcode), flags: tagPostcode,
			country: toCountry(k.country), rankSearch: 21, rankAddress: 0,
			centroid: row.centroid, bound: row.bound, geom: mustShape(row.centroid),
		}
		b.appendPlace(p)
		row.place = int32(len(b.places) - 1)
		p.lines = b.addrIdx.areaLines(p.centroid, p.country, row.place, 21)
		rows = append(rows, row)
	}
	b.postcodes = rows
	b.postcodeAreas = ax
	b.im.Count("postcodes", len(rows))

	// Effective postcodes, streets before houses (a stable sort by
	// address rank). The leaves take theirs as they are written
	// (leafPostcode), from what is final here; postcodeBefore keeps the
	// codes this loop changed, for a leaf that comes before its parent
	// in this order.
	order := make([]int32, 0, len(b.places))
	for i, p := range b.records() {
		if p != nil && wantsPostcode(p) {
			order = append(order, int32(i))
		}
	}
	sortPlaces(b, order, true, func(p *place) int8 { return p.rankAddress })
	b.postcodeBefore = map[int32]string{}
	for _, i := range order {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		p := b.places[i]
		before := p.postcode()
		best := ax.smallest(b.places, p.centroid)
		switch {
		case best >= 0:
			p.code = b.places[best].code
		case p.rankAddress == 26 || p.rankAddress == 27:
			p.code = b.codes.ref(mostCommon(onStreet[i]))
		case p.parent > 0 && p.rankSearch >= 28:
			p.code = b.places[p.parent-1].code
		}
		if p.postcode() == "" {
			p.code = b.codes.ref(nearestPostcode(rows, p))
		}
		if p.postcode() != before {
			b.postcodeBefore[i] = before
		}
	}
	return nil
}

// postcodeAreaIndex holds the boundary=postal_code areas.
type postcodeAreaIndex struct {
	cells    *grid.Index
	ids      []int32 // place indexes
	prepared []*polygon.PreparedArea
}

// smallest returns the index of the smallest postcode area containing pt,
// or -1.
func (x *postcodeAreaIndex) smallest(places []*place, pt orb.Point) int32 {
	best := int32(-1)
	x.cells.At(pt, func(k int32) bool {
		a := places[x.ids[k]]
		if (best < 0 || a.area < places[best].area) && x.prepared[k].Contains(pt) {
			best = x.ids[k]
		}
		return true
	})
	return best
}

// leafPostcode gives leaf p of index i its effective postcode as the loop
// of computePostcodes would have in its place.
func (b *placeBuilder) leafPostcode(i int32, p *place) {
	if !wantsPostcode(p) {
		return
	}
	best := b.postcodeAreas.smallest(b.places, p.centroid)
	switch {
	case best >= 0:
		p.code = b.places[best].code
	case p.rankAddress == 26 || p.rankAddress == 27:
		// No leaf has a street's rank (isLeaf).
	case p.parent > 0 && p.rankSearch >= 28:
		par := p.parent - 1
		p.code = b.places[par].code
		if before, ok := b.postcodeBefore[par]; ok {
			pr := b.places[par].rankAddress
			if !(pr < p.rankAddress || (pr == p.rankAddress && par < i)) {
				p.code = b.codes.ref(before) // the parent came after p
			}
		}
	}
	if p.postcode() == "" {
		p.code = b.codes.ref(nearestPostcode(b.postcodes, p))
	}
}

// wantsPostcode is Nominatim's condition for computing a postcode: search
// rank above 8 (not countries or states), and not a long line outside the
// address hierarchy (rivers).
func wantsPostcode(p *place) bool {
	if p.is(tagPostcode) || p.linked > 0 || p.rankSearch <= 8 || p.kind.typ == "postcode" {
		return false
	}
	if p.rankAddress > 0 {
		return true
	}
	switch g := p.geom.geometry().(type) {
	case orb.LineString:
		return planar.Length(g) < 0.02
	case orb.MultiLineString:
		return planar.Length(g) < 0.02
	}
	return true
}

// postcodeCount is a postcode and how many houses of a street have it.
type postcodeCount struct {
	code string
	n    int
}

// countPostcode returns counts with one more house of code.
func countPostcode(counts []postcodeCount, code string) []postcodeCount {
	for k := range counts {
		if counts[k].code == code {
			counts[k].n++
			return counts
		}
	}
	return append(counts, postcodeCount{code, 1})
}

// mostCommon returns the code most houses have, of equal counts the
// smallest ("" for none).
func mostCommon(counts []postcodeCount) string {
	best, n := "", 0
	for _, c := range counts {
		if c.n > n || (c.n == n && c.code < best) {
			best, n = c.code, c.n
		}
	}
	return best
}

// nearestPostcode is Nominatim's get_nearest_postcode: an area gets the
// postcode whose centroid it contains when there is exactly one; anything
// else the nearest centroid of its country within postcodeNearestDegrees.
func nearestPostcode(rows []postcodeRow, p *place) string {
	country := p.country.String()
	if p.area > 0 {
		found := ""
		var g orb.Geometry // decoded at the first centroid in the bound
		for _, r := range rows {
			if r.country != country || !p.bound.Contains(r.centroid) {
				continue
			}
			if g == nil {
				g = p.geom.geometry()
			}
			if polygon.GeometryContains(g, r.centroid) {
				if found != "" {
					return ""
				}
				found = r.postcode
			}
		}
		return found
	}
	best, bestD := "", math.Inf(1)
	for _, r := range rows {
		if r.country != country {
			continue
		}
		dx, dy := p.centroid[0]-r.centroid[0], p.centroid[1]-r.centroid[1]
		if d := math.Hypot(dx, dy); d < bestD && d <= postcodeNearestDegrees {
			best, bestD = r.postcode, d
		}
	}
	return best
}
