package route

import (
	"cmp"
	"math/bits"
	"slices"
)

// adjLists are the contraction's edge lists of one direction (a node's
// edges to its neighbours not yet contracted), kept in an arena: a node's
// list is a region of 2^class edges in blocks of adjBlock edges (a list
// longer than a block has a block of its own), and the region a list
// outgrows or leaves goes on its class's free list for the next list of
// that size. As nodes are contracted their lists go and the others
// grow, so free regions pile up in classes no list asks for (LI ×16
// walking: 3.3 M edge slots for 1.4 M edges at most); compact slides the
// lists together when a quarter of the slots are free. 9 bytes a node, where a
// slice per node took 24 and its own allocation. Lists keep the order
// slices would (appends at the end, removals by moving the last edge
// in), so the contraction is the same. E is an edge (out lists) or just
// the other end (in lists: an edge's data is its out list's, ch.go).
type adjLists[E any] struct {
	off    []uint32 // per node: block<<adjBlockBits | index of its first edge
	n      []uint32 // per node: edges in its list
	class  []uint8  // per node: its region holds 1<<class edges (noRegion: none)
	blocks [][]E
	big    []bool     // per block: a list's own (nil blocks are gone)
	free   [][]uint32 // per class: offsets of free regions
	cur    int        // the block new small regions are made in
	next   uint32     // where the next new region starts in it
	// slots are the edge slots of the small blocks, freeSlots those in
	// free regions.
	slots, freeSlots int
}

const (
	adjBlockBits = 16
	adjBlock     = 1 << adjBlockBits
	noRegion     = 0xff
)

func newAdjLists[E any](n int) adjLists[E] {
	a := adjLists[E]{off: make([]uint32, n), n: make([]uint32, n), class: make([]uint8, n)}
	for i := range a.class {
		a.class[i] = noRegion
	}
	return a
}

// list returns v's edges; changing them changes the list.
func (a *adjLists[E]) list(v uint32) []E {
	if a.n[v] == 0 {
		return nil
	}
	o := a.off[v]
	i := o & (adjBlock - 1)
	return a.blocks[o>>adjBlockBits][i : i+a.n[v] : i+1<<a.class[v]]
}

// add appends e to v's list.
func (a *adjLists[E]) add(v uint32, e E) {
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
			a.release(a.off[v], oldClass)
		}
		a.off[v], a.class[v] = o, c
	}
	o := a.off[v]
	a.blocks[o>>adjBlockBits][o&(adjBlock-1)+n] = e
	a.n[v] = n + 1
}

// truncate shortens v's list to n edges.
func (a *adjLists[E]) truncate(v uint32, n int) { a.n[v] = uint32(n) }

// clear empties v's list and gives its region back.
func (a *adjLists[E]) clear(v uint32) {
	if c := a.class[v]; c != noRegion {
		a.release(a.off[v], c)
	}
	a.n[v], a.class[v] = 0, noRegion
}

// release puts the region at o of class c on its free list.
func (a *adjLists[E]) release(o uint32, c uint8) {
	for len(a.free) <= int(c) {
		a.free = append(a.free, nil)
	}
	a.free[c] = append(a.free[c], o)
	if 1<<c < adjBlock {
		a.freeSlots += 1 << c
	}
}

// region returns the offset of a free region of 1<<c edges.
func (a *adjLists[E]) region(c uint8) uint32 {
	for len(a.free) <= int(c) {
		a.free = append(a.free, nil)
	}
	size := uint32(1) << c
	if f := a.free[c]; len(f) > 0 {
		o := f[len(f)-1]
		a.free[c] = f[:len(f)-1]
		if size < adjBlock {
			a.freeSlots -= int(size)
		}
		return o
	}
	if size >= adjBlock {
		a.blocks, a.big = append(a.blocks, make([]E, size)), append(a.big, true)
		return uint32(len(a.blocks)-1) << adjBlockBits
	}
	if len(a.blocks) == 0 || a.next+size > adjBlock || a.big[a.cur] {
		a.blocks, a.big = append(a.blocks, make([]E, adjBlock)), append(a.big, false)
		a.cur, a.next = len(a.blocks)-1, 0
		a.slots += adjBlock
	}
	o := uint32(a.cur)<<adjBlockBits | a.next
	a.next += size
	return o
}

// wasteful reports whether a quarter of the small blocks' slots are
// free (and more than four blocks' worth). Compacting costs a sort of the
// nodes; on LI ×16 walking it ran five times.
func (a *adjLists[E]) wasteful() bool {
	return a.freeSlots > 4*adjBlock && 4*a.freeSlots > a.slots
}

// compact slides every list to the start of the small blocks, in the
// order they are in, each into the smallest region that holds it, and
// drops the blocks it empties and the free lists. It moves no list
// forward, so a list never overwrites one not yet moved.
func (a *adjLists[E]) compact() {
	nodes := make([]uint32, 0, len(a.class))
	for v, c := range a.class {
		if c != noRegion {
			nodes = append(nodes, uint32(v))
		}
	}
	slices.SortFunc(nodes, func(x, y uint32) int { return cmp.Compare(a.off[x], a.off[y]) })
	used := make([]bool, len(a.blocks))
	cb, next := 0, uint32(0)
	for cb < len(a.blocks) && (a.blocks[cb] == nil || a.big[cb]) {
		cb++
	}
	for _, v := range nodes {
		n := a.n[v]
		if n == 0 {
			a.class[v] = noRegion
			continue
		}
		if 1<<a.class[v] >= adjBlock {
			used[a.off[v]>>adjBlockBits] = true // a block of its own stays
			continue
		}
		c := uint8(bits.Len32(n - 1))
		size := uint32(1) << c
		if next+size > adjBlock {
			for cb++; a.blocks[cb] == nil || a.big[cb]; cb++ {
			}
			next = 0
		}
		src := a.off[v]
		i := src & (adjBlock - 1)
		copy(a.blocks[cb][next:next+n], a.blocks[src>>adjBlockBits][i:i+n])
		a.off[v], a.class[v] = uint32(cb)<<adjBlockBits|next, c
		used[cb] = true
		next += size
	}
	a.slots = 0
	for b := range a.blocks {
		switch {
		case !used[b]:
			a.blocks[b] = nil
		case !a.big[b]:
			a.slots += adjBlock
		}
	}
	a.cur, a.next = cb, next
	if cb >= len(a.blocks) || a.blocks[cb] == nil {
		a.next = adjBlock // the next small region starts a block
		a.cur = max(0, min(cb, len(a.blocks)-1))
	}
	a.free, a.freeSlots = nil, 0
}
