package route

import "strings"

// laneMask is the set of turns one lane is marked for (OSRM's
// TurnLaneType::Mask), a bit each.
type laneMask uint16

// Lane markings, in OSRM's bit order.
const (
	laneNone laneMask = 1 << iota
	laneStraight
	laneSharpLeft
	laneLeft
	laneSlightLeft
	laneSlightRight
	laneRight
	laneSharpRight
	laneUTurn
	laneMergeToLeft
	laneMergeToRight
)

// laneNames are the markings' names, as osrm-text-instructions reads
// them (the OSM values but through: straight; reverse: uturn), in bit
// order.
var laneNames = [...]string{"none", "straight", "sharp left", "left", "slight left", "slight right", "right", "sharp right", "uturn", "merge to left", "merge to right"}

// laneTags are the OSM turn:lanes values of the markings, in bit order.
var laneTags = [...]string{"none", "through", "sharp_left", "left", "slight_left", "slight_right", "right", "sharp_right", "reverse", "merge_to_left", "merge_to_right"}

// parseTurnLanes reads a turn:lanes value ("left|through;right|"), its
// lanes from left to right; an empty lane is none. A value with a
// marking OSRM does not know is no lanes at all (nil), as OSRM drops it.
func parseTurnLanes(s string) []laneMask {
	if s == "" {
		return nil
	}
	lanes := strings.Split(s, "|")
	out := make([]laneMask, len(lanes))
	for i, l := range lanes {
		var m laneMask
		for _, tok := range strings.Split(l, ";") {
			if tok == "" {
				continue
			}
			k := -1
			for j, t := range laneTags {
				if t == tok {
					k = j
					break
				}
			}
			if k < 0 {
				return nil
			}
			m |= 1 << k
		}
		if m == 0 {
			m = laneNone
		}
		out[i] = m
	}
	return out
}

// indications returns the names of the markings of m, in bit order.
func (m laneMask) indications() []string {
	var out []string
	for k, n := range laneNames {
		if m&(1<<k) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// laneTuple is which lanes a turn takes: lanesInTurn of them, the first
// firstFromRight lanes from the right (OSRM's LaneTuple); none when
// lanesInTurn is 0.
type laneTuple struct {
	lanesInTurn, firstFromRight uint8
}
