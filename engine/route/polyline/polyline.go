// Package polyline encodes and decodes Google's encoded polyline format
// (precision 5 for OSRM's "polyline", 6 for "polyline6") and simplifies a
// route's line for overview=simplified as OSRM does (Douglas-Peucker at
// about one pixel of the zoom level that fits the line in a 1000-pixel
// view). Inputs and outputs are orb.Point [lon, lat]; the format stores lat
// first. It knows nothing of graphs: engine/route simplifies its routes
// with it and engine/api writes and parses geometries with it.
package polyline

import (
	"errors"
	"math"
	"strings"

	"github.com/paulmach/orb"
)

// ErrInvalid is returned for a malformed encoded polyline.
var ErrInvalid = errors.New("polyline: invalid polyline")

// Encode encodes points in Google's polyline format with the given
// precision (5 for polyline, 6 for polyline6). Points are [lon, lat];
// the format stores lat first.
func Encode(pts []orb.Point, precision int) string {
	f := math.Pow(10, float64(precision))
	var b strings.Builder
	b.Grow(len(pts) * 8)
	var plat, plon int64
	for _, p := range pts {
		lat := int64(math.Round(p[1] * f))
		lon := int64(math.Round(p[0] * f))
		encodeValue(&b, lat-plat)
		encodeValue(&b, lon-plon)
		plat, plon = lat, lon
	}
	return b.String()
}

func encodeValue(b *strings.Builder, v int64) {
	u := uint64(v) << 1
	if v < 0 {
		u = ^u
	}
	for u >= 0x20 {
		b.WriteByte(byte((0x20 | (u & 0x1f)) + 63))
		u >>= 5
	}
	b.WriteByte(byte(u + 63))
}

// Decode decodes a polyline of the given precision into [lon, lat]
// points. It rejects characters outside the format, truncated values and
// coordinates out of range.
func Decode(s string, precision int) ([]orb.Point, error) {
	f := math.Pow(10, float64(precision))
	var pts []orb.Point
	var lat, lon int64
	i := 0
	next := func() (int64, error) {
		var result uint64
		shift := uint(0)
		for {
			if i >= len(s) {
				return 0, ErrInvalid
			}
			c := int64(s[i]) - 63
			i++
			if c < 0 || c > 63 || shift > 60 {
				return 0, ErrInvalid
			}
			result |= uint64(c&0x1f) << shift
			shift += 5
			if c < 0x20 {
				break
			}
		}
		v := int64(result >> 1)
		if result&1 != 0 {
			v = ^v
		}
		return v, nil
	}
	for i < len(s) {
		dlat, err := next()
		if err != nil {
			return nil, err
		}
		dlon, err := next()
		if err != nil {
			return nil, err
		}
		lat += dlat
		lon += dlon
		p := orb.Point{float64(lon) / f, float64(lat) / f}
		if math.Abs(p[0]) > 180 || math.Abs(p[1]) > 90 {
			return nil, ErrInvalid
		}
		pts = append(pts, p)
	}
	return pts, nil
}

// Simplify reduces pts with Douglas-Peucker at a tolerance fitting the
// zoom level at which the whole line fills a ~1000-pixel view (about one
// pixel), as OSRM's overview=simplified does.
func Simplify(pts []orb.Point) []orb.Point {
	if len(pts) <= 2 {
		return pts
	}
	b := bound(pts)
	span := math.Max(b.Max[0]-b.Min[0], (b.Max[1]-b.Min[1])*1.5)
	if span <= 0 {
		return []orb.Point{pts[0], pts[len(pts)-1]}
	}
	// zoom z shows 360/2^z degrees in 256 px; pick z so span fits 1000 px
	z := math.Floor(math.Log2(360 * 1000 / 256 / span))
	z = math.Max(0, math.Min(18, z))
	tolDeg := 360 / math.Pow(2, z) / 256 // one pixel in degrees
	tol2 := tolDeg * tolDeg
	k := math.Cos((b.Min[1] + b.Max[1]) / 2 * math.Pi / 180)
	// radial pre-pass: drop points within the tolerance of the last kept
	// one; idx lists the indexes of the points left
	idx := make([]int32, 0, len(pts))
	idx = append(idx, 0)
	l := pts[0]
	for i := 1; i < len(pts)-1; i++ {
		dx, dy := (pts[i][0]-l[0])*k, pts[i][1]-l[1]
		if dx*dx+dy*dy > tol2 {
			idx = append(idx, int32(i))
			l = pts[i]
		}
	}
	idx = append(idx, int32(len(pts)-1))
	keep := make([]bool, len(idx))
	keep[0], keep[len(idx)-1] = true, true
	type span2 struct{ a, b int }
	stack := []span2{{0, len(idx) - 1}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		maxD, at := 0.0, -1
		a, c := pts[idx[s.a]], pts[idx[s.b]]
		for i := s.a + 1; i < s.b; i++ {
			if d := segDistDeg(pts[idx[i]], a, c, k); d > maxD {
				maxD, at = d, i
			}
		}
		if at >= 0 && maxD > tolDeg {
			keep[at] = true
			stack = append(stack, span2{s.a, at}, span2{at, s.b})
		}
	}
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	out := make([]orb.Point, 0, n)
	for i, x := range idx {
		if keep[i] {
			out = append(out, pts[x])
		}
	}
	return out
}

// bound is the bounding box of pts (not empty).
func bound(pts []orb.Point) orb.Bound {
	b := orb.Bound{Min: pts[0], Max: pts[0]}
	for _, p := range pts[1:] {
		b.Min[0], b.Max[0] = min(b.Min[0], p[0]), max(b.Max[0], p[0])
		b.Min[1], b.Max[1] = min(b.Min[1], p[1]), max(b.Max[1], p[1])
	}
	return b
}

// segDistDeg is the planar distance (degrees of latitude) from p to
// segment ab with longitudes scaled by k.
func segDistDeg(p, a, b orb.Point, k float64) float64 {
	ax, ay := (a[0]-p[0])*k, a[1]-p[1]
	bx, by := (b[0]-p[0])*k, b[1]-p[1]
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, -(ax*dx+ay*dy)/l))
	}
	x, y := ax+t*dx, ay+t*dy
	return math.Sqrt(x*x + y*y)
}
