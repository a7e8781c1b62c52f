package pack

// Writing a pack's images ahead of its first open. The images (images.go)
// are otherwise written by the first open of a pack, which then takes as
// long as building them: LI ×64 answered its first autocomplete after
// 2.4 s and was ready after 6 s, LI ×200 after 21 s and 46 s. The importer
// calls WriteImages when it has installed a pack, so the first open maps
// them like any later one.
//
// The importer has a memory budget. Writing the place images (autocomplete,
// nearby, reverse; writePlaceImages) peaked at 137 MiB of RSS at LI ×64
// and 745 at LI ×400; now 87 and 420 (internal/imagerun). A routing graph's
// image is ~5× its stored size (LI ×200 walking: 1.57 GB); decoded onto
// the heap to write it, it peaked at 7.4× (LI ×64 walking: 755 MiB for
// 107 MB stored), so graphs over the budget were left to the first open.
// Now each is decoded with its arrays spilled to a file (graphimage.go),
// which takes about the same memory whatever the graph's size: writing
// both graph images in a fresh process peaked at 103-129 MiB of RSS at
// LI ×64 (was 903-907 MiB) and 188-242 MiB at LI ×200 (was 2,600-2,759
// MiB), the heap staying under ~40 MB, in 1.3-1.5× the time (interleaved
// runs: ×64 8.5-9.4 s, was 6.2 s; ×200 29-32 s, was 24 s). A graph is
// left only when the budget is below that.

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime/debug"
)

// spilledGraphMemory is the memory, in bytes, writing a graph's image
// from a spilled decoding takes, whatever the graph: the peak RSS of a
// process writing LI ×200's was 188-242 MiB, ~15 of them the process's
// own (the spilled pages' limit, graphSpill.limit, is overshot by up to
// ~150 MB between two of its checks), with a margin.
const spilledGraphMemory = 320 << 20

// ImagesReport says what WriteImages did.
type ImagesReport struct {
	// Written are the images written, by file name.
	Written []string
	// Left are the graphs left to the first open, each with why.
	Left []string
}

// WriteImages writes the images of the pack at path: its autocomplete,
// nearby and reverse indexes', and its routing graphs' (from spilled
// decodings, one at a time) unless maxMemory is positive and below what
// writing one takes (spilledGraphMemory), whatever their size. A pack
// without a build id (an old format) has no images.
func WriteImages(ctx context.Context, path string, maxMemory int64) (ImagesReport, error) {
	var rep ImagesReport
	pk, err := OpenWith(path, Options{NoGraphs: true})
	if err != nil {
		return rep, err
	}
	defer pk.Close()
	if pk.Info.BuildID == "" || !imagesMapped {
		return rep, nil
	}
	// The graphs first: the place images, mapped once written, add
	// their touched pages to the RSS.
	graphs, err := storedGraphs(pk.db)
	if err != nil {
		return rep, fmt.Errorf("pack: write images: %w", err)
	}
	for _, st := range graphs {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		if maxMemory > 0 && maxMemory < spilledGraphMemory {
			rep.Left = append(rep.Left, fmt.Sprintf("%s graph (writing its image takes ~%d MiB, over the %d MiB the budget allows)", st.p, spilledGraphMemory>>20, maxMemory>>20))
			continue
		}
		if err := writeSpilledGraphImage(pk.db, path, pk.Info.BuildID, st); err != nil {
			return rep, fmt.Errorf("pack: write images: %w", err)
		}
		rep.Written = append(rep.Written, filepath.Base(graphImagePath(path, st.p)))
	}
	if err := writePlaceImages(ctx, pk); err != nil {
		return rep, err
	}
	if err := pk.ImageErr(); err != nil {
		return rep, fmt.Errorf("pack: write images: %w", err)
	}
	for _, img := range []string{completerImagePath(path), nearbyImagePath(path), reverseImagePath(path)} {
		rep.Written = append(rep.Written, filepath.Base(img))
	}
	return rep, nil
}

// writePlaceImages builds the pack's reverse, autocomplete and nearby
// indexes one after the other, each image written (and mapped) before the
// next build starts, and the heap of each build handed back to the system
// before the next. WarmPlaces, as an open does, builds the reverse index
// in the background beside the autocomplete index. LI ×400 (images of
// 344, 360 and 76 MB), peak RSS of a fresh process writing the three:
// 992 MiB with WarmPlaces (1,069 MiB at the end of an import, over its
// budget), 951-1,010 one after the other; with the reverse geometries
// spilled (reverse_index.go) and the autocomplete documents compact
// (autocomplete_load.go), 722-745 MiB (the reverse build's: 689 MiB,
// 430 MB live). Now the reverse image is written from the rows' columns
// in files, never held (geocode's reverse_write.go: 364 MiB, 133 MB
// live); the autocomplete image's documents are written and dropped
// before its index is decoded (WriteCompleterImage: 396 MiB, 234 MB
// live); each build's heap is given back before its image is mapped, and
// the pages the image's checks touched are dropped (places.go, images.go):
// 420 MiB, the images byte-identical. The autocomplete index's arrays are
// now written from the stored form as each is produced, never all held
// (complete.WriteStoredImage: 59-84 MB live where complete.Load's rose
// to 234 MB), its documents found by id through their numbers (4 bytes
// a document, was 16) and the stored index's bytes read only once they
// are written (geocode's autocomplete_parts.go): the autocomplete
// image's step peaks at 147-148 MB live and 273-274 MiB (was 234 MB and
// 394-423 MiB), and the three at 364-368 MiB (was 394-423), now the
// reverse image's. CPU for the three, interleaved pairs: 30.3-30.4 s
// against 28.9-29.1 (before the two-pass read, 28.7-29.5 against
// 30.8-31.9): the same within the busy machine's noise, or ~1 s more.
// What grows with the input is the autocomplete
// documents while their places are read (32 bytes each, with their
// importance, location and numbers 49 bytes; LI ×400 3.0 M), the stored
// index's bytes (27 MB), and the reverse index's boxes and tree.
func writePlaceImages(ctx context.Context, pk *Pack) error {
	if _, err := pk.Places(ctx); err != nil { // starts the reverse build
		return err
	}
	pk.places.rev.wait()
	debug.FreeOSMemory()
	if _, err := pk.Completer(ctx); err != nil {
		return err
	}
	debug.FreeOSMemory()
	if _, err := pk.Nearby(ctx); err != nil {
		return err
	}
	debug.FreeOSMemory()
	return nil
}
