package contour

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// gridOf makes an Grid of 1° cells from rows of text, north first:
// a digit is a cell's key, '.' a cell beyond every contour.
func gridOf(rows ...string) *Grid {
	h, w := len(rows), len(rows[0])
	gr := &Grid{W: w, H: h, DLon: 1, DLat: 1, T: make([]float32, w*h)}
	for y, row := range rows {
		for x, c := range row {
			v := float32(math.Inf(1))
			if c >= '0' && c <= '9' {
				v = float32(c - '0')
			}
			gr.T[(h-1-y)*w+x] = v
		}
	}
	return gr
}

// TestTraceContours: cells within a limit become polygons, outer rings
// counter-clockwise, holes clockwise inside their polygon, groups that
// touch only at a corner apart.
func TestTraceContours(t *testing.T) {
	tests := []struct {
		name   string
		rows   []string
		limit  float64
		polys  int
		holes  []int // per polygon, largest first
		area   float64
		inside []orb.Point
		out    []orb.Point
	}{
		{"one cell", []string{"...", ".1.", "..."}, 1, 1, []int{0}, 1, []orb.Point{{1.5, 1.5}}, []orb.Point{{0.5, 0.5}}},
		{"ring with a hole", []string{".....", ".111.", ".1.1.", ".111.", "....."}, 1, 1, []int{1}, 8,
			[]orb.Point{{1.5, 1.5}, {3.5, 3.5}}, []orb.Point{{2.5, 2.5}, {0.5, 0.5}}},
		{"the hole is a later contour's", []string{".....", ".111.", ".191.", ".111.", "....."}, 1, 1, []int{1}, 8, nil, []orb.Point{{2.5, 2.5}}},
		{"the larger limit fills it", []string{".....", ".111.", ".191.", ".111.", "....."}, 9, 1, []int{0}, 9, []orb.Point{{2.5, 2.5}}, nil},
		{"corner-touching cells are apart", []string{"....", ".1..", "..1.", "...."}, 1, 2, []int{0, 0}, 2, nil, nil},
		{"two groups, two holes", []string{"........", ".111.11.", ".1.1.11.", ".111....", "........"}, 1, 2, []int{1, 0}, 12, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps := gridOf(tc.rows...).Polygons(tc.limit)
			if len(ps) != tc.polys {
				t.Fatalf("%d polygons, want %d: %v", len(ps), tc.polys, ps)
			}
			ps = Denoise(ps, 0)
			area := 0.0
			var holes []int
			for _, p := range ps {
				if a := ringArea(p[0]); a <= 0 {
					t.Errorf("outer ring area %v: not counter-clockwise", a)
				}
				for _, h := range p[1:] {
					if a := ringArea(h); a >= 0 {
						t.Errorf("hole area %v: not clockwise", a)
					}
					if !planar.RingContains(p[0], h[0]) {
						t.Errorf("hole %v outside its polygon", h)
					}
				}
				holes = append(holes, len(p)-1)
				area += planar.Area(p)
			}
			if math.Abs(area-tc.area) > 1e-9 {
				t.Errorf("area %v, want %v", area, tc.area)
			}
			if len(holes) > 1 && holes[0] < holes[1] {
				holes[0], holes[1] = holes[1], holes[0]
			}
			if tc.holes != nil && !equalInts(holes, tc.holes) {
				t.Errorf("holes %v, want %v", holes, tc.holes)
			}
			mp := orb.MultiPolygon{}
			for _, p := range ps {
				mp = append(mp, p)
			}
			for _, p := range tc.inside {
				if !planar.MultiPolygonContains(mp, p) {
					t.Errorf("%v outside", p)
				}
			}
			for _, p := range tc.out {
				if planar.MultiPolygonContains(mp, p) {
					t.Errorf("%v inside", p)
				}
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestFillAccess: a cell takes its nearest road cell's key within the
// access distance, +Inf beyond.
func TestFillAccess(t *testing.T) {
	inf := float32(math.Inf(1))
	gr := &Grid{W: 9, H: 1, DLon: 1, DLat: 1, T: make([]float32, 9)}
	for i := range gr.T {
		gr.T[i] = float32(math.NaN())
	}
	gr.T[0], gr.T[8] = 5, inf
	gr.Fill(3)
	want := []float32{5, 5, 5, 5, inf, inf, inf, inf, inf}
	for i := range want {
		if gr.T[i] != want[i] {
			t.Errorf("cell %d: %v, want %v (all %v)", i, gr.T[i], want[i], gr.T)
		}
	}
}

// TestShape: Denoise keeps polygons by their share of the largest one's
// area; Generalize drops the points within its tolerance and the rings
// it would collapse.
func TestShape(t *testing.T) {
	sq := func(x, y, s float64) orb.Polygon {
		return orb.Polygon{{{x, y}, {x + s, y}, {x + s, y + s}, {x, y + s}, {x, y}}}
	}
	ps := []orb.Polygon{sq(0, 0, 0.01), sq(1, 0, 0.1), sq(2, 0, 0.05)}
	for _, tc := range []struct {
		share float64
		n     int
	}{{0, 3}, {0.009, 3}, {0.1, 2}, {0.24, 2}, {0.26, 1}, {1, 1}} {
		if got := Denoise(ps, tc.share); len(got) != tc.n {
			t.Errorf("denoise %v: %d polygons, want %d", tc.share, len(got), tc.n)
		}
	}
	if got := Denoise(ps, 1); got[0][0][1][0] != 1.1 {
		t.Errorf("denoise 1 kept %v, not the largest", got[0])
	}
	// a square of 0.1° (~8 x 11 km) with a 5 m notch midway along its south side
	hole := sq(0.04, 0.04, 0.0001)[0]
	hole.Reverse()
	notched := orb.Polygon{{{0, 0}, {0.05, 0}, {0.05, 0.00005}, {0.0501, 0.00005}, {0.0501, 0}, {0.1, 0}, {0.1, 0.1}, {0, 0.1}, {0, 0}}, hole}
	for _, tc := range []struct {
		meters       float64
		points, ring int
	}{{0, 9, 2}, {1, 9, 2}, {10, 5, 1}, {20000, 0, 0}} {
		got := Generalize([]orb.Polygon{notched}, tc.meters)
		if tc.ring == 0 {
			if len(got) != 0 {
				t.Errorf("generalize %v: %v, want nothing", tc.meters, got)
			}
			continue
		}
		if len(got) != 1 || len(got[0][0]) != tc.points || len(got[0]) != tc.ring {
			t.Errorf("generalize %v: %v, want %d points and %d rings", tc.meters, got, tc.points, tc.ring)
		}
	}
}
