package route

// adjLists are the contraction's edge lists of one direction (a node's
// edges to its neighbours not yet contracted), kept in an arena: a node's
// list is a region of 2^class edges in blocks of adjBlock edges (a list
// longer than a block has a block of its own), and the region a list
// outgrows or leaves goes on its class's free list for the next list of
// that size. 9 bytes a node, where a slice per node took 24 and its own
// allocation (~100 MB on LI ×200 walking, 4.9 M arcs, both directions).
// Lists keep the order slices would (appends at the end, removals by
// moving the last edge in), so the contraction is the same.
type adjLists struct {
	off    []uint32 // per node: block<<adjBlockBits | index of its first edge
	n      []uint32 // per node: edges in its list
	class  []uint8  // per node: its region holds 1<<class edges (noRegion: none)
	blocks [][]chEdge
	free   [][]uint32 // per class: offsets of free regions
	next   uint32     // where the next new region starts in the last block
}

const (
	adjBlockBits = 16
	adjBlock     = 1 << adjBlockBits
	noRegion     = 0xff
)

func newAdjLists(n int) adjLists {
	a := adjLists{off: make([]uint32, n), n: make([]uint32, n), class: make([]uint8, n)}
	for i := range a.class {
		a.class[i] = noRegion
	}
	return a
}

// list returns v's edges; changing them changes the list.
func (a *adjLists) list(v uint32) []chEdge {
	if a.n[v] == 0 {
		return nil
	}
	o := a.off[v]
	i := o & (adjBlock - 1)
	return a.blocks[o>>adjBlockBits][i : i+a.n[v] : i+1<<a.class[v]]
}

// add appends e to v's list.
func (a *adjLists) add(v uint32, e chEdge) {
	n := a.n[v]
	if a.class[v] == noRegion || n == 1<<a.class[v] {
		old, oldClass := a.list(v), a.class[v]
		c := uint8(0)
		if oldClass != noRegion {
			c = oldClass + 1
		}
		o := a.region(c)
		i := o & (adjBlock - 1)
		copy(a.blocks[o>>adjBlockBits][i:], old)
		if oldClass != noRegion {
			a.free[oldClass] = append(a.free[oldClass], a.off[v])
		}
		a.off[v], a.class[v] = o, c
	}
	o := a.off[v]
	a.blocks[o>>adjBlockBits][o&(adjBlock-1)+n] = e
	a.n[v] = n + 1
}

// truncate shortens v's list to n edges.
func (a *adjLists) truncate(v uint32, n int) { a.n[v] = uint32(n) }

// clear empties v's list and gives its region back.
func (a *adjLists) clear(v uint32) {
	if c := a.class[v]; c != noRegion {
		a.free[c] = append(a.free[c], a.off[v])
	}
	a.n[v], a.class[v] = 0, noRegion
}

// region returns the offset of a free region of 1<<c edges.
func (a *adjLists) region(c uint8) uint32 {
	for len(a.free) <= int(c) {
		a.free = append(a.free, nil)
	}
	if f := a.free[c]; len(f) > 0 {
		o := f[len(f)-1]
		a.free[c] = f[:len(f)-1]
		return o
	}
	size := uint32(1) << c
	if size >= adjBlock {
		// a block of its own, and the next small region in a new block
		a.blocks = append(a.blocks, make([]chEdge, size))
		a.next = adjBlock
		return uint32(len(a.blocks)-1) << adjBlockBits
	}
	if len(a.blocks) == 0 || a.next+size > adjBlock {
		a.blocks = append(a.blocks, make([]chEdge, adjBlock))
		a.next = 0
	}
	o := uint32(len(a.blocks)-1)<<adjBlockBits | a.next
	a.next += size
	return o
}
