package mapview

import (
	"math"
	"strconv"
)

// niceScale picks a scale-bar length of 1, 2 or 5 × 10^n meters that is at
// most maxMeters long, and its label ("500 m", "2 km").
func niceScale(maxMeters float64) (meters float64, label string) {
	if maxMeters <= 0 || math.IsNaN(maxMeters) || math.IsInf(maxMeters, 0) {
		return 0, ""
	}
	p := math.Pow(10, math.Floor(math.Log10(maxMeters)))
	meters = p
	for _, m := range []float64{5, 2} {
		if m*p <= maxMeters {
			meters = m * p
			break
		}
	}
	if meters >= 1000 {
		return meters, trimFloat(meters/1000) + " km"
	}
	return meters, trimFloat(meters) + " m"
}

func trimFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
