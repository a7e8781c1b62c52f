// Package features is the map-features stage of the import: what the tile
// renderer draws, generalised per zoom band, in buckets under an R*Tree.
//
// Input: the extract (extract.Data, through stage.Import) and the areas
// that package polygon assembles from multipolygon relations. Output: the
// map_* tables of the pack, written through engine/mapdata, which owns
// their schema and encoding (features.go lists them); FeaturesStage is the
// stage, MapClassNames the classes it draws.
//
// Design: areas are written as they are made; lines are kept as way
// references until they are merged (features_merge.go); the sea is
// rebuilt from coastline ways (features_coast.go).
//
// Memory: the stage holds no record a line in its heap. A line waiting to
// be merged is 32 bytes in an unlinked temporary file (read and linked in
// place with pread/pwrite: the page cache holds it, not the process), its
// two ends go to an external sort (engine/extsort, one 8 MB run in memory),
// and the merge keeps one bit a line (features_merge.go). Areas and points
// are written as they come; mapdata.Writer streams the rows through a
// temporary table. What grows with the input is the extract's own indexes,
// the interned line names (mapWriter.names: distinct names, not lines) and
// the ways of multipolygons and boundaries (collect's consumed and
// adminLevel maps).
//
// Measured with internal/stagerun -stages features (live heap / peak RSS
// of the features stage, CPU time), before → after the lines left the heap:
//
//	LI ×16d (118 k lines)  live heap 18–19 → 11–14 MB, RSS 95–98 → 96–97 MB, CPU 1.00×
//	LI ×64  (473 k lines)  live heap 80 → 24 MB,      RSS 185 → 128 MB,     CPU 1.00×
//
// Before, a line took a 56-byte mapLine in a growing slice plus the merge's
// maps and a chain slice a line: ~100 bytes a line, 307 MB of the 412 MB
// live heap measured at ×400 (2.96 M lines); after, a bit a line (370 kB
// at ×400), 95 MB of file and ~180 MB of sorted ends on disk.
package features
