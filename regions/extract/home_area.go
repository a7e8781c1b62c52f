package extract

import (
	"slices"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
)

// The home area is where a pack's map opens: the country (or state) the
// extract is about, or where its data is, never the box of every object.
//
// An extract is cut around a region and carries more than the region:
// the neighbours' villages along its edge, stray test objects far away (the
// LI test extract's Alabama county), pieces of the neighbours' borders. So
// the home is, in order:
//
//  1. the outlines of the admin areas of the lowest level among 2, 3 and 4
//     (countries, then federal states) that the extract holds (at least
//     homeHeld of the member ways present: the Andorra extract lacks 2 of
//     Andorra's 19, the LI one 619 of Switzerland's 640), that its data
//     fills (the tagged objects inside span at least homeFill of the
//     outline's box in each direction) and that together hold at least
//     homeShare of the main cluster's tagged objects (a city extract's one
//     complete suburb is not its home). An outline is the box of its
//     member ways: no ring needs to close (the Monaco extract cuts one of
//     Monaco's ways to a single node);
//  2. otherwise the populated area: the box of the main cluster's tagged
//     objects without the outer homeTrim of them on each side;
//  3. with fewer than homeMinSamples tagged objects, the main cluster
//     (homeCounter.bound).
const (
	homeHeld   = 0.85
	homeFill   = 0.5
	homeShare  = 0.3
	homeTrim   = 0.02
	homeSample = 5000 // tagged nodes looked at, at most (evenly spread)

	homeMinSamples = 20
)

// homeArea returns the home bound of d (see above); cluster is the box of
// the extract's main cluster of nodes.
func homeArea(d *Data, cluster orb.Bound) orb.Bound {
	pts := homeSamples(d, cluster)
	if len(pts) < homeMinSamples {
		return cluster // too few objects to tell where the data is
	}
	for _, level := range []string{"2", "3", "4"} {
		if b, ok := adminHome(d, level, cluster, pts); ok {
			return b
		}
	}
	return trimmedBound(pts, homeTrim)
}

// homeSamples returns the locations of up to homeSample tagged nodes
// inside cluster, taken at an even stride over the id order. The nodes
// are read as lookups (sampledNode): through the mapping, each would make
// resident the folio of the page cache it is in, and 5,000 of them over
// LI ×400's tagged nodes left ~180 MB of the file resident, the read
// stage's peak.
func homeSamples(d *Data, cluster orb.Bound) []orb.Point {
	n := d.TaggedNodeCount()
	stride := max(1, n/homeSample)
	pts := make([]orb.Point, 0, min(n, homeSample+1))
	for i := 0; i < n; i += stride {
		if p := d.sampledNode(i).Point(); cluster.Contains(p) {
			pts = append(pts, p)
		}
	}
	return pts
}

// adminHome returns the box of the admin areas of level that qualify as
// home (rule 1 above), ok false when they hold less than homeShare of pts.
func adminHome(d *Data, level string, cluster orb.Bound, pts []orb.Point) (_ orb.Bound, ok bool) {
	var home orb.Bound
	held := 0
	for r := range d.Relations() {
		if r.Tags.Find("boundary") != "administrative" || strings.TrimSpace(r.Tags.Find("admin_level")) != level {
			continue
		}
		b, ok := heldOutline(d, r)
		if !ok || !cluster.Contains(b.Min) || !cluster.Contains(b.Max) {
			continue
		}
		inside, filled := 0, orb.Bound{}
		for _, p := range pts {
			if b.Contains(p) {
				if inside == 0 {
					filled = orb.Bound{Min: p, Max: p}
				}
				inside++
				filled = filled.Extend(p)
			}
		}
		if inside == 0 || !fills(filled, b) {
			continue
		}
		if held == 0 {
			home = b
		} else {
			home = home.Union(b)
		}
		held += inside
	}
	if held == 0 || float64(held) < homeShare*float64(len(pts)) {
		return orb.Bound{}, false
	}
	return home, true
}

// heldOutline returns the box of r's member ways, ok when at least
// homeHeld of them are in the extract.
func heldOutline(d *Data, r *Relation) (b orb.Bound, ok bool) {
	total, present, located := 0, 0, 0
	for _, m := range r.Members {
		if m.Type != osm.TypeWay {
			continue
		}
		switch m.Role {
		case "label", "admin_centre", "subarea", "inner_subarea", "perimeter_subarea":
			continue
		}
		total++
		w := d.Way(osm.WayID(m.Ref))
		if w == nil {
			continue
		}
		present++
		for i := range w.Nodes {
			if p, ok := w.Point(i); ok {
				if located == 0 {
					b = orb.Bound{Min: p, Max: p}
				}
				located++
				b = b.Extend(p)
			}
		}
	}
	return b, total > 0 && located > 0 && float64(present) >= homeHeld*float64(total)
}

// fills reports whether inner spans at least homeFill of outer's width and
// of its height.
func fills(inner, outer orb.Bound) bool {
	ow, oh := outer.Max[0]-outer.Min[0], outer.Max[1]-outer.Min[1]
	iw, ih := inner.Max[0]-inner.Min[0], inner.Max[1]-inner.Min[1]
	return iw >= homeFill*ow && ih >= homeFill*oh
}

// trimmedBound returns the box of pts without the share trim of them at
// each side, in longitude and latitude separately.
func trimmedBound(pts []orb.Point, trim float64) orb.Bound {
	lons := make([]float64, len(pts))
	lats := make([]float64, len(pts))
	for i, p := range pts {
		lons[i], lats[i] = p[0], p[1]
	}
	slices.Sort(lons)
	slices.Sort(lats)
	lo := int(trim * float64(len(pts)))
	hi := len(pts) - 1 - lo
	return orb.Bound{Min: orb.Point{lons[lo], lats[lo]}, Max: orb.Point{lons[hi], lats[hi]}}
}
