package route

import (
	"encoding/binary"
	"fmt"
	"iter"
)

// NodeLists holds the node ids of a network's ways packed in one buffer,
// one way after another: its number of ids as a uvarint, then the ids as
// zigzag varint deltas from the one before (the first from 0). The ids
// of a way are mostly close to each other, so a reference takes 2–3
// bytes where a []int64 a way took 8, and no slice header a way (24
// bytes) nor an allocation rounded up to a size class. Build reads the
// lists in order only, a few times (junctionsOf, duplicateSegments, the
// edges), decoding each into a buffer it reuses.
type NodeLists struct {
	data []byte
	n    int
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
}

// Clip gives back the room that appending left in the lists' buffer
// (up to a quarter of it), copying them into a buffer of their size.
func (l *NodeLists) Clip() {
	l.data = append(make([]byte, 0, len(l.data)), l.data...)
}

// Len returns the number of lists added.
func (l *NodeLists) Len() int { return l.n }

// Bytes returns the size of the packed lists.
func (l *NodeLists) Bytes() int { return len(l.data) }

// all yields each list in order with its index; the slice is valid
// until the next one.
func (l *NodeLists) all() iter.Seq2[int, []int64] {
	return func(yield func(int, []int64) bool) {
		var buf []int64
		b := l.data
		for i := range l.n {
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

// check reports whether net's WayNodes has a list a way.
func (net *Network) check() error {
	if net.WayNodes.Len() != len(net.Ways) {
		return fmt.Errorf("%w: %d node lists for %d ways", ErrNetwork, net.WayNodes.Len(), len(net.Ways))
	}
	return nil
}
