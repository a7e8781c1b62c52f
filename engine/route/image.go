package route

// A graph's image is its arrays as they are in memory, one after the
// other, written once to a file and mapped back read-only by LoadImage:
// opening a mapped image costs no decoding and no heap (a ×64 tiling of LI
// decodes its two graphs into ~700 MB of heap in ~5 s), and processes that
// map the same image share its pages. The pack keeps the compact encoding
// (graphcodec.go, a fifth of the image's size); the image is a cache of
// it that the engine keeps beside the pack.
//
// Layout (package flat's images: every integer little-endian; arrays in
// the machine's order, which the header's order mark records, so an image
// moved to a machine of the other order is refused, not misread):
//
//	[8]byte  imageMagic
//	uint32   0x01020304 in the machine's order
//	uint32   profile
//	uint64   junctions
//	4×f64    bound (min lon, min lat, max lon, max lat)
//	f64      fine grid cell
//	uint64   length of the build id; the id, padded to 8 bytes
//	uint64   number of arrays
//	arrays   each: uint64 element size, uint64 count, the elements padded
//	         to 8 bytes (so every array starts 8-aligned in a mapping)
//	uint64   total length of the image (a truncated file is refused)
//
// The arrays are checked for their lengths and their elements' sizes,
// not their values: the image was written from a graph Decode validated,
// and like SQLite with its pages the engine trusts the file it wrote.

import (
	"fmt"
	"io"
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/flat"
)

// imageMagic starts an image; its last two characters are the layout's
// version: raise it when the layout changes and also when what is
// loaded into the arrays changes (an image of the same pack build written
// by an older program would otherwise be taken as current).
const imageMagic = "WMGIMG03"

// WriteImage writes g's image to w.
func (g *Graph) WriteImage(w io.Writer) error {
	fw := flat.NewWriter(w, imageMagic)
	fw.U32(uint32(g.profile))
	fw.U64(uint64(g.nJunctions))
	for _, f := range []float64{g.bound.Min[0], g.bound.Min[1], g.bound.Max[0], g.bound.Max[1], g.fine.cell} {
		fw.U64(math.Float64bits(f))
	}
	fw.String(g.buildID)
	strBytes, strOff := flat.JoinStrings(g.strs)
	fw.WriteFields(g.imageFields(&strBytes, &strOff))
	if err := fw.Close(); err != nil {
		return fmt.Errorf("route: write image: %w", err)
	}
	return nil
}

// imageFields lists g's arrays (and the strings', strBytes and strOff)
// in the image's order: WriteImage writes them and LoadImage reads them
// back through the same list.
func (g *Graph) imageFields(strBytes *[]byte, strOff *[]uint32) []flat.Field {
	return []flat.Field{
		flat.F(&g.eFrom), flat.F(&g.eTo), flat.F(&g.eGeom), flat.F(&g.pts), flat.F(&g.nodes),
		flat.F(&g.eName), flat.F(&g.eRef), flat.F(&g.eDest), flat.F(&g.eClass), flat.F(&g.eFlags), flat.F(&g.ePush),
		flat.F(&g.eSpeed), flat.F(&g.eLen), flat.F(&g.eArc),
		flat.F(&g.aEdge), flat.F(&g.aW), flat.F(&g.aD), flat.F(&g.aDup),
		flat.F(&g.tOff), flat.F(&g.tTo), flat.F(&g.tW),
		flat.F(&g.up.off), flat.F(&g.up.to), flat.F(&g.up.w), flat.F(&g.up.d), flat.F(&g.up.mid), flat.F(&g.up.mask),
		flat.F(&g.down.off), flat.F(&g.down.to), flat.F(&g.down.w), flat.F(&g.down.d), flat.F(&g.down.mid), flat.F(&g.down.mask),
		flat.F(strBytes), flat.F(strOff),
		flat.F(&g.jOff), flat.F(&g.jEdge), flat.F(&g.eBox), flat.F(&g.cum), flat.F(&g.edgeBig),
		flat.F(&g.fine.keys), flat.F(&g.fine.spans), flat.F(&g.fine.refs),
		flat.F(&g.eLanes), flat.F(&g.xEdge), flat.F(&g.xStr),
		flat.F(&g.moOff), flat.F(&g.moArcs), flat.F(&g.moVia), flat.F(&g.moTurn),
	}
}

// LoadImage returns the graph whose image data holds (WriteImage). The
// graph's arrays are data itself, which must stay mapped (and unchanged)
// while the graph or anything taken from it is in use, and must start
// 8-aligned (a mapping starts on a page). An image that is not one, is
// cut short or was written on a machine of the other byte order gives an
// error wrapping ErrGraph.
func LoadImage(data []byte) (*Graph, error) {
	r, err := flat.NewReader(data, imageMagic)
	if err != nil {
		return nil, fmt.Errorf("%w: graph image: %v", ErrGraph, err)
	}
	g := &Graph{}
	g.profile = Profile(r.U32())
	g.nJunctions = int(r.U64())
	var f [5]float64
	for i := range f {
		f[i] = math.Float64frombits(r.U64())
	}
	g.bound = orb.Bound{Min: orb.Point{f[0], f[1]}, Max: orb.Point{f[2], f[3]}}
	g.fine.cell = f[4]
	g.buildID = r.String()
	var strBytes []byte
	var strOff []uint32
	r.ReadFields(g.imageFields(&strBytes, &strOff))
	if err := r.Close(); err != nil {
		return nil, fmt.Errorf("%w: graph image: %v", ErrGraph, err)
	}
	if err := g.checkImage(); err != nil {
		return nil, err
	}
	// The strings are copied: answers keep them (step names), and
	// nothing an answer keeps may point into the mapping.
	if g.strs, err = flat.SplitStrings(strBytes, strOff); err != nil {
		return nil, fmt.Errorf("%w: graph image: %v", ErrGraph, err)
	}
	// the guidance arrays are few but for the lanes: checked whole
	if err := g.validateGuidance(); err != nil {
		return nil, fmt.Errorf("%w: graph image: %v", ErrGraph, err)
	}
	g.dups = duplicatesOf(g.aDup)
	g.mapped = true
	n := len(g.aW)
	g.pool.New = func() any { return newScratch(n) }
	return g, nil
}

// checkImage checks that the arrays LoadImage read fit together (their
// lengths, not their values).
func (g *Graph) checkImage() error {
	E, A, P := len(g.eFrom), len(g.aEdge), len(g.pts)
	lens := []struct {
		got, want int
	}{
		{len(g.eTo), E}, {len(g.eGeom), E + 1}, {len(g.nodes), P}, {len(g.eName), E}, {len(g.eRef), E},
		{len(g.eDest), E}, {len(g.eClass), E}, {len(g.eFlags), E}, {len(g.eSpeed), 2 * E}, {len(g.eLen), E},
		{len(g.eArc), 2 * E}, {len(g.aW), A}, {len(g.aD), A}, {len(g.aDup), A}, {len(g.tOff), A + 1},
		{len(g.tW), len(g.tTo)}, {len(g.up.off), A + 1}, {len(g.down.off), A + 1},
		{len(g.up.w), len(g.up.to)}, {len(g.up.d), len(g.up.to)}, {len(g.up.mid), len(g.up.to)},
		{len(g.down.w), len(g.down.to)}, {len(g.down.d), len(g.down.to)}, {len(g.down.mid), len(g.down.to)},
		{len(g.jOff), g.nJunctions + 1}, {len(g.jEdge), 2 * E}, {len(g.eBox), E}, {len(g.cum), P},
		{len(g.edgeBig), E}, {len(g.fine.spans), 2 * len(g.fine.keys)},
	}
	for i, l := range lens {
		if l.got != l.want {
			return fmt.Errorf("%w: graph image array %d has %d elements, not %d", ErrGraph, i, l.got, l.want)
		}
	}
	switch len(g.ePush) {
	case 0:
		g.ePush = nil // no bike pushed
	case len(g.eFrom):
	default:
		return fmt.Errorf("%w: graph image has %d pushed flags for %d edges", ErrGraph, len(g.ePush), len(g.eFrom))
	}
	for _, c := range []*chAdj{&g.up, &g.down} {
		switch len(c.mask) {
		case 0:
			c.mask = nil // no edge has a class
		case len(c.to):
		default:
			return fmt.Errorf("%w: graph image has %d hierarchy classes for %d edges", ErrGraph, len(c.mask), len(c.to))
		}
	}
	if k := len(g.fine.keys); k == 0 || k&(k-1) != 0 {
		return fmt.Errorf("%w: graph image grid of %d slots", ErrGraph, k)
	}
	return nil
}
