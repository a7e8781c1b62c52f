package engine

// Writing a pack's images ahead of its first open. The images (images.go)
// are otherwise written by the first open of a pack, which then takes as
// long as building them: LI ×64 answered its first autocomplete after
// 2.4 s and was ready after 6 s, LI ×200 after 21 s and 46 s. The importer
// calls WriteImages when it has installed a pack, so the first open maps
// them like any later one.
//
// The importer has a memory budget. Building the place indexes (autocomplete,
// nearby, reverse) peaks at 222 MiB of RSS at LI ×64. A routing graph is
// decoded onto the heap before its image is written: its image is ~5× its
// stored size (LI ×200 walking: 1.57 GB), and the decoding's peak RSS was
// 7.4× (LI ×64 walking: 755 MiB for 107 MB stored; live heap 612 MB, of
// which ~110 MB the derived indexes' building). So graphs are decoded one
// at a time, and a graph whose decoding would take more than the budget is
// left to the first open, which decodes it as before.

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime/debug"
)

// graphMemoryFactor is the peak RSS of a graph's decoding, in multiples
// of its stored size (measured: 7.4× at LI ×64, with the import's GC
// settings).
const graphMemoryFactor = 7.5

// ImagesReport says what WriteImages did.
type ImagesReport struct {
	// Written are the images written, by file name.
	Written []string
	// Left are the graphs left to the first open, each with why.
	Left []string
}

// WriteImages writes the images of the pack at path: its autocomplete,
// nearby and reverse indexes', and its routing graphs' whose decoding
// takes at most maxMemory bytes (all of them when maxMemory <= 0). A pack
// without a build id (an old format) has no images.
func WriteImages(ctx context.Context, path string, maxMemory int64) (ImagesReport, error) {
	var rep ImagesReport
	pk, err := OpenPackWith(path, PackOptions{NoGraphs: true})
	if err != nil {
		return rep, err
	}
	e := &Engine{packs: []*Pack{pk}}
	defer e.Close()
	if pk.Info.BuildID == "" || !imagesMapped {
		return rep, nil
	}
	// The graphs first: their decoding is the peak, and the place
	// images, mapped once written, add their touched pages to the RSS
	// (LI ×200: 931 MiB with the graphs after them).
	graphs, err := storedGraphs(pk.db)
	if err != nil {
		return rep, fmt.Errorf("engine: write images: %w", err)
	}
	for _, st := range graphs {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		size, err := storedSize(pk.db, st)
		if err != nil {
			return rep, fmt.Errorf("engine: write images: %w", err)
		}
		if need := int64(graphMemoryFactor * float64(size)); maxMemory > 0 && need > maxMemory {
			rep.Left = append(rep.Left, fmt.Sprintf("%s graph (decoding takes ~%d MiB, over the %d MiB the budget allows)", st.p, need>>20, maxMemory>>20))
			continue
		}
		if err := writeStoredGraphImage(pk, st); err != nil {
			return rep, fmt.Errorf("engine: write images: %w", err)
		}
		debug.FreeOSMemory() // the decoded graph is garbage: give it back before the next
		rep.Written = append(rep.Written, filepath.Base(graphImagePath(path, st.p)))
	}
	if err := e.WarmPlaces(ctx); err != nil {
		return rep, err
	}
	if err := e.ImageErr(); err != nil {
		return rep, fmt.Errorf("engine: write images: %w", err)
	}
	for _, img := range []string{completerImagePath(path), nearbyImagePath(path), reverseImagePath(path)} {
		rep.Written = append(rep.Written, filepath.Base(img))
	}
	return rep, nil
}

// writeStoredGraphImage decodes a graph of pk and writes its image.
func writeStoredGraphImage(pk *Pack, st storedGraph) error {
	g, err := decodeGraph(pk.db, st.p, st.whole)
	if err != nil {
		return err
	}
	g.SetBuildID(pk.Info.BuildID)
	_, err = writeGraphImage(pk.Path, g)
	return err
}
