// Package sphere measures the Earth as one sphere: every distance, meters
// per degree and straight-line length in the engine and the importer comes
// from here, so distances measured in one place compare with those measured
// in another (matching compares GPS distances with route lengths, the
// map's scale bar with both). The radius is OSRM's, so route lengths agree
// with OSRM's.
//
// Names follow orb's geo package: Distance is the haversine great-circle
// distance (orb's DistanceHaversine; on this sphere no other is needed).
package sphere

import (
	"math"

	"github.com/paulmach/orb"
)

// EarthRadius is the radius of the sphere in meters (OSRM's).
const EarthRadius = 6372797.560856

// MetersPerDegree is the length of one degree of latitude (and of longitude
// at the equator) in meters.
const MetersPerDegree = EarthRadius * math.Pi / 180

// Distance returns the great-circle distance between a and b (lon, lat) in
// meters (haversine).
func Distance(a, b orb.Point) float64 {
	rad := func(d float64) float64 { return d * math.Pi / 180 }
	dlat := rad(b[1] - a[1])
	dlon := rad(b[0] - a[0])
	s := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(rad(a[1]))*math.Cos(rad(b[1]))*math.Sin(dlon/2)*math.Sin(dlon/2)
	return 2 * EarthRadius * math.Asin(math.Min(1, math.Sqrt(s)))
}
