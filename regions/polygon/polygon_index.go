package polygon

// polygon_index.go: point-in-area tests on prepared areas. The import's
// spatial index of areas, street segments and place nodes is package
// engine/grid's.

import (
	"math"
	"slices"

	"github.com/paulmach/orb"
)

// PreparedArea answers point-in-area queries on one areal geometry in
// O(edges per band): the bbox is cut into horizontal bands, each listing the
// edges that cross it, and the even-odd ray cast only looks at the band of
// the point. Even-odd over all rings of a MultiPolygon is exact for
// properly nested rings (holes inside outers, outers disjoint), which is
// what AssembleRings produces.
//
// A band lists its edges by number (ring by ring, each ring's segments in
// order) and the points stay in the geometry it was prepared from (a
// place keeps its shape encoded; the caller decodes it for this): 4 bytes
// an entry where a copy of the edge's ends took 32 (LI ×64: the prepared
// address areas 46 → ~8 MB).
type PreparedArea struct {
	bound orb.Bound
	minY  float64
	bandH float64
	Bands [][]uint32
	rings []orb.Ring
	start []uint32 // first edge number of each ring
}

func PrepareArea(g orb.Geometry) *PreparedArea {
	var rings []orb.Ring
	switch g := g.(type) {
	case orb.Polygon:
		rings = g
	case orb.MultiPolygon:
		for _, p := range g {
			rings = append(rings, p...)
		}
	default:
		return nil
	}
	n := 0
	for _, r := range rings {
		n += len(r)
	}
	pa := &PreparedArea{bound: g.Bound()}
	k := n / 8
	if k < 1 {
		k = 1
	}
	if k > 2048 {
		k = 2048
	}
	pa.minY = pa.bound.Min[1]
	pa.bandH = (pa.bound.Max[1] - pa.bound.Min[1]) / float64(k)
	if pa.bandH <= 0 {
		pa.bandH = 1
		k = 1
	}
	pa.Bands = make([][]uint32, k)
	pa.rings, pa.start = rings, make([]uint32, len(rings))
	num := uint32(0)
	for ri, r := range rings {
		pa.start[ri] = num
		for i := 0; i+1 < len(r); i++ {
			lo, hi := pa.band(math.Min(r[i][1], r[i+1][1])), pa.band(math.Max(r[i][1], r[i+1][1]))
			for b := lo; b <= hi; b++ {
				pa.Bands[b] = append(pa.Bands[b], num)
			}
			num++
		}
	}
	for b := range pa.Bands {
		pa.Bands[b] = slices.Clip(pa.Bands[b])
	}
	return pa
}

func (pa *PreparedArea) band(y float64) int {
	b := int((y - pa.minY) / pa.bandH)
	if b < 0 {
		return 0
	}
	if b >= len(pa.Bands) {
		return len(pa.Bands) - 1
	}
	return b
}

// Contains reports whether p is inside the area (even-odd rule).
func (pa *PreparedArea) Contains(p orb.Point) bool {
	if !pa.bound.Contains(p) {
		return false
	}
	x, y := p[0], p[1]
	in := false
	ri := 0
	for _, num := range pa.Bands[pa.band(y)] {
		// the edges of a band come in number order: the ring moves forward
		for ri+1 < len(pa.start) && pa.start[ri+1] <= num {
			ri++
		}
		r, i := pa.rings[ri], num-pa.start[ri]
		x1, y1, x2, y2 := r[i][0], r[i][1], r[i+1][0], r[i+1][1]
		if (y1 > y) != (y2 > y) {
			if x < (x2-x1)*(y-y1)/(y2-y1)+x1 {
				in = !in
			}
		}
	}
	return in
}
