package catalog

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"

	"waymark/engine/pack"
	"waymark/regions/extract"
	"waymark/regions/packwrite"
	"waymark/regions/stage"
)

// PackExt is the file extension of region packs.
const PackExt = ".waymark"

// ErrBadName is returned for region names that are not a plain file name.
var ErrBadName = errors.New("regions: region name must be letters, digits, '-', '_' or '.'")

var nameRE = regexp.MustCompile(`^[\p{L}\p{Nd}][\p{L}\p{Nd}._-]*$`)

// Catalog is the set of installed region packs: the *.waymark files of one
// directory. It holds no state besides the directory, so several windows
// or processes see the same packs.
type Catalog struct {
	Dir string
}

// Entry is one installed pack.
type Entry struct {
	Name string
	Path string
	Size int64 // bytes of the pack file
	// Caches is the bytes of the caches beside it (pack.DiskUse):
	// the region takes Size + Caches on disk, and Remove frees both.
	Caches  int64
	ModTime time.Time
	Info    pack.Info // zero when the pack could not be opened
	Err     error     // why the pack could not be opened, if it could not
}

// DefaultDir returns the per-user packs directory: $XDG_DATA_HOME/waymark/packs
// (~/.local/share/waymark/packs) on Linux, the user config dir elsewhere.
func DefaultDir() (string, error) {
	if runtime.GOOS == "linux" || runtime.GOOS == "freebsd" {
		if d := os.Getenv("XDG_DATA_HOME"); d != "" {
			return filepath.Join(d, "waymark", "packs"), nil
		}
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("regions: packs directory: %w", err)
		}
		return filepath.Join(home, ".local", "share", "waymark", "packs"), nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("regions: packs directory: %w", err)
	}
	return filepath.Join(d, "waymark", "packs"), nil
}

// List returns the installed packs sorted by name, with their meta read.
// A file that is not a valid pack is listed with Err set.
func (c Catalog) List() ([]Entry, error) {
	ents, err := os.ReadDir(c.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("regions: list packs: %w", err)
	}
	var out []Entry
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), PackExt) || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		en := Entry{Name: strings.TrimSuffix(e.Name(), PackExt), Path: filepath.Join(c.Dir, e.Name()), Size: fi.Size(), ModTime: fi.ModTime()}
		en.Info, en.Err = pack.ReadInfo(en.Path)
		_, en.Caches, _ = pack.DiskUse(en.Path)
		out = append(out, en)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Path returns where the pack of the named region lives (or would live).
func (c Catalog) Path(name string) (string, error) {
	if !nameRE.MatchString(name) || strings.Contains(name, "..") {
		return "", fmt.Errorf("%w: %q", ErrBadName, name)
	}
	return filepath.Join(c.Dir, name+PackExt), nil
}

// Install builds a pack from the extract at src into the catalog, named
// after the extract unless name is given. It replaces an existing pack of
// that name atomically: a failed or cancelled import keeps the old one.
func (c Catalog) Install(ctx context.Context, src, name string, progress extract.Progress) (*stage.Summary, string, error) {
	return c.InstallAll(ctx, []string{src}, name, progress)
}

// InstallAll is Install for several extracts merged into one pack (see
// BuildAll); the default name joins the extracts' names with "-".
func (c Catalog) InstallAll(ctx context.Context, srcs []string, name string, progress extract.Progress) (*stage.Summary, string, error) {
	if len(srcs) == 0 {
		return nil, "", errors.New("regions: no extract to install")
	}
	if name == "" {
		names := make([]string, len(srcs))
		for i, s := range srcs {
			names[i] = packwrite.RegionName(s)
		}
		name = strings.Join(names, "-")
	}
	out, err := c.Path(name)
	if err != nil {
		return nil, "", err
	}
	sum, err := packwrite.BuildAll(ctx, srcs, out, packwrite.Options{Progress: progress, Name: name})
	if err != nil {
		return nil, "", err
	}
	return sum, out, nil
}

// Remove deletes the named pack and the caches beside it
// (pack.RemoveImages). Removing a pack that is not installed is not an
// error.
func (c Catalog) Remove(name string) error {
	p, err := c.Path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("regions: remove pack: %w", err)
	}
	if err := pack.RemoveImages(p); err != nil {
		return fmt.Errorf("regions: remove pack: %w", err)
	}
	return nil
}
