package placegeom

import (
	"reflect"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/encoding/wkb"
)

// pbf and dec give the float64 the PBF and XML readers make of an E7 integer.
func pbf(v int32) float64 { return 1e-9 * float64(100*int64(v)) }
func dec(v int32) float64 { return float64(v) / 1e7 }

func pt(f func(int32) float64, lon, lat int32) orb.Point { return orb.Point{f(lon), f(lat)} }

func TestRoundTrip(t *testing.T) {
	ring := orb.Ring{pt(pbf, 95212345, 471234567), pt(pbf, 95213345, 471234567), pt(pbf, 95213345, 471244567), pt(pbf, 95212345, 471234567)}
	hole := orb.Ring{pt(pbf, 95212500, 471234600), pt(pbf, 95212600, 471234600), pt(pbf, 95212600, 471234700), pt(pbf, 95212500, 471234600)}
	tests := []struct {
		name    string
		g       orb.Geometry
		compact bool
	}{
		{"pbf point", pt(pbf, 95212345, 471234567), true},
		{"negative point", pt(pbf, -1799999999, -899999999), true},
		{"extreme point", pt(pbf, 1800000000, 900000000), true},
		{"decimal point", pt(dec, 74253011, 437384921), true},
		{"line", orb.LineString{pt(pbf, 1, 2), pt(pbf, -3, 4), pt(pbf, 5, -6)}, true},
		{"multipoint", orb.MultiPoint{pt(pbf, 1, 2), pt(pbf, 3, 4)}, true},
		{"polygon with hole", orb.Polygon{ring, hole}, true},
		{"multiline", orb.MultiLineString{{pt(pbf, 1, 2), pt(pbf, 3, 4)}, {pt(pbf, 5, 6)}}, true},
		{"multipolygon", orb.MultiPolygon{{ring, hole}, {ring}}, true},
		{"empty line", orb.LineString{}, true},
		{"interpolated point", orb.Point{9.52123456789, 47.1234567891}, false},
		{"mixed kinds fall back", orb.LineString{pt(pbf, 1, 2), {9.5212345678901, 47.1}}, false},
		{"collection", orb.Collection{pt(pbf, 1, 2)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Append(nil, tt.g)
			if err != nil {
				t.Fatal(err)
			}
			if got := b[0] == magic; got != tt.compact {
				t.Fatalf("compact = %v, want %v", got, tt.compact)
			}
			g, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			if !sameBits(g, tt.g) {
				t.Fatalf("decoded %v, want %v", g, tt.g)
			}
			if w, _ := wkb.Marshal(tt.g); tt.compact && len(b) >= len(w) && tt.name != "empty line" {
				t.Errorf("compact blob %d bytes, WKB %d", len(b), len(w))
			}
		})
	}
}

// sameBits compares geometries coordinate bit for bit (== would let -0
// equal 0).
func sameBits(a, b orb.Geometry) bool {
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		return false
	}
	wa, _ := wkb.Marshal(a)
	wb, _ := wkb.Marshal(b)
	return string(wa) == string(wb)
}

func TestDecodeReadsWKB(t *testing.T) {
	g := orb.Polygon{{{9.5, 47.1}, {9.6, 47.1}, {9.6, 47.2}, {9.5, 47.1}}}
	b, _ := wkb.Marshal(g)
	got, err := Decode(b)
	if err != nil || !sameBits(got, g) {
		t.Fatalf("Decode(WKB) = %v, %v", got, err)
	}
}

func TestDecodeRejects(t *testing.T) {
	good, _ := Append(nil, orb.LineString{pt(pbf, 1, 2), pt(pbf, 3, 4)})
	tests := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"header only", []byte{magic, KindPBF}},
		{"unknown kind", []byte{magic, 7, typePoint, 0, 0}},
		{"unknown type", []byte{magic, KindPBF, 99, 0, 0}},
		{"truncated", good[:len(good)-1]},
		{"trailing bytes", append(append([]byte{}, good...), 0)},
		{"huge count", []byte{magic, KindPBF, typeLineString, 0xff, 0xff, 0xff, 0xff, 0x0f}},
		{"coordinate overflow", []byte{magic, KindPBF, typePoint, 0xfe, 0xff, 0xff, 0xff, 0x1f, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if g, err := Decode(tt.b); err == nil {
				t.Fatalf("Decode = %v, want an error", g)
			}
		})
	}
}

func FuzzDecode(f *testing.F) {
	for _, g := range []orb.Geometry{pt(pbf, 1, 2), orb.MultiPolygon{{{pt(pbf, 1, 2), pt(pbf, 3, 4), pt(pbf, 1, 2)}}}} {
		b, _ := Append(nil, g)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := Decode(b)
		if err != nil || len(b) == 0 || b[0] != magic {
			return
		}
		// What decodes encodes again to a blob of the same geometry.
		again, err := Append(nil, g)
		if err != nil {
			t.Fatal(err)
		}
		if g2, err := Decode(again); err != nil || !sameBits(g, g2) {
			t.Fatalf("%v re-encoded as %x reads %v, %v", g, again, g2, err)
		}
	})
}
