package roads

// roads_parts.go writes a graph's encoding into the pack's graph_parts
// rows as route.Write makes it: compressed parts of graphPart bytes, in
// profile order whichever graph is done first.

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"waymark/engine/zblob"
	"waymark/regions/stage"
)

// graphPart is the size of the parts a graph's encoding is stored in,
// before each is compressed (zblob).
const graphPart = 4 << 20

// partWriter writes a graph's encoding as rows of graph_parts, graphPart
// bytes a row, each compressed on its own (engine/zblob: a third to two
// fifths smaller; the engine decompresses a part at a time as it joins
// them); mu serializes its writes with those of other profiles.
type partWriter struct {
	ctx     context.Context
	im      *stage.Import
	mu      *sync.Mutex
	profile string
	buf     []byte
	part    int
	// z compresses each part (zblob); offset is the bytes of the
	// encoding before the part in buf.
	z      zblob.Encoder
	offset int64
	// spill, when set, keeps the parts (their sizes in spilled) until
	// insertSpilled writes them into graph_parts.
	spill   *os.File
	spilled []int
}

func (w *partWriter) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		k := min(len(b), graphPart-len(w.buf))
		w.buf = append(w.buf, b[:k]...)
		b = b[k:]
		if len(w.buf) == graphPart {
			if err := w.flush(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

// flush compresses the bytes collected and writes them as the next part.
func (w *partWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	data, err := w.z.Encode(w.buf, w.offset)
	if err != nil {
		return fmt.Errorf("compress %s graph: %w", w.profile, err)
	}
	w.offset += int64(len(w.buf))
	w.buf = w.buf[:0]
	if w.spill != nil {
		if _, err := w.spill.Write(data); err != nil {
			return fmt.Errorf("spill %s graph: %w", w.profile, err)
		}
		w.spilled = append(w.spilled, len(data))
		return nil
	}
	return w.insert(data)
}

// insert writes data, a compressed part, as the next row of graph_parts.
func (w *partWriter) insert(data []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := w.im.Tx.ExecContext(w.ctx, `INSERT INTO graph_parts(profile, part, data) VALUES(?, ?, ?)`,
		w.profile, w.part, data); err != nil {
		return fmt.Errorf("write %s graph: %w", w.profile, err)
	}
	w.part++
	return nil
}

// insertSpilled writes the parts kept in the spill file, in order, into
// graph_parts and closes the file; without a spill file it does nothing.
func (w *partWriter) insertSpilled() error {
	f := w.spill
	if f == nil {
		return nil
	}
	defer f.Close()
	w.spill = nil
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("read %s graph parts: %w", w.profile, err)
	}
	for _, n := range w.spilled {
		w.buf = slices.Grow(w.buf[:0], n)[:n]
		if _, err := io.ReadFull(f, w.buf); err != nil {
			return fmt.Errorf("read %s graph parts: %w", w.profile, err)
		}
		if err := w.insert(w.buf); err != nil {
			return err
		}
	}
	w.buf = w.buf[:0]
	w.spilled = nil
	return nil
}

// closeSpill closes the spill file, if insertSpilled has not.
func (w *partWriter) closeSpill() {
	if w != nil && w.spill != nil {
		w.spill.Close()
		w.spill = nil
	}
}
