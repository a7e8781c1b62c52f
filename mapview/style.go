package mapview

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"waymark/assets"
)

// Theme selects the map style: light or dark. The window follows Fyne's
// theme variant with it.
type Theme int

// Themes of the bundled styles.
const (
	ThemeLight Theme = iota
	ThemeDark
)

// Themes lists every theme.
var Themes = []Theme{ThemeLight, ThemeDark}

// String returns the theme's style name ("light", "dark").
func (t Theme) String() string {
	if t == ThemeDark {
		return "dark"
	}
	return "light"
}

// ErrStyle is returned when a style file is invalid.
var ErrStyle = errors.New("mapview: invalid style")

// Color is a style colour, written "#rgb", "#rrggbb" or "#rrggbbaa" in JSON.
type Color struct{ color.NRGBA }

// UnmarshalJSON parses a hex colour.
func (c *Color) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := ParseColor(s)
	if err != nil {
		return err
	}
	c.NRGBA = v
	return nil
}

// IsSet reports whether the colour was given (a zero colour is "none").
func (c Color) IsSet() bool { return c.A != 0 }

// ParseColor parses "#rgb", "#rrggbb" or "#rrggbbaa".
func ParseColor(s string) (color.NRGBA, error) {
	h := strings.TrimPrefix(s, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) == 6 {
		h += "ff"
	}
	if len(h) != 8 || !strings.HasPrefix(s, "#") {
		return color.NRGBA{}, fmt.Errorf("%w: colour %q", ErrStyle, s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return color.NRGBA{}, fmt.Errorf("%w: colour %q", ErrStyle, s)
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// Stops is a value that varies with zoom: [zoom, value] pairs in increasing
// zoom order, interpolated linearly and held constant beyond the ends.
type Stops [][2]float64

// At returns the value at zoom z (0 for no stops).
func (s Stops) At(z float64) float64 {
	if len(s) == 0 {
		return 0
	}
	if z <= s[0][0] {
		return s[0][1]
	}
	for i := 1; i < len(s); i++ {
		if z <= s[i][0] {
			a, b := s[i-1], s[i]
			t := (z - a[0]) / (b[0] - a[0])
			return a[1] + t*(b[1]-a[1])
		}
	}
	return s[len(s)-1][1]
}

// Layer is one drawing step of a style, drawn in list order.
//
// Type "fill" fills the area classes (with an optional outline), "line"
// strokes the line classes, "roads" draws the road network part named by
// Part ("tunnel", "ground" or "bridge") with the Roads rules. Line layers
// may restrict Part to "tunnel", "bridge" or "surface" (not a tunnel).
type Layer struct {
	ID      string   `json:"id"`
	Type    string   `json:"type"`
	Part    string   `json:"part"`
	Classes []string `json:"classes"`
	Color   Color    `json:"color"`
	Outline Color    `json:"outline"`
	MinZoom int      `json:"minzoom"`
	MaxZoom int      `json:"maxzoom"` // 0: no limit
	Width   Stops    `json:"width"`
	Dash    []float64
}

// RoadClass styles one group of road classes: fill and casing colours, the
// fill width and the casing edge width (each side) per zoom in pixels.
type RoadClass struct {
	Classes       []string  `json:"classes"`
	Color         Color     `json:"color"`
	Casing        Color     `json:"casing"`
	MinZoom       int       `json:"minzoom"`
	CasingMinZoom int       `json:"casingMinzoom"`
	Width         Stops     `json:"width"`
	Edge          Stops     `json:"edge"`
	Dash          []float64 `json:"dash"`
}

// RoadStyle holds the road classes, least important first (drawn first),
// and how tunnels and bridges differ.
type RoadStyle struct {
	Classes           []RoadClass `json:"classes"`
	TunnelCasingDash  []float64   `json:"tunnelCasingDash"`
	TunnelFillOpacity float64     `json:"tunnelFillOpacity"`
	BridgeCasing      Color       `json:"bridgeCasing"`
	BridgeEdge        Stops       `json:"bridgeEdge"`
	OnewayColor       Color       `json:"onewayColor"`   // arrows on one-way roads
	OnewayMinZoom     int         `json:"onewayMinzoom"` // 0: no arrows
}

// TextStyle styles one kind of label.
type TextStyle struct {
	Classes      []string `json:"classes"`
	MinZoom      int      `json:"minzoom"`
	MaxZoom      int      `json:"maxzoom"`
	MajorMinZoom int      `json:"majorMinzoom"`
	Size         Stops    `json:"size"` // font size in pixels per zoom
	Color        Color    `json:"color"`
	Bold         bool     `json:"bold"`
}

// POIStyle styles a symbol class: a shape in Color with an optional letter,
// drawn from MinZoom, with its name (in LabelColor, or Color when unset)
// from LabelMinZoom.
type POIStyle struct {
	Classes      []string `json:"classes"`
	Shape        string   `json:"shape"` // circle, square, triangle
	Letter       string   `json:"letter"`
	Icon         string   `json:"icon"` // a pictogram (label_icons.go), drawn instead of Letter
	Color        Color    `json:"color"`
	LabelColor   Color    `json:"labelColor"` // the name's colour; unset: Color
	MinZoom      int      `json:"minzoom"`
	LabelMinZoom int      `json:"labelMinzoom"`
}

// TextColor returns the colour the symbol's name is written in.
func (p *POIStyle) TextColor() color.NRGBA {
	if p.LabelColor.IsSet() {
		return p.LabelColor.NRGBA
	}
	return p.Color.NRGBA
}

// LabelStyle holds the label rules.
type LabelStyle struct {
	Color        Color       `json:"color"`
	Halo         Color       `json:"halo"`
	HaloWidth    float64     `json:"haloWidth"`
	Places       []TextStyle `json:"places"`
	Streets      TextStyle   `json:"streets"`
	Water        TextStyle   `json:"water"`
	Areas        TextStyle   `json:"areas"` // names of parks, forests, ...
	Housenumbers TextStyle   `json:"housenumbers"`
	POIs         []POIStyle  `json:"pois"`
}

// Style is a parsed map style (see assets/style/*.json).
type Style struct {
	// Version identifies the style source (a hash of it, set by ParseStyle):
	// tile caches key on it so a changed style never shows stale tiles.
	Version    string     `json:"-"`
	Name       string     `json:"name"`
	Background Color      `json:"background"`
	Layers     []Layer    `json:"layers"`
	Roads      RoadStyle  `json:"roads"`
	Labels     LabelStyle `json:"labels"`
}

// ParseStyle parses and validates a style: every layer has a known type and
// a colour, every fill/line layer names classes, every road class has a
// colour and widths, every label rule has sizes.
func ParseStyle(b []byte) (*Style, error) {
	var s Style
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStyle, err)
	}
	if !s.Background.IsSet() {
		return nil, fmt.Errorf("%w: %s: no background colour", ErrStyle, s.Name)
	}
	h := sha1.Sum(b)
	s.Version = hex.EncodeToString(h[:4])
	for _, l := range s.Layers {
		switch l.Type {
		case "fill", "line":
			if len(l.Classes) == 0 || !l.Color.IsSet() {
				return nil, fmt.Errorf("%w: %s: layer %q needs classes and a colour", ErrStyle, s.Name, l.ID)
			}
			if l.Type == "line" && len(l.Width) == 0 {
				return nil, fmt.Errorf("%w: %s: line layer %q needs widths", ErrStyle, s.Name, l.ID)
			}
		case "roads":
			switch l.Part {
			case "tunnel", "ground", "bridge":
			default:
				return nil, fmt.Errorf("%w: %s: roads layer %q has part %q", ErrStyle, s.Name, l.ID, l.Part)
			}
		default:
			return nil, fmt.Errorf("%w: %s: layer %q has unknown type %q", ErrStyle, s.Name, l.ID, l.Type)
		}
	}
	for _, r := range s.Roads.Classes {
		if len(r.Classes) == 0 || !r.Color.IsSet() || len(r.Width) == 0 {
			return nil, fmt.Errorf("%w: %s: road class %v needs a colour and widths", ErrStyle, s.Name, r.Classes)
		}
	}
	texts := append([]TextStyle{s.Labels.Streets, s.Labels.Water, s.Labels.Housenumbers, s.Labels.Areas}, s.Labels.Places...)
	for _, t := range texts {
		if len(t.Size) == 0 {
			return nil, fmt.Errorf("%w: %s: a label rule has no size", ErrStyle, s.Name)
		}
	}
	for _, p := range s.Labels.POIs {
		if !p.Color.IsSet() || len(p.Classes) == 0 {
			return nil, fmt.Errorf("%w: %s: poi rule %v needs classes and a colour", ErrStyle, s.Name, p.Classes)
		}
		if p.Icon != "" && !iconNames[p.Icon] {
			return nil, fmt.Errorf("%w: %s: poi rule %v has unknown icon %q", ErrStyle, s.Name, p.Classes, p.Icon)
		}
	}
	if !s.Labels.Color.IsSet() || !s.Labels.Halo.IsSet() {
		return nil, fmt.Errorf("%w: %s: labels need a colour and a halo", ErrStyle, s.Name)
	}
	return &s, nil
}

// LoadStyle returns the bundled style of theme.
func LoadStyle(theme Theme) (*Style, error) {
	b, err := assets.Style(theme.String())
	if err != nil {
		return nil, err
	}
	return ParseStyle(b)
}

// Classes returns every class the style draws, as a set.
func (s *Style) Classes() map[string]bool {
	m := map[string]bool{}
	for _, l := range s.Layers {
		for _, c := range l.Classes {
			m[c] = true
		}
	}
	for _, r := range s.Roads.Classes {
		for _, c := range r.Classes {
			m[c] = true
		}
	}
	for _, p := range s.Labels.Places {
		for _, c := range p.Classes {
			m[c] = true
		}
	}
	for _, p := range s.Labels.POIs {
		for _, c := range p.Classes {
			m[c] = true
		}
	}
	return m
}

// visible reports whether zoom z lies in [min, max] (max 0: no limit).
func visible(z, min, max int) bool { return z >= min && (max == 0 || z <= max) }

// scaled returns c with its alpha multiplied by f.
func scaled(c color.NRGBA, f float64) color.NRGBA {
	c.A = uint8(math.Round(float64(c.A) * math.Max(0, math.Min(1, f))))
	return c
}
