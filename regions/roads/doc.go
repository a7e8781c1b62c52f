// Package roads is the routing-graph stage of the import: one contracted
// graph per profile (driving, walking, cycling), with the turn
// restrictions, guidance names and measures the router needs.
//
// Input: the extract (extract.Data, through stage.Import): routable ways,
// their nodes and restriction relations. Output: the graphs and
// graph_parts tables of the pack (a graph in engine/route's encoding, in
// 4 MB parts, each compressed: engine/zblob); RoadsStage is the stage. The tag rules and speed tables are
// in roads_profile.go and roads_bicycle.go.
//
// Design: a graph's road part is written before it is contracted; the
// profiles' graphs build at once when the budget holds their working
// memory (roadsBytesPerRef a way node reference each), one after the
// other otherwise (runRoads).
package roads
