package catalog

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"waymark/regions/internal/fixture"
	"waymark/regions/packwrite"
	"waymark/regions/stage"
)

func TestCatalog(t *testing.T) {
	c := Catalog{Dir: filepath.Join(t.TempDir(), "packs")}
	if ents, err := c.List(); err != nil || len(ents) != 0 {
		t.Fatalf("List on missing dir = %v, %v; want empty, nil", ents, err)
	}
	src := fixture.Write(t, fixture.OSM)
	// Install with no stages would need Options; use Build directly through Install's path logic.
	out, err := c.Path("alpha")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := packwrite.Build(context.Background(), src, out, packwrite.Options{Stages: []stage.Stage{}}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(c.Dir, "broken.waymark"), []byte("not sqlite"), 0o644)
	os.WriteFile(filepath.Join(c.Dir, "notes.txt"), []byte("x"), 0o644)
	ents, err := c.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 2 || ents[0].Name != "alpha" || ents[0].Err != nil || ents[0].Info.Name != "alpha" || ents[1].Err == nil {
		t.Fatalf("List = %+v", ents)
	}
	// as the engine leaves beside a pack it opened, and a writer interrupted
	images := []string{out + ".walking.graph", out + ".autocomplete", filepath.Join(c.Dir, ".alpha.waymark.nearby.tmp42")}
	for _, image := range images {
		os.WriteFile(image, []byte("image"), 0o644)
	}
	if ents, err := c.List(); err != nil || len(ents) != 2 || ents[0].Caches != 3*5 {
		t.Errorf("List with images = %+v, %v; want the 2 packs, alpha's caches 15 bytes", ents, err)
	}
	if err := c.Remove("alpha"); err != nil {
		t.Fatal(err)
	}
	for _, image := range images {
		if _, err := os.Stat(image); !os.IsNotExist(err) {
			t.Errorf("Remove left the pack's image %s (%v)", image, err)
		}
	}
	if err := c.Remove("alpha"); err != nil {
		t.Errorf("second Remove = %v, want nil", err)
	}
	for _, bad := range []string{"", "../x", "a/b", ".hidden"} {
		if _, err := c.Path(bad); !errors.Is(err, ErrBadName) {
			t.Errorf("Path(%q) err = %v, want ErrBadName", bad, err)
		}
	}
}
