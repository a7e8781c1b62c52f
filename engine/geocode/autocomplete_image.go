package geocode

// A completer's image (package flat) is what loading it from a pack
// produces: its documents, their string table and the complete index's
// arrays. Loading from a pack reads every place row and decodes the
// stored index (LI ×64: ~1.5 s before the first keystroke is answered);
// reading an image is mapping it. The engine keeps the image beside the
// pack, named for the pack's build (ReadCompleterImage returns the build
// it was written for).
//
// Layout: flat's header with completerMagic, the build id, the layout of
// acDoc (field names, types and offsets: an image of another layout is
// refused rather than misread), then the arrays: documents, string bytes
// and offsets, and the index's (complete.Index.WriteImage).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"waymark/engine/flat"
	"waymark/engine/geocode/complete"
)

// completerMagic starts a completer's image; its last two characters are
// the layout's version: raise it when the layout changes and also when what is
// loaded into the arrays changes (an image of the same pack build written
// by an older program would otherwise be taken as current).
const completerMagic = "WMCIMG03"

// docLayout describes acDoc's memory layout.
func docLayout() string {
	t := reflect.TypeFor[acDoc]()
	var b strings.Builder
	fmt.Fprintf(&b, "%d", t.Size())
	for i := range t.NumField() {
		f := t.Field(i)
		fmt.Fprintf(&b, " %s:%s@%d", f.Name, f.Type, f.Offset)
	}
	return b.String()
}

// WriteImage writes the completer's image, for the pack build buildID.
func (c *Completer) WriteImage(w io.Writer, buildID string) error {
	fw := flat.NewWriter(w, completerMagic)
	fw.String(buildID)
	fw.String(docLayout())
	flat.WriteArray(fw, c.docs)
	fw.Strings(c.strs)
	c.cx.WriteImage(fw)
	if err := fw.Close(); err != nil {
		return fmt.Errorf("geocode: write autocomplete image: %w", err)
	}
	return nil
}

// ErrNoStoredIndex is returned (wrapped) by WriteCompleterImage for a
// pack that stores no autocomplete index (an old format): its completer
// is built in memory (NewCompleter) and its image written from there.
var ErrNoStoredIndex = errors.New("geocode: no stored autocomplete index")

// WriteCompleterImage writes the image of the completer of ix's pack
// (what NewCompleter's completer writes, WriteImage) to w, for the pack
// build buildID, from the pack's stored index: the documents are written
// first and dropped before the index is decoded, where NewCompleter held
// them throughout (LI ×400: 96 MB of a 324 MB live heap at its peak).
// The index's arrays are then written from the stored form as each is
// produced (complete.WriteStoredImage), not decoded and derived whole
// (complete.Load) and then written: LI ×400, a fresh process
// (internal/imagerun), the step's live heap peaked at 234 MB with RSS
// 394-423 MiB; now the index part holds 59-84 MB and the step peaks
// while reading the documents (readStoredDocs, which holds neither the
// index's bytes, read after, readStoredIndex, nor 16-byte id pairs), at
// 147-148 MB and 273-274 MiB, in about the same CPU (pack/prepare.go).
// The image is the same, byte for byte (TestStreamedImages,
// TestCompleterImageAcrossParts; its md5 at LI ×400).
func WriteCompleterImage(ctx context.Context, ix *Index, w io.Writer, buildID string) error {
	var stored int
	if err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = 'autocomplete'`).Scan(&stored); err != nil {
		return fmt.Errorf("geocode: write autocomplete image: %w", err)
	}
	if stored == 0 {
		return fmt.Errorf("geocode: write autocomplete image: %w", ErrNoStoredIndex)
	}
	sd, err := readStoredDocs(ctx, ix)
	if err != nil {
		return err
	}
	fw := flat.NewWriter(w, completerMagic)
	fw.String(buildID)
	fw.String(docLayout())
	flat.WriteArray(fw, sd.docs)
	fw.Strings(sd.strs)
	indexAt, imp, lon, lat, preferred := sd.indexAt, sd.imp, sd.lon, sd.lat, sd.preferred
	sd = nil // the documents: written
	index, err := readStoredIndex(ctx, ix, indexAt)
	if err != nil {
		return err
	}
	if err := complete.WriteStoredImage(fw, index, imp, lon, lat, preferred); err != nil {
		return fmt.Errorf("geocode: write autocomplete image: %w", err)
	}
	if err := fw.Close(); err != nil {
		return fmt.Errorf("geocode: write autocomplete image: %w", err)
	}
	return nil
}

// ReadCompleterImage returns the completer of ix's pack whose image data
// holds, and the pack build it was written for. The completer's arrays
// are data itself, which must stay mapped and unchanged while it is in
// use. An image that is not a whole one of this layout and machine is an
// error wrapping flat.ErrImage.
func ReadCompleterImage(data []byte, ix *Index) (*Completer, string, error) {
	r, err := flat.NewReader(data, completerMagic)
	if err != nil {
		return nil, "", fmt.Errorf("geocode: read autocomplete image: %w", err)
	}
	buildID := r.String()
	if layout := r.String(); r.Err() == nil && layout != docLayout() {
		return nil, "", fmt.Errorf("geocode: read autocomplete image: %w: documents of layout %q, not %q", flat.ErrImage, layout, docLayout())
	}
	c := &Completer{ix: ix}
	flat.ReadArray(r, &c.docs)
	c.strs = r.Strings()
	if err := r.Err(); err != nil {
		return nil, "", fmt.Errorf("geocode: read autocomplete image: %w", err)
	}
	if c.cx, err = complete.ReadImage(r); err != nil {
		return nil, "", fmt.Errorf("geocode: read autocomplete image: %w", err)
	}
	if err := r.Close(); err != nil {
		return nil, "", fmt.Errorf("geocode: read autocomplete image: %w", err)
	}
	if c.cx.Len() != len(c.docs) {
		return nil, "", fmt.Errorf("geocode: read autocomplete image: %w: %d documents, index of %d", flat.ErrImage, len(c.docs), c.cx.Len())
	}
	for _, d := range c.docs {
		if max(d.class, d.typ, d.linked, d.country) >= uint32(len(c.strs)) {
			return nil, "", fmt.Errorf("geocode: read autocomplete image: %w: string %d of %d", flat.ErrImage, max(d.class, d.typ, d.linked, d.country), len(c.strs))
		}
	}
	return c, buildID, nil
}
