package contour

import (
	"math"

	"github.com/paulmach/orb"
	dp "github.com/paulmach/orb/simplify"
)

// Shaping a contour for display (IsochroneOptions.Denoise, Generalize),
// after the Mapbox isochrone API's denoise and generalize: both change
// the drawing, not the reach, so the agreement with routes is measured
// on the unshaped contours.

// Denoise keeps the polygons whose outer ring's area is at least share
// of the largest one's (share 1: the largest only, 0: all).
func Denoise(ps []orb.Polygon, share float64) []orb.Polygon {
	if len(ps) < 2 || share <= 0 {
		return ps
	}
	areas := make([]float64, len(ps))
	top, best := 0.0, 0
	for i, p := range ps {
		areas[i] = math.Abs(ringArea(p[0]))
		if areas[i] > top {
			top, best = areas[i], i
		}
	}
	if share >= 1 {
		return ps[best : best+1]
	}
	out := ps[:0:0]
	for i, p := range ps {
		if areas[i] >= share*top {
			out = append(out, p)
		}
	}
	return out
}

// ringArea is a ring's signed area in square degrees (positive:
// counter-clockwise).
func ringArea(r orb.Ring) float64 {
	a := 0.0
	for i := 0; i+1 < len(r); i++ {
		a += r[i][0]*r[i+1][1] - r[i+1][0]*r[i][1]
	}
	return a / 2
}

// Generalize simplifies each ring by Douglas-Peucker with a tolerance of
// meters (in a local equirectangular projection, so that the tolerance
// is the same east and north); a ring left with under four points goes,
// and a polygon whose outer ring goes with it.
func Generalize(ps []orb.Polygon, meters float64) []orb.Polygon {
	if meters <= 0 {
		return ps
	}
	out := ps[:0:0]
	for _, p := range ps {
		var q orb.Polygon
		for i, r := range p {
			s := generalizeRing(r, meters)
			if len(s) < 4 {
				if i == 0 {
					break
				}
				continue
			}
			q = append(q, s)
		}
		if len(q) > 0 {
			out = append(out, q)
		}
	}
	return out
}

func generalizeRing(r orb.Ring, meters float64) orb.Ring {
	if len(r) == 0 {
		return r
	}
	const mLat = 111320.0
	mLon := mLat * math.Cos(r[0][1]*math.Pi/180)
	proj := make(orb.Ring, len(r))
	for i, p := range r {
		proj[i] = orb.Point{p[0] * mLon, p[1] * mLat}
	}
	s, ok := dp.DouglasPeucker(meters).Simplify(proj).(orb.Ring)
	if !ok {
		return nil
	}
	for i, p := range s {
		s[i] = orb.Point{p[0] / mLon, p[1] / mLat}
	}
	return s
}
