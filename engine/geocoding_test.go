package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine"
	"waymark/engine/geocode"
	"waymark/regions"
)

// twoTowns writes an OSM fixture with one named town node and a restaurant.
func twoTownsPack(t *testing.T, name string, lat, lon string) string {
	t.Helper()
	osm := `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="` + lat + `" lon="` + lon + `"><tag k="place" v="town"/><tag k="name" v="` + name + `"/></node>
 <node id="2" lat="` + lat + `" lon="` + lon + `1"><tag k="amenity" v="restaurant"/><tag k="name" v="Zur Post"/></node>
</osm>`
	dir := t.TempDir()
	in := filepath.Join(dir, name+".osm")
	if err := os.WriteFile(in, []byte(osm), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, name+".waymark")
	if _, err := regions.Build(context.Background(), in, out, regions.Options{Stages: []regions.Stage{regions.PlacesStage()}}); err != nil {
		t.Fatalf("build %s: %v", name, err)
	}
	return out
}

func TestGeocodingAcrossPacks(t *testing.T) {
	a := twoTownsPack(t, "Alphadorf", "47.00", "9.00")
	b := twoTownsPack(t, "Betastadt", "46.00", "8.00")
	e, err := engine.Open(a, b)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()

	res, err := e.Search(ctx, engine.SearchRequest{Query: "Betastadt"})
	if err != nil || len(res) == 0 {
		t.Fatalf("Search(Betastadt) = %v, %v", res, err)
	}
	if pk, _ := engine.SplitPlaceID(res[0].PlaceID); pk != 1 || res[0].Name != "Betastadt" {
		t.Errorf("Search(Betastadt)[0] = pack %d %q, want pack 1 Betastadt", pk, res[0].Name)
	}
	p, err := e.PlaceByID(ctx, res[0].PlaceID, geocode.Output{})
	if err != nil || p.Name != "Betastadt" {
		t.Errorf("PlaceByID(%d) = %v, %v", res[0].PlaceID, p, err)
	}

	both, err := e.Search(ctx, engine.SearchRequest{Query: "Zur Post"})
	if err != nil || len(both) != 2 {
		t.Fatalf("Search(Zur Post) = %d results, %v; want one per pack", len(both), err)
	}
	excl, err := e.Search(ctx, engine.SearchRequest{Query: "Zur Post", Exclude: map[int64]bool{both[0].PlaceID: true}})
	if err != nil || len(excl) != 1 || excl[0].PlaceID == both[0].PlaceID {
		t.Errorf("Search excluding %d = %v, %v", both[0].PlaceID, excl, err)
	}

	rev, err := e.Reverse(ctx, engine.ReverseRequest{Point: orb.Point{8.00001, 46.0}, Zoom: 18})
	if err != nil || rev.Name != "Zur Post" {
		t.Errorf("Reverse near Betastadt = %+v, %v; want Zur Post", rev, err)
	}
	if pk, _ := engine.SplitPlaceID(rev.PlaceID); pk != 1 {
		t.Errorf("Reverse place id %d is not from pack 1", rev.PlaceID)
	}
	if _, err := e.Reverse(ctx, engine.ReverseRequest{Point: orb.Point{-60, -60}, Zoom: 18}); err != engine.ErrNotFound {
		t.Errorf("Reverse far away err = %v, want ErrNotFound", err)
	}

	got, err := e.Lookup(ctx, []geocode.OSMRef{{Type: 'N', ID: 1}, {Type: 'N', ID: 99}}, geocode.Output{})
	if err != nil || len(got) != 1 || got[0].Name != "Alphadorf" {
		t.Errorf("Lookup(N1, N99) = %v, %v; want Alphadorf from the first pack", got, err)
	}

	if _, err := e.SearchStructured(ctx, engine.SearchRequest{}); err == nil {
		t.Error("SearchStructured without fields: no error")
	}
	if _, err := e.SearchPostalcode(ctx, engine.SearchRequest{}); err == nil {
		t.Error("SearchPostalcode without postalcode: no error")
	}
	if _, err := e.Search(ctx, engine.SearchRequest{Query: "x", City: "y"}); err == nil {
		t.Error("Search with q and city: no error")
	}
}
