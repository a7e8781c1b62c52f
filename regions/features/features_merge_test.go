package features

import (
	"math"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/mapdata"
)

func TestMapMergeLines(t *testing.T) {
	a, b, c, d := orb.Point{0, 0}, orb.Point{1, 0}, orb.Point{2, 0}, orb.Point{1, 1}
	type line struct {
		mapLine
		pts orb.LineString
	}
	mk := func(name string, flags int, pts ...orb.Point) line {
		return line{mapLine{first: pts[0], last: pts[len(pts)-1], n: int32(len(pts)), name: int32(name[0]), class: 1, flags: uint8(flags)}, pts}
	}
	cases := []struct {
		name   string
		in     []line
		lines  int // features left
		merged int
		first  orb.LineString // the first feature's line after merging
	}{
		{"two pieces", []line{mk("A", 0, a, b), mk("A", 0, b, c)}, 1, 1, orb.LineString{a, b, c}},
		{"second piece reversed", []line{mk("A", 0, a, b), mk("A", 0, c, b)}, 1, 1, orb.LineString{a, b, c}},
		{"joined backwards", []line{mk("A", 0, b, c), mk("A", 0, a, b)}, 1, 1, orb.LineString{a, b, c}},
		{"one-way against", []line{mk("A", mapdata.FlagOneway, a, b), mk("A", mapdata.FlagOneway, c, b)}, 2, 0, orb.LineString{a, b}},
		{"one-way along", []line{mk("A", mapdata.FlagOneway, a, b), mk("A", mapdata.FlagOneway, b, c)}, 1, 1, orb.LineString{a, b, c}},
		{"junction of three", []line{mk("A", 0, a, b), mk("A", 0, b, c), mk("A", 0, b, d)}, 3, 0, orb.LineString{a, b}},
		{"different names", []line{mk("A", 0, a, b), mk("B", 0, b, c)}, 2, 0, orb.LineString{a, b}},
		{"bridge and ground", []line{mk("A", 0, a, b), mk("A", mapdata.FlagBridge, b, c)}, 2, 0, orb.LineString{a, b}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lines := make([]mapLine, len(tc.in))
			for i, l := range tc.in {
				lines[i] = l.mapLine
			}
			out, merged := mapMergeLines(lines)
			if len(out) != tc.lines || merged != tc.merged {
				t.Fatalf("mapMergeLines: %d chains, %d merged; want %d, %d", len(out), merged, tc.lines, tc.merged)
			}
			first := joinChain(out[0], func(i int32) orb.LineString { return tc.in[i].pts })
			if !first.Equal(tc.first) {
				t.Errorf("first line = %v, want %v", first, tc.first)
			}
		})
	}
}

func TestMapSplitPolygon(t *testing.T) {
	cell := 1 / math.Exp2(mapSplitZoom)
	sq := func(x0, y0, x1, y1 float64, outer bool) orb.LineString {
		r := orb.LineString{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
		want := 1.0
		if !outer {
			want = -1
		}
		mercOrient(r, want)
		return r
	}
	base := 0.5
	cases := []struct {
		name    string
		rings   []orb.LineString
		pieces  int
		clipped bool
	}{
		{"inside one cell", []orb.LineString{sq(base+0.1*cell, base+0.1*cell, base+0.9*cell, base+0.9*cell, true)}, 1, false},
		{"over 3×2 cells", []orb.LineString{sq(base+0.5*cell, base+0.5*cell, base+2.5*cell, base+1.5*cell, true)}, 6, true},
		{"with a hole filling a cell", []orb.LineString{
			sq(base+0.5*cell, base+0.5*cell, base+2.5*cell, base+1.5*cell, true),
			sq(base+1.0*cell, base+1.0*cell, base+2.0*cell, base+1.5*cell, false),
		}, 6, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := 0.0
			for _, r := range tc.rings {
				want += mercArea(r)
			}
			pieces, clipped := mapSplitPolygon(tc.rings)
			if len(pieces) != tc.pieces || clipped != tc.clipped {
				t.Fatalf("mapSplitPolygon: %d pieces, clipped %v; want %d, %v", len(pieces), clipped, tc.pieces, tc.clipped)
			}
			got := 0.0
			for _, p := range pieces {
				for _, r := range p {
					got += mercArea(r)
				}
			}
			if math.Abs(got-want) > want*1e-9 {
				t.Errorf("pieces cover area %g, want %g", got, want)
			}
		})
	}
}
