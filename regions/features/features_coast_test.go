package features

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/engine/mapdata"
	"waymark/regions/extract"
)

// coastData builds an extract from lon/lat node lists, one per coastline
// way, plus corner nodes that set the extract's bound.
func coastData(ways ...[]orb.Point) *extract.Data {
	d := &extract.Data{}
	var ws []*extract.Way
	id := osm.NodeID(1)
	d.Bound = orb.Bound{Min: orb.Point{0, 0}, Max: orb.Point{1, 1}}
	for i, pts := range ways {
		w := &extract.Way{ID: osm.WayID(i + 1), Tags: osm.Tags{{Key: "natural", Value: "coastline"}}}
		var first osm.NodeID
		for j, p := range pts {
			nid := id
			if j == len(pts)-1 && p == pts[0] {
				nid = first // closed ring
			} else {
				id++
			}
			if j == 0 {
				first = nid
			}
			w.Nodes = append(w.Nodes, nid)
			w.LL = append(w.LL, int32(math.Round(p[0]*1e7)), int32(math.Round(p[1]*1e7)))
		}
		ws = append(ws, w)
	}
	d.SetWays(ws)
	return d
}

// winding returns the non-zero winding number of p in the rings (Mercator).
func winding(rings []orb.LineString, p orb.Point) int {
	w := 0
	for _, r := range rings {
		for i := 0; i+1 < len(r); i++ {
			a, b := r[i], r[i+1]
			cross := (b[0]-a[0])*(p[1]-a[1]) - (p[0]-a[0])*(b[1]-a[1])
			if a[1] <= p[1] && b[1] > p[1] && cross > 0 {
				w++
			} else if a[1] > p[1] && b[1] <= p[1] && cross < 0 {
				w--
			}
		}
	}
	return w
}

func TestMapSea(t *testing.T) {
	// Walking west to east the land is on the left (north), the sea south.
	coast := []orb.Point{{0, 0.5}, {0.3, 0.55}, {0.6, 0.45}, {1, 0.5}}
	// An island in the sea, counter-clockwise (land on the left).
	island := []orb.Point{{0.4, 0.2}, {0.5, 0.2}, {0.5, 0.3}, {0.4, 0.3}, {0.4, 0.2}}
	// The same coast cut in two ways, given in reverse order.
	west, east := coast[:3], coast[2:]
	cases := []struct {
		name      string
		ways      [][]orb.Point
		sea, land []orb.Point
	}{
		{"one chain", [][]orb.Point{coast}, []orb.Point{{0.5, 0.1}, {0.9, 0.4}}, []orb.Point{{0.5, 0.9}, {0.1, 0.6}}},
		{"two ways joined", [][]orb.Point{east, west}, []orb.Point{{0.5, 0.1}}, []orb.Point{{0.5, 0.9}}},
		{"chain and island", [][]orb.Point{coast, island}, []orb.Point{{0.2, 0.1}}, []orb.Point{{0.45, 0.25}, {0.5, 0.9}}},
		{"island only", [][]orb.Point{island}, []orb.Point{{0.2, 0.1}, {0.9, 0.9}}, []orb.Point{{0.45, 0.25}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pg, bad := mapSea(coastData(tc.ways...))
			if bad != 0 || len(pg.rings) == 0 || pg.area <= 0 {
				t.Fatalf("mapSea: %d rings, area %g, %d bad chains", len(pg.rings), pg.area, bad)
			}
			for _, p := range tc.sea {
				if winding(pg.rings, mapdata.MercatorPoint(p)) == 0 {
					t.Errorf("%v is not in the sea", p)
				}
			}
			for _, p := range tc.land {
				if winding(pg.rings, mapdata.MercatorPoint(p)) != 0 {
					t.Errorf("%v is in the sea, want land", p)
				}
			}
		})
	}
	if pg, _ := mapSea(coastData()); len(pg.rings) != 0 {
		t.Errorf("no coastline gave %d sea rings", len(pg.rings))
	}
}
