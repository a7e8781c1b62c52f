package route

import (
	"fmt"
	"io"
	"math"

	"github.com/paulmach/orb"
)

// geomSpill takes the points and OSM node ids of a graph's edges, as Write
// builds it, in the encoding the graph's writeHead gives them (varint
// deltas: 3-5 bytes a point where the builder's arrays took 24), into
// two temporary files in a directory, or in memory without one, until
// writeHead copies them into the graph's encoding. The builder keeps of
// each edge only what making the arcs and turns needs (its bearings at
// both ends, its traffic signals): on LI ×64 the points and node ids were
// ~90 MB of the roads stage's peak (the network's copy of them, which
// the builder takes way by way, is the rest).
type geomSpill struct {
	pts, nodes spillFile
	n          int
	px, py     int64
	prevNode   int64
}

// spillFile is a spool with a varWriter over it.
type spillFile struct {
	s *spool
	w *varWriter
}

func newGeomSpill(dir string) (*geomSpill, error) {
	g := &geomSpill{}
	for _, sf := range []*spillFile{&g.pts, &g.nodes} {
		s, err := newSpool(dir, "geometry")
		if err != nil {
			g.close()
			return nil, err
		}
		sf.s, sf.w = s, newVarWriter(s)
	}
	return g, nil
}

// add appends one point of an edge and its node id.
func (s *geomSpill) add(p orb.Point, id int64) {
	x, y := int64(int32(math.Round(p[0]*1e7))), int64(int32(math.Round(p[1]*1e7)))
	s.pts.w.int(x - s.px)
	s.pts.w.int(y - s.py)
	s.px, s.py = x, y
	s.nodes.w.int(id - s.prevNode)
	s.prevNode = id
	s.n++
}

// writeTo writes the points and the node ids as varWriter.points and
// varWriter.i64s would have written them.
func (s *geomSpill) writeTo(w *varWriter) error {
	w.uint(uint64(2 * s.n))
	if err := s.pts.copyTo(w); err != nil {
		return err
	}
	w.uint(uint64(s.n))
	return s.nodes.copyTo(w)
}

func (sf *spillFile) copyTo(w *varWriter) error {
	sf.w.flush()
	src, err := sf.s.reader()
	if err != nil {
		return err
	}
	w.flush()
	if w.err != nil {
		return w.err
	}
	n, err := io.Copy(w.out, src)
	w.n += n
	if err != nil {
		w.err = fmt.Errorf("route: copy geometry: %w", err)
	}
	return w.err
}

func (g *geomSpill) close() {
	for _, sf := range []*spillFile{&g.pts, &g.nodes} {
		if sf.s != nil {
			sf.s.close()
		}
	}
}
