package regions

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
)

// nodeStore holds node locations while an extract loads, compressed: the
// locations come into a buffer of nodeBufLen, which, when full, is sorted
// by id and encoded into a run of blocks of nodeBlockLen nodes, each node
// its id and E7 coordinates as varint deltas from the node before it
// (~6 bytes a node on LI and its tilings, where a sorted array took 16 and
// was the read stage's peak: 275 MB at LI ×64). A lookup finds the runs
// whose id range holds the id, the block by binary search on the blocks'
// first ids, and decodes at most one block (a locator keeps its last
// block decoded, so the nodes of one way, near in id, cost one decode).
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
// ids: block b starts at data[offs[b]] with the node of id first[b];
// every node is (id delta, lon delta, lat delta) from the node before it
// (from first[b], 0 and 0 for the block's first), as uvarint and zigzag
// varints.
type nodeRun struct {
	made     int // index in nodeStore.runs
	min, max int64
	first    []int64
	offs     []uint32
	data     []byte
	n        int
}

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

// flush encodes the buffered locations into a run.
func (s *nodeStore) flush() {
	if len(s.buf) == 0 {
		return
	}
	if !slices.IsSortedFunc(s.buf, byNodeID) {
		slices.SortFunc(s.buf, byNodeID)
	}
	r := &nodeRun{min: s.buf[0].id, max: s.buf[len(s.buf)-1].id}
	r.data = make([]byte, 0, 7*len(s.buf))
	var prev nodeLoc
	for i, l := range s.buf {
		if i > 0 && l.id == prev.id {
			continue // the first of repeated ids is kept
		}
		if r.n%nodeBlockLen == 0 {
			r.first = append(r.first, l.id)
			r.offs = append(r.offs, uint32(len(r.data)))
			prev = nodeLoc{id: l.id}
		}
		r.data = binary.AppendUvarint(r.data, uint64(l.id-prev.id))
		r.data = binary.AppendVarint(r.data, int64(l.lon)-int64(prev.lon))
		r.data = binary.AppendVarint(r.data, int64(l.lat)-int64(prev.lat))
		prev = l
		r.n++
	}
	r.data = slices.Clip(r.data)
	s.runs = append(s.runs, r)
	s.buf = s.buf[:0]
}

func byNodeID(a, b nodeLoc) int { return cmp.Compare(a.id, b.id) }

// finish encodes what is still buffered, frees the buffer and indexes
// the runs by id range; lookups may start.
func (s *nodeStore) finish() {
	s.flush()
	s.buf = nil
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
}

// len returns the number of distinct node ids stored (after finish).
func (s *nodeStore) len() int {
	n := 0
	var c nodeCursor
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
		r.each(max(lo, r.min), min(hi, r.max), func(id int64, _, _ int32) {
			if _, _, ok := s.earliest(&c, id, r.made); ok {
				n--
			}
		})
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

// each calls fn for every node of r with lo <= id <= hi, in id order.
func (r *nodeRun) each(lo, hi int64, fn func(id int64, lon, lat int32)) {
	b := max(r.block(lo), 0)
	for ; b < len(r.first) && r.first[b] <= hi; b++ {
		var blk nodeBlock
		blk.decode(r, b)
		for k := range blk.n {
			if id := blk.ids[k]; id >= lo && id <= hi {
				fn(id, blk.lons[k], blk.lats[k])
			}
		}
	}
}

// block returns the index of the block that may hold id (-1 before the first).
func (r *nodeRun) block(id int64) int {
	b, found := slices.BinarySearch(r.first, id)
	if !found {
		b--
	}
	return b
}

// nodeBlock is one decoded block.
type nodeBlock struct {
	ids        [nodeBlockLen]int64
	lons, lats [nodeBlockLen]int32
	n          int
}

func (blk *nodeBlock) decode(r *nodeRun, b int) {
	end := len(r.data)
	if b+1 < len(r.offs) {
		end = int(r.offs[b+1])
	}
	data := r.data[r.offs[b]:end]
	id, lon, lat := r.first[b], int64(0), int64(0)
	blk.n = 0
	for len(data) > 0 {
		d, k := binary.Uvarint(data)
		data = data[k:]
		x, k := binary.Varint(data)
		data = data[k:]
		y, k := binary.Varint(data)
		data = data[k:]
		id, lon, lat = id+int64(d), lon+x, lat+y
		blk.ids[blk.n], blk.lons[blk.n], blk.lats[blk.n] = id, int32(lon), int32(lat)
		blk.n++
	}
}

// nodeCursor keeps the last block it decoded; one per goroutine.
type nodeCursor struct {
	run   *nodeRun
	block int
	blk   nodeBlock
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
	if c.run != r || c.block != b {
		c.blk.decode(r, b)
		c.run, c.block = r, b
	}
	k, found := slices.BinarySearch(c.blk.ids[:c.blk.n], id)
	if !found {
		return 0, 0, false
	}
	return c.blk.lons[k], c.blk.lats[k], true
}

// locator returns a lookup of E7 locations by id for one goroutine
// (after finish). When inputs overlap, the earliest input's location is
// returned.
func (s *nodeStore) locator() func(osm.NodeID) (lon, lat int32, ok bool) {
	var c nodeCursor
	return func(id osm.NodeID) (int32, int32, bool) {
		return s.earliest(&c, int64(id), len(s.runs))
	}
}
