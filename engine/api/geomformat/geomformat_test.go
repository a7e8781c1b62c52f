package geomformat

import (
	"testing"

	"github.com/paulmach/orb"
)

// TestWKT: every geometry kind in its WKT form (polygon_text=1).
func TestWKT(t *testing.T) {
	ring := orb.Ring{{0, 0}, {1, 0}, {1, 1}, {0, 0}}
	hole := orb.Ring{{0.2, 0.2}, {0.5, 0.2}, {0.5, 0.5}, {0.2, 0.2}}
	line := orb.LineString{{9.5, 47.1}, {9.52, 47.14}}
	tests := []struct {
		g    orb.Geometry
		want string
	}{
		{orb.Point{9.52, 47.14}, "POINT(9.52 47.14)"},
		{orb.MultiPoint{{1, 2}, {3, 4}}, "MULTIPOINT(1 2,3 4)"},
		{line, "LINESTRING(9.5 47.1,9.52 47.14)"},
		{ring, "POLYGON((0 0,1 0,1 1,0 0))"},
		{orb.MultiLineString{line, {{1, 2}, {3, 4}}}, "MULTILINESTRING((9.5 47.1,9.52 47.14),(1 2,3 4))"},
		{orb.Polygon{ring, hole}, "POLYGON((0 0,1 0,1 1,0 0),(0.2 0.2,0.5 0.2,0.5 0.5,0.2 0.2))"},
		{orb.MultiPolygon{{ring}, {ring, hole}}, "MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((0 0,1 0,1 1,0 0),(0.2 0.2,0.5 0.2,0.5 0.5,0.2 0.2)))"},
		{orb.Collection{orb.Point{1, 2}, line}, "GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(9.5 47.1,9.52 47.14))"},
		{orb.Bound{}, "GEOMETRYCOLLECTION EMPTY"},
	}
	for _, tt := range tests {
		if got := WKT(tt.g); got != tt.want {
			t.Errorf("wkt(%s) = %s, want %s", tt.g.GeoJSONType(), got, tt.want)
		}
	}
}
