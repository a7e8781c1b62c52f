// Package polygon assembles areas from OSM ways and answers the geometry
// questions of the stages that use areas (places, features).
//
// Input: the extract (extract.Data): closed ways and the member ways of
// multipolygon and boundary relations. Output: orb.MultiPolygon and
// orb.Polygon areas (RelationArea, WayArea, AssembleRings), with the rings
// that could not be closed as RingProblems (assembly never fails; callers
// report them and go on); point-in-area tests, areas and centroids in
// degrees or meters (PolygonContains, GeometryContains, GeometryArea,
// AreaCentroid, DistanceMeters, SegmentDistanceMeters); and PreparedArea,
// an area indexed by latitude band for many point-in-area tests (the
// places stage's countries and address areas).
//
// It is its own package because two stages share it and neither owns it:
// the places stage is its heaviest user, the features stage draws
// multipolygons with it.
package polygon
