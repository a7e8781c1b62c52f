package mapview

import (
	"bufio"
	"container/list"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// TileKey identifies a rendered tile: the packs drawn in it (their build
// ids), the style version and theme, the tile size in pixels and the tile
// address.
type TileKey struct {
	Packs   string
	Style   string // Style.Version
	Theme   Theme
	Size    int
	Z, X, Y int
}

// path returns the key's file path below a cache directory.
func (k TileKey) path() string {
	return filepath.Join(k.Packs, k.Theme.String()+"-"+k.Style+"-"+strconv.Itoa(k.Size), strconv.Itoa(k.Z), strconv.Itoa(k.X), strconv.Itoa(k.Y)+".png")
}

// CacheStats counts cache outcomes.
type CacheStats struct {
	MemoryHits, DiskHits, Renders int64
	MemoryBytes                   int64
	Tiles                         int
}

// Cache is a tile cache: a memory LRU bounded in bytes, backed by an
// optional directory of PNG files written in the background. Concurrent
// requests for the same missing tile render it once. It is safe for
// concurrent use.
type Cache struct {
	dir      string
	maxBytes int64

	mu       sync.Mutex
	ll       *list.List // front: most recently used *entry
	items    map[TileKey]*list.Element
	bytes    int64
	inflight map[TileKey]*call
	pending  map[TileKey]image.Image // queued for the disk, not written yet

	writes chan diskWrite
	wg     sync.WaitGroup
	wmu    sync.RWMutex // guards closing writes against senders
	closed bool

	memHits, diskHits, renders atomic.Int64
	rendering                  atomic.Int64 // renders in progress
}

type entry struct {
	key   TileKey
	img   image.Image
	bytes int64
}

type call struct {
	done chan struct{}
	img  image.Image
	err  error
}

type diskWrite struct {
	key TileKey
	img image.Image
}

// NewCache returns a cache keeping up to maxBytes of decoded tiles in memory
// (none when maxBytes ≤ 0) and, when dir is not empty, every tile as a PNG
// file below dir.
func NewCache(dir string, maxBytes int64) *Cache {
	c := &Cache{dir: dir, maxBytes: maxBytes, ll: list.New(), items: map[TileKey]*list.Element{}, inflight: map[TileKey]*call{}, pending: map[TileKey]image.Image{}}
	if dir != "" {
		c.writes = make(chan diskWrite, 256)
		c.wg.Add(1)
		go c.writer()
	}
	return c
}

// Peek returns the tile from memory without rendering or reading the disk.
func (c *Cache) Peek(key TileKey) (image.Image, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		return el.Value.(*entry).img, true
	}
	return nil, false
}

// Get returns the tile of key from memory, else from disk, else from
// render, which runs once however many goroutines ask for the same key at
// the same time. Rendered tiles are kept in memory and written to disk.
func (c *Cache) Get(ctx context.Context, key TileKey, render func() (image.Image, error)) (image.Image, error) {
	for {
		c.mu.Lock()
		if el, ok := c.items[key]; ok {
			c.ll.MoveToFront(el)
			c.mu.Unlock()
			c.memHits.Add(1)
			return el.Value.(*entry).img, nil
		}
		if img, ok := c.pending[key]; ok {
			c.mu.Unlock()
			c.memHits.Add(1)
			return img, nil
		}
		if cl, ok := c.inflight[key]; ok {
			c.mu.Unlock()
			select {
			case <-cl.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if cl.err != nil && (errors.Is(cl.err, context.Canceled) || errors.Is(cl.err, context.DeadlineExceeded)) && ctx.Err() == nil {
				continue // the renderer's caller gave up, not us: try again
			}
			return cl.img, cl.err
		}
		cl := &call{done: make(chan struct{})}
		c.inflight[key] = cl
		c.mu.Unlock()

		cl.img, cl.err = c.load(key)
		if cl.err == nil {
			c.diskHits.Add(1)
		} else {
			c.renders.Add(1)
			c.rendering.Add(1)
			cl.img, cl.err = render()
			c.rendering.Add(-1)
			if cl.err == nil {
				c.store(key, cl.img)
			}
		}
		c.mu.Lock()
		delete(c.inflight, key)
		if cl.err == nil {
			c.add(key, cl.img)
		}
		c.mu.Unlock()
		close(cl.done)
		return cl.img, cl.err
	}
}

// add puts img in the LRU, evicting the least recently used tiles. c.mu is held.
func (c *Cache) add(key TileKey, img image.Image) {
	if c.maxBytes <= 0 {
		return
	}
	n := imageBytes(img)
	if n > c.maxBytes {
		return
	}
	if el, ok := c.items[key]; ok {
		c.bytes -= el.Value.(*entry).bytes
		c.ll.Remove(el)
	}
	c.items[key] = c.ll.PushFront(&entry{key: key, img: img, bytes: n})
	c.bytes += n
	for c.bytes > c.maxBytes {
		el := c.ll.Back()
		e := el.Value.(*entry)
		c.ll.Remove(el)
		delete(c.items, e.key)
		c.bytes -= e.bytes
	}
}

func imageBytes(img image.Image) int64 {
	if m, ok := img.(*image.RGBA); ok {
		return int64(len(m.Pix))
	}
	b := img.Bounds()
	return int64(b.Dx() * b.Dy() * 4)
}

// load reads key's tile from disk.
func (c *Cache) load(key TileKey) (image.Image, error) {
	if c.dir == "" {
		return nil, os.ErrNotExist
	}
	f, err := os.Open(filepath.Join(c.dir, key.path()))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(bufio.NewReader(f))
	if err != nil {
		return nil, err
	}
	if img.Bounds().Dx() != key.Size || img.Bounds().Dy() != key.Size {
		return nil, fmt.Errorf("mapview: cached tile %s has the wrong size", key.path())
	}
	return img, nil
}

// store queues img for writing to disk (dropped when the queue is full).
func (c *Cache) store(key TileKey, img image.Image) {
	if c.dir == "" {
		return
	}
	c.wmu.RLock()
	defer c.wmu.RUnlock()
	if c.closed {
		return
	}
	c.mu.Lock()
	c.pending[key] = img
	c.mu.Unlock()
	select {
	case c.writes <- diskWrite{key, img}:
	default:
		// The writer is far behind (the user keeps panning): skip the disk
		// for this tile rather than slow the renders down.
		c.written(key)
	}
}

func (c *Cache) writer() {
	defer c.wg.Done()
	for w := range c.writes {
		// Encoding PNGs competes with rendering for the CPU: let the
		// renders a view is waiting for go first (up to writeDelay).
		for waited := time.Duration(0); c.rendering.Load() > 0 && waited < writeDelay; waited += 5 * time.Millisecond {
			time.Sleep(5 * time.Millisecond)
		}
		c.write(w.key, w.img)
		c.written(w.key)
	}
}

var pngFast = &png.Encoder{CompressionLevel: png.BestSpeed}

// writeDelay bounds how long a disk write waits for renders to finish.
const writeDelay = 2 * time.Second

// write stores img atomically (temporary file, then rename); errors only
// cost a later re-render, so they are dropped.
func (c *Cache) write(key TileKey, img image.Image) {
	path := filepath.Join(c.dir, key.path())
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tile-*")
	if err != nil {
		return
	}
	bw := bufio.NewWriter(tmp)
	err = pngFast.Encode(bw, img)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
	}
}

// written forgets a pending disk write.
func (c *Cache) written(key TileKey) {
	c.mu.Lock()
	delete(c.pending, key)
	c.mu.Unlock()
}

// Stats returns the cache's counters.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return CacheStats{
		MemoryHits: c.memHits.Load(), DiskHits: c.diskHits.Load(), Renders: c.renders.Load(),
		MemoryBytes: c.bytes, Tiles: len(c.items),
	}
}

// Purge empties the memory cache (the disk cache is kept).
func (c *Cache) Purge() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ll.Init()
	c.items = map[TileKey]*list.Element{}
	c.bytes = 0
}

// Close waits for queued disk writes; later tiles are not written to disk.
func (c *Cache) Close() error {
	if c.writes == nil {
		return nil
	}
	c.wmu.Lock()
	if !c.closed {
		c.closed = true
		close(c.writes)
	}
	c.wmu.Unlock()
	c.wg.Wait()
	return nil
}

// PruneDisk deletes the oldest tile files (by modification time) until the
// disk cache holds at most maxBytes; it returns how many files it removed.
// Tiles of packs that were rebuilt or removed are never read again, so an
// application calls this now and then (e.g. at start) to bound the cache.
func (c *Cache) PruneDisk(maxBytes int64) (int, error) {
	if c.dir == "" {
		return 0, nil
	}
	type file struct {
		path string
		size int64
		mod  int64
	}
	var files []file
	var total int64
	err := filepath.WalkDir(c.dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if d.IsDir() || filepath.Ext(path) != ".png" {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		files = append(files, file{path, info.Size(), info.ModTime().UnixNano()})
		total += info.Size()
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("mapview: prune tile cache: %w", err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod < files[j].mod })
	removed := 0
	for _, f := range files {
		if total <= maxBytes {
			break
		}
		if err := os.Remove(f.path); err == nil || os.IsNotExist(err) {
			total -= f.size
			removed++
		}
	}
	return removed, nil
}
