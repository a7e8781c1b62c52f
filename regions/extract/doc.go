// Package extract reads an OpenStreetMap extract (.osm.pbf or OSM XML) and
// holds it for the import stages: the first stage of an import.
//
// Input: the paths of one or more extracts (Load, LoadAll; LoadWith for the
// import, which names the temporary directory and the progress tracker).
// Output: Data, which the later stages read through Ways, TaggedNodes,
// Relations, Node and Way, and the import's plumbing those stages share:
// the progress Tracker and its Status reports, the stage meter (StageStat:
// wall and CPU time, peak RSS and live heap per stage), the memory watch
// (ErrMemoryBudget), the errors for bad input (ErrNotPBF, ErrTruncated,
// ErrCorrupt, ErrEmptyExtract), packed tags (TagMap, PackedTags) and the
// unlinked temporary files and mappings later stages spill to
// (CreateUnlinked, MapWritable). It imports no other stage.
//
// Design: untagged nodes are not kept as objects; their locations go
// through a compressed store of sorted runs in a temporary file
// (nodestore.go) into the ways that use them. Ways, tagged nodes and
// relations live outside the Go heap in memory-mapped temporary files
// (waystore.go, relstore.go) whose pages the import gives back between
// stages (Data.ReleasePages); objects are sorted by id instead of kept in
// maps, and the stores' indexes (ids, offsets) are written to files as
// they are made and read mapped too (packedInts.toFile), the heap keeping
// ~0.4 bytes a record of them. What of this grows with the input is in
// the cost model of package regions.
//
// The PBF decoder (paulmach/osm's osmpbf, two decoders on two cores) runs
// up to ~15 blocks ahead of the reader, each decoded whole into Go
// objects. Relations' members were most of that window when the reader
// was the slower (LI ×400: 143 MB of osm.Member at the stage's peak), so
// the decoders pack them as they decode (relpack.go: a few bytes a member)
// and the relations go on through the decoder's channels in file order
// without them. What a pass reads at random goes through the file, not
// the mapping, whose folios (up to 2 MB) it would leave resident: lookups
// by id (wayStore.lookup) and the home area's 5,000 samples of tagged
// nodes, which left ~180 MB of their file resident at ×400. The read
// stage at LI ×400 --distinct-places (stagerun -stages read, load 4–7):
// live heap 294 → 158–185 MB, peak RSS 428 → 223–255 MiB.
//
// The home view (home_bbox) is the extract's largest cluster of nodes
// (home.go, home_area.go), so an extract with disjoint areas (the LI test
// extract also covers part of Alabama) opens on its main area.
package extract
