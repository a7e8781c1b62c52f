package mapview

import (
	"image/color"
	"math"
	"testing"
)

func TestContrastRatio(t *testing.T) {
	tests := []struct {
		name string
		a, b color.NRGBA
		want float64
	}{
		{"black on white", color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}, 21},
		{"same colour", color.NRGBA{90, 120, 40, 255}, color.NRGBA{90, 120, 40, 255}, 1},
		{"#777 on white (WCAG's classic near miss)", color.NRGBA{0x77, 0x77, 0x77, 255}, color.NRGBA{255, 255, 255, 255}, 4.48},
		{"order does not matter", color.NRGBA{255, 255, 255, 255}, color.NRGBA{0x77, 0x77, 0x77, 255}, 4.48},
	}
	for _, tt := range tests {
		if got := ContrastRatio(tt.a, tt.b); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("%s: ContrastRatio(%v, %v) = %.3f, want %.2f", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
	if got := Over(color.NRGBA{255, 255, 255, 0x80}, color.NRGBA{0, 0, 0, 255}); got != (color.NRGBA{128, 128, 128, 255}) {
		t.Errorf("Over(white 50%%, black) = %v, want 128 grey", got)
	}
}

// TestLabelContrast checks WCAG AA (4.5:1) for every label colour of both
// bundled styles against its halo, the halo composited over each colour of
// the style it can be drawn on (a translucent halo lets a dark road shine
// through).
func TestLabelContrast(t *testing.T) {
	for _, th := range Themes {
		s, err := LoadStyle(th)
		if err != nil {
			t.Fatal(err)
		}
		labels := s.LabelColors()
		if len(labels) < 10 {
			t.Fatalf("%s: %d label colours, want every rule's", th, len(labels))
		}
		for _, l := range labels {
			worst, under := math.Inf(1), color.NRGBA{}
			for _, g := range s.GroundColors() {
				if c := ContrastRatio(l.Color, Over(s.Labels.Halo.NRGBA, g)); c < worst {
					worst, under = c, g
				}
			}
			if worst < 4.5 {
				t.Errorf("%s style: %s label %v on its halo over %v: contrast %.2f, want ≥ 4.5", th, l.Rule, l.Color, under, worst)
			}
		}
	}
}
