package geocode

// placenodes.go: the named place nodes reverse looks for around every
// point at town zooms (Nominatim's _lookup_area_address replaces the
// address area containing the point by a more detailed place node within
// that node's reach). They are few per region (LI: ~100) but grow with a
// country (LI ×64: 6,400; a real country tens of thousands), and every
// reverse at zoom 10-17 looked at all of them. So they are kept by search
// rank, each rank's sorted by longitude: a lookup reads, from the highest
// rank down, only the nodes within the rank's reach in longitude.

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/paulmach/orb"
)

// placeNode is a named place node of address rank 4..25.
type placeNode struct {
	id       int64
	centroid orb.Point
	// ord is the node's place in the pack's list, which breaks ties of
	// rank and distance as a scan of the list in that order did.
	ord int
}

// placeNodes holds the place nodes by search rank (0..30), each rank's
// by longitude.
type placeNodes struct {
	byRank [31][]placeNode
}

func (ix *Index) loadPlaceNodes(ctx context.Context) error {
	rows, err := ix.db.QueryContext(ctx, `SELECT place_id, rank_search, lat, lon FROM places
		WHERE osm_type = 'N' AND linked_place_id = 0 AND name != '' AND rank_address BETWEEN 4 AND 25`)
	if err != nil {
		return fmt.Errorf("geocode: load place nodes: %w", err)
	}
	defer rows.Close()
	for ord := 0; rows.Next(); ord++ {
		n := placeNode{ord: ord}
		var rank int
		if err := rows.Scan(&n.id, &rank, &n.centroid[1], &n.centroid[0]); err != nil {
			return fmt.Errorf("geocode: load place nodes: %w", err)
		}
		if rank >= 0 && rank < len(ix.placeNodes.byRank) { // others are never within a zoom's ranks
			ix.placeNodes.byRank[rank] = append(ix.placeNodes.byRank[rank], n)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("geocode: load place nodes: %w", err)
	}
	for _, nodes := range ix.placeNodes.byRank {
		slices.SortFunc(nodes, func(a, b placeNode) int {
			return cmp.Or(cmp.Compare(a.centroid[0], b.centroid[0]), cmp.Compare(a.ord, b.ord))
		})
	}
	return nil
}

// near returns the place node of the highest search rank in (areaRank,
// maxRank] within that rank's reach of pt (placeDiameter) and, when
// areaGeom is set, inside it; the closest of that rank, then the first in
// the pack's list. Nil when none qualifies.
func (pn *placeNodes) near(pt orb.Point, areaRank, maxRank int, areaGeom orb.Geometry) *revHit {
	for rank := min(maxRank, len(pn.byRank)-1); rank > areaRank && rank >= 0; rank-- {
		nodes := pn.byRank[rank]
		reach := placeDiameter(rank)
		var best *placeNode
		var bestDist float64
		from := sort.Search(len(nodes), func(i int) bool { return nodes[i].centroid[0] >= pt[0]-reach })
		for i := from; i < len(nodes) && nodes[i].centroid[0] <= pt[0]+reach; i++ {
			n := &nodes[i]
			d := distDegPlanar(n.centroid, pt)
			if d >= reach || (areaGeom != nil && distanceDeg(areaGeom, n.centroid) != 0) {
				continue
			}
			if best == nil || d < bestDist || d == bestDist && n.ord < best.ord {
				best, bestDist = n, d
			}
		}
		if best != nil {
			return &revHit{id: best.id, dist: bestDist, rank: rank}
		}
	}
	return nil
}
