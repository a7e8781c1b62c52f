package osrm

import "testing"

func TestParseCoordinates(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		code string
	}{
		{"9.5,47.1;9.6,47.2", 2, ""},
		{"9.5,47.1;9.6,47.2.json", 2, ""},
		{"-180,-90;180,90", 2, ""},
		{"polyline(_p~iF~ps|U_ulLnnqC)", 2, ""},
		{"polyline6(_izlhA~rlgdF)", 1, ""},
		{"", 0, "InvalidUrl"},
		{"9.5", 0, "InvalidUrl"},
		{"9.5,47.1,3", 0, "InvalidUrl"},
		{"a,b", 0, "InvalidUrl"},
		{"9.5,47.1;", 0, "InvalidUrl"},
		{"181,0", 0, "InvalidValue"},
		{"0,-91", 0, "InvalidValue"},
		{"NaN,0", 0, "InvalidValue"},
		{"polyline(", 0, "InvalidUrl"},
		{"polyline()", 0, "InvalidUrl"},
		{"polyline(~)", 0, "InvalidUrl"},
	}
	for _, tc := range tests {
		pts, err := parseCoordinates(tc.in)
		switch {
		case tc.code == "" && (err != nil || len(pts) != tc.n):
			t.Errorf("ParseCoordinates(%q) = %d points, %v; want %d points", tc.in, len(pts), err, tc.n)
		case tc.code != "" && (err == nil || err.Code != tc.code):
			t.Errorf("ParseCoordinates(%q) error = %v, want %s", tc.in, err, tc.code)
		}
	}
}

func FuzzParseCoordinates(f *testing.F) {
	for _, s := range []string{"9.5,47.1;9.6,47.2", "polyline(_p~iF~ps|U_ulLnnqC)", "polyline6(_izlhA~rlgdF)", "181,0", "a,b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pts, err := parseCoordinates(s)
		if err != nil {
			if err.Code == "" || err.Message == "" {
				t.Fatalf("ParseCoordinates(%q): empty error %+v", s, err)
			}
			return
		}
		for _, p := range pts {
			if !(p[0] >= -180 && p[0] <= 180 && p[1] >= -90 && p[1] <= 90) {
				t.Fatalf("ParseCoordinates(%q) accepted %v", s, p)
			}
		}
	})
}
