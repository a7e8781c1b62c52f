package route

import (
	"cmp"
	"slices"

	"waymark/engine/spill"
)

// How Build splits the ways into edges: at the nodes junctionsOf counts
// twice or more, and with the segments several ways share kept on one of
// them (duplicateSegments).

// junctions holds the ids of the nodes where an edge must end, sorted.
type junctions []int64

func (j junctions) has(id int64) bool {
	_, ok := slices.BinarySearch(j, id)
	return ok
}

// junctionBucketRefs is how many node references junctionsOf sorts at once.
const junctionBucketRefs = 1 << 22

// junctionsOf returns the nodes of the network that end an edge: those it
// counts twice or more, counting once per way node, twice at a way's ends,
// at barriers and at restriction via nodes. It sorts the references
// instead of counting them in a map (8 bytes a reference instead of ~40
// an entry), a bucket of ids at a time (by a hash of the id) so that what
// it sorts stays within bucketRefs (junctionBucketRefs: 32 MB) however large the
// network, and it keeps only the junctions, a tenth of the nodes: on
// LI ×64 its peak was 58 MB with a count for every node, ~32 + 4 now.
// With arena, what it sorts and the junctions are made there (prepare).
func junctionsOf(net *Network, bucketRefs int, arena *spill.Arena) junctions {
	n := 2*len(net.Barriers) + 2*len(net.Restrictions)
	for _, nodes := range net.wayNodes() {
		n += len(nodes) + 2
	}
	buckets := uint64(max(1, (n+bucketRefs-1)/bucketRefs))
	var js junctions
	if arena != nil {
		js = makeLen[int64](arena, 0, n/2) // a junction is counted twice or more
	}
	refs := makeLen[int64](arena, 0, min(n, bucketRefs*5/4))
	for b := range buckets {
		refs = refs[:0]
		add := func(id int64, times int) {
			if (uint64(id)*0x9E3779B97F4A7C15)>>32%buckets == b {
				for range times {
					refs = append(refs, id)
				}
			}
		}
		for _, nodes := range net.wayNodes() {
			for _, id := range nodes {
				add(id, 1)
			}
			if len(nodes) > 0 {
				add(nodes[0], 1)
				add(nodes[len(nodes)-1], 1)
			}
		}
		for id := range net.Barriers {
			add(id, 2)
		}
		for _, r := range net.Restrictions {
			if r.ViaNode != 0 {
				add(r.ViaNode, 2)
			}
		}
		slices.Sort(refs)
		for i := 0; i+1 < len(refs); {
			j := i + 1
			for j < len(refs) && refs[j] == refs[i] {
				j++
			}
			if j-i >= 2 {
				js = append(js, refs[i])
			}
			i = j
		}
	}
	if buckets > 1 {
		slices.Sort(js)
	}
	return slices.Clip(js)
}

// duplicateSegments finds the segments (consecutive node pairs, in the
// same order) that several ways share and keeps each direction on one of
// them, as OSRM's extractor keeps one edge per source and target
// (ExtractionContainers::PrepareEdges): the fastest, at equal speeds the
// one whose name sorts first, a named way before an unnamed one, then the
// way listed first. It returns the directions the others lose, keyed by
// way index and the index of the segment's last node: 1 along the way, 2
// against it. Only segments between two nodes that end edges (junctionsOf)
// can be shared, so each is an edge of its own.
func duplicateSegments(net *Network, js junctions) map[[2]int32]uint8 {
	type seg struct {
		u, v   int64
		way, i int32
	}
	var segs []seg
	for wi, nodes := range net.wayNodes() {
		net.dropWaysBefore(wi)
		if w := &net.Ways[wi]; len(nodes) < 2 || !net.hasPoints(wi, len(nodes)) || (w.Forward <= 0 && w.Backward <= 0) {
			continue
		}
		for i := 1; i < len(nodes); i++ {
			if u, v := nodes[i-1], nodes[i]; js.has(u) && js.has(v) {
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
				if wayOpen(&net.Ways[s.way], dir) && (best < 0 || keepsSegment(net, &net.Ways[s.way], &net.Ways[group[best].way], dir)) {
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
	net.dropWaysBefore(len(net.Ways))
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
func keepsSegment(net *Network, a, b *NetWay, dir int) bool {
	sa, sb := a.Forward, b.Forward
	if dir == 1 {
		sa, sb = a.Backward, b.Backward
	}
	switch {
	case sa != sb:
		return sa > sb
	case a.Name == b.Name || a.Name == 0:
		return false
	case b.Name == 0:
		return true
	}
	return net.Text(a.Name) < net.Text(b.Name)
}
