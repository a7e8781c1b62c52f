package testpacks

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"waymark/internal/testregions"
	"waymark/regions"
)

// ScaledName is the sub-benchmark name of the scaled pack ("li-x16").
func ScaledName() string { return fmt.Sprintf("li-x%d", scaleN()) }

// Scaled returns a country-sized pack for benchmarks: the LI extract tiled
// $WAYMARK_SCALE_N times (default 16) by ../shared/tools/tile_extract.py,
// imported with the current code. It skips tb unless WAYMARK_SCALE=1,
// since making and importing the extract takes minutes (`make test` never
// sets it). Files go to $WAYMARK_SCALE_DIR (make: var/scale) and are
// reused: the extract always, the pack when it is newer than the extract
// and WAYMARK_SCALE_REUSE=1.
func Scaled(tb testing.TB) string {
	tb.Helper()
	if os.Getenv("WAYMARK_SCALE") != "1" {
		tb.Skip("WAYMARK_SCALE=1 builds and benchmarks a tiled country-sized pack")
	}
	n := scaleN()
	dir := os.Getenv("WAYMARK_SCALE_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "waymark-scale")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	pbf := filepath.Join(dir, fmt.Sprintf("li-x%d.osm.pbf", n))
	pack := filepath.Join(dir, fmt.Sprintf("li-x%d.waymark", n))
	src := testregions.Extract(tb, "liechtenstein")
	b := onceShared(pack, func() (string, error) {
		if _, err := os.Stat(pbf); err != nil {
			tool := filepath.Join(filepath.Dir(testregions.Dir()), "tools", "tile_extract.py")
			out, err := exec.Command("/usr/bin/python3", tool, src, pbf, strconv.Itoa(n)).CombinedOutput()
			if err != nil {
				return "", fmt.Errorf("tile_extract.py ×%d: %v: %s", n, err, out)
			}
		}
		if os.Getenv("WAYMARK_SCALE_REUSE") == "1" && newer(pack, pbf) {
			return pack, nil
		}
		_, err := regions.Build(context.Background(), pbf, pack, regions.Options{})
		return pack, err
	})
	if b.err != nil {
		tb.Fatalf("scaled pack: %v", b.err)
	}
	return b.path
}

func scaleN() int {
	if n, err := strconv.Atoi(os.Getenv("WAYMARK_SCALE_N")); err == nil && n > 0 {
		return n
	}
	return 16
}

// newer reports whether file a exists and is newer than b.
func newer(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && sa.ModTime().After(sb.ModTime())
}
