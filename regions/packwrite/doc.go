// Package packwrite writes a region pack: it reads the extracts (package
// extract), runs the stages in order (places, roads, features by
// default: DefaultStages), each in its own transaction, and finishes the
// pack (meta, ANALYZE, checksums) in a temporary file
// beside the output that is renamed over it only when every stage
// succeeded, so a failed or cancelled import leaves the previous pack
// intact.
//
// Input: extract paths, an output path and Options (stages, memory budget,
// progress). Output: the pack file and a stage.Summary. It imports every
// stage and is imported only by package catalog and the public face,
// package regions.
package packwrite
