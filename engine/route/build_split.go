package route

import (
	"cmp"
	"slices"
)

// How Build splits the ways into edges: at the nodes countNodes counts
// twice or more, and with the segments several ways share kept on one of
// them (duplicateSegments).

// nodeCounts holds how often each node id is used, sorted by id.
type nodeCounts struct {
	ids []int64
	n   []int32
}

func (c *nodeCounts) get(id int64) int {
	i, ok := slices.BinarySearch(c.ids, id)
	if !ok {
		return 0
	}
	return int(c.n[i])
}

// countNodes counts the uses of every node of the network: once per way
// node, twice at a way's ends, at barriers and at restriction via nodes,
// so that a count of 2 or more marks a node where an edge must end. It
// sorts the ids instead of counting in a map (8 bytes a reference instead
// of ~40 an entry).
func countNodes(net *Network) nodeCounts {
	n := 2*len(net.Barriers) + 2*len(net.Restrictions)
	for _, w := range net.Ways {
		n += len(w.Nodes) + 2
	}
	refs := make([]int64, 0, n)
	for _, w := range net.Ways {
		refs = append(refs, w.Nodes...)
		if len(w.Nodes) > 0 {
			refs = append(refs, w.Nodes[0], w.Nodes[len(w.Nodes)-1])
		}
	}
	for id := range net.Barriers {
		refs = append(refs, id, id)
	}
	for _, r := range net.Restrictions {
		if r.ViaNode != 0 {
			refs = append(refs, r.ViaNode, r.ViaNode)
		}
	}
	slices.Sort(refs)
	var c nodeCounts
	for i := 0; i < len(refs); {
		j := i + 1
		for j < len(refs) && refs[j] == refs[i] {
			j++
		}
		c.ids = append(c.ids, refs[i])
		c.n = append(c.n, int32(j-i))
		i = j
	}
	return c
}

// duplicateSegments finds the segments (consecutive node pairs, in the
// same order) that several ways share and keeps each direction on one of
// them, as OSRM's extractor keeps one edge per source and target
// (ExtractionContainers::PrepareEdges): the fastest, at equal speeds the
// one whose name sorts first, a named way before an unnamed one, then the
// way listed first. It returns the directions the others lose, keyed by
// way index and the index of the segment's last node: 1 along the way, 2
// against it. Only segments between two nodes that end edges (countNodes)
// can be shared, so each is an edge of its own.
func duplicateSegments(net *Network, occ nodeCounts) map[[2]int32]uint8 {
	type seg struct {
		u, v   int64
		way, i int32
	}
	var segs []seg
	for wi, w := range net.Ways {
		if len(w.Nodes) < 2 || len(w.Points) != len(w.Nodes) || (w.Forward <= 0 && w.Backward <= 0) {
			continue
		}
		for i := 1; i < len(w.Nodes); i++ {
			if u, v := w.Nodes[i-1], w.Nodes[i]; occ.get(u) >= 2 && occ.get(v) >= 2 {
				segs = append(segs, seg{u, v, int32(wi), int32(i)})
			}
		}
	}
	slices.SortFunc(segs, func(a, b seg) int {
		return cmp.Or(cmp.Compare(a.u, b.u), cmp.Compare(a.v, b.v), cmp.Compare(a.way, b.way))
	})
	lost := map[[2]int32]uint8{}
	for i := 0; i < len(segs); {
		j := i + 1
		for j < len(segs) && segs[j].u == segs[i].u && segs[j].v == segs[i].v {
			j++
		}
		group := segs[i:j]
		i = j
		if len(group) < 2 {
			continue
		}
		for dir := range 2 {
			best := -1
			for k, s := range group {
				if wayOpen(&net.Ways[s.way], dir) && (best < 0 || keepsSegment(&net.Ways[s.way], &net.Ways[group[best].way], dir)) {
					best = k
				}
			}
			for k, s := range group {
				if k != best {
					lost[[2]int32{s.way, s.i}] |= 1 << dir
				}
			}
		}
	}
	return lost
}

// wayOpen reports whether way w is open along (dir 0) or against (1) its
// node order.
func wayOpen(w *NetWay, dir int) bool {
	if dir == 0 {
		return w.Forward > 0
	}
	return w.Backward > 0
}

// keepsSegment reports whether a shared segment of way a is kept over way
// b's in direction dir: a is faster, or as fast and its name sorts first
// (named before unnamed).
func keepsSegment(a, b *NetWay, dir int) bool {
	sa, sb := a.Forward, b.Forward
	if dir == 1 {
		sa, sb = a.Backward, b.Backward
	}
	switch {
	case sa != sb:
		return sa > sb
	case a.Name == b.Name || a.Name == "":
		return false
	case b.Name == "":
		return true
	}
	return a.Name < b.Name
}
