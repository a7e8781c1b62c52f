package mapview

import (
	"errors"
	"testing"

	"waymark/regions"
)

// notDrawn lists feature classes the styles leave out on purpose.
var notDrawn = map[string]bool{}

func TestStylesParseAndCoverClasses(t *testing.T) {
	for _, th := range Themes {
		t.Run(th.String(), func(t *testing.T) {
			st, err := LoadStyle(th)
			if err != nil {
				t.Fatalf("LoadStyle(%s) error %v", th, err)
			}
			if len(st.Version) != 8 {
				t.Errorf("style version %q, want 8 hex digits", st.Version)
			}
			if st.Name != th.String() {
				t.Errorf("style name = %q, want %q", st.Name, th)
			}
			drawn := st.Classes()
			drawn["housenumber"] = true // drawn by the housenumbers rule
			drawn["water_name"] = true  // drawn by the water label rule
			drawn["area_name"] = true   // drawn by the area label rule
			for _, c := range regions.MapClassNames() {
				if !drawn[c] && !notDrawn[c] {
					t.Errorf("class %q has no colour in the %s style", c, th)
				}
			}
			for _, l := range st.Layers {
				if (l.Type == "fill" || l.Type == "line") && !l.Color.IsSet() {
					t.Errorf("layer %q has no colour", l.ID)
				}
			}
		})
	}
}

func TestStylesHaveSameLayers(t *testing.T) {
	light, err := LoadStyle(ThemeLight)
	if err != nil {
		t.Fatal(err)
	}
	dark, err := LoadStyle(ThemeDark)
	if err != nil {
		t.Fatal(err)
	}
	if len(light.Layers) != len(dark.Layers) {
		t.Fatalf("light has %d layers, dark %d", len(light.Layers), len(dark.Layers))
	}
	for i := range light.Layers {
		if light.Layers[i].ID != dark.Layers[i].ID {
			t.Errorf("layer %d: light %q, dark %q", i, light.Layers[i].ID, dark.Layers[i].ID)
		}
	}
	if light.Background == dark.Background {
		t.Errorf("light and dark share the background colour")
	}
}

func TestParseStyleErrors(t *testing.T) {
	cases := []struct {
		name, src string
	}{
		{"not json", `{`},
		{"no background", `{"name":"x","labels":{"color":"#000","halo":"#fff"}}`},
		{"bad colour", `{"name":"x","background":"#zzz"}`},
		{"unknown layer type", `{"name":"x","background":"#fff","layers":[{"id":"a","type":"blur","classes":["a"],"color":"#000"}]}`},
		{"fill without classes", `{"name":"x","background":"#fff","layers":[{"id":"a","type":"fill","color":"#000"}]}`},
		{"line without width", `{"name":"x","background":"#fff","layers":[{"id":"a","type":"line","classes":["a"],"color":"#000"}]}`},
		{"roads bad part", `{"name":"x","background":"#fff","layers":[{"id":"a","type":"roads","part":"sky"}]}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseStyle([]byte(tc.src)); !errors.Is(err, ErrStyle) {
				t.Errorf("ParseStyle(%s) error = %v, want ErrStyle", tc.src, err)
			}
		})
	}
}

func TestParseColor(t *testing.T) {
	cases := []struct {
		in         string
		r, g, b, a uint8
		ok         bool
	}{
		{"#fff", 255, 255, 255, 255, true},
		{"#aad3df", 0xaa, 0xd3, 0xdf, 255, true},
		{"#ac46ac99", 0xac, 0x46, 0xac, 0x99, true},
		{"aad3df", 0, 0, 0, 0, false},
		{"#12345", 0, 0, 0, 0, false},
		{"#gg0000", 0, 0, 0, 0, false},
	}
	for _, tc := range cases {
		c, err := ParseColor(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParseColor(%q) error = %v, want ok %v", tc.in, err, tc.ok)
			continue
		}
		if tc.ok && (c.R != tc.r || c.G != tc.g || c.B != tc.b || c.A != tc.a) {
			t.Errorf("ParseColor(%q) = %v, want %d,%d,%d,%d", tc.in, c, tc.r, tc.g, tc.b, tc.a)
		}
	}
}

func TestStopsAt(t *testing.T) {
	s := Stops{{10, 1}, {12, 3}, {16, 11}}
	cases := []struct{ z, want float64 }{{5, 1}, {10, 1}, {11, 2}, {12, 3}, {14, 7}, {16, 11}, {19, 11}}
	for _, tc := range cases {
		if got := s.At(tc.z); got != tc.want {
			t.Errorf("Stops.At(%g) = %g, want %g", tc.z, got, tc.want)
		}
	}
}

func FuzzParseColor(f *testing.F) {
	for _, s := range []string{"#fff", "#aad3df", "#ac46ac99", "aad3df", "#12345", "#gg0000", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseColor(s)
		if err != nil {
			if !errors.Is(err, ErrStyle) {
				t.Fatalf("ParseColor(%q) error %v is not ErrStyle", s, err)
			}
			return
		}
		if len(s) == 4 || len(s) == 7 {
			if c.A != 255 {
				t.Fatalf("ParseColor(%q) = %v, want opaque", s, c)
			}
		}
	})
}

func FuzzParseStyle(f *testing.F) {
	for _, s := range []string{`{`, `{"name":"x","background":"#fff"}`, `{"name":"x","background":"#fff","layers":[{"id":"a","type":"roads","part":"sky"}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := ParseStyle(b)
		if err != nil {
			if !errors.Is(err, ErrStyle) {
				t.Fatalf("ParseStyle error %v is not ErrStyle", err)
			}
			return
		}
		if !st.Background.IsSet() {
			t.Fatalf("ParseStyle accepted a style without background")
		}
	})
}
