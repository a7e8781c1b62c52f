package ui

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/geocode/addrformat"
	"waymark/mapview"
)

// detailsView shows one place: name, category, address, coordinates with
// copy, contact and opening hours, the other objects folded into it, and
// actions (add to tour, nearby). For a "what is here" answer it shows the
// address first and the settlement below (describePlace).
type detailsView struct {
	w       *Window
	content fyne.CanvasObject

	title  *widget.Label
	kind   *widget.Label
	addr   *widget.Label
	coords *widget.Label
	extra  *fyne.Container
	merged *fyne.Container // "Also mapped as": the objects folded into the place
	osm    *widget.Label
	place  geocode.Place
	refs   []geocode.OSMRef // the objects folded into place
	// clicked is the map point a "what is here" click asked about; the
	// coordinates shown are its own rather than the place's.
	clicked *orb.Point

	reachBt *widget.Button // Reachable within…
}

func newDetailsView(w *Window, back func()) *detailsView {
	d := &detailsView{w: w}
	d.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	d.title.SizeName = theme.SizeNameSubHeadingText
	d.title.Wrapping = fyne.TextWrapWord
	d.kind = widget.NewLabel("")
	d.kind.Importance = widget.LowImportance
	d.addr = widget.NewLabel("")
	d.addr.Wrapping = fyne.TextWrapWord
	d.coords = widget.NewLabel("")
	d.coords.TextStyle = fyne.TextStyle{Monospace: true}
	copyBt := widget.NewButtonWithIcon("", theme.ContentCopyIcon(), func() {
		c := d.place.Centroid
		if d.clicked != nil {
			c = *d.clicked
		}
		w.app.Clipboard().SetContent(formatDecimal(c))
		w.setStatus("Coordinates copied")
	})
	copyBt.Importance = widget.LowImportance
	d.extra = container.NewVBox()
	d.merged = container.NewVBox()
	d.osm = dimLabel("")
	d.osm.Wrapping, d.osm.Truncation = fyne.TextWrapWord, fyne.TextTruncateOff

	backBt := widget.NewButtonWithIcon("Results", theme.NavigateBackIcon(), back)
	backBt.Importance = widget.LowImportance
	addBt := widget.NewButtonWithIcon("Add to tour", theme.ContentAddIcon(), func() { w.addStop(d.place.Centroid, placeTitle(d.place)) })
	addBt.Importance = widget.HighImportance
	nearBt := widget.NewButtonWithIcon("Nearby", nearbyIcon, func() { w.nearbyAround(d.place.Centroid, placeTitle(d.place)) })
	routeBt := widget.NewButtonWithIcon("Route", directionsIcon, func() { w.routeTo(d.place.Centroid, placeTitle(d.place)) })
	zoomBt := widget.NewButtonWithIcon("", theme.ZoomFitIcon(), func() { w.showPlace(d.place) })
	actions := container.NewHBox(addBt, routeBt, nearBt, layoutSpacer(), zoomBt)
	d.reachBt = widget.NewButtonWithIcon("Reachable within…", theme.HistoryIcon(), func() { w.iso.ask(d.place.Centroid, placeTitle(d.place)) })

	body := container.NewVBox(
		container.NewHBox(backBt),
		d.title, d.kind,
		actions,
		container.NewHBox(d.reachBt),
		widget.NewSeparator(),
		container.NewBorder(nil, nil, widget.NewIcon(placeIcon), nil, d.addr),
		container.NewBorder(nil, nil, widget.NewIcon(nearbyIcon), copyBt, d.coords),
		d.extra,
		d.merged,
		widget.NewSeparator(),
		d.osm,
	)
	d.content = container.NewVScroll(container.NewPadded(body))
	return d
}

// show fills the view with pl; merged are the objects folded into it.
func (d *detailsView) show(pl geocode.Place, merged []geocode.OSMRef) {
	d.place, d.refs = pl, merged
	d.clicked = nil
	d.title.SetText(placeTitle(pl))
	d.kind.SetText(categoryOf(pl))
	d.addr.SetText(strings.Join(addressLines(pl), "\n"))
	d.coords.SetText(formatLatLon(pl.Centroid))
	d.fill(pl)
}

// showHere fills the view with the "what is here" answer pl for the
// clicked point at: the address as the title, the name and category
// below it, the settlement as the address line, at's coordinates.
func (d *detailsView) showHere(pl geocode.Place, at orb.Point) {
	d.place, d.refs = pl, nil
	d.clicked = &at
	h := describePlace(pl)
	d.title.SetText(h.Address)
	kind := categoryOf(pl)
	if h.Name != "" {
		kind = h.Name + " · " + kind
	}
	d.kind.SetText(kind)
	d.addr.SetText(h.Settlement)
	d.coords.SetText(formatLatLon(at))
	d.fill(pl)
}

// fill shows pl's contact rows, the objects folded into it and its source.
func (d *detailsView) fill(pl geocode.Place) {
	d.extra.Objects = nil
	for _, row := range contactRows(pl.ExtraTags) {
		d.extra.Add(row)
	}
	d.extra.Refresh()
	d.merged.Objects = nil
	if len(d.refs) > 0 {
		d.merged.Add(heading("Also mapped as"))
		for _, ref := range d.refs {
			ref := ref
			b := widget.NewButtonWithIcon(fmt.Sprintf("OpenStreetMap %s %d", osmTypeName(ref), ref.ID), placeIcon, func() { d.openRef(ref) })
			b.Importance = widget.LowImportance
			b.Alignment = widget.ButtonAlignLeading
			d.merged.Add(b)
		}
	}
	d.merged.Refresh()
	if pl.OSMType != "" {
		d.osm.SetText(fmt.Sprintf("OpenStreetMap %s %d · © OpenStreetMap contributors", pl.OSMType, pl.OSMID))
	} else {
		d.osm.SetText("© OpenStreetMap contributors")
	}
}

// addressLines formats pl's address as a postal address, one line each, in
// its country's order (package addrformat: "Städtle 32", "9490 Vaduz",
// "Liechtenstein"), without the place's own name (the title shows it);
// without address parts, the display name's parts.
func addressLines(pl geocode.Place) []string {
	lines, ok := addrformat.Lines(geocode.AddressOf(&pl), pl.CountryCode)
	if ok && len(lines) > 0 && lines[0] == pl.Name {
		lines = lines[1:]
	}
	if !ok || len(lines) == 0 {
		addr := geocode.DisplayAddress(pl)
		if addr == "" {
			addr = pl.DisplayName
		}
		lines = strings.Split(addr, ", ")
	}
	return lines
}

// formatLatLon writes a point as "47.14100° N, 9.52090° E".
func formatLatLon(p orb.Point) string {
	ns, ew := "N", "E"
	if p[1] < 0 {
		ns = "S"
	}
	if p[0] < 0 {
		ew = "W"
	}
	return fmt.Sprintf("%.5f° %s, %.5f° %s", math.Abs(p[1]), ns, math.Abs(p[0]), ew)
}

// contactRows turns the useful extratags into rows: website (a link),
// phone, email, opening hours, wheelchair access.
func contactRows(tags map[string]string) []fyne.CanvasObject {
	var rows []fyne.CanvasObject
	get := func(keys ...string) string {
		for _, k := range keys {
			if v := strings.TrimSpace(tags[k]); v != "" {
				return v
			}
		}
		return ""
	}
	if site := get("website", "contact:website", "url"); site != "" {
		link := site
		if !strings.Contains(link, "://") {
			link = "https://" + link
		}
		if u, err := url.Parse(link); err == nil {
			h := widget.NewHyperlink(strings.TrimPrefix(strings.TrimPrefix(site, "https://"), "http://"), u)
			h.Truncation = fyne.TextTruncateEllipsis
			rows = append(rows, container.NewBorder(nil, nil, widget.NewIcon(webIcon), nil, h))
		}
	}
	add := func(icon fyne.Resource, text string) {
		l := widget.NewLabel(text)
		l.Wrapping = fyne.TextWrapWord
		rows = append(rows, container.NewBorder(nil, nil, widget.NewIcon(icon), nil, l))
	}
	if v := get("phone", "contact:phone"); v != "" {
		add(phoneIcon, v)
	}
	if v := get("email", "contact:email"); v != "" {
		add(theme.MailComposeIcon(), v)
	}
	if v := get("opening_hours"); v != "" {
		add(theme.HistoryIcon(), strings.ReplaceAll(v, "; ", "\n"))
	}
	if v := get("wheelchair"); v != "" {
		add(theme.InfoIcon(), "Wheelchair: "+v)
	}
	return rows
}

// showPlace moves the map to pl: its whole extent for areas, close up for
// points; the outline is shown when the place has a geometry.
func (w *Window) showPlace(pl geocode.Place) {
	b := pl.Bound
	z := 17.0
	if b.Max[0]-b.Min[0] > 1e-4 || b.Max[1]-b.Min[1] > 1e-4 {
		sz := w.mapw.Size()
		z = math.Min(17, mapview.ZoomForBound(b, int(max(sz.Width, 400)), int(max(sz.Height, 300)), 40))
	}
	w.mapw.FlyTo(pl.Centroid, z)
	switch pl.Geometry.(type) {
	case orb.Polygon, orb.MultiPolygon, orb.LineString, orb.MultiLineString:
		w.mapw.SetOutline(pl.Geometry)
	default:
		w.mapw.SetOutline(nil)
	}
}

// viewBound is the area the map shows (for autocomplete's viewbox).
func (w *Window) viewBound() orb.Bound { return w.mapw.ViewBound() }

// loadGeometry looks up pl's full geometry and extra tags in the background
// and shows its outline (and contact details) if it is still displayed.
func (w *Window) loadGeometry(pl geocode.Place, d *detailsView) {
	eng := w.Engine()
	if eng == nil || pl.OSMType == "" {
		return
	}
	ref, _ := osmRefOf(pl)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		got, err := eng.Lookup(ctx, []geocode.OSMRef{ref}, geocode.Output{Geometry: true, Threshold: 0.00002, ExtraTags: true})
		if err != nil || len(got) == 0 {
			return
		}
		full := got[0]
		w.doUI(func() {
			if d.place.PlaceID != pl.PlaceID || d.place.OSMID != pl.OSMID {
				return // another place is shown by now
			}
			switch full.Geometry.(type) {
			case orb.Polygon, orb.MultiPolygon, orb.LineString, orb.MultiLineString:
				w.mapw.SetOutline(full.Geometry)
			}
			if len(pl.ExtraTags) == 0 && len(full.ExtraTags) > 0 {
				pl.ExtraTags = full.ExtraTags
				d.place = pl
				d.fill(pl)
			}
		})
	}()
}

// openRef shows ref, one of the objects folded into the shown place, in
// its place: its details and outline, the place and the other folded
// objects listed under "Also mapped as".
func (d *detailsView) openRef(ref geocode.OSMRef) {
	eng := d.w.Engine()
	if eng == nil {
		return
	}
	var siblings []geocode.OSMRef
	if own, ok := osmRefOf(d.place); ok {
		siblings = append(siblings, own)
	}
	for _, r := range d.refs {
		if r != ref {
			siblings = append(siblings, r)
		}
	}
	go func() {
		var err error
		defer recoverTo(&err)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		got, err := eng.Lookup(ctx, []geocode.OSMRef{ref}, geocode.Output{Geometry: true, Threshold: 0.00002, ExtraTags: true})
		d.w.doUI(func() {
			if err != nil || len(got) == 0 {
				d.w.setStatus("OpenStreetMap %s %d: not found in the open regions", osmTypeName(ref), ref.ID)
				return
			}
			d.show(got[0], siblings)
			d.w.mapw.SetHere(nil)
			d.w.showPlace(got[0])
		})
	}()
}
