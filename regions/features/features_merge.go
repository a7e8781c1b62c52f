package features

import (
	"encoding/binary"
	"fmt"
	"iter"
	"math"

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
// Memory: the stage holds a mapLine (32 bytes) a line and a bit, nothing
// else a line. The ends of the lines go to an external sort (engine/extsort)
// keyed by merge key and point, so the lines meeting at a point come
// together without a map of points in memory; an end where exactly two
// lines of a key meet links them (mapLine.next). Chains are then walked
// along the links from each line not yet used, in line order, and written
// as they are made: the order and the chains are those of merging group by
// group (a key's lines never link to another key's), which is what the
// stage did before it kept the ends out of memory.

const mapMergeMaxPoints = 512

// mapLine is a line feature waiting to be merged: the way it is drawn from,
// what merging reads and what the row takes. Its geometry is read from the
// way again when it is written (mapWriter.lineGeom), and its ends are in
// the sort, not here: the stage holds 32 bytes a line.
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

// linePiece is a line of a merged chain, walked forward or backward.
type linePiece struct {
	line     int32
	backward bool
}

// lineChunk is the lines of a chunk of lineMerger.lines: chunks of fixed
// size, so that adding a line never copies the lines already there.
const lineChunk = 1 << 14

// lineMerger gathers the lines (add), links their ends (link) and walks
// the chains they join into (chains).
type lineMerger struct {
	lines  [][]mapLine       // in chunks of lineChunk
	count  int               // lines added
	ends   *extsort.Sorter   // (merge key, end point) → 2·line + end
	used   []uint64          // bit per line: in a chain already
	merged int               // lines joined to another, once chains has run
	key    [mergeKeyLen]byte // scratch
}

// mergeKeyLen is the length of an end's sort key: class (2 bytes), name
// (4), flags, layer, then the point's x and y (8 each).
const mergeKeyLen = 24

// newLineMerger returns a merger whose sort keeps its runs in dir
// (os.TempDir when "").
func newLineMerger(dir string) *lineMerger {
	return &lineMerger{ends: extsort.New(dir, 0)}
}

// len returns the number of lines added.
func (m *lineMerger) len() int { return m.count }

// at returns line i.
func (m *lineMerger) at(i int32) *mapLine { return &m.lines[i/lineChunk][i%lineChunk] }

// add adds line l, whose stored direction runs from first to last.
func (m *lineMerger) add(l mapLine, first, last orb.Point) error {
	if m.count >= math.MaxInt32/2 {
		return fmt.Errorf("map features: more than %d lines", math.MaxInt32/2)
	}
	i := m.count
	if i%lineChunk == 0 {
		m.lines = append(m.lines, make([]mapLine, 0, lineChunk))
	}
	l.next = [2]int32{-1, -1}
	m.lines[len(m.lines)-1] = append(m.lines[len(m.lines)-1], l)
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
	it, err := m.ends.Sorted()
	if err != nil {
		return fmt.Errorf("map features: sort line ends: %w", err)
	}
	var run [2]uint32 // the first two ends at the current point
	n := 0
	flush := func() {
		if n == 2 && run[0]/2 != run[1]/2 {
			m.at(int32(run[0] / 2)).next[run[0]%2] = int32(run[1])
			m.at(int32(run[1] / 2)).next[run[1]%2] = int32(run[0])
		}
	}
	var prev [mergeKeyLen]byte
	for it.Next() {
		if k := it.Key(); n == 0 || string(k) != string(prev[:]) {
			flush()
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
	flush()
	m.used = make([]uint64, (m.count+63)/64)
	return m.ends.Close()
}

// close removes the sort's file (link does when it ran to the end).
func (m *lineMerger) close() error { return m.ends.Close() }

func (m *lineMerger) isUsed(i int32) bool { return m.used[i/64]&(1<<(i%64)) != 0 }
func (m *lineMerger) use(i int32)         { m.used[i/64] |= 1 << (i % 64) }

// chains yields the chains the lines join into, in the order of their
// first line (a merged line takes the place of its first piece), after
// link. The chain yielded is reused by the next. m.merged counts the
// lines joined to another.
func (m *lineMerger) chains() iter.Seq[[]linePiece] {
	return func(yield func([]linePiece) bool) {
		var fwd, back []linePiece
		for i := int32(0); int(i) < m.count; i++ {
			if m.isUsed(i) {
				continue
			}
			m.use(i)
			l := m.at(i)
			oneway := l.flags&mapdata.FlagOneway != 0
			n := l.n
			fwd = append(fwd[:0], linePiece{line: i})
			back = back[:0]
			// Forward from the last end, then backward from the first.
			for dir, end := range [2]int32{2*i + 1, 2 * i} {
				for n < mapMergeMaxPoints {
					to := m.at(end / 2).next[end%2]
					if to < 0 {
						break
					}
					j := to / 2
					if j == i || m.isUsed(j) {
						break
					}
					// Forward, j runs on when its first end is met; backward,
					// when its last is. Otherwise it is walked against its
					// direction, which a one-way line is not.
					against := (to%2 == 1) == (dir == 0)
					if against && oneway {
						break
					}
					if dir == 0 {
						fwd = append(fwd, linePiece{line: j, backward: against})
					} else {
						back = append(back, linePiece{line: j, backward: against})
					}
					end = to ^ 1 // j's other end
					n += m.at(j).n - 1
					m.use(j)
					m.merged++
				}
			}
			chain := back
			for a, b := 0, len(chain)-1; a < b; a, b = a+1, b-1 {
				chain[a], chain[b] = chain[b], chain[a]
			}
			chain = append(chain, fwd...)
			if !yield(chain) {
				return
			}
			back = chain[:0]
		}
	}
}

// joinChain returns the points of a chain; geom gives a line's points in
// its stored direction.
func joinChain(chain []linePiece, geom func(line int32) orb.LineString) orb.LineString {
	var out orb.LineString
	for k, p := range chain {
		pts := geom(p.line)
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
