package mapdata

import (
	"context"
	"database/sql"
	"fmt"
)

// Schema creates the map tables of a pack (the import's features stage,
// through Writer):
//
//	map_classes(id, name, kind)   class names (regions.MapClassNames)
//	map_features(id, class, minzoom, layer, flags, rank, name, geom)
//	                              geom: AppendGeom's encoding (its box: GeomBox)
//	map_buckets R*Tree: id, minx, maxx, miny, maxy (normalized Mercator),
//	           minz, maxz (the zooms its rows are drawn at), and +first,
//	           +last (its rows' ids), +labels (1: rows that take part in
//	           label placement); see writer.go
//
// Packs of format 2 store each row's box too (box BLOB, AppendBox's
// encoding, 16 bytes a row: 4% of a pack); packs of format 1 have no box
// column and, instead of map_buckets, one R*Tree entry per row
// (map_index) and per label row (map_labels). Reader reads all three.
var Schema = []string{
	`CREATE TABLE map_classes(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, kind TEXT NOT NULL)`,
	`CREATE TABLE map_features(id INTEGER PRIMARY KEY, class INTEGER NOT NULL, minzoom INTEGER NOT NULL,
		layer INTEGER NOT NULL, flags INTEGER NOT NULL, rank INTEGER NOT NULL, name TEXT, geom BLOB NOT NULL)`,
	`CREATE VIRTUAL TABLE map_buckets USING rtree(id, minx, maxx, miny, maxy, minz, maxz, +first, +last, +labels)`,
}

// InsertClass is the statement the import writes map classes with.
const InsertClass = `INSERT INTO map_classes(id, name, kind) VALUES(?, ?, ?)`

// bucketFrom reads the rows of the buckets meeting a box and zoom.
const bucketFrom = `
FROM map_buckets b JOIN map_features f ON f.id BETWEEN b.first AND b.last
WHERE b.maxx >= ? AND b.minx <= ? AND b.maxy >= ? AND b.miny <= ? AND b.minz <= ? AND b.maxz >= ?`

const (
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
// callback that receives the row (they point into SQLite's buffers).
type Row struct {
	ID                        int64
	Class, Layer, Flags, Rank int
	Name, Geom                []byte
	Box                       Box
}

// Reader reads the map features of one pack. It is safe for concurrent use.
type Reader struct {
	classes      []string // by class id; "" for ids not in use
	near, labels *sql.Stmt
	buckets      bool // formats 2, 3: map_buckets; else map_index and map_labels
	boxes        bool // format 2: rows store their box
}

// Open prepares the map queries of a pack's database; it returns nil and
// no error when the pack has no map tables (it draws nothing).
func Open(ctx context.Context, db *sql.DB) (*Reader, error) {
	var features, buckets, labels int
	if err := db.QueryRowContext(ctx, `SELECT count(name = 'map_features' OR NULL), count(name = 'map_buckets' OR NULL),
		count(name = 'map_labels' OR NULL) FROM sqlite_master`).Scan(&features, &buckets, &labels); err != nil {
		return nil, fmt.Errorf("mapdata: %w", err)
	}
	if features == 0 || buckets+labels == 0 {
		return nil, nil
	}
	var boxes int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('map_features') WHERE name = 'box'`).Scan(&boxes); err != nil {
		return nil, fmt.Errorf("mapdata: %w", err)
	}
	r := &Reader{buckets: buckets > 0, boxes: boxes > 0}
	nearQuery, labelQuery := indexQuery, indexLabelQuery
	switch {
	case r.buckets && r.boxes:
		nearQuery, labelQuery = boxQuery, boxLabelQuery
	case r.buckets:
		nearQuery, labelQuery = bucketQuery, bucketLabelQuery
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
	return r, nil
}

// Close releases the prepared statements.
func (r *Reader) Close() error {
	if r == nil {
		return nil
	}
	r.near.Close()
	return r.labels.Close()
}

// Classes returns the class names by class id ("" for unused ids).
func (r *Reader) Classes() []string { return r.classes }

// Features calls fn with every row drawn at zoom z whose box meets b.
func (r *Reader) Features(ctx context.Context, b Box, z int, fn func(*Row) error) error {
	if r.buckets {
		return r.each(ctx, r.near, func(row *Row) error {
			if !row.Box.meets(b) {
				return nil
			}
			return fn(row)
		}, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z)
	}
	return r.each(ctx, r.near, fn, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z)
}

// Labels calls fn with every label row drawn at zoom z whose box meets b
// but not except (the rows Features(except) gave already).
func (r *Reader) Labels(ctx context.Context, b, except Box, z int, fn func(*Row) error) error {
	if r.buckets {
		return r.each(ctx, r.labels, func(row *Row) error {
			if !row.Box.meets(b) || row.Box.meets(except) {
				return nil
			}
			return fn(row)
		}, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z)
	}
	return r.each(ctx, r.labels, fn, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z, except.MinX, except.MaxX, except.MinY, except.MaxY)
}

// meets reports whether a and q share a point, compared as the R*Tree
// compares its float32 coordinates with a query's.
func (a Box) meets(q Box) bool {
	return a.MaxX >= q.MinX && a.MinX <= q.MaxX && a.MaxY >= q.MinY && a.MinY <= q.MaxY
}

func (r *Reader) each(ctx context.Context, q *sql.Stmt, fn func(*Row) error, args ...any) error {
	rows, err := q.QueryContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("mapdata: query: %w", err)
	}
	defer rows.Close()
	var row Row
	for rows.Next() {
		var name, geom, box sql.RawBytes
		var ok bool
		switch {
		case r.buckets && r.boxes:
			err = rows.Scan(&row.ID, &row.Class, &row.Layer, &row.Flags, &row.Rank, &name, &geom, &box)
			if err == nil {
				if row.Box, ok = decodeBox(box); !ok {
					err = ErrBadGeom
				}
			}
		case r.buckets:
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
