// Package regions turns OpenStreetMap extracts into region packs and keeps
// the catalog of installed packs. It is the only code that knows OSM tags.
//
// A region pack is one SQLite file, read-only once built, so it can be
// copied between machines and opened by several processes at once
// (engine.OpenPack opens it immutable). Build loads the extract in a
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
// 4 MB parts; node locations are compressed runs (~6 bytes a node) while
// the ways are located. What still grows with the input is each stage's
// own result for the whole extract: the places (~550 MB live at LI ×64,
// the peak), the contraction's adjacency (~500 MB), the relations (~50
// MB). At ×64 (147 MB PBF) an import peaks at 1.1 GB with its default
// 1.14 GB budget (440–470 s); a bounded import needs the places stage to work
// region by region and the contraction's adjacency off the heap. The
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
// The home view (home_bbox) is the extract's largest
// cluster of nodes, so an extract with disjoint areas (the LI test extract
// also covers part of Alabama) opens on its main area.
package regions
