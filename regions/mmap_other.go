//go:build !unix

package regions

import "os"

// mapFile reads f into memory where mapping is not available.
func mapFile(f *os.File, size int64) (fileData, error) { return readFileAt(f, size) }
