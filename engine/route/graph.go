package route

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/paulmach/orb"
)

// Edge flags.
const (
	flagRoundabout uint8 = 1 << iota
	flagFerry
)

// Graph is a profile's road graph with its contraction hierarchy. It is
// immutable once loaded and safe for concurrent use.
//
// Edges are pieces of one OSM way between junctions; each edge has up to
// two arcs (forward along the node order, backward against it). Arcs are
// the nodes of the edge-based graph; transitions its edges.
type Graph struct {
	profile Profile
	buildID string

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
	eSpeed     []float32 // 2 per edge: forward, backward km/h (0 closed)
	eLen       []float32 // meters
	eArc       []int32   // 2 per edge: forward arc, backward arc (-1 none)
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
	coarse      grid
	coarseOnce  sync.Once
	pool        sync.Pool
}

// Profile returns the graph's profile.
func (g *Graph) Profile() Profile { return g.profile }

// SetBuildID sets the pack build id that hints are bound to.
func (g *Graph) SetBuildID(id string) { g.buildID = id }

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

const graphMagic = "WMRG0001"

// MarshalBinary encodes the graph for storage in a pack (little endian,
// length-prefixed arrays).
func (g *Graph) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	w := &binWriter{w: &buf}
	buf.WriteString(graphMagic)
	w.u32(uint32(g.profile))
	w.u32(uint32(g.nJunctions))
	w.u32s(g.eFrom)
	w.u32s(g.eTo)
	w.u32s(g.eGeom)
	lonlat := make([]int32, 2*len(g.pts))
	for i, p := range g.pts {
		lonlat[2*i] = int32(math.Round(p[0] * 1e7))
		lonlat[2*i+1] = int32(math.Round(p[1] * 1e7))
	}
	w.i32s(lonlat)
	w.i64s(g.nodes)
	w.u32s(g.eName)
	w.u32s(g.eRef)
	w.u32s(g.eDest)
	w.u8s(g.eClass)
	w.u8s(g.eFlags)
	w.f32s(g.eSpeed)
	w.f32s(g.eLen)
	w.i32s(g.eArc)
	w.u32s(g.aEdge)
	w.u32s(g.aW)
	w.u32s(g.aD)
	w.i32s(g.aDup)
	w.u32s(g.tOff)
	w.u32s(g.tTo)
	w.u32s(g.tW)
	for _, a := range []*chAdj{&g.up, &g.down} {
		w.u32s(a.off)
		w.u32s(a.to)
		w.u32s(a.w)
		w.u32s(a.d)
		w.i32s(a.mid)
	}
	w.u32(uint32(len(g.strs)))
	for _, s := range g.strs {
		w.u32(uint32(len(s)))
		buf.WriteString(s)
	}
	return buf.Bytes(), w.err
}

// Decode reads a graph written by MarshalBinary and builds its in-memory
// indexes (junction adjacency, components, spatial grid).
func Decode(data []byte) (*Graph, error) {
	if len(data) < len(graphMagic) || string(data[:len(graphMagic)]) != graphMagic {
		return nil, fmt.Errorf("%w: bad magic", ErrGraph)
	}
	r := &binReader{r: bufio.NewReaderSize(bytes.NewReader(data[len(graphMagic):]), 1<<16), max: len(data)}
	g := &Graph{}
	g.profile = Profile(r.u32())
	g.nJunctions = int(r.u32())
	g.eFrom = r.u32s()
	g.eTo = r.u32s()
	g.eGeom = r.u32s()
	lonlat := r.i32s()
	g.pts = make([]orb.Point, len(lonlat)/2)
	for i := range g.pts {
		g.pts[i] = orb.Point{float64(lonlat[2*i]) / 1e7, float64(lonlat[2*i+1]) / 1e7}
	}
	g.nodes = r.i64s()
	g.eName = r.u32s()
	g.eRef = r.u32s()
	g.eDest = r.u32s()
	g.eClass = r.u8s()
	g.eFlags = r.u8s()
	g.eSpeed = r.f32s()
	g.eLen = r.f32s()
	g.eArc = r.i32s()
	g.aEdge = r.u32s()
	g.aW = r.u32s()
	g.aD = r.u32s()
	g.aDup = r.i32s()
	g.tOff = r.u32s()
	g.tTo = r.u32s()
	g.tW = r.u32s()
	for _, a := range []*chAdj{&g.up, &g.down} {
		a.off = r.u32s()
		a.to = r.u32s()
		a.w = r.u32s()
		a.d = r.u32s()
		a.mid = r.i32s()
	}
	n := int(r.u32())
	if r.err == nil && n > len(data) {
		r.err = io.ErrUnexpectedEOF
	}
	if r.err == nil {
		g.strs = make([]string, n)
		for i := range g.strs {
			l := int(r.u32())
			if l > len(data) {
				r.err = io.ErrUnexpectedEOF
				break
			}
			b := make([]byte, l)
			if _, err := io.ReadFull(r.r, b); err != nil {
				r.err = err
				break
			}
			g.strs[i] = string(b)
		}
	}
	if r.err != nil {
		return nil, fmt.Errorf("%w: %v", ErrGraph, r.err)
	}
	if err := g.validate(); err != nil {
		return nil, err
	}
	g.derive()
	return g, nil
}

// validate checks array lengths and index ranges, so a corrupt blob fails
// here instead of panicking in a query.
func (g *Graph) validate() error {
	E, A := len(g.eFrom), len(g.aEdge)
	bad := func(what string) error { return fmt.Errorf("%w: %s", ErrGraph, what) }
	if g.nJunctions < 0 || g.nJunctions > 2*E {
		return bad("junction count")
	}
	if len(g.eTo) != E || len(g.eGeom) != E+1 || len(g.eName) != E || len(g.eRef) != E || len(g.eDest) != E ||
		len(g.eClass) != E || len(g.eFlags) != E || len(g.eSpeed) != 2*E || len(g.eLen) != E || len(g.eArc) != 2*E {
		return bad("edge arrays")
	}
	if len(g.nodes) != len(g.pts) || (E > 0 && int(g.eGeom[E]) != len(g.pts)) {
		return bad("geometry")
	}
	for e := 0; e < E; e++ {
		if g.eGeom[e+1] < g.eGeom[e]+2 || int(g.eFrom[e]) >= g.nJunctions || int(g.eTo[e]) >= g.nJunctions {
			return bad("edge geometry or junction")
		}
		if int(g.eName[e]) >= len(g.strs) || int(g.eRef[e]) >= len(g.strs) || int(g.eDest[e]) >= len(g.strs) {
			return bad("edge strings")
		}
	}
	for _, a := range g.eArc {
		if a >= int32(A) {
			return bad("edge arc")
		}
	}
	if len(g.aW) != A || len(g.aD) != A || len(g.aDup) != A || len(g.tOff) != A+1 {
		return bad("arc arrays")
	}
	for a := 0; a < A; a++ {
		if int(g.aEdge[a]>>1) >= E || g.aDup[a] >= int32(A) {
			return bad("arc edge")
		}
	}
	if err := checkCSR(g.tOff, len(g.tTo), A, g.tTo); err != nil || len(g.tW) != len(g.tTo) {
		return bad("transitions")
	}
	for _, c := range []*chAdj{&g.up, &g.down} {
		m := len(c.to)
		if len(c.off) != A+1 || len(c.w) != m || len(c.d) != m || len(c.mid) != m || checkCSR(c.off, m, A, c.to) != nil {
			return bad("hierarchy")
		}
		for _, x := range c.mid {
			if x >= int32(A) {
				return bad("hierarchy mid")
			}
		}
	}
	return nil
}

func checkCSR(off []uint32, m, n int, to []uint32) error {
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] {
			return ErrGraph
		}
	}
	if len(off) > 0 && (off[0] != 0 || int(off[len(off)-1]) != m) {
		return ErrGraph
	}
	for _, x := range to {
		if int(x) >= n {
			return ErrGraph
		}
	}
	return nil
}

// derive builds the in-memory indexes that are not stored.
func (g *Graph) derive() {
	E := len(g.eFrom)
	cnt := make([]uint32, g.nJunctions+1)
	for e := 0; e < E; e++ {
		cnt[g.eFrom[e]+1]++
		cnt[g.eTo[e]+1]++
	}
	for i := 1; i <= g.nJunctions; i++ {
		cnt[i] += cnt[i-1]
	}
	g.jOff = append([]uint32(nil), cnt...)
	g.jEdge = make([]uint32, 2*E)
	fill := append([]uint32(nil), cnt[:g.nJunctions]...)
	for e := 0; e < E; e++ {
		f, t := g.eFrom[e], g.eTo[e]
		g.jEdge[fill[f]] = uint32(e) << 1
		fill[f]++
		g.jEdge[fill[t]] = uint32(e)<<1 | 1
		fill[t]++
	}
	g.dups = map[uint32][]uint32{}
	for a, o := range g.aDup {
		if o >= 0 {
			g.dups[uint32(o)] = append(g.dups[uint32(o)], uint32(a))
		}
	}
	g.edgeBig = g.bigEdges()
	g.cum = make([]float32, len(g.pts))
	for e := 0; e < E; e++ {
		acc := 0.0
		for i := g.eGeom[e] + 1; i < g.eGeom[e+1]; i++ {
			acc += haversine(g.pts[i-1], g.pts[i])
			g.cum[i] = float32(acc)
		}
	}
	g.eBox = make([]orb.Bound, E)
	for e := 0; e < E; e++ {
		g.eBox[e] = orb.MultiPoint(g.edgePoints(uint32(e))).Bound()
		if e == 0 {
			g.bound = g.eBox[e]
		} else {
			g.bound = g.bound.Union(g.eBox[e])
		}
	}
	g.fine = buildGrid(g, fineCell)
	n := len(g.aW)
	g.pool.New = func() any { return newScratch(n) }
}

// bigComponent is the arc count from which a strongly connected component
// is never "tiny" (OSRM's threshold); the largest component is always big.
const bigComponent = 1000

// bigEdges finds the strongly connected components of the edge-based graph
// (iterative Tarjan) and marks the edges with an arc in a big one. Snapping
// for routing prefers those, as OSRM does, so a point next to a one-way
// stub or a motorway leaving the extract still gets a route.
func (g *Graph) bigEdges() []bool {
	n := len(g.aW)
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	comp := make([]int32, n)
	for i := range index {
		index[i] = -1
	}
	var stack []uint32
	type frame struct {
		v    uint32
		next uint32
	}
	var call []frame
	var sizes []int
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
	largest := 0
	for _, s := range sizes {
		largest = max(largest, s)
	}
	big := make([]bool, len(g.eFrom))
	for e := range g.eFrom {
		for d := 0; d < 2; d++ {
			if a := g.eArc[2*e+d]; a >= 0 && sizes[comp[a]] >= min(bigComponent, largest) {
				big[e] = true
			}
		}
	}
	return big
}

// ---- binary helpers ----

type binWriter struct {
	w   io.Writer
	err error
}

func (w *binWriter) put(v any) {
	if w.err == nil {
		w.err = binary.Write(w.w, binary.LittleEndian, v)
	}
}
func (w *binWriter) u32(v uint32)     { w.put(v) }
func (w *binWriter) u32s(v []uint32)  { w.u32(uint32(len(v))); w.put(v) }
func (w *binWriter) i32s(v []int32)   { w.u32(uint32(len(v))); w.put(v) }
func (w *binWriter) i64s(v []int64)   { w.u32(uint32(len(v))); w.put(v) }
func (w *binWriter) u8s(v []uint8)    { w.u32(uint32(len(v))); w.put(v) }
func (w *binWriter) f32s(v []float32) { w.u32(uint32(len(v))); w.put(v) }

type binReader struct {
	r   *bufio.Reader
	err error
	max int // no array can be longer than the blob, so a corrupt length cannot allocate wildly
}

func (r *binReader) get(v any) {
	if r.err == nil {
		r.err = binary.Read(r.r, binary.LittleEndian, v)
	}
}
func (r *binReader) u32() uint32 { var v uint32; r.get(&v); return v }
func (r *binReader) n() int {
	n := int(r.u32())
	if n > r.max && r.err == nil {
		r.err = fmt.Errorf("array length %d", n)
	}
	if r.err != nil {
		return 0
	}
	return n
}
func (r *binReader) u32s() []uint32  { v := make([]uint32, r.n()); r.get(v); return v }
func (r *binReader) i32s() []int32   { v := make([]int32, r.n()); r.get(v); return v }
func (r *binReader) i64s() []int64   { v := make([]int64, r.n()); r.get(v); return v }
func (r *binReader) u8s() []uint8    { v := make([]uint8, r.n()); r.get(v); return v }
func (r *binReader) f32s() []float32 { v := make([]float32, r.n()); r.get(v); return v }
