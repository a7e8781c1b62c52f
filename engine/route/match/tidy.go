package match

import (
	"waymark/engine/sphere"
)

// Tidy thresholds, OSRM's (match_parameters_tidy.hpp): a point is kept once
// the trace has moved TidyMeters since the last kept point and, with
// timestamps, TidySeconds have passed.
const (
	TidyMeters  = 15.0
	TidySeconds = 5
)

// Tidy marks the points OSRM's tidy=true removes from a noisy trace: points
// within TidyMeters of travel along the trace (and, with timestamps,
// TidySeconds) of the last kept point, and points whose timestamp goes back
// in time. The first and last points and the waypoints (trace indices, may
// be nil) are always kept. The result is Options.Skip for Match.
func Tidy(points []Point, timestamps bool, waypoints []int) []bool {
	n := len(points)
	skip := make([]bool, n)
	if n < 3 {
		return skip
	}
	keep := make([]bool, n)
	keep[0], keep[n-1] = true, true
	for _, w := range waypoints {
		if w >= 0 && w < n {
			keep[w] = true
		}
	}
	last, seen := 0, 0 // last kept point; last point in time order
	var run float64
	for i := 1; i < n; i++ {
		if timestamps && points[i].Time < points[seen].Time && !keep[i] {
			skip[i] = true
			continue
		}
		run += sphere.Distance(points[seen].Location, points[i].Location)
		seen = i
		far := run >= TidyMeters && (!timestamps || points[i].Time-points[last].Time >= TidySeconds)
		if far || keep[i] {
			last, run = i, 0
			continue
		}
		skip[i] = true
	}
	return skip
}
