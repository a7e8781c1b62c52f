package engine

// Graph images (route's image.go): a pack's routing graphs are stored
// compactly in the pack and must be decoded before they route (LI ×64:
// ~5 s and ~700 MB of heap for both profiles). The first time a pack is
// opened, each decoded graph's image is written beside the pack, as
// NAME.waymark.PROFILE.graph; from then on every process that opens the
// pack maps the image read-only instead: routing is ready at once, the
// graph takes no heap, and processes serving the same pack share its
// pages (the system keeps in memory only what queries touch and may drop
// it again).
//
// An image names the build of its pack (the build id, new at every
// import), so one left by an earlier build is written again. An image is
// written to a temporary file that is synced and renamed over the name,
// so a reader sees a whole image or none. Where the pack's directory
// cannot be written (read-only media), the graphs are decoded onto the
// heap as before. Mappings are never unmapped: a graph's slices may live
// in answers after its pack closes, so unmapping could fault; a closed
// pack's mapping costs address space, and its image's disk space until
// the process exits when a newer build has replaced it.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"waymark/engine/route"
)

// imagePath is where the image of the pack's graph of profile p goes.
func imagePath(pack string, p route.Profile) string {
	return pack + "." + p.String() + ".graph"
}

// RemoveGraphImages removes the graph images beside the pack at path
// (the importer calls it when it replaces a pack, the catalog when it
// removes one). Processes that map them keep them until they exit.
func RemoveGraphImages(pack string) error {
	var errs []error
	for _, p := range route.Profiles {
		if err := os.Remove(imagePath(pack, p)); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("engine: remove graph images: %w", errors.Join(errs...))
	}
	return nil
}

// mappedGraph returns the graph of profile p from its image beside the
// pack, or nil when there is no image of this build (or it cannot be
// mapped or read).
func mappedGraph(pack, buildID string, p route.Profile) *route.Graph {
	data, err := mapImage(imagePath(pack, p))
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

// writeImage writes g's image beside the pack (temporary file, sync,
// rename) and returns the graph mapped from it; on any error it returns
// g itself and the error.
func writeImage(pack string, g *route.Graph) (*route.Graph, error) {
	if !imagesMapped {
		return g, nil
	}
	path := imagePath(pack, g.Profile())
	dir, base := filepath.Dir(path), filepath.Base(path) // "." for a pack named without a directory
	removeStaleTemps(dir, base)
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return g, fmt.Errorf("write graph image: %w", err)
	}
	tmp := f.Name()
	err = f.Chmod(0o644) // as readable as the pack: other users' servers share it
	if err == nil {
		err = g.WriteImage(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return g, fmt.Errorf("write graph image: %w", err)
	}
	if m := mappedGraph(pack, g.BuildID(), g.Profile()); m != nil {
		return m, nil
	}
	return g, fmt.Errorf("write graph image: %s does not read back", path)
}

// staleTemp is the age from which a temporary image file is taken for
// one a killed process left (a writer in progress keeps its file fresh).
const staleTemp = 10 * time.Minute

// removeStaleTemps removes the temporary files of base's image that
// processes killed while writing left in dir.
func removeStaleTemps(dir, base string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "."+base+".tmp") {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleTemp {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
