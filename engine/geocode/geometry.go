package geocode

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
	"github.com/paulmach/orb/simplify"
)

// Simplify returns g simplified with Douglas-Peucker at threshold degrees.
// A threshold <= 0 (or NaN) returns g unchanged. Rings are kept valid: a
// polygon whose outer ring would collapse keeps its original ring, and
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
			if i == 0 {
				s = r
			} else {
				continue
			}
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
// equator) to meters on the WGS84 mean sphere.
const metersPerDegree = 111319.49
