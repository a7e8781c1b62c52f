//go:build gui

package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
)

// TestWindowE2ECycling runs the "cycling" demo on a 1280×800 screen: a
// four-stop tour by bike avoiding ferries built through the panel, then
// an isochrone of 10 and 20 minutes around Triesenberg, in the light and
// the dark look. The screenshots show the route, and the contours'
// colours in the map and in the legend.
//
//	WAYMARK_E2E=1 go test -tags sqlite_fts5,gui -run TestWindowE2ECycling ./app
func TestWindowE2ECycling(t *testing.T) {
	shots, out := e2eRunDemo(t, "cycling", e2eScreenW, e2eScreenH)
	t.Logf("%s", e2eTail(out, 5))
	mapArea := image.Rect(e2eSidebarRight+8, 30, e2eScreenW-60, e2eScreenH-30)
	green, yellow := color.NRGBA{0x1e, 0xa4, 0x4a, 0xff}, color.NRGBA{0xf2, 0xb4, 0x00, 0xff}
	tests := []struct {
		file string
		want map[string]color.NRGBA
	}{
		{"cycling-tour.png", map[string]color.NRGBA{"route": {0x1a, 0x73, 0xe8, 0xff}, "start stop": {0x18, 0x80, 0x38, 0xff}}},
		// the legend's swatches are outlined in the contours' own colours
		{"isochrone.png", map[string]color.NRGBA{"10 min": green, "20 min": yellow}},
		{"isochrone-dark.png", map[string]color.NRGBA{"10 min": green, "20 min": yellow}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			img := e2eReadPNG(t, filepath.Join(shots, tt.file))
			if b := img.Bounds(); b.Dx() != e2eScreenW || b.Dy() != e2eScreenH {
				t.Fatalf("screenshot is %v, want %dx%d", b, e2eScreenW, e2eScreenH)
			}
			if n := e2eDistinctColors(img, mapArea); n < 500 {
				t.Errorf("map area has %d distinct colours, want ≥ 500", n)
			}
			for name, c := range tt.want {
				if n := e2eCountNear(img, mapArea, c, 14); n < 20 {
					t.Errorf("%s colour %v: %d pixels on the map, want ≥ 20", name, c, n)
				}
			}
			if os.Getenv("WAYMARK_UPDATE_SCREENSHOTS") == "1" && !t.Failed() {
				e2eCopyFile(t, filepath.Join(shots, tt.file), filepath.Join(e2eRepoRoot(), "docs", "screenshots", tt.file))
			}
		})
	}
}
