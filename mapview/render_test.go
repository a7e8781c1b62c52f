package mapview

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/pack"
	"waymark/internal/testpacks"
	"waymark/regions"
)

// Vaduz is the centre of the LI test views.
var liVaduz = orb.Point{9.5215, 47.1405}

// featuresPack opens the pack of the named extract: a full one from
// $WAYMARK_TEST_PACKS, or one holding only the features stage (the other
// stages are not needed to draw), built once per test binary.
func featuresPack(tb testing.TB, name string) *pack.Pack {
	tb.Helper()
	p, err := pack.Open(testpacks.WithStages(tb, name, regions.FeaturesStage()))
	if err != nil {
		tb.Fatalf("open %s pack: %v", name, err)
	}
	tb.Cleanup(func() { p.Close() })
	return p
}

func liPack(tb testing.TB) *pack.Pack { return featuresPack(tb, "liechtenstein") }

func newLIRenderer(tb testing.TB, opts Options) *Renderer {
	tb.Helper()
	r, err := NewRenderer([]*pack.Pack{liPack(tb)}, opts)
	if err != nil {
		tb.Fatalf("NewRenderer: %v", err)
	}
	tb.Cleanup(func() { r.Close() })
	return r
}

// colours counts the distinct colours of img.
func colours(img image.Image) map[color.RGBA]int {
	m := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, a := img.At(x, y).RGBA()
			m[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bb >> 8), uint8(a >> 8)}]++
		}
	}
	return m
}

// hasColour reports whether at least n pixels of img are within tol (per
// channel) of c.
func hasColour(m map[color.RGBA]int, c color.NRGBA, tol, n int) bool {
	cnt := 0
	for k, v := range m {
		if absInt(int(k.R)-int(c.R)) <= tol && absInt(int(k.G)-int(c.G)) <= tol && absInt(int(k.B)-int(c.B)) <= tol {
			cnt += v
		}
	}
	return cnt >= n
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func writePNG(tb testing.TB, name string, img image.Image) {
	dir := os.Getenv("WAYMARK_TILE_DIR")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		tb.Fatal(err)
	}
}

func TestTileVaduzNotBlank(t *testing.T) {
	r := newLIRenderer(t, Options{})
	cases := []struct {
		name  string
		z     int
		size  int
		theme Theme
		minor string   // minor road fill colour that must show
		major []string // main road colours of which one must show
	}{
		{"z15 light 256", 15, 256, ThemeLight, "#ffffff", []string{"#f7fabf", "#fcd6a4"}},
		{"z15 light 512", 15, 512, ThemeLight, "#ffffff", []string{"#f7fabf", "#fcd6a4"}},
		{"z15 dark 256", 15, 256, ThemeDark, "#55575c", []string{"#6f7240", "#80663e"}},
		{"z16 light 256", 16, 256, ThemeLight, "#ffffff", []string{"#f7fabf", "#fcd6a4"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x, y := TileAt(liVaduz, tc.z)
			img, err := r.Tile(context.Background(), tc.z, x, y, tc.size, tc.theme)
			if err != nil {
				t.Fatalf("Tile(%d/%d/%d) error %v", tc.z, x, y, err)
			}
			if got := img.Bounds().Dx(); got != tc.size {
				t.Fatalf("tile width = %d, want %d", got, tc.size)
			}
			m := colours(img)
			if len(m) < 200 {
				t.Errorf("tile has %d distinct colours, want ≥ 200", len(m))
			}
			if c, _ := ParseColor(tc.minor); !hasColour(m, c, 3, 30) {
				t.Errorf("minor road colour %s missing from the tile", tc.minor)
			}
			found := false
			for _, hex := range tc.major {
				c, _ := ParseColor(hex)
				found = found || hasColour(m, c, 3, 30)
			}
			if !found {
				t.Errorf("none of the main road colours %v in the tile", tc.major)
			}
			writePNG(t, "tile-"+tc.name+".png", img)
		})
	}
}

func TestTileErrors(t *testing.T) {
	r := newLIRenderer(t, Options{})
	cases := []struct {
		name          string
		z, x, y, size int
	}{
		{"zoom too high", 20, 0, 0, 256},
		{"negative zoom", -1, 0, 0, 256},
		{"x out of range", 3, 8, 0, 256},
		{"y negative", 3, 0, -1, 256},
		{"odd size", 10, 0, 0, 300},
	}
	if _, err := r.Tile(context.Background(), 10, 0, 0, 256, Theme(7)); !errors.Is(err, ErrTheme) {
		t.Errorf("Tile(theme 7) error = %v, want ErrTheme", err)
	}
	if _, err := r.View(context.Background(), View{Center: liVaduz, Zoom: 12, Width: 0, Height: 10}, 1, ThemeLight); err == nil {
		t.Errorf("View(width 0) = nil error, want one")
	}
	if _, err := r.View(context.Background(), View{Center: liVaduz, Zoom: 12, Width: 10, Height: 10}, 3, ThemeLight); !errors.Is(err, ErrBadSize) {
		t.Errorf("View(scale 3) error = %v, want ErrBadSize", err)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := r.Tile(context.Background(), tc.z, tc.x, tc.y, tc.size, ThemeLight); err == nil {
				t.Errorf("Tile(%d/%d/%d, %d) = nil error, want one", tc.z, tc.x, tc.y, tc.size)
			}
		})
	}
}

// TestWriteViews writes sample views for a human look when WAYMARK_TILE_DIR is set.
func TestWriteViews(t *testing.T) {
	if os.Getenv("WAYMARK_TILE_DIR") == "" {
		t.Skip("set WAYMARK_TILE_DIR to write sample views")
	}
	r := newLIRenderer(t, Options{})
	for _, z := range []float64{9, 11, 13, 14, 15, 16, 17, 18} {
		for _, th := range Themes {
			img, err := r.View(context.Background(), View{Center: liVaduz, Zoom: z, Width: 1024, Height: 700}, 1, th)
			if err != nil {
				t.Fatal(err)
			}
			writePNG(t, "view-"+th.String()+"-z"+itoa(int(z))+".png", img)
		}
	}
}

func itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}

// TestViewMatchesTiles checks that View composes the tiles at the right
// places: at an integer zoom, view pixels equal the tile pixels they show.
func TestViewMatchesTiles(t *testing.T) {
	r := newLIRenderer(t, Options{})
	ctx := context.Background()
	v := View{Center: liVaduz, Zoom: 15, Width: 700, Height: 500}
	img, err := r.View(ctx, v, 1, ThemeLight)
	if err != nil {
		t.Fatal(err)
	}
	ox, oy := v.Origin()
	for _, p := range [][2]int{{0, 0}, {350, 250}, {699, 499}, {123, 456}} {
		wx, wy := ox+float64(p[0]), oy+float64(p[1])
		tx, ty := int(wx)/TileSize, int(wy)/TileSize
		tile, err := r.Tile(ctx, 15, tx, ty, 256, ThemeLight)
		if err != nil {
			t.Fatal(err)
		}
		want := tile.At(int(math.Round(wx))-tx*TileSize, int(math.Round(wy))-ty*TileSize)
		got := img.At(p[0], p[1])
		if got != want {
			// The view rounds its origin to whole pixels: allow one pixel of shift.
			alt := tile.At(int(wx)-tx*TileSize, int(wy)-ty*TileSize)
			if got != alt {
				t.Errorf("view pixel %v = %v, tile %d/%d pixel = %v", p, got, tx, ty, want)
			}
		}
	}
}

// TestSeveralPacks draws from LI and Monaco at once: a Vaduz tile is the
// same as with LI alone (same cache key too), and a Monaco tile is drawn.
func TestSeveralPacks(t *testing.T) {
	li, mc := liPack(t), featuresPack(t, "monaco")
	both, err := NewRenderer([]*pack.Pack{li, mc}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer both.Close()
	one := newLIRenderer(t, Options{})
	ctx := context.Background()
	x, y := TileAt(liVaduz, 14)
	a, err := both.RenderTile(ctx, 14, x, y, 256, ThemeLight)
	if err != nil {
		t.Fatal(err)
	}
	b, err := one.RenderTile(ctx, 14, x, y, 256, ThemeLight)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Errorf("Vaduz tile differs when Monaco is also open")
	}
	if k1, k2 := packsKey(both.packs, 14, x, y), packsKey(one.packs, 14, x, y); k1 != k2 {
		t.Errorf("cache keys differ: %q with both packs, %q with LI", k1, k2)
	}
	mx, my := TileAt(orb.Point{7.4246, 43.7384}, 15)
	m, err := both.RenderTile(ctx, 15, mx, my, 256, ThemeLight)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(colours(m)); n < 200 {
		t.Errorf("Monaco tile has %d colours, want ≥ 200", n)
	}
	sea, _ := ParseColor("#aad3df")
	if !hasColour(colours(m), sea, 2, 500) {
		t.Errorf("Monaco tile shows no sea")
	}
}

// TestLabelsAgreeAcrossTiles checks the label buffer: for random pairs of
// neighbouring tiles, every label one tile places over their shared border
// is placed, at the same spot, by the other.
func TestLabelsAgreeAcrossTiles(t *testing.T) {
	r := newLIRenderer(t, Options{})
	cs := r.styles[ThemeLight]
	seed := int64(7)
	rng := rand.New(rand.NewSource(seed))
	ctx := context.Background()
	type key struct {
		pack int
		id   int64
	}
	world := func(z, x, y int) map[key]box {
		var placed []placedLabel
		if _, err := r.renderRecord(ctx, r.packs, cs, z, x, y, 256, &placed); err != nil {
			t.Fatal(err)
		}
		m := map[key]box{}
		for _, p := range placed {
			ox, oy := float64(x*256), float64(y*256)
			m[key{p.pack, p.id}] = box{p.box.x0 + ox, p.box.y0 + oy, p.box.x1 + ox, p.box.y1 + oy}
		}
		return m
	}
	checked, pairs := 0, 0
	for i := 0; i < 60; i++ {
		z := 13 + rng.Intn(5)
		p := orb.Point{9.50 + rng.Float64()*0.05, 47.12 + rng.Float64()*0.06}
		x, y := TileAt(p, z)
		dx, dy := 1, 0
		if i%2 == 1 {
			dx, dy = 0, 1
		}
		a, b := world(z, x, y), world(z, x+dx, y+dy)
		pairs++
		// The shared border line, in world pixels.
		var border box
		if dx == 1 {
			border = box{float64((x + 1) * 256), float64(y * 256), float64((x+1)*256) + 0.001, float64((y + 1) * 256)}
		} else {
			border = box{float64(x * 256), float64((y + 1) * 256), float64((x + 1) * 256), float64((y+1)*256) + 0.001}
		}
		for _, pair := range [][2]map[key]box{{a, b}, {b, a}} {
			for k, bx := range pair[0] {
				if !bx.meets(border) {
					continue
				}
				checked++
				other, ok := pair[1][k]
				if !ok {
					t.Errorf("seed %d: z%d tiles %d/%d and +%d,+%d: label %v at %v placed by one tile only", seed, z, x, y, dx, dy, k, bx)
					continue
				}
				if math.Abs(other.x0-bx.x0) > 0.01 || math.Abs(other.y0-bx.y0) > 0.01 {
					t.Errorf("seed %d: label %v at %v in one tile, %v in the other", seed, k, bx, other)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatalf("no label crossed the %d borders checked", pairs)
	}
	t.Logf("%d border-crossing labels checked over %d tile pairs", checked, pairs)
}
