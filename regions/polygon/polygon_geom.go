// polygon_geom.go holds the small planar geometry the import needs on
// lon/lat degrees: signed ring area, point in ring/polygon (even-odd rule),
// a point guaranteed inside an area (for centroids of concave areas), the
// middle of a line, and metric distances (equirectangular approximation,
// good to well under 1% at the distances addressing cares about: < 50 km).

package polygon

import (
	"math"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"

	"waymark/engine/sphere"
)

const MetersPerDegree = sphere.MetersPerDegree

// ringSignedArea is the signed shoelace area of r in square degrees, positive for
// counter-clockwise rings.
func ringSignedArea(r orb.Ring) float64 {
	var s float64
	for i := 0; i+1 < len(r); i++ {
		s += r[i][0]*r[i+1][1] - r[i+1][0]*r[i][1]
	}
	return s / 2
}

// ringContains reports whether p lies inside r (even-odd rule; points on
// the boundary may go either way).
func ringContains(r orb.Ring, p orb.Point) bool {
	in := false
	x, y := p[0], p[1]
	n := len(r)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		yi, yj := r[i][1], r[j][1]
		if (yi > y) != (yj > y) {
			xi, xj := r[i][0], r[j][0]
			if x < (xj-xi)*(y-yi)/(yj-yi)+xi {
				in = !in
			}
		}
	}
	return in
}

// PolygonContains reports whether p is inside the outer ring of poly and in
// none of its holes.
func PolygonContains(poly orb.Polygon, p orb.Point) bool {
	if len(poly) == 0 || !ringContains(poly[0], p) {
		return false
	}
	for _, h := range poly[1:] {
		if ringContains(h, p) {
			return false
		}
	}
	return true
}

// GeometryContains reports whether the areal geometry g contains p; lines
// and points contain nothing.
func GeometryContains(g orb.Geometry, p orb.Point) bool {
	switch g := g.(type) {
	case orb.Polygon:
		return PolygonContains(g, p)
	case orb.MultiPolygon:
		for _, poly := range g {
			if PolygonContains(poly, p) {
				return true
			}
		}
	}
	return false
}

// GeometryArea is the unsigned area of an areal geometry in square degrees
// (0 for others).
func GeometryArea(g orb.Geometry) float64 {
	switch g := g.(type) {
	case orb.Polygon:
		return math.Abs(planar.Area(g))
	case orb.MultiPolygon:
		return math.Abs(planar.Area(g))
	}
	return 0
}

// IsAreal reports whether g is a Polygon or MultiPolygon.
func IsAreal(g orb.Geometry) bool {
	switch g.(type) {
	case orb.Polygon, orb.MultiPolygon:
		return true
	}
	return false
}

// AreaCentroid returns a point inside the areal geometry g: its area
// centroid when that is inside, else a point on the surface of its largest
// polygon.
func AreaCentroid(g orb.Geometry) orb.Point {
	c, _ := planar.CentroidArea(g)
	if GeometryContains(g, c) {
		return c
	}
	var largest orb.Polygon
	switch g := g.(type) {
	case orb.Polygon:
		largest = g
	case orb.MultiPolygon:
		best := -1.0
		for _, p := range g {
			if a := math.Abs(ringSignedArea(p[0])); a > best {
				best, largest = a, p
			}
		}
	}
	if p, ok := pointOnSurface(largest); ok {
		return p
	}
	return c
}

// pointOnSurface returns a point inside poly: the middle of the widest
// interior interval of a horizontal scan line through the middle of its
// bounding box (nudged off vertex latitudes).
func pointOnSurface(poly orb.Polygon) (orb.Point, bool) {
	if len(poly) == 0 || len(poly[0]) < 4 {
		return orb.Point{}, false
	}
	b := poly[0].Bound()
	for _, frac := range []float64{0.5, 0.37, 0.63, 0.21, 0.79} {
		y := b.Min[1] + (b.Max[1]-b.Min[1])*frac
		y += (b.Max[1] - b.Min[1]) * 1e-7 // avoid vertex latitudes
		var xs []float64
		for _, r := range poly {
			n := len(r)
			for i, j := 0, n-1; i < n; j, i = i, i+1 {
				yi, yj := r[i][1], r[j][1]
				if (yi > y) != (yj > y) {
					xs = append(xs, (r[j][0]-r[i][0])*(y-yi)/(yj-yi)+r[i][0])
				}
			}
		}
		sort.Float64s(xs)
		bestW, bestX := 0.0, 0.0
		for i := 0; i+1 < len(xs); i += 2 {
			if w := xs[i+1] - xs[i]; w > bestW {
				bestW, bestX = w, (xs[i]+xs[i+1])/2
			}
		}
		if bestW > 0 {
			return orb.Point{bestX, y}, true
		}
	}
	return orb.Point{}, false
}

// LineMiddle returns the point halfway along ls (by planar length).
func LineMiddle(ls orb.LineString) orb.Point {
	if len(ls) == 0 {
		return orb.Point{}
	}
	total := 0.0
	for i := 1; i < len(ls); i++ {
		total += planar.Distance(ls[i-1], ls[i])
	}
	if total == 0 {
		return ls[0]
	}
	half := total / 2
	for i := 1; i < len(ls); i++ {
		d := planar.Distance(ls[i-1], ls[i])
		if d >= half && d > 0 {
			t := half / d
			return orb.Point{ls[i-1][0] + (ls[i][0]-ls[i-1][0])*t, ls[i-1][1] + (ls[i][1]-ls[i-1][1])*t}
		}
		half -= d
	}
	return ls[len(ls)-1]
}

// DistanceMeters is the distance between a and b in meters.
func DistanceMeters(a, b orb.Point) float64 {
	kx := math.Cos((a[1]+b[1])/2*math.Pi/180) * MetersPerDegree
	dx := (a[0] - b[0]) * kx
	dy := (a[1] - b[1]) * MetersPerDegree
	return math.Sqrt(dx*dx + dy*dy)
}

// SegmentDistanceMeters is the distance in meters from p to the segment a-b,
// and the closest point of the segment.
func SegmentDistanceMeters(p, a, b orb.Point) (float64, orb.Point) {
	kx := math.Cos(p[1]*math.Pi/180) * MetersPerDegree
	ax, ay := (a[0]-p[0])*kx, (a[1]-p[1])*MetersPerDegree
	bx, by := (b[0]-p[0])*kx, (b[1]-p[1])*MetersPerDegree
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = -(ax*dx + ay*dy) / l2
		t = math.Max(0, math.Min(1, t))
	}
	cx, cy := ax+t*dx, ay+t*dy
	return math.Sqrt(cx*cx + cy*cy), orb.Point{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t}
}
