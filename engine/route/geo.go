package route

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

func rad(d float64) float64 { return d * math.Pi / 180 }

// GreatCircle returns the great-circle distance between a and b in meters
// (haversine, on OSRM's Earth radius), as routing measures straight lines.
func GreatCircle(a, b orb.Point) float64 { return haversine(a, b) }

// haversine returns the great-circle distance between a and b in meters.
func haversine(a, b orb.Point) float64 { return sphere.Distance(a, b) }

// bearing returns the initial bearing from a to b in degrees [0, 360).
func bearing(a, b orb.Point) float64 {
	lat1, lat2 := rad(a[1]), rad(b[1])
	dlon := rad(b[0] - a[0])
	y := math.Sin(dlon) * math.Cos(lat2)
	x := math.Cos(lat1)*math.Sin(lat2) - math.Sin(lat1)*math.Cos(lat2)*math.Cos(dlon)
	br := math.Atan2(y, x) * 180 / math.Pi
	if br < 0 {
		br += 360
	}
	if br >= 360 {
		br -= 360
	}
	return br
}

// turnAngle returns the signed turn from bearing in to bearing out in
// degrees (-180, 180]: positive turns right, negative left.
func turnAngle(in, out float64) float64 {
	a := math.Mod(out-in+540, 360) - 180
	if a == -180 {
		a = 180
	}
	return a
}

// angleDiff returns the absolute difference of two bearings in [0, 180].
func angleDiff(a, b float64) float64 {
	d := math.Abs(math.Mod(a-b+360, 360))
	if d > 180 {
		d = 360 - d
	}
	return d
}

// project returns the point of segment ab nearest to p, the fraction t of
// the way from a to b, and the distance from p in meters. It works in a
// local equirectangular projection, exact enough for road segments.
func project(p, a, b orb.Point) (orb.Point, float64, float64) {
	k := math.Cos(rad(p[1]))
	ax, ay := (a[0]-p[0])*k, a[1]-p[1]
	bx, by := (b[0]-p[0])*k, b[1]-p[1]
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = -(ax*dx + ay*dy) / l
	}
	if t < 0 {
		t = 0
	} else if t > 1 {
		t = 1
	}
	q := orb.Point{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1])}
	return q, t, haversine(p, q)
}

// lookBearing is the distance in meters over which road bearings at a
// junction are measured, so short kinks at the node do not dominate.
const lookBearing = 10.0

// startBearing returns the bearing leaving pts[0] along pts.
func startBearing(pts []orb.Point) float64 {
	acc := 0.0
	for i := 1; i < len(pts); i++ {
		acc += haversine(pts[i-1], pts[i])
		if acc >= lookBearing || i == len(pts)-1 {
			if pts[i] == pts[0] {
				continue
			}
			return bearing(pts[0], pts[i])
		}
	}
	return 0
}

// endBearing returns the bearing arriving at the last point of pts.
func endBearing(pts []orb.Point) float64 {
	n := len(pts)
	acc := 0.0
	for i := n - 2; i >= 0; i-- {
		acc += haversine(pts[i], pts[i+1])
		if acc >= lookBearing || i == 0 {
			if pts[i] == pts[n-1] {
				continue
			}
			return bearing(pts[i], pts[n-1])
		}
	}
	return 0
}

// reversed returns a reversed copy of pts.
func reversed(pts []orb.Point) []orb.Point {
	r := make([]orb.Point, len(pts))
	for i, p := range pts {
		r[len(pts)-1-i] = p
	}
	return r
}
