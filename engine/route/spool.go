package route

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"

	"waymark/internal/unlinked"
)

// spool is what the graph build writes once and reads back (the edges'
// geometry, the final hierarchy edges and their middle arcs): an
// unlinked temporary file in a directory, gone when closed however the
// import ends, or a buffer in memory without a directory.
type spool struct {
	name string // for errors
	f    *os.File
	mem  bytes.Buffer
	w    *bufio.Writer
}

func newSpool(dir, name string) (*spool, error) {
	s := &spool{name: name}
	if dir == "" {
		s.w = bufio.NewWriterSize(&s.mem, 1<<16)
		return s, nil
	}
	f, err := unlinked.Create(dir, ".waymark-"+name+"-*")
	if err != nil {
		return nil, fmt.Errorf("route: %s: %w", name, err)
	}
	s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
	return s, nil
}

// Write appends p; an error stays and is returned again by reader.
func (s *spool) Write(p []byte) (int, error) { return s.w.Write(p) }

// reader flushes what was written and returns a reader from its start;
// a spool may be read more than once.
func (s *spool) reader() (io.Reader, error) {
	if err := s.flush(); err != nil {
		return nil, err
	}
	if s.f == nil {
		return bytes.NewReader(s.mem.Bytes()), nil
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("route: %s: %w", s.name, err)
	}
	return bufio.NewReaderSize(s.f, 1<<20), nil
}

// flush writes out what was written, for shared.
func (s *spool) flush() error {
	if s.w == nil {
		return nil
	}
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("route: %s: %w", s.name, err)
	}
	return nil
}

// seal flushes what was written and lets the write buffer go (1 MiB with
// a directory): the spool is only read from then on, and Write panics.
// The spools of the edges that cells leave (ch_cells.go) wait sealed for
// the overlay, where each kept its buffer: LI ×64 (stagerun -cellarcs
// 150000, 21 walking cells), write buffers were 22–29 MB of the roads
// stage's heap profiles at its peak, 4.6 MB sealed.
func (s *spool) seal() error {
	err := s.flush()
	s.w = nil
	return err
}

// shared returns a reader from the start of what was written before the
// last flush; unlike reader's, several goroutines may read at once.
func (s *spool) shared() io.Reader {
	if s.f == nil {
		return bytes.NewReader(s.mem.Bytes())
	}
	return bufio.NewReaderSize(io.NewSectionReader(s.f, 0, math.MaxInt64), 256<<10)
}

func (s *spool) close() {
	if s.f != nil {
		s.f.Close()
		s.f = nil
	}
	s.mem = bytes.Buffer{}
}
