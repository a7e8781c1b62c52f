package assets

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"math"
	"os"
	"testing"

	"github.com/fogleman/gg"
)

var update = flag.Bool("update", false, "redraw icon.png")

// drawIcon draws the application icon: a rounded map tile (land, a river, a
// forest, a main road with casing) with a red waymark pin.
func drawIcon(size int) image.Image {
	s := float64(size)
	dc := gg.NewContext(size, size)
	u := s / 512
	dc.DrawRoundedRectangle(16*u, 16*u, 480*u, 480*u, 96*u)
	dc.Clip()
	dc.SetHexColor("#f2efe9")
	dc.DrawRectangle(0, 0, s, s)
	dc.Fill()
	// forest
	dc.SetHexColor("#add19e")
	dc.MoveTo(0, 0)
	dc.LineTo(260*u, 0)
	dc.CubicTo(230*u, 90*u, 150*u, 140*u, 0, 170*u)
	dc.ClosePath()
	dc.Fill()
	// river
	dc.SetHexColor("#aad3df")
	dc.SetLineWidth(46 * u)
	dc.SetLineCapButt()
	dc.MoveTo(330*u, 0)
	dc.CubicTo(300*u, 160*u, 470*u, 260*u, 512*u, 300*u)
	dc.Stroke()
	// main road: casing then fill
	road := func() {
		dc.MoveTo(-10*u, 420*u)
		dc.CubicTo(140*u, 330*u, 250*u, 420*u, 520*u, 250*u)
	}
	dc.SetHexColor("#a06b00")
	dc.SetLineWidth(44 * u)
	road()
	dc.Stroke()
	dc.SetHexColor("#fcd6a4")
	dc.SetLineWidth(34 * u)
	road()
	dc.Stroke()
	// minor road
	dc.SetHexColor("#bbbbbb")
	dc.SetLineWidth(22 * u)
	dc.MoveTo(120*u, 512*u)
	dc.LineTo(190*u, 180*u)
	dc.Stroke()
	dc.SetHexColor("#ffffff")
	dc.SetLineWidth(15 * u)
	dc.MoveTo(120*u, 512*u)
	dc.LineTo(190*u, 180*u)
	dc.Stroke()
	dc.ResetClip()
	// pin: a circle drawn into a point, with a shadow
	cx, cy, r := 256*u, 200*u, 96*u
	pin := func(dx, dy float64) {
		th := math.Acos(r / (170 * u)) // tangent points seen from the centre
		dc.MoveTo(cx+dx, cy+170*u+dy)
		dc.DrawArc(cx+dx, cy+dy, r, math.Pi/2+th, 2*math.Pi+math.Pi/2-th)
		dc.ClosePath()
	}
	dc.SetRGBA(0, 0, 0, 0.25)
	pin(8*u, 10*u)
	dc.Fill()
	dc.SetHexColor("#d9383a")
	pin(0, 0)
	dc.Fill()
	dc.SetHexColor("#9e1f22")
	dc.SetLineWidth(6 * u)
	pin(0, 0)
	dc.Stroke()
	dc.SetHexColor("#ffffff")
	dc.DrawCircle(cx, cy, 38*u)
	dc.Fill()
	return dc.Image()
}

func TestIcon(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, drawIcon(512)); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("icon.png", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	img, err := png.Decode(bytes.NewReader(Icon()))
	if err != nil {
		t.Fatalf("decode icon.png: %v", err)
	}
	if got := img.Bounds().Size(); got != image.Pt(512, 512) {
		t.Fatalf("icon size = %v, want 512x512", got)
	}
	if !bytes.Equal(buf.Bytes(), Icon()) {
		t.Errorf("icon.png is not what drawIcon draws; run go test ./assets -run TestIcon -update")
	}
}
