// Package mapdata owns the map features of a region pack: the tables the
// import writes (Schema and the insert statements), the geometry encoding
// (AppendGeom, Geom.Decode), the feature flags, and the queries the tile
// renderer reads rows with (Reader). The importer (regions) writes through
// it and the renderer (mapview) reads through it, so neither knows the
// other and the format lives in one place.
package mapdata
