package regions

// polygon_index.go: point-in-area tests on prepared areas. The import's
// spatial index of areas, street segments and place nodes is package
// engine/grid's.

import (
	"math"

	"github.com/paulmach/orb"
)

// preparedArea answers point-in-area queries on one areal geometry in
// O(edges per band): the bbox is cut into horizontal bands, each listing the
// edges that cross it, and the even-odd ray cast only looks at the band of
// the point. Even-odd over all rings of a MultiPolygon is exact for
// properly nested rings (holes inside outers, outers disjoint), which is
// what AssembleRings produces.
type preparedArea struct {
	bound orb.Bound
	minY  float64
	bandH float64
	bands [][]edge
}

type edge struct{ x1, y1, x2, y2 float64 }

func prepareArea(g orb.Geometry) *preparedArea {
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
	pa := &preparedArea{bound: g.Bound()}
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
	pa.bands = make([][]edge, k)
	for _, r := range rings {
		for i := 0; i+1 < len(r); i++ {
			e := edge{r[i][0], r[i][1], r[i+1][0], r[i+1][1]}
			lo, hi := pa.band(math.Min(e.y1, e.y2)), pa.band(math.Max(e.y1, e.y2))
			for b := lo; b <= hi; b++ {
				pa.bands[b] = append(pa.bands[b], e)
			}
		}
	}
	return pa
}

func (pa *preparedArea) band(y float64) int {
	b := int((y - pa.minY) / pa.bandH)
	if b < 0 {
		return 0
	}
	if b >= len(pa.bands) {
		return len(pa.bands) - 1
	}
	return b
}

// contains reports whether p is inside the area (even-odd rule).
func (pa *preparedArea) contains(p orb.Point) bool {
	if !pa.bound.Contains(p) {
		return false
	}
	x, y := p[0], p[1]
	in := false
	for _, e := range pa.bands[pa.band(y)] {
		if (e.y1 > y) != (e.y2 > y) {
			if x < (e.x2-e.x1)*(y-e.y1)/(e.y2-e.y1)+e.x1 {
				in = !in
			}
		}
	}
	return in
}
