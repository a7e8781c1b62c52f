package regions

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stageOrder is the import's packages in stage order: each may import only
// packages before it (and regions/internal/...), never a later one; package
// regions, the public face, comes after all of them.
var stageOrder = []string{"extract", "stage", "polygon", "places", "features", "roads", "packwrite", "catalog"}

// TestStageLayout reads the imports of every package under regions/ (its
// code and its in-package tests; external tests may build packs through a
// later stage) and fails when one imports a later stage or package regions,
// or when a package is missing from stageOrder.
func TestStageLayout(t *testing.T) {
	const prefix = "waymark/regions/"
	ctx := build.Default
	ctx.BuildTags = append(ctx.BuildTags, "sqlite_fts5")
	es, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range es {
		if e.IsDir() && e.Name() != "testdata" && e.Name() != "internal" {
			dirs = append(dirs, e.Name())
		}
	}
	for _, dir := range dirs {
		if !slices.Contains(stageOrder, dir) {
			t.Errorf("package regions/%s is not in stageOrder: place it in the stage order", dir)
		}
	}
	for i, name := range stageOrder {
		p, err := ctx.ImportDir(filepath.Join(".", name), 0)
		if err != nil {
			t.Errorf("regions/%s: %v", name, err)
			continue
		}
		for _, imp := range slices.Concat(p.Imports, p.TestImports) {
			if imp == "waymark/regions" {
				t.Errorf("regions/%s imports package regions, the public face on top", name)
				continue
			}
			dep, ok := strings.CutPrefix(imp, prefix)
			if !ok || strings.HasPrefix(dep, "internal/") {
				continue
			}
			if j := slices.Index(stageOrder, dep); j < 0 || j >= i {
				t.Errorf("regions/%s imports %s, which is not an earlier stage (order %v)", name, imp, stageOrder)
			}
		}
	}
}
