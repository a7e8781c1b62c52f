//go:build linux

package rusage

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestResidentShared maps a 32 MiB file and reads every page: the
// resident shared bytes grow by about that much, and fall back when the
// pages are given back (MADV_DONTNEED), as the places stage's stores do.
func TestResidentShared(t *testing.T) {
	const size = 32 << 20
	f, err := os.Create(filepath.Join(t.TempDir(), "mapped"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(data)
	before, ok := ResidentShared()
	if !ok {
		t.Fatal("ResidentShared not available on Linux")
	}
	sum := 0
	for i := 0; i < size; i += os.Getpagesize() {
		sum += int(data[i])
	}
	touched, _ := ResidentShared()
	if touched-before < size*3/4 {
		t.Errorf("reading %d MiB mapped: resident shared %d → %d bytes", size>>20, before, touched)
	}
	if err := syscall.Madvise(data, syscall.MADV_DONTNEED); err != nil {
		t.Fatal(err)
	}
	dropped, _ := ResidentShared()
	if touched-dropped < size*3/4 {
		t.Errorf("giving the pages back: resident shared %d → %d bytes (sum %d)", touched, dropped, sum)
	}
}
