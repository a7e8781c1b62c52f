package route

// A graph's blob in a pack: the formats (V1 fixed-width to the current
// varint format), Graph.MarshalBinary and WriteTo, Decode and the checks a
// decoded graph passes before use (validate). The readers and writers of
// the integers are in graphcodec.go.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/paulmach/orb"

	"waymark/engine/spill"
)

// Graph blob formats: graphMagicV1 stores every array fixed-width (packs
// built before varints); graphMagicV2 stores integers as varints (deltas
// for offsets, node ids and coordinates), ~55% smaller on LI;
// graphMagicV3 also stores edge speeds as indexes into a table of the
// distinct speeds and the targets of transitions and CH edges relative to
// their source (they are mostly near it), another 8% smaller on LI.
//
// graphMagicV4 also leaves out what the rest determines (graphv4.go): the
// arcs of each edge (the inverse of the arcs' edges), the arcs' distances
// (their edge's length in decimeters) and the weight and distance of
// every original CH edge (its transition's plus its target arc's), and
// stores a shortcut's middle arc relative to its target: ~5% smaller
// again on LI. graphMagic (V5, what MarshalBinary writes) leaves out the
// weight and distance of every shortcut too: the sums of its two halves'
// (the edges of its middle arc): 18% smaller again on LI (LI ×64 176 →
// 142 MB), decoding 4-15% slower. graphMagicV6 adds guidance's arrays
// (graphguide.go) after the transitions. graphMagic (V7, what
// MarshalBinary writes) adds after those the edges where a bike is
// pushed (ePush, as the classes below), and the excludable classes of
// the hierarchy's edges (exclude.go): per direction the edges that have
// any, as index deltas and classes, before the strings; a pair of arcs
// may have several edges then, and a shortcut's halves are the lightest
// of its middle arc's within its classes (chAdj.best). Decode reads
// every version.
const (
	graphMagicV1 = "WMRG0001"
	graphMagicV2 = "WMRG0002"
	graphMagicV3 = "WMRG0003"
	graphMagicV4 = "WMRG0004"
	graphMagicV5 = "WMRG0005"
	graphMagicV6 = "WMRG0006"
	graphMagic   = "WMRG0007"
)

// MarshalBinary encodes the graph for storage in a pack (graphMagic:
// length-prefixed arrays of varints; float arrays little endian).
func (g *Graph) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	if _, err := g.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteTo writes what MarshalBinary returns to out, a megabyte at a time,
// so the encoding never exists whole in memory (an import writes it into
// the pack in parts).
func (g *Graph) WriteTo(out io.Writer) (int64, error) {
	w := newVarWriter(out)
	g.writeHead(w, nil)
	g.writeTail(w)
	w.flush()
	return w.n, w.err
}

// writeHead writes the encoding up to the contraction hierarchy: the
// road graph, arcs and transitions.
// With geom, the points and node ids come from there (Write).
func (g *Graph) writeHead(w *varWriter, geom *geomSpill) error {
	return g.writeHeadNames(w, geom, nil)
}

// writeHeadNames is writeHead with the edges' names, refs and
// destinations from names when not nil (a builder's, by way: prepare).
func (g *Graph) writeHeadNames(w *varWriter, geom *geomSpill, names *edgeStrings) error {
	switch {
	case w.v2:
		w.b = append(w.b, graphMagicV2...)
	case w.v3:
		w.b = append(w.b, graphMagicV3...)
	case w.v4:
		w.b = append(w.b, graphMagicV4...)
	case w.v5:
		w.b = append(w.b, graphMagicV5...)
	case w.v6:
		w.b = append(w.b, graphMagicV6...)
	default:
		w.b = append(w.b, graphMagic...)
	}
	w.uint(uint64(g.profile))
	w.uint(uint64(g.nJunctions))
	w.u32s(g.eFrom, false)
	w.u32s(g.eTo, false)
	w.u32s(g.eGeom, true)
	if geom != nil {
		if err := geom.writeTo(w); err != nil {
			return err
		}
	} else {
		w.points(g.pts)
		w.i64s(g.nodes)
	}
	if names != nil { // a builder's, by way
		names.write(w)
	} else {
		w.u32s(g.eName, false)
		w.u32s(g.eRef, false)
		w.u32s(g.eDest, false)
	}
	w.u8s(g.eClass)
	w.u8s(g.eFlags)
	w.speeds(g.eSpeed)
	w.f32s(g.eLen)
	if w.v2 || w.v3 {
		w.i32s(g.eArc)
	} else {
		g.writeEdgeArcs(w)
	}
	w.u32s(g.aEdge, false)
	w.u32s(g.aW, false)
	if w.v2 || w.v3 {
		w.u32s(g.aD, false)
	} else {
		g.writeArcDistances(w)
	}
	w.i32s(g.aDup)
	w.u32s(g.tOff, true)
	w.relative(g.tOff, g.tTo)
	w.u32s(g.tW, false)
	if !w.v2 && !w.v3 && !w.v4 && !w.v5 {
		g.writeGuidance(w)
	}
	if !w.v2 && !w.v3 && !w.v4 && !w.v5 && !w.v6 {
		writeMasks(w, g.ePush)
	}
	return w.err
}

// writeTail writes the rest: the contraction hierarchy and the strings.
func (g *Graph) writeTail(w *varWriter) {
	var pending [2]bool
	for i, a := range []*chAdj{&g.up, &g.down} {
		w.u32s(a.off, true)
		w.relative(a.off, a.to)
		if w.v2 || w.v3 {
			w.u32s(a.w, false)
			w.u32s(a.d, false)
			w.i32s(a.mid)
		} else {
			pending[i] = g.writeHierarchyEdges(w, a, i == 1)
		}
	}
	if pending != [2]bool{} {
		g.writeShortcuts(w, pending)
	}
	if !w.v2 && !w.v3 && !w.v4 && !w.v5 && !w.v6 {
		for _, a := range []*chAdj{&g.up, &g.down} {
			writeMasks(w, a.mask)
		}
	}
	writeStrings(w, g.strs)
}

// writeMasks writes the hierarchy edges' classes (V7; ePush alike): the count of
// edges that have any, then each one's index (the difference from the
// previous one's) and classes.
func writeMasks(w *varWriter, mask []uint8) {
	n := 0
	for _, m := range mask {
		if m != 0 {
			n++
		}
	}
	w.uint(uint64(n))
	last := 0
	for k, m := range mask {
		if m != 0 {
			w.uint(uint64(k - last))
			w.uint(uint64(m))
			last = k
		}
	}
}

// readMasks reads what writeMasks wrote for the m edges of a direction:
// nil when none has a class.
func readMasks(r *varReader, m int) []uint8 {
	n := r.n(2)
	if r.err != nil || n == 0 {
		return nil
	}
	if n > m {
		r.err = errors.New("hierarchy classes")
		return nil
	}
	mask := spill.Make[uint8](r.sc, m)
	k := 0
	for range n {
		k += int(r.uint())
		c := r.uint()
		if r.err != nil {
			return nil
		}
		if k >= m || c == 0 || c > 0xff {
			r.err = errors.New("hierarchy classes")
			return nil
		}
		mask[k] = uint8(c)
	}
	return mask
}

// writeStrings writes a graph's strings, last in its encoding.
func writeStrings(w *varWriter, strs []string) {
	w.uint(uint64(len(strs)))
	for _, s := range strs {
		w.uint(uint64(len(s)))
		w.b = append(w.b, s...)
		w.spill()
	}
}

// graphReader reads the arrays of either blob format.
type graphReader interface {
	u32() uint32
	u32s(delta bool) []uint32
	i32s() []int32
	i64s() []int64
	u8s() []uint8
	f32s() []float32
	coords() []int32
	str() string
	failed() error
}

// Decode reads a graph written by MarshalBinary (either format) and builds
// its in-memory indexes (junction adjacency, components, spatial grid).
func Decode(data []byte) (*Graph, error) { return DecodeIn(data, nil) }

// DecodeIn is Decode with every array of the graph (and of its building)
// that is not small made in sc, so that decoding a graph takes about
// sc's limit of memory beyond the heap's small arrays, whatever its size
// (data itself may be in sc too). Such a graph is for writing its image
// (WriteImage, which writes the bytes a heap graph's would): it must not
// be used after sc is closed, so it must not serve. With a nil sc it is
// Decode.
func DecodeIn(data []byte, sc *spill.Arena) (*Graph, error) {
	if len(data) < len(graphMagic) {
		return nil, fmt.Errorf("%w: bad magic", ErrGraph)
	}
	var r graphReader
	var vr *varReader      // V3 and later: speeds and relative targets
	v4, v5 := false, false // V4 and later: derived arrays left out
	guide := false         // V6 and later: guidance arrays
	v7 := false            // V7: pushed directions, hierarchy classes
	switch string(data[:len(graphMagic)]) {
	case graphMagic:
		vr = &varReader{b: data[len(graphMagic):], sc: sc}
		r, v4, v5, guide, v7 = vr, true, true, true, true
	case graphMagicV6:
		vr = &varReader{b: data[len(graphMagic):], sc: sc}
		r, v4, v5, guide = vr, true, true, true
	case graphMagicV5:
		vr = &varReader{b: data[len(graphMagic):], sc: sc}
		r, v4, v5 = vr, true, true
	case graphMagicV4:
		vr = &varReader{b: data[len(graphMagic):], sc: sc}
		r, v4 = vr, true
	case graphMagicV3:
		vr = &varReader{b: data[len(graphMagic):], sc: sc}
		r = vr
	case graphMagicV2:
		r = &varReader{b: data[len(graphMagic):], sc: sc}
	case graphMagicV1:
		r = &binReader{r: bufio.NewReaderSize(bytes.NewReader(data[len(graphMagicV1):]), 1<<16), max: len(data), sc: sc}
	default:
		return nil, fmt.Errorf("%w: bad magic", ErrGraph)
	}
	g := &Graph{sc: sc}
	g.profile = Profile(r.u32())
	g.nJunctions = int(r.u32())
	g.eFrom = r.u32s(false)
	g.eTo = r.u32s(false)
	g.eGeom = r.u32s(true)
	lonlat := r.coords()
	g.pts = spill.Make[orb.Point](sc, len(lonlat)/2)
	for i := range g.pts {
		g.pts[i] = orb.Point{float64(lonlat[2*i]) / 1e7, float64(lonlat[2*i+1]) / 1e7}
	}
	g.nodes = r.i64s()
	g.eName = r.u32s(false)
	g.eRef = r.u32s(false)
	g.eDest = r.u32s(false)
	g.eClass = r.u8s()
	g.eFlags = r.u8s()
	if vr != nil {
		g.eSpeed = vr.speeds()
	} else {
		g.eSpeed = r.f32s()
	}
	g.eLen = r.f32s()
	arcsDerived := false
	if v4 {
		arcsDerived = vr.uint() == 1
	}
	if !arcsDerived {
		g.eArc = r.i32s()
	}
	g.aEdge = r.u32s(false)
	g.aW = r.u32s(false)
	if v4 && vr.uint() == 1 {
		g.aD = g.arcDistances()
	} else {
		g.aD = r.u32s(false)
	}
	g.aDup = r.i32s()
	targets := func(off []uint32) []uint32 {
		if vr != nil {
			return vr.relative(off)
		}
		return r.u32s(false)
	}
	g.tOff = r.u32s(true)
	g.tTo = targets(g.tOff)
	g.tW = r.u32s(false)
	if guide {
		g.readGuidance(vr)
	}
	if v7 {
		g.ePush = readMasks(vr, len(g.eFrom))
	}
	if arcsDerived && r.failed() == nil {
		g.eArc = g.edgeArcs()
	}
	var pending [2]bool
	for i, a := range []*chAdj{&g.up, &g.down} {
		a.off = r.u32s(true)
		a.to = targets(a.off)
		if v4 {
			pending[i] = g.readHierarchyEdges(vr, a, i == 1, v5)
			continue
		}
		a.w = r.u32s(false)
		a.d = r.u32s(false)
		a.mid = r.i32s()
	}
	sums := v5 && g.readShortcuts(vr, pending)
	if v7 {
		g.up.mask = readMasks(vr, len(g.up.to))
		g.down.mask = readMasks(vr, len(g.down.to))
	}
	n := int(r.u32())
	if r.failed() == nil && n > len(data) {
		return nil, fmt.Errorf("%w: string count %d", ErrGraph, n)
	}
	if r.failed() == nil {
		g.strs = make([]string, n)
		for i := range g.strs {
			g.strs[i] = r.str()
			if r.failed() != nil {
				break
			}
		}
	}
	if err := r.failed(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrGraph, err)
	}
	if err := g.validate(); err != nil {
		return nil, err
	}
	if sums {
		if err := g.sumShortcuts(pending); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrGraph, err)
		}
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
	if err := g.validateGuidance(); err != nil {
		return bad(err.Error())
	}
	if g.ePush != nil && len(g.ePush) != len(g.eFrom) {
		return bad("pushed directions")
	}
	for _, c := range []*chAdj{&g.up, &g.down} {
		m := len(c.to)
		if len(c.off) != A+1 || len(c.w) != m || len(c.d) != m || len(c.mid) != m || c.mask != nil && len(c.mask) != m ||
			checkCSR(c.off, m, A, c.to) != nil {
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
