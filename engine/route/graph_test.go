package route

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"github.com/paulmach/orb"
	"math"
	"slices"
	"testing"
)

func smallGraphBlob(tb testing.TB) []byte {
	tb.Helper()
	g, _, err := Build(context.Background(), gridNetwork(3, 4), nil)
	if err != nil {
		tb.Fatal(err)
	}
	b, err := g.MarshalBinary()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func TestDecodeRoundTrip(t *testing.T) {
	b := smallGraphBlob(t)
	g, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := g.MarshalBinary()
	if err != nil || string(b2) != string(b) {
		t.Errorf("re-encoding differs (%v)", err)
	}
}

func TestDecodeRejectsCorrupt(t *testing.T) {
	b := smallGraphBlob(t)
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("XXXX0002"), b[8:]...)},
		{"bad length", append([]byte(graphMagic), 0xff, 0xff, 0xff, 0xff, 0x0f)},
		{"truncated", b[:len(b)/2]},
		{"truncated strings", b[:len(b)-3]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Decode(tc.data); !errors.Is(err, ErrGraph) {
				t.Errorf("Decode = %v, want ErrGraph", err)
			}
		})
	}
}

// FuzzDecode: no input makes Decode panic; accepted graphs answer queries.
func FuzzDecode(f *testing.F) {
	b := smallGraphBlob(f)
	f.Add(b)
	f.Add(b[:100])
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Decode(data)
		if err != nil {
			return
		}
		if len(g.eFrom) > 0 {
			s, err := g.Snap(g.pts[0], SnapOptions{})
			if err == nil {
				g.shortest(s[0], s[0], 0)
			}
		}
	})
}

// marshalV1 writes g in the fixed-width graphMagicV1 format of packs built
// before varints (what MarshalBinary wrote then).
func marshalV1(g *Graph) []byte {
	var buf bytes.Buffer
	put := func(v any) { binary.Write(&buf, binary.LittleEndian, v) }
	arr := func(n int, v any) { put(uint32(n)); put(v) }
	buf.WriteString(graphMagicV1)
	put(uint32(g.profile))
	put(uint32(g.nJunctions))
	arr(len(g.eFrom), g.eFrom)
	arr(len(g.eTo), g.eTo)
	arr(len(g.eGeom), g.eGeom)
	lonlat := make([]int32, 2*len(g.pts))
	for i, p := range g.pts {
		lonlat[2*i], lonlat[2*i+1] = int32(math.Round(p[0]*1e7)), int32(math.Round(p[1]*1e7))
	}
	arr(len(lonlat), lonlat)
	arr(len(g.nodes), g.nodes)
	arr(len(g.eName), g.eName)
	arr(len(g.eRef), g.eRef)
	arr(len(g.eDest), g.eDest)
	arr(len(g.eClass), g.eClass)
	arr(len(g.eFlags), g.eFlags)
	arr(len(g.eSpeed), g.eSpeed)
	arr(len(g.eLen), g.eLen)
	arr(len(g.eArc), g.eArc)
	arr(len(g.aEdge), g.aEdge)
	arr(len(g.aW), g.aW)
	arr(len(g.aD), g.aD)
	arr(len(g.aDup), g.aDup)
	arr(len(g.tOff), g.tOff)
	arr(len(g.tTo), g.tTo)
	arr(len(g.tW), g.tW)
	for _, a := range []*chAdj{&g.up, &g.down} {
		arr(len(a.off), a.off)
		arr(len(a.to), a.to)
		arr(len(a.w), a.w)
		arr(len(a.d), a.d)
		arr(len(a.mid), a.mid)
	}
	put(uint32(len(g.strs)))
	for _, s := range g.strs {
		put(uint32(len(s)))
		buf.WriteString(s)
	}
	return buf.Bytes()
}

// marshalV2 encodes g in the varint format of packs built before speed
// tables and relative targets (graphMagicV2).
func marshalV2(g *Graph) []byte { return marshalOld(g, func(w *varWriter) { w.v2 = true }) }

// marshalV3 encodes g in the format of packs built before derived arrays
// were left out (graphMagicV3).
func marshalV3(g *Graph) []byte { return marshalOld(g, func(w *varWriter) { w.v3 = true }) }

// marshalV4 encodes g in the format of packs built before shortcut
// weights were left out (graphMagicV4).
func marshalV4(g *Graph) []byte { return marshalOld(g, func(w *varWriter) { w.v4 = true }) }

// marshalV5 encodes g in the format of packs built before the guidance
// arrays (graphMagicV5).
func marshalV5(g *Graph) []byte { return marshalOld(g, func(w *varWriter) { w.v5 = true }) }

// marshalV6 encodes g in the format of packs built before the pushed
// directions and the hierarchy's classes (graphMagicV6).
func marshalV6(g *Graph) []byte { return marshalOld(g, func(w *varWriter) { w.v6 = true }) }

// marshalOld encodes g with a writer that set configures for an older format.
func marshalOld(g *Graph, set func(*varWriter)) []byte {
	var buf bytes.Buffer
	w := newVarWriter(&buf)
	set(w)
	g.writeHead(w, nil)
	g.writeTail(w)
	w.flush()
	return buf.Bytes()
}

// TestDecodeOlderFormats reads a graph in the formats of older packs (V1:
// fixed width, before varints; V2: before speed tables and relative
// targets; V3: every array whole; V4: shortcut weights stored; V5: before
// the guidance arrays; V6: before the pushed directions and the
// hierarchy's classes, which this graph has none of): it is the same
// graph but for the guidance arrays V1-V5 do not have, and the current
// format is smaller than V1-V4.
func TestDecodeOlderFormats(t *testing.T) {
	g, err := Decode(smallGraphBlob(t))
	if err != nil {
		t.Fatal(err)
	}
	if want, err := g.MarshalBinary(); err != nil {
		t.Fatal(err)
	} else if g6, err := Decode(marshalV6(g)); err != nil {
		t.Errorf("Decode(v6) = %v", err)
	} else if b6, err := g6.MarshalBinary(); err != nil || !bytes.Equal(b6, want) {
		t.Errorf("Decode(v6) re-encoded differs from the graph (%v)", err)
	}
	g.eLanes, g.xEdge, g.xStr, g.moOff, g.moArcs, g.moVia, g.moTurn = nil, nil, nil, nil, nil, nil, nil
	b, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		encode func(*Graph) []byte
	}{{"v1", marshalV1}, {"v2", marshalV2}, {"v3", marshalV3}, {"v4", marshalV4}, {"v5", marshalV5}} {
		t.Run(tt.name, func(t *testing.T) {
			old := tt.encode(g)
			if len(old) <= len(b) && tt.name != "v5" {
				t.Errorf("%s blob %d bytes, current blob %d; want the current smaller", tt.name, len(old), len(b))
			}
			g1, err := Decode(old)
			if err != nil {
				t.Fatalf("Decode(%s) = %v", tt.name, err)
			}
			b1, err := g1.MarshalBinary()
			if err != nil || !bytes.Equal(b1, b) {
				t.Errorf("Decode(%s) re-encoded differs from the graph (%v)", tt.name, err)
			}
		})
	}
}

// chunkRecorder records the sizes of the writes it is given and fails
// after failAfter of them (never when 0).
type chunkRecorder struct {
	bytes.Buffer
	sizes     []int
	failAfter int
}

var errDiskFull = errors.New("disk full")

func (c *chunkRecorder) Write(b []byte) (int, error) {
	if c.failAfter > 0 && len(c.sizes) == c.failAfter {
		return 0, errDiskFull
	}
	c.sizes = append(c.sizes, len(b))
	return c.Buffer.Write(b)
}

// TestWriteStreams checks that Write (build for storage) writes a graph
// that decodes and encodes again to the same bytes, that WriteTo writes
// in pieces no larger than a chunk and a value, and that it stops at the
// first write error.
func TestWriteStreams(t *testing.T) {
	net := gridNetwork(3, 4) // its restrictions are drawn in map order: one network for all
	built, _, err := Build(context.Background(), cloneNetwork(net), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := built.MarshalBinary()
	// The geometry waits in a file, or in memory, and the bytes are
	// Build's.
	// The hierarchy is written a range of nodes at a time: one range, a
	// node or a few (down to one node's edges, above the limit).
	var rec chunkRecorder
	for _, dir := range []string{t.TempDir(), ""} {
		for _, chunk := range []int{0, 1, 7} {
			rec = chunkRecorder{}
			if _, err := Write(context.Background(), &rec, cloneNetwork(net), WriteOptions{TempDir: dir, chunk: chunk}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(rec.Bytes(), want) {
				t.Fatalf("Write (temp dir %q, chunk %d) wrote %d bytes, not Build's %d", dir, chunk, rec.Len(), len(want))
			}
		}
	}
	// prepare's arrays in a file-backed arena (each one mapped), the
	// hierarchy whole or in cells: the same bytes as on the heap.
	for _, cells := range []int{0, 40} {
		var heap, mapped bytes.Buffer
		opts := WriteOptions{TempDir: t.TempDir(), CellArcs: cells, chunk: 7}
		if _, err := Write(context.Background(), &heap, cloneNetwork(net), opts); err != nil {
			t.Fatal(err)
		}
		opts.PrepareResident, opts.arenaMin = 1<<20, 1
		if _, err := Write(context.Background(), &mapped, cloneNetwork(net), opts); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mapped.Bytes(), heap.Bytes()) {
			t.Fatalf("Write (cells of %d) with prepare's arrays mapped wrote %d bytes, not the heap's %d", cells, mapped.Len(), heap.Len())
		}
	}
	// The points may come from WayPoints as the edges are made.
	lazy := cloneNetwork(net)
	pts := lazy.points
	lazy.points = nil
	lazy.WayPoints = func(i int) []orb.Point { return pts[i] }
	var lz chunkRecorder
	if _, err := Write(context.Background(), &lz, lazy, WriteOptions{TempDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(lz.Bytes(), want) {
		t.Fatalf("Write with WayPoints wrote %d bytes, not Build's %d", lz.Len(), len(want))
	}
	g, err := Decode(rec.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if again, err := g.MarshalBinary(); err != nil || !bytes.Equal(again, rec.Bytes()) {
		t.Fatalf("Write wrote %d bytes, which encode again as %d (%v)", rec.Len(), len(again), err)
	}
	// A big graph spills several chunks: inflate the string table.
	for i := 0; i < 3*writeChunk/1000; i++ {
		g.strs = append(g.strs, string(make([]byte, 1000)))
	}
	rec = chunkRecorder{}
	n, err := g.WriteTo(&rec)
	if err != nil || n != int64(rec.Len()) {
		t.Fatalf("WriteTo = %d, %v; wrote %d", n, err, rec.Len())
	}
	if len(rec.sizes) < 3 {
		t.Fatalf("%d writes, want the encoding in several", len(rec.sizes))
	}
	for _, s := range rec.sizes {
		if s > writeChunk+1010 {
			t.Fatalf("a write of %d bytes; chunks are %d", s, writeChunk)
		}
	}
	failing := chunkRecorder{failAfter: 1}
	if _, err := g.WriteTo(&failing); !errors.Is(err, errDiskFull) {
		t.Fatalf("WriteTo on a failing writer: %v, want its error", err)
	}
}

// TestShortcutSumsChecked: a graph whose shortcut weight is not the sum of
// its halves' (none that contraction builds) is written with its shortcut
// weights and decodes to the same graph.
func TestShortcutSumsChecked(t *testing.T) {
	g, err := Decode(smallGraphBlob(t))
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(g.up.mid, func(m int32) bool { return m >= 0 })
	if k < 0 {
		t.Fatal("the small graph has no up shortcut")
	}
	g.up.w[k]++
	b, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	g2, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g2.up.w, g.up.w) || !slices.Equal(g2.down.w, g.down.w) || !slices.Equal(g2.up.d, g.up.d) {
		t.Fatalf("shortcut weights decode as %v, want %v", g2.up.w, g.up.w)
	}
	if b2, _ := g2.MarshalBinary(); !bytes.Equal(b2, b) {
		t.Fatal("re-encoding differs")
	}
}

// cloneNetwork copies net with its own ways and geometry (Build and
// Write take the network's).
func cloneNetwork(net *Network) *Network {
	c := *net
	c.Ways = slices.Clone(net.Ways)
	c.WayNodes.data = slices.Clone(net.WayNodes.data)
	c.points = slices.Clone(net.points)
	return &c
}
