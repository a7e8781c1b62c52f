package spill

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"waymark/internal/unlinked"
)

// Stream is bytes written once, in order, then read from a mapping of
// the file they went to: for what a builder makes in one pass and reads
// in passes front to back (a network's node lists), so that neither the
// heap nor, for long, the resident set holds it. Reading gives back the
// pages behind it (Drop) as it goes; the page cache keeps them while it
// has room. Where files cannot be mapped the bytes are read back into
// memory (Bytes is then the heap's).
type Stream struct {
	f    *os.File
	w    *bufio.Writer
	n    int64
	data []byte // after Finish
	mmap bool   // data is a mapping
	err  error
}

// NewStream returns a stream into an unlinked file in dir.
func NewStream(dir string) (*Stream, error) {
	f, err := unlinked.Create(dir, ".waymark-stream-*")
	if err != nil {
		return nil, fmt.Errorf("spill: stream: %w", err)
	}
	return &Stream{f: f, w: bufio.NewWriterSize(f, 1<<20)}, nil
}

// Write appends p; an error is also kept for Finish.
func (s *Stream) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.w == nil {
		return 0, errors.New("spill: stream: write after finish")
	}
	n, err := s.w.Write(p)
	s.n += int64(n)
	if err != nil {
		s.err = fmt.Errorf("spill: stream: %w", err)
	}
	return n, s.err
}

// Len returns the bytes written.
func (s *Stream) Len() int64 { return s.n }

// Finish ends writing and maps what was written: Bytes returns it.
func (s *Stream) Finish() error {
	if s.w == nil {
		return s.err
	}
	if s.err == nil {
		if err := s.w.Flush(); err != nil {
			s.err = fmt.Errorf("spill: stream: %w", err)
		}
	}
	s.w = nil
	if s.err != nil || s.n == 0 {
		return s.err
	}
	if b, err := mapRead(s.f, s.n); err == nil {
		s.data, s.mmap = b, true
		return nil
	}
	b := make([]byte, s.n)
	if _, err := s.f.ReadAt(b, 0); err != nil && !errors.Is(err, io.EOF) {
		s.err = fmt.Errorf("spill: stream: %w", err)
		return s.err
	}
	s.data = b
	return nil
}

// Bytes returns what was written, once Finish has mapped it; it must not
// be used after Close.
func (s *Stream) Bytes() []byte { return s.data }

// Drop gives back the resident pages of Bytes()[from:to] (whole pages
// inside it); they are read again when next touched.
func (s *Stream) Drop(from, to int) {
	if s.mmap {
		dropRange(s.data, from, to)
	}
}

// Close unmaps the bytes and closes (so frees) the file.
func (s *Stream) Close() error {
	if s.f == nil {
		return nil
	}
	var err error
	if s.mmap {
		err = unmap(s.data)
	}
	s.data, s.mmap, s.w = nil, false, nil
	err = errors.Join(err, s.f.Close())
	s.f = nil
	if err != nil {
		return fmt.Errorf("spill: stream: %w", err)
	}
	return nil
}
