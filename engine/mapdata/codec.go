package mapdata

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/boxtree"
)

// Map feature geometry encoding (map_features.geom).
//
// Coordinates are normalized Web Mercator (the world is the unit square,
// x east from the antimeridian, y south from 85.0511°N) quantized to
// 1/GeomScale (≈1.9 cm at the equator). A blob is:
//
//	byte    geometry type (GeomPoint, GeomLine, GeomPolygon)
//	uvarint number of parts (rings of a polygon, lines of a multi-line, 1 for a point)
//	per part: uvarint number of points
//	per point: zigzag varint dx, dy from the previous point (the first from 0,0)
//
// Polygon rings are closed (first point == last point); outer rings run
// clockwise on screen (y down: positive shoelace area) and inner rings
// counter-clockwise, so a renderer may fill all rings of many polygons in one
// path with the non-zero winding rule.

// Feature flags of map_features.flags.
const (
	FlagBridge = 1 << iota
	FlagTunnel
	FlagOneway
	// FlagClipped marks a polygon piece cut along a tile grid: its
	// outline is not the feature's outline, so renderers do not stroke it.
	FlagClipped
)

// GeomScale is the number of quantization steps per unit of normalized Mercator.
const GeomScale = 1 << 31

// Geometry types of the map feature encoding.
const (
	GeomPoint   byte = 1
	GeomLine    byte = 2
	GeomPolygon byte = 3
)

// ErrBadGeom is returned when a map feature geometry blob cannot be decoded.
var ErrBadGeom = errors.New("mapdata: invalid map feature geometry")

// MercatorPoint returns p (lon, lat) in normalized Web Mercator coordinates.
func MercatorPoint(p orb.Point) orb.Point {
	lat := math.Max(-85.05112877980659, math.Min(85.05112877980659, p[1]))
	s := math.Sin(lat * math.Pi / 180)
	return orb.Point{(p[0] + 180) / 360, 0.5 - math.Log((1+s)/(1-s))/(4*math.Pi)}
}

// AppendGeom encodes parts (normalized Mercator) of type typ onto dst.
func AppendGeom(dst []byte, typ byte, parts []orb.LineString) []byte {
	dst = append(dst, typ)
	dst = binary.AppendUvarint(dst, uint64(len(parts)))
	for _, p := range parts {
		dst = binary.AppendUvarint(dst, uint64(len(p)))
	}
	var px, py int64
	for _, p := range parts {
		for _, pt := range p {
			x := int64(math.Round(pt[0] * GeomScale))
			y := int64(math.Round(pt[1] * GeomScale))
			dst = binary.AppendVarint(dst, x-px)
			dst = binary.AppendVarint(dst, y-py)
			px, py = x, y
		}
	}
	return dst
}

// Geom is a decoded map feature geometry. Decode reuses its slices, so one
// Geom per goroutine decodes any number of blobs without allocating.
type Geom struct {
	Type byte
	// XY holds the points as x0, y0, x1, y1, ... in normalized Mercator.
	XY []float64
	// Ends holds, per part, the index in XY/2 one past its last point.
	Ends []int
}

// Parts returns the number of parts.
func (g *Geom) Parts() int { return len(g.Ends) }

// Part returns the points of part i as a sub-slice of XY (x, y pairs).
func (g *Geom) Part(i int) []float64 {
	start := 0
	if i > 0 {
		start = g.Ends[i-1]
	}
	return g.XY[2*start : 2*g.Ends[i]]
}

// Decode decodes blob b into g.
func (g *Geom) Decode(b []byte) error {
	g.XY, g.Ends = g.XY[:0], g.Ends[:0]
	if len(b) < 2 {
		return ErrBadGeom
	}
	g.Type = b[0]
	b = b[1:]
	nparts, n := binary.Uvarint(b)
	if n <= 0 || nparts > uint64(len(b)) {
		return ErrBadGeom
	}
	b = b[n:]
	total := 0
	for i := uint64(0); i < nparts; i++ {
		c, n := binary.Uvarint(b)
		if n <= 0 || c > uint64(len(b)) {
			return ErrBadGeom
		}
		b = b[n:]
		total += int(c)
		g.Ends = append(g.Ends, total)
	}
	if total > len(b) {
		return ErrBadGeom
	}
	var x, y int64
	const inv = 1.0 / GeomScale
	for i := 0; i < total; i++ {
		dx, n := binary.Varint(b)
		if n <= 0 {
			return ErrBadGeom
		}
		b = b[n:]
		dy, m := binary.Varint(b)
		if m <= 0 {
			return ErrBadGeom
		}
		b = b[m:]
		x += dx
		y += dy
		g.XY = append(g.XY, float64(x)*inv, float64(y)*inv)
	}
	return nil
}

// GeomBox returns the bounding box of an encoded geometry in normalized
// Mercator, rounded outward to float32 as an R*Tree holds boxes; ok is
// false for a blob Decode would reject. Packs of format 3 keep no box per
// row: readers take it from the geometry.
func GeomBox(b []byte) (box Box, ok bool) {
	if len(b) < 2 {
		return Box{}, false
	}
	b = b[1:]
	nparts, n := binary.Uvarint(b)
	if n <= 0 || nparts > uint64(len(b)) {
		return Box{}, false
	}
	b = b[n:]
	total := uint64(0)
	for i := uint64(0); i < nparts; i++ {
		c, n := binary.Uvarint(b)
		if n <= 0 || c > uint64(len(b)) {
			return Box{}, false
		}
		b = b[n:]
		total += c
	}
	if total == 0 || total > uint64(len(b)) {
		return Box{}, false
	}
	var x, y int64
	minx, miny := int64(math.MaxInt64), int64(math.MaxInt64)
	maxx, maxy := int64(math.MinInt64), int64(math.MinInt64)
	for i := uint64(0); i < total; i++ {
		dx, n := binary.Varint(b)
		if n <= 0 {
			return Box{}, false
		}
		b = b[n:]
		dy, m := binary.Varint(b)
		if m <= 0 {
			return Box{}, false
		}
		b = b[m:]
		x, y = x+dx, y+dy
		minx, maxx = min(minx, x), max(maxx, x)
		miny, maxy = min(miny, y), max(maxy, y)
	}
	const inv = 1.0 / GeomScale
	return Box{
		MinX: float64(boxtree.RoundDown(float64(minx) * inv)), MaxX: float64(boxtree.RoundUp(float64(maxx) * inv)),
		MinY: float64(boxtree.RoundDown(float64(miny) * inv)), MaxY: float64(boxtree.RoundUp(float64(maxy) * inv)),
	}, true
}
