// Package extsort sorts more (key, value) pairs than a builder may hold
// in memory: an external merge sort. Pairs are gathered in memory up to a
// run's size, sorted, and written as a run to one unlinked temporary
// file; reading them back merges the runs (a heap of one reader a run),
// so the memory taken is one run's pairs plus a small buffer a run,
// whatever the number of pairs.
//
// Pairs order by key (bytes, compared as bytes.Compare does), then value.
// Equal pairs are all kept. A Sorter that never filled a run writes no
// file: its pairs are sorted and read in memory.
//
// Design choices: keys are bytes and values a uint32 because that is what
// the autocomplete build sorts (a word and a posting, a group and a
// document); a run is written as (uvarint key length, key, uvarint value)
// with nothing shared between pairs, as runs are read once.
package extsort

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// DefaultRunBytes is the memory a Sorter gathers a run in unless told
// otherwise: its pairs' keys plus 24 bytes a pair.
const DefaultRunBytes = 8 << 20

// readBuffer is the buffer of each run's reader in a merge.
const readBuffer = 32 << 10

// ErrCorrupt is returned when a run read back is not what was written
// (the temporary file was changed or truncated underneath).
var ErrCorrupt = errors.New("extsort: corrupt run")

// Sorter gathers pairs (Add) and reads them back sorted (Sorted). It is
// not safe for concurrent use.
type Sorter struct {
	dir      string
	runBytes int
	keys     []byte // the keys of the run being gathered, one after another
	recs     []rec
	f        *os.File
	w        *bufio.Writer
	size     int64
	runs     []run
	n        int64
}

// recSize is the bytes of a rec.
const recSize = 24

type rec struct {
	prefix uint64 // the key's first 8 bytes, big-endian, zero-padded
	off, n uint32 // the key in keys
	val    uint32
}

// keyPrefix returns the first 8 bytes of key as a big-endian number,
// zero-padded: keys whose prefixes differ order as their prefixes do.
func keyPrefix[K string | []byte](key K) uint64 {
	var p uint64
	for i := range min(len(key), 8) {
		p |= uint64(key[i]) << (56 - 8*i)
	}
	return p
}

// run is a sorted run in the file: count pairs from off, size bytes.
type run struct {
	off, size int64
	count     int
}

// New returns a sorter whose runs go to an unlinked file in dir (os.TempDir
// when ""), each gathered in about runBytes of memory (DefaultRunBytes
// when 0 or less).
func New(dir string, runBytes int) *Sorter {
	if runBytes <= 0 {
		runBytes = DefaultRunBytes
	}
	return &Sorter{dir: dir, runBytes: runBytes}
}

// Len returns the number of pairs added.
func (s *Sorter) Len() int64 { return s.n }

// Runs returns the number of runs written to the file so far.
func (s *Sorter) Runs() int { return len(s.runs) }

// Add adds the pair (key, val); key is copied.
func (s *Sorter) Add(key []byte, val uint32) error { return add(s, key, val) }

// AddString is Add with a string key.
func (s *Sorter) AddString(key string, val uint32) error { return add(s, key, val) }

func add[K string | []byte](s *Sorter, key K, val uint32) error {
	// A run's memory is runBytes: a quarter for the keys (a word of
	// about 8 bytes to a pair of 24), the rest for the pairs; the arrays
	// grow by doubling up to their share, not beyond.
	recLimit, keyLimit := max(s.runBytes*3/4/recSize, 1), s.runBytes/4
	if len(s.recs) > 0 && (len(s.recs) >= recLimit || len(s.keys)+len(key) > keyLimit) {
		if err := s.writeRun(); err != nil {
			return err
		}
	}
	if len(s.keys)+len(key) > 1<<32-1 {
		return fmt.Errorf("extsort: key of %d bytes too large for a run", len(key))
	}
	s.recs = grow(s.recs, 1, recLimit)
	s.keys = grow(s.keys, len(key), keyLimit)
	s.recs = append(s.recs, rec{prefix: keyPrefix(key), off: uint32(len(s.keys)), n: uint32(len(key)), val: val})
	s.keys = append(s.keys, key...)
	s.n++
	return nil
}

// grow returns s with room for n more elements: at least twice its
// capacity, but no more than limit (unless n needs it).
func grow[T any](s []T, n, limit int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	c := max(min(max(2*cap(s), 64), limit), len(s)+n)
	return slices.Grow(s, c-len(s))
}

func (s *Sorter) key(r rec) []byte { return s.keys[r.off : r.off+r.n] }

func (s *Sorter) sortRecs() {
	slices.SortFunc(s.recs, func(a, b rec) int {
		if a.prefix != b.prefix {
			return cmp.Compare(a.prefix, b.prefix)
		}
		if a.n <= 8 && b.n <= 8 {
			// Whole keys, equal but for zeros padding the shorter.
			if a.n != b.n {
				return cmp.Compare(a.n, b.n)
			}
			return cmp.Compare(a.val, b.val)
		}
		if c := bytes.Compare(s.key(a), s.key(b)); c != 0 {
			return c
		}
		return cmp.Compare(a.val, b.val)
	})
}

// writeRun sorts the gathered pairs and appends them to the file as a run.
func (s *Sorter) writeRun() error {
	if len(s.recs) == 0 {
		return nil
	}
	if s.f == nil {
		f, err := os.CreateTemp(s.dir, ".waymark-extsort-*")
		if err != nil {
			return fmt.Errorf("extsort: %w", err)
		}
		if err := os.Remove(f.Name()); err != nil {
			f.Close()
			return fmt.Errorf("extsort: %w", err)
		}
		s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
	}
	s.sortRecs()
	r := run{off: s.size, count: len(s.recs)}
	var head [2 * binary.MaxVarintLen64]byte
	for _, x := range s.recs {
		h := binary.AppendUvarint(head[:0], uint64(x.n))
		if _, err := s.w.Write(h); err != nil {
			return fmt.Errorf("extsort: %w", err)
		}
		if _, err := s.w.Write(s.key(x)); err != nil {
			return fmt.Errorf("extsort: %w", err)
		}
		v := binary.AppendUvarint(head[:0], uint64(x.val))
		if _, err := s.w.Write(v); err != nil {
			return fmt.Errorf("extsort: %w", err)
		}
		r.size += int64(len(h) + int(x.n) + len(v))
	}
	s.size += r.size
	s.runs = append(s.runs, r)
	s.keys, s.recs = s.keys[:0], s.recs[:0]
	return nil
}

// Sorted returns an iterator over the pairs added, in order. No pair may
// be added after it is called.
func (s *Sorter) Sorted() (*Iter, error) {
	if s.f == nil {
		s.sortRecs()
		return &Iter{s: s, mem: true, i: -1}, nil
	}
	if err := s.writeRun(); err != nil {
		return nil, err
	}
	s.keys, s.recs = nil, nil
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("extsort: %w", err)
	}
	it := &Iter{s: s}
	for k, r := range s.runs {
		rr := &runReader{r: bufio.NewReaderSize(io.NewSectionReader(s.f, r.off, r.size), readBuffer), left: r.count, run: k}
		ok, err := rr.next()
		if err != nil {
			return nil, err
		}
		if ok {
			it.h = append(it.h, rr)
		}
	}
	heap.Init(&it.h)
	return it, nil
}

// Close removes the sorter's file and lets its memory go.
func (s *Sorter) Close() error {
	var err error
	if s.f != nil {
		err = s.f.Close()
	}
	*s = Sorter{}
	return err
}

// Iter reads a Sorter's pairs in order: Next, then Key and Val.
type Iter struct {
	s       *Sorter
	mem     bool
	i       int // the current pair of an in-memory sorter
	h       runHeap
	started bool
	err     error
}

// Next moves to the next pair, reporting whether there is one.
func (it *Iter) Next() bool {
	if it.err != nil {
		return false
	}
	if it.mem {
		it.i++
		return it.i < len(it.s.recs)
	}
	if it.started && len(it.h) > 0 {
		ok, err := it.h[0].next()
		if err != nil {
			it.err = err
			return false
		}
		if ok {
			heap.Fix(&it.h, 0)
		} else {
			heap.Pop(&it.h)
		}
	}
	it.started = true
	return len(it.h) > 0
}

// Key returns the current pair's key, valid until the next call of Next.
func (it *Iter) Key() []byte {
	if it.mem {
		return it.s.key(it.s.recs[it.i])
	}
	return it.h[0].key
}

// Val returns the current pair's value.
func (it *Iter) Val() uint32 {
	if it.mem {
		return it.s.recs[it.i].val
	}
	return it.h[0].val
}

// Err returns the error that ended the iteration, if any.
func (it *Iter) Err() error { return it.err }

// runReader reads one sorted run: its current pair.
type runReader struct {
	r    *bufio.Reader
	left int
	run  int
	key  []byte
	val  uint32
}

func (r *runReader) next() (bool, error) {
	if r.left == 0 {
		return false, nil
	}
	n, err := binary.ReadUvarint(r.r)
	if err != nil || n > 1<<32 {
		return false, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if uint64(cap(r.key)) < n {
		r.key = make([]byte, n)
	}
	r.key = r.key[:n]
	if _, err := io.ReadFull(r.r, r.key); err != nil {
		return false, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	v, err := binary.ReadUvarint(r.r)
	if err != nil || v > 1<<32-1 {
		return false, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	r.val, r.left = uint32(v), r.left-1
	return true, nil
}

// runHeap orders the runs' readers by their current pair, then run.
type runHeap []*runReader

func (h runHeap) Len() int { return len(h) }
func (h runHeap) Less(a, b int) bool {
	if c := bytes.Compare(h[a].key, h[b].key); c != 0 {
		return c < 0
	}
	if h[a].val != h[b].val {
		return h[a].val < h[b].val
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
