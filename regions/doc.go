// Package regions turns OpenStreetMap extracts into region packs and keeps
// the catalog of installed packs. It is the only code that knows OSM tags.
//
// A region pack is one SQLite file, read-only once built, so it can be
// copied between machines and opened by several processes at once
// (pack.Open opens it immutable). Build loads the extract in a
// compact form (Data: node locations only inside the ways that use them,
// the ways in a memory-mapped temporary file, objects sorted by id instead
// of maps), then runs the import
// stages in order, each in its own transaction, into a temporary file
// beside the output that is renamed over it only when every stage
// succeeded: a failed or cancelled import leaves the previous pack intact.
// Options.Memory is the budget: it sizes SQLite's cache and decides whether
// the profiles' graphs build at once; the runtime's memory is returned to
// the system between stages, so the peak is the largest stage's.
//
// Tables, by the stage that writes them:
//
//   - Build itself: meta (format_version, name, build_id, source,
//     osm_timestamp, build_time, bbox, home_bbox, attribution; the places
//     stage adds search_rowid_bits).
//   - "places" (places*.go, address*.go, postcode.go, interpolation.go):
//     the geocoding tables on Nominatim's model (places, place_addressline,
//     search_name and search_parent FTS5 tables, places_rtree, postcodes,
//     countries) and the autocomplete index built from them
//     (geocode.WriteCompleteIndex); the contract is the doc comment in
//     places_schema.go.
//   - "roads" (roads*.go): one contracted routing graph per profile,
//     encoded in parts (graphs, graph_parts); speed and access rules in
//     roads_profile.go.
//   - "features" (features*.go): what the tile renderer draws, generalised
//     per zoom band, in buckets under an R*Tree (map_* tables).
//
// Design choices: one file rather than a directory of files, so a pack is
// one unit to copy, install and delete; every stage reads the same
// extract (reading the PBF once takes ~0.2 s for LI) instead of scanning
// the file per stage. The ways and tagged nodes, most of an extract, live
// in files the kernel pages (wayStore), whose pages passes and lookups
// give back as they go; the features stage writes areas as it makes them
// and keeps lines as way references until they are merged; the roads
// stage writes a graph's road part before contracting it and the rest in
// 4 MB parts; node locations wait in an unlinked temporary file (sorted
// runs of delta blocks, ~0.1 byte a node in the heap) while the ways are
// located. What still grows with the input is in the cost model below. The
// parents of addresses (country to suburb) go into search_name as one
// token each (search_parent), not as their names in every row; multipolygon assembly
// (polygon.go) is shared by the places and features stages; a new feature
// adds a stage and tables, and FormatVersion changes only when an existing
// table changes shape.
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
// # Memory of the places stage
//
// The places stage computes every place's address from the places around
// it, so unlike a stream of objects it needs its neighbours at hand.
// Nominatim keeps them in PostgreSQL (placex, indexed rank by rank with
// spatial queries) and osm2pgsql's flex output its middle in tables or a
// flat node file; imposm3 keeps coordinates and ways in LevelDB caches.
// Here the places live in three tiers:
//
//   - Leaves (houses and POIs, ~85% of the places and most of their
//     bytes) wait in a spill read front to back (places_spill.go).
//   - What no step changes once made — a place's geometry blob, packed
//     extra tags and address lines, the address index's decoded areas
//     and bands, the street index's name lists — is copied into the cold
//     store (places_cold.go), an unlinked file mapped in 64 MB chunks
//     whose pages the stage gives back every 65,536 objects: neither the
//     collector's heap nor, for long, the resident set holds them.
//   - The heap keeps the place records of the streets, areas and
//     settlements (240 bytes each and their names), the street index's
//     grid and name map for one cell's window (below; each cell's list
//     of streets is in the cold store), and in the last step
//     engine/geocode's autocomplete build, which reads every searchable
//     place into memory (WriteCompleteIndex; ~190 bytes a document).
//
// LI ×16 --distinct-places (4.3 M nodes; heap profiled at the stage's
// peak, after a collection): the stage's peak live heap went 55 → 39 MB
// with the cold store, and the peak moved from the addresses step to the
// autocomplete step. What still grows, a street's record and grid entry
// (~400 bytes) and an autocomplete document, is the next step: streets,
// 90% of the non-leaf places, spilled as the leaves are and processed in
// cells of the street index's grid with a margin of maxNameMatchMeters
// (a house's street is found within it), only the areas (rank < 26, ~1%
// of the places) in memory; and the autocomplete index built from sorted
// runs of its postings instead of a slice of every document.
//
// Where that stands (Nov 29, second session; the first half is in):
//
//   - The leaves are addressed cell by cell: places_sort.go sorts their
//     records by the cell of their centroid (cellKey, 0.25°) and back by
//     index, an external merge sort in runs of 4 MB (placeSorter); the
//     non-leaf houses in memory go in the same order.
//   - The street index holds only the streets near the running cell
//     (streetIndex.window: boxes within maxNameMatchMeters of the cell,
//     in the whole index's order, so byName and nearest answer as with
//     every street; TestStreetWindow). Measured on the packs (the streets
//     a cell's window holds): at most 15.2 k at LI ×16 and ×64 alike, 37%
//     and 9% of the streets, so the street index's grid and name lists no
//     longer grow with the input; each street is read into ~7 windows
//     (0.5° cells: ~3.3, at twice the window).
//   - Packs the same (LI, Monaco, Andorra, and LI ×16's every table).
//
// Measured per step (peak live heap sampled every 50 ms by a probe not
// committed, one run each, load ~6; before → after both steps): LI ×16
// --distinct-places, the addresses step 34.7 → 34.1 MB (the sorter's run
// of 4 MB included) and the steps after it, while the street index
// lives, 31–33 → 28–29 MB; LI ×64 (not distinct), the addresses step
// 121.8 → 112.9 MB (116.3 with runs of 8 MB that grew to 16) and the
// steps after it 115 → 99–114 MB (two runs; the sampled live heap is the
// last collection's, so a few MB are noise). A window's part is small:
// the street records and the address index are most of the addresses
// step. The stage's peak is elsewhere: the autocomplete step (×16 42–
// 46 MB, ×64 167 MB) and at ×64 the countries step (115–121 MB:
// assignCountries, with the collect step's garbage not yet collected).
// The stage meter's figures: ×16 places 26.6 → 29.8 s CPU (each street is
// read into ~7 windows), peak live heap 38 → 41 MB, peak RSS 178 → 176 MB;
// ×64 places 184 → 129 s CPU (another load), 162 → 163 MB live heap, 408
// → 414 MB RSS. So the places stage's live heap is not flat yet: ×16 →
// ×64 it still grows ~4× (41 → 163 MB), and no ×400 run was started.
//
// The next session, in this order: (1) streets spilled as the leaves are
// (isLeaf takes rank 26/27 streets), their own address lines computed in
// a pass over that spill (they depend on the areas only); (2) window
// filled from a copy of the streets' records sorted by cell (each street
// once per cell its box reaches, addToCells: ~7 records a street), not
// from placeBuilder.places; the leaf that inherits its street's lines
// carries what write reads of the street (fullLines' rank and lines,
// searchText's and parentToken's names) in its own record; (3)
// interpolate's addressHouse calls (in way order: a window a way) and
// associated (an associatedStreet relation's streets, no distance
// bound) served from the same records; (4) write and eachPlace merging
// the areas in memory with the two spills in index order; (5) the
// autocomplete build from sorted runs (engine/geocode: completeDocs'
// documents are the ×64 peak); (6) assignCountries' heap at ×64.
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
//	roads         19.0          494 MB        214 MB      routable way nodes (both graphs)
//	features       6.5          294 MB         73 MB      merged lines
//	finish         0.5          207 MB         28 MB      (SQLite: ANALYZE, checksums)
//	images         1.4            –             –         (pack.WriteImages)
//
// Again on Nov 29 with the cold store (the row under places; load ~15):
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
// in the time this machine gave them. So the places stage still does not
// fit 1 GB at ×400: the model (×64's 162 MB live heap, ~0.85 KB a
// non-leaf place) puts its live heap at ~1.0 GB, and the next step is
// the one above (streets out of the heap, the autocomplete build from
// sorted runs). The roads stage is next after it: its live heap grows
// with the routable way nodes (×64 214 MB with both graphs at once;
// ×400 ~0.65 GB a graph, built one after the other within the default
// budget), so a graph's contraction would need its arrays in a file too.
//
// Germany (4.3 GB PBF, ~500 M nodes by the PBF bytes per node of ×400):
// the model gives ~20,000 CPU s (5.5 h; 39.8 s per M nodes on Nov 29)
// at this machine's load, two graphs (a third profile's graph adds its
// share of the roads stage, not measured here); an
// earlier idle import of LI ×64 (290 s, against this model's 680 s on 2
// cores) scales that by ~0.43. Only the read stage uses every core;
// places, features and each graph's contraction run on one, and the two
// graphs build at once only when the budget holds 128 bytes a way node
// reference (runRoads), which Germany's does not. So: 2 idle cores ~2.4 h
// (39.5 s per M nodes before scaling), 8 cores ~2.3 h (38.9 s): more
// cores do not help until places, features and contraction work in
// parallel. Both need a budget (-mem) of ~6 GB for the places stage's
// ~5.5 M non-leaf places; with the default 920 MiB it would not end in
// useful time.
//
// The home view (home_bbox) is the extract's largest
// cluster of nodes, so an extract with disjoint areas (the LI test extract
// also covers part of Alabama) opens on its main area.
package regions
