package geocode_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"waymark/engine/geocode"
	"waymark/regions"
)

// TestSharedNamesStayApart: places with equal names share one decoded map
// while a search scores them (records); every result still gets its own.
func TestSharedNamesStayApart(t *testing.T) {
	osm := `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="47.01" lon="9.01"><tag k="amenity" v="restaurant"/><tag k="name" v="Zum Löwen"/><tag k="name:fr" v="Au Lion"/></node>
 <node id="2" lat="47.20" lon="9.20"><tag k="amenity" v="restaurant"/><tag k="name" v="Zum Löwen"/><tag k="name:fr" v="Au Lion"/></node>
</osm>`
	dir := t.TempDir()
	in, out := filepath.Join(dir, "lions.osm"), filepath.Join(dir, "lions.waymark")
	if err := os.WriteFile(in, []byte(osm), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := regions.Build(context.Background(), in, out, regions.Options{Stages: []regions.Stage{regions.PlacesStage()}}); err != nil {
		t.Fatal(err)
	}
	res, err := openTempIndex(t, out).Search(context.Background(), geocode.Request{Query: "Zum Löwen"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 || res[0].Names["name:fr"] != "Au Lion" || res[1].Names["name:fr"] != "Au Lion" {
		t.Fatalf("Search(Zum Löwen) = %+v, want both restaurants with their names", res)
	}
	res[0].Names["name:fr"] = "changed"
	if res[1].Names["name:fr"] != "Au Lion" {
		t.Errorf("changing one result's names changed the other's")
	}
}
