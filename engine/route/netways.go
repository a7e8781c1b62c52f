package route

import (
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"waymark/engine/spill"
)

// A network's ways in a file (Network.SpillTo): NetWay holds no
// pointers, so its bytes go to a spill.Stream as ways are added, a
// batch of waysFlush at a time, and Finish maps the file and makes Ways
// that mapping (read-only: Ways is not changed once extracted). The
// build reads Ways in passes front to back (junctionsOf, the edges,
// duplicateSegments, the ways' ids), the pages behind a pass given back
// (dropWaysBefore), and prepare lets the file go once the ways' ids are
// copied. LI ×400 walking: ~3 M ways, 56 bytes each, ~157 MB that the
// heap held (and twice that for a moment, as it was copied at its size).
// At LI ×64 the roads stage's peak live heap is elsewhere (the
// hierarchy's write) and stayed at 86–91 MB; CPU 0.98× (regions/roads).

// waysFlush is how many ways added to a file are held before they are
// written (~230 kB; a variable for tests); waysDrop how many ways a pass
// reads before giving the pages behind it back (~8 MB).
var waysFlush = 4096

const waysDrop = 150_000

// waysFile is the file a network's ways go to.
type waysFile struct {
	s        *spill.Stream
	finished bool
	dropped  int // ways whose pages were given back since the pass began
}

// SpillTo makes the network's per-way arrays, its ways and their node
// lists (NodeLists.SpillTo), go to unlinked files in dir as they are
// added; call it before the first AddWay, Finish after the last and
// Close when done (Write closes them).
func (net *Network) SpillTo(dir string) error {
	if net.nWays > 0 || len(net.Ways) > 0 {
		return fmt.Errorf("%w: SpillTo after ways were added", ErrNetwork)
	}
	if err := net.WayNodes.SpillTo(dir); err != nil {
		return err
	}
	s, err := spill.NewStream(dir)
	if err != nil {
		net.WayNodes.Close()
		return fmt.Errorf("route: ways: %w", err)
	}
	net.ways = &waysFile{s: s}
	return nil
}

// Finish ends adding ways. Ways in a file are mapped to be read (an
// error is one of writing or mapping them; Close lets go of the files
// either way); ways in memory are copied at their size, without the
// room appending left (up to a quarter of them), and so are their node
// lists.
func (net *Network) Finish() error {
	if net.ways == nil {
		net.Ways = slices.Clone(net.Ways)
		return net.WayNodes.Finish()
	}
	f := net.ways
	if f.finished {
		return nil
	}
	f.finished = true
	net.flushWays()
	err := f.s.Finish()
	if err == nil {
		net.Ways, err = waysOf(f.s.Bytes(), net.nWays)
	}
	net.wayBuf = nil
	if err != nil {
		return fmt.Errorf("route: ways: %w", err)
	}
	return net.WayNodes.Finish()
}

// waysOf returns b, the bytes of n ways, as the ways.
func waysOf(b []byte, n int) ([]NetWay, error) {
	size := int(unsafe.Sizeof(NetWay{}))
	switch {
	case n == 0:
		return nil, nil
	case len(b) != n*size:
		return nil, fmt.Errorf("%d bytes for %d ways of %d", len(b), n, size)
	case uintptr(unsafe.Pointer(unsafe.SliceData(b)))%unsafe.Alignof(NetWay{}) != 0:
		return nil, errors.New("ways' bytes not aligned")
	}
	return unsafe.Slice((*NetWay)(unsafe.Pointer(unsafe.SliceData(b))), n), nil
}

// Close lets go of the files of the network's ways and node lists, if
// any; the ways and lists are empty after (in memory they are only
// dropped).
func (net *Network) Close() error {
	var err error
	if net.ways != nil {
		if e := net.ways.s.Close(); e != nil {
			err = fmt.Errorf("route: ways: %w", e)
		}
		net.ways, net.wayBuf, net.nWays = nil, nil, 0
	}
	net.Ways = nil
	return errors.Join(err, net.WayNodes.Close())
}

// addToFile adds way w to the network's file.
func (net *Network) addToFile(w NetWay) {
	if net.ways.finished {
		panic("route: AddWay after Finish")
	}
	if net.wayBuf == nil {
		net.wayBuf = make([]NetWay, 0, waysFlush)
	}
	net.wayBuf = append(net.wayBuf, w)
	net.nWays++
	if len(net.wayBuf) == waysFlush {
		net.flushWays()
	}
}

// flushWays writes the ways held to the network's file; an error comes
// back from Finish.
func (net *Network) flushWays() {
	if len(net.wayBuf) == 0 {
		return
	}
	size := int(unsafe.Sizeof(NetWay{}))
	net.ways.s.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(net.wayBuf))), len(net.wayBuf)*size))
	net.wayBuf = net.wayBuf[:0]
}

// wayCount returns the number of ways added.
func (net *Network) wayCount() int {
	if net.ways != nil {
		return net.nWays
	}
	return len(net.Ways)
}

// dropWaysBefore tells a pass over Ways in order that it has read the
// ways before i: in a file, the pages behind it are given back every
// waysDrop ways, and all of them at i == len(Ways) (the pass's end,
// which the next pass starts from 0). In memory it does nothing.
func (net *Network) dropWaysBefore(i int) {
	f := net.ways
	if f == nil || !f.finished {
		return
	}
	if i < f.dropped {
		f.dropped = 0 // a new pass
	}
	if i-f.dropped < waysDrop && i < len(net.Ways) {
		return
	}
	size := int(unsafe.Sizeof(NetWay{}))
	f.s.Drop(f.dropped*size, i*size)
	f.dropped = i
	if i >= len(net.Ways) {
		f.dropped = 0
	}
}

// releaseWays lets go of the ways (prepare, once it has their ids): a
// file's, mapped, is closed (an error closing a temporary file is not
// the graph's).
func (net *Network) releaseWays() {
	if net.ways != nil {
		net.ways.s.Close()
		net.ways, net.wayBuf, net.nWays = nil, nil, 0
	}
	net.Ways = nil
}

// check reports whether net's ways are finished, if in a file, and
// whether WayNodes has a list a way.
func (net *Network) check() error {
	if f := net.ways; f != nil && !f.finished && net.nWays > 0 {
		return fmt.Errorf("%w: ways in a file not finished", ErrNetwork)
	}
	if l := &net.WayNodes; l.file != nil && l.file.Bytes() == nil && l.n > 0 {
		return fmt.Errorf("%w: node lists in a file not finished", ErrNetwork)
	}
	if net.WayNodes.Len() != len(net.Ways) {
		return fmt.Errorf("%w: %d node lists for %d ways", ErrNetwork, net.WayNodes.Len(), len(net.Ways))
	}
	return nil
}
