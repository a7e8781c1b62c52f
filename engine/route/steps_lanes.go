package route

// Lane anticipation (steps.go's pass 7, OSRM's anticipateLaneChange):
// where turns with lanes follow each other too closely to change lanes
// between them, each turn keeps to the lanes the next one needs.

// minLaneChangeDistance is the distance a lane change needs (meters).
const minLaneChangeDistance = 200.0

func (s *rstep) lanesInTurn() uint8  { return s.inters[0].lanes.lanesInTurn }
func (s *rstep) lanesInTotal() uint8 { return uint8(len(s.inters[0].laneDesc)) }

func (s *rstep) lanesToTheRight() uint8 {
	if s.lanesInTotal() == 0 {
		return 0
	}
	return s.inters[0].lanes.firstFromRight
}

func (s *rstep) lanesToTheLeft() uint8 {
	if s.lanesInTotal() == 0 {
		return 0
	}
	return s.lanesInTotal() - (s.lanesInTurn() + s.lanesToTheRight())
}

// isLeftTurn and isRightTurn read a merge's direction mirrored (OSRM's
// isLeftTurn, isRightTurn).
func (i instr) isLeftTurn() bool {
	if i.typ == tMerge {
		return i.mod.right()
	}
	return i.mod.left()
}

func (i instr) isRightTurn() bool {
	if i.typ == tMerge {
		return i.mod.left()
	}
	return i.mod.right()
}

// anticipateLaneChange constrains the lanes of runs of short steps with
// lanes, from the last turn back.
func anticipateLaneChange(ss []rstep) []rstep {
	shortWithLanes := func(s *rstep) bool {
		if s.lanesInTurn() == 0 {
			return false
		}
		cross := max(s.lanesToTheRight(), s.lanesToTheLeft())
		return s.dist < float64(1+int(cross))*minLaneChangeDistance
	}
	straightLeft, straightRight := map[int]bool{}, map[int]bool{}
	constrain := func(first, end int) {
		dist := 0.0
		for ci := end - 1; ci > first; ci-- {
			cur, prev := &ss[ci], &ss[ci-1]
			curIns, prevIns := cur.ins, prev.ins
			curLanes := cur.inters[0].lanes
			prevLanes := &prev.inters[0].lanes
			toConstrain := prevLanes.lanesInTurn > 1
			fanIn := prevLanes.lanesInTurn > curLanes.lanesInTurn
			if prevIns.typ == tSuppressed {
				dist += prev.dist
			} else {
				dist = 0
			}
			delta := int(prevLanes.lanesInTurn) - int(curLanes.lanesInTurn)
			canMakeAll := dist > float64(delta)*minLaneChangeDistance
			if !toConstrain || !fanIn || canMakeAll {
				continue
			}
			right, left := cur.lanesToTheRight(), cur.lanesToTheLeft()
			if !prevIns.isLeftTurn() && !prevIns.isRightTurn() {
				if curIns.isLeftTurn() || straightLeft[ci] {
					straightLeft[ci-1] = true
				} else if curIns.isRightTurn() || straightRight[ci] {
					straightRight[ci-1] = true
				}
			}
			forLeft := func() {
				n := uint8(int(prevLanes.firstFromRight) + int(prevLanes.lanesInTurn) - int(curLanes.lanesInTurn))
				n -= min(left, curLanes.lanesInTurn)
				*prevLanes = laneTuple{lanesInTurn: curLanes.lanesInTurn, firstFromRight: n}
			}
			forRight := func() {
				n := prevLanes.firstFromRight + min(right, curLanes.lanesInTurn)
				*prevLanes = laneTuple{lanesInTurn: curLanes.lanesInTurn, firstFromRight: n}
			}
			switch {
			case curIns.isLeftTurn():
				forLeft()
			case curIns.isRightTurn():
				forRight()
			case straightLeft[ci]:
				forLeft()
			default:
				forRight()
			}
			if prevIns.typ == tSuppressed && curIns.typ == tSuppressed && prev.ferry == cur.ferry && *prevLanes == curLanes {
				prev.elongate(cur)
				cur.invalidate()
			}
		}
	}
	k := 0
	for k < len(ss) {
		for k < len(ss) && !shortWithLanes(&ss[k]) {
			k++
		}
		start := k
		for k < len(ss) && shortWithLanes(&ss[k]) {
			k++
		}
		if k-start > 1 {
			constrain(start, k)
		}
	}
	return removeNoTurns(ss)
}
