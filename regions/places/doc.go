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
package places
