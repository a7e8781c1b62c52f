package testpacks

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"waymark/internal/testregions"
	"waymark/regions"
)

// Tiles returns the packs of n tiles of LI, each imported alone: the LI
// extract tiled n times by ../shared/tools/tile_extract.py (neighbouring
// copies joined by "Connector" roads), cut into one extract per copy by
// tile_cut.py (a connector goes, whole, to both copies it joins, so
// neighbouring packs share its nodes), each imported with the current
// code. It needs /usr/bin/python3 with python3-pyosmium (make
// bench-scale installs it) and skips tb without (fails it with CI=true).
// Files go to $WAYMARK_TEST_PACKS/tiles-N, the packs reused there while
// newer than that directory's LI pack (make testpacks rebuilds it), or to
// a temporary directory.
func Tiles(tb testing.TB, n int) []string {
	tb.Helper()
	dir, fresh := tilesDir(tb, n)
	b := onceShared(fmt.Sprintf("tiles-%d", n), func() (string, error) {
		if err := tiledExtract(dir, n); err != nil {
			return "", err
		}
		if err := cutTiles(dir, n); err != nil {
			return "", err
		}
		for k := 0; k < n; k++ {
			pack := tilePath(dir, k)
			if fresh(pack) {
				continue
			}
			pbf := filepath.Join(dir, fmt.Sprintf("tile%d.osm.pbf", k))
			if _, err := regions.Build(context.Background(), pbf, pack, regions.Options{Name: fmt.Sprintf("tile%d", k)}); err != nil {
				return "", fmt.Errorf("import tile %d: %w", k, err)
			}
		}
		return dir, nil
	})
	if b.err != nil {
		tb.Fatalf("LI tiles: %v", b.err)
	}
	paths := make([]string, n)
	for k := range paths {
		paths[k] = tilePath(b.path, k)
	}
	return paths
}

// TiledWhole returns the pack of the tiled extract Tiles cuts, imported
// whole (the reference of routes across the tiles).
func TiledWhole(tb testing.TB, n int) string {
	tb.Helper()
	dir, fresh := tilesDir(tb, n)
	b := onceShared(fmt.Sprintf("tiles-%d-whole", n), func() (string, error) {
		if err := tiledExtract(dir, n); err != nil {
			return "", err
		}
		pack := filepath.Join(dir, "whole.waymark")
		if fresh(pack) {
			return pack, nil
		}
		_, err := regions.Build(context.Background(), filepath.Join(dir, "tiled.osm.pbf"), pack, regions.Options{Name: "tiled"})
		return pack, err
	})
	if b.err != nil {
		tb.Fatalf("LI tiled whole: %v", b.err)
	}
	return b.path
}

func tilePath(dir string, k int) string { return filepath.Join(dir, fmt.Sprintf("tile%d.waymark", k)) }

// tilesDir returns where the tiles of n go, and whether a pack there is
// fresh; it skips tb without pyosmium.
func tilesDir(tb testing.TB, n int) (string, func(string) bool) {
	tb.Helper()
	if err := exec.Command("/usr/bin/python3", "-c", "import osmium").Run(); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("tiles need /usr/bin/python3 with python3-pyosmium: %v", err)
		}
		tb.Skipf("tiles need /usr/bin/python3 with python3-pyosmium (make bench-scale installs it): %v", err)
	}
	src := testregions.Extract(tb, "liechtenstein")
	if d := os.Getenv("WAYMARK_TEST_PACKS"); d != "" {
		ref := filepath.Join(d, "liechtenstein.waymark")
		if !exists(ref) {
			ref = src
		}
		return filepath.Join(d, fmt.Sprintf("tiles-%d", n)), func(p string) bool { return newer(p, ref) }
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("waymark-tiles-%d", n)), func(string) bool { return false }
}

// tiledExtract makes dir/tiled.osm.pbf, the LI extract tiled n times,
// unless it is there.
func tiledExtract(dir string, n int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	pbf := filepath.Join(dir, "tiled.osm.pbf")
	if exists(pbf) {
		return nil
	}
	tool := filepath.Join(filepath.Dir(testregions.Dir()), "tools", "tile_extract.py")
	src := filepath.Join(testregions.Dir(), "liechtenstein.osm.pbf")
	tmp := filepath.Join(dir, "tiled.tmp.osm.pbf")
	if out, err := exec.Command("/usr/bin/python3", tool, src, tmp, strconv.Itoa(n)).CombinedOutput(); err != nil {
		return fmt.Errorf("tile_extract.py ×%d: %v: %s", n, err, out)
	}
	return os.Rename(tmp, pbf)
}

// cutTiles makes dir/tileK.osm.pbf, the extract of each copy of
// dir/tiled.osm.pbf, unless they are there.
func cutTiles(dir string, n int) error {
	missing := false
	for k := 0; k < n; k++ {
		missing = missing || !exists(filepath.Join(dir, fmt.Sprintf("tile%d.osm.pbf", k)))
	}
	if !missing {
		return nil
	}
	tmp, err := os.MkdirTemp(dir, "cut-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	script := filepath.Join(sourceDir(), "tile_cut.py")
	if out, err := exec.Command("/usr/bin/python3", script, filepath.Join(dir, "tiled.osm.pbf"), filepath.Join(tmp, "tile"), strconv.Itoa(n)).CombinedOutput(); err != nil {
		return fmt.Errorf("tile_cut.py: %v: %s", err, out)
	}
	for k := 0; k < n; k++ {
		name := fmt.Sprintf("tile%d.osm.pbf", k)
		if err := os.Rename(filepath.Join(tmp, name), filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}

// sourceDir is this package's directory (tile_cut.py lives there).
func sourceDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}
