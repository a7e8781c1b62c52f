package route

// Assembling a route of an Atlas: each piece's geometry, annotations and
// draft steps come from its own graph (the junctions it passes are that
// graph's), and the pieces are joined into one leg before the steps'
// passes run (steps.go's finishSteps): at a crossing, the midpoint of a
// road segment, the segment's two halves become one again (one geometry
// segment, one annotation entry) and the next piece's depart is no step,
// its intersections going to the step that reached the crossing; no
// junction lies there, and collapsing, folding and trimming see the one
// leg, so the steps read as the merged network's. Between the legs of
// one output leg (OSRM's waypoints parameter) the via point stays.

import (
	"sort"
	"strings"

	"waymark/engine/route/polyline"
)

// nameDist is the distance a leg travels on one name (or ref) and where
// it first does, for the leg's summary.
type nameDist struct {
	name  string
	dist  float64
	first int
}

// assemble builds the route of chains grouped by leg ends.
func (at *Atlas) assemble(chains []legChain, ends []int, out Output) Route {
	r := Route{}
	for _, c := range chains {
		if len(c.pieces) > 0 {
			r.WeightName = at.graphs[c.pieces[0].graph].profile.WeightName()
			break
		}
	}
	for li := 0; li+1 < len(ends); li++ {
		var parts []atlasPiece
		var mids []bool // per part after the first: joined at a crossing
		for k := ends[li]; k < ends[li+1]; k++ {
			for pi, pc := range chains[k].pieces {
				if len(parts) > 0 {
					mids = append(mids, pi > 0)
				}
				parts = append(parts, pc)
			}
		}
		leg := at.buildLeg(parts, mids, out)
		r.Distance += leg.Distance
		r.Duration += leg.Duration
		r.Weight += leg.Weight
		if len(r.Points) == 0 {
			r.Points = leg.Points[:len(leg.Points):len(leg.Points)]
		} else if len(leg.Points) > 0 && r.Points[len(r.Points)-1] == leg.Points[0] {
			r.Points = append(r.Points, leg.Points[1:]...)
		} else {
			r.Points = append(r.Points, leg.Points...)
		}
		r.Legs = append(r.Legs, leg)
	}
	switch out.Overview {
	case OverviewFull:
		r.Geometry = r.Points
	case OverviewSimplified:
		r.Geometry = polyline.Simplify(r.Points)
	}
	return r
}

// buildLeg makes one leg of parts in several graphs, part k+1 joined to
// part k at a crossing (mids[k]) or a via point.
func (at *Atlas) buildLeg(parts []atlasPiece, mids []bool, out Output) Leg {
	lb := legBuilder{annotate: out.Annotations != 0}
	var pcs []piece
	var ds []rstep
	var names []nameDist
	var w int64
	for k, part := range parts {
		g := at.graphs[part.graph]
		own := g.pieces(part.path, nil)
		plb := legBuilder{annotate: lb.annotate}
		for i := range own {
			g.walk(&plb, &own[i], own[i].start, own[i].end)
			w += own[i].w
		}
		if len(plb.pts) == 1 { // start and end coincide, as buildLeg has them
			plb.pts = append(plb.pts, plb.pts[0])
			plb.dist = append(plb.dist, 0)
			if plb.annotate {
				plb.nodes = append(plb.nodes, plb.nodes[0])
				plb.dur, plb.speed = append(plb.dur, 0), append(plb.speed, 0)
			}
		}
		names = g.nameDistances(own, names)
		var pds []rstep
		if out.Steps {
			pds = g.legSteps(own, plb.pts)
		}
		if k == 0 {
			lb, pcs, ds = plb, own, pds
			continue
		}
		mid := mids[k-1] && len(lb.pts) >= 2 && len(plb.pts) >= 2
		// where part k's point i lands in the leg
		base := len(lb.pts) - 1
		if mid {
			base--
		}
		lb.join(&plb, mid)
		for i := range own {
			own[i].startPt = max(0, base+own[i].startPt)
		}
		off := len(pcs)
		pcs = append(pcs, own...)
		if out.Steps && len(ds) > 0 && len(pds) > 0 {
			ds = ds[:len(ds)-1] // the arrival at the joint
			last := &ds[len(ds)-1]
			dep := pds[0]
			last.dist += dep.dist
			if len(dep.inters) > 1 {
				last.inters = append(last.inters, dep.inters[1:]...)
			}
			for _, d := range pds[1:] {
				d.pc += off
				ds = append(ds, d)
			}
		}
	}
	leg := Leg{Weight: float64(w) / 10, Duration: float64(w) / 10, Points: lb.pts, Steps: []Step{}}
	for _, d := range lb.dist {
		leg.Distance += d
	}
	leg.Summary = summaryOf(names)
	if out.Steps {
		last := parts[len(parts)-1]
		leg.Steps = finishSteps(ds, pcs, lb.pts, last.path.t, at.graphs[last.graph].profile)
	}
	if out.Annotations != 0 {
		leg.Annotation = annotate(&lb, out.Annotations)
	}
	return leg
}

// join appends the points and annotations of o, which starts where lb
// ends; with mid that point (a crossing's midpoint) goes and the
// segments either side of it become one.
func (lb *legBuilder) join(o *legBuilder, mid bool) {
	n := len(lb.pts)
	if !mid {
		lb.pts = append(lb.pts, o.pts[1:]...)
		lb.dist = append(lb.dist, o.dist...)
		if lb.annotate {
			lb.nodes = append(lb.nodes, o.nodes[1:]...)
			lb.dur = append(lb.dur, o.dur...)
			lb.speed = append(lb.speed, o.speed...)
		}
		return
	}
	lb.pts = append(lb.pts[:n-1], o.pts[1:]...)
	lb.dist[n-2] += o.dist[0]
	lb.dist = append(lb.dist, o.dist[1:]...)
	if lb.annotate {
		// lb's last point carries the segment's end node, o's first its
		// start: the ends either side of the one segment stay
		lb.nodes = append(lb.nodes[:n-1], o.nodes[1:]...)
		lb.dur[n-2] += o.dur[0]
		lb.dur = append(lb.dur, o.dur[1:]...)
		lb.speed = append(lb.speed, o.speed[1:]...)
	}
}

// nameDistances adds the distances of the pieces by name (else ref) to
// acc, as Graph.summary counts them.
func (g *Graph) nameDistances(pcs []piece, acc []nameDist) []nameDist {
	base := 0
	if n := len(acc); n > 0 {
		base = acc[n-1].first + 1
	}
	for i, pc := range pcs {
		name := g.str(g.eName[pc.edge])
		if name == "" {
			name = g.str(g.eRef[pc.edge])
		}
		if name == "" {
			continue
		}
		k := 0
		for k < len(acc) && acc[k].name != name {
			k++
		}
		if k == len(acc) {
			acc = append(acc, nameDist{name: name, first: base + i})
		}
		acc[k].dist += pc.to - pc.from
	}
	return acc
}

// summaryOf names the two roads with the longest distance, in route order
// (Graph.summary's rule over several graphs' pieces).
func summaryOf(acc []nameDist) string {
	list := append([]nameDist(nil), acc...)
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].dist != list[j].dist {
			return list[i].dist > list[j].dist
		}
		return list[i].first < list[j].first
	})
	if len(list) > 2 {
		list = list[:2]
	}
	sort.Slice(list, func(i, j int) bool { return list[i].first < list[j].first })
	names := make([]string, len(list))
	for i, a := range list {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}
