package mapview

import (
	"math"

	"github.com/fogleman/gg"
)

// POI icons: small pictograms drawn as white strokes and fills inside a
// symbol's coloured shape. Each icon is drawn in a box of half-size s
// centred on (x, y); styles name them with POIStyle.Icon.

// iconNames lists the icons drawIcon knows.
var iconNames = map[string]bool{
	"fork-knife": true, "glass": true, "bag": true, "bed": true, "pump": true,
	"book": true, "star": true, "cross": true, "envelope": true, "swimmer": true,
	"bank": true, "bus": true,
}

// drawIcon draws icon name at (x, y) with half-size s in the current colour.
// It reports false for an unknown icon (nothing drawn).
func drawIcon(dc *gg.Context, name string, x, y, s float64) bool {
	lw := math.Max(1, s*0.28)
	stroke := func() {
		dc.SetLineWidth(lw)
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		dc.SetDash()
		dc.Stroke()
	}
	switch name {
	case "fork-knife":
		// fork: three prongs joined, a handle; knife: a blade and a handle
		fx := x - s*0.45
		for _, dx := range []float64{-0.3, 0, 0.3} {
			dc.MoveTo(fx+dx*s, y-s*0.85)
			dc.LineTo(fx+dx*s, y-s*0.3)
		}
		dc.MoveTo(fx-0.3*s, y-s*0.3)
		dc.QuadraticTo(fx, y-s*0.05, fx+0.3*s, y-s*0.3)
		dc.MoveTo(fx, y-s*0.15)
		dc.LineTo(fx, y+s*0.85)
		kx := x + s*0.45
		dc.MoveTo(kx, y+s*0.85)
		dc.LineTo(kx, y-s*0.85)
		dc.QuadraticTo(kx+s*0.45, y-s*0.5, kx+s*0.05, y+s*0.05)
		stroke()
	case "glass":
		dc.MoveTo(x-s*0.7, y-s*0.7)
		dc.LineTo(x+s*0.7, y-s*0.7)
		dc.LineTo(x, y+s*0.05)
		dc.ClosePath()
		dc.Fill()
		dc.MoveTo(x, y)
		dc.LineTo(x, y+s*0.75)
		dc.MoveTo(x-s*0.4, y+s*0.8)
		dc.LineTo(x+s*0.4, y+s*0.8)
		stroke()
	case "bag":
		dc.DrawRoundedRectangle(x-s*0.65, y-s*0.35, s*1.3, s*1.15, s*0.12)
		dc.Fill()
		dc.DrawArc(x, y-s*0.35, s*0.35, math.Pi, 2*math.Pi)
		stroke()
	case "bed":
		dc.MoveTo(x-s*0.85, y-s*0.6)
		dc.LineTo(x-s*0.85, y+s*0.7)
		dc.MoveTo(x-s*0.85, y+s*0.25)
		dc.LineTo(x+s*0.85, y+s*0.25)
		dc.LineTo(x+s*0.85, y+s*0.7)
		stroke()
		dc.DrawCircle(x-s*0.45, y-s*0.1, s*0.22)
		dc.Fill()
		dc.DrawRoundedRectangle(x-s*0.15, y-s*0.3, s*1.0, s*0.4, s*0.1)
		dc.Fill()
	case "pump":
		dc.DrawRectangle(x-s*0.6, y-s*0.75, s*0.8, s*1.55)
		dc.Fill()
		dc.MoveTo(x+s*0.2, y-s*0.35)
		dc.LineTo(x+s*0.6, y-s*0.1)
		dc.LineTo(x+s*0.6, y+s*0.5)
		dc.LineTo(x+s*0.85, y+s*0.5)
		dc.LineTo(x+s*0.85, y-s*0.45)
		stroke()
	case "book":
		dc.MoveTo(x, y-s*0.45)
		dc.QuadraticTo(x-s*0.45, y-s*0.75, x-s*0.85, y-s*0.55)
		dc.LineTo(x-s*0.85, y+s*0.65)
		dc.QuadraticTo(x-s*0.45, y+s*0.45, x, y+s*0.75)
		dc.QuadraticTo(x+s*0.45, y+s*0.45, x+s*0.85, y+s*0.65)
		dc.LineTo(x+s*0.85, y-s*0.55)
		dc.QuadraticTo(x+s*0.45, y-s*0.75, x, y-s*0.45)
		dc.ClosePath()
		dc.Fill()
	case "star":
		for i := 0; i < 10; i++ {
			r := s * 0.9
			if i%2 == 1 {
				r = s * 0.38
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			if i == 0 {
				dc.MoveTo(x+r*math.Cos(a), y+r*math.Sin(a))
			} else {
				dc.LineTo(x+r*math.Cos(a), y+r*math.Sin(a))
			}
		}
		dc.ClosePath()
		dc.Fill()
	case "cross":
		w := s * 0.32
		dc.DrawRectangle(x-w, y-s*0.8, 2*w, s*1.6)
		dc.DrawRectangle(x-s*0.8, y-w, s*1.6, 2*w)
		dc.Fill()
	case "envelope":
		dc.DrawRectangle(x-s*0.8, y-s*0.5, s*1.6, s*1.0)
		dc.MoveTo(x-s*0.8, y-s*0.5)
		dc.LineTo(x, y+s*0.1)
		dc.LineTo(x+s*0.8, y-s*0.5)
		dc.SetLineWidth(lw * 0.8)
		dc.SetLineJoinRound()
		dc.SetDash()
		dc.Stroke()
	case "swimmer":
		dc.DrawCircle(x+s*0.4, y-s*0.45, s*0.22)
		dc.Fill()
		dc.MoveTo(x-s*0.7, y-s*0.05)
		dc.LineTo(x+s*0.1, y-s*0.35)
		dc.LineTo(x+s*0.35, y+s*0.05)
		dc.MoveTo(x-s*0.85, y+s*0.5)
		dc.QuadraticTo(x-s*0.45, y+s*0.25, x, y+s*0.5)
		dc.QuadraticTo(x+s*0.45, y+s*0.75, x+s*0.85, y+s*0.5)
		stroke()
	case "bank":
		dc.MoveTo(x-s*0.9, y-s*0.35)
		dc.LineTo(x, y-s*0.85)
		dc.LineTo(x+s*0.9, y-s*0.35)
		dc.ClosePath()
		dc.Fill()
		for _, dx := range []float64{-0.55, 0, 0.55} {
			dc.MoveTo(x+dx*s, y-s*0.2)
			dc.LineTo(x+dx*s, y+s*0.5)
		}
		dc.MoveTo(x-s*0.85, y+s*0.75)
		dc.LineTo(x+s*0.85, y+s*0.75)
		stroke()
	case "bus":
		dc.DrawRoundedRectangle(x-s*0.65, y-s*0.8, s*1.3, s*1.4, s*0.25)
		dc.Fill()
		dc.DrawCircle(x-s*0.4, y+s*0.75, s*0.18)
		dc.DrawCircle(x+s*0.4, y+s*0.75, s*0.18)
		dc.Fill()
	default:
		return false
	}
	return true
}
