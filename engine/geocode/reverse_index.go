package geocode

// reverse_index.go: the street/POI stage of reverse geocoding from memory.
//
// At street zoom, reverse reads the boxes of the rank 26-30 places near
// the point and then, batch by batch, their rows with geometry, until no
// closer candidate can remain (streetOrPOI). From SQLite that is an
// R*Tree query and one or two row queries, plus a house-number query:
// at LI ×64 about half of a reverse was spent in SQLite's calls. A
// ReverseIndex holds what those queries read, for every candidate of the
// pack: its box in a packed R-tree (package boxtree), its id, ranks,
// class, osm type, house number flags, parent and centroid, and its
// geometry as the pack's blob, decoded when a candidate is looked at. So
// the stage runs in memory, and the only rows read from SQLite are the
// answer's.
//
// The candidates are the rows the SQL stage can return: not linked, of
// address or search rank 26..30, named or of address rank above 27 (the
// house-number query's rows, address rank 30, are among them). Boxes are
// the decoded geometry's, rounded outward to float32 as the R*Tree rounds
// its own: both are lower bounds of the distance to the geometry, which
// is all the stage uses them for, so it gives the same answers either
// way (TestReverseIndexSameAnswers).
//
// Building reads those rows once (LI ×64: 0.54 M rows, ~50 MB); the
// engine keeps the index as an image beside the pack (reverse_image.go)
// and, until it is loaded, reverse runs from SQLite. The geometries, most
// of the index, go to a temporary file as they are read and are copied
// from it once, in the tree's order, into a buffer of their exact size:
// held in memory in the rows' order, grown by appending and then copied
// in the tree's order, they made the build's live heap twice the index
// (LI ×400: 702 MB live for a 344 MB image, the import's peak).

import (
	"bufio"
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"github.com/paulmach/orb"

	"waymark/engine/boxtree"
	"waymark/engine/geocode/placegeom"
)

// ReverseIndex is the street/POI candidates of a pack, in memory or
// mapped from an image. Immutable; safe for concurrent use.
type ReverseIndex struct {
	// Entry i (in the tree's order) is the place ids[i]: its box is
	// tree.Box(i), its geometry geom[geomOff[i]:geomOff[i+1]].
	tree    *boxtree.Tree
	ids     []int64
	parents []int64
	cents   []orb.Point
	meta    []uint64 // revMeta
	geomOff []uint64
	geom    []byte
	classes []string
}

// revMeta packs an entry's class number (bits 0-31), address rank
// (32-39), search rank (40-47), osm type letter (48-55) and flags (56-63).
type revMeta uint64

const (
	revHousenumber = 1 << iota // a house number
	revHousename               // an addr:housename
)

func (m revMeta) class() uint32     { return uint32(m) }
func (m revMeta) rankAddress() int  { return int(m >> 32 & 0xff) }
func (m revMeta) rankSearch() int   { return int(m >> 40 & 0xff) }
func (m revMeta) osmType() byte     { return byte(m >> 48) }
func (m revMeta) has(flag int) bool { return int(m>>56)&flag != 0 }

func makeRevMeta(class uint32, rankAddress, rankSearch int, osmType byte, flags int) revMeta {
	return revMeta(uint64(class) | uint64(rankAddress&0xff)<<32 | uint64(rankSearch&0xff)<<40 |
		uint64(osmType)<<48 | uint64(flags&0xff)<<56)
}

// revIndexSQL selects the candidates, with what streetOrPOI reads of them
// (revCols' columns, the house number as a flag).
const revIndexSQL = `SELECT p.place_id, p.osm_type, p.class, p.rank_address, p.rank_search, p.housenumber != '',
	p.names LIKE '%"addr:housename"%', p.parent_place_id, p.lat, p.lon, p.geometry FROM places p
	WHERE (p.rank_address BETWEEN 26 AND 30 OR p.rank_search BETWEEN 26 AND 30)
	AND p.linked_place_id = 0 AND (p.name != '' OR p.rank_address > 27)`

// revEntry is a candidate as its row reads (scanReverse).
type revEntry struct {
	id, parent int64
	cent       orb.Point
	meta       revMeta
	box        boxtree.Box
	geom       []byte // the stored geometry; nil where it does not decode (the centroid stands for it)
}

// scanReverse calls fn with each candidate of ix's pack, in the rows'
// order, and returns the class strings the entries' class numbers index.
// fn may not keep e.geom.
func scanReverse(ctx context.Context, ix *Index, fn func(e *revEntry) error) ([]string, error) {
	classOf := map[string]uint32{}
	var classes []string
	err := eachRow(ctx, ix.db, revIndexSQL, func(r *sql.Rows) error {
		var e revEntry
		var osmType, class string
		var rankAddress, rankSearch int
		var hn, hname bool
		if err := r.Scan(&e.id, &osmType, &class, &rankAddress, &rankSearch, &hn, &hname, &e.parent, &e.cent[1], &e.cent[0], &e.geom); err != nil {
			return err
		}
		if len(osmType) > 1 || rankAddress < 0 || rankAddress > 255 || rankSearch < 0 || rankSearch > 255 {
			return fmt.Errorf("place %d: osm type %q, ranks %d, %d", e.id, osmType, rankAddress, rankSearch)
		}
		var geom orb.Geometry = e.cent
		if g, err := placegeom.Decode(e.geom); err == nil {
			geom = g
		} else {
			e.geom = nil // the centroid stands for it, as for the SQL stage
		}
		num, ok := classOf[class]
		if !ok {
			num = uint32(len(classes))
			classOf[class] = num
			classes = append(classes, class)
		}
		var t byte
		if osmType != "" {
			t = osmType[0]
		}
		flags := 0
		if hn {
			flags |= revHousenumber
		}
		if hname {
			flags |= revHousename
		}
		e.meta = makeRevMeta(num, rankAddress, rankSearch, t, flags)
		b := geom.Bound()
		e.box = boxtree.Box{boxtree.RoundDown(b.Min[0]), boxtree.RoundDown(b.Min[1]), boxtree.RoundUp(b.Max[0]), boxtree.RoundUp(b.Max[1])}
		return fn(&e)
	})
	return classes, err
}

// NewReverseIndex reads the street/POI candidates of ix's pack onto the
// heap (WriteReverseImage writes the image of the same index without
// holding it).
func NewReverseIndex(ctx context.Context, ix *Index) (*ReverseIndex, error) {
	ri := &ReverseIndex{geomOff: []uint64{0}}
	var boxes []boxtree.Box
	spill, err := os.CreateTemp("", "waymark-reverse-*.geom")
	if err != nil {
		return nil, fmt.Errorf("geocode: load reverse index: %w", err)
	}
	defer os.Remove(spill.Name())
	defer spill.Close()
	geomw := bufio.NewWriterSize(spill, 1<<20)
	var geomLen uint64
	ri.classes, err = scanReverse(ctx, ix, func(e *revEntry) error {
		boxes = append(boxes, e.box)
		ri.ids = append(ri.ids, e.id)
		ri.parents = append(ri.parents, e.parent)
		ri.cents = append(ri.cents, e.cent)
		ri.meta = append(ri.meta, uint64(e.meta))
		if _, err := geomw.Write(e.geom); err != nil {
			return err
		}
		geomLen += uint64(len(e.geom))
		ri.geomOff = append(ri.geomOff, geomLen)
		return nil
	})
	if err == nil {
		err = geomw.Flush()
	}
	if err != nil {
		return nil, fmt.Errorf("geocode: load reverse index: %w", err)
	}
	var order []int
	ri.tree, order = boxtree.Build(boxes)
	boxes = nil
	if err := ri.reorder(order, spill); err != nil {
		return nil, fmt.Errorf("geocode: load reverse index: %w", err)
	}
	return ri, nil
}

// reorder puts the entries in the tree's order. Their geometries, in the
// rows' order at ri.geomOff, are read from spill in one pass into place.
func (ri *ReverseIndex) reorder(order []int, spill io.ReadSeeker) error {
	n := len(order)
	pos := make([]uint64, n) // where entry j's geometry goes
	geomOff := make([]uint64, n+1)
	for i, j := range order {
		pos[j] = geomOff[i]
		geomOff[i+1] = geomOff[i] + ri.geomOff[j+1] - ri.geomOff[j]
	}
	geom := make([]byte, geomOff[n])
	if _, err := spill.Seek(0, io.SeekStart); err != nil {
		return err
	}
	r := bufio.NewReaderSize(spill, 1<<20)
	for j := range n {
		if _, err := io.ReadFull(r, geom[pos[j]:pos[j]+ri.geomOff[j+1]-ri.geomOff[j]]); err != nil {
			return fmt.Errorf("read back geometries: %w", err)
		}
	}
	pos = nil
	ri.ids = permute(ri.ids, order)
	ri.parents = permute(ri.parents, order)
	ri.cents = permute(ri.cents, order)
	ri.meta = permute(ri.meta, order)
	ri.geomOff, ri.geom = geomOff, geom
	return nil
}

// permute returns s in order's order (entry i is s[order[i]]), in a new
// slice of its exact length.
func permute[T any](s []T, order []int) []T {
	out := make([]T, len(order))
	for i, j := range order {
		out[i] = s[j]
	}
	return out
}

// Len returns the number of candidates.
func (ri *ReverseIndex) Len() int { return len(ri.ids) }

// near is nearBoxes from the index: the candidates whose box lies within
// reach of pt, by the distance to their box, then id.
func (ri *ReverseIndex) near(pt orb.Point, reach float64) []revHit {
	var out []revHit
	ri.tree.Search(pt[0]-reach, pt[1]-reach, pt[0]+reach, pt[1]+reach, func(i int) bool {
		b := ri.tree.Box(i)
		dx := max(float64(b[0])-pt[0], 0, pt[0]-float64(b[2]))
		dy := max(float64(b[1])-pt[1], 0, pt[1]-float64(b[3]))
		if d := math.Hypot(dx, dy); d <= reach {
			out = append(out, revHit{id: ri.ids[i], dist: d, entry: int32(i)})
		}
		return true
	})
	slices.SortFunc(out, func(a, b revHit) int { return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.id, b.id)) })
	return out
}

// rows returns the candidates of hits (found by near) as revCandidates
// reads them, with their distance to pt.
func (ri *ReverseIndex) rows(pt orb.Point, hits []revHit) []*revRow {
	out := make([]*revRow, len(hits))
	for k, h := range hits {
		out[k] = ri.row(int(h.entry), pt)
	}
	return out
}

// row returns entry i as revCandidates reads its row.
func (ri *ReverseIndex) row(i int, pt orb.Point) *revRow {
	m := revMeta(ri.meta[i])
	r := &revRow{id: ri.ids[i], osmType: osmTypeLetter(m.osmType()), class: ri.classes[m.class()],
		rankAddress: m.rankAddress(), rankSearch: m.rankSearch(), housename: m.has(revHousename),
		parent: ri.parents[i], centroid: ri.cents[i]}
	if m.has(revHousenumber) {
		r.housenumber = "?" // only tested for being set
	}
	r.geom = r.centroid
	if blob := ri.geom[ri.geomOff[i]:ri.geomOff[i+1]]; len(blob) > 0 {
		if g, err := placegeom.Decode(blob); err == nil {
			r.geom, r.decoded = g, true
		}
	}
	r.dist = distanceDeg(r.geom, pt)
	return r
}

// osmTypeLetter returns the osm_type string of a stored letter without
// allocating.
func osmTypeLetter(t byte) string {
	switch t {
	case 'N':
		return "N"
	case 'W':
		return "W"
	case 'R':
		return "R"
	case 0:
		return ""
	}
	return string(rune(t))
}

// house is houseOfStreet from the index: the closest address point of
// street within houseReach of pt (ties to the lowest id, the order the
// SQL stage reads them in), or nil.
func (ri *ReverseIndex) house(pt orb.Point, street int64) *revRow {
	if street == 0 {
		return nil
	}
	var best *revRow
	ri.tree.Search(pt[0]-houseReach, pt[1]-houseReach, pt[0]+houseReach, pt[1]+houseReach, func(i int) bool {
		m := revMeta(ri.meta[i])
		if ri.parents[i] != street || m.rankAddress() != 30 || !m.has(revHousenumber|revHousename) {
			return true
		}
		r := ri.row(i, pt)
		if r.dist <= houseReach && (best == nil || r.dist < best.dist || r.dist == best.dist && r.id < best.id) {
			best = r
		}
		return true
	})
	return best
}

// SetReverseIndex makes reverse read its street/POI candidates from ri
// (built by NewReverseIndex for this index's pack) instead of SQLite.
func (ix *Index) SetReverseIndex(ri *ReverseIndex) { ix.rev.Store(ri) }
