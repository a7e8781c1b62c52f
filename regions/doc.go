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
// Summary); make bench-scale tabulates them per million nodes. The model
// counts CPU seconds (this 2-core machine is shared, so wall time is
// mostly waiting) and the live heap; the resident set is the live heap,
// the collector's room up to HeapLimit, and C memory (SQLite's page
// cache and what glibc's arenas keep of it: packwrite's resetCache).
//
// Fitted on LI (0.38 M nodes, 36.5 k ways, 911 relations) and LI ×64
// --distinct-places (17.2 M nodes, 1.78 M ways, 53 k relations), from one
// SCALE_N=64,400 SCALE_ARGS=--distinct-places make bench-scale on a quiet
// machine (Nov 29, ninth session, main at d6a92d6: the ×64 import took
// 557 CPU s in 472 s, 360 MiB peak RSS, pack 3.9× the PBF). Earlier fits
// at load 3-9 (git history) counted 56 CPU s a million nodes where this
// one counts 32: on this shared machine CPU time itself grows with load,
// so a model and what it is checked against come from the same run.
//
//	stage     CPU s/M nodes  live heap LI  ×64    ×400   growth/M nodes  grows with
//	read          0.92            87 MB   179 MB  370 MB    2.1 MB       ways (index ~3-4 B), relations
//	places        4.88            13       93     566       5.2          non-leaf places (streets, areas, settlements)
//	roads        21.15            51      176     811       7.0          routable way nodes (network, prepare's arrays)
//	features      3.67             4       24     113       1.0          merged lines
//	finish        0.31             8       32     116       0.9          (SQLite: ANALYZE, checksums)
//	whole        32.41 (with the images and the process)
//
// Against LI ×400 --distinct-places in the same run (920 MB PBF, 107.5 M
// nodes, 11.1 M ways, 331 k relations; default budget 920 MiB):
//
//	stage      model CPU s  measured  error   peak RSS
//	read             99        104    +5.2%    534 MiB
//	places          524        597   +13.9%    890 MiB
//	roads         2,273      2,345    +3.2%    937 MiB
//	features        395        386    −2.3%    326 MiB
//	finish           33         35    +6.9%    381 MiB
//	stages        3,324      3,468    +4.3%
//
// Every stage is within 15%. Per million nodes the whole import took
// 26.45 s of wall time at ×400 against ×64's 27.41, and 34.03 CPU s
// against 32.41 (+5%): linear. Every stage's peak RSS is under 10^9 bytes
// (953.7 MiB); the highest, roads, at 937 MiB, is the runtime's limit
// (HeapLimit, 782 MiB at 920 MiB) plus SQLite's 2 MiB cache and the
// process. The images written after the stages (pack.WriteImages) were
// not: 1,069 MiB, the reverse and autocomplete indexes built at once,
// each with a second copy of its largest arrays; each now builds alone
// and without them (engine/pack's writePlaceImages: a fresh process
// writing the ×400 place images peaks at 420 MiB, was 992, then 722).
//
// Germany (4.3 GB PBF, ~500 M nodes by ×400's PBF bytes a node): 32.4
// CPU s a million nodes, ~16,200 CPU s, 4.5 h of one core of this
// machine. Parallel are the read stage (every core: 104 CPU s in 67 s at
// ×400) and the roads stage's cells (CellWorkers, until the overlay:
// 2,345 CPU s in 1,767 s); from the ×400 run's wall and CPU time on 2
// cores, ~15 CPU s a million nodes run in parallel and ~19 on one core:
// ~3.7 h on 2 cores (the measured 26.45 s a million nodes), ~2.9 h on 8
// if the parallel part scaled to them (Amdahl, so an upper bound on the
// speed). Memory does not fit 1 GB there: by the table the roads stage
// would hold ~3.6 GB live and places ~2.6 GB (budget ~4.5 GB); what grows
// is prepare's network and arrays and the places' non-leaf records,
// which are the next work (roads/doc.go, places/doc.go).
//
// Since (Nov 30, tenth session) three arrays that grew with the input
// left the heap: the stores' indexes (extract's packedInts, every
// stage's: ~4.2 bytes a way, tagged node and relation, now in files read
// mapped, the heap keeping ~0.4), a routing network's node ids
// (route.NodeLists in a file: ~3 bytes a routable way node reference,
// LI ×400 walking ~100 MB) and prepare's arrays (route.WriteOptions.
// PrepareResident: per edge, arc, transition and junction, in a
// file-backed spill.Arena closed once contraction has read them), and a
// POI's building address is 72 bytes, not a place record. A whole ×400
// import of everything but the arena (main at 4803005, `waymark import
// -q`, load 4-10 beside CI and stagerun, so CPU counts are high): read
// 424 MiB peak RSS / 289 live (was 620 / 388), places 878 / 488 (892 /
// 572), roads 926 / 728 (924 / 811), features 255 / 32 (327 / 113),
// finish 279 / 35 (401 / 118); peak RSS 948,784 kB (0.97e9 B: roads,
// whose live heap × 1.5, GOGC 50, is still over HeapLimit, so its
// resident set is the limit's whatever the live heap). Pack checksums
// equal to the last ×400 pack's but meta and graphs' build_ms; the place
// images differ in their 14-byte pack key only. features and finish are
// now flat (LI ×64 features 10-12 MB live, ×400 32); what grows is the
// place records (places/doc.go) and, in roads, the network's ways (56
// bytes each) and contraction's overlay. With prepare's arena too (main
// at 7555008; internal/stagerun -stages roads, load 2-10): the ×400 roads
// stage's peak RSS 659 MiB, live heap 355 MB (926 / 728 without it), CPU
// 2,623 s (1.05× the loaded run above), graph_parts' checksum the same,
// so a whole import now peaks in places (~880 MiB, 0.92e9 B).
//
// Then (Nov 30, eleventh session) the places stage's records left the
// heap (places/doc.go, places_records.go: the place records, the array
// of them and the leaves' country codes in the cold store, changed there
// through setters and checked after every step). The ×400 places stage
// (internal/stagerun -stages places, load 8-12 beside a ×400 import and
// roads runs): live heap 480 → 164 MB, peak RSS 882 → 602 MiB, CPU 595
// → 547 s; the places tables' checksums equal the ×400 pack's (23
// tables). The stage's resident set, sampled every second, stayed under
// 360 MB; the peak is a spike of mapped pages between two looks of
// governMapped (a pass over the records maps them faster than its
// goroutine looked at load 11), which the steps' loops now bound too
// (checkMapped: 582 MiB, live 117 MB, 474 CPU s). A whole ×400 import of
// main at ff6cc8c (with the network's ways in a file too; load 4-6
// beside CI), stopped in roads for lack of time: read 388 MiB / 246 MB,
// places 583 / 115 (527 CPU s). The roads stage with prepare's arena
// took 711 MiB / 361 MB in the import at c7f6fa0, so a whole import now
// peaks in roads, ~0.75e9 B, and its overlay is what grows next.
//
// Then (Nov 30, twelfth session) the peaks that were not heap: stagerun
// -spikelog (every 5 ms, at each new high of the resident set, the
// largest mappings and every goroutine's stack) showed the places
// stage's ×400 peak to be the cold store's pages, mapped 300–400 MiB at a
// time by sorts whose comparators read records at random and by passes
// that did not look (places/doc.go), and the read stage's to be the PBF
// decoders' window of relation members and the home area's samples read
// through a mapping (extract/doc.go); the place images were written from
// columns in files and the stored index instead of indexes held whole
// (engine/pack/prepare.go). SCALE_N=64,400 SCALE_ARGS=--distinct-places
// make bench-scale at main 5d886ed (load 2–6: CI, a helper's runs and a
// stagerun beside it, so wall time is high): ×400 whole import peak RSS
// 789,960 kB (0.81e9 B; was 1,069 MiB, the images' step), the images'
// step now the highest (the stages' is roads, 671 MiB / 351 MB live);
// read 252 MiB / 166 MB (534 / 370), places 239 / 111 (890 / 566),
// features 244 / 31, finish 271 / 34; ×64 344 MiB whole (read 186,
// places 159, roads 343). CPU per million nodes 32.86 (×64) and 34.64
// (×400, +5%); the model from ×64 predicts every ×400 stage within
// 13.4% (read +13.4%, places +6.1%, roads +5.6%, features −3.2%, finish
// +0.9%; total +4.8%). Pack 3.97× the PBF. Serve at ×400: search p50/p99
// 1.21/6.89 ms, autocomplete 0.60/5.31, reverse z18 0.51/4.35; that
// copy's Landstrasse first for 100% of 200 copies (as Nominatim: LI has
// Landstrasse 10 only in Triesenberg).
//
// Germany (~500 M nodes) by the same run: 34.6 CPU s a million nodes,
// ~17,300 CPU s (4.8 h of one core; ~3.8 h on 2 cores at the quiet
// run's 26.45 s a million nodes of wall time, ~2.9 h on 8 at best).
// Memory, by each stage's live heap growth from ×64 to ×400 (MB a
// million nodes: read 0.33, places 0.96, roads 2.13, features and finish
// 0.22): roads ~1.19 GB live (peak RSS ~2.2 GB at ×400's ratio), places
// ~0.49 GB, read ~0.30. What grows is the roads stage: its cells, two
// contracted at once at a quarter of the budget each, and the overlay
// of their borders and cores (the branch overlay contracts it in
// super-cells, level by level: correct against Dijkstra, not yet
// measured at ×400); then the places stage's leaf indexes
// (inheritBuildingAddresses) and the images' step.
//
// Then (Nov 30, thirteenth session) the overlay's super-cells were
// merged (×400: 600 random routes of main's durations), contraction's
// per-arc arrays went from 13 to ~4 bytes an arc (engine/route's
// edgeCounts, arcCells, arcBits), SQLite's freed C memory is handed back
// once the pack is closed (packwrite's buildAll, before the images) and
// the autocomplete image is written as its arrays are made
// (complete.WriteStoredImage). A whole ×400 import with all but the last
// (`waymark import`, load 3–6 beside stageruns, a helper and CI): peak
// RSS 751,484 kB (0.77e9 B; was 789,960), still the images' step, whose
// fresh process takes 478 MB (imagerun -graphs; the ~270 MB between is
// not explained yet: the graphs' spill governor, a thread that looks
// every millisecond, lags under load); the stages' peak 566,036 kB, the
// resident set after them 88 MB, 56 after FreeOSMemory (was ~140 at
// ×64: the C heap's arenas). Stages, peak RSS / live heap: read 237 MiB
// / 165 MB, places 224 / 112, roads 552 / 256 (671 / 351), features 232
// / 31, finish 260 / 35. CPU 34.67 s a million nodes (34.64). The
// autocomplete image's step 234 → 148 MB live (engine/pack/prepare.go).
// Lazy super-cells (route's contractSuper), landed after that import:
// the roads stage's CPU 0.79–0.80× at ×64 in ×400's cells, where at
// ×400 the super-cells took 976 of the stage's 2,485 CPU s (walking
// 502, cycling 445, driving 29; roads/doc.go), so ×400 should drop to
// ~29–30 CPU s a million nodes, below ×64's 32.9 (not yet measured).
//
// Germany (~500 M nodes, ~45 M arcs a walking graph) by these: roads
// holds two cells' contractors (~200 MB at the default budget, whatever
// the graph), ~5 bytes an arc (~0.23 GB) and the overlay's arcs (12
// bytes each, ~35 MB): ~0.5 GB live, where the linear model said 1.19
// GB; places ~0.49 GB (leaf indexes, 0.96 MB a million nodes); the
// images' step ~0.6 GB live (the reverse index's boxes and the
// autocomplete documents, both linear). So 1 GB of RSS is near but not
// shown for Germany: the images' in-import gap and the places' leaf
// indexes are what is left.
//
// Then (Nov 30, fourteenth session) SCALE_N=64,400 SCALE_ARGS=
// --distinct-places make bench-scale at main 76453dc on a quiet machine
// (load 0.1–2): ×400 imported in 2,438 s (was 4,237 at 5d886ed, loaded)
// and 3,209 CPU s (3,724): 29.85 CPU s a million nodes against ×64's
// 33.22, so ×400 is now cheaper a node than ×64; peak RSS 555 MiB
// (568,532 kB, 0.58e9 B; was 789,960 kB), the roads stage's (555 MiB /
// 264 MB live), the images step below it; pack 3.98× the PBF. Stages
// at ×400, CPU s (a million nodes) and peak RSS / live heap: read 99.7
// (0.93) 304 MiB / 172 MB, places 550.8 (5.12) 232 / 112, roads 1,944.6
// (18.09) 555 / 264, features 392.8 (3.65) 240 / 30, finish 32.6 (0.30)
// 257 / 33. The roads stage took 2,491 CPU s at 5d886ed: lazy super-
// cells (route's contractSuper). Serve at ×400: search p50/p99 1.24/3.96
// ms, autocomplete 0.64/1.08, reverse z18 0.51/1.37, address search
// 2.31/4.59; that copy's Landstrasse first for 100% of 200 copies. 1,195
// random routes (driving 600, walking 298, cycling 297) have the same
// durations and distances in this pack and 5d886ed's; every table's
// checksum but graph_parts, graphs and meta is the same.
//
// The model. The bench's linear model (×64's CPU a node predicts ×400)
// is within 4% for read (+1.0%), places (+4.0%), features (+2.4%) and
// finish (+0.3%), but not for roads (−18.2%): ×64's graphs (walking
// 1.56 M arcs) fit one contraction of the default budget (CellArcs ~1.6
// M), ×400's (9.8 M) are contracted in 13 cells and an overlay in
// super-cells, which costs less an arc (contracting in cells bounds
// every witness search by its cell). The roads stage's rate depends on
// which of the two a graph takes, so the model takes it from ×64 in the
// regime ×400 runs in: ×64 in cells (internal/stagerun -stages roads
// -cellarcs 256000, 12 cells a walking graph and super-cells, as at
// ×400; quiet machine) took 277.2 CPU s, 16.12 s a million nodes, which
// predicts ×400's roads at 1,733 s against 1,945 measured (+12.2%); in
// cells of 500 k arcs (-cellarcs 1000000: 2–4 cells, the overlay whole)
// 21.58, as whole graphs (22.11). With it the stages' total: predicted
// 2,777 CPU s, measured 3,021 (+8.8%), every stage within 15%. The
// images step (pack.WriteImages, a stage line of its own since: "stage
// images") took ~24 CPU s at ×64 and ~188 at ×400 (the whole import's
// CPU less its stages'): 1.25× a node; a fresh process writing them
// (internal/imagerun -graphs, quiet) 25.0 s and 191–194 s. The graph
// images' decoding and the reverse index's tree grow as n log n (1.11×
// from ×64 to ×400), the rest is not explained yet.
package regions
