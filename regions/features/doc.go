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
package features
