package mapdata

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Schema creates the map tables of a pack (the import's features stage,
// through Writer):
//
//	map_classes(id, name, kind)   class names (regions.MapClassNames)
//	map_buckets R*Tree: id, minx, maxx, miny, maxy (normalized Mercator),
//	           minz, maxz (the zooms its rows are drawn at), +labels (1:
//	           rows that take part in label placement); see writer.go
//	map_runs(run, data)           the rows of buckets 32·run+1 to 32·run+32,
//	           compressed together as runs.go says; a bucket's rows are
//	           encoded as rows.go says: per row class, layer, flags, rank,
//	           name and geometry (AppendGeom's encoding; its box: GeomBox)
//
// Packs of formats 4 to 6 (and the first format 7 packs, built before
// map_runs) store a bucket's rows uncompressed, a row per bucket:
// map_rows(bucket, data). Packs of format 3 store a row per feature:
// map_features(id, class, minzoom, layer, flags, rank, name, geom), the
// rows of a bucket consecutive (map_buckets +first, +last); packs of
// format 2 store each row's box too (box BLOB, AppendBox's encoding);
// packs of format 1 have no box column and, instead of map_buckets, one
// R*Tree entry per row (map_index) and per label row (map_labels). Reader
// reads all five.
var Schema = []string{
	`CREATE TABLE map_classes(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, kind TEXT NOT NULL)`,
	`CREATE VIRTUAL TABLE map_buckets USING rtree(id, minx, maxx, miny, maxy, minz, maxz, +labels)`,
	`CREATE TABLE map_runs(run INTEGER PRIMARY KEY, data BLOB NOT NULL)`,
}

// InsertClass is the statement the import writes map classes with.
const InsertClass = `INSERT INTO map_classes(id, name, kind) VALUES(?, ?, ?)`

// bucketWhere selects the buckets meeting a box and zoom.
const bucketWhere = `
WHERE b.maxx >= ? AND b.minx <= ? AND b.maxy >= ? AND b.miny <= ? AND b.minz <= ? AND b.maxz >= ?`

const (
	rowsQuery      = `SELECT b.id, d.data FROM map_buckets b JOIN map_rows d ON d.bucket = b.id` + bucketWhere
	rowsLabelQuery = rowsQuery + ` AND b.labels = 1`
	// allRowsQuery reads every bucket (Reader.All).
	allRowsQuery = `SELECT b.id, b.minz, b.maxz, d.data FROM map_buckets b JOIN map_rows d ON d.bucket = b.id ORDER BY b.id`
)

// The queries of format 7 packs, whose buckets' rows are in map_runs.
const (
	runBucketQuery      = `SELECT b.id FROM map_buckets b` + bucketWhere
	runBucketLabelQuery = runBucketQuery + ` AND b.labels = 1`
	runQuery            = `SELECT data FROM map_runs WHERE run = ?`
	allRunBucketsQuery  = `SELECT id, minz, maxz FROM map_buckets ORDER BY id`
)

// The queries of format 2 and 3 packs, whose buckets are runs of
// map_features rows.
const (
	bucketFrom = `
FROM map_buckets b JOIN map_features f ON f.id BETWEEN b.first AND b.last` + bucketWhere
	bucketQuery      = `SELECT f.id, f.class, f.layer, f.flags, f.rank, f.name, f.geom` + bucketFrom
	bucketLabelQuery = bucketQuery + ` AND b.labels = 1`
	// The queries of format 2 packs, whose rows store their box.
	boxQuery      = `SELECT f.id, f.class, f.layer, f.flags, f.rank, f.name, f.geom, f.box` + bucketFrom
	boxLabelQuery = boxQuery + ` AND b.labels = 1`
)

// The queries of format 1 packs.
const (
	indexQuery = `SELECT f.id, f.class, f.layer, f.flags, f.rank, f.name, f.geom, i.minx, i.maxx, i.miny, i.maxy
FROM map_index i JOIN map_features f ON f.id = i.id
WHERE i.maxx >= ? AND i.minx <= ? AND i.maxy >= ? AND i.miny <= ? AND i.minz <= ? AND i.maxz >= ?`
	// indexLabelQuery reads the label rows of a box that the feature
	// query of another box (the last four parameters) did not return.
	indexLabelQuery = `SELECT f.id, f.class, f.layer, f.flags, f.rank, f.name, f.geom, i.minx, i.maxx, i.miny, i.maxy
FROM map_labels i JOIN map_features f ON f.id = i.id
WHERE i.maxx >= ? AND i.minx <= ? AND i.maxy >= ? AND i.miny <= ? AND i.minz <= ? AND i.maxz >= ?
AND NOT (i.maxx >= ? AND i.minx <= ? AND i.maxy >= ? AND i.miny <= ?)`
)

// Box is an axis-aligned box in normalized Mercator.
type Box struct{ MinX, MinY, MaxX, MaxY float64 }

// Row is one map feature as read. Name and Geom are only valid inside the
// callback that receives the row (they point into SQLite's buffers or the
// reader's).
type Row struct {
	// ID identifies the row within its pack: bucket id << 8 | the row's
	// index in its bucket (format 4), the map_features id before.
	ID                        int64
	Class, Layer, Flags, Rank int
	Name, Geom                []byte
	Box                       Box
}

// layout is how a pack stores its map rows.
type layout uint8

const (
	layoutRuns    layout = iota // format 7: map_buckets and map_runs
	layoutRows                  // formats 4 to 6: map_buckets and map_rows blobs
	layoutBuckets               // format 3: map_buckets and map_features runs
	layoutBoxes                 // format 2: as 3, rows store their box
	layoutIndex                 // format 1: map_index and map_labels
)

// Reader reads the map features of one pack. It is safe for concurrent use.
type Reader struct {
	classes      []string // by class id; "" for ids not in use
	near, labels *sql.Stmt
	layout       layout
	db           *sql.DB
	runs         *runCache // layoutRuns
}

// Open prepares the map queries of a pack's database; it returns nil and
// no error when the pack has no map tables (it draws nothing).
func Open(ctx context.Context, db *sql.DB) (*Reader, error) {
	var features, buckets, labels, rowBlobs, runs, boxes int
	if err := db.QueryRowContext(ctx, `SELECT count(name = 'map_features' OR NULL), count(name = 'map_buckets' OR NULL),
		count(name = 'map_labels' OR NULL), count(name = 'map_rows' OR NULL), count(name = 'map_runs' OR NULL)
		FROM sqlite_master`).Scan(&features, &buckets, &labels, &rowBlobs, &runs); err != nil {
		return nil, fmt.Errorf("mapdata: %w", err)
	}
	if features+rowBlobs+runs == 0 || buckets+labels == 0 {
		return nil, nil
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('map_features') WHERE name = 'box'`).Scan(&boxes); err != nil {
		return nil, fmt.Errorf("mapdata: %w", err)
	}
	r := &Reader{db: db}
	var nearQuery, labelQuery string
	switch {
	case runs > 0 && buckets > 0:
		r.layout, nearQuery, labelQuery = layoutRuns, runBucketQuery, runBucketLabelQuery
	case rowBlobs > 0 && buckets > 0:
		r.layout, nearQuery, labelQuery = layoutRows, rowsQuery, rowsLabelQuery
	case buckets > 0 && boxes > 0:
		r.layout, nearQuery, labelQuery = layoutBoxes, boxQuery, boxLabelQuery
	case buckets > 0:
		r.layout, nearQuery, labelQuery = layoutBuckets, bucketQuery, bucketLabelQuery
	default:
		r.layout, nearQuery, labelQuery = layoutIndex, indexQuery, indexLabelQuery
	}
	rows, err := db.QueryContext(ctx, `SELECT id, name FROM map_classes`)
	if err != nil {
		return nil, fmt.Errorf("mapdata: map classes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("mapdata: map classes: %w", err)
		}
		if id < 0 || id > 1<<16 {
			return nil, fmt.Errorf("mapdata: map class id %d", id)
		}
		for len(r.classes) <= id {
			r.classes = append(r.classes, "")
		}
		r.classes[id] = name
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mapdata: map classes: %w", err)
	}
	if r.near, err = db.PrepareContext(ctx, nearQuery); err != nil {
		return nil, fmt.Errorf("mapdata: prepare feature query: %w", err)
	}
	if r.labels, err = db.PrepareContext(ctx, labelQuery); err != nil {
		r.near.Close()
		return nil, fmt.Errorf("mapdata: prepare label query: %w", err)
	}
	if r.layout == layoutRuns {
		fetch, err := db.PrepareContext(ctx, runQuery)
		if err != nil {
			r.near.Close()
			r.labels.Close()
			return nil, fmt.Errorf("mapdata: prepare run query: %w", err)
		}
		r.runs = newRunCache(fetch)
	}
	return r, nil
}

// Close releases the prepared statements.
func (r *Reader) Close() error {
	if r == nil {
		return nil
	}
	r.near.Close()
	if r.runs != nil {
		r.runs.fetch.Close()
	}
	return r.labels.Close()
}

// Classes returns the class names by class id ("" for unused ids).
func (r *Reader) Classes() []string { return r.classes }

// Features calls fn with every row drawn at zoom z whose box meets b.
func (r *Reader) Features(ctx context.Context, b Box, z int, fn func(*Row) error) error {
	if r.layout == layoutIndex {
		return r.each(ctx, r.near, fn, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z)
	}
	return r.each(ctx, r.near, func(row *Row) error {
		if !row.Box.meets(b) {
			return nil
		}
		return fn(row)
	}, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z)
}

// Labels calls fn with every label row drawn at zoom z whose box meets b
// but not except (the rows Features(except) gave already).
func (r *Reader) Labels(ctx context.Context, b, except Box, z int, fn func(*Row) error) error {
	if r.layout == layoutIndex {
		return r.each(ctx, r.labels, fn, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z, except.MinX, except.MaxX, except.MinY, except.MaxY)
	}
	return r.each(ctx, r.labels, func(row *Row) error {
		if !row.Box.meets(b) || row.Box.meets(except) {
			return nil
		}
		return fn(row)
	}, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z)
}

// All calls fn with every row of a pack of format 4 or later, in bucket
// order, with the zooms it is drawn at (for tests and tools; other
// formats give an error).
func (r *Reader) All(ctx context.Context, fn func(row *Row, minz, maxz int) error) error {
	if r.layout == layoutRuns {
		return r.allRuns(ctx, fn)
	}
	if r.layout != layoutRows {
		return errors.New("mapdata: All reads packs of format 4 or later only")
	}
	rows, err := r.db.QueryContext(ctx, allRowsQuery)
	if err != nil {
		return fmt.Errorf("mapdata: query: %w", err)
	}
	defer rows.Close()
	var rr rowsReader
	var row Row
	for rows.Next() {
		var id int64
		var minz, maxz float64
		var data sql.RawBytes
		if err := rows.Scan(&id, &minz, &maxz, &data); err != nil {
			return fmt.Errorf("mapdata: read: %w", err)
		}
		if err := rr.each(id, data, &row, func(row *Row) error { return fn(row, int(minz), int(maxz)) }); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("mapdata: read: %w", err)
	}
	return nil
}

// meets reports whether a and q share a point, compared as the R*Tree
// compares its float32 coordinates with a query's.
func (a Box) meets(q Box) bool {
	return a.MaxX >= q.MinX && a.MinX <= q.MaxX && a.MaxY >= q.MinY && a.MinY <= q.MaxY
}

// each calls fn with the rows of bucket id, whose blob is data.
func (rr *rowsReader) each(id int64, data []byte, row *Row, fn func(*Row) error) error {
	rr.reset(data)
	for i := int64(0); rr.next(); i++ {
		var ok bool
		if row.Box, ok = GeomBox(rr.geom); !ok {
			return fmt.Errorf("mapdata: read: %w", ErrBadGeom)
		}
		row.ID = id<<8 | i
		row.Class, row.Layer, row.Flags, row.Rank = rr.f.class, rr.f.layer, rr.f.flags, rr.f.rank
		row.Name, row.Geom = rr.name, rr.geom
		if err := fn(row); err != nil {
			return err
		}
	}
	if rr.err != nil {
		return fmt.Errorf("mapdata: read bucket %d: %w", id, rr.err)
	}
	return nil
}

// allRuns is All for a format 7 pack.
func (r *Reader) allRuns(ctx context.Context, fn func(row *Row, minz, maxz int) error) error {
	type bucket struct {
		id         int64
		minz, maxz int
	}
	var buckets []bucket
	rows, err := r.db.QueryContext(ctx, allRunBucketsQuery)
	if err != nil {
		return fmt.Errorf("mapdata: query: %w", err)
	}
	for rows.Next() {
		var b bucket
		var minz, maxz float64
		if err := rows.Scan(&b.id, &minz, &maxz); err != nil {
			rows.Close()
			return fmt.Errorf("mapdata: read: %w", err)
		}
		b.minz, b.maxz = int(minz), int(maxz)
		buckets = append(buckets, b)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("mapdata: read: %w", err)
	}
	var rr rowsReader
	var row Row
	for _, b := range buckets {
		data, err := r.runs.bucket(ctx, b.id)
		if err != nil {
			return err
		}
		if err := rr.each(b.id, data, &row, func(row *Row) error { return fn(row, b.minz, b.maxz) }); err != nil {
			return err
		}
	}
	return nil
}

// eachRun calls fn with the rows of the buckets query q finds, in the
// order it finds them (format 7: the buckets' rows are in map_runs).
func (r *Reader) eachRun(ctx context.Context, q *sql.Stmt, fn func(*Row) error, args ...any) error {
	rows, err := q.QueryContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("mapdata: query: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("mapdata: read: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("mapdata: read: %w", err)
	}
	var row Row
	var rr rowsReader
	for _, id := range ids {
		data, err := r.runs.bucket(ctx, id)
		if err != nil {
			return err
		}
		if err := rr.each(id, data, &row, fn); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reader) each(ctx context.Context, q *sql.Stmt, fn func(*Row) error, args ...any) error {
	if r.layout == layoutRuns {
		return r.eachRun(ctx, q, fn, args...)
	}
	rows, err := q.QueryContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("mapdata: query: %w", err)
	}
	defer rows.Close()
	var row Row
	var rr rowsReader
	for rows.Next() {
		var name, geom, box sql.RawBytes
		var ok bool
		switch r.layout {
		case layoutRows:
			var id int64
			if err := rows.Scan(&id, &geom); err != nil {
				return fmt.Errorf("mapdata: read: %w", err)
			}
			if err := rr.each(id, geom, &row, fn); err != nil {
				return err
			}
			continue
		case layoutBoxes:
			err = rows.Scan(&row.ID, &row.Class, &row.Layer, &row.Flags, &row.Rank, &name, &geom, &box)
			if err == nil {
				if row.Box, ok = decodeBox(box); !ok {
					err = ErrBadGeom
				}
			}
		case layoutBuckets:
			err = rows.Scan(&row.ID, &row.Class, &row.Layer, &row.Flags, &row.Rank, &name, &geom)
			if err == nil {
				if row.Box, ok = GeomBox(geom); !ok {
					err = ErrBadGeom
				}
			}
		default:
			err = rows.Scan(&row.ID, &row.Class, &row.Layer, &row.Flags, &row.Rank, &name, &geom,
				&row.Box.MinX, &row.Box.MaxX, &row.Box.MinY, &row.Box.MaxY)
		}
		if err != nil {
			return fmt.Errorf("mapdata: read: %w", err)
		}
		row.Name, row.Geom = name, geom
		if err := fn(&row); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("mapdata: read: %w", err)
	}
	return nil
}
