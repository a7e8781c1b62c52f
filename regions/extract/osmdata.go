package extract

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"
)

// Data is an OpenStreetMap extract held for the import stages, in a
// compact form: what the stages need of each object and no more.
//
// Untagged nodes are not kept as objects: their locations are read into a
// compressed store of sorted runs in a temporary file (nodeStore, ~6
// bytes a node on disk, 0.1 in the heap) while loading, copied into the
// ways that use them, and the store is dropped.
// Ways, the bulk of an extract, tagged nodes and relations are kept
// outside the Go heap in memory-mapped temporary files (wayStore) and
// decoded when a stage asks for them: Ways, TaggedNodes and Relations
// iterate them in id order, Way, Node and Relation find one by id (binary
// searches of their sorted indexes). Close ends the mappings (their files
// were unlinked when made).
type Data struct {
	// NodeCount is the number of distinct nodes read, tagged or not.
	NodeCount int
	// Timestamp is the newest object timestamp, or the header's replication
	// timestamp when it is newer.
	Timestamp time.Time
	// Bound is the bounding box of all node coordinates.
	Bound orb.Bound
	// Home is the bounding box of the extract's home area, where its map
	// opens: the country or populated area it is about (homeArea).
	Home orb.Bound
	// MissingNodeRefs counts way node references whose node is not in the extract.
	MissingNodeRefs int

	ways     wayStore                 // every way, with node locations (see Ways)
	raw      *wayWriter               // ways as read, before finish locates their nodes
	tagged   wayStore                 // the tagged nodes, as one-node ways (see TaggedNodes)
	rawNodes *wayWriter               // tagged nodes as read, before finish sorts them
	rels     wayStore                 // every relation, encoded by encodeRelation (see Relations)
	rawRels  *wayWriter               // relations as read, before finish sorts them
	TmpDir   string                   // where the stores' files go; "" keeps them in memory
	store    nodeStore                // every node's location, while loading
	memberAt map[osm.NodeID]orb.Point // untagged relation member nodes
	home     homeCounter
	objects  int64 // objects read so far, for progress
	XML      bool  // an input was OSM XML
}

// Node is a tagged node.
type Node struct {
	ID       osm.NodeID
	Lon, Lat float64
	Tags     osm.Tags
}

// Point returns the node's location.
func (n *Node) Point() orb.Point { return orb.Point{n.Lon, n.Lat} }

// Way is a way with the locations of its nodes.
type Way struct {
	ID    osm.WayID
	Tags  osm.Tags
	Nodes []osm.NodeID
	LL    []int32 // lon, lat ×1e7 per node; noCoord where the node is missing
	xml   bool    // read from OSM XML (see fromE7)
}

const noCoord = -1 << 31

// Point returns the location of the way's i-th node; ok is false when the
// node is missing from the extract.
func (w *Way) Point(i int) (orb.Point, bool) {
	if w.LL == nil || w.LL[2*i] == noCoord {
		return orb.Point{}, false
	}
	return e7Point(w.LL[2*i], w.LL[2*i+1], w.xml), true
}

// e7Point converts a location stored ×1e7 back to degrees exactly as the
// reader computed it: the PBF decoder's 1e-9 × 100 × v at the standard
// granularity, or for XML, decimal text, v/1e7 (a correctly rounded
// division), so every stage sees the float64 it would have been given.
func e7Point(lon, lat int32, xml bool) orb.Point {
	if xml {
		return orb.Point{float64(lon) / 1e7, float64(lat) / 1e7}
	}
	return orb.Point{1e-9 * float64(100*int64(lon)), 1e-9 * float64(100*int64(lat))}
}

// Closed reports whether the way starts and ends at the same node.
func (w *Way) Closed() bool {
	return len(w.Nodes) > 1 && w.Nodes[0] == w.Nodes[len(w.Nodes)-1]
}

// Line returns the way's geometry, skipping nodes missing from the extract.
func (w *Way) Line() orb.LineString {
	ls := make(orb.LineString, 0, len(w.Nodes))
	for i := range w.Nodes {
		if p, ok := w.Point(i); ok {
			ls = append(ls, p)
		}
	}
	return ls
}

// Load reads an .osm.pbf (or, by file suffix, an .osm XML) file; its ways
// go to a temporary file in the system's temporary directory until Close.
// It honours ctx cancellation and reports "read" progress every 10,000 objects.
func Load(ctx context.Context, path string, progress Progress) (*Data, error) {
	return LoadAll(ctx, []string{path}, progress)
}

// LoadAll reads several extracts into one Data, as one extract: objects
// that more than one holds (neighbouring extracts overlap at their
// borders) are kept once, by type and id, from the first file that has
// them, so regions cut apart route, search and draw as one.
func LoadAll(ctx context.Context, paths []string, progress Progress) (*Data, error) {
	t := NewTracker(progress, nil)
	t.Begin("read", 0)
	return LoadWith(ctx, paths, os.TempDir(), t)
}

// LoadWith is LoadAll with the ways' temporary file in tmpDir. On error
// nothing is left open.
func LoadWith(ctx context.Context, paths []string, tmpDir string, t *Tracker) (_ *Data, err error) {
	d := NewData(tmpDir)
	defer func() {
		if err != nil {
			d.Close()
		}
	}()
	var total int64
	for _, path := range paths {
		if st, err := os.Stat(path); err == nil {
			total += st.Size()
		}
	}
	rp := &readProgress{t: t, total: total}
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
		err = d.read(ctx, f, xml, rp)
		f.Close()
		if st, serr := os.Stat(path); serr == nil {
			rp.base += st.Size()
		}
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

func NewData(tmpDir string) *Data {
	return &Data{
		Bound:  orb.Bound{Min: orb.Point{180, 90}, Max: orb.Point{-180, -90}},
		home:   homeCounter{},
		TmpDir: tmpDir,
		store:  nodeStore{dir: tmpDir},
	}
}

// read adds the objects of r; duplicates (by type and id) of objects read
// before are dropped by finish.
func (d *Data) read(ctx context.Context, r io.Reader, xml bool, rp *readProgress) (err error) {
	var sc scanner
	scanned := func() int64 { return 0 }
	var mu sync.Mutex // FilterNode runs on the decoder goroutines
	var members relMembers
	d.store.startInput() // before any decoder runs
	if xml {
		d.XML = true
		sc = osmxml.New(ctx, r)
	} else {
		pbf := osmpbf.New(ctx, r, runtime.GOMAXPROCS(0))
		// Untagged nodes are stored here and never become objects: the
		// decoder reuses their memory. Set before Header, which starts
		// the decoder goroutines that read it.
		pbf.FilterNode = func(n *osm.Node) bool {
			if len(n.Tags) > 0 {
				return true
			}
			mu.Lock()
			d.addLocation(n)
			mu.Unlock()
			return false
		}
		pbf.FilterRelation = members.take
		if h, err := pbf.Header(); err == nil && h != nil {
			mu.Lock() // the decoders may be adding locations (noteTime) already
			if h.ReplicationTimestamp.After(d.Timestamp) {
				d.Timestamp = h.ReplicationTimestamp
			}
			mu.Unlock()
		}
		sc = pbf
		scanned = pbf.FullyScannedBytes
	}
	defer sc.Close()

	n := d.objects
	for sc.Scan() {
		n++
		if n%10000 == 0 {
			rp.report(n, scanned())
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		switch o := sc.Object().(type) {
		case *osm.Node:
			mu.Lock()
			d.addLocation(o)
			mu.Unlock()
			if len(o.Tags) > 0 {
				if err := d.addTagged(o, xml); err != nil {
					return err
				}
			}
		case *osm.Way:
			if d.raw == nil {
				if d.raw, err = newWayWriter(d.TmpDir, nil); err != nil {
					return err
				}
			}
			if err := d.raw.add(o.ID, xml, o.Tags, len(o.Nodes), func(i int) osm.NodeID { return o.Nodes[i].ID }, nil); err != nil {
				return err
			}
			mu.Lock()
			d.noteTime(o.Timestamp)
			mu.Unlock()
		case *osm.Relation:
			if err := d.addRelation(o, members.give(o)); err != nil {
				return err
			}
			mu.Lock()
			d.noteTime(o.Timestamp)
			mu.Unlock()
		}
	}
	d.objects = n
	if err := sc.Err(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	rp.report(n, scanned())
	return nil
}

// readProgress reports the read stage: objects, and the fraction of the
// inputs' bytes decoded (PBF; XML inputs report objects only).
type readProgress struct {
	t           *Tracker
	base, total int64 // bytes of the inputs read before this one; of all
}

func (rp *readProgress) report(objects, scanned int64) {
	within := -1.0
	if rp.total > 0 && scanned > 0 {
		within = float64(rp.base+scanned) / float64(rp.total)
	}
	rp.t.Report(objects, within)
}

func (d *Data) addLocation(n *osm.Node) {
	p := orb.Point{n.Lon, n.Lat}
	d.store.add(n.ID, p)
	d.Bound = d.Bound.Extend(p)
	d.home.add(p)
	d.noteTime(n.Timestamp)
}

// finish sorts and deduplicates what every input gave, copies node
// locations into the ways and drops the location store.
func (d *Data) finish() error {
	defer d.store.close()
	if err := d.store.finish(); err != nil {
		return err
	}
	d.NodeCount = d.store.len()
	if d.NodeCount == 0 {
		return fmt.Errorf("regions: read extract: %w", ErrEmptyExtract)
	}
	if err := d.sortTagged(); err != nil {
		return err
	}

	// Way node locations: the ways as read, in id order, rewritten with
	// their nodes' locations.
	if d.raw != nil {
		raw, err := d.raw.finish()
		d.raw = nil
		if err != nil {
			return err
		}
		ways, missing, err := resolveWays(raw, d.TmpDir, d.store.locator)
		raw.close()
		if err != nil {
			return err
		}
		d.ways, d.MissingNodeRefs = *ways, missing
	}
	d.memberAt = map[osm.NodeID]orb.Point{}
	if err := d.finishRelations(d.store.locator()); err != nil {
		return err
	}
	// A block that could not be read makes its nodes missing: the import
	// stops rather than writing a pack without them.
	if err := d.store.failed(); err != nil {
		return err
	}
	d.Home = homeArea(d, d.home.bound(d.Bound))
	d.home = nil
	return nil
}

// addTagged stores a tagged node: a one-node way of its id and location,
// in the store's id field.
func (d *Data) addTagged(o *osm.Node, xml bool) error {
	if d.rawNodes == nil {
		var err error
		if d.rawNodes, err = newWayWriter(d.TmpDir, nil); err != nil {
			return err
		}
	}
	ll := [2]int32{int32(math.Round(o.Lon * 1e7)), int32(math.Round(o.Lat * 1e7))}
	return d.rawNodes.add(osm.WayID(o.ID), xml, o.Tags, 1, func(int) osm.NodeID { return o.ID }, ll[:])
}

// sortTagged makes the tagged nodes' store: its index sorted by id, the
// first of equal ids kept (objects of earlier inputs win).
func (d *Data) sortTagged() error {
	if d.rawNodes == nil {
		return nil
	}
	raw, err := d.rawNodes.finish()
	d.rawNodes = nil
	if err != nil {
		return err
	}
	if err := raw.sortIndex(); err != nil {
		raw.close()
		return err
	}
	d.tagged = *raw
	return nil
}

// taggedAt decodes the i-th tagged node.
func (d *Data) taggedAt(i int) *Node { return nodeOf(d.tagged.at(i)) }

// sampledNode decodes the i-th tagged node as a lookup (wayStore.lookup):
// read from the file, not through its mapping.
func (d *Data) sampledNode(i int) *Node {
	return nodeOf(decodeWay(d.tagged.lookup(i), d.tagged.id(i), d.tagged.keys))
}

// nodeOf is the tagged node a one-node way of the tagged nodes' store holds.
func nodeOf(w *Way) *Node {
	p, _ := w.Point(0)
	return &Node{ID: osm.NodeID(w.ID), Lon: p[0], Lat: p[1], Tags: w.Tags}
}

// TaggedNodes iterates over the nodes that carry at least one tag, in id
// order, decoding each (the Node is the caller's).
func (d *Data) TaggedNodes() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		// Given back as it goes, as Ways' pages: the tagged nodes' file
		// stayed resident after a pass (places, both profiles' networks).
		for i := range d.tagged.inOrder() {
			if !yield(d.taggedAt(i)) {
				return
			}
		}
	}
}

// TaggedNodeCount returns the number of tagged nodes.
func (d *Data) TaggedNodeCount() int { return d.tagged.len() }

// Node returns the tagged node with id, or nil.
func (d *Data) Node(id osm.NodeID) *Node {
	i, ok := d.tagged.find(osm.WayID(id))
	if !ok {
		return nil
	}
	return nodeOf(decodeWay(d.tagged.lookup(i), osm.WayID(id), d.tagged.keys))
}

func cmpID(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (d *Data) noteTime(t time.Time) {
	if t.After(d.Timestamp) {
		d.Timestamp = t
	}
}

// ReleasePages gives back to the system the pages of the ways, tagged nodes
// and relations that a stage touched (see wayStore.release); the import
// calls it between stages.
func (d *Data) ReleasePages() {
	d.ways.release()
	d.tagged.release()
	d.rels.release()
}

// SetWays replaces the ways by ws (sorted by id), kept in memory: tests
// of this and later stages build small extracts this way.
func (d *Data) SetWays(ws []*Way) {
	ww, _ := newWayWriter("", nil)
	for _, w := range ws {
		ww.add(w.ID, w.xml, w.Tags, len(w.Nodes), func(i int) osm.NodeID { return w.Nodes[i] }, w.LL)
	}
	s, _ := ww.finish()
	for _, w := range ws {
		s.refs += int64(len(w.Nodes))
	}
	d.ways = *s
}
