package mapview

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	sm "github.com/flopp/go-staticmaps"
	"github.com/fogleman/gg"
	"github.com/golang/geo/s2"
	"github.com/paulmach/orb"
)

// Static export: a view or a whole tour as one image, composed by
// go-staticmaps with our own tiles. go-staticmaps would download tiles; it is
// given no tile provider (sm.NewTileProviderNone, offline, with a cache
// directory of ours so it never touches the user's cache) and draws our
// tiles through a MapObject added first, so routes and markers go on top.
// The attribution is drawn by us: its font has no "©".

// Attribution is the text every map image must show.
const Attribution = "© OpenStreetMap contributors"

// ErrExport is returned for export options that cannot be drawn.
var ErrExport = errors.New("mapview: invalid export")

// RouteLine is a line drawn over an exported map (a route, a track).
type RouteLine struct {
	Line  orb.LineString
	Color color.Color // default: #1a73e8
	Width float64     // pixels, default 5
}

// Marker is a pin drawn over an exported map.
type Marker struct {
	Point orb.Point
	Color color.Color // default: #d9383a
	Label string      // a short ASCII label drawn in the pin
}

// ExportOptions describe an exported image.
//
// The map shows Bound (fitted with Padding pixels free) when it is not
// empty; else Center at Zoom; else, when Zoom is 0, everything drawn over it
// (routes, stops, markers).
type ExportOptions struct {
	Width, Height int // pixels
	Center        orb.Point
	Zoom          int
	Bound         orb.Bound
	Padding       float64 // pixels kept free around Bound or the overlays (default 40)
	Theme         Theme
	Routes        []RouteLine
	Stops         []orb.Point // drawn as numbered circles 1, 2, ...
	Markers       []Marker
}

// Export renders the map image of opts with its overlays and the attribution.
func (r *Renderer) Export(ctx context.Context, opts ExportOptions) (*image.RGBA, error) {
	if opts.Width <= 0 || opts.Height <= 0 || opts.Width > 10000 || opts.Height > 10000 {
		return nil, fmt.Errorf("%w: size %dx%d", ErrExport, opts.Width, opts.Height)
	}
	if opts.Padding == 0 {
		opts.Padding = 40
	}
	center, zoom, err := exportFrame(opts)
	if err != nil {
		return nil, err
	}
	m := sm.NewContext()
	m.SetTileProvider(sm.NewTileProviderNone())
	m.SetCache(sm.NewTileCache(r.staticmapsCacheDir(), 0o755))
	m.SetOnline(false)
	m.SetSize(opts.Width, opts.Height)
	m.SetMaxZoom(MaxZoom)
	m.SetCenter(s2.LatLngFromDegrees(center[1], center[0]))
	m.SetZoom(zoom)
	m.OverrideAttribution("")
	tiles := &tileLayer{ctx: ctx, r: r, theme: opts.Theme}
	m.AddObject(tiles)
	for _, rl := range opts.Routes {
		if len(rl.Line) < 2 {
			continue
		}
		col, w := rl.Color, rl.Width
		if col == nil {
			col = color.NRGBA{0x1a, 0x73, 0xe8, 0xff}
		}
		if w <= 0 {
			w = 5
		}
		pos := make([]s2.LatLng, len(rl.Line))
		for i, p := range rl.Line {
			pos[i] = s2.LatLngFromDegrees(p[1], p[0])
		}
		m.AddObject(sm.NewPath(pos, color.NRGBA{255, 255, 255, 220}, w+3))
		m.AddObject(sm.NewPath(pos, col, w))
	}
	for _, mk := range opts.Markers {
		col := mk.Color
		if col == nil {
			col = color.NRGBA{0xd9, 0x38, 0x3a, 0xff}
		}
		marker := sm.NewMarker(s2.LatLngFromDegrees(mk.Point[1], mk.Point[0]), col, 16)
		marker.Label = mk.Label
		m.AddObject(marker)
	}
	for i, p := range opts.Stops {
		m.AddObject(&stopMarker{pos: s2.LatLngFromDegrees(p[1], p[0]), n: i + 1, fonts: r.fonts})
	}
	img, err := m.Render()
	if err != nil {
		return nil, fmt.Errorf("mapview: export: %w", err)
	}
	if tiles.err != nil {
		return nil, tiles.err
	}
	out, ok := img.(*image.RGBA)
	if !ok {
		out = image.NewRGBA(img.Bounds())
		draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	}
	r.drawAttribution(out, 1)
	return out, nil
}

// exportFrame returns the centre and zoom of the exported image.
func exportFrame(opts ExportOptions) (orb.Point, int, error) {
	b := opts.Bound
	if b.IsZero() && opts.Zoom == 0 {
		first := true
		ext := func(p orb.Point) {
			if first {
				b, first = orb.Bound{Min: p, Max: p}, false
			} else {
				b = b.Extend(p)
			}
		}
		for _, rl := range opts.Routes {
			for _, p := range rl.Line {
				ext(p)
			}
		}
		for _, p := range opts.Stops {
			ext(p)
		}
		for _, mk := range opts.Markers {
			ext(mk.Point)
		}
		if first {
			return orb.Point{}, 0, fmt.Errorf("%w: no bound, zoom or overlays", ErrExport)
		}
	}
	if !b.IsZero() {
		if b.Min[0] > b.Max[0] || b.Min[1] > b.Max[1] || b.Min[1] < -MaxLatitude || b.Max[1] > MaxLatitude {
			return orb.Point{}, 0, fmt.Errorf("%w: bound %v", ErrExport, b)
		}
		z := int(math.Floor(ZoomForBound(b, opts.Width, opts.Height, opts.Padding)))
		z = max(MinZoom, min(z, 18))
		x0, y1 := Mercator(b.Min)
		x1, y0 := Mercator(b.Max)
		return MercatorInverse((x0+x1)/2, (y0+y1)/2), z, nil
	}
	if opts.Zoom < MinZoom || opts.Zoom > MaxZoom {
		return orb.Point{}, 0, fmt.Errorf("%w: zoom %d", ErrExport, opts.Zoom)
	}
	c := opts.Center
	if c[0] < -180 || c[0] > 180 || c[1] < -MaxLatitude || c[1] > MaxLatitude {
		return orb.Point{}, 0, fmt.Errorf("%w: centre %v", ErrExport, c)
	}
	return c, opts.Zoom, nil
}

// staticmapsCacheDir is the cache directory handed to go-staticmaps (it
// reads nothing from it: the tile provider is none).
func (r *Renderer) staticmapsCacheDir() string {
	if r.opts.CacheDir != "" {
		return filepath.Join(r.opts.CacheDir, "staticmaps")
	}
	return filepath.Join(os.TempDir(), "waymark-staticmaps")
}

// tileLayer is a go-staticmaps MapObject drawing our tiles under everything.
type tileLayer struct {
	ctx   context.Context
	r     *Renderer
	theme Theme
	err   error
}

func (t *tileLayer) Bounds() s2.Rect { return s2.EmptyRect() }

func (t *tileLayer) ExtraMarginPixels() (float64, float64, float64, float64) { return 0, 0, 0, 0 }

func (t *tileLayer) Draw(gc *gg.Context, trans *sm.Transformer) {
	// The transformer hides its zoom: measure it from one degree of longitude.
	c := trans.XYToLatLng(float64(gc.Width())/2, float64(gc.Height())/2)
	x0, _ := trans.LatLngToXY(s2.LatLngFromDegrees(c.Lat.Degrees(), 0))
	x1, _ := trans.LatLngToXY(s2.LatLngFromDegrees(c.Lat.Degrees(), 1))
	z := int(math.Round(math.Log2(math.Abs(x1-x0) * 360 / TileSize)))
	if z < MinZoom || z > MaxZoom {
		t.err = fmt.Errorf("%w: zoom %d", ErrExport, z)
		return
	}
	nw := trans.XYToLatLng(0, 0)
	ox, oy := LonLatToPixel(orb.Point{nw.Lng.Degrees(), nw.Lat.Degrees()}, float64(z))
	ox, oy = math.Round(ox), math.Round(oy)
	n := 1 << z
	var tiles [][2]int
	for ty := int(math.Floor(oy / TileSize)); float64(ty*TileSize) < oy+float64(gc.Height()); ty++ {
		for tx := int(math.Floor(ox / TileSize)); float64(tx*TileSize) < ox+float64(gc.Width()); tx++ {
			if ty >= 0 && ty < n {
				tiles = append(tiles, [2]int{tx, ty})
			}
		}
	}
	dst, ok := gc.Image().(*image.RGBA)
	if !ok {
		t.err = fmt.Errorf("%w: unexpected canvas %T", ErrExport, gc.Image())
		return
	}
	t.err = t.r.eachTile(t.ctx, z, tiles, TileSize, t.theme, func(tx, ty int, img image.Image) {
		p := image.Pt(int(float64(tx*TileSize)-ox), int(float64(ty*TileSize)-oy))
		// Tiles cover disjoint rectangles: safe to draw concurrently.
		draw.Draw(dst, image.Rectangle{Min: p, Max: p.Add(image.Pt(TileSize, TileSize))}, img, image.Point{}, draw.Src)
	})
}

// stopMarker is a numbered tour stop: a filled circle with its number.
type stopMarker struct {
	pos   s2.LatLng
	n     int
	fonts *fontSet
}

func (s *stopMarker) Bounds() s2.Rect { return s2.RectFromLatLng(s.pos) }

func (s *stopMarker) ExtraMarginPixels() (float64, float64, float64, float64) {
	return 14, 14, 14, 14
}

func (s *stopMarker) Draw(gc *gg.Context, trans *sm.Transformer) {
	x, y := trans.LatLngToXY(s.pos)
	gc.DrawCircle(x, y, 12)
	gc.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xff})
	gc.Fill()
	gc.DrawCircle(x, y, 10)
	gc.SetColor(color.NRGBA{0x1a, 0x73, 0xe8, 0xff})
	gc.Fill()
	label := strconv.Itoa(s.n)
	size := 12.0
	if s.n >= 100 {
		size = 9
	}
	w := s.fonts.width(fontBold, label, size)
	s.fonts.addText(gc, fontBold, label, x-w/2, y+size*0.36, size)
	gc.SetFillRuleWinding()
	gc.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xff})
	gc.Fill()
}

// drawAttribution writes Attribution in the bottom-right corner of img on a
// translucent box; scale is 2 for HiDPI images.
func (r *Renderer) drawAttribution(img *image.RGBA, scale float64) {
	dc := gg.NewContextForRGBA(img)
	size := 11 * scale
	w := r.fonts.width(fontRegular, Attribution, size)
	pad := 4 * scale
	bw, bh := w+2*pad, size*1.5
	x0, y0 := float64(img.Bounds().Dx())-bw, float64(img.Bounds().Dy())-bh
	dc.DrawRectangle(x0, y0, bw, bh)
	dc.SetColor(color.NRGBA{255, 255, 255, 200})
	dc.Fill()
	r.fonts.addText(dc, fontRegular, Attribution, x0+pad, y0+bh/2+size*0.35, size)
	dc.SetFillRuleWinding()
	dc.SetColor(color.NRGBA{0x33, 0x33, 0x33, 0xff})
	dc.Fill()
}

// WritePNG encodes img as PNG to w.
func WritePNG(w io.Writer, img image.Image) error {
	bw := bufio.NewWriter(w)
	if err := png.Encode(bw, img); err != nil {
		return fmt.Errorf("mapview: write png: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("mapview: write png: %w", err)
	}
	return nil
}
