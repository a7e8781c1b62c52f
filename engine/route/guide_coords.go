package route

import (
	"math"

	"github.com/paulmach/orb"
)

// The representative coordinate of a road at an intersection: the point
// whose bearing from the intersection is the direction a driver sees the
// road take, skipping the kinks mappers draw where a road meets another
// (OSRM's CoordinateExtractor). Roads are given as their coordinates from
// the intersection on, to the next node-based node.

const (
	// laneWidth is the width guidance assumes a lane has (meters).
	laneWidth = 3.25
	// lookaheadNoLanes is how far a road is looked along when its lanes
	// do not matter (meters).
	lookaheadNoLanes = 10.0
	// lookaheadFar is how far a road is looked along at most, before its
	// lanes (meters).
	lookaheadFar = 40.0
	// assumedLanes is the lanes of a road that does not say.
	assumedLanes = 2
	// desiredCoordinateDifference: a corrected coordinate needs its
	// vector this long (meters).
	desiredCoordinateDifference = 2.0
)

// offsetCorrection widens the lane offset of wide roads: motorway exits
// are mapped leaving at a slight angle.
func offsetCorrection(rc roadClass) float64 {
	switch {
	case rc.motorway:
		return 2.5
	case rc.priority == prioTrunk:
		return 2.0
	case rc.priority == prioPrimary:
		return 1.5
	}
	return 1.0
}

// coordinateAtLength returns the point dist meters along pts (the last
// point when pts is shorter).
func coordinateAtLength(dist float64, pts []orb.Point) orb.Point {
	acc := 0.0
	for i := 1; i < len(pts); i++ {
		seg := gDist(pts[i-1], pts[i])
		if acc+seg >= dist {
			f := 0.0
			if seg > 0 {
				f = math.Max(0, math.Min((dist-acc)/seg, 1))
			}
			return interpolate(f, pts[i-1], pts[i])
		}
		acc += seg
	}
	return pts[len(pts)-1]
}

// coordinateCloseToTurn returns the first point of pts more than a meter
// from its first, else its last (OSRM's GetCoordinateCloseToTurn).
func coordinateCloseToTurn(pts []orb.Point) orb.Point {
	for _, p := range pts[1:] {
		if gDist(p, pts[0]) > 1 {
			return p
		}
	}
	return pts[len(pts)-1]
}

// segmentLengths returns the lengths of pts' segments (0 first), up to
// the one that reaches limit meters (OSRM's PrepareLengthCache).
func segmentLengths(pts []orb.Point, limit float64) []float64 {
	out := make([]float64, 1, len(pts))
	acc := 0.0
	for i := 1; i < len(pts); i++ {
		d := gDist(pts[i-1], pts[i])
		acc += d
		out = append(out, d)
		if acc >= limit {
			break
		}
	}
	return out
}

// trimToLength cuts pts at length meters (OSRM's TrimCoordinatesToLength,
// quirks kept: with lengths, segmentLengths' of pts, a last segment
// shorter than length keeps pts whole, and each segment's length is
// compared with length on its own).
func trimToLength(pts []orb.Point, length float64, lengths []float64) []orb.Point {
	pts = append([]orb.Point(nil), pts...)
	if len(lengths) > 0 && lengths[len(lengths)-1] < length && len(pts) >= 2 {
		if len(pts) > len(lengths) {
			pts = pts[:len(lengths)]
		}
		n := len(pts)
		if last := gDist(pts[n-2], pts[n-1]); last > 0 {
			pts[n-1] = interpolate(interpolationFactor(lengths[len(lengths)-1], 0, last), pts[n-2], pts[n-1])
		}
		return pts
	}
	cur := 0.0
	for i := 1; i < len(pts); i++ {
		var next float64
		if len(lengths) > 0 {
			if i >= len(lengths) {
				break
			}
			next = lengths[i]
		} else {
			next = cur + gDist(pts[i-1], pts[i])
		}
		if next >= length {
			end := interpolate(interpolationFactor(length, cur, next), pts[i-1], pts[i])
			pts = pts[:i+1]
			pts[i] = end
			return pts
		}
		cur = next
	}
	return pts
}

// interpolationFactor is how far desired lies from first to second
// (OSRM's ComputeInterpolationFactor), in [0, 1].
func interpolationFactor(desired, first, second float64) float64 {
	seg := second - first
	if seg <= 0 {
		return 0
	}
	return math.Max(0, math.Min((desired-first)/seg, 1))
}

// trimFront drops the first length meters of pts (OSRM's
// TrimCoordinatesByLengthFront); nil when pts is shorter.
func trimFront(pts []orb.Point, length float64) []orb.Point {
	acc := 0.0
	for i := 1; i < len(pts); i++ {
		next := acc + gDist(pts[i-1], pts[i])
		if next >= length {
			seg := next - acc
			f := 0.0
			if seg > 0 {
				f = math.Max(0, math.Min((length-acc)/seg, 1))
			}
			out := append([]orb.Point{interpolate(f, pts[i-1], pts[i])}, pts[i:]...)
			return out
		}
		acc = next
	}
	return nil
}

// maxDeviation returns the largest distance of pts from the line a-b.
func maxDeviation(pts []orb.Point, a, b orb.Point) float64 {
	m := 0.0
	for _, p := range pts {
		_, q := projectOnSegment(a, b, p)
		m = math.Max(m, gDist(q, p))
	}
	return m
}

// correctedCoordinate moves head back by 90% of the offset of base from
// fix (OSRM's GetCorrectedCoordinate): the road's direction as if it
// started at fix; head itself when base and head are close.
func correctedCoordinate(fix, base, head orb.Point) orb.Point {
	if gDist(base, head) < desiredCoordinateDifference {
		return head
	}
	return orb.Point{head[0] - 0.9*(base[0]-fix[0]), head[1] - 0.9*(base[1]-fix[1])}
}

// sampleCoordinates appends to dst pts sampled every rate meters up to
// length meters, the first point included (OSRM's SampleCoordinates).
func sampleCoordinates(pts []orb.Point, length, rate float64, dst []orb.Point) []orb.Point {
	out := append(dst, pts[0])
	carry, total := 0.0, 0.0
	for i := 1; i < len(pts); i++ {
		if total > length {
			break
		}
		d := gDist(pts[i-1], pts[i])
		if carry+d >= rate {
			base := rate - carry
			n := int(math.Floor((math.Min(length-total, d) + carry) / rate))
			for k := 0; k < n; k++ {
				f := 0.0
				if d > 0 {
					f = math.Max(0, math.Min((base+float64(k)*rate)/d, 1))
				}
				out = append(out, interpolate(f, pts[i-1], pts[i]))
			}
			carry = d + carry - float64(n)*rate
		} else {
			carry += d
		}
		total += d
	}
	return out
}

// regressionOf returns the least squares line of pts sampled every meter
// over 40 m, projected onto pts' ends (OSRM's RegressionLine).
func regressionOf(pts []orb.Point) (orb.Point, orb.Point) {
	var buf [48]orb.Point
	s := sampleCoordinates(pts, lookaheadFar, 1, buf[:0])
	if len(s) < 2 {
		return pts[0], pts[len(pts)-1]
	}
	a, b := regressionLine(s)
	_, front := projectOnSegment(a, b, pts[0])
	_, back := projectOnSegment(a, b, pts[len(pts)-1])
	return front, back
}

// representativeCoordinate returns the point whose bearing from pts[0] is
// the direction of the road pts (OSRM's ExtractRepresentativeCoordinate):
// its far end when it is straight, else a point past the kink of its
// start, along its regression line, or along its curve. rc is the road's
// class, roundabout whether it is a ring, lanes the most lanes of a road
// at the intersection, loop whether the road returns to it.
func representativeCoordinate(pts []orb.Point, rc roadClass, roundabout bool, lanes uint8, loop bool) orb.Point {
	if loop {
		return pts[1]
	}
	if len(pts) <= 2 {
		return pts[len(pts)-1]
	}
	const skip = 2.0 // the first meters may hold repeated or offset points
	if roundabout {
		return coordinateAtLength(skip, pts)
	}
	turn := pts[0]
	if rc.lowPriority {
		pts = trimToLength(pts, lookaheadNoLanes, nil)
		if len(pts) > 2 && gDist(turn, pts[1]) < laneWidth {
			first, total := gDist(turn, pts[1]), gDist(turn, pts[len(pts)-1])
			if first > laneWidth && total > first {
				return correctedCoordinate(turn, pts[1], pts[len(pts)-1])
			}
		}
		return pts[len(pts)-1]
	}
	firstDist := gDist(pts[0], pts[1])
	nl := float64(lanes)
	if lanes == 0 {
		nl = assumedLanes
	}
	considered := offsetCorrection(rc) * nl
	if firstDist > considered*laneWidth+lookaheadNoLanes {
		return pts[1]
	}
	lookahead := lookaheadFar + considered*laneWidth
	lengths := segmentLengths(pts, lookahead)
	pts = trimToLength(pts, lookahead, lengths)
	lengths[len(lengths)-1] = math.Min(lengths[len(lengths)-1], lookahead)
	if len(lengths) > len(pts) {
		lengths = lengths[:len(pts)]
	}
	total := 0.0
	for _, l := range lengths {
		total += l
	}
	if len(pts) == 2 || total <= skip {
		return pts[len(pts)-1]
	}
	if maxDeviation(pts, pts[0], pts[len(pts)-1]) < 0.5*laneWidth {
		if pts[0] == pts[len(pts)-1] {
			return coordinateAtLength(skip, pts)
		}
		return pts[len(pts)-1]
	}
	// how far the road goes straight from its start
	straightDist, straightIdx := lengths[1], 1
	for k := 2; k < len(pts); k++ {
		if maxDeviation(pts[:k], pts[0], pts[k]) < 0.25*laneWidth {
			straightDist += lengths[k]
		} else {
			straightIdx = k - 1
			break
		}
		straightIdx = k
	}
	if straightDist >= considered*laneWidth+lookaheadNoLanes {
		return coordinateAtLengthCached(5, pts, lengths)
	}
	ra, rb := regressionOf(pts)
	if maxDeviation(pts, ra, rb) < 0.35*laneWidth {
		_, front := projectOnSegment(ra, rb, pts[0])
		_, back := projectOnSegment(ra, rb, pts[len(pts)-1])
		return correctedCoordinate(turn, front, back)
	}
	if isDirectOffset(pts, straightIdx, straightDist, total, lengths, considered) {
		k := max(1, straightIdx)
		return correctedCoordinate(turn, pts[k], pts[k+1])
	}
	if isCurve(pts, lengths, total, considered*laneWidth, roundabout) {
		if total <= skip {
			return pts[len(pts)-1]
		}
		pts = trimToLength(pts, 3*skip, lengths)
		lengths = append([]float64(nil), lengths...)
		for len(lengths) < len(pts) {
			lengths = append(lengths, 0)
		}
		lengths = lengths[:len(pts)]
		lengths[len(lengths)-1] = gDist(pts[len(pts)-2], pts[len(pts)-1])
		head := pts[len(pts)-1]
		pts = trimToLength(pts, 2*skip, lengths)
		return correctedCoordinate(turn, pts[len(pts)-1], head)
	}
	trimming := 0.8 * considered * laneWidth
	if t := trimFront(pts, 0.8*trimming); len(t) >= 2 && total >= trimming+2 {
		a, b := regressionOf(t)
		if maxDeviation(t, a, b) < 0.5*laneWidth {
			return correctedCoordinate(turn, a, b)
		}
	}
	res := coordinateAtLengthCached(lookaheadNoLanes, pts, lengths)
	if res != turn {
		return res
	}
	for _, p := range pts {
		if p != turn {
			return p
		}
	}
	return res
}

// coordinateAtLengthCached is coordinateAtLength with pts' segment
// lengths given.
func coordinateAtLengthCached(dist float64, pts []orb.Point, lengths []float64) orb.Point {
	acc := 0.0
	for i := 1; i < len(pts) && i < len(lengths); i++ {
		if acc+lengths[i] >= dist {
			f := 0.0
			if lengths[i] > 0 {
				f = math.Max(0, math.Min((dist-acc)/lengths[i], 1))
			}
			return interpolate(f, pts[i-1], pts[i])
		}
		acc += lengths[i]
	}
	return pts[len(pts)-1]
}

// isDirectOffset reports whether the road starts with a short offset of
// about its lanes' width and then goes straight (OSRM's IsDirectOffset).
func isDirectOffset(pts []orb.Point, straightIdx int, straightDist, length float64, lengths []float64, considered float64) bool {
	k := max(1, straightIdx)
	if k+1 >= len(pts) {
		return false
	}
	considered = math.Trunc(considered) // OSRM passes it as a byte
	offset := 0.0
	for i := 0; i <= k && i < len(lengths); i++ {
		offset += lengths[i]
	}
	if offset-0.5*considered*laneWidth >= laneWidth {
		return false
	}
	if length < 0.4*lookaheadFar {
		return false
	}
	if length-math.Max(straightDist, lengths[1]) < 0.1*length {
		return false
	}
	end := len(lengths)
	for i := k; i < len(lengths); i++ {
		if lengths[i] >= 30 {
			end = i
			break
		}
	}
	end = min(len(pts), end+1)
	return 0.5*laneWidth > maxDeviation(pts[k:end], pts[k], pts[end-1])
}

// isCurve reports whether the road's start is a curve rather than a turn
// and a straight (OSRM's IsCurve).
func isCurve(pts []orb.Point, lengths []float64, length, laneSpan float64, roundabout bool) bool {
	if roundabout {
		return true
	}
	n := len(pts)
	if angularDeviation(gBearing(pts[0], pts[1]), gBearing(pts[n-2], pts[n-1])) <= 0.5*narrowTurnAngle {
		return false
	}
	dev := func(p orb.Point) float64 {
		_, q := projectOnSegment(pts[0], pts[n-1], p)
		return gDist(q, p)
	}
	if n > 3 {
		ccw := isCCW(pts[0], pts[n-1], pts[1])
		for _, p := range pts[2 : n-1] {
			if isCCW(pts[0], pts[n-1], p) != ccw {
				return false
			}
		}
	}
	// deviations rise to a maximum and fall after it
	maxIdx, maxDev := 0, 0.0
	switch {
	case n == 3:
		maxIdx, maxDev = 1, dev(pts[1])
	default:
		// the first point from pts[1] on whose deviation falls
		k := 2
		for k < n && !(dev(pts[k]) < dev(pts[k-1])) {
			k++
		}
		if k == n {
			maxIdx, maxDev = n-1, 0
		} else {
			for i := k + 1; i < n; i++ {
				if dev(pts[i]) > dev(pts[i-1]) {
					return false
				}
			}
			maxIdx, maxDev = k-1, dev(pts[k-1])
		}
	}
	toMax := 0.0
	for i := 0; i <= maxIdx && i < len(lengths); i++ {
		toMax += lengths[i]
	}
	if (toMax <= 0.35*length || maxDev < math.Max(0.3*laneSpan, 0.5*laneWidth)) && length > lookaheadNoLanes {
		return false
	}
	// the turn angles along the road: no long straight part
	straight := math.Max(0, lengths[1]-laneSpan)
	lastStraight := false
	di := 1
	for i := 1; i+1 < n-1; i++ {
		prev := computeAngle(pts[i-1], pts[i], pts[i+1])
		cur := computeAngle(pts[i], pts[i+1], pts[i+2])
		bothTurn := angularDeviation(prev, 180) > fuzzyAngleDifference && angularDeviation(cur, 180) > fuzzyAngleDifference
		switches := (prev > 180) == (cur < 180)
		if bothTurn && switches {
			return false
		}
		isStraight := angularDeviation(cur, 180) < 5
		di++
		d := 0.0
		if di < len(lengths) {
			d = lengths[di]
		}
		if isStraight {
			straight += d
			if lastStraight && straight > 0.3*length {
				return false
			}
		} else if straight > 0.3*length {
			return false
		} else {
			straight = d
		}
		lastStraight = isStraight
	}
	return length > 2*laneSpan
}
