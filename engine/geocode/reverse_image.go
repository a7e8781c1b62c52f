package geocode

// A reverse index's image (package flat) is its arrays as they are in
// memory: building the index reads ~0.5 M rows with their geometry at LI
// ×64; reading the image is mapping it. The engine keeps the image beside
// the pack, like the nearby index's (nearby_image.go).

import (
	"fmt"
	"io"

	"waymark/engine/boxtree"
	"waymark/engine/flat"
)

// reverseMagic starts a reverse index's image; its last two characters
// are the layout's version: raise it when the layout changes and also
// when what is loaded into the arrays changes (an image of the same pack
// build written by an older program would otherwise be taken as current).
const reverseMagic = "WMRIMG01"

// imageFields lists the index's arrays (but the tree's and the class
// strings) in the image's order.
func (ri *ReverseIndex) imageFields() []flat.Field {
	return []flat.Field{flat.F(&ri.ids), flat.F(&ri.parents), flat.F(&ri.cents), flat.F(&ri.meta),
		flat.F(&ri.geomOff), flat.F(&ri.geom)}
}

// WriteImage writes the index's image, for the pack build buildID.
func (ri *ReverseIndex) WriteImage(w io.Writer, buildID string) error {
	fw := flat.NewWriter(w, reverseMagic)
	fw.String(buildID)
	fw.WriteFields(ri.imageFields())
	fw.Strings(ri.classes)
	ri.tree.WriteImage(fw)
	if err := fw.Close(); err != nil {
		return fmt.Errorf("geocode: write reverse image: %w", err)
	}
	return nil
}

// ReadReverseImage returns the reverse index whose image data holds, and
// the pack build it was written for. The index's arrays are data itself,
// which must stay mapped and unchanged while it is in use. An image that
// is not a whole one of this machine, or whose class numbers, geometry
// offsets or tree do not fit its arrays, is an error wrapping
// flat.ErrImage.
func ReadReverseImage(data []byte) (*ReverseIndex, string, error) {
	r, err := flat.NewReader(data, reverseMagic)
	if err != nil {
		return nil, "", fmt.Errorf("geocode: read reverse image: %w", err)
	}
	buildID := r.String()
	ri := &ReverseIndex{}
	r.ReadFields(ri.imageFields())
	ri.classes = r.Strings()
	if err := r.Err(); err != nil {
		return nil, "", fmt.Errorf("geocode: read reverse image: %w", err)
	}
	if ri.tree, err = boxtree.ReadImage(r); err != nil {
		return nil, "", fmt.Errorf("geocode: read reverse image: %w", err)
	}
	if err := r.Close(); err != nil {
		return nil, "", fmt.Errorf("geocode: read reverse image: %w", err)
	}
	if err := ri.check(); err != nil {
		return nil, "", fmt.Errorf("geocode: read reverse image: %w: %v", flat.ErrImage, err)
	}
	return ri, buildID, nil
}

// check reports arrays that do not fit together, and the values that
// would index past them: class numbers and geometry offsets.
func (ri *ReverseIndex) check() error {
	n := len(ri.ids)
	if len(ri.parents) != n || len(ri.cents) != n || len(ri.meta) != n || len(ri.geomOff) != n+1 || ri.tree.Len() != n {
		return fmt.Errorf("%d places, %d parents, %d centroids, %d metas, %d offsets, %d boxes",
			n, len(ri.parents), len(ri.cents), len(ri.meta), len(ri.geomOff), ri.tree.Len())
	}
	for _, m := range ri.meta {
		if c := revMeta(m).class(); int(c) >= len(ri.classes) {
			return fmt.Errorf("class %d of %d", c, len(ri.classes))
		}
	}
	if ri.geomOff[0] != 0 || ri.geomOff[n] != uint64(len(ri.geom)) {
		return fmt.Errorf("geometry offsets from %d to %d for %d bytes", ri.geomOff[0], ri.geomOff[n], len(ri.geom))
	}
	for i := range n {
		if ri.geomOff[i] > ri.geomOff[i+1] {
			return fmt.Errorf("geometry offsets decrease at %d", i)
		}
	}
	return nil
}
