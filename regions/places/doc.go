// Package places is the places and addresses stage of the import: it turns
// the extract into the geocoding tables on Nominatim's model.
//
// Input: the extract (extract.Data, through stage.Import) and the areas
// that package polygon assembles. Output: the tables whose contract is the
// doc comment of placesSchema (places_schema.go): places,
// place_addressline, search_name and search_parent (FTS5), places_rtree,
// postcodes, countries, and the autocomplete index engine/geocode builds
// from them; PlacesStage is the stage. The steps are in places.go's
// comment: collect (places_filter.go), countries (address_country.go),
// ranks (rank_table.go), the address hierarchy and streets (address*.go),
// interpolation, entrances, postcodes, importance, write
// (places_write.go).
//
// Size: ~5,600 lines, over the ~5,000 a package should hold. The steps
// share one model, the place record (places_row.go) and the builder that
// holds every place between steps (placeBuilder), read and written by
// every step, spilled and restored by places_spill.go, places_sort.go
// and places_cold.go; a package boundary between addresses and place
// rows would export that record's fields and the builder to its
// neighbour without making either side readable on its own. The seam
// that did hold, multipolygon assembly and area geometry, shared with the
// features stage, is package polygon.
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
//     and bands, the street index's name lists, the prepared areas of
//     the countries and postcode areas and the border segments
//     (assignCountries, computePostcodes) — is copied into the cold
//     store (places_cold.go), an unlinked file mapped in 64 MB chunks
//     whose pages the stage gives back every 65,536 objects: neither the
//     collector's heap nor, for long, the resident set holds them.
//   - The place records of the streets, areas and settlements (192
//     bytes each) are in the cold store as well, with their names,
//     lines and kept tags, and the steps change them there
//     (places_records.go says what makes that safe: a record points only
//     into the store, at the builder's kinds and postcode handles, or at
//     values the builder pins; checkRecords proves it after every step).
//     The heap keeps a pointer a place (placeBuilder.places, leaves
//     included), the street index's grid and name map for one cell's
//     window (each cell's list of streets is in the cold
//     store). The leaves are addressed cell by cell (places_sort.go: an
//     external sort by cellKey, 0.25°, and back by index), the street
//     index holding only the streets within maxNameMatchMeters of the
//     running cell (streetIndex.window; TestStreetWindow; at most 15.2 k
//     streets at LI ×16 and ×64 alike). The last step, engine/geocode's
//     autocomplete write (WriteCompleteIndex), streams through an
//     external sort (engine/extsort); it holds ~15–19 MB whatever the
//     input.
//
// Measured (Nov 29, fourth session; a probe not committed sampled each
// step's peak live heap every 50 ms and took a heap profile at it, load
// ~10): between steps the heap held, at LI ×64 (17.2 M nodes, 183 k
// places in memory), the place records 42–44 MB, the extract's indexes
// (package extract's packedInts, every stage's: ways, tagged nodes,
// relations) 13–17 MB, the name tags 9 MB (now ~1 MB: shared),
// placeBuilder.places (8 bytes a place, leaves included) 4.4 MB. Above
// that each step built what grew with the input too, now gone from the
// heap: the addresses step a map of every street way for the
// associatedStreet relations (14.5 MB; now only the ways a relation
// names), the countries step the countries' and subdivisions' decoded,
// prepared areas and the border segments (~20 MB, the tiling repeats
// two countries' borders 64 times; now in the cold store), the
// postcodes step a map of codes per street (4 MB; now a slice). Per
// step, main → this session, LI ×64: collect 93.4 → 79.4 MB, countries
// 117.7 → 90.3, addresses 113.2 → 92.2, interpolation 101.2 → 86.6,
// postcodes 106.6 → 92.4, write 95.6 → 84.5; the stage meter's peak live
// heap 116 (third session) → 92 MB, peak RSS 286 → 280 MB. LI ×16
// --distinct-places: 33–35 → 30–34 MB (its peak is the fixed part: the
// leaf sorter's run, buffers). Per
// million nodes the stage's peak live heap now grows ~4.5 MB (×16d →
// ×64; main ~6.4, and at least 6.9 from ×64 to a ×400 run of main
// stopped at 738 MB after 10% of the stage's objects), which puts ×400
// at ~0.5 GB of live heap. The stage's CPU the
// same: LI ×16d, interleaved probe builds, 46.4 and 46.8 s → 46.6 and
// 47.4 s (+1%).
// Packs the same (LI, Monaco, Andorra, LI ×16d: every table).
//
// The resident set (issue 37: LI ×400 --distinct-places, 107.5 M nodes,
// peak RSS 1,049 MiB where the budget is 920 MiB, the Go runtime's limit
// regions.HeapLimit 782 MiB, live heap 578 MiB). Sampled every second
// (stagerun -rsslog: anonymous and file pages, the Go runtime's held
// memory), LI ×16d (4.3 M nodes) and ×64 (17.2 M): the stage's peak is
// in write, Go held 48 and 147 MB (live 21 and 82), C memory (anonymous
// less Go's: SQLite's page cache, budget/16 = 57.5 MB, and FTS5's) 66
// and 74, file pages 29 and 36. The file pages are the mapped stores
// (the extract's ways, tagged nodes and relations, and the cold store)
// above the executable's ~15 MB, and they were bounded by nothing: the
// cold store was given back every 65,536 objects, the ways every 8 MB of
// a pass or 16 lookups (each lookup maps its whole 2 MB page-cache
// folio), and in collect ×64 went from 13 to 61 MB between two drops
// 1,024 objects apart (relations reading their member ways), in steps
// that tick seldom 23 → 46 MB with none. At ×400 the Go heap was at its
// limit (GOGC 50 wants 1.5× live), so of the 1,049 MiB at most ~790 were
// Go's and ~80 C memory: by elimination ~180 MiB were mapped pages (not
// sampled at ×400), where HeapLimit sets aside 16 MB for them. Now governMapped (places_mapped.go) reads
// the resident shared pages every 50 ms and gives the stores' pages back
// whenever they grew by 2×WaysDropStep, whatever the step does. With it
// the live heap sheds what grew with the input and is read once: a
// relation's place keeps only its label members (labelMembers; the
// whole member lists were 44 MB of ×400's peak), and the border index's
// segments go to the cold store in 2.5 MB blocks (segmentBlocks; the
// store takes at most 4 MB a piece, so ×400's 60 MB of them stayed in
// the heap through the countries step). LI ×64, interleaved stagerun
// runs, main → now (stage meter): peak RSS 277 and 276 → 247 MB (file
// pages at the peak 36 → 14, Go held 147 → 140, C 74 → 78), live heap
// 100 and 96 → 97 MB, the stage's CPU 178.2 and 183.9 → 187.0 s (+3%:
// pages read again after drops); LI ×16d 147, 145, 145 → 143 MB, CPU
// 44.7, 44.9, 45.8 → 46.8 s. ×400 projected: mapped pages ~15 + 16 MB;
// C memory, which grew 66 → 78 MB from ×16d to ×64, at most SQLite's
// cache and sorter (each budget/16) and FTS5's, ~130 MB (not measured);
// Go held 140 MB × 6.25 = 875, over its limit, so the limit's 782 MiB:
// ~940 MiB (0.99e9 bytes) at worst. By the ×400 run's live heap less
// what left it (578 − 44 − 60 at countries; write held 0.85 of the
// stage's peak live at ×64) Go wants ~700 MiB: ~860 MiB (0.90e9 bytes).
// Below is how the place records made the margin beyond that.
//
// The records (Nov 30, eleventh session) then left the heap, with the
// array of pointers to them (placeBuilder.places, in the cold store too:
// appendPlace) and the leaves' country codes. That replaced the plan
// that stood here (streets spilled as the leaves are, a flat table by
// street of what others read of them, and their readers rewritten, four
// steps that had to land together): what kept the records in the heap
// was their pointers, and a record that points only into the store, at
// the builder's kinds and postcode handles, or at what the builder pins,
// may live in the store (places_records.go). That took a setter at each
// of the seven places where a step changes a record after collect, and a
// check after every step that no record points elsewhere. The record
// first shrank from 240 bytes to 192 (the name tags a pointer to the
// copy places share, the country code two bytes, the postcode an
// interned handle, four flags a bit each), and the street index's cell
// lists are filled in the store at their counted size (newStreetIndex;
// they grew in the heap, 10.8 MB at LI ×64, before their copy there).
// LI ×64, the stage alone (stagerun, load 6–12, so CPU is noisy): peak
// live heap 80, 79, 84 MB → 26 MB; peak RSS 246, 236, 239 → 147 MB; CPU
// 78.9, 85.4, 90.7 → 89.6 s. The packs are byte-identical (LI, Monaco,
// Andorra, also at GOGC 5 and 20; ×64's places tables). ×400: see
// regions/doc.go.
//
// The stage's peak resident set at ×400 (582–602 MiB then) was not its
// heap but the store's pages, mapped faster than anything looked
// (stagerun -spikelog, which names the mapping and the code of each new
// peak): sorts whose comparators read the records at random, O(n log n)
// times (~300 MB of the store in 40 ms while the postcode step sorted
// by rank), and passes over the records that did not tick (collect's,
// linkPlaces', addAssociatedStreets': up to 401 MiB). The sorts now read
// each key once, in index order (sortPlaces: the same permutations), and
// every pass looks at the mapped pages every 1,024 records (records());
// the store's mappings are MADV_RANDOM (extract.MapWritable), so that a
// record read at random maps 64 kB of the page cache, not a large folio
// of up to 2 MB; and adjustRanks' prepared admin areas are in the store
// (55 MB of the heap). LI ×400, the stage alone (stagerun, load 5–7):
// peak RSS 590 → 319 MiB, live heap 114 MB, CPU 486 → 467 s; the places
// tables' checksums equal the ×400 pack's.
//
// What still grows in the heap, and is next: the steps' indexes of the
// leaves — inheritBuildingAddresses' POIs without an address (32 bytes
// each, a grid of them, a map by node: ~44 MB of the ×400 peak's 90) and
// the building addresses they take, by leaf (inherited) — the prepared
// areas' headers (~18 MB at ×400), and maps keyed by place: the write
// step's parent tokens and text cache, postcodeBefore. What the address
// index holds of the areas is by area, and the areas are few.
package places
