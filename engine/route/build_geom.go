package route

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"

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

// spillFile is an unlinked temporary file, or a buffer in memory, with a
// varWriter over it.
type spillFile struct {
	f   *os.File
	mem bytes.Buffer
	w   *varWriter
}

func newGeomSpill(dir string) (*geomSpill, error) {
	s := &geomSpill{}
	for _, sf := range []*spillFile{&s.pts, &s.nodes} {
		if err := sf.open(dir); err != nil {
			s.close()
			return nil, err
		}
	}
	return s, nil
}

func (sf *spillFile) open(dir string) error {
	if dir == "" {
		sf.w = newVarWriter(&sf.mem)
		return nil
	}
	f, err := os.CreateTemp(dir, ".waymark-geometry-*")
	if err != nil {
		return fmt.Errorf("route: geometry spill: %w", err)
	}
	os.Remove(f.Name()) // unlinked: gone when closed, however the import ends
	sf.f = f
	sf.w = newVarWriter(f)
	return nil
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
	if sf.w.err != nil {
		return fmt.Errorf("route: geometry spill: %w", sf.w.err)
	}
	w.flush()
	if w.err != nil {
		return w.err
	}
	var src io.Reader = &sf.mem
	if sf.f != nil {
		if _, err := sf.f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("route: geometry spill: %w", err)
		}
		src = bufio.NewReaderSize(sf.f, writeChunk)
	}
	n, err := io.Copy(w.out, src)
	w.n += n
	if err != nil {
		w.err = fmt.Errorf("route: copy geometry: %w", err)
	}
	return w.err
}

func (s *geomSpill) close() {
	for _, sf := range []*spillFile{&s.pts, &s.nodes} {
		if sf.f != nil {
			sf.f.Close()
		}
		sf.mem = bytes.Buffer{}
	}
}
