package unlinked

import (
	"os"

	"golang.org/x/sys/unix"
)

// createNameless opens an unnamed file in dir (O_TMPFILE; not every file
// system makes them).
func createNameless(dir string) (*os.File, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	return os.OpenFile(dir, os.O_RDWR|unix.O_TMPFILE, 0o600)
}
