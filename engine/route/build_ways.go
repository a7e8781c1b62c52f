package route

import (
	"cmp"
	"iter"
	"slices"
	"sort"
)

// The builder's index of the ways: their edges, and a way's index by its
// id (for restrictions and maneuvers, which name ways by id). The edges
// of a way are made one after another, so a way's are a range of edge
// numbers (4 bytes a way where a slice a way took 24 and an allocation);
// and the ways of an importer's network are in id order, so a way is
// found by a binary search of the ids (no map of ~40 bytes a way).

// wayEdges yields the edges of way index wi, in way order.
func (b *builder) wayEdges(wi int32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		for e := b.wayFirst[wi]; e < b.wayFirst[wi+1]; e++ {
			if !yield(e) {
				return
			}
		}
	}
}

// hasEdges reports whether way index wi has edges.
func (b *builder) hasEdges(wi int32) bool { return b.wayFirst[wi] < b.wayFirst[wi+1] }

// indexWays makes wayIndex's index: none when the ways are in id order,
// else the ways with edges sorted by id (equal ids in way order).
func (b *builder) indexWays() {
	b.wayOrder = nil
	if slices.IsSorted(b.wayID) {
		return
	}
	b.wayOrder = makeLen[int32](b.arena, 0, len(b.wayID))
	for wi := range b.wayID {
		if b.hasEdges(int32(wi)) {
			b.wayOrder = append(b.wayOrder, int32(wi))
		}
	}
	slices.SortStableFunc(b.wayOrder, func(x, y int32) int { return cmp.Compare(b.wayID[x], b.wayID[y]) })
}

// wayIndex returns the index of the way with id that has edges, the last
// of them in way order when several have that id.
func (b *builder) wayIndex(id int64) (int32, bool) {
	if b.wayOrder == nil {
		end := sort.Search(len(b.wayID), func(i int) bool { return b.wayID[i] > id }) // past the ways with id
		for wi := int32(end) - 1; wi >= 0 && b.wayID[wi] == id; wi-- {
			if b.hasEdges(wi) {
				return wi, true
			}
		}
		return 0, false
	}
	end := sort.Search(len(b.wayOrder), func(i int) bool { return b.wayID[b.wayOrder[i]] > id })
	if end > 0 && b.wayID[b.wayOrder[end-1]] == id {
		return b.wayOrder[end-1], true
	}
	return 0, false
}

// wayOf returns the index of the way edge e was made of: the way whose
// edge range holds e (a binary search of wayFirst, where an index an
// edge took 4 bytes an edge).
func (b *builder) wayOf(e uint32) int32 {
	return int32(sort.Search(len(b.wayFirst)-1, func(wi int) bool { return b.wayFirst[wi+1] > e }))
}

// edgeStrings are the edges' name, ref and destination (string numbers)
// by way: every edge of a way has its way's, so a way keeps the number
// of its triple (4 bytes a way where three numbers an edge took 12 bytes
// an edge), and the graph's per-edge arrays are written from them
// (write) or made at the end (fill).
type edgeStrings struct {
	wayFirst []uint32    // the builder's: per way index, its first edge
	wayTri   []uint32    // per way index: its triple's number
	tris     [][3]uint32 // name, ref, destination
	triIdx   map[[3]uint32]uint32
}

// newEdgeStrings takes wayTri, zeroed, a number a way.
func newEdgeStrings(wayTri, wayFirst []uint32) *edgeStrings {
	return &edgeStrings{wayFirst: wayFirst, wayTri: wayTri, triIdx: map[[3]uint32]uint32{}}
}

// set gives way index wi the strings t.
func (s *edgeStrings) set(wi int, t [3]uint32) {
	i, ok := s.triIdx[t]
	if !ok {
		i = uint32(len(s.tris))
		s.tris = append(s.tris, t)
		s.triIdx[t] = i
	}
	s.wayTri[wi] = i
}

// edges yields the edges' string numbers of kind k (0 name, 1 ref, 2
// destination), in edge order.
func (s *edgeStrings) edges(k int) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		for wi, t := range s.wayTri {
			if s.wayFirst[wi] == s.wayFirst[wi+1] {
				continue // no edges, no triple
			}
			v := s.tris[t][k]
			for e := s.wayFirst[wi]; e < s.wayFirst[wi+1]; e++ {
				if !yield(v) {
					return
				}
			}
		}
	}
}

// n is the number of edges.
func (s *edgeStrings) n() int { return int(s.wayFirst[len(s.wayFirst)-1]) }

// write writes the edges' names, refs and destinations as Graph.writeHead
// writes eName, eRef and eDest.
func (s *edgeStrings) write(w *varWriter) {
	for k := range 3 {
		w.uint(uint64(s.n()))
		for v := range s.edges(k) {
			w.uint(uint64(v))
		}
	}
}

// fill makes g's eName, eRef and eDest.
func (s *edgeStrings) fill(g *Graph) {
	arr := func(k int) []uint32 {
		a := make([]uint32, 0, s.n())
		for v := range s.edges(k) {
			a = append(a, v)
		}
		return a
	}
	g.eName, g.eRef, g.eDest = arr(0), arr(1), arr(2)
}
