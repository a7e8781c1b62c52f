// places_test.go tests the places stage on OSM XML fixtures written by the
// tests: the rows, ranks, links, address lines, interpolations, postcodes
// and search tables it writes, and its survival of broken tagging.

package places_test

import (
	"database/sql"
	"math"
	"strings"
	"testing"

	"waymark/regions/internal/stagefixture"
	"waymark/regions/places"
	"waymark/regions/stage"
)

// placesFixture is a small country "Testland" with the municipality Dorf
// (boundary relation of two outer ways with a hole that is the enclave
// Nachbar, labelled by the village node Dorf), a hamlet, the street
// Hauptstrasse split in two ways, Kirchweg, houses (one with the
// abbreviation "Hauptstr."), an even interpolation 10..20, a postal_code
// boundary 9998, POIs, a broken multipolygon and a broken boundary.
const placesFixture = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="47.00" lon="9.40"/><node id="2" lat="47.00" lon="9.70"/>
 <node id="3" lat="47.30" lon="9.70"/><node id="4" lat="47.30" lon="9.40"/>
 <way id="100"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
 <relation id="100"><member type="way" ref="100" role="outer"/>
  <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="2"/>
  <tag k="name" v="Testland"/><tag k="name:en" v="Testland"/><tag k="ISO3166-1" v="LI"/></relation>

 <node id="11" lat="47.10" lon="9.50"/><node id="12" lat="47.10" lon="9.56"/>
 <node id="13" lat="47.16" lon="9.56"/><node id="14" lat="47.16" lon="9.50"/>
 <way id="200"><nd ref="11"/><nd ref="12"/><nd ref="13"/></way>
 <way id="201"><nd ref="13"/><nd ref="14"/><nd ref="11"/></way>
 <node id="21" lat="47.104" lon="9.504"/><node id="22" lat="47.104" lon="9.51"/>
 <node id="23" lat="47.11" lon="9.51"/><node id="24" lat="47.11" lon="9.504"/>
 <way id="202"><nd ref="21"/><nd ref="22"/><nd ref="23"/><nd ref="24"/><nd ref="21"/></way>
 <node id="200" lat="47.13" lon="9.53"><tag k="place" v="village"/><tag k="name" v="Dorf"/>
  <tag k="name:en" v="Village"/><tag k="alt_name" v="Dörfli"/><tag k="old_name" v="Altdorf"/>
  <tag k="population" v="1234"/><tag k="wikidata" v="Q1"/></node>
 <relation id="200"><member type="way" ref="200" role="outer"/><member type="way" ref="201" role="outer"/>
  <member type="way" ref="202" role="inner"/><member type="node" ref="200" role="label"/>
  <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/>
  <tag k="name" v="Dorf"/><tag k="ISO3166-2" v="LI-01"/></relation>
 <relation id="300"><member type="way" ref="202" role="outer"/>
  <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/>
  <tag k="name" v="Nachbar"/></relation>
 <node id="210" lat="47.15" lon="9.545"><tag k="place" v="hamlet"/><tag k="name" v="Weiler"/></node>
 <node id="211" lat="47.1505" lon="9.5455"><tag k="place" v="neighbourhood"/><tag k="name" v="Quartier"/></node>
 <node id="212" lat="47.1201" lon="9.526"><tag k="place" v="locality"/><tag k="name" v="Flur"/></node>

 <node id="31" lat="47.12" lon="9.52"/><node id="32" lat="47.12" lon="9.53"/><node id="33" lat="47.12" lon="9.54"/>
 <way id="300"><nd ref="31"/><nd ref="32"/><tag k="highway" v="residential"/><tag k="name" v="Hauptstrasse"/></way>
 <way id="301"><nd ref="32"/><nd ref="33"/><tag k="highway" v="residential"/><tag k="name" v="Hauptstrasse"/></way>
 <node id="34" lat="47.125" lon="9.535"/><node id="35" lat="47.14" lon="9.535"/>
 <way id="302"><nd ref="34"/><nd ref="35"/><tag k="highway" v="residential"/><tag k="name" v="Kirchweg"/></way>

 <node id="400" lat="47.1202" lon="9.5205"><tag k="addr:housenumber" v="1"/><tag k="addr:street" v="Hauptstrasse"/><tag k="addr:postcode" v="9999"/></node>
 <node id="41" lat="47.1204" lon="9.5318"/>
 <node id="43" lat="47.1208" lon="9.5322"/><node id="44" lat="47.1208" lon="9.5318"/>
 <way id="400"><nd ref="41"/><nd ref="606"/><nd ref="43"/><nd ref="44"/><nd ref="41"/>
  <tag k="building" v="yes"/><tag k="addr:housenumber" v="7"/><tag k="addr:street" v="Hauptstr."/><tag k="addr:postcode" v="9999"/></way>
 <node id="401" lat="47.135" lon="9.5352"><tag k="addr:housenumber" v="3"/><tag k="addr:street" v="Kirchweg"/></node>
 <node id="402" lat="47.107" lon="9.507"><tag k="addr:housenumber" v="5"/><tag k="addr:place" v="Nachbar"/></node>

 <node id="403" lat="47.13" lon="9.5355"><tag k="addr:housenumber" v="9"/></node>
 <relation id="403"><member type="way" ref="300" role="street"/><member type="node" ref="403" role="house"/>
  <tag k="type" v="associatedStreet"/><tag k="name" v="Hauptstrasse"/></relation>
 <node id="404" lat="47.1301" lon="9.5355"><tag k="addr:housenumber" v="4"/><tag k="addr:place" v="Nirgendwo"/></node>
 <node id="410" lat="47.1198" lon="9.522"><tag k="addr:housenumber" v="10"/><tag k="addr:street" v="Hauptstrasse"/></node>
 <node id="412" lat="47.1198" lon="9.525"/>
 <node id="411" lat="47.1198" lon="9.528"><tag k="addr:housenumber" v="20"/><tag k="addr:street" v="Hauptstrasse"/></node>
 <way id="410"><nd ref="410"/><nd ref="412"/><nd ref="411"/><tag k="addr:interpolation" v="even"/></way>

 <node id="51" lat="47.13" lon="9.53"/><node id="52" lat="47.13" lon="9.56"/>
 <node id="53" lat="47.16" lon="9.56"/><node id="54" lat="47.16" lon="9.53"/>
 <way id="500"><nd ref="51"/><nd ref="52"/><nd ref="53"/><nd ref="54"/><nd ref="51"/></way>
 <relation id="500"><member type="way" ref="500" role="outer"/>
  <tag k="type" v="boundary"/><tag k="boundary" v="postal_code"/><tag k="postal_code" v="9998"/></relation>

 <node id="600" lat="47.1203" lon="9.531"><tag k="amenity" v="restaurant"/><tag k="name" v="Zum Löwen"/>
  <tag k="website" v="https://example.org"/><tag k="source" v="survey"/></node>
 <node id="602" lat="47.1206" lon="9.536"><tag k="amenity" v="restaurant"/><tag k="tourism" v="hotel"/><tag k="name" v="Hotel Post"/></node>
 <node id="606" lat="47.1204" lon="9.5322"><tag k="shop" v="bakery"/><tag k="name" v="Eckbeck"/></node>
 <node id="605" lat="47.1206" lon="9.532"><tag k="amenity" v="cafe"/><tag k="name" v="Café Sieben"/></node>
 <node id="603" lat="47.1207" lon="9.537"><tag k="amenity" v="bench"/></node>
 <node id="604" lat="47.1207" lon="9.538"><tag k="place" v="hamlet"/></node>

 <node id="71" lat="47.14" lon="9.51"/><node id="72" lat="47.14" lon="9.52"/><node id="73" lat="47.15" lon="9.52"/>
 <way id="700"><nd ref="71"/><nd ref="72"/><nd ref="73"/></way>
 <relation id="700"><member type="way" ref="700" role="outer"/><member type="way" ref="999" role="outer"/>
  <tag k="type" v="multipolygon"/><tag k="landuse" v="forest"/><tag k="name" v="Wald"/></relation>
 <relation id="701"><member type="way" ref="700" role="outer"/>
  <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="10"/><tag k="name" v="Kaputt"/></relation>
</osm>`

// buildPlacesFixture builds a places-only pack from body and opens it.
func buildPlacesFixture(t *testing.T, body string) (*sql.DB, *stage.Summary) {
	t.Helper()
	return stagefixture.Build(t, body, places.PlacesStage())
}

// placeRow is the subset of places columns the tests look at.
type placeRow struct {
	id                      int64
	class, typ, name        string
	names, extratags        string
	housenumber, postcode   string
	country                 string
	rankSearch, rankAddress int
	importance              float64
	parent, linked          int64
	lat, lon                float64
}

func queryPlaces(t *testing.T, db *sql.DB, where string, args ...any) []placeRow {
	t.Helper()
	rows, err := db.Query(`SELECT place_id, class, type, name, names, extratags, housenumber, postcode, country_code,
		rank_search, rank_address, importance, parent_place_id, linked_place_id, lat, lon FROM places WHERE `+where+` ORDER BY place_id`, args...)
	if err != nil {
		t.Fatalf("query %q: %v", where, err)
	}
	defer rows.Close()
	var out []placeRow
	for rows.Next() {
		var p placeRow
		if err := rows.Scan(&p.id, &p.class, &p.typ, &p.name, &p.names, &p.extratags, &p.housenumber, &p.postcode,
			&p.country, &p.rankSearch, &p.rankAddress, &p.importance, &p.parent, &p.linked, &p.lat, &p.lon); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func onePlace(t *testing.T, db *sql.DB, osmType string, osmID int64) placeRow {
	t.Helper()
	ps := queryPlaces(t, db, "osm_type = ? AND osm_id = ?", osmType, osmID)
	if len(ps) != 1 {
		t.Fatalf("places %s%d: got %d rows, want 1", osmType, osmID, len(ps))
	}
	return ps[0]
}

// addressRows is the isaddress rows of place ?1 with those it inherits
// from its street (the query of place_addressline's doc).
const addressRows = `(SELECT address_place_id, rank_address FROM place_addressline WHERE place_id = ?1 AND isaddress
	UNION ALL
	SELECT b.address_place_id, b.rank_address FROM place_addressline h
	JOIN place_addressline b ON b.place_id = h.address_place_id
	WHERE h.place_id = ?1 AND h.inherits AND b.isaddress AND b.rank_address < h.rank_address)`

// addressOf returns "rank:name" of the isaddress lines of place id, by rank.
func addressOf(t *testing.T, db *sql.DB, id int64) []string {
	t.Helper()
	rows, err := db.Query(`SELECT a.rank_address, p.name FROM `+addressRows+` a JOIN places p ON p.place_id = a.address_place_id
		ORDER BY a.rank_address DESC`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var r int
		var n string
		rows.Scan(&r, &n)
		out = append(out, strings.Join([]string{itoa(r), n}, ":"))
	}
	return out
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}

func TestPlacesFixtureRows(t *testing.T) {
	db, sum := buildPlacesFixture(t, placesFixture)

	dorf := onePlace(t, db, "R", 200)
	village := onePlace(t, db, "N", 200)
	street := onePlace(t, db, "W", 300)
	street2 := onePlace(t, db, "W", 301)
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"boundary Dorf rank_address (from linked village)", dorf.rankAddress, 16},
		{"boundary Dorf rank_search", dorf.rankSearch, 16},
		{"boundary Dorf class", dorf.class + "/" + dorf.typ, "boundary/administrative"},
		{"boundary Dorf country", dorf.country, "li"},
		{"village node linked to the boundary", village.linked, dorf.id},
		{"boundary takes the label's names", strings.Contains(dorf.names, `"name:en":"Village"`), true},
		{"boundary keeps ISO3166-2", strings.Contains(dorf.extratags, `"ISO3166-2":"LI-01"`), true},
		{"boundary marks linked_place", strings.Contains(dorf.extratags, `"linked_place":"village"`), true},
		{"boundary centroid is the label node", [2]float64{dorf.lat, dorf.lon}, [2]float64{47.13, 9.53}},
		{"Hauptstrasse kept as two ways", street.name + "|" + street2.name, "Hauptstrasse|Hauptstrasse"},
		{"street rank", street.rankAddress, 26},
		{"street parent is its highest-rank address part", street.parent, dorf.id},
		{"street address (no locality, hamlet too far)", strings.Join(addressOf(t, db, street.id), ","), "16:Dorf,4:Testland"},
		{"neighbourhood within the hamlet's fuzzy area", strings.Join(addressOf(t, db, onePlace(t, db, "N", 211).id), ","), "20:Weiler,16:Dorf,4:Testland"},
		{"unnamed place node skipped", len(queryPlaces(t, db, "osm_type='N' AND osm_id=604")), 0},
		{"bench imported without name", len(queryPlaces(t, db, "osm_type='N' AND osm_id=603 AND class='amenity' AND type='bench'")), 1},
		{"node with two main tags gives two rows", len(queryPlaces(t, db, "osm_type='N' AND osm_id=602")), 2},
		{"broken boundary skipped", len(queryPlaces(t, db, "osm_type='R' AND osm_id=701")), 0},
		{"broken multipolygon kept as point", len(queryPlaces(t, db, "osm_type='R' AND osm_id=700 AND class='landuse'")), 1},
		{"broken rings counted", sum.Counts["broken rings"] >= 2, true},
		{"problems name the relation", strings.Contains(strings.Join(sum.Problems, "\n"), "relation 700"), true},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	// Hamlet Weiler lies inside Dorf: its address is Dorf, Testland.
	weiler := onePlace(t, db, "N", 210)
	if got := strings.Join(addressOf(t, db, weiler.id), ","); got != "16:Dorf,4:Testland" {
		t.Errorf("hamlet address = %s, want 16:Dorf,4:Testland", got)
	}
}

func TestPlacesFixtureAddresses(t *testing.T) {
	db, _ := buildPlacesFixture(t, placesFixture)
	w300 := onePlace(t, db, "W", 300).id
	w301 := onePlace(t, db, "W", 301).id
	kirchweg := onePlace(t, db, "W", 302).id
	nachbar := onePlace(t, db, "R", 300).id
	tests := []struct {
		name       string
		osmType    string
		osmID      int64
		wantParent int64
		wantAddr   string
		wantPC     string
	}{
		{"node house on first street way", "N", 400, w300, "26:Hauptstrasse,16:Dorf,4:Testland", "9999"},
		{"building with abbreviated street", "W", 400, w301, "26:Hauptstrasse,16:Dorf,4:Testland", "9999"},
		{"house in postal area", "N", 401, kirchweg, "26:Kirchweg,16:Dorf,4:Testland", "9998"},
		{"house in the hole (enclave) by addr:place", "N", 402, nachbar, "16:Nachbar,4:Testland", ""},
		{"associatedStreet beats the nearer street", "N", 403, w300, "26:Hauptstrasse,16:Dorf,4:Testland", ""},
		{"unknown addr:place keeps its areas", "N", 404, 0, "16:Dorf,4:Testland", ""},
		{"POI in a building inherits its address", "N", 605, w301, "26:Hauptstrasse,16:Dorf,4:Testland", "9999"},
		{"restaurant parent is nearest street", "N", 600, w301, "26:Hauptstrasse,16:Dorf,4:Testland", ""},
	}
	for _, tc := range tests {
		p := onePlace(t, db, tc.osmType, tc.osmID)
		if p.parent != tc.wantParent {
			t.Errorf("%s: parent = %d, want %d", tc.name, p.parent, tc.wantParent)
		}
		if got := strings.Join(addressOf(t, db, p.id), ","); got != tc.wantAddr {
			t.Errorf("%s: address = %s, want %s", tc.name, got, tc.wantAddr)
		}
		if tc.wantPC != "" && p.postcode != tc.wantPC {
			t.Errorf("%s: postcode = %q, want %q", tc.name, p.postcode, tc.wantPC)
		}
	}
	if cafe := onePlace(t, db, "N", 605); cafe.housenumber != "7" {
		t.Errorf("cafe in building: housenumber %q, want 7 (inherited)", cafe.housenumber)
	}
	if shop := onePlace(t, db, "N", 606); shop.housenumber != "7" {
		t.Errorf("shop on the building outline: housenumber %q, want 7 (inherited)", shop.housenumber)
	}
	poi := onePlace(t, db, "N", 600)
	if poi.class != "amenity" || poi.typ != "restaurant" || !strings.Contains(poi.extratags, "example.org") || strings.Contains(poi.extratags, "survey") {
		t.Errorf("restaurant = %s/%s extratags %s; want amenity/restaurant with website, without source", poi.class, poi.typ, poi.extratags)
	}
}

func TestPlacesFixtureInterpolation(t *testing.T) {
	db, _ := buildPlacesFixture(t, placesFixture)
	ps := queryPlaces(t, db, "osm_type='W' AND osm_id=410 AND interpolated=1")
	var got []string
	for i, p := range ps {
		got = append(got, p.housenumber)
		if p.class != "place" || p.typ != "house" || p.rankAddress != 30 {
			t.Errorf("interpolated %s: %s/%s rank %d, want place/house 30", p.housenumber, p.class, p.typ, p.rankAddress)
		}
		wantLon := 9.522 + 0.006*float64(i+1)/5 // 12,14,16,18 at 1/5..4/5 of 10..20
		if math.Abs(p.lon-wantLon) > 1e-5 || math.Abs(p.lat-47.1198) > 1e-6 {
			t.Errorf("interpolated %s at %.6f,%.6f, want %.6f,47.1198", p.housenumber, p.lat, p.lon, wantLon)
		}
		if p.parent != onePlace(t, db, "W", 300).id {
			t.Errorf("interpolated %s: parent %d, want Hauptstrasse W300", p.housenumber, p.parent)
		}
	}
	if strings.Join(got, ",") != "12,14,16,18" {
		t.Errorf("interpolated numbers = %v, want 12,14,16,18", got)
	}
}

func TestPlacesFixturePostcodes(t *testing.T) {
	db, _ := buildPlacesFixture(t, placesFixture)
	type pc struct {
		code    string
		count   int
		hasArea bool
		lat     float64
		lon     float64
	}
	rows, err := db.Query(`SELECT postcode, count, area_place_id != 0, lat, lon FROM postcodes ORDER BY postcode`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []pc
	for rows.Next() {
		var p pc
		rows.Scan(&p.code, &p.count, &p.hasArea, &p.lat, &p.lon)
		got = append(got, p)
	}
	want := []pc{
		{"9998", 0, true, 47.145, 9.545},
		{"9999", 2, false, (47.1202 + 47.1206) / 2, (9.5205 + 9.532) / 2},
	}
	if len(got) != len(want) {
		t.Fatalf("postcodes = %+v, want %+v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.code != w.code || g.count != w.count || g.hasArea != w.hasArea || math.Abs(g.lat-w.lat) > 1e-3 || math.Abs(g.lon-w.lon) > 1e-3 {
			t.Errorf("postcode %d = %+v, want %+v", i, g, w)
		}
	}
	rowsPC := queryPlaces(t, db, "class='place' AND type='postcode' AND postcode='9999'")
	if len(rowsPC) != 1 || rowsPC[0].rankSearch != 21 || rowsPC[0].rankAddress != 0 {
		t.Fatalf("postcode place row = %+v, want one with ranks 21/0", rowsPC)
	}
	if got := strings.Join(addressOf(t, db, rowsPC[0].id), ","); got != "16:Dorf,4:Testland" {
		t.Errorf("postcode 9999 address = %s, want 16:Dorf,4:Testland", got)
	}
}

func TestPlacesFixtureSearchTables(t *testing.T) {
	db, _ := buildPlacesFixture(t, placesFixture)
	tests := []struct {
		name  string
		query string
		arg   any
		want  int // rows at least
	}{
		{"street name", `SELECT count(*) FROM search_name WHERE search_name MATCH ?`, `name: hauptstrasse`, 2},
		{"abbreviation variant indexed", `SELECT count(*) FROM search_name WHERE search_name MATCH ?`, `name: hauptstr`, 2},
		{"house by number and street in address", `SELECT count(*) FROM search_name WHERE search_name MATCH ?`, `housenumber: 7 AND address: hauptstrasse`, 1},
		{"house with town in address (as the town's search_parent token)", `SELECT count(*) FROM search_name WHERE search_name MATCH
			'housenumber: 1 AND address: (' || (SELECT group_concat(token, ' OR ') FROM search_parent WHERE search_parent MATCH ?) || ')'`, `dorf`, 1},
		{"transliteration", `SELECT count(*) FROM search_name WHERE search_name MATCH ?`, `name: loewen`, 1},
		{"alt name", `SELECT count(*) FROM search_name WHERE search_name MATCH ?`, `name: dorfli`, 1},
		{"category words", `SELECT count(*) FROM search_name WHERE search_name MATCH ?`, `class_type: restaurant`, 2},
		{"prefix", `SELECT count(*) FROM search_name WHERE search_name MATCH ?`, `name: haupt*`, 2},
		{"rtree", `SELECT count(*) FROM places_rtree WHERE min_lon <= 9.531 AND max_lon >= 9.531 AND min_lat <= 47.1203 AND max_lat >= 47.1203 AND rank_search = ?`, 30, 1},
		{"address areas", `SELECT count(*) FROM address_areas WHERE class = ?`, `boundary`, 4},
		{"countries", `SELECT count(*) FROM countries WHERE country_code = ?`, `li`, 1},
	}
	for _, tc := range tests {
		var n int
		if err := db.QueryRow(tc.query, tc.arg).Scan(&n); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if n < tc.want {
			t.Errorf("%s: %d rows, want at least %d", tc.name, n, tc.want)
		}
	}
	// Linked rows are not searchable.
	village := onePlace(t, db, "N", 200)
	var n int
	db.QueryRow(`SELECT count(*) FROM search_name WHERE rowid = ?`, village.id).Scan(&n)
	if n != 0 {
		t.Errorf("linked village node is in search_name")
	}
}

// placesHostileFixture holds tagging errors the import must survive:
// self-referencing relations, single-node ways, missing members, an
// unclosed "closed" area, bad admin levels and postcodes, interpolation
// ways with unusable numbers, objects far outside any country.
const placesHostileFixture = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="10" lon="10"><tag k="place" v="city"/><tag k="name" v="Alone"/><tag k="population" v="lots"/></node>
 <node id="2" lat="10.001" lon="10.001"><tag k="addr:housenumber" v="1-3;5"/><tag k="addr:street" v="Nowhere Road"/><tag k="addr:postcode" v="1234, 5678"/></node>
 <node id="3" lat="10.002" lon="10.002"><tag k="addr:housenumber" v="99999999"/></node>
 <node id="4" lat="10.003" lon="10.002"><tag k="addr:housenumber" v="x"/></node>
 <way id="1"><nd ref="1"/><tag k="highway" v="residential"/><tag k="name" v="Dot"/></way>
 <way id="2"><nd ref="3"/><nd ref="4"/><tag k="addr:interpolation" v="odd"/></way>
 <way id="3"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="77"/><nd ref="1"/><tag k="building" v="yes"/><tag k="name" v="Ghost"/></way>
 <way id="4"><nd ref="1"/><nd ref="2"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="banana"/><tag k="name" v="Line"/></way>
 <relation id="1"><member type="relation" ref="1" role="outer"/><member type="way" ref="404" role="outer"/>
  <tag k="type" v="multipolygon"/><tag k="landuse" v="forest"/><tag k="name" v="Loop"/></relation>
 <relation id="2"><member type="way" ref="1" role="outer"/>
  <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="2"/><tag k="ISO3166-1" v="ZZZ"/><tag k="name" v="Nope"/></relation>
 <relation id="3"><tag k="type" v="boundary"/><tag k="boundary" v="postal_code"/></relation>
 <relation id="4"><member type="way" ref="2" role="street"/><member type="node" ref="999" role="house"/><tag k="type" v="associatedStreet"/></relation>
</osm>`

func TestPlacesHostileFixture(t *testing.T) {
	db, sum := buildPlacesFixture(t, placesHostileFixture)
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM places`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("places: %d rows, %v", n, err)
	}
	if sum.ProblemCount == 0 {
		t.Errorf("no problems reported for broken relations")
	}
	checks := []struct {
		name  string
		query string
		want  int
	}{
		{"city without country kept", `SELECT count(*) FROM places WHERE name='Alone' AND country_code=''`, 1},
		{"postcode list ignored", `SELECT count(*) FROM postcodes`, 0},
		{"no interpolation from bad numbers", `SELECT count(*) FROM places WHERE interpolated=1`, 0},
		{"linear boundary skipped", `SELECT count(*) FROM places WHERE name='Line'`, 0},
		{"unassembled country skipped", `SELECT count(*) FROM places WHERE name='Nope'`, 0},
		{"house with odd number kept", `SELECT count(*) FROM places WHERE housenumber='1-3;5'`, 1},
	}
	for _, c := range checks {
		var got int
		if err := db.QueryRow(c.query).Scan(&got); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
