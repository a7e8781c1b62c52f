package route

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// parked holds arrays written out to an unlinked temporary file while
// they are not needed: the graph's transitions and arc weights, which
// contraction reads once at its start and writing the hierarchy reads
// again at its end (LI ×200 walking: ~130 MB less while contracting).
type parked struct {
	f      *os.File
	arrays []*[]uint32
	lens   []int
}

// park writes the arrays to a file in dir and sets them to nil.
func park(dir string, arrays ...*[]uint32) (*parked, error) {
	f, err := os.CreateTemp(dir, ".waymark-parked-*")
	if err != nil {
		return nil, fmt.Errorf("park arrays: %w", err)
	}
	os.Remove(f.Name()) // unlinked: gone when closed, however the import ends
	p := &parked{f: f, arrays: arrays}
	w := bufio.NewWriterSize(f, 1<<20)
	var b [4]byte
	for _, a := range arrays {
		p.lens = append(p.lens, len(*a))
		for _, x := range *a {
			binary.LittleEndian.PutUint32(b[:], x)
			w.Write(b[:])
		}
		*a = nil
	}
	if err := w.Flush(); err != nil {
		p.close()
		return nil, fmt.Errorf("park arrays: %w", err)
	}
	return p, nil
}

// restore reads the arrays back into place.
func (p *parked) restore() error {
	if _, err := p.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("restore parked arrays: %w", err)
	}
	r := bufio.NewReaderSize(p.f, 1<<20)
	var b [4]byte
	for i, a := range p.arrays {
		v := make([]uint32, p.lens[i])
		for k := range v {
			if _, err := io.ReadFull(r, b[:]); err != nil {
				return fmt.Errorf("restore parked arrays: %w", err)
			}
			v[k] = binary.LittleEndian.Uint32(b[:])
		}
		*a = v
	}
	return nil
}

func (p *parked) close() { p.f.Close() }
