// ch_cells.go contracts a graph too large for one contractor's memory
// cell by cell, and then what the cells leave.
//
// A contractor holds ~150 bytes an arc of the edge-based graph
// (ContractionBytesPerArc): LI ×400's walking graph, ~9.8 M arcs, would
// need ~1.5 GB. So Write cuts the arcs into cells of at most
// WriteOptions.CellArcs, each a run of the arcs in the Hilbert order of
// their edges' first points (compact areas: arcCells), and contracts
//
//  1. each cell's inner arcs (those without a transition to or from
//     another cell), on the cell's own transitions, with a contractor of
//     the cell's size, in priority order but for the last of them: the
//     cell's border arcs and a core of its most important arcs (1 in
//     cellCore of its arcs, border included) stay, with the edges the
//     cell leaves between them (its transitions and shortcuts);
//  2. the overlay: the cells' borders and cores, on the transitions
//     between cells and the edges the cells left, each arc starting from
//     the level and contracted neighbours its cell gave it, whole when
//     it is within what a cell's contractor holds, in super-cells
//     otherwise (ch_overlay.go): runs of consecutive cells (Hilbert
//     neighbours), each contracted as a cell to its border and a core of
//     1 in cellCore, level after level, until what is left fits and is
//     contracted whole.
//
// That is a contraction hierarchy as contract makes one, in another node
// order (the cells' contracted arcs below the overlay's): contracting an
// arc adds a shortcut for each pair of its neighbours, all in its cell,
// unless a witness within the cell is as light, and a witness within the
// cell is a path of the graph. The witness searches see less than the
// whole graph, so a few shortcuts more than needed may be added, never
// one too few; the queries are those of any hierarchy
// (TestCellsEqualDijkstra). The core is what keeps the overlay small: a
// cell contracted to its border alone leaves an edge between nearly every
// two of its border arcs (cellCore). This is the "core" of OSRM's and
// GraphHopper's core-based CH (contract most nodes, leave a core), with
// the core grown cell by cell instead of over the whole graph, whose
// contractors take it whole in memory.
//
// Measured (whole → cells): LI walking (40 k arcs), cells of 10 k: CPU
// 0.94×, hierarchy edges +0.5%, route p50 1.02×; LI ×16d walking (391 k
// arcs), two cells: CPU 1.02×, edges +0.15%, route p50 0.97×, the
// contraction's peak live heap 0.80×.
//
// Memory: one cell's contractor, then one super-cell's or the overlay's,
// none of more than a cell's (overlayArcs; but for two groups paired when
// no two fit within it, superCells); the hierarchy's edge counts
// (2 bytes an arc: edgeCounts), each arc's cell (2: arcCells) and whether
// it is on a border (a bit: arcBits), and the overlay's arcs (12 bytes
// each). Those per arc grow with the graph: they were 13 bytes an arc
// (LI ×400 walking, 9.8 M arcs: 127 MB of the roads stage's peak live
// heap, beside two cells' contractors' ~250), ~4 now. The transitions wait in
// two spools, the cells' (read once a cell) and those between cells
// (read once a super-cell and level), the edges each cell or super-cell
// leaves in one of its own. A graph within CellArcs is contracted whole,
// as before (packs of LI, Monaco and Andorra are byte for byte those of
// contract), and an overlay within its limit as before too.

package route

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"waymark/engine/boxtree"
)

// ContractionBytesPerArc is what contract holds at its peak an arc of the
// edge-based graph: per-arc state, queue and list heads (~70 bytes) and
// its edge lists at 24 bytes an edge slot (heap profiles of LI ×16d and
// ×64, regions/roads/doc.go). An importer divides its budget by it for
// WriteOptions.CellArcs. The overlay holds more an arc
// (OverlayBytesPerArc).
const ContractionBytesPerArc = 150

// contractCells builds the hierarchy of g's edge-based graph as contract
// does, cell by cell, workers cells at once: cell[a] is arc a's cell,
// numbered from 0 (arcCells).
func contractCells(ctx context.Context, g *Graph, amask []uint8, cell []uint16, workers, overlayLimit int, dir string, consume bool, progress func(done, total int)) (h *hierarchy, err error) {
	n := len(g.aW)
	if len(cell) != n {
		return nil, fmt.Errorf("route: contract: %d cells for %d arcs", len(cell), n)
	}
	cells := uint32(0)
	for _, c := range cell {
		cells = max(cells, uint32(c)+1)
	}
	if h, err = newHierarchy(n, dir); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			h.close()
			h = nil
		}
	}()
	border := newArcBits(n)
	for a := range n {
		for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
			if to := g.tTo[k]; to != uint32(a) && cell[a] != cell[to] {
				border.set(uint32(a))
				border.set(to)
			}
		}
	}
	// The transitions as edges to contract (contract's), in arc order:
	// those within a cell to one spool, those between cells to the
	// overlay's, which gets the edges the cells leave too.
	inner, err := newSpool(dir, "cell-edges")
	if err != nil {
		return h, err
	}
	defer inner.close()
	cross, err := newSpool(dir, "overlay-edges")
	if err != nil {
		return h, err
	}
	defer cross.close()
	var rec [finalRecord]byte
	for a := range n {
		for k := g.tOff[a]; k < g.tOff[a+1]; k++ {
			to := g.tTo[k]
			if to == uint32(a) {
				continue
			}
			h.originalWrapped = h.originalWrapped || uint64(g.tW[k])+uint64(g.aW[to]) > math.MaxUint32
			e := chEdge{other: to, w: g.tW[k] + g.aW[to], d: g.aD[to], mid: -1}
			if amask != nil {
				e.mask = amask[to]
			}
			putEdge(rec[:], uint32(a), e)
			if cell[a] == cell[to] {
				inner.Write(rec[:]) // an error comes back from reader
			} else {
				cross.Write(rec[:])
			}
		}
	}
	if consume {
		g.tOff, g.tTo, g.tW, g.aW, g.aD = nil, nil, nil, nil, nil
		if g.tailDone != nil {
			g.tailDone()
		}
	}
	if err := inner.flush(); err != nil {
		return h, err
	}
	// The cells, workers at once; then the overlay: each cell's border
	// arcs and the core it keeps uncontracted (cellCore), with their
	// levels and contracted neighbours.
	cn := &contraction{total: n, progress: progress}
	lefts := make([]cellLeft, cells)
	defer func() {
		for _, l := range lefts {
			if l.edges != nil {
				l.edges.close()
			}
		}
	}()
	if err := eachCell(ctx, cells, workers, func(ctx context.Context, cl uint32) (err error) {
		lefts[cl], err = contractCell(ctx, cl, cell, border, inner, amask != nil, h, dir, cn)
		return err
	}); err != nil {
		return h, err
	}
	var tops []top
	for _, l := range lefts {
		tops = append(tops, l.tops...)
		h.shortcutWrapped = h.shortcutWrapped || l.wrapped
	}
	slices.SortFunc(tops, func(x, y top) int { return cmp.Compare(x.arc, y.arc) })
	ov := overlay{cross: cross, cell: cell, border: border, limit: overlayLimit, workers: workers, masked: amask != nil, h: h, dir: dir, cn: cn}
	return h, ov.contract(ctx, tops, lefts)
}

// top is an arc of the overlay, with the level and contracted neighbours
// its cell gave it.
type top struct {
	arc            uint32
	level, deleted int32
}

// cellLeft is what a cell leaves to the overlay: its border and core
// arcs, and the edges between them (in a spool, as records).
type cellLeft struct {
	tops  []top
	edges *spool
	// wrapped says a shortcut's weight or distance passed 2^32
	wrapped bool
}

// eachCell calls fn for each cell, in up to workers goroutines at once;
// the first error cancels the cells not yet done and is returned.
func eachCell(ctx context.Context, cells uint32, workers int, fn func(ctx context.Context, cl uint32) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var next atomic.Uint32
	var wg sync.WaitGroup
	for range max(1, min(workers, int(cells))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for cl := next.Add(1) - 1; cl < cells && ctx.Err() == nil; cl = next.Add(1) - 1 {
				if err := fn(ctx, cl); err != nil {
					cancel(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return context.Cause(ctx)
}

// contractCell contracts cell cl's inner arcs (ch_cells.go, step 1) and
// returns what it leaves.
func contractCell(ctx context.Context, cl uint32, cell []uint16, border arcBits, inner *spool, masked bool, h *hierarchy, dir string, cn *contraction) (cellLeft, error) {
	var glob []uint32
	borders := 0
	for a, x := range cell {
		if uint32(x) == cl {
			glob = append(glob, uint32(a))
			if border.has(uint32(a)) {
				borders++
			}
		}
	}
	c := newContractor(len(glob), masked, h)
	c.glob = glob
	err := eachEdge(inner, func(u uint32, e chEdge) {
		if uint32(cell[u]) == cl {
			c.addEdge(local(glob, u), local(glob, e.other), e.w, e.d, e.mid, e.mask)
		}
	})
	if err != nil {
		return cellLeft{}, err
	}
	keep := max(len(glob)/cellCore-borders, 0)
	core, err := c.run(ctx, func(v uint32) bool { return !border.has(glob[v]) }, keep, cn)
	if err != nil {
		return cellLeft{}, err
	}
	return leave(c, core, border, dir)
}

// cellCore is the share of a cell's arcs left to the overlay, 1 in
// cellCore (its border arcs, then those last in contraction order). A
// cell contracted to its border alone leaves an edge between nearly every
// two of its border arcs (a path across the cell without a witness
// inside it): on LI ×16d walking, two cells of 195 k arcs left 2,590
// border arcs whose overlay had not ended after 15 minutes, against 63 s
// for the whole graph. Kept, the cell's main roads join its border arcs
// as they join in the whole graph.
//
// The overlay was the contraction's peak at country size: its arcs are
// few but densely joined (LI ×400 walking, 9.8 M arcs, 12 cells: a
// core of 1 in 8, 1.22 M overlay arcs, held ~630 MB, ~500 bytes an arc,
// where a cell holds ~150), and it was the import's peak (859 MB live,
// above the heap limit; an overlay over a cell's memory is now
// contracted in super-cells, ch_overlay.go). A core of 1 in 16 against
// 1 in 8, LI ×64 with
// cells of ×400's share of the graph (stagerun -cellarcs 256000, 12
// cells, run at once): the walking overlay's live heap 118 → 97 MB, the
// graphs' build time 0.88–0.93× (walking 318.6 → 296.9 s), hierarchy
// edges +0.04% (driving) to +0.15% (cycling).
const cellCore = 16

// local returns the place of arc a in glob, ascending, which holds it.

func local(glob []uint32, a uint32) uint32 {
	k, _ := slices.BinarySearch(glob, a)
	return uint32(k)
}

// eachEdge calls fn with each edge record of s, in the order written
// before its last flush; goroutines may read a spool at once.
func eachEdge(s *spool, fn func(v uint32, e chEdge)) error {
	src := s.shared()
	buf := make([]byte, 64<<10/finalRecord*finalRecord)
	for {
		k, err := io.ReadFull(src, buf)
		if k%finalRecord != 0 {
			return fmt.Errorf("route: %s: a record cut short", s.name)
		}
		for rec := buf[:k]; len(rec) > 0; rec = rec[finalRecord:] {
			fn(getEdge(rec))
		}
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			return nil
		case err != nil:
			return fmt.Errorf("route: %s: %w", s.name, err)
		}
	}
}

// arcCells cuts the arcs into cells of at most size arcs, as equal as
// they go: runs of the arcs in the order of their edges' keys (edgeKeys),
// then of their numbers. A cell's number is 2 bytes an arc (4 were 39 MB
// of LI ×400 walking's contraction), so there are at most maxCells
// cells, larger than size where size would make more: 2^16 cells of the
// default budget's ~0.8 M arcs are some 5,000 Germanys.
func arcCells(ekey []uint64, aEdge []uint32, size int) []uint16 {
	n := len(aEdge)
	cells := min((n+size-1)/max(size, 1), maxCells)
	per := (n + cells - 1) / max(cells, 1)
	order := make([]uint32, n)
	for a := range order {
		order[a] = uint32(a)
	}
	slices.SortFunc(order, func(x, y uint32) int {
		if c := cmp.Compare(ekey[aEdge[x]>>1], ekey[aEdge[y]>>1]); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	cell := make([]uint16, n)
	for i, a := range order {
		cell[a] = uint16(i / per)
	}
	return cell
}

// maxCells is the most cells arcCells makes.
const maxCells = 1 << 16

// arcBits is a bit an arc.
type arcBits []uint64

func newArcBits(n int) arcBits { return make(arcBits, (n+63)/64) }

func (b arcBits) has(a uint32) bool { return b[a/64]&(1<<(a%64)) != 0 }
func (b arcBits) set(a uint32)      { b[a/64] |= 1 << (a % 64) }
func (b arcBits) clear(a uint32)    { b[a/64] &^= 1 << (a % 64) }

// edgeKeys returns each edge's first point's place on a Hilbert curve
// over the world (cells of 360/65536° of longitude by 180/65536° of
// latitude), reading the points back from the spill; eGeom are the
// edges' offsets into them.
func (s *geomSpill) edgeKeys(eGeom []uint32) ([]uint64, error) {
	s.pts.w.flush()
	src, err := s.pts.s.reader()
	if err != nil {
		return nil, err
	}
	r := bufio.NewReaderSize(src, 64<<10)
	keys := make([]uint64, max(len(eGeom)-1, 0))
	var x, y int64
	for i, e := 0, 0; e < len(keys); i++ {
		dx, err1 := binary.ReadVarint(r)
		dy, err2 := binary.ReadVarint(r)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("route: geometry spill at point %d: %w", i, err)
		}
		x, y = x+dx, y+dy
		for ; e < len(keys) && int(eGeom[e]) == i; e++ {
			keys[e] = boxtree.Hilbert(worldCell(x, 180e7), worldCell(y, 90e7))
		}
	}
	return keys, nil
}

// worldCell is the cell of 65536 across [-half, half] of fixed-point
// degrees (1e-7) v is in.
func worldCell(v int64, half float64) uint32 {
	c := int64((float64(v) + half) / (2 * half) * 65536)
	return uint32(min(max(c, 0), 65535))
}
