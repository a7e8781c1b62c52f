package pack

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paulmach/orb"

	"waymark/engine/mapdata"
	"waymark/engine/route"

	_ "github.com/mattn/go-sqlite3" // SQLite driver; build with -tags sqlite_fts5 (see Makefile GO_TAGS)
)

// FormatVersion is the newest region pack format this engine reads;
// it must equal regions.FormatVersion (a test in regions checks that).
// Version 2 stores place geometries compactly (engine/geocode/placegeom);
// version 3 stores a house's address lines once on its street
// (place_addressline.inherits), search rows most important first
// (geocode.SearchRowID) and graphs in route's V4 encoding; version 4
// stores the map rows of a bucket in one blob (mapdata's rows.go), the
// autocomplete index instead of search_name's text (geocode's
// autocomplete_load.go) and graphs in route's V5 encoding; version 5
// stores places in place_rows (coordinates as integers of 1e-7 degree,
// class and type as a place_kinds number) behind a view named places with
// the columns of before (and, from the guidance merge on, graphs in
// route's V6 encoding, with guidance's arrays); version 6 stores graphs in
// route's V7 encoding (the classes exclude= leaves out, on the
// hierarchy's edges, and where a bike is pushed) and adds the cycling
// graph; version 7 stores each graph part compressed (engine/zblob: a
// header, DEFLATE, CRC-32C), and the map rows of 32 consecutive buckets
// compressed together (map_runs instead of map_rows: mapdata's runs.go;
// LI ×64: the map's rows 156.7 → 127.3 MB), which an engine of version 6 cannot read:
// the version tells it so ("format_version 7, want 1 to 6") instead of
// a graph's "bad magic" after the pack has opened. A graph's first part
// tells the compressed parts from the raw ones before, so the engine
// opens all seven (a pack before 6 has no cycling graph, and refuses
// exclude= where it has roads of an excludable class:
// route.ErrExcludeUnsupported).
const FormatVersion = 7

// oldestFormat is the oldest pack format this engine still reads.
const oldestFormat = 1

// ErrFormat is returned when a file is not a region pack of a format this engine reads.
var ErrFormat = errors.New("pack: not a region pack of a supported format")

// Info describes an opened region pack (from its meta table).
type Info struct {
	Name          string
	BuildID       string // random id of this build; keys tile caches
	Source        string // base name of the extract it was built from
	OSMTime       time.Time
	BuildTime     time.Time
	Bound         orb.Bound // all data
	Home          orb.Bound // main cluster: the view to open on
	Attribution   string
	Size          int64 // file size in bytes
	FormatVersion int
}

// Pack is one opened region pack, read-only and safe for concurrent use;
// its database is its own (map features are read through MapData, places
// through Places, Completer and Nearby). Its routing graphs are decoded
// in the background from Open on, so that a pack of any size opens at
// once and geocoding answers while they load; routing waits for them
// (see Graph).
type Pack struct {
	Path string
	Info Info
	db   *sql.DB

	graphs graphSet

	mapOnce sync.Once
	mapData *mapdata.Reader
	mapErr  error

	// caches is told of the caches beside the pack being rebuilt
	// (Options.Caches; caches.go)
	caches func(CacheEvent)
	// damage is what the quick check found (Options.AllowDamaged).
	damage   error
	problems []string

	// places are the pack's place indexes, built on first use (places.go)
	places places
}

// Damage returns why the quick check made at open found the pack
// damaged (wrapping ErrDamaged), or nil for a sound pack. Only a pack
// opened with Options.AllowDamaged can have one.
func (p *Pack) Damage() error { return p.damage }

// Problems lists what the quick check made at open found wrong, one
// sentence each ("table meta differs from what was built (checksum)"),
// or nil for a sound pack.
func (p *Pack) Problems() []string { return p.problems }

// MapData returns the reader of the pack's map features, prepared on first
// use; nil (and no error) when the pack has none.
func (p *Pack) MapData() (*mapdata.Reader, error) {
	p.mapOnce.Do(func() { p.mapData, p.mapErr = mapdata.Open(context.Background(), p.db) })
	return p.mapData, p.mapErr
}

// graphSet is a pack's routing graphs, indexed by route.Profile (nil
// entries when the pack has none), and the error of loading them. A
// profile's graph is set when its ready channel is closed (as soon as it
// is loaded, or when the load ends without it); the errors when done is.
type graphSet struct {
	done  chan struct{}
	ready []chan struct{}
	byPro []*route.Graph
	err   error
	// imageErr is why a graph's image could not be written (graphimage.go).
	imageErr error
}

// Options tune OpenWith.
type Options struct {
	// DecodeGraphs decodes the routing graphs onto the heap, neither
	// mapping nor writing their images (graphimage.go).
	DecodeGraphs bool
	// NoGraphs leaves the routing graphs unloaded: the pack answers no
	// routing (WriteImages writes their images one at a time instead).
	NoGraphs bool
	// Caches, when not nil, is told of each cache beside the pack that
	// is rebuilt (missing, or of another build: a pack copied alone).
	Caches func(CacheEvent)
	// AllowDamaged opens a pack the quick check finds damaged
	// (packquick.go), Damage telling why, instead of refusing it.
	AllowDamaged bool
}

// Open opens the region pack at path read-only, reads its meta table,
// makes the quick check (packquick.go: a damaged pack is refused with
// ErrDamaged) and starts loading its routing graphs in the
// background: mapped from their images beside the pack, or decoded (and
// their images written) the first time (graphimage.go).
func Open(path string) (*Pack, error) { return OpenWith(path, Options{}) }

// OpenWith is Open with options.
func OpenWith(path string, opts Options) (*Pack, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("pack: open pack: %w", err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("pack: open pack %s: %w", path, ErrFormat)
	}
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&immutable=1&_query_only=1")
	if err != nil {
		return nil, fmt.Errorf("pack: open pack %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	meta, err := readMeta(db)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("pack: open pack %s: %w", path, err)
	}
	info, err := parseInfo(meta)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("pack: open pack %s: %w", path, err)
	}
	info.Size = st.Size()
	ctx, cancel := context.WithTimeout(context.Background(), quickCheckTimeout)
	rep, damage := quickCheck(ctx, db, path)
	cancel()
	if damage != nil && !opts.AllowDamaged {
		db.Close()
		return nil, damage
	}
	pk := &Pack{Path: path, Info: info, db: db, caches: opts.Caches, damage: damage, graphs: graphSet{done: make(chan struct{}),
		ready: make([]chan struct{}, len(route.Profiles)), byPro: make([]*route.Graph, len(route.Profiles))}}
	if damage != nil && rep != nil {
		pk.problems = rep.Problems
	}
	closed := make([]sync.Once, len(route.Profiles))
	setReady := func(p route.Profile) { closed[p].Do(func() { close(pk.graphs.ready[p]) }) }
	for p := range pk.graphs.ready {
		pk.graphs.ready[p] = make(chan struct{})
	}
	if opts.NoGraphs {
		for _, p := range route.Profiles {
			setReady(p)
		}
		close(pk.graphs.done)
		return pk, nil
	}
	go func() {
		defer close(pk.graphs.done)
		defer func() { // profiles the pack lacks, or that failed
			for _, p := range route.Profiles {
				setReady(p)
			}
		}()
		images := !opts.DecodeGraphs && info.BuildID != ""
		pk.graphs.imageErr, pk.graphs.err = loadGraphs(pk, images, func(p route.Profile, g *route.Graph) {
			pk.graphs.byPro[p] = g
			setReady(p)
		})
		if pk.graphs.err != nil {
			pk.graphs.err = fmt.Errorf("pack %s: %w", path, pk.graphs.err)
		}
	}()
	return pk, nil
}

// WaitGraphs waits until the pack's routing graphs are decoded and returns
// the error of loading them (a damaged graph), if any.
func (p *Pack) WaitGraphs() error {
	<-p.graphs.done
	return p.graphs.err
}

// GraphsLoaded reports, without waiting, whether the pack's routing
// graphs are loaded (or their load has ended with an error).
func (p *Pack) GraphsLoaded() bool {
	select {
	case <-p.graphs.done:
		return true
	default:
		return false
	}
}

// GraphImageErr waits for the routing graphs and returns why an image of
// one could not be written beside the pack (it was decoded onto the heap
// instead), or nil.
func (p *Pack) GraphImageErr() error {
	<-p.graphs.done
	return p.graphs.imageErr
}

// ReadInfo reads a pack's meta table without loading its indexes or
// graphs (for catalogs listing many packs).
func ReadInfo(path string) (Info, error) {
	st, err := os.Stat(path)
	if err != nil {
		return Info{}, fmt.Errorf("pack: read pack info: %w", err)
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro&immutable=1&_query_only=1")
	if err != nil {
		return Info{}, fmt.Errorf("pack: read pack info %s: %w", path, err)
	}
	defer db.Close()
	meta, err := readMeta(db)
	if err != nil {
		return Info{}, fmt.Errorf("pack: read pack info %s: %w", path, err)
	}
	info, err := parseInfo(meta)
	if err != nil {
		return Info{}, fmt.Errorf("pack: read pack info %s: %w", path, err)
	}
	info.Size = st.Size()
	return info, nil
}

// Close stops the loads of the pack's place indexes and closes them
// (places asked for after it fail), then releases the pack's database
// handle (after its graphs are loaded).
func (p *Pack) Close() error {
	p.closePlaces()
	<-p.graphs.done
	p.mapOnce.Do(func() {}) // no reader is prepared after Close
	p.mapData.Close()
	return p.db.Close()
}

func readMeta(db *sql.DB) (map[string]string, error) {
	rows, err := db.Query(`SELECT key, value FROM meta`)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, err
		}
		m[k] = v
	}
	return m, rows.Err()
}

func parseInfo(m map[string]string) (Info, error) {
	v, err := strconv.Atoi(m["format_version"])
	if err != nil || v < oldestFormat || v > FormatVersion {
		return Info{}, fmt.Errorf("%w: format_version %q, want %d to %d (rebuild the pack with this version)", ErrFormat, m["format_version"], oldestFormat, FormatVersion)
	}
	info := Info{
		Name: m["name"], BuildID: m["build_id"], Source: m["source"],
		Attribution: m["attribution"], FormatVersion: v,
	}
	info.OSMTime, _ = time.Parse(time.RFC3339, m["osm_timestamp"])
	info.BuildTime, _ = time.Parse(time.RFC3339, m["build_time"])
	if info.Bound, err = parseBound(m["bbox"]); err != nil {
		return Info{}, fmt.Errorf("%w: bbox: %v", ErrFormat, err)
	}
	if info.Home, err = parseBound(m["home_bbox"]); err != nil {
		info.Home = info.Bound
	}
	return info, nil
}

// parseBound parses "minlon,minlat,maxlon,maxlat".
func parseBound(s string) (orb.Bound, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return orb.Bound{}, fmt.Errorf("want 4 numbers, got %q", s)
	}
	var v [4]float64
	for i, x := range f {
		n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return orb.Bound{}, err
		}
		v[i] = n
	}
	return orb.Bound{Min: orb.Point{v[0], v[1]}, Max: orb.Point{v[2], v[3]}}, nil
}
