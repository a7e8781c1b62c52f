package complete

import (
	"fmt"

	"waymark/engine/flat"
)

// An index's image is its arrays (package flat): an index read from one
// answers at once, with no decoding and no heap, and processes reading
// the same mapped image share its pages. The caller writes the image's
// header (what it is of) and keeps the image's bytes while the index is
// in use.

// imageFields lists the index's arrays in an image's order.
func (ix *Index) imageFields() []flat.Field {
	return []flat.Field{
		flat.F(&ix.imp), flat.F(&ix.lon), flat.F(&ix.lat),
		flat.F(&ix.words), flat.F(&ix.wordOff), flat.F(&ix.vlen),
		flat.F(&ix.postOff), flat.F(&ix.post),
		flat.F(&ix.wgOff), flat.F(&ix.wg), flat.F(&ix.gdOff), flat.F(&ix.gd),
		flat.F(&ix.triKeys), flat.F(&ix.triOff), flat.F(&ix.triIDs),
		flat.F(&ix.shortKeys), flat.F(&ix.shortOff), flat.F(&ix.shortHits),
		flat.F(&ix.pref), flat.F(&ix.rankOff), flat.F(&ix.rank),
		flat.F(&ix.docOff), flat.F(&ix.docWord),
	}
}

// WriteImage writes the index's arrays to an image.
func (ix *Index) WriteImage(w *flat.Writer) { w.WriteFields(ix.imageFields()) }

// ReadImage returns the index whose arrays WriteImage wrote at r's
// position, as views of r's bytes. Lengths are checked, values are not
// (an image is the engine's own cache of an index it validated).
func ReadImage(r *flat.Reader) (*Index, error) {
	ix := &Index{}
	r.ReadFields(ix.imageFields())
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("complete: read image: %w", err)
	}
	n, v := len(ix.imp), len(ix.wordOff)-1
	ok := len(ix.lon) == n && len(ix.lat) == n && v >= 0 && len(ix.vlen) == v &&
		tableOK(ix.wordOff, len(ix.words)) && len(ix.postOff) == v+1 && tableOK(ix.postOff, len(ix.post)) &&
		len(ix.wgOff) == v+1 && tableOK(ix.wgOff, len(ix.wg)) && tableOK(ix.gdOff, len(ix.gd)) &&
		len(ix.triOff) == len(ix.triKeys)+1 && tableOK(ix.triOff, len(ix.triIDs)) &&
		len(ix.shortOff) == len(ix.shortKeys)+1 && tableOK(ix.shortOff, len(ix.shortHits)) &&
		(len(ix.pref) == 0 || len(ix.pref) == (n+63)/64) && len(ix.rankOff) == v+1 && tableOK(ix.rankOff, len(ix.rank)) &&
		len(ix.docOff) == n+1 && tableOK(ix.docOff, len(ix.docWord))
	if !ok {
		return nil, fmt.Errorf("complete: read image: %w: array lengths do not fit", flat.ErrImage)
	}
	return ix, nil
}

// tableOK reports whether off is a list of ascending offsets, from 0, of
// a list of n values.
func tableOK(off []uint32, n int) bool {
	if len(off) == 0 || off[0] != 0 || int(off[len(off)-1]) != n {
		return false
	}
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] {
			return false
		}
	}
	return true
}
