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
//
// Memory: a graph's build peaks twice. prepare holds the network (the
// routable ways and their node ids; LI ×64 driving: 92 MB, three
// quarters of the heap then) while it makes the graph's arrays, which
// route.Write writes and lets go but for the transitions (8 bytes each)
// and arc weights (8 bytes an arc) contraction starts from. Contraction
// holds ~150 bytes an arc of the edge-based graph: ~80 of per-arc state,
// queue and list heads, and its edge lists at 24 bytes an edge slot (heap
// profiles: LI ×16d driving, 186 k arcs, 27.7 MB; LI ×64 walking, ~1.56 M
// arcs, 72 MB of per-arc arrays before its edges). The contraction's
// arrays in a file-backed arena (tried in commits 7b7f8ff and a05797e,
// then taken out) saved 6 MiB of peak RSS at ×64 and more than doubled
// the stage's CPU time (regions/doc.go's cost model). Both the network (×64 driving 92 MB,
// ×400 ~0.6 GB) and the contraction grow with the input.
package roads
