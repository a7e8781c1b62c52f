package features

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"

	"waymark/regions/extract"
)

// The sea. OpenStreetMap has no sea polygons: it has natural=coastline ways,
// oriented with the land on their left. Inside an extract the coastline is a
// set of chains that end where the extract was cut, so the sea is rebuilt
// here from the chains and the extract's bounding box: from the end of a
// chain the ring follows the box clockwise (lon/lat, y up) to the start of
// the next chain met, which keeps the water on the right as the coastline
// convention demands. Closed chains are islands (holes in the sea); an
// extract with islands only gets the whole box as sea around them.
//
// The result follows the map polygon orientation (features_rings.go): sea
// rings have a positive and island rings a negative area in Mercator.

type coastChain struct {
	ids []osm.NodeID
	pts []orb.Point // lon/lat
}

// mapSea returns the sea polygon of d (empty without coastline) and the
// number of coastline chains that could not be used.
func mapSea(d *extract.Data) (mapPolygon, int) {
	var chains []coastChain
	for _, w := range d.Ways() {
		if w.Tags.Find("natural") != "coastline" || len(w.Nodes) < 2 {
			continue
		}
		c := coastChain{}
		for i, wn := range w.Nodes {
			if p, ok := w.Point(i); ok {
				c.ids = append(c.ids, wn)
				c.pts = append(c.pts, p)
			}
		}
		if len(c.ids) >= 2 {
			chains = append(chains, c)
		}
	}
	if len(chains) == 0 {
		return mapPolygon{}, 0
	}
	chains = joinCoast(chains)
	b := d.Bound
	const eps = 1e-6
	b.Min, b.Max = orb.Point{b.Min[0] - eps, b.Min[1] - eps}, orb.Point{b.Max[0] + eps, b.Max[1] + eps}

	var rings [][]orb.Point
	var open []int
	for i, c := range chains {
		if c.ids[0] == c.ids[len(c.ids)-1] {
			if len(c.pts) >= 4 {
				rings = append(rings, c.pts)
			}
		} else {
			open = append(open, i)
		}
	}
	bad := 0
	used := map[int]bool{}
	for _, first := range open {
		if used[first] {
			continue
		}
		used[first] = true
		ring := append([]orb.Point(nil), chains[first].pts...)
		cur := first
		for steps := 0; ; steps++ {
			end := chains[cur].pts[len(chains[cur].pts)-1]
			te := perimeterPos(b, end)
			next, best := -1, math.Inf(1)
			for _, j := range open {
				if used[j] && j != first {
					continue
				}
				dist := math.Mod(perimeterPos(b, chains[j].pts[0])-te+8, 4)
				if dist < best {
					next, best = j, dist
				}
			}
			if next < 0 || steps > len(open) {
				bad++
				ring = nil
				break
			}
			ring = append(ring, perimeterWalk(b, te, te+best)...)
			if next == first {
				ring = append(ring, ring[0])
				break
			}
			used[next] = true
			ring = append(ring, chains[next].pts...)
			cur = next
		}
		if len(ring) >= 4 {
			rings = append(rings, ring)
		}
	}
	if len(open) == 0 && len(rings) > 0 {
		// Islands only: the sea is the whole box around them.
		rings = append(rings, []orb.Point{
			{b.Min[0], b.Max[1]}, {b.Max[0], b.Max[1]}, {b.Max[0], b.Min[1]}, {b.Min[0], b.Min[1]}, {b.Min[0], b.Max[1]},
		})
	}
	var pg mapPolygon
	for _, r := range rings {
		m := mercLine(r)
		pg.area += mercArea(m)
		pg.rings = append(pg.rings, m)
	}
	if pg.area <= 0 {
		return mapPolygon{}, bad + len(chains)
	}
	return pg, bad
}

// joinCoast joins chains head to tail (coastline ways keep one direction).
func joinCoast(chains []coastChain) []coastChain {
	byStart := map[osm.NodeID]int{}
	for i, c := range chains {
		byStart[c.ids[0]] = i
	}
	used := make([]bool, len(chains))
	var out []coastChain
	// Start from chains nobody ends into, then whatever is left (rings).
	ends := map[osm.NodeID]bool{}
	for _, c := range chains {
		ends[c.ids[len(c.ids)-1]] = true
	}
	order := make([]int, 0, len(chains))
	for i, c := range chains {
		if !ends[c.ids[0]] {
			order = append(order, i)
		}
	}
	for i := range chains {
		order = append(order, i)
	}
	for _, i := range order {
		if used[i] {
			continue
		}
		used[i] = true
		c := coastChain{ids: append([]osm.NodeID(nil), chains[i].ids...), pts: append([]orb.Point(nil), chains[i].pts...)}
		for c.ids[0] != c.ids[len(c.ids)-1] {
			j, ok := byStart[c.ids[len(c.ids)-1]]
			if !ok || used[j] {
				break
			}
			used[j] = true
			c.ids = append(c.ids, chains[j].ids[1:]...)
			c.pts = append(c.pts, chains[j].pts[1:]...)
		}
		out = append(out, c)
	}
	return out
}

// perimeterPos returns where p projects onto the box border, as a clockwise
// position from the north-west corner: [0,1) top, [1,2) right, [2,3)
// bottom, [3,4) left edge.
func perimeterPos(b orb.Bound, p orb.Point) float64 {
	w, h := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1]
	x := math.Max(b.Min[0], math.Min(b.Max[0], p[0]))
	y := math.Max(b.Min[1], math.Min(b.Max[1], p[1]))
	dTop, dRight, dBottom, dLeft := b.Max[1]-y, b.Max[0]-x, y-b.Min[1], x-b.Min[0]
	switch math.Min(math.Min(dTop, dRight), math.Min(dBottom, dLeft)) {
	case dTop:
		return (x - b.Min[0]) / w
	case dRight:
		return 1 + (b.Max[1]-y)/h
	case dBottom:
		return 2 + (b.Max[0]-x)/w
	default:
		return 3 + (y-b.Min[1])/h
	}
}

// perimeterPoint is the border point at clockwise position t.
func perimeterPoint(b orb.Bound, t float64) orb.Point {
	t = math.Mod(t, 4)
	w, h := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1]
	switch {
	case t < 1:
		return orb.Point{b.Min[0] + t*w, b.Max[1]}
	case t < 2:
		return orb.Point{b.Max[0], b.Max[1] - (t-1)*h}
	case t < 3:
		return orb.Point{b.Max[0] - (t-2)*w, b.Min[1]}
	default:
		return orb.Point{b.Min[0], b.Min[1] + (t-3)*h}
	}
}

// perimeterWalk returns the border points from position t0 clockwise to t1:
// the projection of t0, the corners passed, the projection of t1.
func perimeterWalk(b orb.Bound, t0, t1 float64) []orb.Point {
	out := []orb.Point{perimeterPoint(b, t0)}
	for c := math.Floor(t0) + 1; c < t1; c++ {
		out = append(out, perimeterPoint(b, c))
	}
	return append(out, perimeterPoint(b, t1))
}
