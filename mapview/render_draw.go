package mapview

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sort"

	"github.com/fogleman/gg"

	"waymark/engine/mapdata"
)

// Buffers around a tile, in pixels of a 256-pixel tile.
const (
	// geomBuffer: features this close to the tile are drawn (wide strokes).
	geomBuffer = 16
	// labelBuffer: labels this close take part in placement, so a label
	// crossing the border is placed the same way by both tiles. It covers a
	// label's half width (≤ 80) plus the repeat distance of street names
	// (labelRepeat), the longest-range interaction between labels.
	labelBuffer = 200
	// labelRepeat: the same street name is not repeated closer than this.
	labelRepeat = 120
)

// compiledStyle is a Style with class names resolved to registry ids.
type compiledStyle struct {
	style      *Style
	nclasses   int
	layers     [][]int // per style layer: class ids
	roads      [][]int // per road class group: class ids
	roadOf     []int   // per class id: road group, or -1
	place      map[int]*TextStyle
	poi        map[int]*POIStyle
	water      map[int]bool   // water line classes (labelled along the line)
	classNames []string       // registry names by id
	house      int            // class id of house numbers
	waterPt    int            // class id of water area names
	areaPt     int            // class id of other area names
	partMin    map[string]int // lowest zoom of the "roads" layer of each part
}

func compileStyle(st *Style, reg *classRegistry) *compiledStyle {
	cs := &compiledStyle{style: st, place: map[int]*TextStyle{}, poi: map[int]*POIStyle{}, water: map[int]bool{}}
	ids := func(names []string) []int {
		out := make([]int, len(names))
		for i, n := range names {
			out[i] = reg.id(n)
		}
		return out
	}
	cs.partMin = map[string]int{}
	for _, l := range st.Layers {
		cs.layers = append(cs.layers, ids(l.Classes))
		if l.Type == "roads" {
			cs.partMin[l.Part] = l.MinZoom
		}
	}
	for _, rc := range st.Roads.Classes {
		cs.roads = append(cs.roads, ids(rc.Classes))
	}
	for i := range st.Labels.Places {
		for _, id := range ids(st.Labels.Places[i].Classes) {
			cs.place[id] = &st.Labels.Places[i]
		}
	}
	for i := range st.Labels.POIs {
		for _, id := range ids(st.Labels.POIs[i].Classes) {
			cs.poi[id] = &st.Labels.POIs[i]
		}
	}
	for _, n := range []string{"river", "canal", "stream"} {
		cs.water[reg.id(n)] = true
	}
	cs.house = reg.id("housenumber")
	cs.waterPt = reg.id("water_name")
	cs.areaPt = reg.id("area_name")
	cs.nclasses = len(reg.names)
	cs.classNames = append([]string(nil), reg.names...)
	cs.roadOf = make([]int, cs.nclasses)
	for i := range cs.roadOf {
		cs.roadOf[i] = -1
	}
	for g, cl := range cs.roads {
		for _, id := range cl {
			cs.roadOf[id] = g
		}
	}
	return cs
}

// render draws one tile.
func (r *Renderer) render(ctx context.Context, packs []*packSource, cs *compiledStyle, z, x, y, size int) (*image.RGBA, error) {
	return r.renderRecord(ctx, packs, cs, z, x, y, size, nil)
}

// renderRecord draws one tile; when placed is not nil it receives every
// label placed on the tile or in its buffer (tests check that neighbouring
// tiles agree on them).
func (r *Renderer) renderRecord(ctx context.Context, packs []*packSource, cs *compiledStyle, z, x, y, size int, placed *[]placedLabel) (*image.RGBA, error) {
	r.renders.Add(1)
	s := r.pool.Get().(*scratch)
	defer r.pool.Put(s)
	s.reset(cs.nclasses)
	if err := s.load(ctx, packs, z, x, y, size); err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.NewUniform(cs.style.Background.NRGBA), image.Point{}, draw.Src)
	if len(s.feats) == 0 {
		return img, nil
	}
	d := &drawer{dc: gg.NewContextForRGBA(img), s: s, cs: cs, z: z, zf: float64(z), k: float64(size) / TileSize, size: float64(size), fonts: r.fonts}
	for i, l := range cs.style.Layers {
		if !visible(z, l.MinZoom, l.MaxZoom) {
			continue
		}
		switch l.Type {
		case "fill":
			d.fill(&cs.style.Layers[i], cs.layers[i])
		case "line":
			d.line(&cs.style.Layers[i], cs.layers[i])
		case "roads":
			d.roads(l.Part)
		}
	}
	d.labels()
	if placed != nil {
		*placed = d.placed
	}
	return img, nil
}

// drawer draws one tile's features.
type drawer struct {
	dc    *gg.Context
	s     *scratch
	cs    *compiledStyle
	z     int
	zf    float64
	k     float64 // pixels per 256-tile pixel (1 or 2)
	size  float64
	fonts *fontSet

	clipA, clipB []float64 // clipRing scratch

	placed []placedLabel // labels placed, for renderRecord
}

// addPart adds part i to the path, skipping points closer than a quarter
// pixel to the previous one. Rings (closed) are clipped to the tile grown by
// clipMargin; for lines with cut set, runs of segments wholly outside that
// box are left out (not for dashed lines, whose dash phase must not restart).
func (d *drawer) addPart(i int, closed, cut bool) {
	pts := d.s.part(i)
	if len(pts) < 4 {
		return
	}
	lo, hi := -clipMargin*d.k, d.size+clipMargin*d.k
	if closed {
		if len(pts) > 16 && !inside(pts, lo, hi) {
			pts = clipRing(pts, lo, hi, &d.clipA, &d.clipB)
			if len(pts) < 6 {
				return
			}
		}
		d.addRun(pts)
		d.dc.ClosePath()
		return
	}
	if !cut {
		d.addRun(pts)
		return
	}
	start := -1
	for k := 2; k < len(pts); k += 2 {
		ax, ay, bx, by := pts[k-2], pts[k-1], pts[k], pts[k+1]
		out := ax < lo && bx < lo || ax > hi && bx > hi || ay < lo && by < lo || ay > hi && by > hi
		if out {
			if start >= 0 {
				d.addRun(pts[start:k])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = k - 2
		}
	}
	if start >= 0 {
		d.addRun(pts[start:])
	}
}

// clipMargin is how far (pixels of a 256-pixel tile) beyond the tile
// geometry is kept: more than half the widest stroke.
const clipMargin = 40

// addRun adds the points as one subpath.
func (d *drawer) addRun(pts []float64) {
	if len(pts) < 4 {
		return
	}
	lx, ly := pts[0], pts[1]
	d.dc.MoveTo(lx, ly)
	n := len(pts)
	for k := 2; k < n; k += 2 {
		x, y := pts[k], pts[k+1]
		if k < n-2 && math.Abs(x-lx) < 0.25 && math.Abs(y-ly) < 0.25 {
			continue
		}
		d.dc.LineTo(x, y)
		lx, ly = x, y
	}
}

// inside reports whether every point lies in [lo, hi]².
func inside(pts []float64, lo, hi float64) bool {
	for _, v := range pts {
		if v < lo || v > hi {
			return false
		}
	}
	return true
}

// clipRing clips a closed ring to the square [lo, hi]² (Sutherland–Hodgman),
// using a and b as scratch space. The result is exact inside the square.
func clipRing(pts []float64, lo, hi float64, a, b *[]float64) []float64 {
	in := pts
	for edge := 0; edge < 4; edge++ {
		out := (*a)[:0]
		n := len(in) / 2
		if n == 0 {
			break
		}
		keep := func(x, y float64) bool {
			switch edge {
			case 0:
				return x >= lo
			case 1:
				return x <= hi
			case 2:
				return y >= lo
			}
			return y <= hi
		}
		cross := func(x0, y0, x1, y1 float64) (float64, float64) {
			var t float64
			switch edge {
			case 0:
				t = (lo - x0) / (x1 - x0)
			case 1:
				t = (hi - x0) / (x1 - x0)
			case 2:
				t = (lo - y0) / (y1 - y0)
			default:
				t = (hi - y0) / (y1 - y0)
			}
			return x0 + t*(x1-x0), y0 + t*(y1-y0)
		}
		px, py := in[2*(n-1)], in[2*(n-1)+1]
		pin := keep(px, py)
		for i := 0; i < n; i++ {
			x, y := in[2*i], in[2*i+1]
			cin := keep(x, y)
			if cin != pin {
				ix, iy := cross(px, py, x, y)
				out = append(out, ix, iy)
			}
			if cin {
				out = append(out, x, y)
			}
			px, py, pin = x, y, cin
		}
		*a, *b = *b, out
		in = out
	}
	return in
}

// addFeature adds every part of f to the path.
func (d *drawer) addFeature(f *feature, cut bool) {
	for p := f.part0; p < f.part0+f.parts; p++ {
		d.addPart(p, f.typ == mapdata.GeomPolygon, cut)
	}
}

func (d *drawer) fill(l *Layer, classes []int) {
	n, outlined := 0, 0
	for _, c := range classes {
		for _, fi := range d.s.buckets[c] {
			f := &d.s.feats[fi]
			if f.typ != mapdata.GeomPolygon || !f.nearTile {
				continue
			}
			d.addFeature(f, true)
			n++
		}
	}
	if n == 0 {
		return
	}
	d.dc.SetFillRuleWinding()
	d.dc.SetColor(l.Color.NRGBA)
	d.dc.Fill()
	if !l.Outline.IsSet() {
		return
	}
	for _, c := range classes {
		for _, fi := range d.s.buckets[c] {
			f := &d.s.feats[fi]
			if f.typ != mapdata.GeomPolygon || !f.nearTile || f.flags&mapdata.FlagClipped != 0 {
				continue
			}
			d.addFeature(f, true)
			outlined++
		}
	}
	if outlined > 0 {
		d.dc.SetDash()
		d.dc.SetLineJoinRound()
		d.dc.SetLineWidth(0.7 * d.k)
		d.dc.SetColor(l.Outline.NRGBA)
		d.dc.Stroke()
	}
}

// partOK reports whether f belongs to a layer part ("tunnel", "bridge",
// "surface" or "" for all).
func partOK(part string, f *feature) bool {
	switch part {
	case "tunnel":
		return f.flags&mapdata.FlagTunnel != 0
	case "bridge":
		return f.flags&mapdata.FlagBridge != 0
	case "surface":
		return f.flags&mapdata.FlagTunnel == 0
	}
	return true
}

func (d *drawer) line(l *Layer, classes []int) {
	n := 0
	for _, c := range classes {
		for _, fi := range d.s.buckets[c] {
			f := &d.s.feats[fi]
			if f.typ != mapdata.GeomLine || !f.nearTile || !partOK(l.Part, f) {
				continue
			}
			d.addFeature(f, len(l.Dash) == 0)
			n++
		}
	}
	if n == 0 {
		return
	}
	d.stroke(l.Color.NRGBA, l.Width.At(d.zf)*d.k, l.Dash)
}

// stroke strokes the current path.
func (d *drawer) stroke(c color.NRGBA, width float64, dash []float64) {
	if width < 0.3 {
		width = 0.3
	}
	if len(dash) > 0 {
		ds := make([]float64, len(dash))
		for i, v := range dash {
			ds[i] = v * d.k
		}
		d.dc.SetDash(ds...)
		d.dc.SetLineCapButt()
	} else {
		d.dc.SetDash()
		d.dc.SetLineCapRound()
	}
	d.dc.SetLineJoinRound()
	d.dc.SetLineWidth(width)
	d.dc.SetColor(c)
	d.dc.Stroke()
}

// roads draws the road network part "tunnel", "ground" or "bridge": all
// casings first, then all fills, least important class first; bridges layer
// by layer, each with its bridge outline.
func (d *drawer) roads(part string) {
	rs := &d.cs.style.Roads
	var sel []int32
	for g := range d.cs.roads {
		if !visible(d.z, rs.Classes[g].MinZoom, 0) {
			continue
		}
		for _, c := range d.cs.roads[g] {
			for _, fi := range d.s.buckets[c] {
				f := &d.s.feats[fi]
				if f.typ != mapdata.GeomLine || !f.nearTile {
					continue
				}
				tunnel, bridge := f.flags&mapdata.FlagTunnel != 0, f.flags&mapdata.FlagBridge != 0
				// Below the zoom of the tunnel/bridge layers they are plain roads.
				if d.z < d.cs.partMin["tunnel"] {
					tunnel = false
				}
				if d.z < d.cs.partMin["bridge"] {
					bridge = false
				}
				switch {
				case part == "tunnel" && tunnel, part == "bridge" && bridge && !tunnel, part == "ground" && !tunnel && !bridge:
					sel = append(sel, fi)
				}
			}
		}
	}
	if len(sel) == 0 {
		return
	}
	if part != "bridge" {
		d.roadPass(sel, part)
		return
	}
	sort.SliceStable(sel, func(i, j int) bool { return d.s.feats[sel[i]].layer < d.s.feats[sel[j]].layer })
	for i := 0; i < len(sel); {
		j := i
		for j < len(sel) && d.s.feats[sel[j]].layer == d.s.feats[sel[i]].layer {
			j++
		}
		d.roadPass(sel[i:j], part)
		i = j
	}
}

// roadPass draws casings then fills of the selected road features.
func (d *drawer) roadPass(sel []int32, part string) {
	rs := &d.cs.style.Roads
	groups := len(d.cs.roads)
	add := func(g int) bool {
		n := 0
		cut := len(rs.Classes[g].Dash) == 0 && part != "tunnel"
		for _, fi := range sel {
			f := &d.s.feats[fi]
			if d.cs.roadOf[f.class] == g {
				d.addFeature(f, cut)
				n++
			}
		}
		return n > 0
	}
	for g := 0; g < groups; g++ {
		rc := &rs.Classes[g]
		w := rc.Width.At(d.zf) * d.k
		switch {
		case part == "bridge" && rs.BridgeCasing.IsSet() && len(rc.Dash) == 0:
			if add(g) {
				d.stroke(rs.BridgeCasing.NRGBA, w+2*rs.BridgeEdge.At(d.zf)*d.k, nil)
			}
		case rc.Casing.IsSet() && d.z >= rc.CasingMinZoom:
			var dash []float64
			if part == "tunnel" {
				dash = rs.TunnelCasingDash
			}
			if add(g) {
				d.stroke(rc.Casing.NRGBA, w+2*rc.Edge.At(d.zf)*d.k, dash)
			}
		}
	}
	for g := 0; g < groups; g++ {
		rc := &rs.Classes[g]
		c := rc.Color.NRGBA
		if part == "tunnel" && rs.TunnelFillOpacity > 0 {
			c = scaled(c, rs.TunnelFillOpacity)
		}
		if add(g) {
			d.stroke(c, rc.Width.At(d.zf)*d.k, rc.Dash)
		}
	}
	if rs.OnewayMinZoom > 0 && d.z >= rs.OnewayMinZoom && rs.OnewayColor.IsSet() {
		d.onewayArrows(sel)
	}
}

// onewayArrows draws small arrows in the direction of travel along the
// selected one-way roads that are wide enough to hold them.
func (d *drawer) onewayArrows(sel []int32) {
	rs := &d.cs.style.Roads
	n := 0
	spacing, half, head := 90*d.k, 4*d.k, 2.6*d.k
	for _, fi := range sel {
		f := &d.s.feats[fi]
		if f.flags&mapdata.FlagOneway == 0 {
			continue
		}
		g := d.cs.roadOf[f.class]
		if g < 0 || len(rs.Classes[g].Dash) > 0 || rs.Classes[g].Width.At(d.zf) < 4 {
			continue
		}
		for p := f.part0; p < f.part0+f.parts; p++ {
			pts := d.s.part(p)
			l := polyLength(pts)
			// Arrows sit at fixed distances from the line's start, so both
			// tiles sharing a road agree.
			for at := spacing / 2; at+half < l; at += spacing {
				x, y, _ := pointAt(pts, at)
				if x < -10 || y < -10 || x > d.size+10 || y > d.size+10 {
					continue
				}
				ax, ay, _ := pointAt(pts, at-half)
				bx, by, _ := pointAt(pts, at+half)
				a := math.Atan2(by-ay, bx-ax)
				d.dc.MoveTo(ax, ay)
				d.dc.LineTo(bx, by)
				for _, s := range []float64{1, -1} {
					hs, hc := math.Sincos(a + math.Pi - s*0.6)
					d.dc.MoveTo(bx, by)
					d.dc.LineTo(bx+hc*head, by+hs*head)
				}
				n++
			}
		}
	}
	if n > 0 {
		d.stroke(rs.OnewayColor.NRGBA, 1.1*d.k, nil)
	}
}
