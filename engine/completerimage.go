package engine

// The autocomplete index's image (geocode's autocomplete_image.go;
// images.go): loading a pack's autocomplete index reads every place row
// and decodes the stored index (LI ×64: ~1.5 s before the first keystroke
// is answered). The first time, the loaded index's image is written beside
// the pack as NAME.waymark.autocomplete; later opens, by any process, map
// it and answer at once.

import (
	"fmt"
	"io"

	"waymark/engine/geocode"
)

// completerImagePath is where the image of the pack's autocomplete index goes.
func completerImagePath(pack string) string { return pack + ".autocomplete" }

// mappedCompleter returns the autocomplete index of the pack (build
// buildID, geocoding index ix) from its image, or nil when there is no
// image of this build (or it cannot be mapped or read).
func mappedCompleter(pack, buildID string, ix *geocode.Index) *geocode.Completer {
	if buildID == "" {
		return nil
	}
	data, err := mapImage(completerImagePath(pack))
	if err != nil || data == nil {
		return nil
	}
	c, id, err := geocode.ReadCompleterImage(data, ix)
	if err != nil || id != buildID {
		unmapImage(data) // nothing refers to it yet
		return nil
	}
	return c
}

// writeCompleterImage writes c's image beside the pack and returns the
// index mapped from it; on any error it returns c itself and the error.
func writeCompleterImage(pack, buildID string, ix *geocode.Index, c *geocode.Completer) (*geocode.Completer, error) {
	if !imagesMapped || buildID == "" {
		return c, nil
	}
	path := completerImagePath(pack)
	if err := writeImageFile(path, func(w io.Writer) error { return c.WriteImage(w, buildID) }); err != nil {
		return c, fmt.Errorf("write autocomplete image: %w", err)
	}
	if m := mappedCompleter(pack, buildID, ix); m != nil {
		return m, nil
	}
	return c, fmt.Errorf("write autocomplete image: %s does not read back", path)
}
