package engine

// Images beside a pack: caches of what opening a pack would otherwise
// decode onto the heap, laid out as they are in memory (package flat) and
// mapped read-only. Each image names the build of its pack (the build id,
// new at every import), so one left by an earlier build is written again.
// An image is written to a temporary file that is synced and renamed over
// the name, so a reader sees a whole image or none. Where the pack's
// directory cannot be written (read-only media), what the image would hold
// is decoded onto the heap each time instead. Mappings are never
// unmapped: what a query keeps may point into one after its pack closes;
// a closed pack's mapping costs address space, and its image's disk space
// until the process exits when a newer build has replaced it.
//
// The images: the routing graphs (graphimage.go, NAME.waymark.PROFILE.graph)
// and the autocomplete index (completerimage.go, NAME.waymark.autocomplete).

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"waymark/engine/route"
)

// imagePaths lists the images a pack at path may have beside it.
func imagePaths(pack string) []string {
	paths := []string{completerImagePath(pack)}
	for _, p := range route.Profiles {
		paths = append(paths, graphImagePath(pack, p))
	}
	return paths
}

// RemoveImages removes the images beside the pack at path (the importer
// calls it when it replaces a pack, the catalog when it removes one).
// Processes that map them keep them until they exit.
func RemoveImages(pack string) error {
	var errs []error
	for _, path := range imagePaths(pack) {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("engine: remove images: %w", errors.Join(errs...))
	}
	return nil
}

// writeImageFile writes an image to path with write (temporary file,
// sync, rename).
func writeImageFile(path string, write func(io.Writer) error) error {
	dir, base := filepath.Dir(path), filepath.Base(path) // "." for a pack named without a directory
	removeStaleTemps(dir, base)
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = f.Chmod(0o644) // as readable as the pack: other users' servers share it
	if err == nil {
		err = write(f)
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
	}
	return err
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
