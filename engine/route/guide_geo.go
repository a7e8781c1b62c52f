package route

import (
	"math"

	"github.com/paulmach/orb"
)

// Guidance's geometry, as OSRM's util/coordinate_calculation computes it:
// distances and bearings with a cheap ruler taken at the latitude of the
// points (binned in 0.05° bands, as OSRM caches its rulers), so that the
// angles guidance compares with its thresholds are OSRM's; turn angles
// on OSRM's circle (180 straight on, below it right, above it left).

// ruler is a cheap ruler: meters per degree of longitude and latitude.
type ruler struct{ kx, ky float64 }

// rulerBand is the width in degrees of the latitude bands OSRM takes its
// rulers at (90° in 1800 bands).
const rulerBand = 90.0 / 1800

// rulers are the rulers of the bands, made once (OSRM's
// CheapRulerContainer): a ruler costs a cosine and a square root, and
// guidance measures a great deal.
var rulers = func() [1801]ruler {
	var rs [1801]ruler
	for band := range rs {
		rs[band] = newRuler((float64(band) + 0.5) * rulerBand)
	}
	return rs
}()

// newRuler returns the cheap ruler of latitude lat (cheap-ruler's WGS84
// approximation).
func newRuler(lat float64) ruler {
	const (
		re = 6378.137
		fe = 1 / 298.257223563
		e2 = fe * (2 - fe)
	)
	m := math.Pi / 180 * re * 1000
	cos := math.Cos(lat * math.Pi / 180)
	w2 := 1 / (1 - e2*(1-cos*cos))
	w := math.Sqrt(w2)
	return ruler{kx: m * w * cos, ky: m * w * w2 * (1 - e2)}
}

// rulerAt returns the ruler of the band of latitude lat.
func rulerAt(lat float64) ruler {
	// OSRM bins fixed-point latitudes: (|lat·1e6| - 1) / 50000
	fixed := math.Abs(math.Round(lat * 1e6))
	band := int((fixed - 1) / (rulerBand * 1e6))
	return rulers[max(0, min(band, len(rulers)-1))]
}

// longDiff is a-b in degrees of longitude, across the antimeridian (in
// [-180, 180], as math.Remainder(a-b, 360) for longitudes, without its
// cost).
func longDiff(a, b float64) float64 {
	d := a - b
	switch {
	case d > 180:
		d -= 360
	case d < -180:
		d += 360
	}
	return d
}

// gDist returns the distance between a and b in meters (OSRM's
// greatCircleDistance).
func gDist(a, b orb.Point) float64 {
	r := rulerAt((a[1] + b[1]) / 2)
	dx, dy := longDiff(a[0], b[0])*r.kx, (a[1]-b[1])*r.ky
	return math.Sqrt(dx*dx + dy*dy)
}

// gBearing returns the bearing from a to b in [0, 360) (OSRM's bearing);
// 0 for equal points.
func gBearing(a, b orb.Point) float64 {
	r := rulerAt((a[1] + b[1]) / 2)
	dx, dy := longDiff(b[0], a[0])*r.kx, (b[1]-a[1])*r.ky
	if dx == 0 && dy == 0 {
		return 0
	}
	br := math.Atan2(dx, dy) * 180 / math.Pi
	if br < 0 {
		br += 360
	}
	return br
}

// pathLength returns the length of pts in meters.
func pathLength(pts []orb.Point) float64 {
	d := 0.0
	for i := 1; i < len(pts); i++ {
		d += gDist(pts[i-1], pts[i])
	}
	return d
}

// reverseBearing returns the opposite bearing.
func reverseBearing(b float64) float64 {
	if b >= 180 {
		return b - 180
	}
	return b + 180
}

// angleBetween returns the turn angle from a road arriving on bearing in
// onto one leaving on bearing out: 180 straight on, less to the right,
// more to the left, 0 back (OSRM's bearing::angleBetween).
func angleBetween(in, out float64) float64 { return math.Mod(in-out+540, 360) }

// angularDeviation returns the smaller difference of two angles or
// bearings, in [0, 180].
func angularDeviation(a, b float64) float64 {
	d := math.Abs(a - b)
	return math.Min(360-d, d)
}

// restrictAngle brings angle into [0, 360].
func restrictAngle(a float64) float64 {
	for a < 0 {
		a += 360
	}
	for a > 360 {
		a -= 360
	}
	return a
}

// interpolate returns the point at fraction f from a to b.
func interpolate(f float64, a, b orb.Point) orb.Point {
	return orb.Point{a[0] + f*(b[0]-a[0]), a[1] + f*(b[1]-a[1])}
}

// projectOnSegment returns the fraction along segment s-t of the point
// nearest to p, and that point, in the plane of longitude and latitude
// (OSRM's projectPointOnSegment on coordinates).
func projectOnSegment(s, t, p orb.Point) (float64, orb.Point) {
	vx, vy := t[0]-s[0], t[1]-s[1]
	rx, ry := p[0]-s[0], p[1]-s[1]
	l := vx*vx + vy*vy
	if l < 1e-300 {
		return 0, s
	}
	r := (vx*rx + vy*ry) / l
	r = math.Max(0, math.Min(1, r))
	return r, orb.Point{(1-r)*s[0] + r*t[0], (1-r)*s[1] + r*t[1]}
}

// isCCW reports whether a, b, c turn counterclockwise (in longitude and
// latitude).
func isCCW(a, b, c orb.Point) bool {
	return 0.5*(-b[0]*a[1]+c[0]*a[1]+a[0]*b[1]-c[0]*b[1]-a[0]*c[1]+b[0]*c[1]) > 0
}

// mercatorY returns the web mercator y of latitude lat (degrees).
func mercatorY(lat float64) float64 {
	lat = math.Max(-85.051128779806592378, math.Min(85.051128779806592378, lat))
	return 180 / math.Pi * math.Log(math.Tan(math.Pi/4+lat*math.Pi/360))
}

// computeAngle returns the angle at second of the path first, second,
// third in web mercator, in [0, 360): 180 straight (OSRM's
// computeAngle).
func computeAngle(first, second, third orb.Point) float64 {
	if first == second || second == third {
		return 180
	}
	v1x, v1y := first[0]-second[0], mercatorY(first[1])-mercatorY(second[1])
	v2x, v2y := third[0]-second[0], mercatorY(third[1])-mercatorY(second[1])
	a := (math.Atan2(v2y, v2x) - math.Atan2(v1y, v1x)) * 180 / math.Pi
	for a < 0 {
		a += 360
	}
	return a
}

// rotateCCW rotates p about (0, 0) by rad radians counterclockwise.
func rotateCCW(p orb.Point, rad float64) orb.Point {
	c, s := math.Cos(rad), math.Sin(rad)
	return orb.Point{c*p[0] - s*p[1], s*p[0] + c*p[1]}
}

// regressionLine returns two points of the least squares line through
// pts (OSRM's leastSquareRegression): a vertical spread is fitted rotated.
func regressionLine(pts []orb.Point) (orb.Point, orb.Point) {
	n := float64(len(pts))
	minLon, maxLon, minLat, maxLat := pts[0][0], pts[0][0], pts[0][1], pts[0][1]
	for _, p := range pts {
		minLon, maxLon = math.Min(minLon, p[0]), math.Max(maxLon, p[0])
		minLat, maxLat = math.Min(minLat, p[1]), math.Max(maxLat, p[1])
	}
	if maxLat-minLat > 2*(maxLon-minLon) {
		rot := make([]orb.Point, len(pts))
		for i, p := range pts {
			rot[i] = rotateCCW(p, -math.Pi/2)
		}
		a, b := regressionLine(rot)
		return rotateCCW(a, math.Pi/2), rotateCCW(b, math.Pi/2)
	}
	var sLon, sLat float64
	for _, p := range pts {
		sLon += p[0]
		sLat += p[1]
	}
	mLon, mLat := sLon/n, sLat/n
	var vLon, vLat float64
	for _, p := range pts {
		vLon += (p[0] - mLon) * (p[0] - mLon)
		vLat += (p[1] - mLat) * (p[1] - mLat)
	}
	sdLon, sdLat := math.Sqrt(vLon/(n-1)), math.Sqrt(vLat/(n-1))
	if sdLon < 1e-16 || sdLat < 1e-16 {
		return pts[0], pts[len(pts)-1]
	}
	corr := 0.0
	for _, p := range pts {
		corr += (p[0] - mLon) * (p[1] - mLat) / (sdLon * sdLat)
	}
	corr /= n - 1
	slope := corr * sdLat / sdLon
	icpt := mLat - slope*mLon
	const off = 0.00001
	return orb.Point{minLon - off, icpt + slope*(minLon-off)}, orb.Point{maxLon + off, icpt + slope*(maxLon+off)}
}

// areParallel reports whether the regression lines of two point runs
// are within a 20% slope of each other (OSRM's areParallel).
func areParallel(l, r []orb.Point) bool {
	la, lb := regressionLine(l)
	ra, rb := regressionLine(r)
	dl := orb.Point{la[0] - lb[0], la[1] - lb[1]}
	dr := orb.Point{ra[0] - rb[0], ra[1] - rb[1]}
	bl := gBearing(orb.Point{}, dl)
	rot := rotateCCW(dr, (bl-90)*math.Pi/180)
	if rot[0] == 0 {
		return false
	}
	// OSRM takes the slope from (0,0) to the rotated difference
	return math.Abs((0-rot[1])/(0-rot[0])) < 0.2
}

// closestDistance returns the distance from p to the polyline pts.
func closestDistance(p orb.Point, pts []orb.Point) float64 {
	best := math.MaxFloat64
	for i := 1; i < len(pts); i++ {
		_, q := projectOnSegment(pts[i-1], pts[i], p)
		best = math.Min(best, gDist(p, q))
	}
	return best
}

// polygonArea returns the area of the closed ring pts in square meters
// (OSRM's computeArea: shoelace on distances from the southernmost
// latitude).
func polygonArea(pts []orb.Point) float64 {
	if len(pts) == 0 {
		return 0
	}
	ref := pts[0][1]
	for _, p := range pts {
		ref = math.Min(ref, p[1])
	}
	area := 0.0
	prevBase := orb.Point{pts[0][0], ref}
	prevY := gDist(prevBase, pts[0])
	for _, p := range pts[1:] {
		base := orb.Point{p[0], ref}
		y := gDist(base, p)
		chunk := gDist(prevBase, base) * (prevY + y)
		if base[0] >= prevBase[0] {
			area += chunk
		} else {
			area -= chunk
		}
		prevBase, prevY = base, y
	}
	return area / 2
}
