// Package regions turns OpenStreetMap extracts into region packs and keeps
// the catalog of installed packs. It is the only code that knows OSM tags.
// This package is the importer's public face (Build, BuildAll, Load,
// Options, Catalog, …, the stage packages' names under one roof, so app/,
// ui/ and the tests of other packages need not know the stages); the work
// is done in one package per stage, each importing only earlier ones:
//
//	extract    read and hold the extract (Data), progress, stage meter,
//	           memory watch, temporary files, the home view
//	stage      the contract of a stage: Stage, Import, Summary
//	polygon    multipolygon assembly and area geometry, shared by the
//	           places and features stages
//	places     the geocoding tables (places, addresses, postcodes, search)
//	features   the map features the tile renderer draws
//	roads      one contracted routing graph per profile
//	packwrite  Build: runs the stages into a temporary pack and finishes it
//	catalog    the installed packs (list, install, remove)
//
// layout_test.go holds that order and fails when a package imports a later
// one.
//
// A region pack is one SQLite file, read-only once built, so it can be
// copied between machines and opened by several processes at once
// (pack.Open opens it immutable). Build loads the extract in a
// compact form (extract.Data: node locations only inside the ways that use
// them, the ways in a memory-mapped temporary file, objects sorted by id
// instead of maps), then runs the import
// stages in order, each in its own transaction, into a temporary file
// beside the output that is renamed over it only when every stage
// succeeded: a failed or cancelled import leaves the previous pack intact.
// Options.Memory is the budget: it sizes SQLite's cache and decides whether
// the profiles' graphs build at once; the runtime's memory is returned to
// the system between stages, so the peak is the largest stage's.
//
// Tables, by the stage that writes them:
//
//   - Build itself (packwrite): meta (format_version, name, build_id, source,
//     osm_timestamp, build_time, bbox, home_bbox, attribution; the places
//     stage adds search_rowid_bits).
//   - "places" (package places):
//     the geocoding tables on Nominatim's model (places, place_addressline,
//     search_name and search_parent FTS5 tables, places_rtree, postcodes,
//     countries) and the autocomplete index built from them
//     (geocode.WriteCompleteIndex); the contract is the doc comment in
//     places/places_schema.go. Its memory model and plan are in its
//     package doc.
//   - "roads" (package roads): one contracted routing graph per profile,
//     encoded in parts, each compressed (graphs, graph_parts;
//     engine/zblob); speed and access rules in roads/roads_profile.go.
//   - "features" (package features): what the tile renderer draws,
//     generalised per zoom band, in buckets under an R*Tree (map_* tables).
//
// Design choices: one file rather than a directory of files, so a pack is
// one unit to copy, install and delete; every stage reads the same
// extract (reading the PBF once takes ~0.2 s for LI) instead of scanning
// the file per stage. The ways and tagged nodes, most of an extract, live
// in files the kernel pages (extract's wayStore), whose pages passes and lookups
// give back as they go; the features stage writes areas as it makes them
// and keeps lines as way references until they are merged; the roads
// stage writes a graph's road part before contracting it and the rest in
// 4 MB parts; node locations wait in an unlinked temporary file (sorted
// runs of delta blocks, ~0.1 byte a node in the heap) while the ways are
// located. What still grows with the input is in the cost model below. The
// parents of addresses (country to suburb) go into search_name as one
// token each (search_parent), not as their names in every row; multipolygon assembly
// (package polygon) is shared by the places and features stages; a new feature
// adds a stage and tables, and FormatVersion changes when an existing
// table changes shape or a blob's encoding changes so that an engine of
// the version before cannot read it (it then refuses the pack at open,
// naming the version, instead of failing on a blob later).
//
// Pack size (format 3): what can be derived is not stored. A house hangs
// on its street and its address continues with the street's lines, stored
// once (place_addressline.inherits); parents with the same names share
// one search token; a graph leaves out what its arcs and transitions
// determine (route's V4 encoding); a map row's box is its geometry's.
// Indexes and tables exist only for a query of the engine (no trigram
// index, no index by postcode). LI: 21.1 → 17.5 MB (5.7× the PBF); LI
// ×64: 913 → 738 MB (5.0×). What is left is the data itself: graphs
// ~30%, map features ~30%, places with their address lines and FTS ~40%.
//
// Since then the cycling graph came (LI ×64: 105 MB, the pack 684 MB,
// 4.65× the PBF), and each 4 MB part of a graph's encoding is compressed
// (engine/zblob: DEFLATE level 6, a header with sizes and a CRC; format
// 7, since an engine of format 6 cannot read such a part). The encodings compress to
// 73% (LI) and 70% (×16d, ×64; the tiling repeats a little within a
// part); the rest of the pack is unchanged, byte for byte. Pack sizes
// and their ratio to the PBF, before → after: LI 16.81 → 14.93 MB (5.43
// → 4.82×), Monaco 4.68 → 4.29 MB (2.66 → 2.44×), Andorra 2.92 → 2.69
// MB (5.17 → 4.75×), LI ×16 --distinct-places 171.3 → 152.2 MB (4.66 →
// 4.14×), LI ×64 684.0 → 606.5 MB (4.65 → 4.13×; graphs 253.3 → 176.0
// MB). Its cost (Nov 29, load ~10 on 2 cores, so CPU seconds): the roads
// stage +7% CPU at ×16 (142.7 → 153.3 s; LI within noise), +22 MB of
// peak RSS (a compressor and a part's buffer per profile, whatever the
// size); decoding a graph without its image +22% CPU (×16 walking: 27
// MB of encoding inflate at ~65 MB/s of CPU); a graph mapped from its
// image, and so routing, is untouched. Measured on LI, DEFLATE beats
// zstd (klauspost/compress: 75–79% at its default and better levels,
// though it inflates ten times faster), so no new dependency. What
// is left at ×64 (dbstat): map rows 157 MB (buckets of ~210 bytes, which
// do not compress one by one: runs of 32 buckets compressed together
// would save 24 MB), places 105 MB (extratags 19 MB and names 8 MB of
// text that compresses ~8× as a whole, not row by row), graphs 176 MB
// (points and OSM node ids are 36% of each encoding, and the walking
// and cycling graphs carry nearly the same ways), R*Trees 82 MB.
//
// Then the map's rows (mapdata's runs.go, still format 7): the blobs of
// 32 consecutive buckets (by id, the writer's sort order, so near each
// other and of one zoom range) are compressed together (zblob, offset 0,
// the run's first bucket id inside), table map_runs instead of map_rows;
// the R*Tree is unchanged, so a query finds the same buckets in the same
// order (the order rows are drawn in: the goldens are pixel-identical)
// and reads bucket id's rows from run (id-1)/32, through a cache of the
// last 256 runs decoded (Reader). Every other table is byte-identical
// (pack_checksums; graphs differ only in build_ms). Sizes, main → this:
// LI 14.93 → 14.42 MB (4.82 → 4.65×; map rows 3.36 → 2.86 MB), Monaco
// 4.29 → 3.94 MB (2.44 → 2.24×), Andorra 2.69 → 2.61 MB (4.75 → 4.62×),
// LI ×16d 152.2 → 144.8 MB (4.14 → 3.94×), LI ×64 606.5 → 577.1 MB (4.13 → 3.93×;
// converted: map_rows of a ×64 pack rewritten as runs by the writer's
// code, 156.7 → 127.3 MB, the rest of that pack as built). Runs of 64
// and 128 buckets measured 120.2 and 113.2 MB (3.88×, 3.83×), but a run
// decodes in ~0.1 ms at 32, ~0.3 at 64 and ~1.3 ms at 128 (×64 runs,
// loaded machine), which a tile that misses the cache pays per run it
// meets; grouping the rows' fields and names and geometries apart within
// a run compresses worse (−0.5%). Tile rendering (mapview, A/B
// interleaved ×3, CPU per tile, main's packs and code vs this): LI tiles
// 0.96×, dense tiles 0.90×, a cold 1280×800 view 0.98×. What is left
// for ≤ 3.8×: the R*Tree (49.7 MB at ×64, one entry a bucket); an index
// per run instead would change the order buckets are found in, and with
// it the order rows of a class are drawn in.
//
// # Cost model
//
// Each import prints, per stage, its wall time, CPU time, peak resident
// set and peak live heap (StageStat, as each stage ends and in the
// Summary); make bench-scale tabulates them per million nodes. Measured
// (Nov 2026, this 2-core machine under a load of ~12, so wall times are
// mostly waiting; the model uses CPU seconds) on LI (0.38 M nodes) and LI
// ×64 (17.2 M nodes, 1.78 M ways, 53 k relations, 147 MB PBF; total CPU
// 690 s, peak RSS 494 MiB):
//
//	stage     CPU s/M nodes  ×64 peak RSS  ×64 live heap  grows with
//	read           1.62         338 MB        227 MB      ways (index ~3-4 B), nodes (~0.1 B)
//	places        11.2          398 MB        185 MB      non-leaf places (~1 KB each)
//	 cold store   10.7          408 MB        162 MB      non-leaf records and names, autocomplete docs
//	 transients   10.7          280 MB         92 MB      non-leaf records (240 B each)
//	roads         19.0          494 MB        214 MB      routable way nodes (the network), arcs (~150 B in contraction)
//	features       6.5          294 MB         73 MB      merged lines
//	finish         0.5          207 MB         28 MB      (SQLite: ANALYZE, checksums)
//	images         1.4            –             –         (pack.WriteImages)
//
// Again on Nov 29 with the cold store (the first row under places; load ~15):
// LI ×64 took 684 s of CPU (39.8 s per M nodes), 28:55 wall, 486 MB
// peak RSS (the roads stage's 474 MB); read 1.60, roads 18.8, features
// 6.6, finish 0.6 CPU s per M nodes, within 3% of the table; pack 579
// MB, 3.9× the PBF. The places stage's live heap fell by 12% at ×64 and
// 29% at ×16 --distinct-places, its peak RSS did not (398 → 408 MB: the
// SQLite cache, the cold store's pages between drops and the collector's
// slack are most of it at ×64).
//
// CPU is linear in the nodes (fits of LI and ×64 have intercepts under
// 1 s). Memory is not: each stage's peak is a fixed part (decoder
// buffers, SQLite's cache, the collector's slack at GOGC 50) plus what the
// last column names. The read stage's fixed part dominates (×400: its
// RSS, sampled every 15 s, peaked at 551 MB, where a line through LI and
// ×64 would say 1.7 GB). The places stage is the one that grows: its
// streets, areas and settlements (not the leaves, which wait in a spill)
// hold ~1 KB each in the heap (×64: 191 k of them, 185 MB live; a heap
// profile in the addresses step: the place itself 240 B, its shape ~90
// B, the street index's decoded points and grid ~200 B, address lines
// ~60 B, extratags ~50 B, names ~30 B).
//
// Check against LI ×400 --distinct-places (920 MB PBF, 107.5 M nodes,
// 11.1 M ways, 331 k relations) with the default budget (920 MiB): the
// read stage took 156–162 s of CPU, the model says 174 s (+9%). The model
// puts the places stage's live heap at ~1.2 GB (1.19 M non-leaf places),
// over the budget; measured, its collect step alone passed 1.33 GB of
// RSS (peak 1.46 GB) and had used 550 s of CPU, half the whole stage's
// predicted 1,207 s, when stopped after 23 min: above the budget the
// collector runs without pause and time per node is no longer linear.
// With room (-mem 3G, so the collector's limit is not reached; Nov 29,
// load ~15): the read stage took 168.5 and 169.5 s of CPU (model −3%)
// at 631 and 656 MB peak RSS; the places stage, without the cold store,
// reached 1.97 GB of RSS after ~400 s of its CPU; with the cold store's
// first step (geometry, extra tags, lines) it was in the addresses step
// after ~200 s of CPU at 1.57 GB peak RSS (the collector's slack at
// GOGC 50 under a 2.8 GB limit included) when stopped; neither finished
// in the time this machine gave them. With the autocomplete build from
// sorted runs (×64: 116 MB live heap) a ×400 run of main (-mem 3G, Nov 29,
// fifth session, load ~12) was at 738 MB live heap and 1,369 MB peak RSS
// after 442 s of the places stage's CPU (10% of its objects collected)
// when it was stopped to give the machine to other work. The steps'
// transients that grew with the input out of the heap (the second row
// under places, fourth session: associated streets, the countries' areas
// and borders, names shared; with the step probe of places/doc.go, so its
// CPU is a little high), the stage's live heap grows ~4.5 MB per million
// nodes where main's grew ~6.4–6.9: ~0.5 GB at ×400 by the model, not
// measured there yet. What grows is the streets' records (places/doc.go's
// next step) and the extract's indexes.
//
// LI ×400 --distinct-places measured stage by stage (Nov 29, sixth
// session: internal/stagerun -stages places,features with main at
// 264ebbb, -mem 920M, load 6–22; roads not run), against the model of the
// same code's ×64 import (run of Nov 29: CPU per M nodes read 1.27, places
// 9.27, roads 36.0 with three graphs, features 5.79, finish 0.49):
//
//	stage      CPU s  per M nodes  ×64 model  error  peak RSS   live heap
//	read       164.4      1.53       1.27      +20%    620 MiB    394 MiB
//	places   1,241.6     11.55       9.27      +25%  1,049 MiB    578 MiB
//	features   619.6      5.76       5.79       −1%    830 MiB    514 MiB
//	finish      51.3      0.48       0.49       −2%    351 MiB    115 MiB
//
// Features and finish are linear; read and places are not, and for a
// reason the table shows: their live heap grows (read: the extract's
// indexes, 83 MB at ×400 in extract.shrink, and the relation and tag
// indexes; places: the non-leaf records, addObject 267 MB near the peak,
// the countries' border index 60 MB), and a live heap nearer the runtime's
// limit (HeapLimit: ~782 MiB at this budget) makes the collector run more
// often. The places stage's peak RSS is over the bound by 10% (1.10e9
// bytes), the features stage's 830 MiB holds its merged lines (mapWriter
// 184 MB, mapMergeLines 123 MB near its peak), both growing per line.
//
// Again with the seventh session's code (main at f2dd2f3: the places
// stage's mapped pages governed, the map lines sorted out of the heap,
// the roads' network packed and contraction in cells; two stagerun
// processes at once, read+places+features+finish and read+roads, -mem
// 920M, load 3–11; the places and map tables byte-identical to the run
// above):
//
//	stage      CPU s  per M nodes  before  peak RSS              live heap
//	read       157.9      1.47     1.53    664, 729 MiB          484, 439 MiB
//	places   1,261.2     11.73    11.55    891 MiB (0.85×)       577 MiB
//	features   556.8      5.18     5.76    369 MiB (0.44×)       114 MiB
//	finish      48.7      0.45     0.48    356 MiB               115 MiB
//	roads    4,091.0     38.06    (×64: 35.0)  986 MiB (1.034e9 B)  859 MiB
//
// The roads stage is the whole import's peak and is over the 1e9 bound
// by 3.4%: 986 MiB by the kernel's high-water mark, where a sampler at
// one second saw at most 944 MiB (walking's contraction; driving 820,
// walking's prepare 920, cycling 813), so the peak is a spike of less
// than a second. Not yet located; the likeliest is a large slice's
// growth (the network's NetWay array, 287 MB at ×400, grows by a
// quarter, old and new both live while it is copied: sizing it from a
// count of the routable ways first is the next step, with its 96 bytes
// a way, 48 of them three string headers). At the walking peak the Go runtime held 781 MiB, its
// limit, and 135 MB was outside it (SQLite's 57 MiB cache spread over
// glibc's per-thread malloc arenas; MALLOC_ARENA_MAX=2 left LI ×16d's
// roads peak at 189 MB either way). Then comes the places stage (891
// MiB, 0.934e9 bytes); features no longer grows. Roads and places grow
// with the input (roads/doc.go, places/doc.go): at Germany's size they
// would not fit.
//
// The roads stage: its graphs build one after the other within the
// default budget, each peaking twice (roads/doc.go). prepare holds the
// network and the graph's arrays (×16d walking 33 MB, 25 bytes a way node
// reference: ~0.65 GB at ×400, from ~1.2 GB before its node ids were
// packed and ~0.72 before its edges' names were kept by way). Contraction holds ~150 bytes an arc of the edge-based graph
// (walking, the largest: 391 k arcs at ×16d, ~1.56 M at ×64, ~9.8 M at
// ×400, so ~1.5 GB there whole); it now runs in cells of at most a quarter
// of the budget (engine/route/ch_cells.go), which bounds it at ~0.24 GB
// whatever the graph. Measured with whole graphs' stored encodings
// (contract vs contractCells on the same transitions): LI ×16d walking,
// seven cells of 60 k arcs: the contraction's peak live heap 80 → 23 MB
// (0.29×), CPU 0.99×, hierarchy edges +0.27%. The contraction's arrays in
// a file-backed arena (commits 7b7f8ff, a05797e) were tried and taken out
// again: ×64 with the arena past a quarter of the budget, 479 MB peak RSS
// against 485 MiB before, 746 s of CPU against ~330 (the walking
// contraction's ~234 MB working set just over its 224 MB resident limit).
// What is left to grow in the roads stage is prepare's network and arrays
// (~11 bytes a reference of network and ~9 of the builder's arrays and
// junctions, roads/doc.go).
//
// Germany (4.3 GB PBF, ~500 M nodes by the PBF bytes per node of ×400):
// by the rates measured at ×400 (roads' at ×64), 55.4 CPU s per M nodes,
// ~27,700 CPU s: ~7.7 h on one core at this machine's load; an idle
// import of LI ×64 (290 s, against 680 s under load on 2 cores) scales
// that by ~0.43, ~3.3 h. Only the read stage uses every core; places,
// features and each graph's contraction run on one, and the graphs build
// at once only when the budget holds 64 bytes a way node reference each
// (runRoads), which Germany's does not. So 8 cores save only the read
// stage's share (~3%): ~3.2 h. The cells are independent until the
// overlay (about a sixteenth of the arcs), so contraction could use
// every core; places and features cannot yet. At the default budget the
// places and features stages would hold ~2.7 GB and ~2.4 GB live at
// Germany's size by the ×400 rates (5.4 and 4.8 MB per M nodes): their
// growing records are the next work.
package regions
