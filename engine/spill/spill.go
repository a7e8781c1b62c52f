// Package spill allocates arrays in a temporary file mapped into
// memory instead of on the heap, for building something whose arrays
// together are larger than the memory the builder may take (a routing
// graph's image: LI ×200 walking, 1.57 GB, decoded onto the heap at a
// peak RSS of ~7.4× its stored size).
//
// An Arena's arrays are shared mappings of one unlinked file in a
// directory the caller names (on a disk, not a tmpfs: the point is that
// the pages are the file's). Pages the process touches count in its
// resident set like heap pages do, but they are the page cache's: the
// Arena drops its mappings' pages from the process (MADV_DONTNEED, which
// keeps what was written in the file) whenever the mapped pages resident
// grew by more than its limit since the last drop (checked every
// millisecond), so the resident set stays within the limit plus what is
// touched between two checks whatever the arrays' sizes. The mappings are
// advised random (randomAdvice): a fault then maps at most 64 KiB, where
// the page cache's large folios mapped ~238 KiB a fault, and writing LI
// ×400's graph images overshot a 32 MiB limit by ~600 MiB (~300 with the
// advice, in a process at nice 19 beside an import). A dropped page
// that is touched again is mapped again from the page cache (or read back
// from the disk where memory is short).
//
// Arrays are zeroed, like make's. Element types must hold no pointers
// (the garbage collector does not see into an Arena). An array must not
// be used after its Arena is closed.
package spill

import (
	"errors"
	"unsafe"
)

// ErrUnsupported is returned by New where arrays cannot be mapped from a
// file (systems other than Linux).
var ErrUnsupported = errors.New("spill: file-backed arrays unsupported here")

// minMapped is the size, in bytes, from which an array is mapped unless
// SetMinSize says otherwise; smaller ones are made on the heap (a mapping
// takes at least a page and two system calls).
const minMapped = 64 << 10

// Make returns a zeroed array of n elements of T: in a's file, or on the
// heap when a is nil, the array is small or a could not map it (a's Err
// then says why; the array is still usable).
func Make[T any](a *Arena, n int) []T {
	size := int(unsafe.Sizeof(*new(T)))
	if a == nil || size == 0 || n == 0 || n*size < a.minSize() {
		return make([]T, n)
	}
	b := a.alloc(n * size)
	if b == nil {
		return make([]T, n)
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

// MakeCap returns an empty array with room for n elements of T in a's
// file, for appending to up to a bound known ahead (appending beyond it
// moves the array to the heap, as append does); nil when a is nil, so
// that appends start on the heap and grow only as far as needed.
func MakeCap[T any](a *Arena, n int) []T {
	if a == nil {
		return nil
	}
	return Make[T](a, n)[:0]
}
