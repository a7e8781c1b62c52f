package route

import (
	"sync"

	"github.com/paulmach/orb"
)

// guide is the graph as guidance works on it for one leg: it keeps the
// intersections it has measured (the roads' perceived bearings, the
// carriageways merged), so that a turn's view, the look-aheads of its
// handlers and the next turns' views, which mostly see the same
// junctions, measure each once. It lives as long as one leg's steps.
type guide struct {
	*Graph
	jcache *junctionCache // the graph's, across legs
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
	return &guide{Graph: g, jcache: g.junctionCache(), geoms: make(map[geomKey][]iroad, 2*n), merged: make(map[uint32]mergedRoads, n),
		views: make(map[viewKey]view, n), names: make(map[[2]nameKey]bool, n)}
}

// geometries returns the roads leaving junction j with their bearings
// (measureRoads), measured once: the caller must not change them.
func (g *guide) geometries(j uint32, close bool) []iroad {
	k := geomKey{j, close}
	rs, ok := g.geoms[k]
	if !ok {
		kind := junctionFar
		if close {
			kind = junctionClose
		}
		jk := junctionKey{j, kind}
		var m mergedRoads
		if m, ok = g.jcache.get(jk); ok {
			rs = m.roads
		} else {
			rs, g.pts = g.measureRoads(j, close, g.pts)
			g.jcache.put(jk, mergedRoads{roads: rs})
		}
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
		jk := junctionKey{j, junctionMerged}
		if m, ok = g.jcache.get(jk); !ok {
			m.roads, m.merged = g.mergeCarriageways(j)
			g.jcache.put(jk, m)
		}
		g.merged[j] = m
	}
	return m.roads, m.merged
}

// turnRoads returns the roads of the intersection at the end of in with
// their instructions and lanes (assignTurns), assigned once per graph:
// the caller must not change them.
func (g *guide) turnRoads(in dedge) []iroad {
	k := junctionKey{uint32(in), junctionTurns}
	if m, ok := g.jcache.get(k); ok {
		return m.roads
	}
	rs := g.assignTurns(in).roads()
	g.jcache.put(k, mergedRoads{roads: rs})
	return rs
}

// junctionCache keeps a graph's measured junctions across routes (what
// OSRM computes once, when it builds its graph, guidance here measures
// for the junctions routes pass): a junction's roads and their bearings,
// its roads with carriageways merged, and the instructions of the turns
// from a road arriving there, each a function of the graph
// alone and never changed once made. It holds two generations of at
// most junctionCacheSize entries each: when the newer fills, the older
// goes, so the junctions routes pass often stay and its size is bounded
// (a few MB). Safe for concurrent use.
type junctionCache struct {
	mu       sync.Mutex
	cur, old map[junctionKey]mergedRoads
}

// junctionCacheSize is the number of junctions of one generation.
const junctionCacheSize = 4096

type junctionKind uint8

const (
	junctionFar    junctionKind = iota // measureRoads(j, false)
	junctionClose                      // measureRoads(j, true)
	junctionMerged                     // mergeCarriageways(j)
	junctionTurns                      // assignTurns(in): j is in, a directed edge
)

type junctionKey struct {
	j    uint32
	kind junctionKind
}

// junctionCache returns the graph's cache of measured junctions, made on
// first use.
func (g *Graph) junctionCache() *junctionCache {
	if c := g.junctions.Load(); c != nil {
		return c
	}
	g.junctions.CompareAndSwap(nil, &junctionCache{})
	return g.junctions.Load()
}

// get returns the entry of k, if kept.
func (c *junctionCache) get(k junctionKey) (mergedRoads, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m, ok := c.cur[k]; ok {
		return m, true
	}
	m, ok := c.old[k]
	if ok {
		c.putLocked(k, m)
	}
	return m, ok
}

// put keeps m as the entry of k.
func (c *junctionCache) put(k junctionKey, m mergedRoads) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(k, m)
}

func (c *junctionCache) putLocked(k junctionKey, m mergedRoads) {
	if len(c.cur) >= junctionCacheSize {
		c.old, c.cur = c.cur, nil
	}
	if c.cur == nil {
		c.cur = make(map[junctionKey]mergedRoads)
	}
	c.cur[k] = m
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
