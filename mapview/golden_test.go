package mapview

import (
	"context"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden tiles of testdata/golden")

// TestGoldenTile compares a rendered LI tile (Vaduz, z15, light) with
// testdata/golden/vaduz-z15.png (go test -run TestGoldenTile -args -update
// rewrites it). At most 0.1% of the pixels may differ, so a change of the
// style or of the drawing shows while rounding in a library update does not.
func TestGoldenTile(t *testing.T) {
	r := newLIRenderer(t, Options{})
	x, y := TileAt(liVaduz, 15)
	img, err := r.Tile(context.Background(), 15, x, y, 256, ThemeLight)
	if err != nil {
		t.Fatalf("Tile(15/%d/%d) error %v", x, y, err)
	}
	file := filepath.Join("testdata", "golden", "vaduz-z15.png")
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(file)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("%v (go test -run TestGoldenTile -args -update writes it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != want.Bounds() {
		t.Fatalf("tile bounds %v, golden %v", img.Bounds(), want.Bounds())
	}
	diff := differingPixels(img, want)
	if total := img.Bounds().Dx() * img.Bounds().Dy(); diff*1000 > total {
		t.Errorf("Tile(15/%d/%d) differs from %s in %d of %d pixels (go test -run TestGoldenTile -args -update rewrites it)", x, y, file, diff, total)
	}
}

func differingPixels(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, aa := a.At(x, y).RGBA()
			br, bg, bb, ba := b.At(x, y).RGBA()
			if ar != br || ag != bg || ab != bb || aa != ba {
				n++
			}
		}
	}
	return n
}
