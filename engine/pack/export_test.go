package pack

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"waymark/engine/route"
)

// Test hooks for the external tests of this package.

// SpilledAndHeapGraphImage writes the image of the pack's graph of
// profile p from a spilled decoding, every array spilled and at most a
// megabyte of their pages resident (pages are dropped while it is
// written), and returns it with the image Decode and WriteImage make of
// the graph (how an image was written before).
func SpilledAndHeapGraphImage(pack string, p route.Profile) (spilled, heap []byte, err error) {
	pk, err := OpenWith(pack, Options{NoGraphs: true})
	if err != nil {
		return nil, nil, err
	}
	defer pk.Close()
	graphs, err := storedGraphs(pk.db)
	if err != nil {
		return nil, nil, err
	}
	for _, st := range graphs {
		if st.p != p {
			continue
		}
		g, err := decodeGraph(pk.db, p, st.whole, nil)
		if err != nil {
			return nil, nil, err
		}
		g.SetBuildID(pk.Info.BuildID)
		var buf bytes.Buffer
		if err := g.WriteImage(&buf); err != nil {
			return nil, nil, err
		}
		saved := graphSpill
		graphSpill.limit, graphSpill.minSize = 1<<20, 1
		defer func() { graphSpill = saved }()
		if err := writeSpilledGraphImage(pk.db, pack, pk.Info.BuildID, st); err != nil {
			return nil, nil, err
		}
		spilled, err := os.ReadFile(graphImagePath(pack, p))
		return spilled, buf.Bytes(), err
	}
	return nil, nil, fmt.Errorf("no %s graph", p)
}

// QuickCheck makes the quick check Open makes, of the open pack pk.
func QuickCheck(pk *Pack) (*CheckReport, error) {
	return quickCheck(context.Background(), pk.db, pk.Path)
}

// GraphEncoding returns the encoding of the pack's graph of profile p as
// the engine joins it from graph_parts (decompressed when its parts
// are), on the heap.
func GraphEncoding(pk *Pack, p route.Profile) ([]byte, error) {
	return graphParts(pk.db, p, nil)
}

// DecodeStoredGraph reads and decodes the pack's graph of profile p onto
// the heap, as Open does without images.
func DecodeStoredGraph(pk *Pack, p route.Profile) (*route.Graph, error) {
	return decodeGraph(pk.db, p, false, nil)
}
