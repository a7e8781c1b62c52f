// postcode.go computes postcodes: one centroid per (country, postcode) from
// the objects tagged with addr:postcode (mean position after dropping
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

package regions

import (
	"context"
	"math"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"

	"waymark/engine/grid"
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
		if distanceMeters(p, med) > postcodeOutlierMeters {
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
	cells := grid.New(0.05)
	var areaIDs []int32
	var prepared []*preparedArea
	for i, p := range b.places {
		if p.class == "boundary" && p.typ == "postal_code" {
			if p.postcode != "" && p.area > 0 {
				k := postcodeKey{p.country, p.postcode}
				if _, ok := areas[k]; !ok {
					areas[k] = int32(i)
				}
				cells.Insert(int32(len(areaIDs)), p.bound)
				areaIDs = append(areaIDs, int32(i))
				prepared = append(prepared, prepareArea(p.geom))
			}
			continue
		}
		if p.tagPostcode && !p.inheritedPostcode && p.linked == 0 && (p.housenumber != "" || p.rankSearch >= 26) {
			k := postcodeKey{p.country, p.postcode}
			points[k] = append(points[k], p.centroid)
		}
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
			class: "place", typ: "postcode", adminLevel: 15, name: k.postcode,
			names: tagMap{{"ref", k.postcode}}, postcode: k.postcode, tagPostcode: true,
			country: k.country, rankSearch: 21, rankAddress: 0,
			centroid: row.centroid, bound: row.bound, geom: row.centroid,
		}
		b.places = append(b.places, p)
		row.place = int32(len(b.places) - 1)
		p.lines = b.addrIdx.areaLines(p.centroid, p.country, row.place, 21)
		rows = append(rows, row)
	}
	b.postcodes = rows
	b.im.Count("postcodes", len(rows))

	// Effective postcodes, streets before houses.
	order := make([]int32, 0, len(b.places))
	for i, p := range b.places {
		if wantsPostcode(p) {
			order = append(order, int32(i))
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return b.places[order[i]].rankAddress < b.places[order[j]].rankAddress })
	onStreet := map[int32]map[string]int{} // street -> tagged codes of its houses
	for _, p := range b.places {
		if p.tagPostcode && p.parent > 0 && p.rankSearch >= 28 {
			m := onStreet[p.parent-1]
			if m == nil {
				m = map[string]int{}
				onStreet[p.parent-1] = m
			}
			m[p.postcode]++
		}
	}
	for _, i := range order {
		if b.tick() && ctx.Err() != nil {
			return ctx.Err()
		}
		p := b.places[i]
		best := int32(-1)
		cells.At(p.centroid, func(k int32) bool {
			a := b.places[areaIDs[k]]
			if (best < 0 || a.area < b.places[best].area) && prepared[k].contains(p.centroid) {
				best = areaIDs[k]
			}
			return true
		})
		switch {
		case best >= 0:
			p.postcode = b.places[best].postcode
		case p.rankAddress == 26 || p.rankAddress == 27:
			p.postcode = mostCommon(onStreet[i])
		case p.parent > 0 && p.rankSearch >= 28:
			p.postcode = b.places[p.parent-1].postcode
		}
		if p.postcode == "" {
			p.postcode = nearestPostcode(rows, p)
		}
	}
	return nil
}

// wantsPostcode is Nominatim's condition for computing a postcode: search
// rank above 8 (not countries or states), and not a long line outside the
// address hierarchy (rivers).
func wantsPostcode(p *place) bool {
	if p.tagPostcode || p.linked > 0 || p.rankSearch <= 8 || p.typ == "postcode" {
		return false
	}
	if p.rankAddress > 0 {
		return true
	}
	switch g := p.geom.(type) {
	case orb.LineString:
		return planar.Length(g) < 0.02
	case orb.MultiLineString:
		return planar.Length(g) < 0.02
	}
	return true
}

func mostCommon(m map[string]int) string {
	best, n := "", 0
	for k, c := range m {
		if c > n || (c == n && k < best) {
			best, n = k, c
		}
	}
	return best
}

// nearestPostcode is Nominatim's get_nearest_postcode: an area gets the
// postcode whose centroid it contains when there is exactly one; anything
// else the nearest centroid of its country within postcodeNearestDegrees.
func nearestPostcode(rows []postcodeRow, p *place) string {
	if p.area > 0 {
		found := ""
		for _, r := range rows {
			if r.country == p.country && p.bound.Contains(r.centroid) && geometryContains(p.geom, r.centroid) {
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
		if r.country != p.country {
			continue
		}
		dx, dy := p.centroid[0]-r.centroid[0], p.centroid[1]-r.centroid[1]
		if d := math.Hypot(dx, dy); d < bestD && d <= postcodeNearestDegrees {
			best, bestD = r.postcode, d
		}
	}
	return best
}
