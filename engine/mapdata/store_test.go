package mapdata

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	_ "github.com/mattn/go-sqlite3"
	"github.com/paulmach/orb"
)

func openDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+filepath.Join(t.TempDir(), "map.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

// randomFeatures returns n rows with boxes from a point to a sizable
// region, zoom ranges of the import's bands, and unique ranks.
func randomFeatures(rng *rand.Rand, n int) []Feature {
	bands := [][2]int{{0, 8}, {9, 11}, {12, 13}, {14, 19}, {18, 19}}
	fs := make([]Feature, n)
	for i := range fs {
		x, y := 0.52+rng.Float64()*0.01, 0.35+rng.Float64()*0.01
		size := 0.0
		switch rng.IntN(4) {
		case 1:
			size = rng.Float64() * 1e-5
		case 2:
			size = rng.Float64() * 1e-3
		case 3:
			size = rng.Float64() * 0.02
		}
		band := bands[rng.IntN(len(bands))]
		b := Box{MinX: x, MinY: y, MaxX: x + size*rng.Float64(), MaxY: y + size*rng.Float64()}
		geom := AppendGeom(nil, GeomPoint, []orb.LineString{{{x, y}}})
		if size > 0 {
			geom = AppendGeom(nil, GeomLine, []orb.LineString{{{b.MinX, b.MinY}, {b.MaxX, b.MaxY}}})
		}
		fs[i] = Feature{
			Class: 1 + rng.IntN(5), Rank: i, Geom: geom, Box: b, Layer: rng.IntN(5) - 2, Flags: rng.IntN(16),
			Name: []string{"", "", "Alp", "Rätikonstrasse"}[rng.IntN(4)],
			MinZ: band[0] + rng.IntN(band[1]-band[0]+1), MaxZ: band[1], Label: rng.IntN(3) == 0,
		}
	}
	return fs
}

func writeFeatures(t testing.TB, db *sql.DB, fs []Feature) {
	t.Helper()
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWriter(ctx, tx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fs {
		if err := w.Add(ctx, &fs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// stored returns f's box as the pack gives it: its geometry's.
func stored(f *Feature) Box {
	b, _ := GeomBox(f.Geom)
	return b
}

// TestBucketsAnswerLikeAScan checks the bucketed reader against a scan of
// every row: same rows for random boxes and zooms, labels excluded from
// the near box as a format 1 R*Tree query excludes them.
func TestBucketsAnswerLikeAScan(t *testing.T) {
	for _, format := range []int{7, 4, 3} {
		t.Run(fmt.Sprint("format", format), func(t *testing.T) { testBucketsAnswerLikeAScan(t, format) })
	}
}

func testBucketsAnswerLikeAScan(t *testing.T, format int) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	db := openDB(t)
	fs := randomFeatures(rng, 3000)
	writeFeatures(t, db, fs)
	switch format {
	case 4:
		toFormat4(t, db)
	case 3:
		toFormat3(t, db)
	}
	r, err := Open(context.Background(), db)
	if err != nil || r == nil {
		t.Fatalf("Open: %v, %v", r, err)
	}
	defer r.Close()
	ids := map[int64]int{} // row id -> rank: ids are unique
	for q := 0; q < 200; q++ {
		z := rng.IntN(20)
		x, y := 0.52+rng.Float64()*0.01, 0.35+rng.Float64()*0.01
		s := 1 / float64(int(1)<<min(z, 16))
		near := Box{MinX: x, MinY: y, MaxX: x + s, MaxY: y + s}
		around := Box{MinX: x - s, MinY: y - s, MaxX: x + 2*s, MaxY: y + 2*s}
		var want, wantLabels []int
		for i := range fs {
			f := &fs[i]
			if f.MinZ > z || f.MaxZ < z {
				continue
			}
			b := stored(f)
			if b.meets(near) {
				want = append(want, f.Rank)
			}
			if f.Label && b.meets(around) && !b.meets(near) {
				wantLabels = append(wantLabels, f.Rank)
			}
		}
		var got, gotLabels []int
		if err := r.Features(context.Background(), near, z, func(row *Row) error {
			f := &fs[row.Rank]
			if row.Box != stored(f) {
				t.Fatalf("row %d box %v, stored %v", row.Rank, row.Box, stored(f))
			}
			if !bytes.Equal(row.Geom, f.Geom) || string(row.Name) != f.Name || row.Class != f.Class ||
				row.Layer != f.Layer || row.Flags != f.Flags {
				t.Fatalf("row %d read as geom %x, name %q, class %d, layer %d, flags %d; written %x, %q, %d, %d, %d",
					row.Rank, row.Geom, row.Name, row.Class, row.Layer, row.Flags, f.Geom, f.Name, f.Class, f.Layer, f.Flags)
			}
			if rank, ok := ids[row.ID]; ok && rank != row.Rank {
				t.Fatalf("rows %d and %d share id %d", rank, row.Rank, row.ID)
			}
			ids[row.ID] = row.Rank
			got = append(got, row.Rank)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if err := r.Labels(context.Background(), around, near, z, func(row *Row) error {
			gotLabels = append(gotLabels, row.Rank)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		slices.Sort(gotLabels)
		if !slices.Equal(got, want) || !slices.Equal(gotLabels, wantLabels) {
			t.Fatalf("query %d (z%d %v): features %v labels %v, want %v and %v", q, z, near, got, gotLabels, want, wantLabels)
		}
	}
}

// TestFormat1Reads checks that packs with one R*Tree entry a row
// (format 1) still draw.
func TestFormat1Reads(t *testing.T) {
	db := openDB(t)
	for _, q := range []string{
		`CREATE TABLE map_classes(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, kind TEXT NOT NULL)`,
		`CREATE TABLE map_features(id INTEGER PRIMARY KEY, class INTEGER NOT NULL, minzoom INTEGER NOT NULL,
			layer INTEGER NOT NULL, flags INTEGER NOT NULL, rank INTEGER NOT NULL, name TEXT, geom BLOB NOT NULL)`,
		`CREATE VIRTUAL TABLE map_index USING rtree(id, minx, maxx, miny, maxy, minz, maxz)`,
		`CREATE VIRTUAL TABLE map_labels USING rtree(id, minx, maxx, miny, maxy, minz, maxz)`,
		`INSERT INTO map_classes VALUES(1, 'peak', 'point')`,
		`INSERT INTO map_features VALUES(1, 1, 12, 0, 0, 7, 'Alp', x'0101000000')`,
		`INSERT INTO map_index VALUES(1, 0.5, 0.5, 0.3, 0.3, 12, 19)`,
		`INSERT INTO map_labels VALUES(1, 0.5, 0.5, 0.3, 0.3, 12, 19)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(context.Background(), db)
	if err != nil || r == nil {
		t.Fatalf("Open: %v, %v", r, err)
	}
	defer r.Close()
	box := Box{MinX: 0.49, MinY: 0.29, MaxX: 0.51, MaxY: 0.31}
	var names []string
	collect := func(row *Row) error { names = append(names, string(row.Name)); return nil }
	if err := r.Features(context.Background(), box, 14, collect); err != nil {
		t.Fatal(err)
	}
	if err := r.Labels(context.Background(), box, Box{}, 14, collect); err != nil {
		t.Fatal(err)
	}
	if err := r.Features(context.Background(), box, 11, collect); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, []string{"Alp", "Alp"}) {
		t.Fatalf("read %q, want the row once from Features and once from Labels at z14", names)
	}
}

// TestFormat2Reads checks that packs whose rows store their box (format
// 2) are read with that box, not the geometry's.
func TestFormat2Reads(t *testing.T) {
	db := openDB(t)
	fs := []Feature{{Class: 1, Rank: 1, Geom: AppendGeom(nil, GeomPoint, []orb.LineString{{{0.5, 0.3}}}),
		Box: Box{MinX: 0.5, MinY: 0.3, MaxX: 0.5, MaxY: 0.3}, MinZ: 12, MaxZ: 19}}
	writeFeatures(t, db, fs)
	toFormat3(t, db)
	far := AppendBox(nil, Box{MinX: 0.9, MinY: 0.9, MaxX: 0.9, MaxY: 0.9})
	if _, err := db.Exec(`ALTER TABLE map_features ADD COLUMN box BLOB NOT NULL DEFAULT x''`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE map_features SET box = ?`, far); err != nil {
		t.Fatal(err)
	}
	r, err := Open(context.Background(), db)
	if err != nil || r == nil {
		t.Fatalf("Open: %v, %v", r, err)
	}
	defer r.Close()
	var boxes []Box
	if err := r.Features(context.Background(), Box{MinX: 0, MinY: 0, MaxX: 1, MaxY: 1}, 14, func(row *Row) error {
		boxes = append(boxes, row.Box)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want, _ := decodeBox(far); len(boxes) != 1 || boxes[0] != want {
		t.Fatalf("Features read boxes %v, want the stored %v", boxes, want)
	}
}

// toFormat3 rewrites the map tables of db (format 4, as Writer writes
// them) as a format 3 pack stores them: a map_features row per row, the
// rows of a bucket consecutive, map_buckets with their id range.
func toFormat3(t *testing.T, db *sql.DB) {
	t.Helper()
	ctx := context.Background()
	r, err := Open(ctx, db)
	if err != nil || r == nil {
		t.Fatalf("Open: %v, %v", r, err)
	}
	type bucket struct {
		id                     int64
		minx, maxx, miny, maxy float64
		minz, maxz, labels     int
	}
	var bs []bucket
	rows, err := db.Query(`SELECT id, minx, maxx, miny, maxy, minz, maxz, labels FROM map_buckets ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var b bucket
		if err := rows.Scan(&b.id, &b.minx, &b.maxx, &b.miny, &b.maxy, &b.minz, &b.maxz, &b.labels); err != nil {
			t.Fatal(err)
		}
		bs = append(bs, b)
	}
	rows.Close()
	type feature struct {
		bucket                    int64
		class, layer, flags, rank int
		name                      any
		geom                      []byte
	}
	var fs []feature
	if err := r.All(ctx, func(row *Row, minz, maxz int) error {
		f := feature{row.ID >> 8, row.Class, row.Layer, row.Flags, row.Rank, nil, bytes.Clone(row.Geom)}
		if len(row.Name) > 0 {
			f.name = string(row.Name)
		}
		fs = append(fs, f)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	r.Close()
	for _, q := range []string{
		`DROP TABLE map_runs`, `DROP TABLE map_buckets`,
		`CREATE TABLE map_features(id INTEGER PRIMARY KEY, class INTEGER NOT NULL, minzoom INTEGER NOT NULL,
			layer INTEGER NOT NULL, flags INTEGER NOT NULL, rank INTEGER NOT NULL, name TEXT, geom BLOB NOT NULL)`,
		`CREATE VIRTUAL TABLE map_buckets USING rtree(id, minx, maxx, miny, maxy, minz, maxz, +first, +last, +labels)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	id := int64(0)
	for _, b := range bs {
		first := id + 1
		for _, f := range fs {
			if f.bucket != b.id {
				continue
			}
			id++
			if _, err := db.Exec(`INSERT INTO map_features VALUES(?, ?, ?, ?, ?, ?, ?, ?)`,
				id, f.class, b.minz, f.layer, f.flags, f.rank, f.name, f.geom); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Exec(`INSERT INTO map_buckets VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			b.id, b.minx, b.maxx, b.miny, b.maxy, b.minz, b.maxz, first, id, b.labels); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGeomBox checks GeomBox against the decoded points, rounded outward
// to float32, and that it rejects what Decode rejects.
func TestGeomBox(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	var g Geom
	for i := 0; i < 500; i++ {
		var parts []orb.LineString
		for p := 0; p < 1+rng.IntN(3); p++ {
			var ls orb.LineString
			for k := 0; k < 1+rng.IntN(6); k++ {
				ls = append(ls, orb.Point{rng.Float64(), rng.Float64()})
			}
			parts = append(parts, ls)
		}
		blob := AppendGeom(nil, GeomLine, parts)
		got, ok := GeomBox(blob)
		if err := g.Decode(blob); err != nil || !ok {
			t.Fatalf("GeomBox ok %v, Decode %v", ok, err)
		}
		want := Box{MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)}
		for k := 0; k+1 < len(g.XY); k += 2 {
			want = Box{min(want.MinX, g.XY[k]), min(want.MinY, g.XY[k+1]), max(want.MaxX, g.XY[k]), max(want.MaxY, g.XY[k+1])}
		}
		want, _ = decodeBox(AppendBox(nil, want))
		if got != want {
			t.Fatalf("GeomBox = %v, want %v", got, want)
		}
	}
	for _, bad := range [][]byte{nil, {GeomLine}, {GeomLine, 1, 5, 1}, {GeomPoint, 0}} {
		if _, ok := GeomBox(bad); ok {
			t.Errorf("GeomBox(%v) ok, want rejected", bad)
		}
	}
}
