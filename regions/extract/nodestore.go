package extract

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"sync"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
)

// nodeStore holds node locations while an extract loads, compressed and
// outside the heap: the locations come into a buffer of nodeBufLen,
// which, when full, is sorted by id and encoded into a run of blocks of
// nodeBlockLen nodes, each node its id and E7 coordinates as varint
// deltas from the node before it (~6 bytes a node on LI and its
// tilings). The blocks go to an unlinked temporary file; the heap keeps
// per run only its blocks' first ids and file offsets (packedInts, ~5
// bytes a block of 64 nodes: 0.08 bytes a node, LI ×400's 108 M nodes 9
// MB where the runs in memory took 650 MB). A lookup finds the runs whose
// id range holds the id, the block by binary search on the blocks' first
// ids, and reads and decodes at most one block (pread: the page cache
// keeps the file, the process's resident set does not; a cursor keeps
// the last nodeCacheBlocks blocks it decoded, so the nodes of one way and
// of the ways near it in id cost one read).
//
// This is the layout of imposm3's coordinate cache (delta-coded bunches
// of 64 nodes in LevelDB, an LRU of decoded bunches) without the
// database: the runs are written once, in order, and only read after.
// osmium's dense arrays (8 bytes per id up to the largest id) do not suit
// extracts, whose ids are sparse, nor its sorted arrays (16 bytes a node).
//
// Appends within one input come in any order (the PBF decoder runs on
// several goroutines), so runs may overlap; PBF files are sorted by id, so
// they overlap only where a buffer ended amid decoded blocks. When inputs
// overlap, the earlier input's location wins: a run never holds two
// inputs' locations, and of the runs holding an id the one made first
// answers.
type nodeStore struct {
	buf  []nodeLoc  // added since the last flush
	runs []*nodeRun // in the order made
	// bufLen is the buffer's length (0: nodeBufLen; tests make it small).
	bufLen int
	// byMin is runs by their first id; maxTo[i] the largest id of
	// byMin[:i+1] (finish).
	byMin []*nodeRun
	maxTo []int64
	// dir is where the blocks' file goes; "" keeps the blocks in mem.
	dir string
	f   *os.File
	w   *bufio.Writer
	mem []byte
	off int64  // bytes of blocks written
	enc []byte // flush's buffer of a run's blocks
	// errMu guards err, the first error writing or reading the blocks.
	errMu sync.Mutex
	err   error
}

type nodeLoc struct {
	id       int64
	lon, lat int32
}

// nodeBufLen is the number of locations buffered before they are encoded
// into a run (16 MB); nodeBlockLen the nodes of a run's block.
const (
	nodeBufLen   = 1 << 20
	nodeBlockLen = 64
)

// nodeRun is a sorted, compressed run of node locations without repeated
// ids: block b starts at byte offs[b] of the store's blocks with the node
// of id first[b]; every node is (id delta, lon delta, lat delta) from the
// node before it (from first[b], 0 and 0 for the block's first), as
// uvarint and zigzag varints. The last block ends at end.
type nodeRun struct {
	made     int // index in nodeStore.runs
	min, max int64
	first    packedInts
	offs     packedInts
	end      int64
	n        int
}

// errNodeStore wraps an error writing or reading the node locations'
// temporary file.
var errNodeStore = errors.New("regions: node location store")

// startInput begins the locations of the next input: no run holds
// locations of two inputs, so the earlier input's run wins.
func (s *nodeStore) startInput() { s.flush() }

func (s *nodeStore) add(id osm.NodeID, p orb.Point) {
	if s.bufLen == 0 {
		s.bufLen = nodeBufLen
	}
	if s.buf == nil {
		s.buf = make([]nodeLoc, 0, s.bufLen)
	}
	s.buf = append(s.buf, nodeLoc{int64(id), int32(math.Round(p[0] * 1e7)), int32(math.Round(p[1] * 1e7))})
	if len(s.buf) == s.bufLen {
		s.flush()
	}
}

// flush encodes the buffered locations into a run and writes its blocks.
func (s *nodeStore) flush() {
	if len(s.buf) == 0 {
		return
	}
	if !slices.IsSortedFunc(s.buf, byNodeID) {
		slices.SortFunc(s.buf, byNodeID)
	}
	r := &nodeRun{min: s.buf[0].id, max: s.buf[len(s.buf)-1].id}
	data := s.enc[:0]
	var prev nodeLoc
	for i, l := range s.buf {
		if i > 0 && l.id == prev.id {
			continue // the first of repeated ids is kept
		}
		if r.n%nodeBlockLen == 0 {
			r.first.append(l.id)
			r.offs.append(s.off + int64(len(data)))
			prev = nodeLoc{id: l.id}
		}
		data = binary.AppendUvarint(data, uint64(l.id-prev.id))
		data = binary.AppendVarint(data, int64(l.lon)-int64(prev.lon))
		data = binary.AppendVarint(data, int64(l.lat)-int64(prev.lat))
		prev = l
		r.n++
	}
	r.first.finish()
	r.offs.finish()
	s.write(data)
	r.end = s.off
	s.enc = data[:0]
	s.runs = append(s.runs, r)
	s.buf = s.buf[:0]
}

// write appends blocks to the file (or memory).
func (s *nodeStore) write(data []byte) {
	defer func() { s.off += int64(len(data)) }()
	if s.dir == "" {
		s.mem = append(s.mem, data...)
		return
	}
	if s.f == nil && s.err == nil {
		f, err := CreateUnlinked(s.dir, ".waymark-nodes-*")
		if err != nil {
			s.fail(err)
			return
		}
		s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
	}
	if s.w != nil {
		if _, err := s.w.Write(data); err != nil {
			s.fail(err)
		}
	}
}

// fail keeps the first error of the store.
func (s *nodeStore) fail(err error) {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	if s.err == nil {
		s.err = fmt.Errorf("%w: %w", errNodeStore, err)
	}
}

// failed returns the first error writing or reading the blocks: lookups
// after one may have missed nodes that are in the extract.
func (s *nodeStore) failed() error {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	return s.err
}

func byNodeID(a, b nodeLoc) int { return cmp.Compare(a.id, b.id) }

// finish encodes what is still buffered, frees the buffer, makes the
// blocks readable and indexes the runs by id range; lookups may start.
func (s *nodeStore) finish() error {
	s.flush()
	s.buf = nil
	s.enc = nil
	if s.w != nil {
		if err := s.w.Flush(); err != nil {
			s.fail(err)
		}
		s.w = nil
	}
	for i, r := range s.runs {
		r.made = i
	}
	s.byMin = slices.Clone(s.runs)
	slices.SortStableFunc(s.byMin, func(a, b *nodeRun) int { return cmp.Compare(a.min, b.min) })
	s.maxTo = make([]int64, len(s.byMin))
	for i, r := range s.byMin {
		s.maxTo[i] = r.max
		if i > 0 {
			s.maxTo[i] = max(r.max, s.maxTo[i-1])
		}
	}
	return s.failed()
}

// close drops the blocks' file and the runs.
func (s *nodeStore) close() {
	if s.f != nil {
		s.f.Close()
	}
	s.runs, s.byMin, s.maxTo, s.mem, s.buf, s.f, s.w = nil, nil, nil, nil, nil, nil, nil
}

// len returns the number of distinct node ids stored (after finish).
func (s *nodeStore) len() int {
	n := 0
	c := s.cursor()
	for _, r := range s.runs {
		n += r.n
		// Ids also in a run made earlier count once. Runs of a PBF overlap
		// only at their ends, so little is decoded here.
		var lo, hi int64 = math.MaxInt64, math.MinInt64
		for _, e := range s.runs[:r.made] {
			if e.max >= r.min && e.min <= r.max {
				lo, hi = min(lo, e.min), max(hi, e.max)
			}
		}
		if lo > hi {
			continue
		}
		var ids []int64
		c.each(r, max(lo, r.min), min(hi, r.max), func(id int64, _, _ int32) { ids = append(ids, id) })
		for _, id := range ids {
			if _, _, ok := s.earliest(c, id, r.made); ok {
				n--
			}
		}
	}
	return n
}

// earliest returns the location of id in the earliest made run, among
// the runs made before the before-th, that holds it.
func (s *nodeStore) earliest(c *nodeCursor, id int64, before int) (lon, lat int32, ok bool) {
	best := before
	// byMin[:j] start at or before id; walking back from j-1, maxTo tells
	// when no run further back reaches id.
	j := sort.Search(len(s.byMin), func(i int) bool { return s.byMin[i].min > id })
	for k := j - 1; k >= 0 && s.maxTo[k] >= id; k-- {
		if r := s.byMin[k]; r.made < best && r.max >= id {
			if x, y, found := c.find(r, id); found {
				best, lon, lat, ok = r.made, x, y, true
			}
		}
	}
	return lon, lat, ok
}

// block returns the index of the block that may hold id (-1 before the first).
func (r *nodeRun) block(id int64) int {
	b, found := r.first.search(id)
	if !found {
		b--
	}
	return b
}

// blocks returns the run's number of blocks.
func (r *nodeRun) blocks() int { return r.first.len() }

// span returns where block b's bytes start and end.
func (r *nodeRun) span(b int) (start, end int64) {
	start, end = r.offs.get(b), r.end
	if b+1 < r.blocks() {
		end = r.offs.get(b + 1)
	}
	return start, end
}

// nodeBlock is one decoded block.
type nodeBlock struct {
	ids        [nodeBlockLen]int64
	lons, lats [nodeBlockLen]int32
	n          int
}

// decode decodes the block's bytes data, whose first node has id first;
// false when they do not decode (a damaged temporary file).
func (blk *nodeBlock) decode(data []byte, first int64) bool {
	id, lon, lat := first, int64(0), int64(0)
	blk.n = 0
	for len(data) > 0 {
		if blk.n == nodeBlockLen {
			return false
		}
		d, k1 := binary.Uvarint(data)
		if k1 <= 0 {
			return false
		}
		x, k2 := binary.Varint(data[k1:])
		if k2 <= 0 {
			return false
		}
		y, k3 := binary.Varint(data[k1+k2:])
		if k3 <= 0 {
			return false
		}
		data = data[k1+k2+k3:]
		id, lon, lat = id+int64(d), lon+x, lat+y
		blk.ids[blk.n], blk.lons[blk.n], blk.lats[blk.n] = id, int32(lon), int32(lat)
		blk.n++
	}
	return true
}

// nodeCacheBlocks is how many decoded blocks a cursor keeps (direct
// mapped by run and block: ~1 KB each).
const nodeCacheBlocks = 256

// nodeCursor reads and decodes blocks for one goroutine, keeping the
// last nodeCacheBlocks it decoded.
type nodeCursor struct {
	s     *nodeStore
	buf   []byte
	cache [nodeCacheBlocks]cachedNodeBlock
}

type cachedNodeBlock struct {
	run   *nodeRun
	block int
	blk   nodeBlock
}

func (s *nodeStore) cursor() *nodeCursor { return &nodeCursor{s: s} }

// load returns block b of r, decoded; nil when it cannot be read (the
// store's error says why).
func (c *nodeCursor) load(r *nodeRun, b int) *nodeBlock {
	slot := &c.cache[(b^r.made*0x9e3779b1)&(nodeCacheBlocks-1)]
	if slot.run == r && slot.block == b {
		return &slot.blk
	}
	start, end := r.span(b)
	var data []byte
	switch {
	case c.s.dir == "":
		data = c.s.mem[start:end]
	case c.s.f == nil: // the file could not be made (the store's error)
		return nil
	default:
		if n := int(end - start); cap(c.buf) < n {
			c.buf = make([]byte, n)
		}
		data = c.buf[:end-start]
		if _, err := c.s.f.ReadAt(data, start); err != nil {
			c.s.fail(err)
			slot.run = nil
			return nil
		}
	}
	if !slot.blk.decode(data, r.first.get(b)) {
		c.s.fail(fmt.Errorf("damaged block %d of run %d", b, r.made))
		slot.run = nil
		return nil
	}
	slot.run, slot.block = r, b
	return &slot.blk
}

// each calls fn for every node of r with lo <= id <= hi, in id order.
func (c *nodeCursor) each(r *nodeRun, lo, hi int64, fn func(id int64, lon, lat int32)) {
	for b := max(r.block(lo), 0); b < r.blocks() && r.first.get(b) <= hi; b++ {
		blk := c.load(r, b)
		if blk == nil {
			return
		}
		for k := range blk.n {
			if id := blk.ids[k]; id >= lo && id <= hi {
				fn(id, blk.lons[k], blk.lats[k])
			}
		}
	}
}

// find returns the location of id in r.
func (c *nodeCursor) find(r *nodeRun, id int64) (lon, lat int32, ok bool) {
	if id < r.min || id > r.max {
		return 0, 0, false
	}
	b := r.block(id)
	if b < 0 {
		return 0, 0, false
	}
	blk := c.load(r, b)
	if blk == nil {
		return 0, 0, false
	}
	k, found := slices.BinarySearch(blk.ids[:blk.n], id)
	if !found {
		return 0, 0, false
	}
	return blk.lons[k], blk.lats[k], true
}

// locator returns a lookup of E7 locations by id for one goroutine
// (after finish). When inputs overlap, the earliest input's location is
// returned.
func (s *nodeStore) locator() func(osm.NodeID) (lon, lat int32, ok bool) {
	c := s.cursor()
	return func(id osm.NodeID) (int32, int32, bool) {
		return s.earliest(c, int64(id), len(s.runs))
	}
}
