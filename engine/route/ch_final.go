// ch_final.go keeps a contraction's final edges: in spools while it runs,
// read back whole (csr) or a range of nodes at a time (chunks).

package route

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sort"
	"sync"
)

// hierarchy is a contracted hierarchy: its final edges, in their spools,
// and what writing them needs to know of how they were made.
type hierarchy struct {
	up, down *finalEdges
	// originalWrapped says an original edge's weight (a turn's plus its
	// target arc's) passed 2^32; shortcutWrapped says a shortcut's weight
	// or distance did. Without either, every original edge is what
	// Graph.originalEdge says and every shortcut the sum of its halves
	// (Graph.shortcutHalves), by construction: the encoding leaves their
	// values out (writeHierarchyEdges, writeShortcuts).
	originalWrapped, shortcutWrapped bool
	// levels counts the overlay's levels of super-cells (ch_overlay.go)
	levels int
}

func (h *hierarchy) close() {
	for _, f := range []*finalEdges{h.up, h.down} {
		if f != nil {
			f.close()
		}
	}
}

// arrays returns the hierarchy's edges as arrays, the up edges' then the
// down edges'.
func (h *hierarchy) arrays() (up, down chAdj, err error) {
	if up, err = h.up.csr(); err != nil {
		return up, down, err
	}
	down, err = h.down.csr()
	return up, down, err
}

// finalEdges collects the CH edges of each node as it is contracted, in
// a temporary file (or a buffer without a directory) of fixed records, and
// only their count per node in memory (edgeCounts: a byte a node, where
// the edges took 16 bytes each and 8 a node of bookkeeping; LI ×200
// walking: 29.6 M edges, ~470 MB). Once contraction is done, csr reads
// them back into the hierarchy's arrays (Build), or hierarchy.writeTo
// writes them a range of nodes at a time (Write).
type finalEdges struct {
	mu    sync.Mutex // set's
	s     *spool
	count edgeCounts
	n     int // edges in the list
	// masked says an edge has classes (chAdj.mask)
	masked bool
	rec    [finalRecord]byte
	next   []uint32 // read's scratch
}

// finalRecord is the size of a final edge's record: its node, other end,
// weight, distance and middle node, little endian, and its classes.
const finalRecord = 21

func newFinalEdges(n int, dir string) (*finalEdges, error) {
	s, err := newSpool(dir, "hierarchy")
	if err != nil {
		return nil, err
	}
	return &finalEdges{s: s, count: newEdgeCounts(n)}, nil
}

// edgeCounts is a count for each node, a byte but for the few of
// edgeCountMax or more, which a map holds. Contraction holds a hierarchy's
// counts, its up and down edges' a node, through the whole graph's: as
// uint32s they were 8 bytes an arc of the edge-based graph (LI ×400
// walking, 9.8 M arcs: 78 MB of the roads stage's live heap, where two
// cells' contractors held ~250), a third of what grew with the graph.
// Nodes of 255 edges or more are a handful near the hierarchy's top.
type edgeCounts struct {
	small []uint8
	large map[uint32]uint32
}

// edgeCountMax in small says the count is in large.
const edgeCountMax = math.MaxUint8

func newEdgeCounts(n int) edgeCounts { return edgeCounts{small: make([]uint8, n)} }

func (c *edgeCounts) len() int { return len(c.small) }

func (c *edgeCounts) at(v int) uint32 {
	if k := c.small[v]; k < edgeCountMax {
		return uint32(k)
	}
	return c.large[uint32(v)]
}

func (c *edgeCounts) set(v uint32, k int) {
	if k < edgeCountMax {
		c.small[v] = uint8(k)
		delete(c.large, v)
		return
	}
	if c.large == nil {
		c.large = make(map[uint32]uint32)
	}
	c.small[v], c.large[v] = edgeCountMax, uint32(k)
}

// set records v's final edges; contractors at once may call it (the
// edges are sorted by node when read).
func (f *finalEdges) set(v uint32, es []chEdge) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.count.set(v, len(es))
	f.n += len(es)
	for _, e := range es {
		putEdge(f.rec[:], v, e)
		f.masked = f.masked || e.mask != 0
		f.s.Write(f.rec[:]) // an error comes back from reader
	}
}

// putEdge writes edge e of node v into rec, a finalRecord.
func putEdge(rec []byte, v uint32, e chEdge) {
	binary.LittleEndian.PutUint32(rec[0:], v)
	binary.LittleEndian.PutUint32(rec[4:], e.other)
	binary.LittleEndian.PutUint32(rec[8:], e.w)
	binary.LittleEndian.PutUint32(rec[12:], e.d)
	binary.LittleEndian.PutUint32(rec[16:], uint32(e.mid))
	rec[20] = e.mask
}

// getEdge returns the node and edge of a finalRecord.
func getEdge(rec []byte) (uint32, chEdge) {
	return binary.LittleEndian.Uint32(rec[0:]), chEdge{
		other: binary.LittleEndian.Uint32(rec[4:]),
		w:     binary.LittleEndian.Uint32(rec[8:]),
		d:     binary.LittleEndian.Uint32(rec[12:]),
		mid:   int32(binary.LittleEndian.Uint32(rec[16:])),
		mask:  rec[20],
	}
}

func (f *finalEdges) close() { f.s.close() }

// csr returns the edges in CSR form, each node's sorted by other end.
func (f *finalEdges) csr() (chAdj, error) {
	var a chAdj
	err := f.read(0, f.count.len(), &a)
	f.count = edgeCounts{}
	return a, err
}

// read sets a to the edges of nodes lo to hi-1 in CSR form, each node's
// sorted by other end, its offsets from lo's first edge; it reads the
// whole spool and reuses a's arrays.
func (f *finalEdges) read(lo, hi int, a *chAdj) error {
	src, err := f.s.reader()
	if err != nil {
		return err
	}
	a.off = append(a.off[:0], 0)
	total := uint32(0)
	for v := lo; v < hi; v++ {
		total += f.count.at(v)
		a.off = append(a.off, total)
	}
	a.to, a.w, a.d, a.mid = resize(a.to, int(total)), resize(a.w, int(total)), resize(a.d, int(total)), resize(a.mid, int(total))
	if f.masked {
		a.mask = resize(a.mask, int(total))
	} else {
		a.mask = nil
	}
	next := f.next[:0]
	next = append(next, a.off[:hi-lo]...) // where each node's next edge goes
	f.next = next
	buf := make([]byte, 64<<10/finalRecord*finalRecord)
	for left := f.n; left > 0; {
		nb := min(left, len(buf)/finalRecord)
		rec := buf[:nb*finalRecord]
		if _, err := io.ReadFull(src, rec); err != nil {
			return fmt.Errorf("hierarchy spill: %w", err)
		}
		left -= nb
		for ; len(rec) > 0; rec = rec[finalRecord:] {
			u, e := getEdge(rec)
			v := int(u)
			if v < lo || v >= hi {
				continue
			}
			k := next[v-lo]
			next[v-lo]++
			a.to[k], a.w[k], a.d[k], a.mid[k] = e.other, e.w, e.d, e.mid
			if a.mask != nil {
				a.mask[k] = e.mask
			}
		}
	}
	for v := range hi - lo {
		// several edges a pair have other classes: no ties
		sort.Sort(adjRange{a, int(a.off[v]), int(a.off[v+1] - a.off[v])})
	}
	return nil
}

// resize returns s with n elements, reusing its array when it is long
// enough.
func resize[E any](s []E, n int) []E {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]E, n)
}

// chunks calls fn with the edges of consecutive ranges of nodes, from
// node 0 on, each range's no more than limit edges (or one node's):
// a's offsets are from the range's first edge, lo is its first node.
func (f *finalEdges) chunks(limit int, fn func(a *chAdj, lo int) error) error {
	var a chAdj
	for lo, n := 0, f.count.len(); lo < n; {
		hi, edges := lo+1, int(f.count.at(lo))
		for hi < n && edges+int(f.count.at(hi)) <= limit {
			edges += int(f.count.at(hi))
			hi++
		}
		if err := f.read(lo, hi, &a); err != nil {
			return err
		}
		if err := fn(&a, lo); err != nil {
			return err
		}
		lo = hi
	}
	return nil
}

// adjRange sorts one node's edges of a chAdj by other end.
type adjRange struct {
	a        *chAdj
	from, nk int
}

func (r adjRange) Len() int { return r.nk }
func (r adjRange) Less(i, j int) bool {
	a, i, j := r.a, r.from+i, r.from+j
	if a.to[i] != a.to[j] || a.mask == nil {
		return a.to[i] < a.to[j]
	}
	return a.mask[i] < a.mask[j]
}
func (r adjRange) Swap(i, j int) {
	a, i, j := r.a, r.from+i, r.from+j
	a.to[i], a.to[j] = a.to[j], a.to[i]
	a.w[i], a.w[j] = a.w[j], a.w[i]
	a.d[i], a.d[j] = a.d[j], a.d[i]
	a.mid[i], a.mid[j] = a.mid[j], a.mid[i]
	if a.mask != nil {
		a.mask[i], a.mask[j] = a.mask[j], a.mask[i]
	}
}
