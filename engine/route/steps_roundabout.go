package route

// Roundabouts in steps (steps.go's pass 5, OSRM's handleRoundabouts):
// the steps from entering a ring to leaving it become the entry step,
// which takes the exit number (the exits passed and the one taken), the
// exit road's names and, for a roundabout turn, the direction from entry
// to exit; the exit step stays (but after a roundabout turn).

func (t ttype) entersRoundabout() bool {
	switch t {
	case tEnterRoundabout, tEnterRotary, tEnterRoundaboutIntersection, tEnterRoundaboutAtExit, tEnterRotaryAtExit,
		tEnterRoundaboutIntersectionAtExit, tEnterAndExitRoundabout, tEnterAndExitRotary, tEnterAndExitRoundaboutIntersection:
		return true
	}
	return false
}

func (t ttype) leavesRoundabout() bool {
	switch t {
	case tExitRoundabout, tExitRotary, tExitRoundaboutIntersection, tEnterAndExitRoundabout, tEnterAndExitRotary,
		tEnterAndExitRoundaboutIntersection:
		return true
	}
	return false
}

func (t ttype) staysOnRoundabout() bool {
	switch t {
	case tStayOnRoundabout, tEnterRoundaboutAtExit, tEnterRotaryAtExit, tEnterRoundaboutIntersectionAtExit:
		return true
	}
	return false
}

// compressRange folds the steps after ss[begin] up to end into it (but
// waypoints).
func compressRange(ss []rstep, begin, end int) {
	for k := begin + 1; k < end; k++ {
		if !ss[k].isWaypoint() {
			ss[begin].elongate(&ss[k])
			ss[k].invalidate()
		}
	}
}

// processRoundaboutExits handles one ring, ss[begin:end] (its entry may
// be missing, or its exit).
func processRoundaboutExits(ss []rstep, begin, end int) {
	last := end - 1
	b := &ss[begin]
	if !ss[last].ins.typ.leavesRoundabout() {
		switch {
		case b.ins.typ == tEnterRotary || b.ins.typ == tEnterRotaryAtExit:
			b.rotaryName = b.name
		case b.ins.typ.entersRoundabout() && (b.ins.typ == tEnterRoundaboutIntersection || b.ins.typ == tEnterRoundaboutIntersectionAtExit):
			b.ins.typ = tEnterRoundabout
		}
		compressRange(ss, begin, end)
		return
	}
	exit := 0
	for k := begin; k < end; k++ {
		if t := ss[k].ins.typ; t.staysOnRoundabout() || t.leavesRoundabout() {
			exit++
		}
	}
	ss[last].exit = exit
	if b.ins.typ.entersRoundabout() {
		b.exit = exit
		switch b.ins.typ {
		case tEnterRotary, tEnterRotaryAtExit:
			b.rotaryName = b.name
		case tEnterRoundaboutIntersection, tEnterRoundaboutIntersectionAtExit:
			entry, out := &b.inters[0], &ss[last].inters[0]
			if entry.in >= 0 && out.out >= 0 {
				angle := angleBetween(reverseBearing(float64(entry.bearings[entry.in])), float64(out.bearings[out.out]))
				b.ins.mod = direction(angle)
			}
		}
		b.adaptSignage(&ss[last])
	}
	if (b.ins.typ == tEnterRoundaboutIntersection || b.ins.typ == tEnterRoundaboutIntersectionAtExit) && b.ferry == ss[last].ferry {
		compressRange(ss, begin, end)
	} else {
		compressRange(ss, begin, last)
	}
}

// processRoundaboutGroups handles a run of ring steps, ss[begin:end],
// ring by ring.
func processRoundaboutGroups(ss []rstep, begin, end int) {
	k := begin
	for k != end {
		exit := k
		for exit < end && !ss[exit].ins.typ.leavesRoundabout() {
			exit++
		}
		if exit == end {
			processRoundaboutExits(ss, k, end)
			k = end
		} else {
			processRoundaboutExits(ss, k, exit+1)
			k = exit + 1
		}
	}
}

// handleRoundabouts runs processRoundaboutGroups on each run of steps on a
// ring (a route may start on one: then its departure starts the run).
func handleRoundabouts(ss []rstep) []rstep {
	first := -1
	for k := range ss {
		if ss[k].ins.typ.isRoundabout() {
			first = k
			break
		}
	}
	if first < 0 {
		return ss
	}
	on := !ss[first].ins.typ.entersRoundabout()
	// OSRM groups with a stateful predicate, called twice on each run's
	// first step (util::group_by); kept
	pred := func(s *rstep) bool {
		if on {
			if s.ins.typ.leavesRoundabout() {
				on = false
			}
			return true
		}
		on = s.ins.typ.entersRoundabout()
		res := on
		if on {
			on = !s.ins.typ.leavesRoundabout()
		}
		return res
	}
	k := 0
	for k < len(ss) {
		for k < len(ss) && !pred(&ss[k]) {
			k++
		}
		start := k
		for k < len(ss) && pred(&ss[k]) {
			k++
		}
		if start < len(ss) {
			processRoundaboutGroups(ss, start, k)
		}
	}
	return removeNoTurns(ss)
}
