//go:build unix && !linux

package extract

import "os"

// reserveFile extends f to off+size bytes (without fallocate the blocks
// are allocated as pages are written).
func reserveFile(f *os.File, off, size int64) error { return f.Truncate(off + size) }
