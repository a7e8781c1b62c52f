package mapview

import (
	"image/color"
	"math"
	"sort"
	"strings"

	"waymark/engine/mapdata"
)

// Label placement: candidates (place names, symbols, street and water names
// along lines, house numbers) from the tile and its labelBuffer are sorted
// by a global priority (then pack and feature id, so every tile sees the
// same order) and placed greedily: a label whose boxes meet an already placed
// label's boxes is dropped. Labels are drawn as glyph outlines with a halo.

type labelKind int

const (
	lkPlace labelKind = iota
	lkPOI
	lkHouse
	lkWaterName
	lkAreaName
	lkStreet
	lkWaterLine
)

type candidate struct {
	prio int
	pack int
	id   int64
	kind labelKind
	fi   int32
	text *TextStyle
	poi  *POIStyle
}

type box struct{ x0, y0, x1, y1 float64 }

// placedLabel is a label placement: its feature and its boxes' union in
// tile pixels.
type placedLabel struct {
	pack int
	id   int64
	box  box
}

// place records a placement of f's label covering bs.
func (d *drawer) place(f *feature, bs ...box) {
	u := bs[0]
	for _, b := range bs[1:] {
		u = box{math.Min(u.x0, b.x0), math.Min(u.y0, b.y0), math.Max(u.x1, b.x1), math.Max(u.y1, b.y1)}
	}
	d.placed = append(d.placed, placedLabel{f.pack, f.id, u})
}

func (b box) meets(o box) bool { return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 }

// collider holds the boxes of placed labels in a uniform grid of
// colliderCell pixels, so a test looks only at boxes in the cells it covers.
type collider struct {
	boxes []box
	cells map[[2]int32][]int32 // cell -> indexes into boxes
}

const colliderCell = 64

func cellRange(b box) (x0, y0, x1, y1 int32) {
	return int32(math.Floor(b.x0 / colliderCell)), int32(math.Floor(b.y0 / colliderCell)),
		int32(math.Floor(b.x1 / colliderCell)), int32(math.Floor(b.y1 / colliderCell))
}

// free reports whether none of bs meets a placed box.
func (c *collider) free(bs ...box) bool {
	for _, b := range bs {
		x0, y0, x1, y1 := cellRange(b)
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				for _, i := range c.cells[[2]int32{x, y}] {
					if b.meets(c.boxes[i]) {
						return false
					}
				}
			}
		}
	}
	return true
}

// add places bs.
func (c *collider) add(bs ...box) {
	if c.cells == nil {
		c.cells = map[[2]int32][]int32{}
	}
	for _, b := range bs {
		i := int32(len(c.boxes))
		c.boxes = append(c.boxes, b)
		x0, y0, x1, y1 := cellRange(b)
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				k := [2]int32{x, y}
				c.cells[k] = append(c.cells[k], i)
			}
		}
	}
}

var majorRoads = map[string]bool{
	"motorway": true, "trunk": true, "primary": true, "secondary": true, "tertiary": true,
	"motorway_link": true, "trunk_link": true, "primary_link": true, "secondary_link": true,
}

// labels places and draws the tile's labels.
func (d *drawer) labels() {
	ls := &d.cs.style.Labels
	var cands []candidate
	regNames := d.cs.classNames
	for i := range d.s.feats {
		f := &d.s.feats[i]
		c := candidate{pack: f.pack, id: f.id, fi: int32(i)}
		switch f.typ {
		case mapdata.GeomPoint:
			switch {
			case d.cs.place[f.class] != nil:
				ts := d.cs.place[f.class]
				if f.name == "" || !visible(d.z, ts.MinZoom, ts.MaxZoom) {
					continue
				}
				c.kind, c.text, c.prio = lkPlace, ts, 100000+f.rank
			case d.cs.poi[f.class] != nil:
				ps := d.cs.poi[f.class]
				if d.z < ps.MinZoom {
					continue
				}
				c.kind, c.poi, c.prio = lkPOI, ps, 20000+f.rank
				if ps.Shape == "triangle" || ps.Shape == "square" && ps.Letter == "" && ps.Icon == "" {
					c.prio = 60000 + f.rank // peaks and stations
				}
			case f.class == d.cs.house:
				if d.z < ls.Housenumbers.MinZoom || f.name == "" {
					continue
				}
				c.kind, c.text, c.prio = lkHouse, &ls.Housenumbers, 1000
			case f.class == d.cs.areaPt:
				if d.z < ls.Areas.MinZoom || f.name == "" {
					continue
				}
				c.kind, c.text, c.prio = lkAreaName, &ls.Areas, 30000+f.rank
			case f.class == d.cs.waterPt:
				if d.z < ls.Water.MinZoom || f.name == "" {
					continue
				}
				c.kind, c.text, c.prio = lkWaterName, &ls.Water, 50000+f.rank
			default:
				continue
			}
		case mapdata.GeomLine:
			if f.name == "" {
				continue
			}
			if g := d.cs.roadOf[f.class]; g >= 0 {
				min := ls.Streets.MinZoom
				if majorRoads[regNames[f.class]] && ls.Streets.MajorMinZoom > 0 {
					min = ls.Streets.MajorMinZoom
				}
				if d.z < min {
					continue
				}
				c.kind, c.text, c.prio = lkStreet, &ls.Streets, 40000+g*100
			} else if d.cs.water[f.class] {
				if d.z < ls.Water.MinZoom || regNames[f.class] == "stream" && d.z < 15 {
					continue
				}
				c.kind, c.text, c.prio = lkWaterLine, &ls.Water, 45000
			} else {
				continue
			}
		default:
			continue
		}
		cands = append(cands, c)
	}
	if len(cands) == 0 {
		return
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := &cands[i], &cands[j]
		if a.prio != b.prio {
			return a.prio > b.prio
		}
		if a.pack != b.pack {
			return a.pack < b.pack
		}
		return a.id < b.id
	})
	var col collider
	placedNames := map[string][][2]float64{}
	for i := range cands {
		c := &cands[i]
		f := &d.s.feats[c.fi]
		switch c.kind {
		case lkPlace, lkHouse, lkWaterName, lkAreaName:
			d.pointLabel(&col, c, f)
		case lkPOI:
			d.poiLabel(&col, c, f)
		case lkStreet, lkWaterLine:
			d.lineLabel(&col, c, f, placedNames)
		}
	}
}

func (d *drawer) textColor(ts *TextStyle) color.NRGBA {
	if ts.Color.IsSet() {
		return ts.Color.NRGBA
	}
	return d.cs.style.Labels.Color.NRGBA
}

// inTile reports whether any box meets the tile.
func (d *drawer) inTile(bs ...box) bool {
	t := box{0, 0, d.size, d.size}
	for _, b := range bs {
		if b.meets(t) {
			return true
		}
	}
	return false
}

// paintText strokes the current (glyph) path with the halo and fills it.
func (d *drawer) paintText(c color.NRGBA) {
	ls := &d.cs.style.Labels
	d.dc.SetDash()
	d.dc.SetLineJoinRound()
	d.dc.SetLineCapRound()
	d.dc.SetLineWidth(ls.HaloWidth * d.k)
	d.dc.SetColor(ls.Halo.NRGBA)
	d.dc.StrokePreserve()
	d.dc.SetFillRuleWinding()
	d.dc.SetColor(c)
	d.dc.Fill()
}

func (d *drawer) pointLabel(col *collider, c *candidate, f *feature) {
	px, py := d.s.xy[2*d.s.startOf(f.part0)], d.s.xy[2*d.s.startOf(f.part0)+1]
	style := fontRegular
	if c.text.Bold {
		style = fontBold
	}
	if c.kind == lkWaterName {
		style = fontItalic
	}
	size := c.text.Size.At(d.zf) * d.k
	w := d.fonts.width(style, f.name, size)
	pad := 2 * d.k
	b := box{px - w/2 - pad, py - size*0.6 - pad, px + w/2 + pad, py + size*0.6 + pad}
	if !col.free(b) {
		return
	}
	col.add(b)
	d.place(f, b)
	if !d.inTile(b) {
		return
	}
	d.fonts.addText(d.dc, style, f.name, px-w/2, py+size*0.35, size)
	d.paintText(d.textColor(c.text))
}

func (d *drawer) poiLabel(col *collider, c *candidate, f *feature) {
	ps := c.poi
	px, py := d.s.xy[2*d.s.startOf(f.part0)], d.s.xy[2*d.s.startOf(f.part0)+1]
	r := 7 * d.k
	if ps.Letter == "" && ps.Icon == "" {
		r = 4.5 * d.k
	}
	sym := box{px - r - d.k, py - r - d.k, px + r + d.k, py + r + d.k}
	if !col.free(sym) {
		return
	}
	var text box
	label := f.name != "" && d.z >= ps.LabelMinZoom
	size := 10.5 * d.k
	var w float64
	if label {
		w = d.fonts.width(fontRegular, f.name, size)
		text = box{px - w/2 - d.k, py + r + d.k, px + w/2 + d.k, py + r + 2*d.k + size*1.15}
		if !col.free(text) {
			label = false
		}
	}
	col.add(sym)
	if label {
		col.add(text)
		d.place(f, sym, text)
	} else {
		d.place(f, sym)
	}
	if !d.inTile(sym, text) {
		return
	}
	dc := d.dc
	switch ps.Shape {
	case "triangle":
		dc.MoveTo(px, py-r)
		dc.LineTo(px+r, py+r*0.75)
		dc.LineTo(px-r, py+r*0.75)
		dc.ClosePath()
	case "square":
		dc.DrawRoundedRectangle(px-r, py-r, 2*r, 2*r, 2*d.k)
	default:
		dc.DrawCircle(px, py, r)
	}
	dc.SetColor(ps.Color.NRGBA)
	dc.FillPreserve()
	dc.SetDash()
	dc.SetLineWidth(1.2 * d.k)
	dc.SetColor(d.cs.style.Labels.Halo.NRGBA)
	dc.Stroke()
	if ps.Icon != "" {
		dc.SetColor(color.NRGBA{255, 255, 255, 255})
		drawIcon(dc, ps.Icon, px, py, r*0.62)
	} else if ps.Letter != "" {
		ls := 9 * d.k
		lw := d.fonts.width(fontBold, ps.Letter, ls)
		d.fonts.addText(dc, fontBold, ps.Letter, px-lw/2, py+ls*0.36, ls)
		dc.SetFillRuleWinding()
		dc.SetColor(color.NRGBA{255, 255, 255, 255})
		dc.Fill()
	}
	if label {
		d.fonts.addText(dc, fontRegular, f.name, px-w/2, py+r+d.k+size*0.9, size)
		d.paintText(ps.TextColor())
	}
}

// startOf returns the index (in points) of the first point of part p.
func (s *scratch) startOf(p int) int {
	if p == 0 {
		return 0
	}
	return s.ends[p-1]
}

// lineLabel places a name along the longest part of line feature f, at the
// middle of the line or, failing that, at a quarter or three quarters.
func (d *drawer) lineLabel(col *collider, c *candidate, f *feature, placed map[string][][2]float64) {
	best, bestLen := -1, 0.0
	for p := f.part0; p < f.part0+f.parts; p++ {
		if l := polyLength(d.s.part(p)); l > bestLen {
			best, bestLen = p, l
		}
	}
	if best < 0 {
		return
	}
	pts := d.s.part(best)
	style := fontRegular
	if c.kind == lkWaterLine {
		style = fontItalic
	}
	size := c.text.Size.At(d.zf) * d.k
	name := strings.TrimSpace(f.name)
	w := d.fonts.width(style, name, size)
	pad := 8 * d.k
	if bestLen < w+2*pad {
		return
	}
	minRepeat := labelRepeat * d.k
	for _, t := range []float64{0.5, 0.3, 0.7} {
		start := bestLen*t - w/2
		if start < pad || start+w > bestLen-pad {
			continue
		}
		mx, my, _ := pointAt(pts, start+w/2)
		near := false
		for _, q := range placed[name] {
			if math.Hypot(q[0]-mx, q[1]-my) < minRepeat {
				near = true
				break
			}
		}
		if near {
			return
		}
		x0, _, _ := pointAt(pts, start)
		x1, _, _ := pointAt(pts, start+w)
		reversed := x1 < x0
		type gp struct {
			g           *glyph
			x, y, angle float64
		}
		var glyphs []gp
		var boxes []box
		ok := true
		acc, prevAngle, firstAngle := 0.0, math.NaN(), math.NaN()
		k := size / glyphPPEM
		prev := rune(-1)
		for _, r := range name {
			if prev >= 0 {
				acc += d.fonts.kern(style, prev, r) * k
			}
			prev = r
			g := d.fonts.glyph(style, r)
			adv := g.advance * k
			dist := start + acc + adv/2
			if reversed {
				dist = start + w - acc - adv/2
			}
			x, y, _ := pointAt(pts, dist)
			// Direction over the glyph's width (smoother than the segment's).
			h := math.Max(adv/2, size*0.4)
			ax, ay, _ := pointAt(pts, math.Max(0, dist-h))
			bx, by, _ := pointAt(pts, math.Min(bestLen, dist+h))
			a := math.Atan2(by-ay, bx-ax)
			if reversed {
				a += math.Pi
			}
			if math.IsNaN(firstAngle) {
				firstAngle = a
			} else if math.Abs(math.Remainder(a-firstAngle, 2*math.Pi)) > 0.9 {
				ok = false // bends too much over the whole label
				break
			}
			if !math.IsNaN(prevAngle) {
				da := math.Abs(math.Remainder(a-prevAngle, 2*math.Pi))
				if da > 0.4 {
					ok = false
					break
				}
			}
			prevAngle = a
			sin, cos := math.Sincos(a)
			ox := x - cos*adv/2 - sin*size*0.35
			oy := y - sin*adv/2 + cos*size*0.35
			glyphs = append(glyphs, gp{g, ox, oy, a})
			hb := size * 0.62
			boxes = append(boxes, box{x - hb, y - hb, x + hb, y + hb})
			acc += adv
		}
		if !ok || !col.free(boxes...) {
			continue
		}
		col.add(boxes...)
		d.place(f, boxes...)
		placed[name] = append(placed[name], [2]float64{mx, my})
		if !d.inTile(boxes...) {
			return
		}
		for _, g := range glyphs {
			addGlyph(d.dc, g.g, g.x, g.y, size, g.angle)
		}
		d.paintText(d.textColor(c.text))
		return
	}
}

func polyLength(pts []float64) float64 {
	l := 0.0
	for i := 2; i+1 < len(pts); i += 2 {
		l += math.Hypot(pts[i]-pts[i-2], pts[i+1]-pts[i-1])
	}
	return l
}

// pointAt returns the point at distance dist along pts and the direction
// (radians) of the segment it lies on.
func pointAt(pts []float64, dist float64) (x, y, angle float64) {
	for i := 2; i+1 < len(pts); i += 2 {
		dx, dy := pts[i]-pts[i-2], pts[i+1]-pts[i-1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		if dist <= l || i+2 >= len(pts) {
			t := math.Min(1, math.Max(0, dist/l))
			return pts[i-2] + dx*t, pts[i-1] + dy*t, math.Atan2(dy, dx)
		}
		dist -= l
	}
	if len(pts) >= 2 {
		return pts[0], pts[1], 0
	}
	return 0, 0, 0
}
