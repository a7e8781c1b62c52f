package spill

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Arena is a temporary file that arrays are allocated in (Make). Its
// methods are safe for concurrent use.
type Arena struct {
	mu    sync.Mutex
	f     *os.File
	size  int64    // bytes of the file allocated
	maps  [][]byte // every mapping, to drop and unmap
	err   error    // the first allocation that failed
	limit int64
	stop  chan struct{}
	done  chan struct{}
	drops int
	min   int   // bytes from which an array is mapped
	base  int64 // resident shared bytes after the last drop
}

// tick is how often an Arena checks the process's mapped pages.
const tick = time.Millisecond

// randomAdvice is the advice an arena's mappings get (MADV_RANDOM). The
// page cache makes the pages a fault creates in large folios (Linux 6.x,
// ext4 and others: up to 256 KiB), and a fault maps the whole folio: a
// fault at random in an arena added ~238 KiB to the resident set where a
// page is 4. Advised random, a fault creates single pages and maps at
// most fault-around's 64 KiB of them (measured on 6.18: 4 KiB a first
// write, 64 KiB a read). Writing LI ×400's graph images, whose decodings
// read their arrays at random (sumShortcuts, derive), the resident set
// outran the governor's ticks by ~600 MiB (imagerun -spikelog: the
// arena's file pages at 613 MiB against a 32 MiB limit).
const randomAdvice = syscall.MADV_RANDOM

// New returns an arena whose file is in dir (created and unlinked at
// once, so nothing is left behind however the process ends), which
// keeps the pages of its arrays the process has resident to about limit
// bytes (at least a megabyte).
func New(dir string, limit int64) (*Arena, error) {
	f, err := os.CreateTemp(dir, ".spill*")
	if err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, fmt.Errorf("spill: %w", err)
	}
	a := &Arena{f: f, limit: max(limit, 1<<20), stop: make(chan struct{}), done: make(chan struct{}), min: minMapped}
	a.base, _ = residentShared()
	go a.govern()
	return a, nil
}

// SetMinSize sets the size, in bytes, from which an array is mapped
// (64 KiB unless set; 1 maps every array, as tests do).
func (a *Arena) SetMinSize(n int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.min = max(n, 1)
}

func (a *Arena) minSize() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.min
}

// alloc maps n more bytes of the file (page-aligned, zeroed; the disk
// space is reserved first, so a full disk is an error here rather than a
// fault on a write later); nil after an error, which Err reports.
func (a *Arena) alloc(n int) []byte {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.err != nil || a.f == nil {
		return nil
	}
	page := int64(os.Getpagesize())
	off := a.size
	length := (int64(n) + page - 1) / page * page
	err := syscall.Fallocate(int(a.f.Fd()), 0, off, length)
	if errors.Is(err, syscall.EOPNOTSUPP) {
		err = a.f.Truncate(off + length)
	}
	var b []byte
	if err == nil {
		b, err = syscall.Mmap(int(a.f.Fd()), off, int(length), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	}
	if err == nil {
		// Pages made through the mapping are then single pages, not
		// large folios (randomAdvice).
		syscall.Madvise(b, randomAdvice)
	}
	if err != nil {
		a.err = fmt.Errorf("spill: map %d bytes at %d: %w", length, off, err)
		return nil
	}
	a.size = off + length
	a.maps = append(a.maps, b)
	return b[:n]
}

// Err returns the first error of an allocation (whose array was then
// made on the heap).
func (a *Arena) Err() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// Size returns the bytes of the arena's file (for reports).
func (a *Arena) Size() int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.size
}

// Drops returns how many times the arena dropped its pages (for reports).
func (a *Arena) Drops() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.drops
}

// Drop drops the arena's pages from the process now (what was written
// stays in the file).
func (a *Arena) Drop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.dropLocked()
}

func (a *Arena) dropLocked() {
	for _, m := range a.maps {
		syscall.Madvise(m, syscall.MADV_DONTNEED)
	}
	a.drops++
	a.base, _ = residentShared()
}

// check drops the arena's pages when they grew past the limit since the
// last drop.
func (a *Arena) check() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.f == nil {
		return
	}
	if n, err := residentShared(); err == nil && n-a.base <= a.limit {
		return
	}
	a.dropLocked()
}

// govern drops the arena's pages whenever the process's resident mapped
// file pages grew by more than the limit since the last drop (pages of
// other mappings count too, which only makes drops come sooner; where
// they cannot be read, every tick drops).
func (a *Arena) govern() {
	defer close(a.done)
	// A thread of its own, sleeping in the kernel, checking every tick.
	// The limit is still overshot by up to ~100-150 MB (LI ×200
	// walking's shortcut sums, reading at random: a read fault maps a
	// page's neighbours too), checks every 512 steps there did not
	// lower the peak.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ts := syscall.NsecToTimespec(int64(tick))
	for {
		select {
		case <-a.stop:
			return
		default:
		}
		syscall.Nanosleep(&ts, nil)
		a.check()
	}
}

// residentShared returns the bytes of the process's resident file-backed
// (and shared memory) pages: statm's third field.
func residentShared() (int64, error) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, err
	}
	f := bytes.Fields(b)
	if len(f) < 3 {
		return 0, errors.New("spill: statm has no shared field")
	}
	pages, err := strconv.ParseInt(string(f[2]), 10, 64)
	if err != nil {
		return 0, err
	}
	return pages * int64(os.Getpagesize()), nil
}

// Close unmaps the arena's arrays and closes (so frees) its file. Its
// arrays must not be used after.
func (a *Arena) Close() error {
	a.mu.Lock()
	if a.f == nil {
		a.mu.Unlock()
		return nil
	}
	a.mu.Unlock()
	close(a.stop)
	<-a.done
	a.mu.Lock()
	defer a.mu.Unlock()
	var errs []error
	for _, m := range a.maps {
		if err := syscall.Munmap(m); err != nil {
			errs = append(errs, err)
		}
	}
	a.maps = nil
	errs = append(errs, a.f.Close())
	a.f = nil
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("spill: close: %w", err)
	}
	return nil
}

// mapRead maps the first size bytes of f read-only and shared.
func mapRead(f *os.File, size int64) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}

// dropRange gives back the resident pages wholly inside b[from:to].
func dropRange(b []byte, from, to int) {
	page := os.Getpagesize()
	from = (from + page - 1) / page * page
	if to < len(b) {
		to = to / page * page
	}
	if from < to {
		syscall.Madvise(b[from:to], syscall.MADV_DONTNEED)
	}
}

func unmap(b []byte) error { return syscall.Munmap(b) }
