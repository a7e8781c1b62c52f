package route

import (
	"sync"
	"sync/atomic"

	"github.com/paulmach/orb"

	"waymark/engine/spill"
)

// Edge flags.
const (
	flagRoundabout uint8 = 1 << iota
	flagFerry
	// open only to local traffic along (against) the node order:
	// restricted.go
	flagRestrictedForward
	flagRestrictedBackward
	// a route does not start or end on it (NetWay.NoEnds)
	flagNoEnds
	// junction=circular: a ring without a roundabout's rules (guidance
	// counts its exits as a rotary's)
	flagCircular
	// tunnel and toll road: classes, which guidance tells apart as OSRM's
	// profiles do
	flagTunnel
	flagToll
)

// Graph is a profile's road graph with its contraction hierarchy. It is
// immutable once loaded and safe for concurrent use.
//
// Edges are pieces of one OSM way between junctions; each edge has up to
// two arcs (forward along the node order, backward against it). Arcs are
// the nodes of the edge-based graph; transitions its edges.
type Graph struct {
	profile Profile
	// tailDone, on Write's tail, is called once contraction has read
	// the arrays it consumes (prepare's arena, which it closes: its
	// pages resident would otherwise stay through contraction).
	tailDone func()
	// classed: whether any arc has an excludable class (CheckExclude),
	// found once
	classedOnce sync.Once
	classed     bool
	// junctions guidance has measured, kept across routes (guide_cache.go)
	junctions atomic.Pointer[junctionCache]
	buildID   string

	// junctions
	nJunctions int
	// edges
	eFrom, eTo []uint32 // junction indexes
	eGeom      []uint32 // offsets into pts/nodes, len E+1
	pts        []orb.Point
	nodes      []int64 // OSM node id per point
	eName      []uint32
	eRef       []uint32
	eDest      []uint32
	eClass     []uint8
	eFlags     []uint8
	// ePush: per edge, bit 1 where a bike is pushed along its node order,
	// bit 2 against it (NetWay.PushForward; nil when none is)
	ePush  []uint8
	eSpeed []float32 // 2 per edge: forward, backward km/h (0 closed)
	eLen   []float32 // meters
	eArc   []int32   // 2 per edge: forward arc, backward arc (-1 none)
	// guidance (graphguide.go): lanes per edge (0: not tagged); the edges
	// with exits or turn lanes, ascending, and their strings (3 an edge:
	// exits, turn lanes forward, backward); maneuver relations, each a
	// sequence of arcs (moArcs from moOff[i]), the junction of its step
	// and its instruction (type<<8 | modifier, 0xff: as guidance makes it)
	eLanes        []uint8
	xEdge, xStr   []uint32
	moOff, moArcs []uint32
	moVia, moTurn []uint32
	// arcs
	aEdge []uint32 // edge<<1 | dir (0 forward, 1 backward)
	aW    []uint32 // deciseconds
	aD    []uint32 // decimeters
	aDup  []int32  // original arc of a duplicate (via-way restrictions), -1
	// transitions (original edge-based edges): turn weight only
	tOff []uint32
	tTo  []uint32
	tW   []uint32
	// contraction hierarchy
	up, down chAdj
	strs     []string

	// derived at load
	jOff, jEdge []uint32 // junction → incident edge<<1|end (0 start, 1 end)
	dups        map[uint32][]uint32
	eBox        []orb.Bound
	bound       orb.Bound // of every road point
	cum         []float32 // per point: meters from its edge's first point
	edgeBig     []bool    // edge has an arc in a big strongly connected component
	fine        grid
	coarse      *coarseIndex
	coarseOnce  sync.Once
	pool        sync.Pool
	piecePool   sync.Pool // *[]piece: assemble's pieces, garbage once a leg is built
	isoPool     sync.Pool // *isoBuffers: an isochrone's grid arrays, reused
	// mapped: the arrays are an image's (LoadImage).
	mapped bool
	// sc is where DecodeIn made the arrays (nil: the heap).
	sc *spill.Arena
}

// Profile returns the graph's profile.
func (g *Graph) Profile() Profile { return g.profile }

// SetBuildID sets the pack build id that hints are bound to.
func (g *Graph) SetBuildID(id string) { g.buildID = id }

// Mapped reports whether the graph's arrays are a mapped image's
// (LoadImage) rather than the heap's.
func (g *Graph) Mapped() bool { return g.mapped }

// BuildID returns the pack build id set by SetBuildID (or kept in an image).
func (g *Graph) BuildID() string { return g.buildID }

// NumArcs returns the number of edge-based graph nodes (for size reports).
func (g *Graph) NumArcs() int { return len(g.aW) }

// NumEdges returns the number of road edges.
func (g *Graph) NumEdges() int { return len(g.eFrom) }

// NumShortcuts returns the number of CH edges (original and shortcut).
func (g *Graph) NumShortcuts() int { return len(g.up.to) + len(g.down.to) }

func (g *Graph) edgePoints(e uint32) []orb.Point { return g.pts[g.eGeom[e]:g.eGeom[e+1]] }
func (g *Graph) edgeNodes(e uint32) []int64      { return g.nodes[g.eGeom[e]:g.eGeom[e+1]] }
func (g *Graph) str(i uint32) string             { return g.strs[i] }

func arcEdge(g *Graph, a uint32) (e uint32, backward bool) {
	x := g.aEdge[a]
	return x >> 1, x&1 == 1
}

// derive builds the in-memory indexes that are not stored.
func (g *Graph) derive() {
	E := len(g.eFrom)
	cnt := spill.Make[uint32](g.sc, g.nJunctions+1)
	for e := 0; e < E; e++ {
		cnt[g.eFrom[e]+1]++
		cnt[g.eTo[e]+1]++
	}
	for i := 1; i <= g.nJunctions; i++ {
		cnt[i] += cnt[i-1]
	}
	g.jOff = cnt
	g.jEdge = spill.Make[uint32](g.sc, 2*E)
	fill := spill.Make[uint32](g.sc, g.nJunctions)
	copy(fill, cnt)
	for e := 0; e < E; e++ {
		f, t := g.eFrom[e], g.eTo[e]
		g.jEdge[fill[f]] = uint32(e) << 1
		fill[f]++
		g.jEdge[fill[t]] = uint32(e)<<1 | 1
		fill[t]++
	}
	g.dups = duplicatesOf(g.aDup)
	g.edgeBig = g.bigEdges()
	g.cum = spill.Make[float32](g.sc, len(g.pts))
	for e := 0; e < E; e++ {
		acc := 0.0
		for i := g.eGeom[e] + 1; i < g.eGeom[e+1]; i++ {
			acc += haversine(g.pts[i-1], g.pts[i])
			g.cum[i] = float32(acc)
		}
	}
	g.eBox = spill.Make[orb.Bound](g.sc, E)
	for e := 0; e < E; e++ {
		g.eBox[e] = orb.MultiPoint(g.edgePoints(uint32(e))).Bound()
		if e == 0 {
			g.bound = g.eBox[e]
		} else {
			g.bound = g.bound.Union(g.eBox[e])
		}
	}
	g.fine = buildGrid(g, fineCell, g.sc)
	n := len(g.aW)
	g.pool.New = func() any { return newScratch(n) }
}

// duplicatesOf returns the duplicate arcs of each original arc that has
// some (aDup[a] is a's original, -1 for none).
func duplicatesOf(aDup []int32) map[uint32][]uint32 {
	dups := map[uint32][]uint32{}
	for a, o := range aDup {
		if o >= 0 {
			dups[uint32(o)] = append(dups[uint32(o)], uint32(a))
		}
	}
	return dups
}

// bigComponent is the arc count from which a strongly connected component
// is not "tiny" (OSRM's threshold). In a graph of tiny components only
// (a small fixture) routing snaps to what is nearest, as OSRM's do.
const bigComponent = 1000

// bigEdges finds the strongly connected components of the edge-based graph
// (iterative Tarjan) and marks the edges with an arc in a big one. Snapping
// for routing prefers those, as OSRM does, so a point next to a one-way
// stub or a motorway leaving the extract still gets a route.
func (g *Graph) bigEdges() []bool {
	n := len(g.aW)
	index := spill.Make[int32](g.sc, n)
	low := spill.Make[int32](g.sc, n)
	onStack := spill.Make[bool](g.sc, n)
	comp := spill.Make[int32](g.sc, n)
	for i := range index {
		index[i] = -1
	}
	// each arc is pushed once: n bounds the stacks and the components
	stack := spill.MakeCap[uint32](g.sc, n)
	type frame struct {
		v    uint32
		next uint32
	}
	call := spill.MakeCap[frame](g.sc, n)
	sizes := spill.MakeCap[int](g.sc, n)
	counter := int32(0)
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		call = append(call[:0], frame{uint32(root), g.tOff[root]})
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, uint32(root))
		onStack[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			v := f.v
			if f.next < g.tOff[v+1] {
				w := g.tTo[f.next]
				f.next++
				if index[w] < 0 {
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, g.tOff[w]})
				} else if onStack[w] && index[w] < low[v] {
					low[v] = index[w]
				}
				continue
			}
			if low[v] == index[v] {
				id := int32(len(sizes))
				size := 0
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = id
					size++
					if w == v {
						break
					}
				}
				sizes = append(sizes, size)
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				if low[v] < low[u] {
					low[u] = low[v]
				}
			}
		}
	}
	big := spill.Make[bool](g.sc, len(g.eFrom))
	for e := range g.eFrom {
		for d := 0; d < 2; d++ {
			if a := g.eArc[2*e+d]; a >= 0 && sizes[comp[a]] >= bigComponent {
				big[e] = true
			}
		}
	}
	return big
}
