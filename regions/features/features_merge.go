package features

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"iter"
	"math"
	"os"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/extsort"
	"waymark/engine/mapdata"
)

// Line merging. OSM splits a street into many ways (at every change of a tag
// and often at junctions). Drawn one by one, each piece starts its own dash
// pattern and round caps, and a street name can only be placed on a piece.
// Before writing, line features of the same class, name, flags and layer
// are joined where exactly two of them meet end to end (never through a
// junction of three or more), one-way lines only head to tail, up to
// mapMergeMaxPoints points per line so that tiles do not read long lines for
// a small part of them.
//
// Memory: the stage keeps no record a line in its heap, only a bit (used).
// A line (mapLine, lineRecSize bytes) goes to a temporary file, unlinked,
// read and written in place with pread/pwrite (the page cache holds it,
// not the process). Its ends go to an external sort (engine/extsort)
// keyed by merge key and point, so the lines meeting at a point come
// together without a map of points in memory; an end where exactly two
// lines of a key meet links them (mapLine.next, written into the file).
// Chains are then walked along the links from each line not yet used, in
// line order, and written as they are made: the chains and their order
// are those of merging group by group (a key's lines never link to
// another key's), which is what the stage did while it held its lines,
// their ends and its chains in maps and slices (LI ×400: ~300 MB).

const mapMergeMaxPoints = 512

// mapLine is a line feature waiting to be merged: the way it is drawn from,
// what merging reads and what the row takes. Its geometry is read from the
// way again when it is written (mapWriter.lineGeom); its ends are in the
// sort, not here.
type mapLine struct {
	way osm.WayID
	// next is the line end joined to each end of this one (0: first, 1:
	// last), as 2·line + end, or -1 where none is (a dead end, a junction,
	// or a line of another key).
	next  [2]int32
	n     int32  // points
	name  int32  // index into mapWriter.names
	class uint16 // class id (mapWriter.classID)
	flags uint8
	layer int8
	rev   bool // stored against the way's node order (oneway=-1)
}

// lineRecSize is the bytes of a mapLine in the file: way (8), next (2×4),
// n, name (4 each), class (2), flags, layer, rev, and a byte unused.
const lineRecSize = 32

// nextOff is the offset of next in a line's record.
const nextOff = 8

func (l *mapLine) encode(b *[lineRecSize]byte) {
	binary.LittleEndian.PutUint64(b[0:], uint64(l.way))
	binary.LittleEndian.PutUint32(b[8:], uint32(l.next[0]))
	binary.LittleEndian.PutUint32(b[12:], uint32(l.next[1]))
	binary.LittleEndian.PutUint32(b[16:], uint32(l.n))
	binary.LittleEndian.PutUint32(b[20:], uint32(l.name))
	binary.LittleEndian.PutUint16(b[24:], l.class)
	b[26], b[27] = l.flags, byte(l.layer)
	b[28] = 0
	if l.rev {
		b[28] = 1
	}
}

func decodeLine(b []byte) mapLine {
	return mapLine{
		way:   osm.WayID(binary.LittleEndian.Uint64(b[0:])),
		next:  [2]int32{int32(binary.LittleEndian.Uint32(b[8:])), int32(binary.LittleEndian.Uint32(b[12:]))},
		n:     int32(binary.LittleEndian.Uint32(b[16:])),
		name:  int32(binary.LittleEndian.Uint32(b[20:])),
		class: binary.LittleEndian.Uint16(b[24:]),
		flags: b[26], layer: int8(b[27]), rev: b[28] == 1,
	}
}

// linePiece is a line of a merged chain, walked forward or backward.
type linePiece struct {
	line     int32
	way      osm.WayID // the line's way and its rev, for its geometry
	rev      bool
	backward bool
}

// lineWindow is the lines chains reads at once as it goes through them
// in order.
const lineWindow = 2048

// lineMerger gathers the lines (add), links their ends (link) and walks
// the chains they join into (chains).
type lineMerger struct {
	dir    string
	f      *os.File        // the lines, lineRecSize bytes each; nil until the first
	w      *bufio.Writer   // appends to f while lines are added
	count  int             // lines added
	ends   *extsort.Sorter // (merge key, end point) → 2·line + end
	used   []uint64        // bit per line: in a chain already
	merged int             // lines joined to another, once chains has run
	err    error           // the first error of chains
	rec    [lineRecSize]byte
	key    [mergeKeyLen]byte
	win    []byte // lines winAt… as chains reads them in order
	winAt  int
}

// mergeKeyLen is the length of an end's sort key: class (2 bytes), name
// (4), flags, layer, then the point's x and y (8 each).
const mergeKeyLen = 24

// newLineMerger returns a merger whose files (the lines and the sort's
// runs) go to dir (os.TempDir when ""), unlinked.
func newLineMerger(dir string) *lineMerger {
	return &lineMerger{dir: dir, ends: extsort.New(dir, 0)}
}

// len returns the number of lines added.
func (m *lineMerger) len() int { return m.count }

// at reads line i from the file.
func (m *lineMerger) at(i int32) (mapLine, error) {
	if k := int(i) - m.winAt; k >= 0 && (k+1)*lineRecSize <= len(m.win) {
		return decodeLine(m.win[k*lineRecSize:]), nil
	}
	if _, err := m.f.ReadAt(m.rec[:], int64(i)*lineRecSize); err != nil {
		return mapLine{}, fmt.Errorf("map features: read line %d: %w", i, err)
	}
	return decodeLine(m.rec[:]), nil
}

// setNext links end (2·line + end) to the line end to.
func (m *lineMerger) setNext(end, to uint32) error {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], to)
	if _, err := m.f.WriteAt(b[:], int64(end/2)*lineRecSize+nextOff+4*int64(end%2)); err != nil {
		return fmt.Errorf("map features: link lines: %w", err)
	}
	return nil
}

// seek reads the window of lines from i.
func (m *lineMerger) seek(i int) error {
	n := min(lineWindow, m.count-i)
	if cap(m.win) < lineWindow*lineRecSize {
		m.win = make([]byte, lineWindow*lineRecSize)
	}
	m.win, m.winAt = m.win[:n*lineRecSize], i
	if _, err := m.f.ReadAt(m.win, int64(i)*lineRecSize); err != nil {
		return fmt.Errorf("map features: read lines: %w", err)
	}
	return nil
}

// add adds line l, whose stored direction runs from first to last.
func (m *lineMerger) add(l mapLine, first, last orb.Point) error {
	if m.count >= math.MaxInt32/2 {
		return fmt.Errorf("map features: more than %d lines", math.MaxInt32/2)
	}
	if m.f == nil {
		f, err := os.CreateTemp(m.dir, ".waymark-maplines-*")
		if err != nil {
			return fmt.Errorf("map features: %w", err)
		}
		m.f, m.w = f, bufio.NewWriterSize(f, 64<<10)
		if err := os.Remove(f.Name()); err != nil {
			return fmt.Errorf("map features: %w", err)
		}
	}
	i := m.count
	l.next = [2]int32{-1, -1}
	l.encode(&m.rec)
	if _, err := m.w.Write(m.rec[:]); err != nil {
		return fmt.Errorf("map features: write line: %w", err)
	}
	m.count++
	for end, p := range [2]orb.Point{first, last} {
		if p[0] != p[0] || p[1] != p[1] {
			continue // NaN: meets nothing (as a NaN map key never did)
		}
		k := m.key[:]
		binary.BigEndian.PutUint16(k, l.class)
		binary.BigEndian.PutUint32(k[2:], uint32(l.name))
		k[6], k[7] = l.flags, byte(l.layer)
		binary.BigEndian.PutUint64(k[8:], math.Float64bits(p[0]+0)) // +0: -0 is 0
		binary.BigEndian.PutUint64(k[16:], math.Float64bits(p[1]+0))
		if err := m.ends.Add(k, uint32(2*i+end)); err != nil {
			return fmt.Errorf("map features: sort line ends: %w", err)
		}
	}
	return nil
}

// link reads the sorted ends and links the two lines of every point where
// exactly two ends of one key meet, unless they are the two ends of one
// line (a loop on its own).
func (m *lineMerger) link() error {
	if m.w != nil {
		if err := m.w.Flush(); err != nil {
			return fmt.Errorf("map features: write lines: %w", err)
		}
		m.w = nil
	}
	it, err := m.ends.Sorted()
	if err != nil {
		return fmt.Errorf("map features: sort line ends: %w", err)
	}
	var run [2]uint32 // the first two ends at the current point
	n := 0
	flush := func() error {
		if n == 2 && run[0]/2 != run[1]/2 {
			if err := m.setNext(run[0], run[1]); err != nil {
				return err
			}
			return m.setNext(run[1], run[0])
		}
		return nil
	}
	var prev [mergeKeyLen]byte
	for it.Next() {
		if k := it.Key(); n == 0 || string(k) != string(prev[:]) {
			if err := flush(); err != nil {
				return err
			}
			copy(prev[:], k)
			n = 0
		}
		if n < len(run) {
			run[n] = it.Val()
		}
		n++
	}
	if err := it.Err(); err != nil {
		return fmt.Errorf("map features: sort line ends: %w", err)
	}
	if err := flush(); err != nil {
		return err
	}
	m.used = make([]uint64, (m.count+63)/64)
	return m.ends.Close()
}

// close removes the merger's files.
func (m *lineMerger) close() error {
	err := m.ends.Close()
	if m.f != nil {
		if cerr := m.f.Close(); err == nil {
			err = cerr
		}
		m.f = nil
	}
	return err
}

func (m *lineMerger) isUsed(i int32) bool { return m.used[i/64]&(1<<(i%64)) != 0 }
func (m *lineMerger) use(i int32)         { m.used[i/64] |= 1 << (i % 64) }

// chains yields the chains the lines join into, with their first line,
// in the order of that line (a merged line takes the place of its first
// piece), after link. The chain yielded is reused by the next. m.merged
// counts the lines joined to another; a read error stops the chains and
// is in m.err.
func (m *lineMerger) chains() iter.Seq2[*mapLine, []linePiece] {
	return func(yield func(*mapLine, []linePiece) bool) {
		var fwd, back []linePiece
		for i := int32(0); int(i) < m.count; i++ {
			if m.isUsed(i) {
				continue
			}
			m.use(i)
			if int(i)-m.winAt >= lineWindow || len(m.win) == 0 {
				if m.err = m.seek(int(i)); m.err != nil {
					return
				}
			}
			first, err := m.at(i)
			if err != nil {
				m.err = err
				return
			}
			oneway := first.flags&mapdata.FlagOneway != 0
			n := first.n
			fwd = append(fwd[:0], linePiece{line: i, way: first.way, rev: first.rev})
			back = back[:0]
			for _, dir := range [2]int32{1, 0} { // forward from the last end, then backward from the first
				next := first.next[dir]
				for n < mapMergeMaxPoints && next >= 0 {
					j := next / 2
					if j == i || m.isUsed(j) {
						break
					}
					// Forward, j runs on when its first end is met; backward,
					// when its last is. Otherwise it is walked against its
					// direction, which a one-way line is not.
					against := (next%2 == 1) == (dir == 1)
					if against && oneway {
						break
					}
					l, err := m.at(j)
					if err != nil {
						m.err = err
						return
					}
					p := linePiece{line: j, way: l.way, rev: l.rev, backward: against}
					if dir == 1 {
						fwd = append(fwd, p)
					} else {
						back = append(back, p)
					}
					next = l.next[1-next%2] // on from j's other end
					n += l.n - 1
					m.use(j)
					m.merged++
				}
			}
			chain := back
			for a, b := 0, len(chain)-1; a < b; a, b = a+1, b-1 {
				chain[a], chain[b] = chain[b], chain[a]
			}
			chain = append(chain, fwd...)
			if !yield(&first, chain) {
				return
			}
			back = chain[:0]
		}
	}
}

// joinChain returns the points of a chain; geom gives a line's points in
// its stored direction.
func joinChain(chain []linePiece, geom func(p linePiece) orb.LineString) orb.LineString {
	var out orb.LineString
	for k, p := range chain {
		pts := geom(p)
		if len(pts) == 0 {
			continue
		}
		if p.backward {
			pts = append(orb.LineString(nil), pts...)
			pts.Reverse()
		}
		if k > 0 && len(out) > 0 {
			pts = pts[1:] // the point the previous piece ends at
		}
		out = append(out, pts...)
	}
	return out
}
