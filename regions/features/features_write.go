package features

import (
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/clip"
	"github.com/paulmach/orb/simplify"

	"waymark/engine/mapdata"
)

// add writes a collected area or point (lines wait in fw.lines for
// mapMergeLines).
func (fw *mapWriter) add(f mapFeature) { fw.emit(&f) }

// emit generalises f per band and writes its rows. The first error stops
// every later emit; it is in fw.err.
func (fw *mapWriter) emit(f *mapFeature) {
	if fw.err != nil {
		return
	}
	fw.features++
	if f.class == "building" {
		fw.buildings++
	}
	for _, band := range MapBands {
		if band.MaxZoom < f.minzoom {
			continue
		}
		minz := max(f.minzoom, band.MinZoom)
		parts := mapGeneralise(f, band)
		if len(parts) == 0 {
			continue
		}
		if f.typ == mapdata.GeomPolygon && band.MinZoom >= mapSplitZoom+1 {
			pieces, clipped := mapSplitPolygon(parts)
			flags := f.flags
			if clipped {
				flags |= mapdata.FlagClipped
			}
			for _, pc := range pieces {
				fw.insert(f, flags, minz, band.MaxZoom, pc)
			}
			continue
		}
		fw.insert(f, f.flags, minz, band.MaxZoom, parts)
	}
}

// insert writes one row of f: parts drawn at zooms minz to maxz.
func (fw *mapWriter) insert(f *mapFeature, flags, minz, maxz int, parts []orb.LineString) {
	if fw.err != nil {
		return
	}
	b := orb.Bound{Min: orb.Point{math.Inf(1), math.Inf(1)}, Max: orb.Point{math.Inf(-1), math.Inf(-1)}}
	for _, p := range parts {
		for _, pt := range p {
			b = b.Extend(pt)
		}
	}
	fw.rows++
	fw.buf = mapdata.AppendGeom(fw.buf[:0], f.typ, parts)
	fw.err = fw.out.Add(fw.ctx, &mapdata.Feature{
		Class: fw.classID[f.class], Layer: f.layer, Flags: flags, Rank: f.rank,
		Name: f.name, Geom: fw.buf, Box: mapdata.Box{MinX: b.Min[0], MinY: b.Min[1], MaxX: b.Max[0], MaxY: b.Max[1]},
		MinZ: minz, MaxZ: maxz, Label: f.typ == mapdata.GeomPoint || f.typ == mapdata.GeomLine && f.name != "",
	})
}

// lineGeom returns the points of a line in its stored direction, read
// from its way again.
func (fw *mapWriter) lineGeom(l linePiece) orb.LineString {
	w := fw.im.Data.Way(l.way)
	if w == nil {
		return nil // cannot happen: the line was made from the way
	}
	pts := mercWay(fw.im.Data, w)
	if l.rev {
		pts.Reverse()
	}
	return pts
}

// writeLines merges the collected lines, writes them and closes the map
// tables.
func (fw *mapWriter) writeLines() error {
	if err := fw.lines.link(); err != nil {
		return err
	}
	ways, n := int64(fw.im.Data.WayCount()), int64(fw.lines.len())
	k := 0
	for l, c := range fw.lines.chains() {
		if k++; k%10000 == 0 {
			if err := fw.ctx.Err(); err != nil {
				return err
			}
			fw.im.Report(ways + int64(c[0].line)*ways/n)
		}
		class := mapClasses[l.class-1].name
		fw.emit(&mapFeature{
			class: class, minzoom: fw.minzoom[class], flags: int(l.flags), layer: int(l.layer),
			rank: len(mapClasses) - int(l.class), name: fw.names[l.name],
			typ: mapdata.GeomLine, parts: []orb.LineString{joinChain(c, fw.lineGeom)},
		})
	}
	if err := fw.lines.err; err != nil {
		return err
	}
	fw.im.Count("map lines", fw.lines.len())
	fw.im.Count("map lines merged", fw.lines.merged)
	if err := fw.lines.close(); err != nil {
		return err
	}
	fw.lines = nil
	if fw.err != nil {
		return fw.err
	}
	if err := fw.out.Close(fw.ctx); err != nil {
		return err
	}
	fw.im.Count("map features", fw.features)
	fw.im.Count("map rows", fw.rows)
	fw.im.Count("map buildings", fw.buildings)
	return nil
}

// mapGeneralise returns f's parts simplified for band, or nil when nothing of
// it is left to draw in that band.
func mapGeneralise(f *mapFeature, band MapBand) []orb.LineString {
	if f.typ == mapdata.GeomPoint {
		return f.parts
	}
	tol := 0.5 / (256 * math.Exp2(float64(band.SimplifyZoom)))
	dp := simplify.DouglasPeucker(tol)
	out := make([]orb.LineString, 0, len(f.parts))
	minArea := mapMinAreaPx / math.Pow(256*math.Exp2(float64(band.MaxZoom)), 2)
	for _, p := range f.parts {
		q := dp.LineString(append(orb.LineString(nil), p...))
		if f.typ == mapdata.GeomLine {
			if len(q) >= 2 {
				out = append(out, q)
			}
			continue
		}
		if len(q) < 4 {
			continue
		}
		a := mercArea(q)
		if math.Abs(a) < minArea && f.class != "building" {
			continue
		}
		if mercArea(p)*a < 0 { // simplification flipped it: keep the original
			q = append(orb.LineString(nil), p...)
		}
		out = append(out, q)
	}
	if f.typ == mapdata.GeomPolygon {
		hasOuter := false
		for _, r := range out {
			if mercArea(r) > 0 {
				hasOuter = true
				break
			}
		}
		if !hasOuter {
			return nil
		}
	}
	return out
}

// mapSplitPolygon cuts rings larger than a mapSplitZoom tile along the tile
// grid. It returns the pieces (each a set of rings) and whether it cut
// anything. The cut is recursive (halving the tile range each time), so a
// polygon of V vertices over C cells costs about V·log C, not V·C: the sea of
// a coastal country stays cheap.
func mapSplitPolygon(rings []orb.LineString) ([][]orb.LineString, bool) {
	b := orb.Bound{Min: orb.Point{math.Inf(1), math.Inf(1)}, Max: orb.Point{math.Inf(-1), math.Inf(-1)}}
	for _, r := range rings {
		for _, p := range r {
			b = b.Extend(p)
		}
	}
	n := math.Exp2(mapSplitZoom)
	x0, x1 := int(math.Floor(b.Min[0]*n)), int(math.Floor(b.Max[0]*n))
	y0, y1 := int(math.Floor(b.Min[1]*n)), int(math.Floor(b.Max[1]*n))
	if x0 == x1 && y0 == y1 {
		return [][]orb.LineString{rings}, false
	}
	var pieces [][]orb.LineString
	var split func(rings []orb.LineString, x0, x1, y0, y1 int)
	split = func(rings []orb.LineString, x0, x1, y0, y1 int) {
		if x0 == x1 && y0 == y1 {
			pieces = append(pieces, rings)
			return
		}
		halves := [2][4]int{}
		if x1-x0 >= y1-y0 {
			xm := (x0 + x1) / 2
			halves = [2][4]int{{x0, xm, y0, y1}, {xm + 1, x1, y0, y1}}
		} else {
			ym := (y0 + y1) / 2
			halves = [2][4]int{{x0, x1, y0, ym}, {x0, x1, ym + 1, y1}}
		}
		for _, h := range halves {
			box := orb.Bound{Min: orb.Point{float64(h[0]) / n, float64(h[2]) / n}, Max: orb.Point{float64(h[1]+1) / n, float64(h[3]+1) / n}}
			if part := clipRings(box, rings); part != nil {
				split(part, h[0], h[1], h[2], h[3])
			}
		}
	}
	split(rings, x0, x1, y0, y1)
	return pieces, true
}

// clipRings clips every ring to box, dropping rings left empty; it returns
// nil when no outer ring (positive area) remains.
func clipRings(box orb.Bound, rings []orb.LineString) []orb.LineString {
	var out []orb.LineString
	outer := false
	for _, r := range rings {
		c := clip.Ring(box, append(orb.Ring(nil), r...))
		if len(c) < 4 {
			continue
		}
		ls := orb.LineString(c)
		if ls[0] != ls[len(ls)-1] {
			ls = append(ls, ls[0])
		}
		a := mercArea(ls)
		if a == 0 {
			continue
		}
		if a > 0 {
			outer = true
		}
		out = append(out, ls)
	}
	if !outer {
		return nil
	}
	return out
}
