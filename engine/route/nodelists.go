package route

import (
	"encoding/binary"
	"fmt"
	"iter"

	"waymark/engine/spill"
)

// NodeLists holds the node ids of a network's ways packed in one buffer,
// one way after another: its number of ids as a uvarint, then the ids as
// zigzag varint deltas from the one before (the first from 0). The ids
// of a way are mostly close to each other, so a reference takes 2–3
// bytes where a []int64 a way took 8, and no slice header a way (24
// bytes) nor an allocation rounded up to a size class. Build reads the
// lists in order only, a few times (junctionsOf, duplicateSegments, the
// edges), decoding each into a buffer it reuses.
//
// Lists told to (SpillTo) go to a file as they are added and are read
// mapped (spill.Stream), the passes giving back the pages behind them:
// an importer's network then holds none of its node ids in the heap (LI
// ×400 walking: ~100 MB, 3 bytes a reference, that grew with the input).
type NodeLists struct {
	data []byte
	n    int
	// file, when not nil, takes the lists as they are added (data holds
	// those not yet written, up to nodeListsFlush bytes); after Finish
	// data is its mapping.
	file *spill.Stream
}

// nodeListsFlush is how many bytes of lists in a file are held before
// they are written; nodeListsDrop how far a pass reads before giving
// the pages behind it back.
const (
	nodeListsFlush = 256 << 10
	nodeListsDrop  = 8 << 20
)

// SpillTo makes the lists go to an unlinked file in dir as they are
// added; call it before the first Add, and Finish after the last.
func (l *NodeLists) SpillTo(dir string) error {
	f, err := spill.NewStream(dir)
	if err != nil {
		return fmt.Errorf("route: node lists: %w", err)
	}
	l.file = f
	return nil
}

// Finish ends adding: lists in a file are mapped to be read (an error is
// one of writing or mapping them); lists in memory are clipped (Clip).
func (l *NodeLists) Finish() error {
	if l.file == nil {
		l.Clip()
		return nil
	}
	if len(l.data) > 0 {
		l.file.Write(l.data) // an error comes back from Finish
	}
	if err := l.file.Finish(); err != nil {
		return fmt.Errorf("route: node lists: %w", err)
	}
	l.data = l.file.Bytes()
	return nil
}

// Close lets go of the lists' file, if any (the lists are empty after).
func (l *NodeLists) Close() error {
	var err error
	if l.file != nil {
		err = l.file.Close()
	}
	*l = NodeLists{}
	return err
}

// Add appends the node ids of the next way.
func (l *NodeLists) Add(ids []int64) {
	l.data = binary.AppendUvarint(l.data, uint64(len(ids)))
	prev := int64(0)
	for _, id := range ids {
		l.data = binary.AppendVarint(l.data, id-prev)
		prev = id
	}
	l.n++
	if l.file != nil && len(l.data) >= nodeListsFlush {
		l.file.Write(l.data) // an error comes back from Finish
		l.data = l.data[:0]
	}
}

// Clip gives back the room that appending left in the lists' buffer
// (up to a quarter of it), copying them into a buffer of their size.
func (l *NodeLists) Clip() {
	l.data = append(make([]byte, 0, len(l.data)), l.data...)
}

// Len returns the number of lists added.
func (l *NodeLists) Len() int { return l.n }

// Bytes returns the size of the packed lists.
func (l *NodeLists) Bytes() int {
	if l.file != nil && l.file.Bytes() == nil {
		return int(l.file.Len()) + len(l.data) // not finished
	}
	return len(l.data)
}

// all yields each list in order with its index; the slice is valid
// until the next one.
func (l *NodeLists) all() iter.Seq2[int, []int64] {
	return func(yield func(int, []int64) bool) {
		var buf []int64
		b, dropped := l.data, 0
		for i := range l.n {
			if l.file != nil {
				if at := len(l.data) - len(b); at-dropped >= nodeListsDrop {
					l.file.Drop(dropped, at)
					dropped = at
				}
			}
			n, k := binary.Uvarint(b)
			b = b[k:]
			buf = buf[:0]
			prev := int64(0)
			for range n {
				d, k := binary.Varint(b)
				b = b[k:]
				prev += d
				buf = append(buf, prev)
			}
			if !yield(i, buf) {
				return
			}
		}
	}
}

// wayNodes yields the index and node ids of every way of net in order.
// The slice is valid until the next one.
func (net *Network) wayNodes() iter.Seq2[int, []int64] { return net.WayNodes.all() }
