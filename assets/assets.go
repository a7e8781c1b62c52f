// Package assets holds Waymark's bundled resources, embedded in the binary:
// the map styles (style/<theme>.json), the label fonts (Noto Sans regular,
// bold and italic, SIL Open Font License, see fonts/LICENSE-NotoSans.txt) and
// the application icon (icon.png).
//
// Design choices: the package only embeds and hands out bytes; parsing and
// validation belong to the code that uses them (mapview parses styles, the
// window decodes the icon), so assets imports nothing but embed. The icon is
// not a downloaded file: TestIcon in this package draws it with a Go program
// and checks icon.png is current (`go test ./assets -update` redraws it).
package assets

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed style/*.json
var styles embed.FS

//go:embed fonts/*.ttf
var fonts embed.FS

//go:embed icon.png
var icon []byte

// ErrNotFound is returned when a named style or font is not bundled.
var ErrNotFound = errors.New("assets: not found")

// Style returns the JSON source of the map style named name ("light", "dark").
func Style(name string) ([]byte, error) {
	b, err := styles.ReadFile("style/" + name + ".json")
	if err != nil {
		return nil, fmt.Errorf("assets: style %q: %w", name, ErrNotFound)
	}
	return b, nil
}

// StyleNames returns the names of the bundled styles, sorted.
func StyleNames() []string {
	entries, _ := fs.ReadDir(styles, "style")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".json"))
	}
	sort.Strings(names)
	return names
}

// Font names of the bundled fonts.
const (
	FontRegular = "NotoSans-Regular"
	FontBold    = "NotoSans-Bold"
	FontItalic  = "NotoSans-Italic"
)

// Font returns the TrueType data of the bundled font named name (FontRegular, ...).
func Font(name string) ([]byte, error) {
	b, err := fonts.ReadFile("fonts/" + name + ".ttf")
	if err != nil {
		return nil, fmt.Errorf("assets: font %q: %w", name, ErrNotFound)
	}
	return b, nil
}

// Icon returns the application icon as PNG data (512×512).
func Icon() []byte { return icon }
