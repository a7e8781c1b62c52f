package extract

import (
	"os"
	"syscall"
)

// reserveFile allocates the blocks of bytes [off, off+size) of f,
// extending it.
func reserveFile(f *os.File, off, size int64) error {
	return syscall.Fallocate(int(f.Fd()), 0, off, size)
}
