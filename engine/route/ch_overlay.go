// ch_overlay.go contracts the overlay the cells leave (ch_cells.go), in
// super-cells when it is more than one contractor may hold.
//
// The overlay is about a sixteenth of the graph but densely joined
// (OverlayBytesPerArc): contracted whole it grew with the input (LI ×400
// walking: ~0.6 M arcs, ~300 MB, the import's peak live heap; a country
// of ×2,000 would be ~1.5 GB). The rule: the overlay is contracted whole
// when it has at most overlayArcs(cell) arcs, what a cell's contractor
// holds (cell × ContractionBytesPerArc) at the overlay's rate, cell
// being the cells' size (CellArcs / CellWorkers; so that CellWorkers
// super-cells at once hold what CellWorkers cells do). Otherwise the
// cells, in their order (Hilbert neighbours), are grouped into as few
// runs of at most that many overlay arcs as go, the super-cells, and
// each is contracted as a cell is, CellWorkers at once: its arcs without
// an edge to another super-cell, from the level and contracted
// neighbours their cell gave them, down to its border and a core;
// again on what they leave, until it fits or one group is left, which is
// contracted whole. It is still a contraction hierarchy in another node
// order, as the cells' is (TestOverlayEqualDijkstra), and an overlay
// that fits is contracted as before, to the same bytes.
//
// Measured, LI ×64 (stagerun -cellarcs 150000 -mem 920M: cells of 75 k
// arcs, at most 22.5 k overlay arcs; two runs each, interleaved, load
// 3–7 on 2 cores, main → super-cells): the driving overlay, 46,580 arcs,
// went in 3 super-cells to 2,910 contracted whole; walking's, 97,754, in
// 6 to 15,212 (one level each). The roads stage's CPU 354.4, 362.3 →
// 358.0, 352.6 s (0.99×); hierarchy edges +0.08% (driving), +0.39%
// (walking), +0.32% (cycling); route p50 over the packs 1.00–1.09×
// (noisy). The stage's peak live heap, 88, 92 → 109, 89 MB, and peak
// RSS, 236, 221 → 240, 220 MB, are not the overlay's at this size (its
// cells' and the hierarchy's write are), where the walking overlay held
// ~49 MB whole at the overlay's rate and ~11 MB a super-cell. Cells of
// 20 k arcs (-cellarcs 40000, one run each, load 2–4): walking's overlay
// went from 97,719 arcs to 4,852 in 5 levels (20, 7, 4, 3, 2
// super-cells of at most 6 k arcs), the stage's peak live heap 145 →
// 109 MB (most of it the cells' sealed spools: spool.seal), peak RSS
// 269 → 235 MB, CPU 356.8 → 359.8 s, hierarchy edges +0.17–0.65%.

package route

import (
	"cmp"
	"context"
	"slices"
)

// OverlayBytesPerArc is what a contractor holds at its peak an arc of the
// overlay, whose arcs are fewer but more densely joined than a cell's
// (LI ×400 walking: 1.22 M overlay arcs held ~630 MB, cellCore).
const OverlayBytesPerArc = 500

// overlayArcs is the most overlay arcs one contractor takes, for cells of
// cellArcs arcs (WriteOptions.CellArcs / CellWorkers): the memory of a
// cell's contractor at the overlay's rate, cellArcs ×
// ContractionBytesPerArc / OverlayBytesPerArc.
func overlayArcs(cellArcs int) int {
	return max(cellArcs*ContractionBytesPerArc/OverlayBytesPerArc, 1)
}

// overlay is the contraction of what the cells leave.
type overlay struct {
	// cross holds the transitions between cells, each between two of
	// their border arcs
	cross *spool
	// cell is each arc's cell; border, each arc's being on the border of
	// the current level's groups (reused level by level)
	cell   []uint16
	border arcBits
	// limit is the most arcs contracted whole, and a super-cell's most
	// (overlayArcs)
	limit, workers int
	masked         bool
	h              *hierarchy
	dir            string
	cn             *contraction
}

// contract contracts the overlay: tops, by arc, with the edges of cross
// and those lefts (one a cell, in cell order) leave between them. While
// tops are more than limit, it groups the current groups (the cells at
// first) into super-cells of consecutive ones (superCells) and contracts
// each super-cell's arcs without an edge to another one, as a cell's,
// down to its border and a core (contractSuper); then
// it contracts what is left whole, each arc from the level and
// contracted neighbours its group gave it. It closes lefts' spools.
func (o *overlay) contract(ctx context.Context, tops []top, lefts []cellLeft) error {
	defer func() { closeLefts(lefts) }()
	// group[c] is cell c's group at the current level
	groups := len(lefts)
	group := make([]uint32, groups)
	for c := range group {
		group[c] = uint32(c)
	}
	if err := o.cross.flush(); err != nil {
		return err
	}
	for len(tops) > o.limit {
		next, first := o.superCells(tops, group, groups)
		if len(first) <= 2 { // one super-cell: the whole overlay
			break
		}
		for _, t := range tops {
			o.border.clear(t.arc)
		}
		err := eachEdge(o.cross, func(u uint32, e chEdge) {
			if next[group[o.cell[u]]] != next[group[o.cell[e.other]]] {
				o.border.set(u)
				o.border.set(e.other)
			}
		})
		if err != nil {
			return err
		}
		supers := uint32(len(first) - 1)
		up := make([]cellLeft, supers)
		err = eachCell(ctx, supers, o.workers, func(ctx context.Context, s uint32) (err error) {
			up[s], err = o.contractSuper(ctx, s, tops, group, next, lefts[first[s]:first[s+1]])
			return err
		})
		closeLefts(lefts)
		lefts = up
		if err != nil {
			return err
		}
		tops = tops[:0]
		for _, l := range lefts {
			tops = append(tops, l.tops...)
			o.h.shortcutWrapped = o.h.shortcutWrapped || l.wrapped
		}
		slices.SortFunc(tops, func(x, y top) int { return cmp.Compare(x.arc, y.arc) })
		for c, g := range group {
			group[c] = next[g]
		}
		groups = int(supers)
		o.h.levels++
	}
	ids := make([]uint32, len(tops))
	for i, t := range tops {
		ids[i] = t.arc
	}
	c := newContractor(len(ids), o.masked, o.h)
	c.glob = ids
	for i, t := range tops {
		c.level[i], c.deleted[i] = t.level, t.deleted
	}
	tops = nil
	add := func(u uint32, e chEdge) {
		c.addEdge(local(ids, u), local(ids, e.other), e.w, e.d, e.mid, e.mask)
	}
	// the transitions between groups (those within one went to its
	// contractor), then what the groups left
	err := eachEdge(o.cross, func(u uint32, e chEdge) {
		if group[o.cell[u]] != group[o.cell[e.other]] {
			add(u, e)
		}
	})
	if err != nil {
		return err
	}
	for _, l := range lefts {
		if err := l.edges.flush(); err != nil {
			return err
		}
		if err := eachEdge(l.edges, add); err != nil {
			return err
		}
	}
	if _, err = c.run(ctx, nil, 0, o.cn); err != nil {
		return err
	}
	o.h.shortcutWrapped = o.h.shortcutWrapped || c.wrapped
	return nil
}

// superCells groups the current groups, numbered 0..groups-1, into
// super-cells of consecutive ones (Hilbert neighbours, as the cells are),
// as few as keep each within limit of tops: next[g] is group g's
// super-cell and super-cell s holds groups first[s] to first[s+1]-1. A
// group over limit is a super-cell alone; when no two groups go together
// so, they are paired (first with second, third with fourth, ...), so
// that each level has fewer groups than the last.
func (o *overlay) superCells(tops []top, group []uint32, groups int) (next []uint32, first []int) {
	count := make([]int, groups)
	for _, t := range tops {
		count[group[o.cell[t.arc]]]++
	}
	next = make([]uint32, groups)
	first = []int{0}
	for g, sum := 0, 0; g < groups; g++ {
		if g > 0 && sum+count[g] > o.limit {
			first = append(first, g)
			sum = 0
		}
		sum += count[g]
		next[g] = uint32(len(first) - 1)
	}
	if len(first) == groups {
		first = first[:0]
		for g := range groups {
			next[g] = uint32(g / 2)
			if g%2 == 0 {
				first = append(first, g)
			}
		}
	}
	return next, append(first, groups)
}

// contractSuper contracts super-cell s's arcs that have no edge to
// another super-cell, as contractCell a cell's, each from the level and
// contracted neighbours its group gave it: its edges are the transitions
// between its groups (cross) and those its groups left (lefts). It keeps
// a core of 1 in cellCore of its arcs but of at least as many arcs as its
// border: its arcs are its cells' borders and cores, its border often
// more than 1 in cellCore of them, and a super-cell contracted to its
// border alone leaves an edge between nearly every two of its border
// arcs (cellCore): on LI ×64 walking (cells of 75 k arcs, overlay of
// 22.5 k) its graph had not ended after 11 minutes, against 4.5 for the
// whole roads stage's walking graph without super-cells.
//
// Its contractor is lazy (contractor.lazy): the neighbours of an arc it
// contracts keep their priorities till they come first, when run checks
// them again, where a cell's contractor computes each one's again at
// once. A super-cell's arcs are densely joined, and each priority is a
// witness search from every in-edge: on LI ×64 in cells of 128 k arcs
// (as ×400's walking graph is cut; a CPU profile), the super-cells took
// 121 of the roads stage's 384 CPU s, 84% of it in those priorities.
// Lazy (stagerun -cellarcs 256000, two pairs, each run side by side,
// load 4–6): the stage's CPU 371.5, 376.0 → 294.8, 302.0 s (0.79×,
// 0.80×), walking's super-cells 94.0 → 34.9 s; hierarchy edges +0.6%
// (driving), +1.8% (walking), +1.4% (cycling); the stage's peak live
// heap 73, 73 → 84, 84 MB (peak RSS 201, 200 → 224, 223 MiB: more
// edges in a super-cell's contractor); 900 routes each of the same
// duration, route p50 through the server 1.00–1.06× (two passes of 300
// a profile). At ×400 (walking, 13 cells, 3 super-cells): the
// super-cells 502 → 120 s of wall time, hierarchy edges +1.8%; the
// whole import's roads stage 2,490.9 → 1,944.6 CPU s (make bench-scale,
// regions/roads/doc.go), 1,195 random routes of the same durations.
func (o *overlay) contractSuper(ctx context.Context, s uint32, tops []top, group, next []uint32, lefts []cellLeft) (cellLeft, error) {
	var glob []uint32
	var from []top
	borders := 0
	for _, t := range tops {
		if next[group[o.cell[t.arc]]] == s {
			glob = append(glob, t.arc)
			from = append(from, t)
			if o.border.has(t.arc) {
				borders++
			}
		}
	}
	c := newContractor(len(glob), o.masked, o.h)
	c.glob, c.lazy = glob, true
	for i, t := range from {
		c.level[i], c.deleted[i] = t.level, t.deleted
	}
	from = nil
	add := func(u uint32, e chEdge) {
		c.addEdge(local(glob, u), local(glob, e.other), e.w, e.d, e.mid, e.mask)
	}
	err := eachEdge(o.cross, func(u uint32, e chEdge) {
		gu, gv := group[o.cell[u]], group[o.cell[e.other]]
		if gu != gv && next[gu] == s && next[gv] == s {
			add(u, e)
		}
	})
	if err != nil {
		return cellLeft{}, err
	}
	for _, l := range lefts {
		if err := l.edges.flush(); err != nil {
			return cellLeft{}, err
		}
		if err := eachEdge(l.edges, add); err != nil {
			return cellLeft{}, err
		}
	}
	keep := max(len(glob)/cellCore-borders, borders)
	core, err := c.run(ctx, func(v uint32) bool { return !o.border.has(glob[v]) }, keep, o.cn)
	if err != nil {
		return cellLeft{}, err
	}
	return leave(c, core, o.border, o.dir)
}

// leave returns what contractor c leaves once it has contracted all but
// core: the arcs on a border and those of core, with their levels,
// contracted neighbours and the edges between them (in a spool).
func leave(c *contractor, core []uint32, border arcBits, dir string) (cellLeft, error) {
	left := cellLeft{wrapped: c.wrapped}
	var err error
	if left.edges, err = newSpool(dir, "cell-left"); err != nil {
		return cellLeft{}, err
	}
	kept := make([]bool, c.n)
	for _, v := range core {
		kept[v] = true
	}
	var rec [finalRecord]byte
	for v, a := range c.glob {
		if !border.has(a) && !kept[v] {
			continue
		}
		for _, e := range c.global(c.out.list(uint32(v))) {
			putEdge(rec[:], a, e)
			left.edges.Write(rec[:]) // an error comes back from flush
		}
		left.tops = append(left.tops, top{a, c.level[v], c.deleted[v]})
	}
	if err := left.edges.seal(); err != nil {
		left.edges.close()
		return cellLeft{}, err
	}
	return left, nil
}

// closeLefts closes the spools of lefts (a spool may be closed twice).
func closeLefts(lefts []cellLeft) {
	for _, l := range lefts {
		if l.edges != nil {
			l.edges.close()
		}
	}
}
