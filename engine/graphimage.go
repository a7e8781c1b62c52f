package engine

// Graph images (route's image.go; images.go): a pack's routing graphs are
// stored compactly in the pack and must be decoded before they route (LI
// ×64: ~5 s and ~700 MB of heap for both profiles). The first time a pack
// is opened, each decoded graph's image is written beside the pack, as
// NAME.waymark.PROFILE.graph; from then on every process that opens the
// pack maps the image read-only instead: routing is ready at once, the
// graph takes no heap, and processes serving the same pack share its
// pages (the system keeps in memory only what queries touch and may drop
// it again).

import (
	"fmt"
	"io"

	"waymark/engine/route"
)

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
