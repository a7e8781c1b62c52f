package api_test

// nominatim_bdd_result_test.go: answers normalised as Nominatim's
// APIResult (test/bdd/utils/api_result.py) normalises them, for
// TestNominatimBDD: JSON with its key order and number text, XML
// attributes and children, geojson properties with geometry and bbox,
// geocodejson geocoding objects.

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// omap is a JSON object or XML element's attributes in their order.
type omap struct {
	keys []string
	vals map[string]any
}

func newOmap() *omap { return &omap{vals: map[string]any{}} }

func (o *omap) set(k string, v any) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}
func (o *omap) get(k string) any  { return o.vals[k] }
func (o *omap) has(k string) bool { _, ok := o.vals[k]; return ok }

// apiResult is Nominatim's APIResult: metadata and one result (simple)
// or a list.
type apiResult struct {
	meta *omap
	one  *omap
	list []*omap
}

func (a *apiResult) simple() bool { return a.one != nil }
func (a *apiResult) len() int {
	if a.one != nil {
		return 1
	}
	return len(a.list)
}
func (a *apiResult) objects() []*omap {
	if a.one != nil {
		return []*omap{a.one}
	}
	return a.list
}

// decodeOrdered decodes JSON keeping object key order and number text.
func decodeOrdered(s string) (any, error) {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	v, err := decodeValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after JSON")
	}
	return v, nil
}

func decodeValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := newOmap()
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(d)
			if err != nil {
				return nil, err
			}
			o.set(k.(string), v)
		}
		_, err := d.Token()
		return o, err
	case json.Delim('['):
		list := []any{}
		for d.More() {
			v, err := decodeValue(d)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := d.Token()
		return list, err
	}
	return tok, nil
}

// parseAPIResult normalises a body of format fmt as APIResult does.
func parseAPIResult(format, body string) (*apiResult, error) {
	res := &apiResult{meta: newOmap()}
	switch format {
	case "json":
		v, err := decodeOrdered(body)
		if err != nil {
			return nil, fmt.Errorf("invalid json: %v: %.200s", err, body)
		}
		switch x := v.(type) {
		case *omap:
			res.one = x
		case []any:
			for _, e := range x {
				o, ok := e.(*omap)
				if !ok {
					return nil, fmt.Errorf("list element %v is no object", e)
				}
				res.list = append(res.list, o)
			}
		default:
			return nil, fmt.Errorf("json %v is neither an object nor a list", v)
		}
	case "geojson", "geocodejson":
		v, err := decodeOrdered(body)
		if err != nil {
			return nil, fmt.Errorf("invalid json: %v", err)
		}
		fc, ok := v.(*omap)
		if !ok || fc.get("type") != "FeatureCollection" {
			return nil, fmt.Errorf("not a FeatureCollection: %.200s", body)
		}
		feats, ok := fc.get("features").([]any)
		if !ok {
			return nil, fmt.Errorf("no features list")
		}
		for _, k := range fc.keys {
			if k != "type" && k != "features" {
				res.meta.set(k, fc.get(k))
			}
		}
		res.list = []*omap{}
		for _, f := range feats {
			fo, ok := f.(*omap)
			if !ok || fo.get("type") != "Feature" {
				return nil, fmt.Errorf("feature %v", f)
			}
			props, ok := fo.get("properties").(*omap)
			if !ok || props.has("geojson") {
				return nil, fmt.Errorf("feature properties %v", fo.get("properties"))
			}
			props.set("geojson", fo.get("geometry"))
			if bb, ok := fo.get("bbox").([]any); ok && len(bb) == 4 {
				if props.has("boundingbox") {
					return nil, fmt.Errorf("boundingbox in properties and bbox")
				}
				props.set("boundingbox", []any{bb[1], bb[3], bb[0], bb[2]})
			}
			res.list = append(res.list, props)
		}
		if format == "geocodejson" {
			g, ok := res.meta.get("geocoding").(*omap)
			if len(res.meta.keys) != 1 || !ok {
				return nil, fmt.Errorf("geocodejson metadata %v, want only geocoding", res.meta.keys)
			}
			res.meta = g
			for i, p := range res.list {
				inner, ok := p.get("geocoding").(*omap)
				if len(p.vals) != 2 || !ok || !p.has("geojson") {
					return nil, fmt.Errorf("geocodejson feature %d holds %v, want geocoding and geometry only", i, p.keys)
				}
				inner.set("geojson", p.get("geojson"))
				res.list[i] = inner
			}
		}
	case "xml":
		return parseXMLResult(body)
	default:
		return nil, fmt.Errorf("unknown format %s", format)
	}
	return res, nil
}

// xelem is a parsed XML element.
type xelem struct {
	name  string
	attrs [][2]string
	text  string
	kids  []*xelem
	raw   string // the element as written (geokml)
}

func parseXMLTree(body string) (*xelem, error) {
	d := xml.NewDecoder(strings.NewReader(body))
	d.Strict = true
	var stack []*xelem
	var root *xelem
	var starts []int64
	for {
		off := d.InputOffset()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("invalid xml: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			e := &xelem{name: x.Name.Local}
			for _, a := range x.Attr {
				e.attrs = append(e.attrs, [2]string{a.Name.Local, a.Value})
			}
			if len(stack) > 0 {
				stack[len(stack)-1].kids = append(stack[len(stack)-1].kids, e)
			} else {
				root = e
			}
			stack = append(stack, e)
			starts = append(starts, off)
		case xml.EndElement:
			e := stack[len(stack)-1]
			e.raw = body[starts[len(starts)-1]:d.InputOffset()]
			stack, starts = stack[:len(stack)-1], starts[:len(starts)-1]
		case xml.CharData:
			if len(stack) > 0 && len(stack[len(stack)-1].kids) == 0 {
				stack[len(stack)-1].text += string(x)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no xml root")
	}
	return root, nil
}

// parseXMLResult is APIResult._parse_xml.
func parseXMLResult(body string) (*apiResult, error) {
	root, err := parseXMLTree(body)
	if err != nil {
		return nil, err
	}
	res := &apiResult{meta: newOmap()}
	for _, a := range root.attrs {
		res.meta.set(a[0], a[1])
	}
	tagMap := func(e *xelem, key, val string) *omap {
		m := newOmap()
		for _, k := range e.kids {
			var kk, vv string
			for _, a := range k.attrs {
				if a[0] == key {
					kk = a[1]
				}
				if a[0] == val {
					vv = a[1]
				}
			}
			if val == "" {
				vv = k.text
			}
			m.set(kk, vv)
		}
		return m
	}
	switch root.name {
	case "reversegeocode":
		one := newOmap()
		for _, c := range root.kids {
			switch c.name {
			case "result":
				for _, a := range c.attrs {
					one.set(a[0], a[1])
				}
				one.set("display_name", c.text)
			case "addressparts":
				addr := newOmap()
				for _, k := range c.kids {
					addr.set(k.name, k.text)
				}
				one.set("address", addr)
			case "extratags":
				one.set("extratags", tagMap(c, "key", "value"))
			case "namedetails":
				one.set("namedetails", tagMap(c, "desc", ""))
			case "geokml":
				one.set("geokml", c.raw)
			case "error":
				one.set("error", c.text)
			default:
				return nil, fmt.Errorf("unknown XML tag %s", c.name)
			}
		}
		res.one = one
	case "searchresults":
		res.list = []*omap{}
		for _, c := range root.kids {
			if c.name != "place" {
				return nil, fmt.Errorf("searchresults child %s", c.name)
			}
			p := newOmap()
			for _, a := range c.attrs {
				p.set(a[0], a[1])
			}
			addr := newOmap()
			for _, k := range c.kids {
				switch k.name {
				case "extratags":
					p.set("extratags", tagMap(k, "key", "value"))
				case "namedetails":
					p.set("namedetails", tagMap(k, "desc", ""))
				case "geokml":
					p.set("geokml", k.raw)
				default:
					addr.set(k.name, k.text)
				}
			}
			if len(addr.keys) > 0 {
				p.set("address", addr)
			}
			res.list = append(res.list, p)
		}
	case "error":
		e := newOmap()
		for _, k := range root.kids {
			e.set(k.name, k.text)
		}
		one := newOmap()
		one.set("error", e)
		res.one = one
	default:
		return nil, fmt.Errorf("xml root %s", root.name)
	}
	return res, nil
}
