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

	"waymark/engine/route"
)

// graphImagePath is where the image of the pack's graph of profile p goes.
func graphImagePath(pack string, p route.Profile) string {
	return pack + "." + p.String() + ".graph"
}

// mappedGraph returns the graph of profile p from its image beside the
// pack, or nil when there is no image of this build (or it cannot be
// mapped or read).
func mappedGraph(pack, buildID string, p route.Profile) *route.Graph {
	data, err := mapImage(graphImagePath(pack, p))
	if err != nil || data == nil {
		return nil
	}
	g, err := route.LoadImage(data)
	if err != nil || g.Profile() != p || g.BuildID() != buildID {
		unmapImage(data) // nothing refers to it yet
		return nil
	}
	return g
}

// writeGraphImage writes g's image beside the pack and returns the graph
// mapped from it; on any error it returns g itself and the error.
func writeGraphImage(pack string, g *route.Graph) (*route.Graph, error) {
	if !imagesMapped {
		return g, nil
	}
	path := graphImagePath(pack, g.Profile())
	if err := writeImageFile(path, g.WriteImage); err != nil {
		return g, fmt.Errorf("write graph image: %w", err)
	}
	if m := mappedGraph(pack, g.BuildID(), g.Profile()); m != nil {
		return m, nil
	}
	return g, fmt.Errorf("write graph image: %s does not read back", path)
}
