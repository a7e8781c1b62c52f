//go:build unix

package pack

import (
	"fmt"
	"os"
	"syscall"
)

// imagesMapped: images can be mapped here.
const imagesMapped = true

// mapImage maps the file at path read-only; nil and no error when there
// is none.
func mapImage(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, fmt.Errorf("image %s: size %d", path, st.Size())
	}
	return syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
}

func unmapImage(data []byte) { syscall.Munmap(data) }
