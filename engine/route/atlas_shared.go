package route

// Where a graph's roads are all another graph's too: the roads an
// extract keeps beyond its edge (the ways crossing it, whole) lie in its
// neighbour's too. A point there is covered by both packs, but only the
// neighbour can hold a nearer road than the one both hold, so choosing
// the pack of a point (the engine's Plan) need not snap in a pack whose
// nearby grid cells hold only shared roads (MayReachOwn).

import "github.com/paulmach/orb"

// noteShared records the segments graphs i and j both hold (segA: i's
// in their common cells, segB: j's) and those cells.
func (at *Atlas) noteShared(i, j int, segA, segB map[segKey]segAt) {
	if at.sharedSegs == nil {
		n := len(at.graphs)
		at.sharedSegs, at.commonCells = make([]map[segKey]bool, n), make([]map[int64]bool, n)
	}
	for _, k := range [2]int{i, j} {
		if at.sharedSegs[k] == nil {
			at.sharedSegs[k], at.commonCells[k] = map[segKey]bool{}, map[int64]bool{}
		}
	}
	for key := range segA {
		if _, ok := segB[key]; ok {
			at.sharedSegs[i][key] = true
			at.sharedSegs[j][key] = true
		}
	}
	a, b := at.graphs[i], at.graphs[j]
	for _, k := range a.fine.keys {
		if k != emptyCell && b.fine.keys[cellSlot(k, b.fine.keys)] == k {
			at.commonCells[i][k] = true
			at.commonCells[j][k] = true
		}
	}
}

// findShared fills allShared from what noteShared gathered.
func (at *Atlas) findShared() {
	at.allShared = make([]map[int64]bool, len(at.graphs))
	for i, cells := range at.commonCells {
		if len(cells) == 0 {
			continue
		}
		g := at.graphs[i]
		for k := range cells {
			slot := cellSlot(k, g.fine.keys)
			all := true
			for _, r := range g.fine.refs[g.fine.spans[2*slot]:g.fine.spans[2*slot+1]] {
				nodes := g.edgeNodes(r.edge)
				u, v := nodes[r.seg], nodes[r.seg+1]
				if v < u {
					u, v = v, u
				}
				if !at.sharedSegs[i][segKey{u, v}] {
					all = false
					break
				}
			}
			if all {
				if at.allShared[i] == nil {
					at.allShared[i] = map[int64]bool{}
				}
				at.allShared[i][k] = true
			}
		}
	}
	at.sharedSegs, at.commonCells = nil, nil
}

// MayReachOwn reports whether a road of graph i that no other graph of
// the Atlas holds may lie within r meters of p (Graph.MayReach, leaving
// out the grid cells whose roads are all shared).
func (at *Atlas) MayReachOwn(i int, p orb.Point, r float64) bool {
	g := at.graphs[i]
	if g == nil {
		return false
	}
	shared := at.allShared[i]
	return g.mayReach(p, r, func(cell int64) bool { return !shared[cell] })
}
