//go:build !unix

package extract

import "os"

// mapFile reads f into memory where mapping is not available.
func mapFile(f *os.File, size int64) (FileData, error) { return readFileAt(f, size) }

// MapWritable is not available: the caller keeps its data in memory.
func MapWritable(f *os.File, off, size int64) (FileData, bool) { return FileData{}, false }
