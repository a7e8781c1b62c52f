package mapview

import (
	"fmt"
	"image/color"
	"math"
)

// LabelColor is one colour a style writes text in, named for the rule
// that uses it ("streets", "place_city", "poi_food").
type LabelColor struct {
	Rule  string
	Color color.NRGBA
}

// LabelColors returns every colour the style writes labels in: the default
// label colour, each place, street, water, area and house-number rule that
// sets its own, and each symbol's name colour.
func (s *Style) LabelColors() []LabelColor {
	ls := &s.Labels
	out := []LabelColor{{"default", ls.Color.NRGBA}}
	add := func(rule string, c Color) {
		if c.IsSet() {
			out = append(out, LabelColor{rule, c.NRGBA})
		}
	}
	for _, p := range ls.Places {
		add(fmt.Sprint(p.Classes), p.Color)
	}
	add("streets", ls.Streets.Color)
	add("water", ls.Water.Color)
	add("areas", ls.Areas.Color)
	add("housenumbers", ls.Housenumbers.Color)
	for i := range ls.POIs {
		out = append(out, LabelColor{fmt.Sprint(ls.POIs[i].Classes), ls.POIs[i].TextColor()})
	}
	return out
}

// GroundColors returns every colour a label's halo can be drawn over: the
// background and each fill, outline, line, road and casing colour, the
// translucent ones composited over the background as they are drawn.
func (s *Style) GroundColors() []color.NRGBA {
	bg := s.Background.NRGBA
	out := []color.NRGBA{bg}
	add := func(c Color) {
		if c.IsSet() {
			out = append(out, Over(c.NRGBA, bg))
		}
	}
	for _, l := range s.Layers {
		add(l.Color)
		add(l.Outline)
	}
	for _, r := range s.Roads.Classes {
		add(r.Color)
		add(r.Casing)
	}
	add(s.Roads.BridgeCasing)
	add(s.Roads.OnewayColor)
	for i := range s.Labels.POIs {
		add(s.Labels.POIs[i].Color)
	}
	return out
}

// Over returns top composited over the opaque colour bottom (source-over).
func Over(top, bottom color.NRGBA) color.NRGBA {
	a := float64(top.A) / 255
	mix := func(t, b uint8) uint8 { return uint8(math.Round(float64(t)*a + float64(b)*(1-a))) }
	return color.NRGBA{mix(top.R, bottom.R), mix(top.G, bottom.G), mix(top.B, bottom.B), 0xff}
}

// ContrastRatio returns the WCAG 2 contrast ratio of two opaque colours,
// from 1 (equal luminance) to 21 (black on white). WCAG AA asks 4.5 for
// body text.
func ContrastRatio(a, b color.NRGBA) float64 {
	la, lb := relativeLuminance(a), relativeLuminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// relativeLuminance is WCAG 2's relative luminance of an sRGB colour.
func relativeLuminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}
