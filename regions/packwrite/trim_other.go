//go:build !linux || !cgo

package packwrite

// trimC does nothing where the C library has no malloc_trim.
func trimC() {}
