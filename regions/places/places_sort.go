package places

// The leaves are spilled in index order (the order collect met them, the
// extract's), but the streets' design (doc.go, "Memory of the places
// stage") addresses them by cell of a grid, so that only the streets near
// a cell need to be at hand. placeSorter puts spilled places into another
// order and back: an external merge sort of their encoded records, runs
// of at most sortRunBytes sorted in memory and written to one unlinked
// file, then merged (a heap of one reader per run). It holds the records
// of one run and 24 bytes a record of that run; equal keys keep the order
// they were added in, so that sorting by cell and back by index gives the
// spill it started from.

import (
	"bufio"
	"cmp"
	"container/heap"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"github.com/paulmach/orb"

	"waymark/regions/extract"
)

// sortRunBytes is the size of a sorted run's records: the heap holds one
// run (its buffer made at this size, not grown) while the addresses
// step's indexes are in it.
const sortRunBytes = 4 << 20

// sortRecordSlack is room left in a run's buffer for the record that
// ends it; a larger record grows the buffer.
const sortRecordSlack = 64 << 10

// leafCellDegrees is the side of the cells the leaves are addressed in
// (cellKey): 28 km of latitude, 19 km of longitude at 47° N. A cell's
// streets will be those within maxNameMatchMeters of its box (doc.go).
const leafCellDegrees = 0.25

// cellKey is the key of the cell of pt in a grid of side deg, row by row
// from the south-west, cells of a row west to east.
func cellKey(pt orb.Point, deg float64) uint64 {
	x := uint64(max(0, math.Floor((pt[0]+180)/deg)))
	y := uint64(max(0, math.Floor((pt[1]+90)/deg)))
	return y<<32 | x
}

// placeSorter sorts places by a key (see the file's comment). Add them
// all, then read them once with each; close removes its file.
type placeSorter struct {
	dir      string
	runBytes int
	// buf holds the records of the run being gathered, recs their keys
	// and places in buf.
	buf  []byte
	recs []sortRec
	f    *os.File
	w    *bufio.Writer
	size int64
	runs []sortRun
}

type sortRec struct {
	key    uint64
	off, n int
}

// sortRun is a sorted run in the sorter's file: count records of
// [uvarint key][uvarint length][record] from off, size bytes.
type sortRun struct {
	off, size int64
	count     int
}

// newPlaceSorter returns a sorter whose runs go to an unlinked file in
// dir, or that keeps every record in memory when dir is "".
func newPlaceSorter(dir string, runBytes int) *placeSorter {
	if dir == "" {
		runBytes = math.MaxInt
	}
	return &placeSorter{dir: dir, runBytes: runBytes}
}

// add adds place p of index i with key.
func (s *placeSorter) add(key uint64, i int32, p *place) error {
	if len(s.buf) > 0 && len(s.buf) >= s.runBytes-sortRecordSlack {
		if err := s.writeRun(); err != nil {
			return err
		}
	}
	if s.buf == nil && s.runBytes < math.MaxInt {
		s.buf = make([]byte, 0, s.runBytes)
	}
	off := len(s.buf)
	buf, err := appendPlace(s.buf, i, p)
	if err != nil {
		return err
	}
	s.buf = buf
	s.recs = append(s.recs, sortRec{key: key, off: off, n: len(buf) - off})
	return nil
}

// sortRecs sorts the gathered run by key, stably.
func (s *placeSorter) sortRecs() {
	slices.SortStableFunc(s.recs, func(a, b sortRec) int { return cmp.Compare(a.key, b.key) })
}

// writeRun sorts the gathered records and appends them to the file as a run.
func (s *placeSorter) writeRun() error {
	if len(s.recs) == 0 {
		return nil
	}
	if s.f == nil {
		f, err := extract.CreateUnlinked(s.dir, ".waymark-sort-*")
		if err != nil {
			return fmt.Errorf("regions: place sort: %w", err)
		}
		s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
	}
	s.sortRecs()
	run := sortRun{off: s.size, count: len(s.recs)}
	var head []byte
	for _, r := range s.recs {
		head = binary.AppendUvarint(binary.AppendUvarint(head[:0], r.key), uint64(r.n))
		if _, err := s.w.Write(head); err != nil {
			return fmt.Errorf("regions: place sort: %w", err)
		}
		if _, err := s.w.Write(s.buf[r.off : r.off+r.n]); err != nil {
			return fmt.Errorf("regions: place sort: %w", err)
		}
		run.size += int64(len(head) + r.n)
	}
	s.size += run.size
	s.runs = append(s.runs, run)
	s.buf, s.recs = s.buf[:0], s.recs[:0]
	return nil
}

// each calls fn with every place added, in key order (ties in the order
// added), then frees the sorter's memory.
func (s *placeSorter) each(fn func(key uint64, i int32, p *place) error) error {
	if s.f == nil {
		s.sortRecs()
		for _, r := range s.recs {
			i, p, err := decodePlace(s.buf[r.off : r.off+r.n])
			if err != nil {
				return err
			}
			if err := fn(r.key, i, p); err != nil {
				return err
			}
		}
		s.buf, s.recs = nil, nil
		return nil
	}
	if err := s.writeRun(); err != nil {
		return err
	}
	s.buf, s.recs = nil, nil
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("regions: place sort: %w", err)
	}
	h := make(runHeap, 0, len(s.runs))
	for k, run := range s.runs {
		r := &runReader{r: bufio.NewReaderSize(io.NewSectionReader(s.f, run.off, run.size), 16<<10), left: run.count, run: k}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			h = append(h, r)
		}
	}
	heap.Init(&h)
	for len(h) > 0 {
		r := h[0]
		i, p, err := decodePlace(r.rec)
		if err != nil {
			return err
		}
		if err := fn(r.key, i, p); err != nil {
			return err
		}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(&h, 0)
		} else {
			heap.Pop(&h)
		}
	}
	return nil
}

// close removes the sorter's file.
func (s *placeSorter) close() {
	if s.f != nil {
		s.f.Close()
	}
	*s = placeSorter{}
}

// runReader reads one sorted run: its current record and key.
type runReader struct {
	r    *bufio.Reader
	left int
	run  int
	key  uint64
	rec  []byte
}

func (r *runReader) next() (bool, error) {
	if r.left == 0 {
		return false, nil
	}
	key, err := binary.ReadUvarint(r.r)
	if err != nil {
		return false, fmt.Errorf("regions: place sort: %w", err)
	}
	n, err := binary.ReadUvarint(r.r)
	if err != nil {
		return false, fmt.Errorf("regions: place sort: %w", err)
	}
	if uint64(cap(r.rec)) < n {
		r.rec = make([]byte, n)
	}
	r.rec = r.rec[:n]
	if _, err := io.ReadFull(r.r, r.rec); err != nil {
		return false, fmt.Errorf("regions: place sort: %w", err)
	}
	r.key, r.left = key, r.left-1
	return true, nil
}

// runHeap orders the runs' readers by key, then run: runs are written in
// the order their records were added, so ties keep that order.
type runHeap []*runReader

func (h runHeap) Len() int { return len(h) }
func (h runHeap) Less(a, b int) bool {
	if h[a].key != h[b].key {
		return h[a].key < h[b].key
	}
	return h[a].run < h[b].run
}
func (h runHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *runHeap) Push(x any)   { *h = append(*h, x.(*runReader)) }
func (h *runHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
