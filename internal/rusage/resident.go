package rusage

import (
	"bytes"
	"os"
	"strconv"
)

// ResidentShared returns the bytes of the process's resident file-backed
// and shared-memory pages (Linux /proc/self/statm's third field: mapped
// files such as a stage's stores, and the executable's own pages); ok is
// false where the system does not tell.
func ResidentShared() (n int64, ok bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := bytes.Fields(b)
	if len(f) < 3 {
		return 0, false
	}
	pages, err := strconv.ParseInt(string(f[2]), 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}
