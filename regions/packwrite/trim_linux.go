//go:build linux && cgo

package packwrite

// #include <malloc.h>
import "C"

// trimC hands the free pages of the C heap back to the system (glibc's
// malloc_trim, which since 2.8 releases free pages anywhere in every
// arena, not only at the top of the main one).
func trimC() { C.malloc_trim(0) }
