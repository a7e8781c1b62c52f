package mapdata

import (
	"errors"
	"math"
	"testing"

	"github.com/paulmach/orb"
)

func TestGeomCodec(t *testing.T) {
	cases := []struct {
		name  string
		typ   byte
		parts []orb.LineString
	}{
		{"point", GeomPoint, []orb.LineString{{{0.5, 0.25}}}},
		{"line", GeomLine, []orb.LineString{{{0.1, 0.2}, {0.1000001, 0.2000002}, {0.3, 0.4}}}},
		{"polygon with hole", GeomPolygon, []orb.LineString{
			{{0, 0}, {1e-4, 0}, {1e-4, 1e-4}, {0, 0}},
			{{2e-5, 2e-5}, {3e-5, 3e-5}, {2e-5, 3e-5}, {2e-5, 2e-5}},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var g Geom
			if err := g.Decode(AppendGeom(nil, tc.typ, tc.parts)); err != nil {
				t.Fatalf("Decode error %v", err)
			}
			if g.Type != tc.typ || g.Parts() != len(tc.parts) {
				t.Fatalf("decoded type %d parts %d, want %d %d", g.Type, g.Parts(), tc.typ, len(tc.parts))
			}
			for i, p := range tc.parts {
				xy := g.Part(i)
				if len(xy) != 2*len(p) {
					t.Fatalf("part %d has %d points, want %d", i, len(xy)/2, len(p))
				}
				for j, pt := range p {
					if math.Abs(xy[2*j]-pt[0]) > 1.0/GeomScale || math.Abs(xy[2*j+1]-pt[1]) > 1.0/GeomScale {
						t.Errorf("part %d point %d = %g,%g, want %v", i, j, xy[2*j], xy[2*j+1], pt)
					}
				}
			}
		})
	}
}

func FuzzGeomDecode(f *testing.F) {
	f.Add(AppendGeom(nil, GeomLine, []orb.LineString{{{0.1, 0.2}, {0.3, 0.4}}}))
	f.Add([]byte{3, 200, 1})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var g Geom
		if err := g.Decode(b); err != nil && !errors.Is(err, ErrBadGeom) {
			t.Fatalf("Decode error %v is not ErrBadGeom", err)
		}
	})
}
