//go:build gui

package main

// The end-to-end window test: the real binary under Xvfb, driven by its
// scripted demo, judged from its screenshots. It runs only with
// WAYMARK_E2E=1 (make test sets it); it needs xvfb-run and ImageMagick.
//
//	WAYMARK_E2E=1 go test -tags sqlite_fts5 -run TestWindowE2E ./app
//
// WAYMARK_BIN=bin/waymark (as make test-e2e sets it) reuses a built binary
// instead of building one;
// WAYMARK_UPDATE_SCREENSHOTS=1 copies the screenshots to docs/screenshots
// for the README.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"waymark/assets"
	"waymark/internal/testpacks"
	"waymark/ui"
)

// Window layout the assertions expect (1280×800 screen, ui's sidebar).
const (
	e2eScreenW, e2eScreenH = 1280, 800
	e2eSidebarRight        = 452 // the map starts right of this x
)

func TestWindowE2E(t *testing.T) {
	pack, bin, tmp := e2eSetup(t, "import")
	shots := filepath.Join(tmp, "shots")
	home := filepath.Join(tmp, "home")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xvfb-run", "-a", "-s", fmt.Sprintf("-screen 0 %dx%dx24", e2eScreenW, e2eScreenH),
		bin, "-demo=tour", "-demo-out="+shots, pack)
	cmd.Env = append(os.Environ(),
		"LANG=C.UTF-8", "LANGUAGE=en_US", "GSETTINGS_BACKEND=memory", "FYNE_THEME=light", "FYNE_SCALE=1",
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local/share"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("waymark -demo=tour: %v\n%s", err, e2eTail(out, 40))
	}
	t.Logf("demo ran in %s", time.Since(start).Round(time.Millisecond))

	pins := map[string]color.NRGBA{"result pin": {0xea, 0x43, 0x35, 0xff}, "pin outline": {0xa5, 0x27, 0x14, 0xff}}
	tests := []struct {
		file string
		dark bool // the dark look: light text on dark panels, the dark map style
		// colours that must appear on the map: overlays of the scene
		overlays map[string]color.NRGBA
	}{
		{"search.png", false, pins},
		{"search-dark.png", true, pins},
		// "Vadutz" + Enter (the demo fails if it finds nothing): the place's pin.
		{"vadutz.png", false, map[string]color.NRGBA{"pin outline": {0xa5, 0x27, 0x14, 0xff}}},
		{"tour.png", false, map[string]color.NRGBA{"route": {0x1a, 0x73, 0xe8, 0xff}, "start stop": {0x18, 0x80, 0x38, 0xff}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			style, ink := "light", e2eCountDarker
			if tt.dark {
				style, ink = "dark", e2eCountLighter
			}
			roads := e2eRoadColors(t, style)
			img := e2eReadPNG(t, filepath.Join(shots, tt.file))
			if b := img.Bounds(); b.Dx() != e2eScreenW || b.Dy() != e2eScreenH {
				t.Fatalf("screenshot is %v, want %dx%d", b, e2eScreenW, e2eScreenH)
			}
			mapArea := image.Rect(e2eSidebarRight+8, 60, e2eScreenW-60, e2eScreenH-30)
			if n := e2eDistinctColors(img, mapArea); n < 500 {
				t.Errorf("map area has %d distinct colours, want ≥ 500 (a drawn map, not a blank one)", n)
			}
			found := 0
			for _, c := range roads {
				if e2eCountNear(img, mapArea, c, 6) >= 30 {
					found++
				}
			}
			if found == 0 {
				t.Errorf("no road colour of the style (%v) on the map", roads)
			}
			for name, c := range tt.overlays {
				if n := e2eCountNear(img, mapArea, c, 12); n < 20 {
					t.Errorf("%s colour %v: %d pixels on the map, want ≥ 20", name, c, n)
				}
			}
			// The sidebar is the panel: mostly its plain background, not map.
			side := image.Rect(90, 250, e2eSidebarRight-20, 700)
			if share := e2eDominantShare(img, side); share < 0.6 {
				t.Errorf("sidebar region is %.0f%% one colour, want ≥ 60%% (the panel background)", share*100)
			}
			if bg := e2eDominant(img, side); e2eIsDark(bg) != tt.dark {
				t.Errorf("sidebar background %v, want a dark one %v", bg, tt.dark)
			}
			// The sidebar lists text (results, stops and steps).
			if n := ink(img, image.Rect(95, 100, e2eSidebarRight-20, 600), 128); n < 1500 {
				t.Errorf("sidebar has %d text pixels, want the listed results or stops", n)
			}
			// The attribution sits in the bottom-right corner: text on a box of the panel colour.
			attr := image.Rect(e2eScreenW-190, e2eScreenH-20, e2eScreenW-4, e2eScreenH-2)
			if n := ink(img, attr, 110); n < 30 {
				t.Errorf("attribution corner has %d text pixels, want the © OpenStreetMap text", n)
			}
			// The zoom buttons, top right (under the menu bar).
			zoom := image.Rect(e2eScreenW-50, 8, e2eScreenW-4, 130)
			if n := ink(img, zoom, 150); n < 20 {
				t.Errorf("zoom buttons corner has %d icon pixels, want the + and − icons", n)
			}
			if os.Getenv("WAYMARK_UPDATE_SCREENSHOTS") == "1" && !t.Failed() {
				e2eCopyFile(t, filepath.Join(shots, tt.file), filepath.Join(e2eRepoRoot(), "docs", "screenshots", tt.file))
			}
		})
	}
}

// e2eRoadColors returns the fill colours of the main road classes of a style.
func e2eRoadColors(t *testing.T, style string) []color.NRGBA {
	b, err := assets.Style(style)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Roads struct {
			Classes []struct {
				Classes []string `json:"classes"`
				Color   string   `json:"color"`
			} `json:"classes"`
		} `json:"roads"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	var out []color.NRGBA
	for _, c := range st.Roads.Classes {
		switch c.Classes[0] {
		case "primary", "secondary", "trunk", "motorway":
			var r, g, bl uint8
			if _, err := fmt.Sscanf(strings.TrimPrefix(c.Color, "#"), "%02x%02x%02x", &r, &g, &bl); err == nil {
				out = append(out, color.NRGBA{r, g, bl, 0xff})
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no main road colours in the %s style", style)
	}
	return out
}

func e2eReadPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("screenshot missing: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return img
}

func e2eRGB(c color.Color) (r, g, b int) {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return int(n.R), int(n.G), int(n.B)
}

func e2eDistinctColors(img image.Image, r image.Rectangle) int {
	seen := map[[3]int]bool{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b, c := e2eRGB(img.At(x, y))
			seen[[3]int{a, b, c}] = true
		}
	}
	return len(seen)
}

// e2eDominantShare is the share of r's pixels that have its most common colour.
func e2eDominantShare(img image.Image, r image.Rectangle) float64 {
	count := map[[3]int]int{}
	best := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b, c := e2eRGB(img.At(x, y))
			k := [3]int{a, b, c}
			count[k]++
			best = max(best, count[k])
		}
	}
	return float64(best) / float64(r.Dx()*r.Dy())
}

func e2eCountNear(img image.Image, r image.Rectangle, want color.NRGBA, tol int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b, c := e2eRGB(img.At(x, y))
			if e2eAbs(a-int(want.R)) <= tol && e2eAbs(b-int(want.G)) <= tol && e2eAbs(c-int(want.B)) <= tol {
				n++
			}
		}
	}
	return n
}

func e2eCountDarker(img image.Image, r image.Rectangle, lum int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b, c := e2eRGB(img.At(x, y))
			if (a*299+b*587+c*114)/1000 < lum {
				n++
			}
		}
	}
	return n
}

func e2eCountLighter(img image.Image, r image.Rectangle, lum int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b, c := e2eRGB(img.At(x, y))
			if (a*299+b*587+c*114)/1000 > 255-lum {
				n++
			}
		}
	}
	return n
}

// e2eDominant is r's most common colour.
func e2eDominant(img image.Image, r image.Rectangle) color.NRGBA {
	count := map[color.NRGBA]int{}
	var best color.NRGBA
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b, c := e2eRGB(img.At(x, y))
			k := color.NRGBA{uint8(a), uint8(b), uint8(c), 0xff}
			count[k]++
			if count[k] > count[best] {
				best = k
			}
		}
	}
	return best
}

func e2eIsDark(c color.NRGBA) bool { return (int(c.R)*299+int(c.G)*587+int(c.B)*114)/1000 < 128 }

func e2eAbs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func e2eTail(b []byte, lines int) string {
	ls := strings.Split(string(bytes.TrimSpace(b)), "\n")
	if len(ls) > lines {
		ls = ls[len(ls)-lines:]
	}
	return strings.Join(ls, "\n")
}

func e2eRepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

func e2eCopyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("updated %s", to)
}

// TestWindowE2ELongTour runs the "longtour" demo on a 1024×640 screen: a
// 30-stop tour with an 80-character stop name, opened from a GeoJSON file.
// From the widgets' positions the demo wrote, every control of the tour
// panel lies inside the panel, left of the map; the screenshot shows the
// panel, the map and the route.
func TestWindowE2ELongTour(t *testing.T) {
	const screenW, screenH = 1024, 640
	shots, out := e2eRunDemo(t, "longtour", screenW, screenH)
	t.Logf("%s", e2eTail(out, 5))
	b, err := os.ReadFile(filepath.Join(shots, "tour-long-layout.json"))
	if err != nil {
		t.Fatalf("the demo wrote no layout: %v", err)
	}
	var l ui.PanelLayout
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	if l.Window.X1 != screenW || l.Window.Y1 != screenH {
		t.Errorf("window %v, want %dx%d", l.Window, screenW, screenH)
	}
	buttons, stops := 0, 0
	for _, c := range l.Controls {
		if !l.Panel.Holds(ui.Rect{X0: c.Rect.X0, Y0: max(c.Rect.Y0, l.Panel.Y0), X1: c.Rect.X1, Y1: min(c.Rect.Y1, l.Panel.Y1)}) {
			t.Errorf("%s (%s) at %v lies outside the tour panel %v", c.Name, c.Kind, c.Rect, l.Panel)
		}
		if c.Rect.X1 > l.Map.X0+0.5 {
			t.Errorf("%s (%s) at %v reaches under the map (x %.0f)", c.Name, c.Kind, c.Rect, l.Map.X0)
		}
		if strings.Contains(c.Kind, "Button") {
			buttons++
		}
		if strings.HasSuffix(c.Name, " remove") {
			stops++
		}
	}
	if stops != 30 || buttons < 30*3+8 {
		t.Errorf("%d stop rows and %d buttons measured, want 30 rows and their 90 buttons and the panel's", stops, buttons)
	}
	for _, p := range l.Problems() {
		t.Error(p)
	}
	img := e2eReadPNG(t, filepath.Join(shots, "tour-long.png"))
	if bd := img.Bounds(); bd.Dx() != screenW || bd.Dy() != screenH {
		t.Fatalf("screenshot is %v, want %dx%d", bd, screenW, screenH)
	}
	mapArea := image.Rect(int(l.Map.X0)+8, 60, screenW-60, screenH-30)
	if n := e2eCountNear(img, mapArea, color.NRGBA{0x1a, 0x73, 0xe8, 0xff}, 12); n < 200 {
		t.Errorf("route colour: %d pixels on the map, want ≥ 200", n)
	}
	if dark := e2eCountDarker(img, image.Rect(int(l.Panel.X0)+4, 100, int(l.Panel.X1)-4, 500), 128); dark < 1500 {
		t.Errorf("the panel has %d dark pixels, want the listed stops", dark)
	}
	if os.Getenv("WAYMARK_UPDATE_SCREENSHOTS") == "1" && !t.Failed() {
		e2eCopyFile(t, filepath.Join(shots, "tour-long.png"), filepath.Join(e2eRepoRoot(), "docs", "screenshots", "tour-long.png"))
	}
}

// e2eRunDemo runs the binary's demo under Xvfb on a screen of w×h with a
// fresh home folder and returns the screenshots' folder and the output.
func e2eRunDemo(t *testing.T, demo string, w, h int) (string, []byte) {
	t.Helper()
	pack, bin, tmp := e2eSetup(t, "import")
	shots := filepath.Join(tmp, "shots")
	home := filepath.Join(tmp, "home")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xvfb-run", "-a", "-s", fmt.Sprintf("-screen 0 %dx%dx24", w, h),
		bin, "-demo="+demo, "-demo-out="+shots, pack)
	cmd.Env = append(os.Environ(),
		"LANG=C.UTF-8", "LANGUAGE=en_US", "GSETTINGS_BACKEND=memory", "FYNE_THEME=light", "FYNE_SCALE=1",
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local/share"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("waymark -demo=%s: %v\n%s", demo, err, e2eTail(out, 40))
	}
	t.Logf("demo %s ran in %s", demo, time.Since(start).Round(time.Millisecond))
	return shots, out
}

// e2eSetup skips unless WAYMARK_E2E=1, checks that xvfb-run and tool are
// installed, and returns the LI pack, the window's program ($WAYMARK_BIN,
// else built into tmp) and a temporary directory.
func e2eSetup(t *testing.T, tool string) (pack, bin, tmp string) {
	t.Helper()
	if os.Getenv("WAYMARK_E2E") != "1" {
		t.Skip("set WAYMARK_E2E=1 to run the window end to end under Xvfb")
	}
	for _, tool := range []string{"xvfb-run", tool} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed (make deps installs it): %v", tool, err)
		}
	}
	pack = testpacks.Path(t, "liechtenstein")
	tmp = t.TempDir()
	bin = os.Getenv("WAYMARK_BIN")
	if bin == "" {
		bin = filepath.Join(tmp, "waymark")
		build := exec.Command("go", "build", "-tags", "sqlite_fts5,gui", "-o", bin, ".")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	} else if abs, err := filepath.Abs(bin); err == nil {
		bin = abs
	}
	return pack, bin, tmp
}
