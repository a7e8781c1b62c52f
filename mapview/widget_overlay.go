package mapview

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"sync"

	"fyne.io/fyne/v2"
	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"github.com/paulmach/orb"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
)

// Pin is a pin on the map (a search or nearby result).
type Pin struct {
	Point    orb.Point
	Selected bool // drawn larger and on top
}

// RoutePath is a route drawn on the map; alternatives are drawn dimmed and
// below the main route.
type RoutePath struct {
	Line        orb.LineString
	Alternative bool
}

// GPSTrace is a GPS track: the recorded points (Matched false, drawn thin and
// dotted) or the track matched to roads (Matched true, drawn bold).
type GPSTrace struct {
	Line    orb.LineString
	Matched bool
}

// Contour is one area of an isochrone: the places reachable within its
// limit (polygons with holes, as engine/route draws them).
type Contour struct {
	Polygons []orb.Polygon
}

// overlayLayers holds what the widget draws over the tiles.
type overlayLayers struct {
	mu       sync.Mutex
	contours []Contour // smallest first
	markers  []Pin
	outline  orb.Geometry
	routes   []RoutePath
	stops    []orb.Point
	traces   []GPSTrace
	here     *orb.Point
	version  uint64 // bumped by every change, so the renderer redraws only then
}

// SetMarkers replaces the result pins.
func (w *Widget) SetMarkers(m []Pin) {
	w.layers.mu.Lock()
	w.layers.markers = append([]Pin(nil), m...)
	w.layers.version++
	w.layers.mu.Unlock()
	w.Refresh()
}

// SetContours shows the areas of an isochrone, smallest first (nil
// removes them). Each is filled in its own colour (ContourColor), from the
// largest up, as the band between it and the next smaller one (even-odd
// over both outlines), so the map stays readable through every band
// instead of darkening where four fills would stack; each outline is
// stroked in a darker shade of its colour.
func (w *Widget) SetContours(c []Contour) {
	w.layers.mu.Lock()
	w.layers.contours = append([]Contour(nil), c...)
	w.layers.version++
	w.layers.mu.Unlock()
	w.Refresh()
}

// contourColors are the contours' colours, nearest first: green, yellow,
// orange, red — "near to far", distinct from the route's blue and readable
// on the light and the dark map.
var contourColors = []color.NRGBA{
	{0x1e, 0xa4, 0x4a, 0xff},
	{0xf2, 0xb4, 0x00, 0xff},
	{0xf0, 0x6a, 0x0c, 0xff},
	{0xd3, 0x2f, 0x6b, 0xff},
}

// MaxContours is how many contours have a colour of their own.
const MaxContours = 4

// ContourColor returns the colour of contour i (0 the smallest), opaque:
// the legend's swatch; the map fills with it translucent.
func ContourColor(i int) color.NRGBA { return contourColors[min(max(i, 0), len(contourColors)-1)] }

// SetOutline shows the selected place's geometry (polygon, line or point);
// nil removes it.
func (w *Widget) SetOutline(g orb.Geometry) {
	w.layers.mu.Lock()
	w.layers.outline = g
	w.layers.version++
	w.layers.mu.Unlock()
	w.Refresh()
}

// SetRoutes replaces the route lines.
func (w *Widget) SetRoutes(r []RoutePath) {
	w.layers.mu.Lock()
	w.layers.routes = append([]RoutePath(nil), r...)
	w.layers.version++
	w.layers.mu.Unlock()
	w.Refresh()
}

// SetStops replaces the numbered tour stops (numbered from 1 in order).
func (w *Widget) SetStops(p []orb.Point) {
	w.layers.mu.Lock()
	w.layers.stops = append([]orb.Point(nil), p...)
	w.layers.version++
	w.layers.mu.Unlock()
	w.Refresh()
}

// SetTraces replaces the GPS traces.
func (w *Widget) SetTraces(t []GPSTrace) {
	w.layers.mu.Lock()
	w.layers.traces = append([]GPSTrace(nil), t...)
	w.layers.version++
	w.layers.mu.Unlock()
	w.Refresh()
}

// SetHere shows the "what is here" dot at p; nil hides it.
func (w *Widget) SetHere(p *orb.Point) {
	w.layers.mu.Lock()
	if p != nil {
		q := *p
		w.layers.here = &q
	} else {
		w.layers.here = nil
	}
	w.layers.version++
	w.layers.mu.Unlock()
	w.Refresh()
}

// markerAt returns the index of the topmost marker whose pin covers pos, or −1.
func (o *overlayLayers) markerAt(w *Widget, pos fyne.Position) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	best, bestD := -1, float32(16*16)
	for i, m := range o.markers {
		p := w.PositionOf(m.Point)
		dx, dy := pos.X-p.X, pos.Y-(p.Y-18)
		if d := dx*dx + dy*dy; d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

func (o *overlayLayers) empty() bool {
	return len(o.contours) == 0 && len(o.markers) == 0 && o.outline == nil && len(o.routes) == 0 &&
		len(o.stops) == 0 && len(o.traces) == 0 && o.here == nil
}

// Overlay colours (the same in light and dark map themes, chosen to stand
// out on both).
var (
	ovRoute     = color.NRGBA{0x1a, 0x73, 0xe8, 0xff}
	ovRouteCase = color.NRGBA{0x0b, 0x4a, 0xa8, 0xff}
	ovAlt       = color.NRGBA{0x8a, 0xb4, 0xf8, 0xd0}
	ovOutline   = color.NRGBA{0x1a, 0x73, 0xe8, 0xff}
	ovFill      = color.NRGBA{0x1a, 0x73, 0xe8, 0x26}
	ovPin       = color.NRGBA{0xea, 0x43, 0x35, 0xff}
	ovPinDark   = color.NRGBA{0xa5, 0x27, 0x14, 0xff}
	ovStop      = color.NRGBA{0x1a, 0x73, 0xe8, 0xff}
	ovStart     = color.NRGBA{0x18, 0x80, 0x38, 0xff}
	ovTrace     = color.NRGBA{0xf5, 0x7c, 0x00, 0xff}
	ovMatched   = color.NRGBA{0x8e, 0x24, 0xaa, 0xe0}
	ovWhite     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

var (
	widgetFontOnce sync.Once
	widgetBoldTTF  *truetype.Font
)

func widgetStopFace(size float64) font.Face {
	widgetFontOnce.Do(func() { widgetBoldTTF, _ = truetype.Parse(gobold.TTF) })
	if widgetBoldTTF == nil {
		return nil
	}
	return truetype.NewFace(widgetBoldTTF, &truetype.Options{Size: size, Hinting: font.HintingFull})
}

// draw renders the overlay layers at pw×ph device pixels.
func (o *overlayLayers) draw(w *Widget, pw, ph int) image.Image {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.empty() || pw <= 0 || ph <= 0 {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	sz := w.Size()
	s := 1.0
	if sz.Width > 0 {
		s = float64(pw) / float64(sz.Width)
	}
	dc := gg.NewContext(pw, ph)
	dc.SetLineJoin(gg.LineJoinRound)
	dc.SetLineCap(gg.LineCapRound)
	pt := func(p orb.Point) (float64, float64) {
		q := w.PositionOf(p)
		return float64(q.X) * s, float64(q.Y) * s
	}
	path := func(ls orb.LineString) {
		dc.NewSubPath()
		for i, p := range ls {
			x, y := pt(p)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
	}
	ring := func(r orb.Ring) {
		path(orb.LineString(r))
		dc.ClosePath()
	}

	polygons := func(ps []orb.Polygon) {
		for _, p := range ps {
			for _, r := range p {
				ring(r)
			}
		}
	}
	dc.SetFillRuleEvenOdd()
	for i := len(o.contours) - 1; i >= 0; i-- {
		c := ContourColor(i)
		polygons(o.contours[i].Polygons)
		if i > 0 {
			polygons(o.contours[i-1].Polygons) // the band only
		}
		dc.SetColor(color.NRGBA{c.R, c.G, c.B, 0x58})
		dc.Fill()
	}
	for i := len(o.contours) - 1; i >= 0; i-- {
		c := ContourColor(i)
		polygons(o.contours[i].Polygons)
		dc.SetColor(color.NRGBA{uint8(int(c.R) * 3 / 4), uint8(int(c.G) * 3 / 4), uint8(int(c.B) * 3 / 4), 0xe0})
		dc.SetLineWidth(2 * s)
		dc.Stroke()
	}

	if o.outline != nil {
		switch g := o.outline.(type) {
		case orb.Polygon:
			for _, r := range g {
				ring(r)
			}
		case orb.MultiPolygon:
			for _, p := range g {
				for _, r := range p {
					ring(r)
				}
			}
		case orb.Ring:
			ring(g)
		case orb.Bound:
			ring(g.ToRing())
		case orb.LineString:
			path(g)
		case orb.MultiLineString:
			for _, l := range g {
				path(l)
			}
		}
		dc.SetFillRuleEvenOdd()
		dc.SetColor(ovFill)
		dc.FillPreserve()
		dc.SetColor(ovOutline)
		dc.SetLineWidth(2.5 * s)
		dc.Stroke()
	}

	for _, t := range o.traces {
		if t.Matched {
			path(t.Line)
			dc.SetColor(ovMatched)
			dc.SetLineWidth(6 * s)
			dc.Stroke()
			continue
		}
		path(t.Line)
		dc.SetColor(ovTrace)
		dc.SetLineWidth(2 * s)
		dc.SetDash(4*s, 4*s)
		dc.Stroke()
		dc.SetDash()
		for _, p := range t.Line {
			x, y := pt(p)
			dc.DrawCircle(x, y, 2.5*s)
		}
		dc.Fill()
	}

	// Alternatives under the main route.
	for pass := 0; pass < 2; pass++ {
		for _, r := range o.routes {
			if r.Alternative != (pass == 0) {
				continue
			}
			if r.Alternative {
				path(r.Line)
				dc.SetColor(ovAlt)
				dc.SetLineWidth(6 * s)
				dc.Stroke()
				continue
			}
			path(r.Line)
			dc.SetColor(ovRouteCase)
			dc.SetLineWidth(9 * s)
			dc.Stroke()
			path(r.Line)
			dc.SetColor(ovRoute)
			dc.SetLineWidth(6 * s)
			dc.Stroke()
		}
	}

	if o.here != nil {
		x, y := pt(*o.here)
		dc.DrawCircle(x, y, 14*s)
		dc.SetColor(color.NRGBA{0x1a, 0x73, 0xe8, 0x40})
		dc.Fill()
		dc.DrawCircle(x, y, 7*s)
		dc.SetColor(ovWhite)
		dc.Fill()
		dc.DrawCircle(x, y, 5*s)
		dc.SetColor(ovRoute)
		dc.Fill()
	}

	for pass := 0; pass < 2; pass++ {
		for _, m := range o.markers {
			if m.Selected != (pass == 1) {
				continue
			}
			x, y := pt(m.Point)
			k := s
			if m.Selected {
				k = 1.3 * s
			}
			drawWidgetPin(dc, x, y, k)
		}
	}

	if len(o.stops) > 0 {
		face := widgetStopFace(11 * s)
		if face != nil {
			dc.SetFontFace(face)
		}
		for i, p := range o.stops {
			x, y := pt(p)
			dc.DrawCircle(x, y, 12*s)
			dc.SetColor(ovWhite)
			dc.Fill()
			dc.DrawCircle(x, y, 10*s)
			if i == 0 {
				dc.SetColor(ovStart)
			} else {
				dc.SetColor(ovStop)
			}
			dc.Fill()
			dc.SetColor(ovWhite)
			dc.DrawStringAnchored(strconv.Itoa(i+1), x, y-0.5*s, 0.5, 0.35)
		}
	}
	return dc.Image()
}

// drawWidgetPin draws a map pin whose tip is at x, y, scaled by k.
func drawWidgetPin(dc *gg.Context, x, y, k float64) {
	r := 9 * k
	cy := y - 20*k
	// Shadow.
	dc.DrawEllipse(x, y, 5*k, 2*k)
	dc.SetColor(color.NRGBA{0, 0, 0, 0x40})
	dc.Fill()
	// Head and point as one path: the tangents from the tip to the circle.
	d := y - cy
	a := math.Acos(r / d)
	dc.NewSubPath()
	dc.MoveTo(x, y)
	dc.DrawArc(x, cy, r, math.Pi/2+a, 2*math.Pi+math.Pi/2-a)
	dc.ClosePath()
	dc.SetColor(ovPin)
	dc.FillPreserve()
	dc.SetColor(ovPinDark)
	dc.SetLineWidth(1.2 * k)
	dc.Stroke()
	dc.DrawCircle(x, cy, 3.5*k)
	dc.SetColor(ovWhite)
	dc.Fill()
}

// Overlays says what the map draws over its tiles.
type Overlays struct {
	Contours int  // isochrone areas
	Pins     int  // result pins
	Outline  bool // a place's outline
	Here     bool // the "what is here" dot
	Routes   int
	Stops    int
	Traces   int
	Selected int // index of the selected pin, −1 for none
}

// Overlays returns what the map draws over its tiles.
func (w *Widget) Overlays() Overlays {
	o := &w.layers
	o.mu.Lock()
	defer o.mu.Unlock()
	sel := -1
	for i, m := range o.markers {
		if m.Selected {
			sel = i
		}
	}
	return Overlays{Contours: len(o.contours), Pins: len(o.markers), Outline: o.outline != nil, Here: o.here != nil,
		Routes: len(o.routes), Stops: len(o.stops), Traces: len(o.traces), Selected: sel}
}

// TraceCount returns how many GPS traces the map draws.
func (w *Widget) TraceCount() int {
	w.layers.mu.Lock()
	defer w.layers.mu.Unlock()
	return len(w.layers.traces)
}

// stamp identifies what the overlay shows: it changes when a layer or the view does.
func (o *overlayLayers) stamp(w *Widget) [5]float64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	sz := w.Size()
	return [5]float64{w.center[0], w.center[1], w.zoom, float64(sz.Width)*1e5 + float64(sz.Height), float64(o.version)}
}
