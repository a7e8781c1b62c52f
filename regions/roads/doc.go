// Package roads is the routing-graph stage of the import: one contracted
// graph per profile (driving, walking, cycling), with the turn
// restrictions, guidance names and measures the router needs.
//
// Input: the extract (extract.Data, through stage.Import): routable ways,
// their nodes and restriction relations. Output: the graphs and
// graph_parts tables of the pack (a graph in engine/route's encoding, in
// 4 MB parts, each compressed: engine/zblob); RoadsStage is the stage. The tag rules and speed tables are
// in roads_profile.go and roads_bicycle.go.
//
// Design: a graph's road part is written before it is contracted; the
// profiles' graphs build at once when the budget holds their working
// memory (roadsBytesPerRef a way node reference each), one after the
// other otherwise (runRoads).
//
// Memory: a graph's build peaks twice. prepare holds the network while
// it makes the graph's arrays (~45 bytes an edge before the arcs), which
// route.Write writes and lets go but for the transitions (8 bytes each)
// and arc weights (8 bytes an arc) contraction starts from. The network
// is a route.NetWay of 56 bytes a way (speeds, flags, the numbers of its
// name, ref, destination and guidance tags in the network's:
// Network.Intern and AddGuidance, where three string headers and a
// pointer made it 96; no pointers) and the ways' node ids packed in
// Network.WayNodes (zigzag varint deltas: ~3 bytes a reference). With
// the import's temporary directory both go to files as they are added
// and are read mapped (Network.SpillTo; ×400 walking: ~157 MB of ways,
// twice that while they were copied at their size, and ~100 MB of node
// ids that the heap held; in memory, without one, the ways are copied
// at their size once extracted), and their coordinates are read from
// the way store as the edges are made (WayPoints). The edges' name, ref and destination are kept by way (a
// number a way of its distinct triple, written per edge by Write) and
// an edge's way found by its way's edge range, where three numbers and a
// way index an edge took 16 bytes an edge. LI ×16d walking (112 k ways,
// 1.32 M node references, 197 k edges, 394 k arcs, 727 k transitions;
// live heap after a GC, less the stage's before the network): the
// network 14.3 MB (10.8 bytes a reference; ~7.8 since its node ids
// are in a file); prepare's peak, once the
// edges' arrays are made, 32.8 MB (24.8 bytes a reference, 6.6 MB of it
// the geometry spill's fixed buffers), from 35.5 (26.8) with the per-edge
// numbers (driving 21.1 → 19.8 MB, 46.7 → 43.7 bytes a reference;
// cycling 35.5 → 32.8 MB, 27.6 → 25.5), where a []int64 and a 144-byte
// NetWay a way, names holding their way's every tag value, a map and a
// slice a way in the builder took 54.4 MB (41.1 bytes a reference); the
// finished profiles' part buffers (~10 MB each) are let go too. What is
// live at the peaks (walking, bytes an edge): the edges' junctions and
// geometry offsets 12, bearings 16 (two float64: turn costs and the
// ring rule compare them unrounded), class, flags and lanes 3, speeds
// and length 12, signals 2 (till the arcs are made); then the arcs
// (eArc 8 an edge, 16 an arc) and transitions (8 each), and per way its
// id, first edge and strings' number (16). ×400 (~25× ×16d's
// references) puts prepare's peak at ~0.65 GB, from ~0.72 (~1.2 before
// the packed network). Contraction holds ~150 bytes
// an arc of the edge-based graph: ~80 of per-arc state,
// queue and list heads, and its edge lists at 24 bytes an edge slot (heap
// profiles: LI ×16d driving, 186 k arcs, 27.7 MB; LI ×64 walking, ~1.56 M
// arcs, 72 MB of per-arc arrays before its edges). A graph of
// more arcs than a quarter of the budget holds at that rate (contractArcs:
// ~1.6 M arcs at the default 920 MiB, so LI ×64's walking graph still
// contracts whole) is contracted in cells (engine/route/ch_cells.go):
// Hilbert-ordered runs of arcs contracted to their borders and a core of
// 1 in 16, then the overlay of those, itself in super-cells (runs of
// consecutive cells, contracted as cells are, level after level) when it
// has more arcs than a cell's memory holds at the overlay's ~500 bytes
// an arc (route.OverlayBytesPerArc, engine/route/ch_overlay.go), so
// contraction holds one cell's ~150 bytes an arc whatever the graph
// (×400 walking, ~9.8 M arcs: cells of ~1.4 M, ~0.2 GB, where the whole
// took ~1.5 GB, and the overlay whole ~0.3 GB). LI ×64, cells of 75 k
// arcs (stagerun -cellarcs 150000; two runs each, load 3–7): walking's
// overlay of 97,754 arcs went in 6 super-cells to 15,212 contracted
// whole, CPU 0.99×, hierarchy edges +0.08–0.39%; the stage's peak is
// not the overlay's there (live heap 88, 92 → 109, 89 MB). What grew
// with the graph beside the cells' contractors, the hierarchy's edge
// counts, each arc's cell and border (13 bytes an arc), is ~4 bytes an
// arc (route's edgeCounts, arcCells, arcBits). LI ×400 with both
// (internal/stagerun -stages roads -spikelog; load 4–6 beside a ×400
// import and a helper's runs): the stage's peak RSS 648 MiB (overlay
// alone) and 659 (neither) → 518, live heap 338, 355 → 261 MB, CPU
// 2,501, 2,623 → 2,485 s; graph_parts byte for byte those of the
// overlay alone (LI ×64 in cells of 75 k arcs), and 600 random routes
// (driving, walking, cycling) of the same duration as main's ×400 pack.
// Where the time goes at ×400 (walking, 9.8 M arcs): prepare 57 s, 13
// cells 460 s, the overlay's one level of 3 super-cells 502 s and its
// 38 k arcs left 43 s, the hierarchy's write 33 s: the super-cells,
// densely joined, cost as much as the cells (LI ×64 in cells of 128 k
// arcs, a CPU profile: 84% of their time is the priorities of the
// neighbours of each arc contracted). Contracted lazily (route's
// contractSuper: a neighbour's priority is looked at again when it comes
// first), the ×400 walking super-cells took 120 s, not 502, and the
// stage in a whole ×400 import (make bench-scale at 76453dc, quiet)
// 1,944.6 CPU s, 18.09 a million nodes, against 2,490.9 (23.17) at
// 5d886ed, loaded; 555 MiB / 264 MB live; 1,195 random routes of the
// same durations as 5d886ed's pack. The
// contraction's arrays in a file-backed arena (tried in commits 7b7f8ff
// and a05797e, then taken out) saved 6 MiB of peak RSS at ×64 and more
// than doubled the stage's CPU time (regions/doc.go's cost model).
// prepare's arrays (per edge, arc, transition, junction and way) are in
// a file-backed arena (route.WriteOptions.PrepareResident: a 64th of the
// budget resident), closed as soon as contraction has read the tail, so
// the network is what still grows with the input on the heap. LI ×64
// with cells of 150 k arcs (as at ×400, so that prepare is the peak;
// profiles one after the other; stagerun, load 6–7 on 2 cores): peak RSS
// 264, 275, 278 → 225, 238 MB (−15% of the means; a 32nd resident:
// 232, 247), live heap 123–126 → 100–102 MB, CPU 352, 357, 366 → 373,
// 375 s (1.04×). With the arena open
// through contraction CPU was 1.6× (561, 575 s; system time 35–41 s
// against 6–8), presumably the arena's governor (a thread waking every
// millisecond) beside contraction's workers; prepare's own CPU went only
// from 11.1 to 12.1 s (CPU profiles). The stage at ×16d
// (internal/stagerun, read and roads; two runs each, interleaved, load
// 5–17): peak live heap 90 → 70–72 MB (contraction's now), peak RSS
// 221–227 → 193–199 MB, CPU +2% (148.5, 155.6 → 152.9, 157.7 s).
// With the edges' strings by way (interleaved runs, load 6–18): peak
// live heap 70–75 MB either way (contraction's, not prepare's), peak RSS
// 191, 194 → 196, 199 MB, CPU 142.1, 141.7 → 139.5, 163.0 s (the last
// at load 18; 0.98× at equal load).
// The ways in a file (Network.SpillTo) do not lower the stage's peak at
// LI ×64 (cells of 150 k arcs, three interleaved runs each, load 8–12):
// peak live heap 89, 89, 90 → 86, 91, 88 MB, peak RSS 224, 217, 237 →
// 214, 214, 226 MB, CPU 378.5, 377.5, 377.3 → 366.8, 382.7, 359.2 s
// (0.98×). The peak is no longer prepare's: a heap profile there is the
// hierarchy's write of the last profile (finalEdges, ~32 MB, and the
// part writers' buffers), when the network is long gone; the ways weigh
// where the networks are live (×400 walking: ~157 MB).
package roads
