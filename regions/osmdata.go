package regions

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"
)

// Data is an OpenStreetMap extract held in memory for the import stages.
//
// Region packs cover regions (a country at most), so the whole extract fits in
// memory comfortably (the LI extract: 383k nodes, ~60 MB). Every stage reads
// the same Data instead of scanning the file again.
//
// Way node references carry their coordinates (WayNode.Lat/Lon are filled in
// by Load); a reference to a node missing from the extract keeps Lat=Lon=0 and
// is counted in MissingNodeRefs. Use Way.Nodes[i].Point() for orb points.
type Data struct {
	// Coords holds the location of every node, tagged or not.
	Coords map[osm.NodeID]orb.Point
	// Nodes holds the nodes that carry at least one tag, in file order.
	Nodes []*osm.Node
	// Ways and Relations hold every way and relation, in file order.
	Ways      []*osm.Way
	Relations []*osm.Relation
	// WayByID and NodeByID index Ways and tagged Nodes.
	WayByID  map[osm.WayID]*osm.Way
	NodeByID map[osm.NodeID]*osm.Node
	// Timestamp is the newest object timestamp, or the header's replication
	// timestamp when it is newer.
	Timestamp time.Time
	// Bound is the bounding box of all node coordinates.
	Bound orb.Bound
	// MissingNodeRefs counts way node references whose node is not in the extract.
	MissingNodeRefs int

	relByID map[osm.RelationID]bool // relations read (LoadAll's deduplication)
	objects int64                   // objects read so far, for progress
}

// Progress receives import progress: the stage name and a count of objects
// handled so far in that stage. Implementations must be cheap; they are
// called often. A nil Progress is allowed everywhere one is accepted.
type Progress func(stage string, done int64)

func (p Progress) report(stage string, done int64) {
	if p != nil {
		p(stage, done)
	}
}

// Load reads an .osm.pbf (or, by file suffix, an .osm XML) file into memory.
// It honours ctx cancellation and reports "read" progress every 10,000 objects.
func Load(ctx context.Context, path string, progress Progress) (*Data, error) {
	return LoadAll(ctx, []string{path}, progress)
}

// LoadAll reads several extracts into one Data, as one extract: objects
// that more than one holds (neighbouring extracts overlap at their
// borders) are kept once, by type and id, from the first file that has
// them, so regions cut apart route, search and draw as one.
func LoadAll(ctx context.Context, paths []string, progress Progress) (*Data, error) {
	d := newData()
	for _, path := range paths {
		xml := strings.HasSuffix(strings.ToLower(path), ".osm")
		if err := sniffInput(path, xml); err != nil {
			if errors.Is(err, ErrNotPBF) {
				return nil, fmt.Errorf("regions: read %s: %w; %s", path, err, advice(ErrNotPBF))
			}
			return nil, fmt.Errorf("regions: open extract: %w", err)
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("regions: open extract: %w", err)
		}
		err = d.read(ctx, f, xml, progress)
		f.Close()
		if err != nil {
			if cerr := ctx.Err(); cerr != nil {
				return nil, cerr
			}
			return nil, inputError(path, err)
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return d, nil
}

type scanner interface {
	Scan() bool
	Object() osm.Object
	Err() error
	Close() error
}

// Read reads OSM data from r: PBF, or OSM XML when xml is true.
func Read(ctx context.Context, r io.Reader, xml bool, progress Progress) (*Data, error) {
	d := newData()
	if err := d.read(ctx, r, xml, progress); err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		return nil, fmt.Errorf("regions: read extract: %w", err)
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return d, nil
}

func newData() *Data {
	return &Data{
		Coords:   make(map[osm.NodeID]orb.Point, 1<<16),
		WayByID:  make(map[osm.WayID]*osm.Way, 1<<12),
		NodeByID: make(map[osm.NodeID]*osm.Node, 1<<12),
		relByID:  make(map[osm.RelationID]bool),
		Bound:    orb.Bound{Min: orb.Point{180, 90}, Max: orb.Point{-180, -90}},
	}
}

// read adds the objects of r that d does not hold yet (by type and id).
func (d *Data) read(ctx context.Context, r io.Reader, xml bool, progress Progress) error {
	var sc scanner
	if xml {
		sc = osmxml.New(ctx, r)
	} else {
		pbf := osmpbf.New(ctx, r, runtime.GOMAXPROCS(0))
		if h, err := pbf.Header(); err == nil && h != nil && h.ReplicationTimestamp.After(d.Timestamp) {
			d.Timestamp = h.ReplicationTimestamp
		}
		sc = pbf
	}
	defer sc.Close()

	n := d.objects
	for sc.Scan() {
		n++
		if n%10000 == 0 {
			progress.report("read", n)
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		switch o := sc.Object().(type) {
		case *osm.Node:
			if _, dup := d.Coords[o.ID]; dup {
				continue
			}
			p := orb.Point{o.Lon, o.Lat}
			d.Coords[o.ID] = p
			d.Bound = d.Bound.Extend(p)
			d.noteTime(o.Timestamp)
			if len(o.Tags) > 0 {
				d.Nodes = append(d.Nodes, o)
				d.NodeByID[o.ID] = o
			}
		case *osm.Way:
			if _, dup := d.WayByID[o.ID]; dup {
				continue
			}
			d.Ways = append(d.Ways, o)
			d.WayByID[o.ID] = o
			d.noteTime(o.Timestamp)
		case *osm.Relation:
			if d.relByID[o.ID] {
				continue
			}
			d.relByID[o.ID] = true
			d.Relations = append(d.Relations, o)
			d.noteTime(o.Timestamp)
		}
	}
	d.objects = n
	if err := sc.Err(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	progress.report("read", n)
	return nil
}

// finish fills the way node coordinates once every input is read.
func (d *Data) finish() error {
	if len(d.Coords) == 0 {
		return fmt.Errorf("regions: read extract: %w", ErrEmptyExtract)
	}
	for _, w := range d.Ways {
		for i := range w.Nodes {
			p, ok := d.Coords[w.Nodes[i].ID]
			if !ok {
				d.MissingNodeRefs++
				continue
			}
			w.Nodes[i].Lon, w.Nodes[i].Lat = p[0], p[1]
		}
	}
	return nil
}

func (d *Data) noteTime(t time.Time) {
	if t.After(d.Timestamp) {
		d.Timestamp = t
	}
}

// WayLine returns the way's geometry, skipping references to missing nodes.
func (d *Data) WayLine(w *osm.Way) orb.LineString {
	ls := make(orb.LineString, 0, len(w.Nodes))
	for _, wn := range w.Nodes {
		if p, ok := d.Coords[wn.ID]; ok {
			ls = append(ls, p)
		}
	}
	return ls
}
