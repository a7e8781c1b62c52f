package geocode_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paulmach/orb"

	"waymark/engine/geocode"
	"waymark/engine/pack"
	"waymark/regions"
)

// fixtureOSM is a small town: a country and a town boundary, a place
// node, two streets, houses, a restaurant and an interpolation way.
const fixtureOSM = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="47.00" lon="9.00"/>
 <node id="2" lat="47.00" lon="9.10"/>
 <node id="3" lat="47.10" lon="9.10"/>
 <node id="4" lat="47.10" lon="9.00"/>
 <node id="5" lat="47.02" lon="9.02"/>
 <node id="6" lat="47.02" lon="9.08"/>
 <node id="7" lat="47.08" lon="9.08"/>
 <node id="8" lat="47.08" lon="9.02"/>
 <node id="10" lat="47.05" lon="9.05"><tag k="place" v="town"/><tag k="name" v="Musterstadt"/><tag k="name:fr" v="Villemodèle"/></node>
 <node id="20" lat="47.050" lon="9.040"/>
 <node id="21" lat="47.050" lon="9.060"/>
 <node id="22" lat="47.040" lon="9.050"/>
 <node id="23" lat="47.060" lon="9.050"/>
 <node id="30" lat="47.0502" lon="9.0420"><tag k="addr:street" v="Hauptstraße"/><tag k="addr:housenumber" v="1"/><tag k="addr:postcode" v="1234"/></node>
 <node id="31" lat="47.0502" lon="9.0440"><tag k="addr:street" v="Hauptstraße"/><tag k="addr:housenumber" v="3"/><tag k="addr:postcode" v="1234"/></node>
 <node id="32" lat="47.0498" lon="9.0500"><tag k="addr:street" v="Hauptstraße"/><tag k="addr:housenumber" v="10"/><tag k="addr:postcode" v="1234"/></node>
 <node id="33" lat="47.0498" lon="9.0580"><tag k="addr:street" v="Hauptstraße"/><tag k="addr:housenumber" v="20"/><tag k="addr:postcode" v="1234"/></node>
 <node id="34" lat="47.0550" lon="9.0502"><tag k="amenity" v="restaurant"/><tag k="name" v="Zum Löwen"/><tag k="addr:street" v="Kirchgasse"/><tag k="addr:housenumber" v="7"/><tag k="cuisine" v="regional"/></node>
 <way id="100"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
 <way id="101"><nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="8"/><nd ref="5"/></way>
 <way id="110"><nd ref="20"/><nd ref="21"/><tag k="highway" v="residential"/><tag k="name" v="Hauptstraße"/></way>
 <way id="111"><nd ref="22"/><nd ref="23"/><tag k="highway" v="residential"/><tag k="name" v="Kirchgasse"/></way>
 <way id="120"><nd ref="32"/><nd ref="33"/><tag k="addr:interpolation" v="even"/></way>
 <relation id="200"><member type="way" ref="100" role="outer"/><tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="2"/><tag k="name" v="Testland"/><tag k="name:de" v="Probeland"/><tag k="ISO3166-1:alpha2" v="LI"/></relation>
 <relation id="201"><member type="way" ref="101" role="outer"/><member type="node" ref="10" role="label"/><tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/><tag k="name" v="Musterstadt"/></relation>
</osm>`

// fixtureIndex builds the fixture pack (places stage only) and opens it.
func fixtureIndex(t *testing.T) *geocode.Index {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "fixture.osm")
	if err := os.WriteFile(in, []byte(fixtureOSM), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fixture.waymark")
	if _, err := regions.Build(context.Background(), in, out, regions.Options{Stages: []regions.Stage{regions.PlacesStage()}}); err != nil {
		t.Fatalf("build fixture pack: %v", err)
	}
	return openTempIndex(t, out)
}

// openTempIndex opens the geocoding index of a pack the test made, closed
// when the test ends (openIndex keeps its packs open for the binary).
func openTempIndex(t testing.TB, path string) *geocode.Index {
	t.Helper()
	pk, err := pack.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pk.Close() })
	ix, err := geocode.Open(context.Background(), packDB(t, pk))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

func TestFixture(t *testing.T) {
	ix := fixtureIndex(t)
	ctx := context.Background()
	search := []struct {
		name string
		req  geocode.Request
		want func(p geocode.Place) bool
		desc string
	}{
		{"town", geocode.Request{Query: "Musterstadt"}, func(p geocode.Place) bool {
			return p.Name == "Musterstadt" && p.AddressType == "town" && p.CountryCode == "li"
		}, "the town"},
		{"house", geocode.Request{Query: "Hauptstrasse 3, Musterstadt"}, func(p geocode.Place) bool {
			return p.HouseNumber == "3" && strings.HasPrefix(p.DisplayName, "3, Hauptstraße, Musterstadt")
		}, "Hauptstraße 3"},
		{"abbreviated street", geocode.Request{Query: "Hauptstr. 1"}, func(p geocode.Place) bool { return p.HouseNumber == "1" }, "house 1"},
		{"interpolated", geocode.Request{Query: "Hauptstraße 14"}, func(p geocode.Place) bool {
			return p.HouseNumber == "14" && p.Interpolated
		}, "interpolated 14"},
		{"poi transliterated", geocode.Request{Query: "Zum Loewen"}, func(p geocode.Place) bool { return p.Class == "amenity" }, "the restaurant"},
		{"category", geocode.Request{Query: "restaurants in Musterstadt"}, func(p geocode.Place) bool { return p.Name == "Zum Löwen" }, "the restaurant"},
		{"postcode", geocode.Request{Postalcode: "1234"}, func(p geocode.Place) bool { return p.Type == "postcode" && p.Postcode == "1234" }, "postcode 1234"},
		{"language", geocode.Request{Query: "Musterstadt", Output: geocode.Output{Languages: []string{"fr", "de"}}}, func(p geocode.Place) bool {
			return p.DisplayName == "Villemodèle, 1234, Probeland" || strings.HasPrefix(p.DisplayName, "Villemodèle") && strings.HasSuffix(p.DisplayName, "Probeland")
		}, "French town, German country"},
	}
	for _, tc := range search {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ix.Search(ctx, tc.req)
			if err != nil || len(res) == 0 {
				t.Fatalf("Search(%+v) = %d results, %v; want %s", tc.req, len(res), err, tc.desc)
			}
			if !tc.want(res[0]) {
				t.Errorf("Search(%q)[0] = %s/%s %q, want %s", tc.req.Query, res[0].Class, res[0].Type, res[0].DisplayName, tc.desc)
			}
		})
	}
	reverse := []struct {
		zoom int
		want func(p *geocode.Place) bool
		desc string
	}{
		{18, func(p *geocode.Place) bool { return p.HouseNumber == "3" }, "house 3"},
		{16, func(p *geocode.Place) bool { return p.Name == "Hauptstraße" }, "the street"},
		{10, func(p *geocode.Place) bool { return p.Name == "Musterstadt" }, "the town"},
		{3, func(p *geocode.Place) bool { return p.Name == "Testland" }, "the country"},
	}
	for _, tc := range reverse {
		p, err := ix.Reverse(ctx, geocode.ReverseRequest{Point: orb.Point{9.04405, 47.05025}, Zoom: tc.zoom})
		if err != nil || !tc.want(p) {
			t.Errorf("Reverse zoom %d = %+v, %v; want %s", tc.zoom, p, err, tc.desc)
		}
	}
	res, err := ix.Lookup(ctx, []geocode.OSMRef{{Type: 'N', ID: 34}, {Type: 'R', ID: 201}}, geocode.Output{ExtraTags: true})
	if err != nil || len(res) != 2 || res[0].ExtraTags["cuisine"] != "regional" || res[1].Name != "Musterstadt" {
		t.Errorf("Lookup(N34, R201) = %+v, %v", res, err)
	}
}
