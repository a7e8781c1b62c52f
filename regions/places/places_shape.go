package places

import (
	"fmt"
	"unsafe"

	"github.com/paulmach/orb"

	"waymark/engine/geocode/placegeom"
)

// shape is a place's geometry while the places stage runs, as the blob
// the pack stores (package placegeom: E7 varint deltas, WKB when a
// coordinate is not an E7 integer), which gives back the float64 points
// bit for bit. A street's points took 16 bytes each as an
// orb.LineString and take 3-5 here: at LI ×16, 13 MB of geometry in
// the stage's peak become 3.4 MB. Steps that read a geometry decode it
// (geometry); those that read one often keep it decoded while they need
// it (the prepared areas, the street index's last street). A string, not
// a []byte: 16 bytes in the place, not 24.
type shape string

// newShape returns the shape of g.
func newShape(g orb.Geometry) (shape, error) {
	blob, err := placegeom.Append(nil, g)
	if err != nil {
		return "", fmt.Errorf("regions: place geometry: %w", err)
	}
	return shape(blob), nil
}

// mustShape is newShape for geometries that always encode (points and
// the importer's own areas); it panics otherwise.
func mustShape(g orb.Geometry) shape {
	s, err := newShape(g)
	if err != nil {
		panic(err)
	}
	return s
}

// geometry decodes s. A shape is made by newShape, so decoding cannot
// fail; an empty shape is a nil geometry.
func (s shape) geometry() orb.Geometry {
	if s == "" {
		return nil
	}
	// Decode neither keeps nor changes the bytes.
	g, err := placegeom.Decode(unsafe.Slice(unsafe.StringData(string(s)), len(s)))
	if err != nil {
		panic(fmt.Sprintf("regions: place geometry: %v", err))
	}
	return g
}
