package mapdata

// Runs of buckets, compressed together (pack format 7, table map_runs).
// A bucket's blob (rows.go) is ~210 bytes at LI ×64, too little for
// DEFLATE to find its repeats (class and flag bytes, names, the shape
// of geometry varints), so the blobs of runSize consecutive buckets (by
// id, the writer's sort order: the buckets of a run are near each other
// and of the same zoom range) are stored as one compressed blob
// (engine/zblob: sizes and a CRC, so that damage is an error, never a
// wrong row). The R*Tree (map_buckets) is unchanged: a query still reads
// the buckets meeting its box, in the R*Tree's order (the order rows
// are drawn in), and finds bucket id's blob in run (id-1)/runSize; the
// Reader keeps the last runs it decoded (runCache), because a tile's
// buckets and its neighbours' share runs.
//
// A run's content is:
//
//	uvarint id of its first bucket
//	uvarint number of buckets n
//	n × uvarint length of a bucket's blob
//	the n blobs, in id order
//
// compressed as a zblob stream of its own (offset 0).

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"waymark/engine/zblob"
)

// runSize is the number of buckets a run holds (the last run may hold
// fewer). 32 buckets of ~210 bytes make ~7 KB of content: DEFLATE finds
// most of the repeats it would find in the whole table (LI ×64: see
// regions/doc.go), and a tile that needs one bucket of a run inflates
// ~7 KB (~30 µs).
const runSize = 32

// runCacheSize is the number of decoded runs a Reader keeps (~7 KB
// each): a z14 tile of a dense town reads ~100 runs.
const runCacheSize = 256

// errBadRun is returned for a run whose content does not decode.
var errBadRun = errors.New("mapdata: invalid map run")

// runOf returns the run holding bucket id (ids start at 1).
func runOf(id int64) int64 { return (id - 1) / runSize }

// runWriter gathers the blobs of consecutive buckets into runs.
type runWriter struct {
	first   int64 // id of the run's first bucket
	lens    []int
	blobs   []byte
	content []byte
	enc     zblob.Encoder
}

// add appends the blob of bucket id; it returns the run's compressed
// blob (valid until the next call) and its number when the run is full.
func (w *runWriter) add(id int64, blob []byte) (run int64, data []byte, full bool, err error) {
	if len(w.lens) == 0 {
		w.first = id
	}
	if id != w.first+int64(len(w.lens)) || runOf(id) != runOf(w.first) {
		return 0, nil, false, fmt.Errorf("mapdata: bucket %d out of order in run %d", id, runOf(w.first))
	}
	w.lens = append(w.lens, len(blob))
	w.blobs = append(w.blobs, blob...)
	if len(w.lens) < runSize {
		return 0, nil, false, nil
	}
	run, data, err = w.flush()
	return run, data, true, err
}

// flush returns the compressed blob of the buckets added since the last
// run (nil for none) and its number, and starts a new run.
func (w *runWriter) flush() (int64, []byte, error) {
	if len(w.lens) == 0 {
		return 0, nil, nil
	}
	w.content = binary.AppendUvarint(w.content[:0], uint64(w.first))
	w.content = binary.AppendUvarint(w.content, uint64(len(w.lens)))
	for _, n := range w.lens {
		w.content = binary.AppendUvarint(w.content, uint64(n))
	}
	w.content = append(w.content, w.blobs...)
	run := runOf(w.first)
	w.lens, w.blobs = w.lens[:0], w.blobs[:0]
	data, err := w.enc.Encode(w.content, 0)
	if err != nil {
		return 0, nil, fmt.Errorf("mapdata: compress map run %d: %w", run, err)
	}
	return run, data, nil
}

// decodedRun is the content of one run, cut into its buckets' blobs.
type decodedRun struct {
	first int64
	data  []byte
	ends  []int // ends[i]: end of bucket first+i's blob in data
}

// bucket returns the blob of bucket id, or false if the run lacks it.
func (d *decodedRun) bucket(id int64) ([]byte, bool) {
	i := id - d.first
	if i < 0 || i >= int64(len(d.ends)) {
		return nil, false
	}
	start := 0
	if i > 0 {
		start = d.ends[i-1]
	}
	return d.data[start:d.ends[i]], true
}

// decodeRun decompresses the blob of run number run.
func decodeRun(dec *zblob.Decoder, run int64, blob []byte) (*decodedRun, error) {
	content, err := dec.Append(nil, blob, 0)
	if err != nil {
		return nil, fmt.Errorf("mapdata: map run %d: %w", run, err)
	}
	first, k := binary.Uvarint(content)
	if k <= 0 || first != uint64(run*runSize+1) {
		return nil, fmt.Errorf("mapdata: map run %d: %w: it says it starts at bucket %d", run, errBadRun, first)
	}
	content = content[k:]
	n, k := binary.Uvarint(content)
	if k <= 0 || n == 0 || n > runSize {
		return nil, fmt.Errorf("mapdata: map run %d: %w: %d buckets", run, errBadRun, n)
	}
	content = content[k:]
	d := &decodedRun{first: int64(first), ends: make([]int, n)}
	end := 0
	for i := range d.ends {
		l, k := binary.Uvarint(content)
		if k <= 0 || l > uint64(len(content)) {
			return nil, fmt.Errorf("mapdata: map run %d: %w: bad bucket length", run, errBadRun)
		}
		content = content[k:]
		end += int(l)
		d.ends[i] = end
	}
	if end != len(content) {
		return nil, fmt.Errorf("mapdata: map run %d: %w: %d bytes of buckets, %d stored", run, errBadRun, end, len(content))
	}
	d.data = content
	return d, nil
}

// runCache keeps the last runs a Reader decoded (first in, first out).
// It is safe for concurrent use.
type runCache struct {
	mu    sync.Mutex
	runs  map[int64]*decodedRun
	ring  []int64 // run numbers in the order they came; -1 for none
	next  int
	decs  sync.Pool // *zblob.Decoder
	fetch *sql.Stmt // SELECT data FROM map_runs WHERE run = ?
}

func newRunCache(fetch *sql.Stmt) *runCache {
	c := &runCache{runs: make(map[int64]*decodedRun, runCacheSize), ring: make([]int64, runCacheSize), fetch: fetch}
	for i := range c.ring {
		c.ring[i] = -1
	}
	c.decs.New = func() any { return new(zblob.Decoder) }
	return c
}

// get returns run number run, decoding it if it is not kept.
func (c *runCache) get(ctx context.Context, run int64) (*decodedRun, error) {
	c.mu.Lock()
	d := c.runs[run]
	c.mu.Unlock()
	if d != nil {
		return d, nil
	}
	var blob []byte
	if err := c.fetch.QueryRowContext(ctx, run).Scan(&blob); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("mapdata: map run %d: %w: missing", run, errBadRun)
		}
		return nil, fmt.Errorf("mapdata: read map run %d: %w", run, err)
	}
	dec := c.decs.Get().(*zblob.Decoder)
	d, err := decodeRun(dec, run, blob)
	c.decs.Put(dec)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if _, ok := c.runs[run]; !ok {
		if old := c.ring[c.next]; old >= 0 {
			delete(c.runs, old)
		}
		c.ring[c.next] = run
		c.next = (c.next + 1) % len(c.ring)
		c.runs[run] = d
	}
	c.mu.Unlock()
	return d, nil
}

// bucket returns the blob of bucket id.
func (c *runCache) bucket(ctx context.Context, id int64) ([]byte, error) {
	d, err := c.get(ctx, runOf(id))
	if err != nil {
		return nil, err
	}
	b, ok := d.bucket(id)
	if !ok {
		return nil, fmt.Errorf("mapdata: map run %d: %w: no bucket %d", runOf(id), errBadRun, id)
	}
	return b, nil
}

// CheckRuns decodes every map run of db and the rows of each of its
// buckets, and checks that the runs hold exactly the buckets of the
// index; it returns a line per problem (none for a pack without map
// runs). For waymark check (engine/pack).
func CheckRuns(ctx context.Context, db *sql.DB) []string {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'map_runs'`).Scan(&n); err != nil {
		return []string{fmt.Sprintf("map runs: %v", err)}
	}
	if n == 0 {
		return nil
	}
	var buckets, maxID int64
	if err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(max(id), 0) FROM map_buckets`).Scan(&buckets, &maxID); err != nil {
		return []string{fmt.Sprintf("map buckets: %v", err)}
	}
	rows, err := db.QueryContext(ctx, `SELECT run, data FROM map_runs ORDER BY run`)
	if err != nil {
		return []string{fmt.Sprintf("map runs: %v", err)}
	}
	defer rows.Close()
	var (
		problems []string
		dec      zblob.Decoder
		rr       rowsReader
		row      Row
		stored   int64
		want     int64
	)
	for rows.Next() {
		var run int64
		var blob sql.RawBytes
		if err := rows.Scan(&run, &blob); err != nil {
			return append(problems, fmt.Sprintf("map runs: %v", err))
		}
		if run != want {
			problems = append(problems, fmt.Sprintf("map runs: run %d where run %d was expected", run, want))
		}
		want = run + 1
		d, err := decodeRun(&dec, run, blob)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if last := runOf(maxID); run < last && len(d.ends) != runSize {
			problems = append(problems, fmt.Sprintf("map run %d: %d buckets, not %d", run, len(d.ends), runSize))
		}
		for i := range d.ends {
			id := d.first + int64(i)
			b, _ := d.bucket(id)
			if err := rr.each(id, b, &row, func(*Row) error { return nil }); err != nil {
				problems = append(problems, err.Error())
			}
		}
		stored += int64(len(d.ends))
	}
	if err := rows.Err(); err != nil {
		problems = append(problems, fmt.Sprintf("map runs: %v", err))
	}
	if stored != buckets || stored != maxID {
		problems = append(problems, fmt.Sprintf("map runs: %d buckets stored, the index has %d (ids to %d)", stored, buckets, maxID))
	}
	return problems
}
