package rusage

import (
	"bytes"
	"os"
	"strconv"
)

// Status returns the named fields of /proc/self/status (VmRSS, VmHWM,
// RssAnon, RssFile, …) in bytes: 0 for a field it lacks, all 0 where the
// file cannot be read (systems other than Linux). The measuring tools
// (internal/stagerun, internal/imagerun) read the resident set's parts
// with it.
func Status(names ...string) []uint64 {
	out := make([]uint64, len(names))
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return out
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		k, v, ok := bytes.Cut(l, []byte(":"))
		if !ok {
			continue
		}
		for i, n := range names {
			if string(k) == n {
				if f := bytes.Fields(v); len(f) > 0 {
					kb, _ := strconv.ParseUint(string(f[0]), 10, 64)
					out[i] = kb << 10
				}
			}
		}
	}
	return out
}
