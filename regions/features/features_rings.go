package features

import (
	"github.com/paulmach/orb"

	"waymark/engine/mapdata"
	"waymark/regions/extract"
)

// Polygons of the map features. Multipolygon rings are assembled by the
// shared assembler (polygon.RelationArea, which nests rings instead of
// trusting member roles); here they are only moved to normalized Mercator and
// oriented so that outer rings have a positive and holes a negative shoelace
// area (y down). With that orientation a renderer fills any number of
// polygons, holes included, in one path with the non-zero winding rule
// without knowing which hole belongs to which outer ring.

// mapPolygon is a polygon as oriented Mercator rings.
type mapPolygon struct {
	rings []orb.LineString
	area  float64 // outer minus inner area, normalized Mercator units²
}

// mercLine converts lon/lat points to normalized Mercator.
func mercLine(pts []orb.Point) orb.LineString {
	out := make(orb.LineString, len(pts))
	for i, p := range pts {
		out[i] = mapdata.MercatorPoint(p)
	}
	return out
}

// mercWay returns w's points in Mercator, skipping nodes missing from d.
func mercWay(d *extract.Data, w *extract.Way) orb.LineString {
	out := make(orb.LineString, 0, len(w.Nodes))
	for i := range w.Nodes {
		if c, ok := w.Point(i); ok {
			out = append(out, mapdata.MercatorPoint(c))
		}
	}
	return out
}

// mercArea returns the signed shoelace area of ring r (positive: clockwise on
// screen with y down).
func mercArea(r orb.LineString) float64 {
	var a float64
	for i := 0; i+1 < len(r); i++ {
		a += r[i][0]*r[i+1][1] - r[i+1][0]*r[i][1]
	}
	return a / 2
}

// mercOrient reverses r in place when its signed area's sign differs from want (+1 or -1).
func mercOrient(r orb.LineString, want float64) {
	if mercArea(r)*want < 0 {
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
	}
}

// mapPolygonOf converts an assembled lon/lat multipolygon.
func mapPolygonOf(mp orb.MultiPolygon) mapPolygon {
	var pg mapPolygon
	for _, poly := range mp {
		for i, ring := range poly {
			if len(ring) < 4 {
				continue
			}
			r := mercLine(ring)
			if r[0] != r[len(r)-1] {
				r = append(r, r[0])
			}
			want := 1.0
			if i > 0 {
				want = -1
			}
			mercOrient(r, want)
			pg.area += mercArea(r)
			pg.rings = append(pg.rings, r)
		}
	}
	return pg
}

// mapWayPolygon returns the polygon of closed way w.
func mapWayPolygon(d *extract.Data, w *extract.Way) mapPolygon {
	r := mercWay(d, w)
	if len(r) < 4 || r[0] != r[len(r)-1] {
		return mapPolygon{}
	}
	mercOrient(r, 1)
	return mapPolygon{rings: []orb.LineString{r}, area: mercArea(r)}
}

// centroid returns the area-weighted centroid of the polygon's outer rings
// (a vertex of the largest outer ring when the weights cancel), in Mercator.
func (pg mapPolygon) centroid() orb.Point {
	var cx, cy, a float64
	var best orb.LineString
	bestA := 0.0
	for _, r := range pg.rings {
		ra := mercArea(r)
		if ra <= 0 {
			continue
		}
		if ra > bestA {
			best, bestA = r, ra
		}
		for i := 0; i+1 < len(r); i++ {
			f := r[i][0]*r[i+1][1] - r[i+1][0]*r[i][1]
			cx += (r[i][0] + r[i+1][0]) * f
			cy += (r[i][1] + r[i+1][1]) * f
			a += f
		}
	}
	if a == 0 {
		if best != nil {
			return best[0]
		}
		if len(pg.rings) > 0 && len(pg.rings[0]) > 0 {
			return pg.rings[0][0]
		}
		return orb.Point{}
	}
	return orb.Point{cx / (3 * a), cy / (3 * a)}
}
