//go:build !unix

package regions

import "os"

// mapFile reads f into memory where mapping is not available.
func mapFile(f *os.File, size int64) (fileData, error) { return readFileAt(f, size) }

// mapWritable is not available: the caller keeps its data in memory.
func mapWritable(f *os.File, off, size int64) (fileData, bool) { return fileData{}, false }
