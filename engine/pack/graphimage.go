package pack

// Graph images (route's image.go; images.go): a pack's routing graphs are
// stored compactly in the pack and must be decoded before they route (LI
// ×64: ~5 s and ~700 MB of heap for both profiles). The importer
// (WriteImages) or else the first open of a pack writes each graph's
// image beside the pack, as NAME.waymark.PROFILE.graph, and maps it;
// from then on every process that opens the
// pack maps the image read-only instead: routing is ready at once, the
// graph takes no heap, and processes serving the same pack share its
// pages (the system keeps in memory only what queries touch and may drop
// it again).
//
// An image is written from a decoding whose arrays are spilled to a
// temporary file beside the pack (package spill; route.DecodeIn) rather
// than made on the heap, so that writing it takes about the same memory
// whatever the graph's size: the decoding onto the heap peaked at ~7.4×
// the graph's stored size (LI ×64 walking: 755 MiB of RSS for 107 MB
// stored), the spilled one at graphSpill.limit plus the heap's small
// arrays and what the limit's checks let through (writing LI ×200's two
// images peaked at ~240 MiB: prepare.go). LI ×400's three, a fresh
// process on a quiet machine (internal/imagerun -graphs -spikelog): the
// graphs' phase sampled at 250–317 MiB and its peak 402, a fault
// mapping a large folio of the arena's file; with the arena advised
// random (spill's randomAdvice) 115–177 and never over 256, for 1.07×
// the images step's CPU (206 s against 192), the faults being smaller.
// The image is the same, byte for byte. The spill file (unlinked, so nothing is left behind) takes
// ~1.5× the image's size while it is written (LI ×200 walking: 2.4 GB
// beside a 1.57 GB image). A first open without images (both graphs
// written at once) was ready after 9.3-10.2 s at a peak RSS of 188-246
// MiB at LI ×64 (decoding onto the heap: 7.1-7.8 s, 1,256-1,438 MiB) and
// after 34.7 s at 394 MiB at LI ×200 (34.1 s, 4,331 MiB). Where the
// pack's directory cannot be written (read-only media) the graph is
// decoded onto the heap, as it is each time then.

import (
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"waymark/engine/route"
	"waymark/engine/spill"
)

// graphSpill is how a graph's spilled decoding uses memory: limit is the
// bytes of its arrays' pages it keeps resident (spill.New) and minSize
// the size from which an array is spilled (0: spill's default; tests
// spill every array).
var graphSpill = struct {
	limit   int64
	minSize int
}{limit: 32 << 20}

// graphImagePath is where the image of the pack's graph of profile p goes.
func graphImagePath(pack string, p route.Profile) string {
	return pack + "." + p.String() + ".graph"
}

// graphImage reads a graph's image, which must be of profile p.
func graphImage(p route.Profile) readImage[*route.Graph] {
	return func(data []byte) (*route.Graph, string, error) {
		g, err := route.LoadImage(data)
		if err != nil {
			return nil, "", err
		}
		if g.Profile() != p {
			return nil, "", fmt.Errorf("%w: image of a %s graph, not %s", route.ErrGraph, g.Profile(), p)
		}
		return g, g.BuildID(), nil
	}
}

// writeGraphImage writes g's image beside the pack and returns the graph
// mapped from it; on any error it returns g itself and the error.
func writeGraphImage(pack string, g *route.Graph) (*route.Graph, error) {
	return cached(graphImagePath(pack, g.Profile()), g.BuildID(), g, func(w io.Writer, _ string) error { return g.WriteImage(w) }, graphImage(g.Profile()))
}

// writeSpilledGraphImage writes the image of the pack's graph st, decoded
// into a spill arena in the pack's directory, and checks that it reads
// back (unmapping it again: the pages reading it touched leave the
// process's resident set with it). On an error no graph was decoded onto
// the heap (the decoded graph lived in the arena, which is gone).
func writeSpilledGraphImage(db *sql.DB, pack, buildID string, st storedGraph) error {
	if !imagesMapped || buildID == "" {
		return fmt.Errorf("write %s graph image: %w", st.p, spill.ErrUnsupported)
	}
	sc, err := spill.New(filepath.Dir(pack), graphSpill.limit)
	if err != nil {
		return fmt.Errorf("write %s graph image: %w", st.p, err)
	}
	defer sc.Close()
	if graphSpill.minSize > 0 {
		sc.SetMinSize(graphSpill.minSize)
	}
	g, err := decodeGraph(db, st.p, st.whole, sc)
	if err != nil {
		return err
	}
	if err := sc.Err(); err != nil {
		// a full disk: arrays went to the heap; the image would not fit
		return fmt.Errorf("write %s graph image: %w", st.p, err)
	}
	g.SetBuildID(buildID)
	path := graphImagePath(pack, st.p)
	if err := writeImageFile(path, g.WriteImage); err != nil {
		return fmt.Errorf("write image %s: %w", filepath.Base(path), err)
	}
	data, err := mapImage(path)
	if err == nil && data == nil {
		err = os.ErrNotExist
	}
	if err == nil {
		_, id, rerr := graphImage(st.p)(data)
		if rerr == nil && id != buildID {
			rerr = fmt.Errorf("build %q, not %q", id, buildID)
		}
		unmapImage(data) // nothing refers to it: the graph read is dropped
		err = rerr
	}
	if err != nil {
		return fmt.Errorf("write image: %s does not read back: %w", path, err)
	}
	return nil
}
