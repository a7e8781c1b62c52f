package mapview

import (
	"fmt"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"waymark/assets"
)

// Label text is drawn from glyph outlines (not bitmaps) so that labels can
// follow lines at any angle and get a halo by stroking the same path.

// glyphPPEM is the size (pixels per em) at which outlines are cached.
const glyphPPEM = 64

type fontStyle int

const (
	fontRegular fontStyle = iota
	fontBold
	fontItalic
)

type segment struct {
	op  sfnt.SegmentOp
	pts [3][2]float64
}

// glyph is a cached outline at glyphPPEM, y down, origin on the baseline.
type glyph struct {
	segs    []segment
	advance float64
}

// fontSet holds the label fonts and a cache of their glyph outlines.
type fontSet struct {
	fonts [3]*sfnt.Font
	mu    sync.RWMutex
	cache map[glyphKey]*glyph
	kerns map[kernKey]float64
	buf   sfnt.Buffer // guarded by mu (write lock)
}

type kernKey struct {
	style fontStyle
	a, b  rune
}

type glyphKey struct {
	style fontStyle
	r     rune
}

func loadFonts() (*fontSet, error) {
	fs := &fontSet{cache: map[glyphKey]*glyph{}, kerns: map[kernKey]float64{}}
	for i, name := range []string{assets.FontRegular, assets.FontBold, assets.FontItalic} {
		b, err := assets.Font(name)
		if err != nil {
			return nil, err
		}
		f, err := sfnt.Parse(b)
		if err != nil {
			return nil, fmt.Errorf("mapview: font %s: %w", name, err)
		}
		fs.fonts[i] = f
	}
	return fs, nil
}

// glyph returns the outline of r in style (the font's notdef glyph when it
// has none for r).
func (fs *fontSet) glyph(style fontStyle, r rune) *glyph {
	k := glyphKey{style, r}
	fs.mu.RLock()
	g := fs.cache[k]
	fs.mu.RUnlock()
	if g != nil {
		return g
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if g = fs.cache[k]; g != nil {
		return g
	}
	f := fs.fonts[style]
	g = &glyph{}
	idx, err := f.GlyphIndex(&fs.buf, r)
	if err == nil {
		ppem := fixed.Int26_6(glyphPPEM << 6)
		if adv, err := f.GlyphAdvance(&fs.buf, idx, ppem, font.HintingNone); err == nil {
			g.advance = float64(adv) / 64
		}
		if segs, err := f.LoadGlyph(&fs.buf, idx, ppem, nil); err == nil {
			for _, s := range segs {
				var sg segment
				sg.op = s.Op
				for j := range s.Args {
					sg.pts[j] = [2]float64{float64(s.Args[j].X) / 64, float64(s.Args[j].Y) / 64}
				}
				g.segs = append(g.segs, sg)
			}
		}
	}
	fs.cache[k] = g
	return g
}

// kern returns the kerning adjustment between a and b at glyphPPEM (0 when
// the font has none).
func (fs *fontSet) kern(style fontStyle, a, b rune) float64 {
	k := kernKey{style, a, b}
	fs.mu.RLock()
	v, ok := fs.kerns[k]
	fs.mu.RUnlock()
	if ok {
		return v
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	f := fs.fonts[style]
	ia, err1 := f.GlyphIndex(&fs.buf, a)
	ib, err2 := f.GlyphIndex(&fs.buf, b)
	if err1 == nil && err2 == nil && ia != 0 && ib != 0 {
		if d, err := f.Kern(&fs.buf, ia, ib, fixed.Int26_6(glyphPPEM<<6), font.HintingNone); err == nil {
			v = float64(d) / 64
		}
	}
	fs.kerns[k] = v
	return v
}

// width returns the advance width of s at size pixels, kerning included.
func (fs *fontSet) width(style fontStyle, s string, size float64) float64 {
	w := 0.0
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += fs.kern(style, prev, r)
		}
		w += fs.glyph(style, r).advance
		prev = r
	}
	return w * size / glyphPPEM
}

// addGlyph adds g's outline to dc's path at size pixels with its baseline
// origin at (x, y), rotated by angle radians.
func addGlyph(dc *gg.Context, g *glyph, x, y, size, angle float64) {
	k := size / glyphPPEM
	sin, cos := math.Sincos(angle)
	tr := func(p [2]float64) (float64, float64) {
		px, py := p[0]*k, p[1]*k
		return x + px*cos - py*sin, y + px*sin + py*cos
	}
	started := false
	for _, s := range g.segs {
		switch s.op {
		case sfnt.SegmentOpMoveTo:
			if started {
				dc.ClosePath()
			}
			dc.MoveTo(tr(s.pts[0]))
			started = true
		case sfnt.SegmentOpLineTo:
			dc.LineTo(tr(s.pts[0]))
		case sfnt.SegmentOpQuadTo:
			x1, y1 := tr(s.pts[0])
			x2, y2 := tr(s.pts[1])
			dc.QuadraticTo(x1, y1, x2, y2)
		case sfnt.SegmentOpCubeTo:
			x1, y1 := tr(s.pts[0])
			x2, y2 := tr(s.pts[1])
			x3, y3 := tr(s.pts[2])
			dc.CubicTo(x1, y1, x2, y2, x3, y3)
		}
	}
	if started {
		dc.ClosePath()
	}
}

// addText adds s horizontally with its baseline starting at (x, y).
func (fs *fontSet) addText(dc *gg.Context, style fontStyle, s string, x, y, size float64) {
	k := size / glyphPPEM
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			x += fs.kern(style, prev, r) * k
		}
		g := fs.glyph(style, r)
		addGlyph(dc, g, x, y, size, 0)
		x += g.advance * k
		prev = r
	}
}
