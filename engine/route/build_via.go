package route

import "slices"

// viaWays applies restrictions whose via member is a chain of ways, by
// duplicating the arcs of the chain: arcs of the from way that reach the
// chain enter the duplicates instead, and the last duplicate loses (no_*)
// or keeps only (only_*) the turns into the to way. A chain that earlier
// restrictions duplicated, in part or whole, is followed along their
// duplicates too, so that overlapping restrictions all hold.
func (b *builder) viaWays() {
	g, net := b.g, b.net
	b.dupsOf = map[uint32][]uint32{}
	for _, r := range net.Restrictions {
		if len(r.ViaWays) == 0 {
			continue
		}
		fw, ok1 := b.wayIndex(r.From)
		_, ok2 := b.wayIndex(r.To)
		if !ok1 || !ok2 {
			b.skipped++
			continue
		}
		chain, x, ok := b.chain(fw, r.ViaWays)
		if !ok {
			b.skipped++
			continue
		}
		// arcs of the from way arriving at x
		var froms []uint32
		for e := range b.wayEdges(fw) {
			for dir := 0; dir < 2; dir++ {
				a := g.eArc[2*e+uint32(dir)]
				if a >= 0 && g.arcEnd(uint32(a)) == x {
					froms = append(froms, uint32(a))
				}
			}
		}
		if len(froms) == 0 {
			b.skipped++
			continue
		}
		// the restriction holds on every sequence of arcs the route can
		// take from the from way along the via ways, the duplicates of
		// restrictions applied before included (overlapping restrictions
		// combine, as OSRM's): each sequence is duplicated once
		cands := append([]uint32(nil), froms...)
		for _, f := range froms {
			cands = append(cands, b.dupsOf[f]...)
		}
		dups := map[uint32][]uint32{} // a sequence's first arc → its duplicates
		for _, a := range cands {
			for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
				to := g.tTo[k]
				if g.origArc(to) != chain[0] {
					continue
				}
				d, ok := dups[to]
				if !ok {
					seq, found := b.follow(to, chain)
					if !found {
						continue
					}
					d = b.duplicate(seq, r)
					dups[to] = d
				}
				g.tTo[k] = d[0]
			}
		}
		b.applied++
	}
}

func (b *builder) wayOfArc(a uint32) int64 {
	e, _ := arcEdge(b.g, a)
	return b.wayID[b.wayOf(e)]
}

// chain returns the arcs along the via ways in travel order, starting at
// the junction x shared with the from way.
func (b *builder) chain(fw int32, via []int64) ([]uint32, uint32, bool) {
	g := b.g
	fromJ := map[uint32]bool{}
	for e := range b.wayEdges(fw) {
		fromJ[g.eFrom[e]], fromJ[g.eTo[e]] = true, true
	}
	var chain []uint32
	var cur uint32
	var start uint32
	for i, vid := range via {
		vw, ok := b.wayIndex(vid)
		if !ok || !b.hasEdges(vw) {
			return nil, 0, false
		}
		first, last := g.eFrom[b.wayFirst[vw]], g.eTo[b.wayFirst[vw+1]-1]
		var fwd bool
		if i == 0 {
			switch {
			case fromJ[first]:
				fwd, start = true, first
			case fromJ[last]:
				fwd, start = false, last
			default:
				return nil, 0, false
			}
		} else {
			switch cur {
			case first:
				fwd = true
			case last:
				fwd = false
			default:
				return nil, 0, false
			}
		}
		order := slices.Collect(b.wayEdges(vw))
		if !fwd {
			slices.Reverse(order)
		}
		for _, e := range order {
			dir := 0
			if !fwd {
				dir = 1
			}
			a := g.eArc[2*e+uint32(dir)]
			if a < 0 {
				return nil, 0, false
			}
			chain = append(chain, uint32(a))
		}
		if fwd {
			cur = last
		} else {
			cur = first
		}
	}
	return chain, start, len(chain) > 0
}

// follow returns the arcs a route takes from arc first along the original
// arcs chain (first's original is chain[0]), duplicates included: at each
// step the transition onto chain's next arc or a duplicate of it.
func (b *builder) follow(first uint32, chain []uint32) ([]uint32, bool) {
	g := b.g
	seq := []uint32{first}
	for _, want := range chain[1:] {
		cur, next := seq[len(seq)-1], int64(-1)
		to, _ := g.turns(cur)
		for _, t := range to {
			if g.origArc(t) == want {
				next = int64(t)
				break
			}
		}
		if next < 0 {
			return nil, false
		}
		seq = append(seq, uint32(next))
	}
	return seq, true
}

// duplicate adds a copy of the arcs seq, each keeping its transitions but
// the one to the next, which goes to the next copy; the last copy loses
// (no_*) or keeps only (only_*) the turns into r's to way. It returns the
// copies.
func (b *builder) duplicate(seq []uint32, r Restriction) []uint32 {
	g := b.g
	dup := make([]uint32, len(seq))
	for i, c := range seq {
		d := uint32(len(g.aW))
		g.aEdge = append(g.aEdge, g.aEdge[c])
		g.aW = append(g.aW, g.aW[c])
		g.aD = append(g.aD, g.aD[c])
		o := g.origArc(c)
		g.aDup = append(g.aDup, int32(o))
		b.dupsOf[o] = append(b.dupsOf[o], d)
		dup[i] = d
	}
	// The copies' turns go at the end of the arrays (transitions left
	// room), in the copies' order, which is their arcs'.
	for i, c := range seq {
		to, w := g.turns(c)
		for k, t := range to {
			if i+1 < len(seq) && t == seq[i+1] {
				t = dup[i+1]
			} else if i+1 == len(seq) && !restrictionAllows([]Restriction{r}, b.wayOfArc(t)) {
				continue
			}
			g.tTo, g.tW = append(g.tTo, t), append(g.tW, w[k])
		}
		g.tOff = append(g.tOff, uint32(len(g.tTo)))
	}
	return dup
}
