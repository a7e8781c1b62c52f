package route

// viaWays applies restrictions whose via member is a chain of ways, by
// duplicating the arcs of the chain: arcs of the from way that reach the
// chain enter the duplicates instead, and the last duplicate loses (no_*)
// or keeps only (only_*) the turns into the to way.
func (b *builder) viaWays() {
	g, net := b.g, b.net
	for _, r := range net.Restrictions {
		if len(r.ViaWays) == 0 {
			continue
		}
		fw, ok1 := b.wayIdx[r.From]
		_, ok2 := b.wayIdx[r.To]
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
		for _, e := range b.wayEdges[fw] {
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
		dup := make([]uint32, len(chain))
		for i, c := range chain {
			d := uint32(len(g.aW))
			g.aEdge = append(g.aEdge, g.aEdge[c])
			g.aW = append(g.aW, g.aW[c])
			g.aD = append(g.aD, g.aD[c])
			g.aDup = append(g.aDup, int32(c))
			dup[i] = d
		}
		for i, c := range chain {
			var ts []tr
			for _, t := range b.trans[c] {
				if i+1 < len(chain) && t.to == chain[i+1] {
					t.to = dup[i+1]
				} else if i+1 == len(chain) && !restrictionAllows([]Restriction{r}, b.wayOfArc(t.to)) {
					continue
				}
				ts = append(ts, t)
			}
			b.trans = append(b.trans, ts)
		}
		for _, f := range froms {
			for k, t := range b.trans[f] {
				if t.to == chain[0] {
					b.trans[f][k].to = dup[0]
				}
			}
		}
		b.applied++
	}
}

func (b *builder) wayOfArc(a uint32) int64 {
	e, _ := arcEdge(b.g, a)
	return b.net.Ways[b.eWay[e]].ID
}

// chain returns the arcs along the via ways in travel order, starting at
// the junction x shared with the from way.
func (b *builder) chain(fw int32, via []int64) ([]uint32, uint32, bool) {
	g := b.g
	fromJ := map[uint32]bool{}
	for _, e := range b.wayEdges[fw] {
		fromJ[g.eFrom[e]], fromJ[g.eTo[e]] = true, true
	}
	var chain []uint32
	var cur uint32
	var start uint32
	for i, vid := range via {
		vw, ok := b.wayIdx[vid]
		if !ok || len(b.wayEdges[vw]) == 0 {
			return nil, 0, false
		}
		es := b.wayEdges[vw]
		first, last := g.eFrom[es[0]], g.eTo[es[len(es)-1]]
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
		order := make([]uint32, len(es))
		copy(order, es)
		if !fwd {
			for l, r := 0, len(es)-1; l < r; l, r = l+1, r-1 {
				order[l], order[r] = es[r], es[l]
			}
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
