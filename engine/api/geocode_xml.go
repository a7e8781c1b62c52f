package api

// geocode_xml.go: the XML forms of geocoding results (spec 2.2 and 2.6,
// Nominatim v1): searchresults (search operations), lookupresults
// (lookup) with place elements, and reversegeocode (reverse, also for
// xmlv1.1) with result and addressparts. Written by hand to keep
// Nominatim's element order; every value is escaped.

import (
	"encoding/xml"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"waymark/engine/api/geomformat"
	"waymark/engine/geocode"
)

// xmlTimestamp is Nominatim's timestamp format.
const xmlTimestamp = "Mon, 02 Jan 06 15:04:05 -0700"

type xmlWriter struct{ b strings.Builder }

func (x *xmlWriter) text(s string) {
	xml.EscapeText(&x.b, []byte(s))
}

func (x *xmlWriter) attr(k, v string) {
	x.b.WriteString(" " + k + `="`)
	xml.EscapeText(&x.b, []byte(v))
	x.b.WriteByte('"')
}

// elem writes <k>v</k>; keys that are no XML name are skipped.
func (x *xmlWriter) elem(k, v string) {
	if !xmlName(k) {
		return
	}
	x.b.WriteString("<" + k + ">")
	x.text(v)
	x.b.WriteString("</" + k + ">")
}

func xmlName(k string) bool {
	if k == "" {
		return false
	}
	for i, r := range k {
		ok := r == '_' || r == '-' || r == '.' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r > 127 || i > 0 && '0' <= r && r <= '9'
		if !ok || (i == 0 && (r == '-' || r == '.')) {
			return false
		}
	}
	return true
}

// placeAttrs writes the attributes shared by place and result elements.
func (x *xmlWriter) placeAttrs(v view, p *geocode.Place) {
	x.attr("place_id", strconv.FormatInt(p.PlaceID, 10))
	if p.OSMType != "" {
		x.attr("osm_type", p.OSMType)
		x.attr("osm_id", strconv.FormatInt(p.OSMID, 10))
	}
	if ref, ok := p.Names["ref"]; ok {
		x.attr("ref", ref)
	} else if p.Name != "" {
		x.attr("ref", p.Name)
	}
	x.attr("lat", coord(p.Centroid[1]))
	x.attr("lon", coord(p.Centroid[0]))
	bb := bbox(p)
	x.attr("boundingbox", strings.Join(bb[:], ","))
	x.attr("place_rank", strconv.Itoa(p.RankSearch))
	x.attr("address_rank", strconv.Itoa(p.RankAddress))
	if p.Geometry != nil {
		if v.gp.polygons.Text {
			x.attr("geotext", geomformat.WKT(p.Geometry))
		}
		if v.gp.polygons.SVG {
			x.attr("geosvg", geomformat.SVG(p.Geometry))
		}
		if v.gp.polygons.GeoJSON {
			x.attr("geojson", string(geomformat.GeoJSON(p.Geometry)))
		}
	}
	if v.showDist {
		x.attr("distance", strconv.FormatFloat(p.Distance, 'f', -1, 64))
	}
}

// details writes geokml, address parts, extratags and namedetails.
func (x *xmlWriter) details(v view, p *geocode.Place, addressParent string) {
	if p.Geometry != nil && v.gp.polygons.KML {
		x.b.WriteString("<geokml>" + geomformat.KML(p.Geometry) + "</geokml>")
	}
	if v.gp.address {
		if addressParent != "" {
			x.b.WriteString("<" + addressParent + ">")
		}
		for _, a := range v.gp.opts.Address(p) {
			x.elem(a.Key, a.Value)
		}
		if addressParent != "" {
			x.b.WriteString("</" + addressParent + ">")
		}
	}
	if s, ok := v.gp.opts.Postal(p); ok {
		x.elem("postaladdress", s)
	}
	if v.gp.extra {
		x.b.WriteString("<extratags>")
		for _, k := range sortedKeys(p.ExtraTags) {
			x.b.WriteString("<tag")
			x.attr("key", k)
			x.attr("value", p.ExtraTags[k])
			x.b.WriteString("/>")
		}
		x.b.WriteString("</extratags>")
	}
	if v.gp.names {
		x.b.WriteString("<namedetails>")
		for _, k := range sortedKeys(p.Names) {
			x.b.WriteString("<name")
			x.attr("desc", k)
			x.b.WriteString(">")
			x.text(p.Names[k])
			x.b.WriteString("</name>")
		}
		x.b.WriteString("</namedetails>")
	}
}

// rootAttrs are the attributes of a results root element.
type rootAttrs [][2]string

func (x *xmlWriter) open(root string, attrs rootAttrs) {
	x.b.WriteString(`<?xml version="1.0" encoding="UTF-8" ?>` + "\n<" + root)
	x.attr("timestamp", time.Now().UTC().Format(xmlTimestamp))
	x.attr("attribution", licence)
	for _, a := range attrs {
		x.attr(a[0], a[1])
	}
	x.b.WriteString(">")
}

// writeXMLPlaces writes searchresults or lookupresults.
func writeXMLPlaces(w http.ResponseWriter, v view, root string, attrs rootAttrs, places []geocode.Place) {
	var x xmlWriter
	x.open(root, attrs)
	for i := range places {
		p := &places[i]
		x.b.WriteString("<place")
		x.placeAttrs(v, p)
		x.attr("display_name", p.DisplayName)
		x.attr("class", p.Class)
		x.attr("type", p.Type)
		x.attr("importance", strconv.FormatFloat(v.gp.opts.Importance(importance(p)), 'f', -1, 64))
		if icon := iconOf(p.Class, p.Type); icon != "" {
			x.attr("icon", icon)
		}
		x.b.WriteString(">")
		x.details(v, p, "")
		x.b.WriteString("</place>")
	}
	x.b.WriteString("</" + root + ">")
	writeXMLBody(w, http.StatusOK, x.b.String())
}

// writeXMLReverse writes a reversegeocode document with the given
// status; p nil writes the error element "Unable to geocode".
func writeXMLReverse(w http.ResponseWriter, v view, status int, attrs rootAttrs, p *geocode.Place) {
	var x xmlWriter
	x.open("reversegeocode", attrs)
	if p == nil {
		x.elem("error", "Unable to geocode")
	} else {
		x.b.WriteString("<result")
		x.placeAttrs(v, p)
		x.b.WriteString(">")
		x.text(p.DisplayName)
		x.b.WriteString("</result>")
		x.details(v, p, "addressparts")
	}
	x.b.WriteString("</reversegeocode>")
	writeXMLBody(w, status, x.b.String())
}

func writeXMLBody(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(body))
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
