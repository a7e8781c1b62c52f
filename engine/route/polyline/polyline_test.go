package polyline

import (
	"math"
	"testing"

	"github.com/paulmach/orb"
)

func TestPolyline(t *testing.T) {
	tests := []struct {
		name      string
		pts       []orb.Point
		precision int
		want      string
	}{
		// Google's reference example
		{"google", []orb.Point{{-120.2, 38.5}, {-120.95, 40.7}, {-126.453, 43.252}}, 5, "_p~iF~ps|U_ulLnnqC_mqNvxq`@"},
		{"empty", nil, 5, ""},
		{"one point", []orb.Point{{9.52, 47.14}}, 5, "_`v~G_kby@"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Encode(tc.pts, tc.precision); got != tc.want {
				t.Errorf("EncodePolyline = %q, want %q", got, tc.want)
			}
			got, err := Decode(tc.want, tc.precision)
			if err != nil || len(got) != len(tc.pts) {
				t.Fatalf("DecodePolyline = %v, %v", got, err)
			}
			for i := range got {
				if math.Abs(got[i][0]-tc.pts[i][0]) > 1e-5 || math.Abs(got[i][1]-tc.pts[i][1]) > 1e-5 {
					t.Errorf("point %d = %v, want %v", i, got[i], tc.pts[i])
				}
			}
		})
	}
}

func TestPolylineRoundTrip(t *testing.T) {
	pts := []orb.Point{{9.5212345, 47.1412345}, {-179.999999, -89.999999}, {179.999999, 89.999999}, {0, 0}, {7.4123456, 43.7312345}}
	for _, prec := range []int{5, 6} {
		got, err := Decode(Encode(pts, prec), prec)
		if err != nil {
			t.Fatal(err)
		}
		tol := math.Pow(10, -float64(prec)) / 2 * 1.0001
		for i := range pts {
			if math.Abs(got[i][0]-pts[i][0]) > tol || math.Abs(got[i][1]-pts[i][1]) > tol {
				t.Errorf("precision %d point %d = %v, want %v", prec, i, got[i], pts[i])
			}
		}
	}
}

func TestPolylineRejects(t *testing.T) {
	for _, s := range []string{"_p~iF~ps|U_ulL", "\x01\x02", "~", "_p~iF"} {
		if _, err := Decode(s, 5); err == nil {
			t.Errorf("Decode(%q) accepted", s)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"_p~iF~ps|U_ulLnnqC_mqNvxq`@", "", "~", "_`v~G_kby@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pts, err := Decode(s, 6)
		if err != nil {
			return
		}
		again, err := Decode(Encode(pts, 6), 6)
		if err != nil || len(again) != len(pts) {
			t.Fatalf("re-decode: %v %d/%d", err, len(again), len(pts))
		}
	})
}

func TestSimplifyKeepsEnds(t *testing.T) {
	var pts []orb.Point
	for i := 0; i <= 100; i++ {
		pts = append(pts, orb.Point{9.5 + float64(i)*0.001, 47.1 + 0.00001*math.Sin(float64(i))})
	}
	s := Simplify(pts)
	if len(s) >= len(pts) || s[0] != pts[0] || s[len(s)-1] != pts[len(pts)-1] {
		t.Errorf("simplify: %d → %d points, ends %v %v", len(pts), len(s), s[0], s[len(s)-1])
	}
}
