//go:build !linux

package spill

import "os"

// Arena is unsupported here: New fails, and Make and MakeCap with a nil
// Arena use the heap.
type Arena struct{}

// New returns ErrUnsupported.
func New(dir string, limit int64) (*Arena, error) { return nil, ErrUnsupported }

func (a *Arena) alloc(int) []byte { return nil }

// SetMinSize does nothing.
func (a *Arena) SetMinSize(int) {}

func (a *Arena) minSize() int { return minMapped }

// Err returns nil.
func (a *Arena) Err() error { return nil }

// Size returns 0.
func (a *Arena) Size() int64 { return 0 }

// Drops returns 0.
func (a *Arena) Drops() int { return 0 }

// Drop does nothing.
func (a *Arena) Drop() {}

// Close does nothing.
func (a *Arena) Close() error { return nil }

func mapRead(*os.File, int64) ([]byte, error) { return nil, ErrUnsupported }

func dropRange([]byte, int, int) {}

func unmap([]byte) error { return nil }
