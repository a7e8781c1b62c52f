package places

// places_cold.go keeps the bytes of the places in memory (streets, areas,
// settlements: the leaves wait in the spill) that no step changes once
// made — geometry blobs, packed extra tags, address lines, the address
// index's decoded areas and their bands, the street index's lists — out
// of the Go heap: they are copied into an unlinked temporary file mapped
// in chunks of coldChunk bytes, and the string or slice points into the
// mapping. The collector neither scans nor counts those bytes (none holds
// a pointer), and the stage gives their pages back whenever the process's
// resident mapped pages have grown by mappedResidentBytes
// (placeBuilder.governMapped, dropResident): a page read again comes from
// the page cache, which the kernel may evict, so they leave the process's
// resident set the way the way store's pages do. The stage's peak live heap: LI ×16
// --distinct-places 55 → 39 MB, LI ×64 185 → 162 MB.
//
// The mapping lives as long as the stage (runPlaces closes the store when
// its last step is done): no string or slice of it may outlive the stage.
// Without a temporary directory (small test extracts in memory) or where
// mapping fails, the bytes stay in the heap as before; the pack is the
// same either way.

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"unsafe"

	"github.com/paulmach/orb"

	"waymark/regions/extract"
	"waymark/regions/polygon"
)

const (
	// coldChunk is the size of one mapping of the cold store.
	coldChunk = 64 << 20
	// coldPage is the granularity of a mapping's offset in the file.
	coldPage = 64 << 10
	// coldDropTicks is how many objects the stage handles between two
	// drops of the stores' resident pages where the system does not tell
	// how many there are (governMapped).
	coldDropTicks = 1 << 16
	// mappedResidentBytes is how many bytes of mapped pages (the cold
	// store's, the extract's) the stage lets become resident before it
	// gives them back: regions.HeapLimit sets aside 2×WaysDropStep for
	// them. A fixed count of objects between drops was no bound: LI ×64's
	// stage held up to 46 MB of them above the executable's ~15, and
	// some steps tick seldom while reading the store (a drop every 1,024
	// objects left 30 MB there); the stores grow with the input (×64: a
	// 134 MB cold store).
	mappedResidentBytes = 2 * extract.WaysDropStep
)

// coldStore is an append-only arena of pointer-free bytes in a mapped
// temporary file.
type coldStore struct {
	f *os.File
	// mu guards chunks, which dropResident reads from governMapped's
	// goroutine.
	mu     sync.Mutex
	chunks []extract.FileData
	cur    []byte // the chunk being filled
	used   int    // bytes of cur handed out
	size   int64  // bytes of the file mapped
	failed bool   // a mapping failed: the rest stays in the heap
	// lastIn and lastOut are the last string copied and its copy: the
	// places of one object share their geometry.
	lastIn, lastOut string
	// lastOwner is the chunk owns found last.
	lastOwner int
}

// newColdStore returns a store in dir; with dir "" it keeps nothing
// (every copy returns its argument).
func newColdStore(dir string) (*coldStore, error) {
	if dir == "" {
		return &coldStore{}, nil
	}
	f, err := extract.CreateUnlinked(dir, ".waymark-cold-*")
	if err != nil {
		return nil, fmt.Errorf("regions: cold store: %w", err)
	}
	return &coldStore{f: f}, nil
}

// alloc returns n bytes of the store aligned to align, or nil when they
// are to stay in the heap (no file, mapping failed, or n too large).
func (c *coldStore) alloc(n, align int) []byte {
	if c == nil || c.f == nil || c.failed || n == 0 || n > coldChunk/16 {
		return nil
	}
	at := (c.used + align - 1) / align * align
	if at+n > len(c.cur) {
		if c.cur, at = c.mapChunk(coldChunk), 0; c.cur == nil {
			return nil
		}
	}
	c.used = at + n
	return c.cur[at : at+n : at+n]
}

// str returns a copy of s in the store (s itself when it stays in the
// heap).
func (c *coldStore) str(s string) string {
	if s == "" {
		return s
	}
	if c != nil && len(s) == len(c.lastIn) && unsafe.StringData(s) == unsafe.StringData(c.lastIn) {
		return c.lastOut
	}
	b := c.alloc(len(s), 1)
	if b == nil {
		return s
	}
	copy(b, s)
	out := unsafe.String(&b[0], len(b))
	c.lastIn, c.lastOut = s, out
	return out
}

// lines returns a copy of l in the store (l itself when it stays in the
// heap).
func (c *coldStore) lines(l []addressLine) []addressLine { return coldCopy(c, l) }

// area copies the points of g's rings, a polygon or multipolygon just
// decoded for the caller, into the store, ring by ring in place; other
// geometries are left as they are.
func (c *coldStore) area(g orb.Geometry) {
	switch g := g.(type) {
	case orb.Polygon:
		for i, r := range g {
			g[i] = coldCopy(c, r)
		}
	case orb.MultiPolygon:
		for _, pg := range g {
			for i, r := range pg {
				pg[i] = coldCopy(c, r)
			}
		}
	}
}

// prepared moves the band lists of pa into the store.
func (c *coldStore) prepared(pa *polygon.PreparedArea) {
	if pa == nil {
		return
	}
	for b, l := range pa.Bands {
		pa.Bands[b] = coldCopy(c, l)
	}
}

// preparedArea returns the prepared area of p's shape with its decoded
// points and band lists in the store (area, prepared): a step that tests
// points against many areas at once (countries, postcode areas) holds
// neither in the heap (LI ×64: assignCountries' countries and
// subdivisions, ~12 MB of its peak).
func (b *placeBuilder) preparedArea(p *place) *polygon.PreparedArea {
	g := p.geom.geometry()
	b.cold.area(g)
	pa := polygon.PrepareArea(g)
	b.cold.prepared(pa)
	return pa
}

// coldCopy returns a copy of s in c (s itself when it stays in the heap).
// T must hold no pointer: the collector does not see the store.
func coldCopy[T any](c *coldStore, s []T) []T {
	if len(s) == 0 {
		return s
	}
	var zero T
	b := c.alloc(len(s)*int(unsafe.Sizeof(zero)), int(unsafe.Alignof(zero)))
	if b == nil {
		return s
	}
	out := unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(s))
	copy(out, s)
	return out
}

// coldMake returns a zeroed array of n elements of T (pointer-free, or
// pointing only where places_records.go allows) in the store (its bytes
// are new pages of the file, never written; an array larger than alloc
// takes gets a mapping of its own), or on the heap when it stays there.
func coldMake[T any](c *coldStore, n int) []T {
	var zero T
	size := n * int(unsafe.Sizeof(zero))
	b := c.alloc(size, int(unsafe.Alignof(zero)))
	if b == nil && size > coldChunk/16 {
		b = c.allocLarge(size)
	}
	if b != nil {
		return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), n)
	}
	return make([]T, n)
}

// allocLarge returns n bytes in a mapping of their own (page-aligned), or
// nil where the store keeps nothing.
func (c *coldStore) allocLarge(n int) []byte {
	if c == nil || c.f == nil || c.failed || n == 0 {
		return nil
	}
	if b := c.mapChunk(int64(n+coldPage-1) / coldPage * coldPage); b != nil {
		return b[:n:n]
	}
	return nil
}

// mapChunk maps the next size bytes of the file as a chunk of the store,
// or returns nil (and the store keeps nothing more) when it cannot.
func (c *coldStore) mapChunk(size int64) []byte {
	fd, ok := extract.MapWritable(c.f, c.size, size)
	if !ok {
		c.failed = true
		return nil
	}
	c.mu.Lock()
	c.chunks = append(c.chunks, fd)
	c.mu.Unlock()
	c.size += size
	return fd.Data
}

// coldNew returns a zeroed T (pointer-free, or pointing only into the
// store: places_records.go) in the store, or nil where it keeps nothing.
func coldNew[T any](c *coldStore) *T {
	var zero T
	if b := c.alloc(int(unsafe.Sizeof(zero)), int(unsafe.Alignof(zero))); b != nil {
		return (*T)(unsafe.Pointer(&b[0]))
	}
	return nil
}

// owns reports whether at is in the store's mappings.
func (c *coldStore) owns(at unsafe.Pointer) bool {
	if c == nil {
		return false
	}
	a := uintptr(at)
	if k := c.lastOwner; k < len(c.chunks) && inData(c.chunks[k].Data, a) {
		return true
	}
	for k, ch := range c.chunks {
		if inData(ch.Data, a) {
			c.lastOwner = k
			return true
		}
	}
	return false
}

// inData reports whether address a is within d.
func inData(d []byte, a uintptr) bool {
	start := uintptr(unsafe.Pointer(unsafe.SliceData(d)))
	return a >= start && a < start+uintptr(len(d))
}

// dropResident gives the pages of the store back to the system; the
// bytes stay in the file (and the page cache) and are read again when
// next touched.
func (c *coldStore) dropResident() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, ch := range c.chunks {
		ch.Drop(0, len(ch.Data))
	}
}

// close unmaps the store and closes its file: every string and slice it
// gave is invalid after.
func (c *coldStore) close() error {
	if c == nil {
		return nil
	}
	var err error
	for _, ch := range c.chunks {
		err = errors.Join(err, ch.Unmap())
	}
	if c.f != nil {
		err = errors.Join(err, c.f.Close())
	}
	*c = coldStore{}
	if err != nil {
		return fmt.Errorf("regions: cold store: %w", err)
	}
	return nil
}
