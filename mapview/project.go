package mapview

import (
	"math"

	"github.com/paulmach/orb"

	"waymark/engine/sphere"
)

// Web Mercator (EPSG:3857) as used by slippy-map tiles.
//
// "World pixels at zoom z" are pixels of the whole world drawn with 256-pixel
// tiles at zoom z: x grows east from the antimeridian, y grows south from
// MaxLatitude; the world is 256·2^z pixels wide. Zoom may be fractional.
// "Normalized Mercator" coordinates are the same with the world scaled to the
// unit square [0,1)×[0,1).

// TileSize is the logical size of a tile in pixels; 512-pixel (HiDPI) tiles
// cover the same ground as 256-pixel ones at twice the resolution.
const TileSize = 256

// MaxLatitude is the latitude (degrees) at which Web Mercator is cut off.
const MaxLatitude = 85.05112877980659

// Zoom levels the renderer draws.
const (
	MinZoom = 0
	MaxZoom = 19
)

// EarthCircumference is the circumference of the engine's sphere (package
// sphere) in meters, so that the map's scale agrees with the lengths of
// routes and distances the engine measures (Web Mercator's own 6378137 m
// would make it 0.08% longer; tiles and positions do not depend on it).
const EarthCircumference = 2 * math.Pi * sphere.EarthRadius

// Mercator converts p (lon, lat degrees) to normalized Mercator coordinates.
// Latitudes beyond ±MaxLatitude are clamped.
func Mercator(p orb.Point) (x, y float64) {
	lat := math.Max(-MaxLatitude, math.Min(MaxLatitude, p[1]))
	x = (p[0] + 180) / 360
	s := math.Sin(lat * math.Pi / 180)
	y = 0.5 - math.Log((1+s)/(1-s))/(4*math.Pi)
	return x, y
}

// MercatorInverse converts normalized Mercator coordinates back to lon, lat degrees.
func MercatorInverse(x, y float64) orb.Point {
	lon := x*360 - 180
	lat := 90 - 360*math.Atan(math.Exp((y-0.5)*2*math.Pi))/math.Pi
	return orb.Point{lon, lat}
}

// WorldSize returns the width of the world in pixels at zoom (256-pixel tiles).
func WorldSize(zoom float64) float64 { return TileSize * math.Exp2(zoom) }

// LonLatToPixel returns the world pixel position of p at zoom.
func LonLatToPixel(p orb.Point, zoom float64) (x, y float64) {
	mx, my := Mercator(p)
	s := WorldSize(zoom)
	return mx * s, my * s
}

// PixelToLonLat returns the point at world pixel (x, y) at zoom.
func PixelToLonLat(x, y, zoom float64) orb.Point {
	s := WorldSize(zoom)
	return MercatorInverse(x/s, y/s)
}

// TileAt returns the tile at zoom z that holds p, clamped to the valid range.
func TileAt(p orb.Point, z int) (x, y int) {
	mx, my := Mercator(p)
	n := 1 << z
	x = int(math.Floor(mx * float64(n)))
	y = int(math.Floor(my * float64(n)))
	return clampInt(x, 0, n-1), clampInt(y, 0, n-1)
}

// TileBound returns the lon/lat bounds of tile z/x/y.
func TileBound(z, x, y int) orb.Bound {
	n := float64(int(1) << z)
	nw := MercatorInverse(float64(x)/n, float64(y)/n)
	se := MercatorInverse(float64(x+1)/n, float64(y+1)/n)
	return orb.Bound{Min: orb.Point{nw[0], se[1]}, Max: orb.Point{se[0], nw[1]}}
}

// ValidTile reports whether z/x/y names a tile of a zoom the renderer draws.
func ValidTile(z, x, y int) bool {
	if z < MinZoom || z > MaxZoom {
		return false
	}
	n := 1 << z
	return x >= 0 && x < n && y >= 0 && y < n
}

// MetersPerPixel returns the ground resolution in meters per (256-tile) pixel
// at latitude lat (degrees) and zoom.
func MetersPerPixel(lat, zoom float64) float64 {
	return EarthCircumference * math.Cos(lat*math.Pi/180) / WorldSize(zoom)
}

// ZoomForBound returns the largest zoom (fractional, not above MaxZoom) at
// which b fits into a w×h pixel view, keeping padding pixels free on each side.
func ZoomForBound(b orb.Bound, w, h int, padding float64) float64 {
	x0, y1 := Mercator(b.Min)
	x1, y0 := Mercator(b.Max)
	dx, dy := x1-x0, y1-y0
	aw, ah := float64(w)-2*padding, float64(h)-2*padding
	if aw < 1 {
		aw = 1
	}
	if ah < 1 {
		ah = 1
	}
	z := float64(MaxZoom)
	if dx > 0 {
		z = math.Min(z, math.Log2(aw/(dx*TileSize)))
	}
	if dy > 0 {
		z = math.Min(z, math.Log2(ah/(dy*TileSize)))
	}
	return math.Max(0, z)
}

// View is a map view: a centre, a zoom and a size in pixels. It converts
// between the view's pixels (origin top-left) and lon/lat.
type View struct {
	Center        orb.Point // lon, lat degrees
	Zoom          float64
	Width, Height int // pixels
}

// Origin returns the world pixel of the view's top-left corner.
func (v View) Origin() (x, y float64) {
	cx, cy := LonLatToPixel(v.Center, v.Zoom)
	return cx - float64(v.Width)/2, cy - float64(v.Height)/2
}

// ToPixel returns the view pixel of p.
func (v View) ToPixel(p orb.Point) (x, y float64) {
	ox, oy := v.Origin()
	px, py := LonLatToPixel(p, v.Zoom)
	return px - ox, py - oy
}

// ToLonLat returns the point at view pixel (x, y).
func (v View) ToLonLat(x, y float64) orb.Point {
	ox, oy := v.Origin()
	return PixelToLonLat(ox+x, oy+y, v.Zoom)
}

// Bound returns the lon/lat bounds of the view.
func (v View) Bound() orb.Bound {
	nw := v.ToLonLat(0, 0)
	se := v.ToLonLat(float64(v.Width), float64(v.Height))
	return orb.Bound{Min: orb.Point{nw[0], se[1]}, Max: orb.Point{se[0], nw[1]}}
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
