// Package testregions locates the shared OpenStreetMap extracts for
// integration tests and benchmarks. Outside CI a missing extract skips the
// test; with CI=true it fails it, as the project requires.
package testregions

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns the directory holding the shared extracts: $WAYMARK_REGIONS, or
// ../shared/regions beside the repository root.
func Dir() string {
	if d := os.Getenv("WAYMARK_REGIONS"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	return filepath.Join(root, "..", "shared", "regions")
}

// Extract returns the path of name's extract (e.g. "liechtenstein"), skipping
// tb when it is missing, or failing it when CI=true.
func Extract(tb testing.TB, name string) string {
	tb.Helper()
	p := filepath.Join(Dir(), name+".osm.pbf")
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("extract %s missing in CI: %v", name, err)
		}
		tb.Skipf("extract %s not available: %v", name, err)
	}
	return p
}
