// polygon.go assembles areas from OSM ways: closed ways and the member ways
// of multipolygon/boundary relations are joined into closed rings, the rings
// are nested (a ring inside an outer ring is a hole, a ring inside a hole is
// a new outer ring, whatever the member roles say), and the result is an
// orb.MultiPolygon. Rings that cannot be closed (missing member ways, nodes
// outside the extract, dangling ends) are returned as RingProblems and
// skipped, so callers report them and go on; assembly never fails.
//
// The assembler is exported for every stage that needs areas (places, map
// features): AssembleRings works on any set of AreaWays, RelationArea on a
// relation of an extract.

package polygon

import (
	"fmt"
	"math"
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

// AreaWay is one way taking part in an area: its id, member role ("outer",
// "inner" or "") and its node references with coordinates filled in (as
// Data holds them).
type AreaWay struct {
	ID    osm.WayID
	Role  string
	Nodes []osm.NodeID
}

// RingProblem describes ways that could not be closed into a ring.
type RingProblem struct {
	Ways   []osm.WayID
	Reason string
}

func (p RingProblem) String() string {
	if len(p.Ways) > 5 {
		return fmt.Sprintf("ways %v…: %s", p.Ways[:5], p.Reason)
	}
	return fmt.Sprintf("ways %v: %s", p.Ways, p.Reason)
}

// RelationArea assembles the area of a multipolygon or boundary relation of
// d: every way member except those with role "label", "admin_centre" or
// "subarea" takes part. It returns the polygons built from the rings that
// close, one problem per ring that does not, and one problem listing the
// member ways missing from the extract. mp is nil when no ring closes.
func RelationArea(d *extract.Data, r *extract.Relation) (orb.MultiPolygon, []RingProblem) {
	var ways []AreaWay
	var missing []osm.WayID
	coords := map[osm.NodeID]orb.Point{}
	for _, m := range r.Members {
		if m.Type != osm.TypeWay {
			continue
		}
		switch m.Role {
		case "label", "admin_centre", "subarea", "inner_subarea", "perimeter_subarea":
			continue
		}
		w := d.Way(osm.WayID(m.Ref))
		if w == nil {
			missing = append(missing, osm.WayID(m.Ref))
			continue
		}
		ways = append(ways, AreaWay{ID: w.ID, Role: m.Role, Nodes: w.Nodes})
		for i, id := range w.Nodes {
			if p, ok := w.Point(i); ok {
				coords[id] = p
			}
		}
	}
	mp, problems := AssembleRings(ways, coords)
	if len(missing) > 0 {
		problems = append(problems, RingProblem{Ways: missing,
			Reason: fmt.Sprintf("%d member ways missing from the extract", len(missing))})
	}
	return mp, problems
}

// WayArea returns the polygon of a closed way (counter-clockwise, starting
// at its smallest vertex, see orientRing), or nil when the way is not
// closed, has fewer than 4 nodes, has no area or references nodes outside
// the extract.
func WayArea(d *extract.Data, w *extract.Way) orb.Polygon {
	if len(w.Nodes) < 4 || w.Nodes[0] != w.Nodes[len(w.Nodes)-1] {
		return nil
	}
	ring := make(orb.Ring, 0, len(w.Nodes))
	for i := range w.Nodes {
		p, ok := w.Point(i)
		if !ok {
			return nil
		}
		ring = append(ring, p)
	}
	if ringSignedArea(ring) == 0 {
		return nil
	}
	orientRing(ring, true)
	return orb.Polygon{ring}
}

// AssembleRings joins ways into closed rings by shared end nodes and nests
// them into polygons. coords resolves node positions (ways whose nodes are
// missing from it make their ring fail). Member roles are not trusted:
// nesting decides outer and inner, as most consumers of OSM data do.
// Outer rings are counter-clockwise, holes clockwise, each starting at its
// smallest vertex (see orientRing).
func AssembleRings(ways []AreaWay, coords map[osm.NodeID]orb.Point) (orb.MultiPolygon, []RingProblem) {
	rings, problems := joinAreaWays(ways, coords)
	if len(rings) == 0 {
		return nil, problems
	}
	return nestRings(rings), problems
}

type builtRing struct {
	ring orb.Ring
	area float64 // absolute, square degrees
	box  orb.Bound
}

func joinAreaWays(ways []AreaWay, coords map[osm.NodeID]orb.Point) ([]builtRing, []RingProblem) {
	var rings []builtRing
	var problems []RingProblem
	// Drop duplicate members and degenerate ways first.
	seen := make(map[osm.WayID]bool, len(ways))
	segs := make([]AreaWay, 0, len(ways))
	for _, w := range ways {
		if seen[w.ID] {
			continue
		}
		seen[w.ID] = true
		if len(w.Nodes) < 2 {
			problems = append(problems, RingProblem{Ways: []osm.WayID{w.ID}, Reason: "way has fewer than 2 nodes"})
			continue
		}
		segs = append(segs, w)
	}
	ends := make(map[osm.NodeID][]int, 2*len(segs))
	for i, s := range segs {
		ends[s.Nodes[0]] = append(ends[s.Nodes[0]], i)
		ends[s.Nodes[len(s.Nodes)-1]] = append(ends[s.Nodes[len(s.Nodes)-1]], i)
	}
	used := make([]bool, len(segs))
	for i := range segs {
		if used[i] {
			continue
		}
		used[i] = true
		ids := []osm.NodeID{}
		for _, wn := range segs[i].Nodes {
			ids = append(ids, wn)
		}
		members := []osm.WayID{segs[i].ID}
		flipped := false
		for ids[0] != ids[len(ids)-1] {
			end := ids[len(ids)-1]
			next := -1
			for _, j := range ends[end] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				if flipped {
					break
				}
				// Dead end: grow the chain from its other end.
				flipped = true
				for a, z := 0, len(ids)-1; a < z; a, z = a+1, z-1 {
					ids[a], ids[z] = ids[z], ids[a]
				}
				continue
			}
			used[next] = true
			members = append(members, segs[next].ID)
			ns := segs[next].Nodes
			if ns[0] == end {
				for _, wn := range ns[1:] {
					ids = append(ids, wn)
				}
			} else {
				for k := len(ns) - 2; k >= 0; k-- {
					ids = append(ids, ns[k])
				}
			}
		}
		if ids[0] != ids[len(ids)-1] {
			problems = append(problems, RingProblem{Ways: members, Reason: fmt.Sprintf("ring not closed (ends at nodes %d and %d)", ids[0], ids[len(ids)-1])})
			continue
		}
		if len(ids) < 4 {
			problems = append(problems, RingProblem{Ways: members, Reason: "ring has fewer than 3 distinct nodes"})
			continue
		}
		ring := make(orb.Ring, 0, len(ids))
		missing := false
		for _, id := range ids {
			p, ok := coords[id]
			if !ok {
				missing = true
				break
			}
			ring = append(ring, p)
		}
		if missing {
			problems = append(problems, RingProblem{Ways: members, Reason: "ring references nodes outside the extract"})
			continue
		}
		a := math.Abs(ringSignedArea(ring))
		if a == 0 {
			problems = append(problems, RingProblem{Ways: members, Reason: "ring has zero area"})
			continue
		}
		rings = append(rings, builtRing{ring: ring, area: a, box: ring.Bound()})
	}
	return rings, problems
}

// nestRings turns rings into polygons: each ring's parent is the smallest
// larger ring containing it; rings at even depth are outers, at odd depth
// holes of their parent.
func nestRings(rings []builtRing) orb.MultiPolygon {
	sort.SliceStable(rings, func(i, j int) bool { return rings[i].area > rings[j].area })
	parent := make([]int, len(rings))
	depth := make([]int, len(rings))
	polyOf := make([]int, len(rings))
	var mp orb.MultiPolygon
	for i := range rings {
		parent[i] = -1
		probe := ringProbe(rings[i].ring)
		for j := i - 1; j >= 0; j-- { // smaller candidates come later: scan back
			if rings[j].area <= rings[i].area || !rings[j].box.Contains(probe) {
				continue
			}
			if ringContains(rings[j].ring, probe) {
				parent[i] = j
				break
			}
		}
		if parent[i] >= 0 {
			depth[i] = depth[parent[i]] + 1
		}
		r := rings[i].ring
		if depth[i]%2 == 0 {
			orientRing(r, true)
			polyOf[i] = len(mp)
			mp = append(mp, orb.Polygon{r})
		} else {
			orientRing(r, false)
			k := polyOf[parent[i]]
			polyOf[i] = k
			mp[k] = append(mp[k], r)
		}
	}
	return mp
}

// ringProbe returns a point to test a ring's containment in another: the
// midpoint of its first edge, which lies on no vertex of a neighbouring
// ring sharing the ring's nodes.
func ringProbe(r orb.Ring) orb.Point {
	return orb.Point{(r[0][0] + r[1][0]) / 2, (r[0][1] + r[1][1]) / 2}
}

// orientRing makes the closed ring r counter-clockwise (ccw true) or
// clockwise and rotates it to start at its smallest vertex (least lon, then
// least lat), in place: the normal form of osm2pgsql/libosmium geometries,
// so polygon output matches Nominatim's vertex for vertex.
func orientRing(r orb.Ring, ccw bool) {
	if (ringSignedArea(r) > 0) != ccw {
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
	}
	n := len(r) - 1 // r[n] repeats r[0]
	if n < 3 || r[0] != r[n] {
		return
	}
	k := 0
	for i := 1; i < n; i++ {
		if r[i][0] < r[k][0] || (r[i][0] == r[k][0] && r[i][1] < r[k][1]) {
			k = i
		}
	}
	if k == 0 {
		return
	}
	rotated := make([]orb.Point, 0, n)
	rotated = append(rotated, r[k:n]...)
	rotated = append(rotated, r[:k]...)
	copy(r, rotated)
	r[n] = r[0]
}
