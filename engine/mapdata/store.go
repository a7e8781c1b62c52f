package mapdata

import (
	"context"
	"database/sql"
	"fmt"
)

// Schema creates the map tables of a pack (the import's features stage):
//
//	map_classes(id, name, kind)   class names (regions.MapClassNames)
//	map_features(id, class, minzoom, layer, flags, rank, name, geom)
//	                              geom: AppendGeom's encoding
//	map_index  R*Tree: id, minx, maxx, miny, maxy (normalized Mercator),
//	           minz, maxz (the zooms a row is drawn at)
//	map_labels R*Tree as map_index, for the rows that carry a label
var Schema = []string{
	`CREATE TABLE map_classes(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, kind TEXT NOT NULL)`,
	`CREATE TABLE map_features(id INTEGER PRIMARY KEY, class INTEGER NOT NULL, minzoom INTEGER NOT NULL,
		layer INTEGER NOT NULL, flags INTEGER NOT NULL, rank INTEGER NOT NULL, name TEXT, geom BLOB NOT NULL)`,
	`CREATE VIRTUAL TABLE map_index USING rtree(id, minx, maxx, miny, maxy, minz, maxz)`,
	`CREATE VIRTUAL TABLE map_labels USING rtree(id, minx, maxx, miny, maxy, minz, maxz)`,
}

// The statements the import writes the map tables with.
const (
	InsertClass   = `INSERT INTO map_classes(id, name, kind) VALUES(?, ?, ?)`
	InsertFeature = `INSERT INTO map_features(id, class, minzoom, layer, flags, rank, name, geom) VALUES(?, ?, ?, ?, ?, ?, ?, ?)`
	InsertIndex   = `INSERT INTO map_index(id, minx, maxx, miny, maxy, minz, maxz) VALUES(?, ?, ?, ?, ?, ?, ?)`
	InsertLabel   = `INSERT INTO map_labels(id, minx, maxx, miny, maxy, minz, maxz) VALUES(?, ?, ?, ?, ?, ?, ?)`
)

const featureQuery = `SELECT f.id, f.class, f.layer, f.flags, f.rank, f.name, f.geom, i.minx, i.maxx, i.miny, i.maxy
FROM map_index i JOIN map_features f ON f.id = i.id
WHERE i.maxx >= ? AND i.minx <= ? AND i.maxy >= ? AND i.miny <= ? AND i.minz <= ? AND i.maxz >= ?`

// labelQuery reads the label rows of a box that the feature query of
// another box (the last four parameters) did not return.
const labelQuery = `SELECT f.id, f.class, f.layer, f.flags, f.rank, f.name, f.geom, i.minx, i.maxx, i.miny, i.maxy
FROM map_labels i JOIN map_features f ON f.id = i.id
WHERE i.maxx >= ? AND i.minx <= ? AND i.maxy >= ? AND i.miny <= ? AND i.minz <= ? AND i.maxz >= ?
AND NOT (i.maxx >= ? AND i.minx <= ? AND i.maxy >= ? AND i.miny <= ?)`

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
}

// Open prepares the map queries of a pack's database; it returns nil and
// no error when the pack has no map tables (it draws nothing).
func Open(ctx context.Context, db *sql.DB) (*Reader, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name IN ('map_features', 'map_labels')`).Scan(&n); err != nil {
		return nil, fmt.Errorf("mapdata: %w", err)
	}
	if n < 2 {
		return nil, nil
	}
	r := &Reader{}
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
	if r.near, err = db.PrepareContext(ctx, featureQuery); err != nil {
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
	return each(ctx, r.near, fn, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z)
}

// Labels calls fn with every label row drawn at zoom z whose box meets b
// but not except (the rows Features(except) gave already).
func (r *Reader) Labels(ctx context.Context, b, except Box, z int, fn func(*Row) error) error {
	return each(ctx, r.labels, fn, b.MinX, b.MaxX, b.MinY, b.MaxY, z, z, except.MinX, except.MaxX, except.MinY, except.MaxY)
}

func each(ctx context.Context, q *sql.Stmt, fn func(*Row) error, args ...any) error {
	rows, err := q.QueryContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("mapdata: query: %w", err)
	}
	defer rows.Close()
	var row Row
	for rows.Next() {
		var name, geom sql.RawBytes
		if err := rows.Scan(&row.ID, &row.Class, &row.Layer, &row.Flags, &row.Rank, &name, &geom,
			&row.Box.MinX, &row.Box.MaxX, &row.Box.MinY, &row.Box.MaxY); err != nil {
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
