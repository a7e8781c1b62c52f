package extract

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"sync/atomic"
	"unsafe"

	"github.com/paulmach/osm"
)

// wayStore holds an extract's ways outside the Go heap: encoded one after
// another in a temporary file that is memory-mapped for reading, with an
// index of ids and offsets sorted by id (packedInts: ~4.6 bytes a way
// where two slices took 16, in files of their own too, so that the heap
// keeps ~0.4 bytes a way of it: packedInts.toFile). A way is decoded
// into a fresh Way each time it is asked for, so the stages hold only the
// ways they work on; the mapped pages are the page cache's, which the kernel may evict
// and reload, and release gives them back between stages. On the
// 64-copy tiling of LI this moved ~0.7 GB of Go heap (Way structs, tag
// strings, node id and location slices) into a ~170 MB file (×200:
// 532 MB), of which a stage keeps ~180 MB resident.
//
// A record is: uvarint(tags<<2 | ll<<1 | xml); per tag uvarint(key index)
// uvarint(len) value bytes; uvarint(nodes); node ids as zigzag varint
// deltas; when ll is set, lon and lat ×1e7 per node as zigzag varint
// deltas (noCoord for a node missing from the extract). Keys are few
// (a vocabulary of a few thousand), so they are held once in keys.
type wayStore struct {
	ids  packedInts // of the records: way ids (node or relation ids in those stores)
	offs packedInts // where the records start in file
	keys []string
	file FileData // the records: a file mapping, or memory
	// dir is where the store's files are ("": in memory), for the index
	// sortIndex makes.
	dir  string
	refs int64 // node references of all ways
	// looked counts the bytes that lookups by id made resident since the
	// pages were last given back (see lookedUp).
	looked *atomic.Int64
	// fd is the mapped file, open for readRecord; nil when the records are
	// in memory.
	fd *os.File
	// fileOrder: the index lists the records in file order, so a record
	// ends where the next begins (readRecord).
	fileOrder bool
}

// FileData is the content of a file: mapped, or read into memory.
type FileData struct {
	Data  []byte
	Unmap func() error       // ends the mapping
	Drop  func(from, to int) // gives the resident pages of bytes [from, to) back (nil when read into memory)
}

// release gives the pages of the store's mapping that the process touched
// back to the system; they are read again when next needed. Stages call
// it when they end, so their passes over the ways do not add up.
func (s *wayStore) release() {
	if s.file.Drop != nil {
		s.file.Drop(0, len(s.file.Data))
	}
	s.dropIndex()
}

// closeIndex unmaps the index's differences.
func (s *wayStore) closeIndex() error { return errors.Join(s.ids.close(), s.offs.close()) }

// dropIndex gives the resident pages of the index's differences back
// (those of a file: packedInts.toFile).
func (s *wayStore) dropIndex() {
	s.ids.drop()
	s.offs.drop()
}

func (s *wayStore) len() int { return s.ids.len() }

// id returns the i-th record's id.
func (s *wayStore) id(i int) osm.WayID { return osm.WayID(s.ids.get(i)) }

// record returns the bytes from the i-th record's start to the end of the file.
func (s *wayStore) record(i int) []byte { return s.file.Data[s.offs.get(i):] }

// lookedUp notes that a record was found by id. Lookups by id go all over
// the file (a stage looks up the way of every place made from one), so
// every lookupDropBytes of them all the pages are given back, as release
// does, instead of the whole file staying resident.
func (s *wayStore) lookedUp() {
	if s.file.Drop == nil || s.looked == nil || s.len() == 0 {
		return
	}
	// A lookup makes resident the whole folio of the page cache its
	// record is in, whatever the record's size: Linux maps file folios of
	// up to 2 MB at a fault (1,000 random one-byte reads of a 200 MB
	// mapped file left all of it resident). Counting a page a lookup let
	// LI ×64's places stage keep ~100 MB of the ways' file resident.
	if s.looked.Add(lookupResident) >= lookupDropBytes {
		s.looked.Store(0)
		s.release()
	}
}

// lookupDropBytes is how many bytes of pages made resident by lookups
// make lookedUp give the pages back; lookupResident what one lookup is
// counted for.
const (
	lookupDropBytes = 32 << 20
	lookupResident  = 2 << 20
)

// readRecord returns the i-th record read from the file, not through the
// mapping, so that reading it leaves nothing resident; ok is false where
// the record's end is not known (the index is not in file order) or the
// records are in memory.
func (s *wayStore) readRecord(i int) (rec []byte, ok bool) {
	if s.fd == nil || !s.fileOrder {
		return nil, false
	}
	start, end := s.offs.get(i), int64(len(s.file.Data))
	if i+1 < s.len() {
		end = s.offs.get(i + 1)
	}
	rec = make([]byte, end-start)
	if _, err := s.fd.ReadAt(rec, start); err != nil {
		return nil, false
	}
	return rec, true
}

// lookup returns the i-th record for a lookup by id, which goes anywhere
// in the file: read from the file where its end is known (readRecord),
// else through the mapping, counted (lookedUp).
func (s *wayStore) lookup(i int) []byte {
	if rec, ok := s.readRecord(i); ok {
		return rec
	}
	s.lookedUp()
	return s.record(i)
}

// at decodes the i-th way.
func (s *wayStore) at(i int) *Way { return decodeWay(s.record(i), s.id(i), s.keys) }

// find returns the index of the way with id.
func (s *wayStore) find(id osm.WayID) (int, bool) {
	return s.ids.search(int64(id))
}

// close unmaps the store's file (already unlinked) and drops the index.
func (s *wayStore) close() error {
	var err error
	if s.file.Unmap != nil {
		err = s.file.Unmap()
	}
	err = errors.Join(err, s.closeIndex())
	if s.fd != nil {
		err = errors.Join(err, s.fd.Close())
	}
	*s = wayStore{}
	return err
}

// wayWriter encodes ways into a store: into an unlinked temporary file in
// dir, or into memory when dir is "" (small test extracts).
type wayWriter struct {
	f      *os.File
	w      *bufio.Writer
	mem    bytes.Buffer
	off    int64
	keyIdx map[string]uint64
	keys   []string
	ids    packedInts
	offs   packedInts
	buf    []byte
	dir    string
}

func newWayWriter(dir string, keys []string) (*wayWriter, error) {
	ww := &wayWriter{keyIdx: map[string]uint64{}}
	for _, k := range keys {
		ww.key(k)
	}
	if dir == "" {
		return ww, nil
	}
	f, err := CreateUnlinked(dir, ".waymark-ways-*")
	if err != nil {
		return nil, fmt.Errorf("regions: way store: %w", err)
	}
	ww.f, ww.dir = f, dir
	ww.w = bufio.NewWriterSize(f, 1<<20)
	// The index, every stage's, goes to files too (packedInts.toFile).
	if err := ww.ids.toFile(dir); err != nil {
		f.Close()
		return nil, err
	}
	if err := ww.offs.toFile(dir); err != nil {
		f.Close()
		ww.ids.close()
		return nil, err
	}
	return ww, nil
}

func (ww *wayWriter) key(k string) uint64 {
	i, ok := ww.keyIdx[k]
	if !ok {
		i = uint64(len(ww.keys))
		ww.keyIdx[k] = i
		ww.keys = append(ww.keys, k)
	}
	return i
}

// add appends a way: node ids from nodes(i) for i < n, and their locations
// when ll is not nil.
func (ww *wayWriter) add(id osm.WayID, xml bool, tags osm.Tags, n int, nodes func(int) osm.NodeID, ll []int32) error {
	ww.buf = ww.encode(ww.buf[:0], xml, tags, n, nodes, ll)
	return ww.addEncoded(id, ww.buf)
}

func (ww *wayWriter) encode(b []byte, xml bool, tags osm.Tags, n int, nodes func(int) osm.NodeID, ll []int32) []byte {
	head := uint64(len(tags)) << 2
	if ll != nil {
		head |= 2
	}
	if xml {
		head |= 1
	}
	b = binary.AppendUvarint(b, head)
	for _, t := range tags {
		b = binary.AppendUvarint(b, ww.key(t.Key))
		b = binary.AppendUvarint(b, uint64(len(t.Value)))
		b = append(b, t.Value...)
	}
	b = binary.AppendUvarint(b, uint64(n))
	var prev int64
	for i := range n {
		id := int64(nodes(i))
		b = binary.AppendVarint(b, id-prev)
		prev = id
	}
	if ll != nil {
		var plon, plat int64
		for i := 0; i < 2*n; i += 2 {
			lon, lat := int64(ll[i]), int64(ll[i+1])
			b = binary.AppendVarint(b, lon-plon)
			b = binary.AppendVarint(b, lat-plat)
			plon, plat = lon, lat
		}
	}
	return b
}

func (ww *wayWriter) addEncoded(id osm.WayID, rec []byte) error {
	ww.ids.append(int64(id))
	ww.offs.append(ww.off)
	ww.off += int64(len(rec))
	if ww.w == nil {
		ww.mem.Write(rec)
		return nil
	}
	if _, err := ww.w.Write(rec); err != nil {
		return fmt.Errorf("regions: way store: %w", err)
	}
	return nil
}

// abort drops what was written.
func (ww *wayWriter) abort() {
	if ww.f != nil {
		ww.f.Close()
	}
	ww.ids.close()
	ww.offs.close()
}

// finish maps what was written and returns it as a store, in the order
// written (index not sorted).
func (ww *wayWriter) finish() (*wayStore, error) {
	if err := errors.Join(ww.ids.finish(), ww.offs.finish()); err != nil {
		ww.abort()
		return nil, err
	}
	s := &wayStore{ids: ww.ids, offs: ww.offs, keys: ww.keys, looked: new(atomic.Int64), dir: ww.dir}
	if ww.w == nil {
		s.file.Data = ww.mem.Bytes()
		return s, nil
	}
	if err := ww.w.Flush(); err != nil {
		ww.f.Close()
		s.closeIndex()
		return nil, fmt.Errorf("regions: way store: %w", err)
	}
	if ww.off == 0 {
		ww.f.Close()
		return s, nil
	}
	fd, err := mapFile(ww.f, ww.off)
	if err != nil {
		ww.f.Close()
		s.closeIndex()
		return nil, fmt.Errorf("regions: way store: %w", err)
	}
	s.file = fd
	if fd.Drop == nil { // read into memory: the descriptor is not needed
		ww.f.Close()
		return s, nil
	}
	s.fd = ww.f // for readRecord; closed by close
	s.fileOrder = true
	for i := 1; i < s.len() && s.fileOrder; i++ {
		s.fileOrder = s.offs.get(i) > s.offs.get(i-1)
	}
	return s, nil
}

// readFileAt is mapFile where memory mapping is not available: the file
// read into memory.
func readFileAt(f *os.File, size int64) (FileData, error) {
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil && !errors.Is(err, io.EOF) {
		return FileData{}, err
	}
	return FileData{Data: b}, nil
}

// decodeWay decodes a record written by wayWriter.encode. The values of
// its tags share one allocation.
func decodeWay(b []byte, id osm.WayID, keys []string) *Way {
	head, k := binary.Uvarint(b)
	b = b[k:]
	w := &Way{ID: id, xml: head&1 != 0}
	ntags := int(head >> 2)
	if ntags > 0 {
		w.Tags = make(osm.Tags, ntags)
		// First the lengths, for one buffer of every value.
		total, p := 0, b
		for range ntags {
			_, k1 := binary.Uvarint(p)
			n, k2 := binary.Uvarint(p[k1:])
			p = p[k1+k2+int(n):]
			total += int(n)
		}
		vals := make([]byte, 0, total)
		for i := range ntags {
			ki, k1 := binary.Uvarint(b)
			n, k2 := binary.Uvarint(b[k1:])
			v := b[k1+k2 : k1+k2+int(n)]
			start := len(vals)
			vals = append(vals, v...)
			w.Tags[i] = osm.Tag{Key: keys[ki], Value: unsafe.String(unsafe.SliceData(vals[start:]), len(v))}
			b = b[k1+k2+int(n):]
		}
	}
	n, k := binary.Uvarint(b)
	b = b[k:]
	w.Nodes = make([]osm.NodeID, n)
	var prev int64
	for i := range w.Nodes {
		d, k := binary.Varint(b)
		b = b[k:]
		prev += d
		w.Nodes[i] = osm.NodeID(prev)
	}
	if head&2 != 0 {
		w.LL = make([]int32, 2*n)
		var lon, lat int64
		for i := 0; i < len(w.LL); i += 2 {
			d1, k1 := binary.Varint(b)
			d2, k2 := binary.Varint(b[k1:])
			b = b[k1+k2:]
			lon += d1
			lat += d2
			w.LL[i], w.LL[i+1] = int32(lon), int32(lat)
		}
	}
	return w
}

// Ways returns every way of the extract in id order, each decoded afresh.
func (d *Data) Ways() iter.Seq2[int, *Way] {
	return func(yield func(int, *Way) bool) {
		for i := range d.ways.inOrder() {
			if !yield(i, d.ways.at(i)) {
				return
			}
		}
	}
}

// inOrder returns the positions of the store's records in index order.
// The pages of the records already passed are given back as it goes (the
// page cache keeps them), so a pass over every record does not leave the
// whole file in the process's resident set.
func (s *wayStore) inOrder() iter.Seq[int] {
	return func(yield func(int) bool) {
		dropped := 0
		for i := range s.len() {
			if s.file.Drop != nil {
				if off := int(s.offs.get(i)); off-dropped >= WaysDropStep {
					s.file.Drop(dropped, off)
					s.dropIndex()
					dropped = off
				}
			}
			if !yield(i) {
				return
			}
		}
	}
}

// WaysDropStep is how far inOrder reads before giving pages back.
const WaysDropStep = 8 << 20

// WayCount returns the number of ways.
func (d *Data) WayCount() int { return d.ways.len() }

// WayRefs returns the number of node references of all ways.
func (d *Data) WayRefs() int64 { return d.ways.refs }

// Way returns the way with id, or nil. The way is read from the file, not
// through its mapping (lookup): lookups by id go all over the file, and
// each would leave a folio of it resident.
func (d *Data) Way(id osm.WayID) *Way {
	i, ok := d.ways.find(id)
	if !ok {
		return nil
	}
	return decodeWay(d.ways.lookup(i), id, d.ways.keys)
}

// Close ends the mappings of the ways', tagged nodes' and relations'
// files. The Data has none of them afterwards.
func (d *Data) Close() error {
	for _, w := range []**wayWriter{&d.raw, &d.rawNodes, &d.rawRels} {
		if *w != nil {
			(*w).abort()
			*w = nil
		}
	}
	d.store.close() // open only when loading stopped before finish
	return errors.Join(d.ways.close(), d.tagged.close(), d.rels.close())
}
