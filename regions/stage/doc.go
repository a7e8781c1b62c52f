// Package stage is the contract between the import and its stages: a
// Stage (a name, Run, and an estimate of its work for the progress
// display) runs with an Import, which gives it the extract (extract.Data),
// the open transaction on the pack being written, the region's name and
// the memory budget, and takes its progress reports, counts and
// non-fatal data problems into the import's Summary.
//
// Input: what package packwrite hands each stage (NewImport). Output: the
// Summary that packwrite returns from Build. The stages (places, features,
// roads) import this package and extract; nothing here knows OSM tags.
package stage
