package mapview

import (
	"image"
	"image/color"
	"math"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Tile zoom levels the renderer draws; the widget scales the nearest one.
const (
	widgetTileMinZoom = 5
	widgetTileMaxZoom = 19
)

// OSMCredit is the attribution the map always shows (ODbL).
const OSMCredit = "© OpenStreetMap contributors"

type widgetRenderer struct {
	w *Widget

	bg      *canvas.Rectangle
	overlay *canvas.Raster
	tiles   []fyne.CanvasObject

	attrBG   *canvas.Rectangle
	attr     *canvas.Text
	scaleBG  *canvas.Rectangle
	scaleBar [3]*canvas.Line
	scaleTxt *canvas.Text
	zoomBox  *fyne.Container
	zoomIn   *widget.Button
	zoomOut  *widget.Button
	cross    [4]*canvas.Line // the centre mark while the map has the focus

	controls []fyne.CanvasObject
	objects  []fyne.CanvasObject
	drawn    [5]float64 // overlay stamp last drawn
}

func newWidgetRenderer(w *Widget) *widgetRenderer {
	r := &widgetRenderer{w: w}
	r.bg = canvas.NewRectangle(widgetBackground())
	r.overlay = canvas.NewRaster(func(pw, ph int) image.Image { return w.layers.draw(w, pw, ph) })
	r.attrBG = canvas.NewRectangle(color.Transparent)
	r.attrBG.CornerRadius = 3
	r.attr = canvas.NewText(OSMCredit, theme.Color(theme.ColorNameForeground))
	r.attr.TextSize = controlTextSize
	r.scaleBG = canvas.NewRectangle(color.Transparent)
	r.scaleBG.CornerRadius = 3
	for i := range r.scaleBar {
		r.scaleBar[i] = canvas.NewLine(color.Black)
		r.scaleBar[i].StrokeWidth = 2
	}
	r.scaleTxt = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	r.scaleTxt.TextSize = controlTextSize
	r.zoomIn = widget.NewButtonWithIcon("", theme.ContentAddIcon(), w.ZoomIn)
	r.zoomOut = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), w.ZoomOut)
	r.zoomBox = container.NewVBox(r.zoomIn, r.zoomOut)
	if w.OnHome != nil {
		r.zoomBox.Add(widget.NewButtonWithIcon("", theme.HomeIcon(), w.OnHome))
	}
	if w.OnClear != nil {
		r.zoomBox.Add(widget.NewButtonWithIcon("", clearMapIcon, w.OnClear))
	}
	r.controls = []fyne.CanvasObject{r.overlay, r.scaleBG, r.scaleBar[0], r.scaleBar[1], r.scaleBar[2], r.scaleTxt, r.attrBG, r.attr}
	for i := range r.cross {
		r.cross[i] = canvas.NewLine(color.Black)
		r.controls = append(r.controls, r.cross[i])
	}
	r.controls = append(r.controls, r.zoomBox)
	r.applyTheme()
	return r
}

// controlTextSize is the size of the attribution and scale texts, in
// logical pixels (12: legible body text at 1280×800).
const controlTextSize = 12

// widgetBackground is the colour shown where no tile is drawn yet: the land
// colour of the light or dark style, as the app's theme is light or dark
// (told by its background colour, so a theme that overrides the system's
// variant is followed too).
func widgetBackground() color.Color {
	if IsDark(theme.Color(theme.ColorNameBackground)) {
		return color.NRGBA{0x2b, 0x2d, 0x31, 0xff}
	}
	return color.NRGBA{0xf2, 0xef, 0xe9, 0xff}
}

// IsDark reports whether c is a dark colour (relative luminance below 0.18,
// the midpoint of WCAG contrast between black and white).
func IsDark(c color.Color) bool {
	return relativeLuminance(color.NRGBAModel.Convert(c).(color.NRGBA)) < 0.18
}

// clearMapIcon is the "clear the map" button: a pin struck through
// (Material Design's location_off, Apache License 2.0).
var clearMapIcon = theme.NewThemedResource(fyne.NewStaticResource("clear-map.svg", []byte(
	`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 6.5A2.5 2.5 0 0 1 14.5 9c0 .74-.33 1.39-.83 1.85l3.63 3.63c.98-1.86 1.7-3.8 1.7-5.48 0-3.87-3.13-7-7-7-1.98 0-3.76.83-5.04 2.15l3.19 3.19c.46-.52 1.11-.84 1.85-.84zm4.37 9.6l-4.63-4.63-.11-.11L3.27 3 2 4.27l3.18 3.18C5.07 7.95 5 8.47 5 9c0 5.25 7 13 7 13s1.67-1.85 3.38-4.35L18.73 21 20 19.73l-3.63-3.63z"/></svg>`)))

func (r *widgetRenderer) applyTheme() {
	r.bg.FillColor = widgetBackground()
	bg := theme.Color(theme.ColorNameBackground)
	cr, cg, cb, _ := bg.RGBA()
	panel := color.NRGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), 0xd0}
	r.attrBG.FillColor = panel
	r.scaleBG.FillColor = panel
	fg := theme.Color(theme.ColorNameForeground)
	for _, l := range r.cross {
		l.StrokeColor = fg
	}
	r.attr.Color = fg
	r.scaleTxt.Color = fg
	for _, l := range r.scaleBar {
		l.StrokeColor = fg
	}
}

func (r *widgetRenderer) Destroy() {}

func (r *widgetRenderer) MinSize() fyne.Size { return r.w.MinSize() }

func (r *widgetRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *widgetRenderer) Refresh() {
	r.applyTheme()
	r.Layout(r.w.Size())
	if st := r.w.layers.stamp(r.w); st != r.drawn {
		// Redraw the overlay only when it or the view changed, not for
		// every batch of tiles that arrives.
		r.drawn = st
		canvas.Refresh(r.overlay)
	}
	canvas.Refresh(r.bg)
}

// Layout places the tiles of the current view and the controls.
func (r *widgetRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	r.bg.Move(fyne.NewPos(0, 0))
	r.overlay.Resize(size)
	r.overlay.Move(fyne.NewPos(0, 0))
	r.layoutTiles(size)
	r.layoutControls(size)
	r.objects = r.objects[:0]
	r.objects = append(r.objects, r.bg)
	r.objects = append(r.objects, r.tiles...)
	r.objects = append(r.objects, r.controls...)
}

// tilePixels is the rendered tile size for the canvas scale: 512 px tiles
// on HiDPI screens, 256 px otherwise.
func (r *widgetRenderer) tilePixels() int {
	if c := fyne.CurrentApp().Driver().CanvasForObject(r.w); c != nil && c.Scale() >= 1.5 {
		return 512
	}
	return 256
}

func widgetFloorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func widgetWrapX(x, n int) int { return ((x % n) + n) % n }

func (r *widgetRenderer) layoutTiles(size fyne.Size) {
	w := r.w
	r.tiles = r.tiles[:0]
	if size.Width <= 0 || size.Height <= 0 {
		return
	}
	z := w.zoom
	tz := int(math.Round(z))
	tz = max(widgetTileMinZoom, min(widgetTileMaxZoom, tz))
	ts := TileSize * math.Exp2(z-float64(tz)) // logical size of one tile
	cx, cy := LonLatToPixel(w.center, z)
	ox, oy := cx-float64(size.Width)/2, cy-float64(size.Height)/2
	n := 1 << tz
	px := r.tilePixels()
	x0, x1 := int(math.Floor(ox/ts)), int(math.Floor((ox+float64(size.Width))/ts))
	y0, y1 := int(math.Floor(oy/ts)), int(math.Floor((oy+float64(size.Height))/ts))

	type wanted struct {
		k tileKey
		d float64
	}
	var want []wanted
	var exact []fyne.CanvasObject
	var fallback []fyne.CanvasObject
	seen := map[tileKey]bool{}
	place := func(obj *canvas.Image, tx, ty int, s float64) {
		l, t := math.Round(float64(tx)*s-ox), math.Round(float64(ty)*s-oy)
		rr, b := math.Round(float64(tx+1)*s-ox), math.Round(float64(ty+1)*s-oy)
		obj.Move(fyne.NewPos(float32(l), float32(t)))
		obj.Resize(fyne.NewSize(float32(rr-l), float32(b-t)))
	}
	for ty := y0; ty <= y1; ty++ {
		if ty < 0 || ty >= n {
			continue
		}
		for tx := x0; tx <= x1; tx++ {
			k := tileKey{tz, widgetWrapX(tx, n), ty, px}
			if obj := w.tiles.get(k); obj != nil {
				place(obj, tx, ty, ts)
				exact = append(exact, obj)
				continue
			}
			mx, my := (float64(tx)+0.5)*ts-ox-float64(size.Width)/2, (float64(ty)+0.5)*ts-oy-float64(size.Height)/2
			want = append(want, wanted{k, mx*mx + my*my})
			for d := 1; d <= 6 && tz-d >= widgetTileMinZoom; d++ {
				f := 1 << d
				ax, ay := widgetFloorDiv(tx, f), ty>>d
				ak := tileKey{tz - d, widgetWrapX(ax, n>>d), ay, px}
				if seen[ak] {
					break
				}
				if obj := w.tiles.get(ak); obj != nil {
					seen[ak] = true
					place(obj, ax, ay, ts*float64(f))
					fallback = append(fallback, obj)
					break
				}
			}
		}
	}
	sort.Slice(want, func(i, j int) bool { return want[i].d < want[j].d })
	keys := make([]tileKey, len(want))
	for i, wt := range want {
		keys[i] = wt.k
	}
	w.tiles.request(keys)
	r.tiles = append(r.tiles, fallback...)
	r.tiles = append(r.tiles, exact...)
}

func (r *widgetRenderer) layoutControls(size fyne.Size) {
	pad := theme.Padding() * 2
	// The centre cross: four arms around a free middle, shown while focused.
	cx, cy := size.Width/2, size.Height/2
	arms := [4][4]float32{{-14, 0, -4, 0}, {4, 0, 14, 0}, {0, -14, 0, -4}, {0, 4, 0, 14}}
	for i, l := range r.cross {
		a := arms[i]
		l.Position1, l.Position2 = fyne.NewPos(cx+a[0], cy+a[1]), fyne.NewPos(cx+a[2], cy+a[3])
		l.StrokeWidth = 2
		if r.w.focused {
			l.Show()
		} else {
			l.Hide()
		}
	}
	// Zoom buttons, top right.
	zs := r.zoomBox.MinSize()
	r.zoomBox.Resize(zs)
	r.zoomBox.Move(fyne.NewPos(size.Width-zs.Width-pad, pad))

	// Attribution, bottom right.
	ts := r.attr.MinSize()
	ap := fyne.NewPos(size.Width-ts.Width-8, size.Height-ts.Height-4)
	r.attr.Move(ap)
	r.attr.Resize(ts)
	r.attrBG.Move(fyne.NewPos(ap.X-6, ap.Y-2))
	r.attrBG.Resize(fyne.NewSize(ts.Width+12, ts.Height+4))

	// Scale bar, bottom left: at most 120 px long.
	const maxBar = 120
	mpp := MetersPerPixel(r.w.center[1], r.w.zoom)
	meters, label := niceScale(mpp * maxBar)
	barW := float32(0)
	if mpp > 0 {
		barW = float32(meters / mpp)
	}
	r.scaleTxt.Text = label
	tsz := r.scaleTxt.MinSize()
	x0 := float32(12)
	yb := size.Height - 10
	r.scaleBar[0].Position1, r.scaleBar[0].Position2 = fyne.NewPos(x0, yb), fyne.NewPos(x0+barW, yb)
	r.scaleBar[1].Position1, r.scaleBar[1].Position2 = fyne.NewPos(x0, yb-6), fyne.NewPos(x0, yb)
	r.scaleBar[2].Position1, r.scaleBar[2].Position2 = fyne.NewPos(x0+barW, yb-6), fyne.NewPos(x0+barW, yb)
	r.scaleTxt.Move(fyne.NewPos(x0+4, yb-4-tsz.Height))
	r.scaleTxt.Resize(tsz)
	bw := max(barW, tsz.Width+8) + 12
	r.scaleBG.Move(fyne.NewPos(x0-6, yb-tsz.Height-8))
	r.scaleBG.Resize(fyne.NewSize(bw, tsz.Height+12))
	r.scaleTxt.Refresh()
}
