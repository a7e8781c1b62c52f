package geocode

// A nearby index's image (package flat) is what loading it from a pack
// produces: the places' ids, kinds and importance, the distinct kinds'
// strings, and the point grid's arrays. Loading from a pack reads every
// place row (LI ×64: ~1.5 s before the first nearby request is
// answered); reading an image is mapping it. The engine keeps the image
// beside the pack, like the autocomplete index's (autocomplete_image.go).

import (
	"fmt"
	"io"

	"waymark/engine/flat"
	"waymark/engine/geocode/pointgrid"
)

// nearbyMagic starts a nearby index's image; its last two characters are
// the layout's version: raise it when the layout changes and also when what is
// loaded into the arrays changes (an image of the same pack build written
// by an older program would otherwise be taken as current).
const nearbyMagic = "WMNIMG01"

// WriteImage writes the index's image, for the pack build buildID.
func (n *NearbyIndex) WriteImage(w io.Writer, buildID string) error {
	fw := flat.NewWriter(w, nearbyMagic)
	fw.String(buildID)
	strs := make([]string, 0, 3*len(n.kinds))
	for _, k := range n.kinds {
		strs = append(strs, k.class, k.typ, k.linkedPlace)
	}
	flat.WriteArray(fw, n.ids)
	flat.WriteArray(fw, n.kind)
	flat.WriteArray(fw, n.imp)
	fw.Strings(strs)
	n.grid.WriteImage(fw)
	if err := fw.Close(); err != nil {
		return fmt.Errorf("geocode: write nearby image: %w", err)
	}
	return nil
}

// ReadNearbyImage returns the nearby index of ix's pack whose image data
// holds, and the pack build it was written for. The index's arrays are
// data itself, which must stay mapped and unchanged while it is in use.
// An image that is not a whole one of this machine is an error wrapping
// flat.ErrImage.
func ReadNearbyImage(data []byte, ix *Index) (*NearbyIndex, string, error) {
	r, err := flat.NewReader(data, nearbyMagic)
	if err != nil {
		return nil, "", fmt.Errorf("geocode: read nearby image: %w", err)
	}
	buildID := r.String()
	n := &NearbyIndex{ix: ix}
	flat.ReadArray(r, &n.ids)
	flat.ReadArray(r, &n.kind)
	flat.ReadArray(r, &n.imp)
	strs := r.Strings()
	if err := r.Err(); err != nil {
		return nil, "", fmt.Errorf("geocode: read nearby image: %w", err)
	}
	if len(strs)%3 != 0 {
		return nil, "", fmt.Errorf("geocode: read nearby image: %w: %d kind strings", flat.ErrImage, len(strs))
	}
	for i := 0; i < len(strs); i += 3 {
		n.kinds = append(n.kinds, nearbyKind{strs[i], strs[i+1], strs[i+2]})
	}
	if n.grid, err = pointgrid.ReadImage(r); err != nil {
		return nil, "", fmt.Errorf("geocode: read nearby image: %w", err)
	}
	if err := r.Close(); err != nil {
		return nil, "", fmt.Errorf("geocode: read nearby image: %w", err)
	}
	if len(n.kind) != len(n.ids) || len(n.imp) != len(n.ids) || n.grid.Len() != len(n.ids) {
		return nil, "", fmt.Errorf("geocode: read nearby image: %w: %d places, %d kinds, %d importances, %d points",
			flat.ErrImage, len(n.ids), len(n.kind), len(n.imp), n.grid.Len())
	}
	for _, k := range n.kind {
		if int(k) >= len(n.kinds) {
			return nil, "", fmt.Errorf("geocode: read nearby image: %w: kind %d of %d", flat.ErrImage, k, len(n.kinds))
		}
	}
	return n, buildID, nil
}
