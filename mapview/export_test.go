package mapview

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"image/png"
	"testing"

	"github.com/paulmach/orb"

	"waymark/internal/benchstat"
	"waymark/internal/rusage"
)

var liTour = []orb.Point{{9.5209, 47.1410}, {9.5100, 47.1655}, {9.5390, 47.1280}, {9.5020, 47.1200}}

func TestExport(t *testing.T) {
	r := newLIRenderer(t, Options{CacheDir: t.TempDir()})
	routeColour := color.NRGBA{0xe0, 0x10, 0xe0, 0xff}
	cases := []struct {
		name string
		opts ExportOptions
	}{
		{"view", ExportOptions{Width: 800, Height: 600, Center: liVaduz, Zoom: 15,
			Routes: []RouteLine{{Line: orb.LineString{{9.515, 47.135}, {9.525, 47.145}}, Color: routeColour, Width: 6}}}},
		{"tour fitted", ExportOptions{Width: 1024, Height: 768, Stops: liTour,
			Routes:  []RouteLine{{Line: orb.LineString(liTour), Color: routeColour}},
			Markers: []Marker{{Point: liVaduz, Label: "A"}}}},
		{"bound dark", ExportOptions{Width: 640, Height: 480, Theme: ThemeDark,
			Bound:  orb.Bound{Min: orb.Point{9.47, 47.05}, Max: orb.Point{9.64, 47.27}},
			Routes: []RouteLine{{Line: orb.LineString{{9.50, 47.10}, {9.55, 47.20}}, Color: routeColour}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img, err := r.Export(context.Background(), tc.opts)
			if err != nil {
				t.Fatalf("Export error %v", err)
			}
			if b := img.Bounds(); b.Dx() != tc.opts.Width || b.Dy() != tc.opts.Height {
				t.Fatalf("image is %v, want %dx%d", b, tc.opts.Width, tc.opts.Height)
			}
			m := colours(img)
			if !hasColour(m, routeColour, 4, 40) {
				t.Errorf("route colour missing")
			}
			if len(m) < 200 {
				t.Errorf("%d distinct colours, want ≥ 200 (map drawn)", len(m))
			}
			// Attribution: dark text on a light box in the bottom-right corner.
			text := 0
			w, h := tc.opts.Width, tc.opts.Height
			for y := h - 16; y < h; y++ {
				for x := w - 175; x < w; x++ {
					c := img.RGBAAt(x, y)
					if c.R < 0x70 && c.G < 0x70 && c.B < 0x70 {
						text++
					}
				}
			}
			if text < 80 {
				t.Errorf("attribution: %d dark pixels in the corner, want ≥ 80", text)
			}
			var buf bytes.Buffer
			if err := WritePNG(&buf, img); err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(&buf); err != nil {
				t.Fatalf("written PNG does not decode: %v", err)
			}
			writePNG(t, "export-"+tc.name+".png", img)
		})
	}
}

func TestExportErrors(t *testing.T) {
	r := newLIRenderer(t, Options{})
	cases := []struct {
		name string
		opts ExportOptions
	}{
		{"no size", ExportOptions{Center: liVaduz, Zoom: 12}},
		{"huge", ExportOptions{Width: 20000, Height: 10, Center: liVaduz, Zoom: 12}},
		{"nothing to show", ExportOptions{Width: 100, Height: 100}},
		{"zoom too high", ExportOptions{Width: 100, Height: 100, Center: liVaduz, Zoom: 25}},
		{"bad centre", ExportOptions{Width: 100, Height: 100, Center: orb.Point{200, 0}, Zoom: 3}},
		{"inverted bound", ExportOptions{Width: 100, Height: 100, Bound: orb.Bound{Min: orb.Point{10, 48}, Max: orb.Point{9, 47}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := r.Export(context.Background(), tc.opts); !errors.Is(err, ErrExport) {
				t.Errorf("Export error = %v, want ErrExport", err)
			}
		})
	}
}

func BenchmarkExport(b *testing.B) {
	r := newLIRenderer(b, Options{})
	ctx := context.Background()
	opts := ExportOptions{Width: 1024, Height: 768, Stops: liTour, Routes: []RouteLine{{Line: orb.LineString(liTour)}}}
	b.ReportAllocs()
	b.ResetTimer()
	var lat benchstat.Latencies
	cpu0 := rusage.CPU()
	for i := 0; i < b.N; i++ {
		r.Cache().Purge()
		var err error
		lat.Time(func() { _, err = r.Export(ctx, opts) })
		if err != nil {
			b.Fatal(err)
		}
	}
	lat.Report(b)
	reportCPU(b, cpu0)
}
