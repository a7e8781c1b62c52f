package geocode

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/paulmach/orb/simplify"

	"waymark/engine/sphere"
)

// Simplify returns g simplified with Douglas-Peucker at threshold degrees.
// A threshold <= 0 (or NaN) returns g unchanged. Rings are kept valid, as
// PostGIS ST_SimplifyPreserveTopology keeps them: an outer ring that would
// collapse keeps its first vertex, the vertex farthest from it and the
// vertex farthest from the line through those two (a triangle), and
// collapsed holes are dropped.
func Simplify(g orb.Geometry, threshold float64) orb.Geometry {
	if g == nil || !(threshold > 0) || math.IsInf(threshold, 0) {
		return g
	}
	switch v := g.(type) {
	case orb.Point, orb.MultiPoint:
		return g
	case orb.Polygon:
		return simplifyPolygon(v, threshold)
	case orb.MultiPolygon:
		out := make(orb.MultiPolygon, 0, len(v))
		for _, p := range v {
			out = append(out, simplifyPolygon(p, threshold))
		}
		return out
	}
	return simplify.DouglasPeucker(threshold).Simplify(orb.Clone(g))
}

func simplifyPolygon(p orb.Polygon, threshold float64) orb.Polygon {
	dp := simplify.DouglasPeucker(threshold)
	out := make(orb.Polygon, 0, len(p))
	for i, r := range p {
		s := dp.Ring(r.Clone())
		if len(s) < 4 {
			if i != 0 {
				continue
			}
			s = minimalRing(r)
		}
		out = append(out, s)
	}
	return out
}

// distanceDeg returns the planar distance in degrees from pt to g (0 when
// an areal g contains pt), as PostGIS ST_Distance on WGS84 geometries.
func distanceDeg(g orb.Geometry, pt orb.Point) float64 {
	switch v := g.(type) {
	case orb.Point:
		return planar.Distance(v, pt)
	case orb.Polygon:
		if planar.PolygonContains(v, pt) {
			return 0
		}
		return planar.DistanceFrom(v, pt)
	case orb.MultiPolygon:
		if planar.MultiPolygonContains(v, pt) {
			return 0
		}
		return planar.DistanceFrom(v, pt)
	case nil:
		return math.Inf(1)
	}
	return planar.DistanceFrom(g, pt)
}

// isArea reports whether g is a polygon or multipolygon.
func isArea(g orb.Geometry) bool {
	switch g.(type) {
	case orb.Polygon, orb.MultiPolygon:
		return true
	}
	return false
}

// isLine reports whether g is a line string or multi line string.
func isLine(g orb.Geometry) bool {
	switch g.(type) {
	case orb.LineString, orb.MultiLineString:
		return true
	}
	return false
}

// metersPerDegree converts degrees of latitude (and of longitude at the
// equator) to meters (package sphere).
const metersPerDegree = sphere.MetersPerDegree

// closestPoint returns the point of a line string or multi line string
// closest to pt (planar, in degrees); pt itself for other geometries.
func closestPoint(g orb.Geometry, pt orb.Point) orb.Point {
	var lines []orb.LineString
	switch v := g.(type) {
	case orb.LineString:
		lines = []orb.LineString{v}
	case orb.MultiLineString:
		lines = v
	default:
		return pt
	}
	best, bestD := pt, math.Inf(1)
	for _, l := range lines {
		for i := 0; i+1 < len(l); i++ {
			a, b := l[i], l[i+1]
			dx, dy := b[0]-a[0], b[1]-a[1]
			t := 0.0
			if l2 := dx*dx + dy*dy; l2 > 0 {
				t = math.Max(0, math.Min(1, ((pt[0]-a[0])*dx+(pt[1]-a[1])*dy)/l2))
			}
			q := orb.Point{a[0] + t*dx, a[1] + t*dy}
			if d := math.Hypot(q[0]-pt[0], q[1]-pt[1]); d < bestD {
				best, bestD = q, d
			}
		}
		if len(l) == 1 && planar.Distance(l[0], pt) < bestD {
			best, bestD = l[0], planar.Distance(l[0], pt)
		}
	}
	return best
}

// minimalRing reduces a closed ring to the triangle of its first vertex,
// the vertex farthest from it and the vertex farthest from the segment
// between those two, in ring order; rings of 4 points or fewer (or
// degenerate ones) are returned unchanged.
func minimalRing(r orb.Ring) orb.Ring {
	n := len(r) - 1 // without the closing point
	if n < 4 {
		return r
	}
	far, farD := 0, -1.0
	for i := 1; i < n; i++ {
		if d := planar.Distance(r[0], r[i]); d > farD {
			far, farD = i, d
		}
	}
	third, thirdD := -1, 0.0
	seg := orb.LineString{r[0], r[far]}
	for i := 1; i < n; i++ {
		if i == far {
			continue
		}
		if d := planar.DistanceFrom(seg, r[i]); d > thirdD {
			third, thirdD = i, d
		}
	}
	if third < 0 {
		return r
	}
	a, b := far, third
	if a > b {
		a, b = b, a
	}
	return orb.Ring{r[0], r[a], r[b], r[0]}
}
