// Package geomformat writes a place's geometry in the text formats of
// Nominatim's polygon_* parameters: GeoJSON (polygon_geojson), KML
// (polygon_kml), SVG path data (polygon_svg) and WKT (polygon_text), with
// coordinates rounded to 7 decimals as Nominatim (PostGIS) prints them.
// Input: an orb.Geometry ([lon, lat]); output: the encoded text. It knows
// nothing of requests: engine/api's Nominatim formats (JSON, GeoJSON, XML)
// call it.
package geomformat

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
)

// Num formats a coordinate with at most 7 decimals, trailing zeros left out.
func Num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 7, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// GeoJSON encodes g as a GeoJSON geometry object.
func GeoJSON(g orb.Geometry) json.RawMessage {
	b, err := json.Marshal(geojson.NewGeometry(orb.Round(orb.Clone(g), 1e7)))
	if err != nil {
		return json.RawMessage(`null`)
	}
	return b
}

// WKT encodes g as WKT ("POINT(9.52 47.14)", "POLYGON((...))").
func WKT(g orb.Geometry) string {
	var b strings.Builder
	writeWKT(&b, g)
	return b.String()
}

// wktList writes the items in parentheses, separated by commas.
func wktList[T any](b *strings.Builder, items []T, write func(*strings.Builder, T)) {
	b.WriteByte('(')
	for i, x := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		write(b, x)
	}
	b.WriteByte(')')
}

func wktPoints[P ~[]orb.Point](b *strings.Builder, pts P) {
	wktList(b, pts, func(b *strings.Builder, p orb.Point) { b.WriteString(Num(p[0]) + " " + Num(p[1])) })
}

func wktRings(b *strings.Builder, p orb.Polygon) {
	wktList(b, p, wktPoints[orb.Ring])
}

func writeWKT(b *strings.Builder, g orb.Geometry) {
	switch v := g.(type) {
	case orb.Point:
		b.WriteString("POINT(" + Num(v[0]) + " " + Num(v[1]) + ")")
	case orb.MultiPoint:
		b.WriteString("MULTIPOINT")
		wktPoints(b, v)
	case orb.LineString:
		b.WriteString("LINESTRING")
		wktPoints(b, v)
	case orb.Ring:
		b.WriteString("POLYGON(")
		wktPoints(b, v)
		b.WriteByte(')')
	case orb.MultiLineString:
		b.WriteString("MULTILINESTRING")
		wktList(b, v, wktPoints[orb.LineString])
	case orb.Polygon:
		b.WriteString("POLYGON")
		wktRings(b, v)
	case orb.MultiPolygon:
		b.WriteString("MULTIPOLYGON")
		wktList(b, v, wktRings)
	case orb.Collection:
		b.WriteString("GEOMETRYCOLLECTION")
		wktList(b, v, writeWKT)
	default:
		b.WriteString("GEOMETRYCOLLECTION EMPTY")
	}
}

// KML encodes g as a KML geometry element.
func KML(g orb.Geometry) string {
	var b strings.Builder
	writeKML(&b, g)
	return b.String()
}

func kmlCoords(b *strings.Builder, pts []orb.Point) {
	b.WriteString("<coordinates>")
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Num(p[0]) + "," + Num(p[1]))
	}
	b.WriteString("</coordinates>")
}

func kmlPolygon(b *strings.Builder, p orb.Polygon) {
	b.WriteString("<Polygon>")
	for i, r := range p {
		if i == 0 {
			b.WriteString("<outerBoundaryIs><LinearRing>")
		} else {
			b.WriteString("<innerBoundaryIs><LinearRing>")
		}
		kmlCoords(b, r)
		if i == 0 {
			b.WriteString("</LinearRing></outerBoundaryIs>")
		} else {
			b.WriteString("</LinearRing></innerBoundaryIs>")
		}
	}
	b.WriteString("</Polygon>")
}

func writeKML(b *strings.Builder, g orb.Geometry) {
	switch v := g.(type) {
	case orb.Point:
		b.WriteString("<Point>")
		kmlCoords(b, []orb.Point{v})
		b.WriteString("</Point>")
	case orb.LineString:
		b.WriteString("<LineString>")
		kmlCoords(b, v)
		b.WriteString("</LineString>")
	case orb.Polygon:
		kmlPolygon(b, v)
	case orb.Ring:
		kmlPolygon(b, orb.Polygon{v})
	case orb.MultiPoint:
		b.WriteString("<MultiGeometry>")
		for _, p := range v {
			writeKML(b, p)
		}
		b.WriteString("</MultiGeometry>")
	case orb.MultiLineString:
		b.WriteString("<MultiGeometry>")
		for _, l := range v {
			writeKML(b, l)
		}
		b.WriteString("</MultiGeometry>")
	case orb.MultiPolygon:
		b.WriteString("<MultiGeometry>")
		for _, p := range v {
			kmlPolygon(b, p)
		}
		b.WriteString("</MultiGeometry>")
	case orb.Collection:
		b.WriteString("<MultiGeometry>")
		for _, x := range v {
			writeKML(b, x)
		}
		b.WriteString("</MultiGeometry>")
	}
}

// SVG encodes g as PostGIS ST_AsSVG does: cx/cy attributes for a point,
// path data ("M x -y L x -y ... Z") for lines and polygons, y negated.
func SVG(g orb.Geometry) string {
	var b strings.Builder
	writeSVG(&b, g)
	return b.String()
}

func svgPath(b *strings.Builder, pts []orb.Point, closed bool) {
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	for i, p := range pts {
		if closed && i == len(pts)-1 && len(pts) > 1 && p == pts[0] {
			break
		}
		switch i {
		case 0:
			b.WriteString("M ")
		case 1:
			b.WriteString(" L ")
		default:
			b.WriteByte(' ')
		}
		b.WriteString(Num(p[0]) + " " + Num(-p[1]))
	}
	if closed {
		b.WriteString(" Z")
	}
}

func writeSVG(b *strings.Builder, g orb.Geometry) {
	switch v := g.(type) {
	case orb.Point:
		b.WriteString(`cx="` + Num(v[0]) + `" cy="` + Num(-v[1]) + `"`)
	case orb.MultiPoint:
		for i, p := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeSVG(b, p)
		}
	case orb.LineString:
		svgPath(b, v, false)
	case orb.MultiLineString:
		for _, l := range v {
			svgPath(b, l, false)
		}
	case orb.Ring:
		svgPath(b, v, true)
	case orb.Polygon:
		for _, r := range v {
			svgPath(b, r, true)
		}
	case orb.MultiPolygon:
		for _, p := range v {
			for _, r := range p {
				svgPath(b, r, true)
			}
		}
	case orb.Collection:
		for _, x := range v {
			writeSVG(b, x)
		}
	}
}
