//go:build unix

package extract

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// mapFile maps the first size bytes of f read-only (read into memory if
// the mapping fails).
func mapFile(f *os.File, size int64) (FileData, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readFileAt(f, size)
	}
	return FileData{
		Data:  data,
		Unmap: func() error { return syscall.Munmap(data) },
		// The process no longer needs the resident pages: they leave its
		// resident set (the page cache keeps them while it has room) and
		// are read again when next touched.
		Drop: func(from, to int) {
			page := os.Getpagesize()
			from = (from + page - 1) / page * page // whole pages inside [from, to)
			if to < len(data) {
				to = to / page * page
			}
			if from < to {
				unix.Madvise(data[from:to], unix.MADV_DONTNEED)
			}
		},
	}, nil
}

// MapWritable extends f to off+size bytes and maps that range read-write
// and shared, so what is copied into it reaches the file and its pages
// can be given back (drop) and read again from the page cache. ok is
// false when the mapping is not available.
func MapWritable(f *os.File, off, size int64) (FileData, bool) {
	// The blocks are reserved, not left as holes: a full disk fails
	// here, not as a fault when a page is first written.
	if err := reserveFile(f, off, size); err != nil {
		return FileData{}, false
	}
	data, err := syscall.Mmap(int(f.Fd()), off, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return FileData{}, false
	}
	// Without readahead a page written first is a page of the page cache
	// alone, not part of a large folio: Linux maps a whole folio, up to
	// 2 MB, where a read touches one byte of it, so a store whose pages
	// were written in order and are then read at random (the places
	// stage's records, looked up by index) became resident whole: 1,000
	// random reads of a 200 MB file written through such a mapping left
	// 187 MB resident, 57 MB with MADV_RANDOM (the fault-around window,
	// 64 kB a read). Advice only: an error changes nothing.
	unix.Madvise(data, unix.MADV_RANDOM)
	return FileData{
		Data:  data,
		Unmap: func() error { return syscall.Munmap(data) },
		Drop: func(from, to int) {
			if from < to {
				unix.Madvise(data[from:to], unix.MADV_DONTNEED)
			}
		},
	}, true
}
