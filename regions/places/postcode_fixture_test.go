package places_test

import (
	"testing"
)

// postcodeFormatFixture is a corner of Andorra, whose postcodes are AD
// and three digits: one house tagged in the country's form, one in a
// short form, one with a code Andorra's post does not issue, a POI
// inheriting that code from its building.
const postcodeFormatFixture = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="42.40" lon="1.40"/><node id="2" lat="42.40" lon="1.80"/>
 <node id="3" lat="42.70" lon="1.80"/><node id="4" lat="42.70" lon="1.40"/>
 <way id="100"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
 <relation id="100"><member type="way" ref="100" role="outer"/>
  <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="2"/>
  <tag k="name" v="Andorra"/><tag k="ISO3166-1" v="AD"/></relation>
 <node id="10" lat="42.507" lon="1.519"/><node id="11" lat="42.507" lon="1.525"/>
 <way id="10"><nd ref="10"/><nd ref="11"/><tag k="highway" v="residential"/><tag k="name" v="Carrer Major"/></way>
 <node id="20" lat="42.5071" lon="1.5200"><tag k="addr:housenumber" v="1"/><tag k="addr:street" v="Carrer Major"/><tag k="addr:postcode" v="AD500"/></node>
 <node id="21" lat="42.5071" lon="1.5210"><tag k="addr:housenumber" v="2"/><tag k="addr:street" v="Carrer Major"/><tag k="addr:postcode" v="500"/></node>
 <node id="22" lat="42.5071" lon="1.5220"><tag k="addr:housenumber" v="3"/><tag k="addr:street" v="Carrer Major"/><tag k="addr:postcode" v="09999"/></node>
 <node id="30" lat="42.5072" lon="1.5230"/><node id="31" lat="42.5072" lon="1.5234"/>
 <node id="32" lat="42.5075" lon="1.5234"/><node id="33" lat="42.5075" lon="1.5230"/>
 <way id="30"><nd ref="30"/><nd ref="31"/><nd ref="32"/><nd ref="33"/><nd ref="30"/>
  <tag k="building" v="yes"/><tag k="addr:housenumber" v="4"/><tag k="addr:street" v="Carrer Major"/><tag k="addr:postcode" v="09999"/></way>
 <node id="34" lat="42.5073" lon="1.5232"><tag k="amenity" v="post_office"/><tag k="name" v="Correus"/></node>
</osm>`

// A tagged postcode is kept only when it is one of its country's, in the
// country's form; another code is no postcode (no centroid, not shown;
// the place gets the nearest) but stays a search term of its own place.
func TestPlacesFixturePostcodeFormats(t *testing.T) {
	db, _ := buildPlacesFixture(t, postcodeFormatFixture)
	var codes []string
	rows, err := db.Query(`SELECT postcode || ':' || count FROM postcodes ORDER BY postcode`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		rows.Scan(&s)
		codes = append(codes, s)
	}
	rows.Close()
	if len(codes) != 1 || codes[0] != "AD500:2" {
		t.Errorf("postcode centroids = %v, want [AD500:2] (09999 is not Andorran)", codes)
	}
	for _, tc := range []struct {
		typ  string
		id   int64
		want string
	}{
		{"N", 20, "AD500"},
		{"N", 21, "AD500"}, // "500" in the country's form
		{"N", 22, "AD500"}, // 09999 dropped: the nearest centroid's
		{"W", 30, "AD500"},
		{"N", 34, "AD500"}, // the POI does not inherit 09999 from its building
	} {
		if got := onePlace(t, db, tc.typ, tc.id).postcode; got != tc.want {
			t.Errorf("%s%d postcode = %q, want %q", tc.typ, tc.id, got, tc.want)
		}
	}
	for _, tc := range []struct {
		match string
		want  int
	}{
		{`address: 09999`, 2},                   // house 3 and the building keep their own code as a search term
		{`address: 09999 AND name: correus`, 0}, // the POI did not inherit it
		{`address: ad500`, 6},                   // the four houses, the POI and the street
	} {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM search_name WHERE search_name MATCH ?`, tc.match).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != tc.want {
			t.Errorf("search_name MATCH %q: %d rows, want %d", tc.match, n, tc.want)
		}
	}
}
