package route

import "github.com/paulmach/orb"

// guide is the graph as guidance works on it for one leg: it keeps the
// intersections it has measured (the roads' perceived bearings, the
// carriageways merged), so that a turn's view, the look-aheads of its
// handlers and the next turns' views, which mostly see the same
// junctions, measure each once. It lives as long as one leg's steps.
type guide struct {
	*Graph
	geoms  map[geomKey][]iroad
	merged map[uint32]mergedRoads
	views  map[viewKey]view
	names  map[[2]nameKey]bool // announced, by from and to
	pts    []orb.Point         // scratch of measureRoads
}

type geomKey struct {
	j     uint32
	close bool
}

type viewKey struct {
	in    dedge
	close bool
}

type mergedRoads struct {
	roads  []iroad
	merged map[dedge]bool
}

// newGuide returns the guide of a leg of about n junctions.
func newGuide(g *Graph, n int) *guide {
	return &guide{Graph: g, geoms: make(map[geomKey][]iroad, 2*n), merged: make(map[uint32]mergedRoads, n),
		views: make(map[viewKey]view, n), names: make(map[[2]nameKey]bool, n)}
}

// geometries returns the roads leaving junction j with their bearings
// (measureRoads), measured once: the caller must not change them.
func (g *guide) geometries(j uint32, close bool) []iroad {
	k := geomKey{j, close}
	rs, ok := g.geoms[k]
	if !ok {
		rs, g.pts = g.measureRoads(j, close, g.pts)
		g.geoms[k] = rs
	}
	return rs
}

// mergedGeometries returns the roads of junction j with divided roads
// merged (mergeCarriageways), merged once: the caller must not change
// them.
func (g *guide) mergedGeometries(j uint32) ([]iroad, map[dedge]bool) {
	m, ok := g.merged[j]
	if !ok {
		m.roads, m.merged = g.mergeCarriageways(j)
		g.merged[j] = m
	}
	return m.roads, m.merged
}

// announced is Graph.announced, decided once for a pair of names: guidance
// asks again and again about the few names of a leg's roads.
func (g *guide) announced(a, b nameKey) bool {
	if a == b {
		return false
	}
	k := [2]nameKey{a, b}
	v, ok := g.names[k]
	if !ok {
		v = g.Graph.announced(a, b)
		g.names[k] = v
	}
	return v
}
