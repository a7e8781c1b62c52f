package route

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/spill"
)

// BuildStats reports what Build made.
type BuildStats struct {
	Junctions, Edges, Arcs, Transitions, CHEdges int
	// OverlayLevels is how many times the overlay of a graph contracted
	// in cells was itself cut into super-cells (ch_overlay.go): 0 when it
	// was contracted whole.
	OverlayLevels int
	// Restrictions applied, and skipped (unusable: members missing or not connected).
	Restrictions, SkippedRestrictions int
}

// Build turns a network into a routable graph: it splits ways into edges at
// junctions, barriers and restriction via nodes, makes the arcs and the
// turn-aware transitions (turn costs, u-turn rule, barriers, restrictions via
// node and via way), and contracts the hierarchy. progress, when not nil,
// receives the number of contracted nodes (of total) now and then. Build
// takes the network's WayNodes and AddWay's points (they are gone
// afterwards): the graph keeps its own copy, and the network's need
// not live as long.
func Build(ctx context.Context, net *Network, progress func(done, total int)) (*Graph, BuildStats, error) {
	if err := net.check(); err != nil {
		return nil, BuildStats{}, err
	}
	g, st, err := build(ctx, net, progress)
	if err != nil {
		return nil, st, err
	}
	g.derive()
	return g, st, nil
}

// Write is Build for storage: it builds the graph of net and writes its
// encoding (Graph.WriteTo) to w, without the indexes a loaded graph
// answers queries with (a sixth of the graph's memory at country size).
//
// The road graph, arcs and transitions are written before the hierarchy
// is contracted and dropped: contraction needs only the transitions, and
// on a country the rest is a quarter of the memory. Write consumes net:
// its Ways are nil afterwards, and the files of its ways and node lists
// (Network.SpillTo) are closed whether it succeeds or not.
func Write(ctx context.Context, out io.Writer, net *Network, opts WriteOptions) (BuildStats, error) {
	defer net.Close() // its files, when Write fails before prepare lets them go
	if err := net.check(); err != nil {
		return BuildStats{}, err
	}
	geom, err := newGeomSpill(opts.TempDir)
	if err != nil {
		return BuildStats{}, err
	}
	defer geom.close()
	// prepare's arrays go to an arena when Write may spill: it outlives
	// their every use, the tail's (tOff, tTo, tW, aW, aD) in contraction
	// among them, and is closed as soon as contraction has read them
	// (tail.tailDone).
	var arena *spill.Arena
	if opts.TempDir != "" && opts.PrepareResident > 0 {
		arena, err = spill.New(opts.TempDir, opts.PrepareResident)
		switch {
		case errors.Is(err, spill.ErrUnsupported):
			arena = nil // the heap, as without TempDir
		case err != nil:
			return BuildStats{}, fmt.Errorf("route: prepare: %w", err)
		default:
			defer arena.Close()
			if opts.arenaMin > 0 {
				arena.SetMinSize(opts.arenaMin)
			}
		}
	}
	b, st := prepare(net, geom, true, arena)
	w := newVarWriter(out)
	if err := b.g.writeHeadNames(w, geom, b.names); err != nil {
		return st, fmt.Errorf("route: write graph: %w", err)
	}
	// Of the rest of the graph only the transitions and arc weights stay,
	// till contraction has made them its edges; the hierarchy is written
	// from its spools a range of nodes at a time (hierarchy.writeTo).
	tail := &Graph{tOff: b.g.tOff, tTo: b.g.tTo, tW: b.g.tW, aW: b.g.aW, aD: b.g.aD}
	masks := b.g.arcMasks()
	eGeom, aEdge := b.g.eGeom, b.g.aEdge
	b.g, b.names = nil, nil
	var arenaErr error
	if arena != nil {
		tail.tailDone = func() { arenaErr = arena.Close() }
	}
	var cell []uint16 // per arc, when it is contracted in cells (ch_cells.go)
	if opts.CellArcs > 0 && len(tail.aW) > opts.CellArcs {
		keys, err := geom.edgeKeys(eGeom)
		if err != nil {
			return st, fmt.Errorf("route: contract: %w", err)
		}
		cell = arcCells(keys, aEdge, opts.CellArcs/max(1, opts.CellWorkers))
	}
	eGeom, aEdge = nil, nil
	geom.close() // now, not at return: contraction is the peak
	var h *hierarchy
	if cell != nil {
		limit := opts.overlayArcs
		if limit <= 0 {
			limit = overlayArcs(opts.CellArcs / max(1, opts.CellWorkers))
		}
		h, err = contractCells(ctx, tail, masks, cell, opts.CellWorkers, limit, opts.TempDir, true, opts.Progress)
	} else {
		h, err = contract(ctx, tail, masks, opts.TempDir, true, opts.Progress)
	}
	if err != nil {
		return st, fmt.Errorf("route: contract: %w", err)
	}
	defer h.close()
	if arena != nil {
		// Contraction has consumed the tail and closed the arena
		// (tailDone): nothing of prepare's is used from here on.
		if err := errors.Join(arenaErr, arena.Close()); err != nil {
			return st, fmt.Errorf("route: prepare: %w", err)
		}
	}
	st.CHEdges, st.OverlayLevels = h.up.n+h.down.n, h.levels
	limit := opts.chunk
	if limit <= 0 {
		limit = hierarchyChunk
	}
	if err := h.writeTo(w, opts.TempDir, limit); err != nil {
		return st, fmt.Errorf("route: write graph: %w", err)
	}
	writeStrings(w, b.strs)
	w.flush()
	if w.err != nil {
		return st, fmt.Errorf("route: write graph: %w", w.err)
	}
	return st, nil
}

// WriteOptions are Write's settings.
type WriteOptions struct {
	// TempDir is where the graph's geometry waits to be written
	// (geomSpill); "" keeps it in memory, encoded.
	TempDir string
	// Progress, when not nil, receives the number of contracted nodes (of
	// total) now and then.
	Progress func(done, total int)
	// CellArcs, when not 0, is the most arcs of the edge-based graph
	// contracted at once: a graph of more is contracted in cells of at
	// most that many (ch_cells.go), so that contraction holds about
	// CellArcs × ContractionBytesPerArc, not the whole graph's.
	CellArcs int
	// PrepareResident, when not 0 and with TempDir, puts the graph's
	// build arrays (prepare's: per edge, arc, transition and junction) in
	// a file-backed arena in TempDir (engine/spill) instead of on the
	// heap, its pages resident kept to about that many bytes.
	PrepareResident int64
	// CellWorkers is how many cells are contracted at once (0 or 1: one
	// after the other), each of at most CellArcs/CellWorkers arcs, so
	// that together they hold what one cell of CellArcs would.
	CellWorkers int
	// overlayArcs, when not 0, is the most overlay arcs contracted at
	// once (tests: 0 is overlayArcs(CellArcs/CellWorkers), ch_overlay.go).
	overlayArcs int
	// chunk is the most hierarchy edges written at once (tests: 0 is
	// hierarchyChunk).
	chunk int
	// arenaMin, when not 0, is the size from which prepare's arrays are
	// mapped (tests: 1 maps every one; spill.Arena.SetMinSize).
	arenaMin int
}

// hierarchyChunk is the most hierarchy edges Write holds at once, 16
// bytes each: the hierarchy is written a range of nodes at a time.
const hierarchyChunk = 1 << 21

func build(ctx context.Context, net *Network, progress func(done, total int)) (*Graph, BuildStats, error) {
	b, st := prepare(net, nil, false, nil)
	h, err := contract(ctx, b.g, b.g.arcMasks(), "", false, progress)
	if err != nil {
		return nil, st, fmt.Errorf("route: contract: %w", err)
	}
	defer h.close()
	up, down, err := h.arrays()
	if err != nil {
		return nil, st, fmt.Errorf("route: contract: %w", err)
	}
	b.g.up, b.g.down = up, down
	st.CHEdges = len(up.to) + len(down.to)
	b.g.strs = b.strs
	return b.g, st, nil
}

// prepare makes the road graph, arcs and transitions of net. With geom,
// the edges' points and node ids go there instead of into the graph, and
// the edges' names, refs and destinations stay in b.names for
// writeHeadNames (the graph's eName, eRef, eDest are nil).
//
// With consume, the ways of net are let go once the edges are made (only
// their ids are kept): the rest of the build, the peak of the importer's
// roads stage, does without them (LI ×16 walking: 15.7 MB of ~69).
//
// With arena, the large arrays (per edge, arc, transition, junction and
// way) are made there rather than on the heap (Write's; Build's graph
// keeps its arrays, so it passes nil); the arena must outlive the graph.
func prepare(net *Network, geom *geomSpill, consume bool, arena *spill.Arena) (*builder, BuildStats) {
	b := &builder{net: net, g: &Graph{profile: net.Profile}, strIdx: map[string]uint32{}, geom: geom, arena: arena}
	b.str("")
	b.edges()
	b.wayID = spill.Make[int64](arena, len(net.Ways))
	for i := range net.Ways {
		b.wayID[i] = net.Ways[i].ID
		net.dropWaysBefore(i)
	}
	net.dropWaysBefore(len(net.Ways))
	b.indexWays()
	if consume {
		net.releaseWays()
	}
	b.arcs()
	b.maneuvers()
	b.transitions()
	b.viaWays()
	var st BuildStats
	b.release()
	if geom == nil {
		b.names.fill(b.g)
		b.names = nil
	}
	st.Junctions, st.Edges, st.Arcs, st.Transitions = b.g.nJunctions, len(b.g.eFrom), len(b.g.aW), len(b.g.tTo)
	st.Restrictions, st.SkippedRestrictions = b.applied, b.skipped
	return b, st
}

type builder struct {
	net    *Network
	g      *Graph
	names  *edgeStrings // the edges' eName, eRef, eDest by way (writeHead, fill)
	strs   []string
	strIdx map[string]uint32

	geom    *geomSpill   // where the edges' geometry goes (nil: the graph)
	arena   *spill.Arena // where the large arrays go (nil: the heap; prepare)
	bear    []float64    // per edge: bearing leaving its start, arriving at its end
	signals []uint16     // per edge: traffic signals between its ends

	// js are the junctions' node ids, sorted; jnum their numbers plus
	// one (0: no edge ends there), by place in js.
	js       junctions
	jnum     []uint32
	wayID    []int64  // per way index: its id (the ways may be gone, prepare)
	wayFirst []uint32 // per way index: its first edge; the next's ends its edges (wayEdges)
	wayOrder []int32  // ways with edges by id, when not in id order (wayIndex)
	viaRestr map[[2]int64][]Restriction
	dupsOf   map[uint32][]uint32 // original arc → its via-way duplicates

	applied, skipped int
}

func (b *builder) str(s string) uint32 {
	if i, ok := b.strIdx[s]; ok {
		return i
	}
	i := uint32(len(b.strs))
	b.strs = append(b.strs, s)
	b.strIdx[s] = i
	return i
}

// edges splits the ways into edges.
func (b *builder) edges() {
	net, g := b.net, b.g
	js := junctionsOf(net, junctionBucketRefs, b.arena)
	b.viaRestr = map[[2]int64][]Restriction{}
	for _, r := range net.Restrictions {
		if r.ViaNode != 0 {
			b.viaRestr[[2]int64{r.ViaNode, r.From}] = append(b.viaRestr[[2]int64{r.ViaNode, r.From}], r)
		}
	}
	// Junctions are numbered as edges first reach them: jnum holds each
	// one's number plus one by its place in js (every edge ends at
	// junctions), 4 bytes a junction where a map by id took ~30.
	b.js, b.jnum = js, spill.Make[uint32](b.arena, len(js))
	nJunctions := uint32(0)
	jn := func(id int64) uint32 {
		k, _ := slices.BinarySearch(js, id)
		if b.jnum[k] == 0 {
			nJunctions++
			b.jnum[k] = nJunctions
		}
		return b.jnum[k] - 1
	}
	b.wayFirst = spill.Make[uint32](b.arena, len(net.Ways)+1)
	// Count edges and points first, so that the graph's arrays are made
	// at their size, not grown by doubling (on a country: a third less).
	var nEdges, nPts int
	for wi, nodes := range net.wayNodes() {
		net.dropWaysBefore(wi)
		if w := &net.Ways[wi]; len(nodes) < 2 || !net.hasPoints(wi, len(nodes)) || (w.Forward <= 0 && w.Backward <= 0) {
			continue
		}
		for i := 1; i < len(nodes); i++ {
			if js.has(nodes[i]) || i == len(nodes)-1 {
				nEdges++
			}
		}
		nPts += len(nodes)
	}
	net.dropWaysBefore(len(net.Ways))
	nPts += nEdges // each edge repeats the junction it starts at
	a := b.arena
	g.eFrom, g.eTo = makeLen[uint32](a, 0, nEdges), makeLen[uint32](a, 0, nEdges)
	g.eGeom = makeLen[uint32](a, 1, nEdges+1)
	if b.geom == nil {
		g.pts, g.nodes = make([]orb.Point, 0, nPts), make([]int64, 0, nPts)
	}
	b.bear, b.signals = makeLen[float64](a, 0, 2*nEdges), makeLen[uint16](a, 0, nEdges)
	nPts = 0
	b.names = newEdgeStrings(spill.Make[uint32](a, len(net.Ways)), b.wayFirst)
	g.eClass, g.eFlags, g.eLanes = makeLen[uint8](a, 0, nEdges), makeLen[uint8](a, 0, nEdges), makeLen[uint8](a, 0, nEdges)
	g.eSpeed, g.eLen = makeLen[float32](a, 0, 2*nEdges), makeLen[float32](a, 0, nEdges)
	lost := duplicateSegments(net, js)
	for wi, nodes := range net.wayNodes() {
		net.dropWaysBefore(wi)
		w := &net.Ways[wi]
		b.wayFirst[wi] = uint32(len(g.eFrom))
		if len(nodes) < 2 || !net.hasPoints(wi, len(nodes)) || (w.Forward <= 0 && w.Backward <= 0) {
			continue
		}
		pts := net.wayPoints(wi)
		if len(pts) != len(nodes) {
			continue // counted above, but no geometry: no edges
		}
		start := 0
		for i := 1; i < len(nodes); i++ {
			if !js.has(nodes[i]) && i != len(nodes)-1 {
				continue
			}
			e := uint32(len(g.eFrom))
			g.eFrom = append(g.eFrom, jn(nodes[start]))
			g.eTo = append(g.eTo, jn(nodes[i]))
			length := 0.0
			for k := start; k <= i; k++ {
				if b.geom != nil {
					b.geom.add(pts[k], nodes[k])
				} else {
					g.pts = append(g.pts, pts[k])
					g.nodes = append(g.nodes, nodes[k])
				}
				if k > start {
					length += haversine(pts[k-1], pts[k])
				}
			}
			nPts += i - start + 1
			g.eGeom = append(g.eGeom, uint32(nPts))
			b.bear = append(b.bear, startBearing(pts[start:i+1]), endBearing(pts[start:i+1]))
			signals := 0
			for _, id := range nodes[start+1 : i] {
				if net.Signals[id] {
					signals++
				}
			}
			b.signals = append(b.signals, uint16(min(signals, math.MaxUint16)))
			if e == b.wayFirst[wi] {
				b.names.set(wi, [3]uint32{b.str(net.Text(w.Name)), b.str(net.Text(w.Ref)), b.str(net.Text(w.Destination))})
			}
			g.eClass = append(g.eClass, uint8(w.Class))
			var fl uint8
			if w.Roundabout {
				fl |= flagRoundabout
			}
			if w.Ferry {
				fl |= flagFerry
			}
			if w.RestrictedForward {
				fl |= flagRestrictedForward
			}
			if w.RestrictedBackward {
				fl |= flagRestrictedBackward
			}
			if w.NoEnds {
				fl |= flagNoEnds
			}
			if w.Circular {
				fl |= flagCircular
			}
			gt := net.GuidanceOf(w)
			if gt.Tunnel {
				fl |= flagTunnel
			}
			if gt.Toll {
				fl |= flagToll
			}
			var push uint8 // a bike pushed along (1), against (2)
			if w.PushForward {
				push |= 1
			}
			if w.PushBackward {
				push |= 2
			}
			if push != 0 && g.ePush == nil {
				g.ePush = makeLen[uint8](a, int(e), cap(g.eFlags)) // the first pushed edge
			}
			if g.ePush != nil {
				g.ePush = append(g.ePush, push)
			}
			g.eFlags = append(g.eFlags, fl)
			b.guidance(e, w)
			fwd, bwd := max(w.Forward, 0), max(w.Backward, 0)
			if l := lost[[2]int32{int32(wi), int32(i)}]; l != 0 && i-start == 1 {
				// a segment another way shares and keeps (in a direction)
				fwd, bwd = fwd*float64(1-l&1), bwd*float64(1-l>>1&1)
			}
			g.eSpeed = append(g.eSpeed, float32(fwd), float32(bwd))
			g.eLen = append(g.eLen, float32(length))
			start = i
		}
	}
	// The edges have the ways' geometry now; on a country the network's
	// copy is a few hundred MB that need not wait for the rest.
	net.WayNodes.Close() // an error closing a temporary file is not the graph's
	net.points = nil
	net.dropWaysBefore(len(net.Ways))
	b.wayFirst[len(net.Ways)] = uint32(len(g.eFrom))
	g.nJunctions = int(nJunctions)
	b.names.triIdx = nil
}

// release drops what the builder kept to make the graph, so that it is
// garbage while the hierarchy is contracted (on a country, the network's
// names, the junction and way maps and the per-arc turn lists are
// hundreds of MB).
func (b *builder) release() {
	b.net, b.strIdx, b.js, b.jnum, b.wayFirst, b.wayOrder, b.viaRestr, b.dupsOf = nil, nil, nil, nil, nil, nil, nil, nil
	b.bear, b.signals = nil, nil
}

// arcs makes one arc per open direction of every edge. Its arrays are
// made at their size, with room for viaWays' duplicates when there are
// via-way restrictions; the edges' signals are let go after.
func (b *builder) arcs() {
	g, net := b.g, b.net
	tp := net.Profile.turnParams()
	a := b.arena
	g.eArc = spill.Make[int32](a, 2*len(g.eFrom))
	n := 0
	for _, sp := range g.eSpeed {
		if !(float64(sp) <= 0) {
			n++
		}
	}
	if slices.ContainsFunc(net.Restrictions, func(r Restriction) bool { return len(r.ViaWays) > 0 }) {
		n += n/256 + 1024
	}
	g.aEdge, g.aW, g.aD, g.aDup = makeLen[uint32](a, 0, n), makeLen[uint32](a, 0, n), makeLen[uint32](a, 0, n), makeLen[int32](a, 0, n)
	for e := range g.eFrom {
		signals := b.signals[e]
		for dir := 0; dir < 2; dir++ {
			g.eArc[2*e+dir] = -1
			sp := float64(g.eSpeed[2*e+dir])
			if sp <= 0 {
				continue
			}
			secs := float64(g.eLen[e])/(sp/3.6) + float64(signals)*tp.signal
			g.eArc[2*e+dir] = int32(len(g.aW))
			g.aEdge = append(g.aEdge, uint32(e)<<1|uint32(dir))
			g.aW = append(g.aW, uint32(max(1, math.Round(secs*10))))
			g.aD = append(g.aD, uint32(math.Round(float64(g.eLen[e])*10)))
			g.aDup = append(g.aDup, -1)
		}
	}
	b.signals = nil
}

// makeLen is make([]T, n, c) in arena a (on the heap when a is nil).
func makeLen[T any](a *spill.Arena, n, c int) []T {
	return spill.Make[T](a, c)[:n]
}

// arcStart/arcEnd return the junction an arc leaves from / arrives at.
func (g *Graph) arcStart(a uint32) uint32 {
	e, back := arcEdge(g, a)
	if back {
		return g.eTo[e]
	}
	return g.eFrom[e]
}

func (g *Graph) arcEnd(a uint32) uint32 {
	e, back := arcEdge(g, a)
	if back {
		return g.eFrom[e]
	}
	return g.eTo[e]
}

// departBearing and arriveBearing are Graph's from the bearings the
// builder keeps of each edge (the graph's points may be in geomSpill).
func (b *builder) departBearing(e uint32, back bool) float64 {
	if back {
		return math.Mod(b.bear[2*e+1]+180, 360)
	}
	return b.bear[2*e]
}

func (b *builder) arriveBearing(e uint32, back bool) float64 {
	if back {
		return math.Mod(b.bear[2*e]+180, 360)
	}
	return b.bear[2*e+1]
}

// departBearing is the bearing of travel leaving the start of edge e in the
// given direction; arriveBearing the bearing arriving at its end.
func (g *Graph) departBearing(e uint32, back bool) float64 {
	pts := g.edgePoints(e)
	if back {
		return math.Mod(endBearing(pts)+180, 360)
	}
	return startBearing(pts)
}

func (g *Graph) arriveBearing(e uint32, back bool) float64 {
	pts := g.edgePoints(e)
	if back {
		return math.Mod(startBearing(pts)+180, 360)
	}
	return endBearing(pts)
}

// turnCost returns the cost in seconds of a turn of angle degrees (positive
// right) at an intersection of roads roads, as OSRM's profiles compute it.
func turnCost(tp turnParams, angle float64, roads int, uturn, signal, modeChange bool) float64 {
	c := 0.0
	if tp.sigmoid && (roads > 2 || uturn || modeChange) {
		if angle >= 0 {
			c = tp.turnPenalty / (1 + math.Exp(-((13/tp.turnBias)*angle/180 - 6.5*tp.turnBias)))
		} else {
			c = tp.turnPenalty / (1 + math.Exp(-((13*tp.turnBias)*-angle/180 - 6.5/tp.turnBias)))
		}
	}
	if tp.quadratic {
		n := angle / 90
		if angle >= 0 {
			c = n * n * tp.turnPenalty / tp.turnBias
		} else {
			c = n * n * tp.turnPenalty * tp.turnBias
		}
	}
	if uturn {
		c += tp.uturn
	}
	if signal {
		c += tp.signal
	}
	return c
}

func restrictionAllows(rs []Restriction, toWay int64) bool {
	for _, r := range rs {
		if r.Only && toWay != r.To {
			return false
		}
		if !r.Only && toWay == r.To {
			return false
		}
	}
	return true
}
