package pack

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
// The images: the routing graphs (graphimage.go, NAME.waymark.PROFILE.graph),
// the autocomplete index (NAME.waymark.autocomplete), the nearby index
// (NAME.waymark.nearby) and the reverse index (NAME.waymark.reverse).

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

// completerImagePath, nearbyImagePath and reverseImagePath are where the
// images of the pack's autocomplete, nearby and reverse indexes go.
func completerImagePath(pack string) string { return pack + ".autocomplete" }
func nearbyImagePath(pack string) string    { return pack + ".nearby" }
func reverseImagePath(pack string) string   { return pack + ".reverse" }

// imagePaths lists the images a pack at path may have beside it.
func imagePaths(pack string) []string {
	paths := []string{completerImagePath(pack), nearbyImagePath(pack), reverseImagePath(pack)}
	for _, p := range route.Profiles {
		paths = append(paths, graphImagePath(pack, p))
	}
	return paths
}

// RemoveImages removes the images beside the pack at path, and the
// temporary files of interrupted writers (the importer calls it when it
// replaces a pack, the catalog when it removes one). Processes that map
// them keep them until they exit.
func RemoveImages(pack string) error {
	var errs []error
	for _, path := range CacheFiles(pack) {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("pack: remove images: %w", errors.Join(errs...))
	}
	return nil
}

// readImage reads what an image holds, and the pack build it is of.
type readImage[T any] func(data []byte) (T, string, error)

// mapped returns what read makes of the image at path, mapped, when it is
// one of build buildID; ok is false when there is none (or it cannot be
// mapped or read, or is of another build). The pages read's checks
// touched are given back (dropImagePages).
func mapped[T any](path, buildID string, read readImage[T]) (v T, ok bool) {
	if buildID == "" {
		return v, false
	}
	data, err := mapImage(path)
	if err != nil || data == nil {
		return v, false
	}
	v, id, err := read(data)
	if err != nil || id != buildID {
		unmapImage(data) // nothing refers to it yet
		var zero T
		return zero, false
	}
	dropImagePages(data) // what read's checks touched
	return v, true
}

// cached writes the image of v at path (write, for build buildID) and
// returns v mapped back from it; on any error it returns v itself and the
// error (v serves from the heap).
func cached[T any](path, buildID string, v T, write func(io.Writer, string) error, read readImage[T]) (T, error) {
	if !imagesMapped || buildID == "" {
		return v, nil
	}
	if err := writeImageFile(path, func(w io.Writer) error { return write(w, buildID) }); err != nil {
		return v, fmt.Errorf("write image %s: %w", filepath.Base(path), err)
	}
	if m, ok := mapped(path, buildID, read); ok {
		return m, nil
	}
	return v, fmt.Errorf("write image: %s does not read back", path)
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
