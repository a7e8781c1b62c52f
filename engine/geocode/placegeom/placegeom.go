// Package placegeom encodes the geometries of a pack's places
// (places.geometry, address_areas.geometry) compactly and without loss.
//
// OpenStreetMap coordinates are integers of 100 nanodegrees (E7), so a
// geometry is stored as those integers, each as the zigzag varint delta
// from the previous point's: 3–5 bytes a point where WKB takes 16. The
// decoder gives back the float64 the importer held, bit for bit: a blob
// records how its coordinates map to float64 (the PBF reader's
// 1e-9 × 100 × v, or OSM XML's decimal v / 1e7), and Append falls back to
// WKB for a geometry one of whose coordinates is not such an integer (an
// interpolated house number, a computed centroid). Decode reads both, so
// packs written before this encoding read unchanged.
//
// A blob is:
//
//	byte     'P'  (WKB starts with a byte order, 0 or 1)
//	byte     coordinate kind: KindPBF or KindDecimal
//	byte     geometry type: typePoint … typeMultiPolygon
//	counts   uvarints: MultiPolygon: polygons, then per polygon its rings;
//	         Polygon, MultiLineString: parts; then per ring or part (and
//	         LineString, MultiPoint) its points; nothing for a Point
//	points   zigzag varint dlon, dlat per point, the first from 0, 0
package placegeom

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/encoding/wkb"
)

// ErrBadBlob is returned for a blob that is neither encoding.
var ErrBadBlob = errors.New("placegeom: invalid geometry blob")

const magic = 'P'

// Coordinate kinds: how a blob's E7 integers become float64.
const (
	// KindPBF is the PBF reader's conversion, 1e-9 × (100 × v).
	KindPBF byte = 0
	// KindDecimal is decimal text's, v / 1e7 correctly rounded.
	KindDecimal byte = 1
)

const (
	typePoint byte = iota + 1
	typeLineString
	typePolygon
	typeMultiPoint
	typeMultiLineString
	typeMultiPolygon
)

func toFloat(v int32, kind byte) float64 {
	if kind == KindDecimal {
		return float64(v) / 1e7
	}
	return 1e-9 * float64(100*int64(v))
}

// e7 returns the integer x was converted from under kind, and whether
// there is one.
func e7(x float64, kind byte) (int32, bool) {
	r := math.Round(x * 1e7)
	if !(r >= math.MinInt32 && r <= math.MaxInt32) {
		return 0, false
	}
	v := int32(r)
	return v, math.Float64bits(toFloat(v, kind)) == math.Float64bits(x)
}

// Append encodes g onto dst: compactly when every coordinate is an E7
// integer under one kind, else as WKB.
func Append(dst []byte, g orb.Geometry) ([]byte, error) {
	typ, parts := flatten(g)
	if typ != 0 {
		for _, kind := range []byte{KindPBF, KindDecimal} {
			if out, ok := appendCompact(dst, kind, typ, g, parts); ok {
				return out, nil
			}
		}
	}
	b, err := wkb.Marshal(g)
	if err != nil {
		return dst, fmt.Errorf("placegeom: %w", err)
	}
	return append(dst, b...), nil
}

// flatten returns g's type code and its point lists in order (nil type
// for a geometry the compact encoding does not hold).
func flatten(g orb.Geometry) (byte, [][]orb.Point) {
	switch g := g.(type) {
	case orb.Point:
		return typePoint, [][]orb.Point{{g}}
	case orb.LineString:
		return typeLineString, [][]orb.Point{g}
	case orb.MultiPoint:
		return typeMultiPoint, [][]orb.Point{g}
	case orb.Polygon:
		parts := make([][]orb.Point, len(g))
		for i, r := range g {
			parts[i] = r
		}
		return typePolygon, parts
	case orb.MultiLineString:
		parts := make([][]orb.Point, len(g))
		for i, l := range g {
			parts[i] = l
		}
		return typeMultiLineString, parts
	case orb.MultiPolygon:
		var parts [][]orb.Point
		for _, p := range g {
			for _, r := range p {
				parts = append(parts, r)
			}
		}
		return typeMultiPolygon, parts
	}
	return 0, nil
}

func appendCompact(dst []byte, kind, typ byte, g orb.Geometry, parts [][]orb.Point) ([]byte, bool) {
	start := len(dst)
	dst = append(dst, magic, kind, typ)
	switch typ {
	case typeMultiPolygon:
		mp := g.(orb.MultiPolygon)
		dst = binary.AppendUvarint(dst, uint64(len(mp)))
		for _, p := range mp {
			dst = binary.AppendUvarint(dst, uint64(len(p)))
		}
	case typePolygon, typeMultiLineString:
		dst = binary.AppendUvarint(dst, uint64(len(parts)))
	}
	if typ != typePoint {
		for _, p := range parts {
			dst = binary.AppendUvarint(dst, uint64(len(p)))
		}
	}
	var px, py int64
	for _, p := range parts {
		for _, pt := range p {
			x, okx := e7(pt[0], kind)
			y, oky := e7(pt[1], kind)
			if !okx || !oky {
				return dst[:start], false
			}
			dst = binary.AppendVarint(dst, int64(x)-px)
			dst = binary.AppendVarint(dst, int64(y)-py)
			px, py = int64(x), int64(y)
		}
	}
	return dst, true
}

// Decode returns the geometry of a blob of either encoding.
func Decode(b []byte) (orb.Geometry, error) {
	if len(b) == 0 || b[0] != magic {
		g, err := wkb.Unmarshal(b)
		if err != nil {
			return nil, fmt.Errorf("placegeom: %w", err)
		}
		return g, nil
	}
	if len(b) < 3 || b[1] > KindDecimal {
		return nil, ErrBadBlob
	}
	d := decoder{b: b[3:], kind: b[1]}
	g := d.geometry(b[2])
	if err := d.done(); err != nil {
		return nil, err
	}
	return g, nil
}

func (d *decoder) geometry(typ byte) orb.Geometry {
	switch typ {
	case typePoint:
		return d.point()
	case typeLineString:
		return orb.LineString(d.points(d.count()))
	case typeMultiPoint:
		return orb.MultiPoint(d.points(d.count()))
	case typePolygon:
		p := orb.Polygon{}
		for _, part := range d.parts(d.counts(d.count())) {
			p = append(p, part)
		}
		return p
	case typeMultiLineString:
		ml := orb.MultiLineString{}
		for _, part := range d.parts(d.counts(d.count())) {
			ml = append(ml, part)
		}
		return ml
	case typeMultiPolygon:
		rings := d.counts(d.count())
		var total int
		for _, r := range rings {
			total += r
		}
		if d.err != nil || total > len(d.b) {
			d.err = ErrBadBlob
			return nil
		}
		counts := d.counts(total)
		mp := make(orb.MultiPolygon, len(rings))
		k := 0
		for i, r := range rings {
			mp[i] = make(orb.Polygon, r)
			for j := range mp[i] {
				mp[i][j] = d.points(counts[k])
				k++
			}
		}
		return mp
	}
	d.err = ErrBadBlob
	return nil
}

// decoder reads a compact blob; the first malformed read sets err, and
// every later read returns zero values.
type decoder struct {
	b      []byte
	kind   byte
	px, py int64
	err    error
}

// count reads a count, which can be no larger than the bytes left (every
// counted item takes at least one).
func (d *decoder) count() int {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 || v > uint64(len(d.b)) {
		d.err = ErrBadBlob
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

func (d *decoder) counts(n int) []int {
	if d.err != nil {
		return nil
	}
	c := make([]int, n)
	for i := range c {
		c[i] = d.count()
	}
	return c
}

// parts reads len(counts) point lists of counts[i] points.
func (d *decoder) parts(counts []int) [][]orb.Point {
	out := make([][]orb.Point, len(counts))
	for i, n := range counts {
		out[i] = d.points(n)
	}
	return out
}

func (d *decoder) points(n int) []orb.Point {
	if d.err != nil || 2*n > len(d.b) {
		d.err = ErrBadBlob
		return nil
	}
	pts := make([]orb.Point, n)
	for i := range pts {
		pts[i] = d.point()
	}
	return pts
}

func (d *decoder) point() orb.Point {
	dx := d.varint()
	dy := d.varint()
	d.px += dx
	d.py += dy
	if d.px != int64(int32(d.px)) || d.py != int64(int32(d.py)) {
		d.err = ErrBadBlob
	}
	return orb.Point{toFloat(int32(d.px), d.kind), toFloat(int32(d.py), d.kind)}
}

func (d *decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err = ErrBadBlob
		return 0
	}
	d.b = d.b[n:]
	return v
}

// done reports the decoder's error, or ErrBadBlob when bytes are left over.
func (d *decoder) done() error {
	if d.err == nil && len(d.b) > 0 {
		d.err = ErrBadBlob
	}
	return d.err
}
