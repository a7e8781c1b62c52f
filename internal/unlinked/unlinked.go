// Package unlinked creates temporary files that have no name: they go
// away with the process however it ends (success, error, Ctrl-C or a
// kill), and a kill can leave none behind.
package unlinked

import (
	"os"
	"runtime"
)

// Create returns a temporary file in dir without a name. Where the system
// makes nameless files (Linux's O_TMPFILE) it has none from the start;
// elsewhere it is created with pattern (as os.CreateTemp's) and its name
// removed at once, so a kill between the two can leave it (on Windows,
// where an open file cannot be removed, the name stays).
func Create(dir, pattern string) (*os.File, error) {
	if f, err := createNameless(dir); err == nil {
		return f, nil
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil && runtime.GOOS != "windows" {
		f.Close()
		return nil, err
	}
	return f, nil
}
