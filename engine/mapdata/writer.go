package mapdata

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math"

	"waymark/engine/boxtree"
)

// Map rows are stored in buckets (pack format 2): the rows of a bucket are
// stored together (format 4: one map_rows blob, rows.go; format 7: the
// blobs of 32 consecutive buckets compressed together, map_runs, runs.go;
// formats 2 and 3: consecutive map_features rows), and one R*Tree entry per bucket
// (map_buckets) holds their union box and zoom range. A query reads the
// buckets meeting its box, then their rows, and drops the rows whose own
// box (the float32 box an R*Tree would hold of the row's geometry:
// GeomBox; format 2 packs store it, map_features.box) misses it. One
// R*Tree entry a bucket instead of one a row is most of what format 2
// saves on the map; the rows of an area are also near each other in the
// file.
//
// Buckets are the leaves of a packed R-tree: rows are sorted by zoom range
// and label flag, then by size class (the deepest quadtree level whose
// cells are as large as the row's box), then along a Z-order curve through
// their boxes' centres, and cut into runs that stay inside one cell four
// times the size class's (so a bucket spans a few rows' sizes, and a query
// reads few rows it does not need). The larger the rows, the fewer share a
// bucket (bucketSize: 17 down to 2): a large row meets many tiles, and a
// bucket of them would be read by every tile any of them meets.
//
// On LI (51 k rows) this makes 16 k buckets where format 1 had 64 k R*Tree
// entries (map_index and map_labels): the map's tables 8.7 → 6.1 MB; a
// z18 tile query reads ~200 rows to return 40 (the R*Tree read 40), and a
// dense z14–16 tile renders ~7% slower (BenchmarkTileDense).

// deepLevel is the deepest quadtree level: 2^-19 of the world, ~75 m at
// the equator, a z19 tile.
const deepLevel = 19

// Feature is one map row as the import writes it.
type Feature struct {
	Class, Layer, Flags, Rank int
	Name                      string // "" for none
	Geom                      []byte // AppendGeom's encoding
	Box                       Box
	// MinZ, MaxZ are the zooms the row is drawn at.
	MinZ, MaxZ int
	// Label marks rows that take part in label placement (Reader.Labels).
	Label bool
}

// Writer writes the map rows of a pack inside the import's transaction:
// rows go to a temporary table as they come, and Close writes them in
// buckets (map_runs, runs.go) with the bucket index, streaming; its memory does
// not grow with the rows.
type Writer struct {
	tx    *sql.Tx
	stage *sql.Stmt
}

// NewWriter creates the map tables in tx and returns a Writer for them.
func NewWriter(ctx context.Context, tx *sql.Tx) (*Writer, error) {
	for _, q := range append(Schema,
		`CREATE TEMP TABLE map_stage(key INTEGER NOT NULL, class INTEGER NOT NULL, minzoom INTEGER NOT NULL,
			layer INTEGER NOT NULL, flags INTEGER NOT NULL, rank INTEGER NOT NULL, name TEXT, geom BLOB NOT NULL,
			minx REAL NOT NULL, miny REAL NOT NULL, maxx REAL NOT NULL, maxy REAL NOT NULL)`) {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return nil, fmt.Errorf("mapdata: create map tables: %w", err)
		}
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO temp.map_stage(key, class, minzoom, layer, flags, rank, name, geom,
		minx, miny, maxx, maxy) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return nil, fmt.Errorf("mapdata: prepare map rows: %w", err)
	}
	return &Writer{tx: tx, stage: st}, nil
}

// Add writes one row. Its bucket is chosen by f.Box; the box it is
// found by (in its bucket's and when reading) is its geometry's.
func (w *Writer) Add(ctx context.Context, f *Feature) error {
	box, ok := GeomBox(f.Geom)
	if !ok {
		return fmt.Errorf("mapdata: write map row: %w", ErrBadGeom)
	}
	var name any
	if f.Name != "" {
		name = f.Name
	}
	if _, err := w.stage.ExecContext(ctx, int64(sortKey(f)), f.Class, f.MinZ, f.Layer, f.Flags, f.Rank, name, f.Geom,
		box.MinX, box.MinY, box.MaxX, box.MaxY); err != nil {
		return fmt.Errorf("mapdata: write map row: %w", err)
	}
	return nil
}

// sortKey orders a row among the others (see the bucket doc):
//
//	bits 43..53  minz (5 bits), maxz (5 bits), label (1 bit)
//	bits 38..42  size class: the deepest level whose cells are as large as the box
//	bits 0..37   Z-order code of the box centre's cell at deepLevel
func sortKey(f *Feature) uint64 {
	size := max(f.Box.MaxX-f.Box.MinX, f.Box.MaxY-f.Box.MinY)
	level := uint64(0)
	for level < deepLevel && size <= math.Exp2(-float64(level+1)) {
		level++
	}
	const n = 1 << deepLevel
	cx := uint64(min(max(math.Floor((f.Box.MinX+f.Box.MaxX)/2*n), 0), n-1))
	cy := uint64(min(max(math.Floor((f.Box.MinY+f.Box.MaxY)/2*n), 0), n-1))
	label := uint64(0)
	if f.Label {
		label = 1
	}
	group := uint64(min(max(f.MinZ, 0), 31))<<6 | uint64(min(max(f.MaxZ, 0), 31))<<1 | label
	return group<<43 | level<<38 | interleave(cx, cy)
}

// sameBucket reports whether rows of sort keys a and b may share a bucket:
// same group and size class, centres in one cell two levels above the class.
func sameBucket(a, b uint64) bool {
	if a>>38 != b>>38 {
		return false
	}
	level := int(a >> 38 & 31)
	shift := 2 * (deepLevel - max(level-2, 0))
	return a&(1<<38-1)>>shift == b&(1<<38-1)>>shift
}

// bucketSize is the most rows a bucket of rows of sort key k holds: two
// rows larger than a z16 tile, 5 down to a z17 tile, 9 down to z18, 17
// below. (Meant as 1, 4, 8 and 16, one more since the first packs: the
// sizes are kept so that buckets, and the order rows are drawn in, stay
// the same.)
func bucketSize(k uint64) int64 {
	switch level := int(k >> 38 & 31); {
	case level < 16:
		return 2
	case level < 17:
		return 5
	case level < 18:
		return 9
	}
	return 17
}

// interleave returns the Z-order (Morton) code of x, y < 2^deepLevel.
func interleave(x, y uint64) uint64 {
	var c uint64
	for i := 0; i < deepLevel; i++ {
		c |= (x>>i&1)<<(2*i) | (y>>i&1)<<(2*i+1)
	}
	return c
}

// Close writes the buckets in order (ids from 1; rows of equal sort keys
// in the order they were added): each bucket's entry in the index and its
// rows (map_runs, runs.go). It reads the rows back streaming and drops the
// temporary table.
func (w *Writer) Close(ctx context.Context) error {
	w.stage.Close()
	if _, err := w.tx.ExecContext(ctx, `CREATE INDEX temp.map_stage_key ON map_stage(key)`); err != nil {
		return fmt.Errorf("mapdata: index map rows: %w", err)
	}
	if err := w.buckets(ctx); err != nil {
		return err
	}
	if _, err := w.tx.ExecContext(ctx, `DROP TABLE temp.map_stage`); err != nil {
		return fmt.Errorf("mapdata: write map rows: %w", err)
	}
	return nil
}

// buckets cuts the rows, in sort key order, into buckets and writes them.
func (w *Writer) buckets(ctx context.Context) error {
	ins, err := w.tx.PrepareContext(ctx, `INSERT INTO map_buckets(id, minx, maxx, miny, maxy, minz, maxz, labels)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("mapdata: prepare map buckets: %w", err)
	}
	defer ins.Close()
	insRun, err := w.tx.PrepareContext(ctx, `INSERT INTO map_runs(run, data) VALUES(?, ?)`)
	if err != nil {
		return fmt.Errorf("mapdata: prepare map rows: %w", err)
	}
	defer insRun.Close()
	rows, err := w.tx.QueryContext(ctx, `SELECT key, class, layer, flags, rank, coalesce(name, ''), geom, minx, miny, maxx, maxy
		FROM temp.map_stage ORDER BY key, rowid`)
	if err != nil {
		return fmt.Errorf("mapdata: read map rows: %w", err)
	}
	defer rows.Close()
	var (
		id   int64
		key  uint64
		box  Box
		rw   rowsWriter
		runs runWriter
	)
	flush := func() error {
		if rw.n == 0 {
			return nil
		}
		id++
		g := key >> 43
		if _, err := ins.ExecContext(ctx, id, box.MinX, box.MaxX, box.MinY, box.MaxY, g>>6, g>>1&31, g&1); err != nil {
			return fmt.Errorf("mapdata: write map buckets: %w", err)
		}
		run, data, full, err := runs.add(id, rw.blob())
		if err != nil {
			return err
		}
		if full {
			if _, err := insRun.ExecContext(ctx, run, data); err != nil {
				return fmt.Errorf("mapdata: write map runs: %w", err)
			}
		}
		rw.reset()
		return nil
	}
	for rows.Next() {
		var k int64
		var f rowFields
		var name string
		var geom sql.RawBytes
		var b Box
		if err := rows.Scan(&k, &f.class, &f.layer, &f.flags, &f.rank, &name, &geom, &b.MinX, &b.MinY, &b.MaxX, &b.MaxY); err != nil {
			return fmt.Errorf("mapdata: read map rows: %w", err)
		}
		if rw.n == 0 || int64(rw.n) >= bucketSize(key) || !sameBucket(key, uint64(k)) {
			if err := flush(); err != nil {
				return err
			}
			box = b
		}
		key = uint64(k)
		box = Box{min(box.MinX, b.MinX), min(box.MinY, b.MinY), max(box.MaxX, b.MaxX), max(box.MaxY, b.MaxY)}
		if err := rw.add(f, name, geom); err != nil {
			return fmt.Errorf("mapdata: write map rows: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("mapdata: read map rows: %w", err)
	}
	if err := flush(); err != nil {
		return err
	}
	run, data, err := runs.flush()
	if err != nil || data == nil {
		return err
	}
	if _, err := insRun.ExecContext(ctx, run, data); err != nil {
		return fmt.Errorf("mapdata: write map runs: %w", err)
	}
	return nil
}

// AppendBox appends b as four little-endian float32 (minx, maxx, miny,
// maxy), each rounded outward as SQLite's R*Tree rounds its coordinates.
func AppendBox(dst []byte, b Box) []byte {
	for _, v := range [4]float32{boxtree.RoundDown(b.MinX), boxtree.RoundUp(b.MaxX), boxtree.RoundDown(b.MinY), boxtree.RoundUp(b.MaxY)} {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(v))
	}
	return dst
}

// decodeBox reads what AppendBox wrote.
func decodeBox(b []byte) (Box, bool) {
	if len(b) != 16 {
		return Box{}, false
	}
	f := func(i int) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))) }
	return Box{MinX: f(0), MaxX: f(1), MinY: f(2), MaxY: f(3)}, true
}
