package route

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// gridOf makes an isoGrid of 1° cells from rows of text, north first:
// a digit is a cell's key, '.' a cell beyond every contour.
func gridOf(rows ...string) *isoGrid {
	h, w := len(rows), len(rows[0])
	gr := &isoGrid{w: w, h: h, dLon: 1, dLat: 1, t: make([]float32, w*h)}
	for y, row := range rows {
		for x, c := range row {
			v := float32(math.Inf(1))
			if c >= '0' && c <= '9' {
				v = float32(c - '0')
			}
			gr.t[(h-1-y)*w+x] = v
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
			ps := gridOf(tc.rows...).polygons(tc.limit)
			if len(ps) != tc.polys {
				t.Fatalf("%d polygons, want %d: %v", len(ps), tc.polys, ps)
			}
			ps = denoise(ps, 0)
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
	gr := &isoGrid{w: 9, h: 1, dLon: 1, dLat: 1, t: make([]float32, 9)}
	for i := range gr.t {
		gr.t[i] = float32(math.NaN())
	}
	gr.t[0], gr.t[8] = 5, inf
	gr.fill(3)
	want := []float32{5, 5, 5, 5, inf, inf, inf, inf, inf}
	for i := range want {
		if gr.t[i] != want[i] {
			t.Errorf("cell %d: %v, want %v (all %v)", i, gr.t[i], want[i], gr.t)
		}
	}
}

// TestShape: denoise keeps polygons by their share of the largest one's
// area; generalize drops the points within its tolerance and the rings
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
		if got := denoise(ps, tc.share); len(got) != tc.n {
			t.Errorf("denoise %v: %d polygons, want %d", tc.share, len(got), tc.n)
		}
	}
	if got := denoise(ps, 1); got[0][0][1][0] != 1.1 {
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
		got := generalize([]orb.Polygon{notched}, tc.meters)
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

// TestIsochroneOptionsChecked: every option out of range is an
// ErrInvalidValue naming it.
func TestIsochroneOptionsChecked(t *testing.T) {
	for _, tc := range []struct {
		opt  IsochroneOptions
		name string
	}{
		{IsochroneOptions{}, "contours"},
		{IsochroneOptions{Limits: []float64{1, 2, 3, 4, 5}}, "contours"},
		{IsochroneOptions{Limits: []float64{0}}, "contour"},
		{IsochroneOptions{Limits: []float64{3601}}, "contour"},
		{IsochroneOptions{Limits: []float64{100001}, ByDistance: true}, "contour"},
		{IsochroneOptions{Limits: []float64{math.NaN()}}, "contour"},
		{IsochroneOptions{Limits: []float64{600, 300}}, "ascend"},
		{IsochroneOptions{Limits: []float64{60}, Cell: -1}, "cell"},
		{IsochroneOptions{Limits: []float64{60}, Cell: math.NaN()}, "cell"},
		{IsochroneOptions{Limits: []float64{60}, Denoise: 1.5}, "denoise"},
		{IsochroneOptions{Limits: []float64{60}, Denoise: math.NaN()}, "denoise"},
		{IsochroneOptions{Limits: []float64{60}, Generalize: -2}, "generalize"},
		{IsochroneOptions{Limits: []float64{60}, Generalize: -0.5}, "generalize"},
		{IsochroneOptions{Limits: []float64{60}, Generalize: math.Inf(1)}, "generalize"},
	} {
		err := checkLimits(tc.opt)
		if !errors.Is(err, ErrInvalidValue) || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("%+v: %v, want ErrInvalidValue naming %s", tc.opt, err, tc.name)
		}
	}
	if err := checkLimits(IsochroneOptions{Limits: []float64{300, 600, 900, 3600}, Denoise: 0.5, Generalize: 50, Cell: 100}); err != nil {
		t.Errorf("valid options: %v", err)
	}
	if err := checkLimits(IsochroneOptions{Limits: []float64{300}, Generalize: AutoGeneralize}); err != nil {
		t.Errorf("AutoGeneralize: %v", err)
	}
}
